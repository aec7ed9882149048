"""Connect 4 "Win in N": the side to move wins by force with its N-th stone from now at the
latest, and no faster win exists; then it plays against the exact solver, which holds out as
long as it can.

Scores are the solver's (Pons'): a win scores 22 less the stones the winner has played when
the four is made, so a deadline of stones is one score, the same in every position of the
game: ``target``.  A move still does the task when the other side, to move after it, scores at
most ``-target``: one null-window question to the solver.  The puzzle's first move is the only
one that wins in time.
"""

from __future__ import annotations

from ..ai.connect4 import Solver, new_table, position_of, shared_table
from ..ai.cooperative import run_generator
from ..rules.connect4 import CELLS, RULES, Connect4
from .context import Context, Proven
from .model import WIN_IN, Task

MIN_N, MAX_N = 2, 8
# The proof's own table (a prime number of slots): a fresh one per proof, so its node count
# depends on the position alone.
PROOF_TABLE = 131_071

# Whether the proof shows that no other first move does the task (another is refused unsearched).
UNIQUE_FIRST = True


def stones_of_mover(state: Connect4) -> int:
    """The stones the side to move has played."""
    return len(state.sequence) // 2


def win_score(stones: int) -> int:
    """The solver's score of a win made with the winner's ``stones``-th stone."""
    return (CELLS + 2) // 2 - stones


def holds(solver: Solver, after: Connect4, target: int):
    """Generator: whether the side that just moved, into ``after``, still wins scoring at least
    ``target`` (or has won)."""
    if RULES.outcome(after) is not None:
        return RULES.winner(after) is not None
    score, _ = yield from solver.search(*position_of(after), -target, -target + 1)
    return score <= -target


def prove(state: Connect4) -> Proven | None:
    """The puzzle of ``state``, if it is one: an exact win in MIN_N..MAX_N own stones reached by
    one first move only; the line is the solver's, both sides' best."""
    if RULES.outcome(state) is not None:
        return None
    solver = Solver(new_table(PROOF_TABLE))
    score, best = solver.solve(state)
    n = win_score(stones_of_mover(state)) - score if score > 0 else 0
    if not MIN_N <= n <= MAX_N:
        return None
    for move in RULES.legal_moves(state):
        if move != best and run_generator(holds(solver, RULES.apply(state, move), score)):
            return None
    line = []
    while RULES.outcome(state) is None:
        _, move = solver.solve(state)
        line.append(RULES.move_to_text(move))
        state = RULES.apply(state, move)
    return Proven(Task(WIN_IN, n=n), tuple(line), solver.nodes, len(line))


def target_of(ctx: Context) -> int:
    return win_score(stones_of_mover(ctx.start) + ctx.puzzle.task.n)


def solver(ctx: Context) -> Solver:
    """The attempt's solver, on the app's one table (made a slice at a time as it searches)."""
    return ctx.kept("solver", lambda: Solver(shared_table()))


def correct(ctx: Context, ply: int, state: Connect4, move: int):
    return (yield from holds(solver(ctx), RULES.apply(state, move), target_of(ctx)))


def reply(ctx: Context, ply: int, state: Connect4):
    """The solver's best move: for the defence the longest resistance, for the player (a hint)
    the fastest win."""
    _, move = yield from solver(ctx).search(*position_of(state))
    return move


hint = reply


def done(ctx: Context, ply: int, state: Connect4) -> bool:
    return RULES.winner(state) == RULES.to_move(ctx.start)
