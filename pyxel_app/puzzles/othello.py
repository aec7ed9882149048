"""Othello "Best move" at 10-16 empty squares: the exact endgame solver proves one move strictly
better than every other, by ``margin`` discs; then the game is played out against the exact
defence, and every move of the player's must keep the final score the best move promised
(``score``, the disc difference for the player with the empty squares going to the winner).
"""

from __future__ import annotations

from ..ai.cooperative import run_generator
from ..ai.memo import SlotTable
from ..ai.othello import EndgameSolver, bit_to_move, final_score
from ..rules.othello import PASS, RULES, Othello
from .context import Context, Proven
from .model import BEST_MOVE, Task

MIN_EMPTIES, MAX_EMPTIES = 10, 16

# Whether the proof shows that no other first move does the task (another is refused unsearched).
UNIQUE_FIRST = True


def proof_solver() -> EndgameSolver:
    """A solver with a table of its own: a proof's node count depends on the position alone."""
    solver = EndgameSolver()
    solver.table = SlotTable()
    return solver


def score_after(solver: EndgameSolver, after: Othello, low: int | None = None, high: int | None = None):
    """Generator: the final disc difference for the side that just moved into ``after``, both
    sides playing best (exact when it falls between ``low`` and ``high``, else a bound)."""
    if RULES.outcome(after) is not None:
        return final_score(after.other, after.own)
    bounds = {} if low is None else {"low": -high, "high": -low}
    score, _ = yield from solver.search(after.own, after.other, **bounds)
    return -score


def prove(state: Othello) -> Proven | None:
    """The puzzle of ``state``, if it is one: MIN_EMPTIES..MAX_EMPTIES empty squares, a choice of
    moves, one strictly best; the line plays the game out, both sides' solver's best."""
    if not MIN_EMPTIES <= state.empties <= MAX_EMPTIES or RULES.outcome(state) is not None:
        return None
    moves = RULES.legal_moves(state)
    if len(moves) < 2:
        return None
    solver = proof_solver()
    scores = sorted(((run_generator(score_after(solver, RULES.apply(state, move))), move) for move in moves),
                    key=lambda pair: -pair[0])
    (best_score, best), (second, _) = scores[0], scores[1]
    if best_score == second:
        return None
    line = [best]
    position = RULES.apply(state, best)
    while RULES.outcome(position) is None:
        move = run_generator(searched_move(solver, position))
        line.append(move)
        position = RULES.apply(position, move)
    texts = tuple(RULES.move_to_text(move) for move in line)
    return Proven(Task(BEST_MOVE, margin=best_score - second, score=best_score), texts, solver.nodes, len(texts))


def searched_move(solver: EndgameSolver, state: Othello):
    """Generator: the solver's best move in ``state`` (a pass when there is no square)."""
    if RULES.must_pass(state):
        return PASS
    _, bit = yield from solver.search(state.own, state.other)
    return bit_to_move(bit)


def solver(ctx: Context) -> EndgameSolver:
    return ctx.kept("solver", EndgameSolver)


def correct(ctx: Context, ply: int, state: Othello, move: int):
    if len(RULES.legal_moves(state)) == 1:
        return True
    target = ctx.puzzle.task.score
    score = yield from score_after(solver(ctx), RULES.apply(state, move), target - 1, target + 1)
    return score >= target


def reply(ctx: Context, ply: int, state: Othello):
    return (yield from searched_move(solver(ctx), state))


hint = reply


def done(ctx: Context, ply: int, state: Othello) -> bool:
    return RULES.outcome(state) is not None
