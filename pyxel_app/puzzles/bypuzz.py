"""ByPuzz "Par": a start whose optimal solution length (the par) IDA* has proven, to be slid
home in par moves.  In the 15-puzzle every slide takes the tiles one move nearer the goal or one
further, so a slide is right exactly when the goal is still par moves away counting it: one
bounded IDA* question (a single iteration at that length).
"""

from __future__ import annotations

from ..ai.fifteen import FifteenSearch, solution_steps
from ..rules.fifteen import RULES, Fifteen
from .context import Context, Proven
from .model import PAR, Task

MIN_PAR = 8

# Whether the proof shows that no other first move does the task (another is refused unsearched).
UNIQUE_FIRST = False


def prove(state: Fifteen) -> Proven | None:
    """The puzzle of ``state``: its par and an optimal line, from a fresh search."""
    search = FifteenSearch(state.tiles, state.goal)
    line = search.run()
    if len(line) < MIN_PAR:
        return None
    texts = tuple(RULES.move_to_text(tile) for tile in line)
    return Proven(Task(PAR, par=len(line)), texts, search.nodes, len(line))


def within(state: Fifteen, moves: int):
    """Generator: whether ``state`` reaches its goal in ``moves`` slides or fewer."""
    if state.tiles == state.goal:
        return True
    return (yield from solution_steps(state.tiles, state.goal, at_least=moves, at_most=moves)) is not None


def correct(ctx: Context, ply: int, state: Fifteen, move):
    return (yield from within(RULES.apply(state, move), ctx.puzzle.task.par - ply - 1))


def reply(ctx: Context, ply: int, state: Fifteen):
    return None


def hint(ctx: Context, ply: int, state: Fifteen):
    line = yield from solution_steps(state.tiles, state.goal)
    return line[0] if line else None


def done(ctx: Context, ply: int, state: Fifteen) -> bool:
    return state.tiles == state.goal
