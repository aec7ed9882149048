"""Peg solitaire "Finish from here": a position of MIN_MARBLES..MAX_MARBLES marbles from which one
marble can still be left (on the board's centre when the task names it), proven by the solver,
with the fewest moves of any line (``par``, found breadth first: ``ai/pegs_moves.py``).

The player's jump is right while the goal can still be reached; finishing over par still
finishes (the par is the score to match).
"""

from __future__ import annotations

from ..ai.pegs import PegSearch, PegSolver
from ..ai.pegs_moves import fewest_moves
from ..rules.pegs import RULES, PegState, cell_name
from .context import Context, Proven
from .model import FINISH, Task

MIN_MARBLES, MAX_MARBLES = 8, 20

# Whether the proof shows that no other first move does the task (another is refused unsearched).
UNIQUE_FIRST = False


def prove(state: PegState, to_centre: bool) -> Proven | None:
    """The puzzle of ``state`` towards one marble (on the centre with ``to_centre``), if it is one."""
    if not MIN_MARBLES <= state.marble_count <= MAX_MARBLES or (to_centre and state.board.centre is None):
        return None
    search = PegSearch(PegSolver(state.board, to_centre), state)
    search.run_to_end()
    if not search.solvable:
        return None
    fewest = fewest_moves(state, to_centre)
    target = cell_name(state.board.centre) if to_centre else None
    texts = tuple(RULES.move_to_text(jump) for jump in fewest.jumps)
    return Proven(Task(FINISH, target=target, par=fewest.moves), texts, fewest.positions + search.solver.nodes,
                  fewest.moves)


def solver(ctx: Context) -> PegSolver:
    return ctx.kept("solver", lambda: PegSolver(ctx.start.board, ctx.puzzle.task.target is not None))


def finishes(solver: PegSolver, state: PegState):
    """Generator: whether one marble (on the goal's hole) can still be left from ``state``."""
    if RULES.outcome(state) is not None:
        return solver.is_goal(state.marbles)
    return (yield from solver.search(state)) is not None


def correct(ctx: Context, ply: int, state: PegState, move):
    return (yield from finishes(solver(ctx), RULES.apply(state, move)))


def reply(ctx: Context, ply: int, state: PegState):
    return None


def hint(ctx: Context, ply: int, state: PegState):
    line = yield from solver(ctx).search(state)
    return line[0] if line else None


def done(ctx: Context, ply: int, state: PegState) -> bool:
    return solver(ctx).is_goal(state.marbles)
