"""Peg solitaire's fewest moves: how few moves (an unbroken chain of jumps by one marble is one
move, as the game counts them) take a position to one marble, or to the centre.

Breadth first, a move at a time: level k holds the positions first reached after k moves.  A
move's chains are walked from every marble; a chain goes on from the hole it landed in, so the
walk remembers (position, landing hole) within a level, not the position alone: the same
position reached by another marble may go on differently.  Positions that the stored pagoda
functions prove lost (``ai/pegs.py``; English and French boards) are not expanded.  The first
level that holds a goal gives the exact fewest moves, and its line.

>>> from pyxel_app.rules.pegs import RULES
>>> answer = fewest_moves(RULES.state_from_text("o.oo/_o__/_o__"))
>>> answer.moves, [str(jump) for jump in answer.jumps]
(3, ['d1-b1', 'a1-c1', 'b3-b1', 'b1-d1'])
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..rules.pegs import Jump, PegState, all_jumps
from .pegs import pagoda_prover, reachable_ends


class Fewest(NamedTuple):
    """The fewest ``moves`` (None when no line reaches the goal), a line of ``jumps`` that takes
    that many, and the ``positions`` the search met (its cost)."""

    moves: int | None
    jumps: tuple[Jump, ...]
    positions: int


@lru_cache(maxsize=16)
def _jumps_from(board) -> tuple[dict[int, list], list]:
    """Per start bit, the board's jumps from there; and all of them: (jump, start, over, dest) bits."""
    by_start: dict[int, list] = {}
    every = list(all_jumps(board))
    for entry in every:
        by_start.setdefault(entry[1], []).append(entry)
    return by_start, every


def fewest_moves(state: PegState, to_centre: bool = False, most_positions: int | None = None) -> Fewest:
    """The fewest moves from ``state`` to one marble (on the board's centre with ``to_centre``);
    past ``most_positions`` met it gives up with ``moves`` None and the positions so far."""
    board = state.board
    target = 1 << board.index(board.centre) if to_centre else 0
    root = state.marbles

    def goal(marbles: int) -> bool:
        return marbles == target if target else marbles & (marbles - 1) == 0

    if goal(root):
        return Fewest(0, (), 1)
    ends = reachable_ends(state)
    if to_centre:
        ends = [end for end in ends if end == board.centre]
    lost = pagoda_prover(board, tuple(ends)) if ends else None
    by_start, every = _jumps_from(board)
    came_from: dict[int, tuple[int, tuple[Jump, ...]] | None] = {root: None}
    level, moves = [root], 0
    while level and (most_positions is None or len(came_from) <= most_positions):
        moves += 1
        following = []
        for marbles in level:
            walked = set()
            stack = [(marbles ^ start ^ over ^ dest, dest, (jump,)) for jump, start, over, dest in every
                     if marbles & start and marbles & over and not marbles & dest]
            while stack:
                position, landing, chain = stack.pop()
                if (position, landing) in walked:
                    continue
                walked.add((position, landing))
                if position not in came_from:
                    came_from[position] = (marbles, chain)
                    if goal(position):
                        return Fewest(moves, _line(came_from, position), len(came_from))
                    if lost is None or not lost(position):
                        following.append(position)
                for jump, start, over, dest in by_start.get(landing, ()):
                    if position & over and not position & dest:
                        stack.append((position ^ start ^ over ^ dest, dest, chain + (jump,)))
        level = following
    return Fewest(None, (), len(came_from))


def _line(came_from: dict, position: int) -> tuple[Jump, ...]:
    chains = []
    while came_from[position] is not None:
        position, chain = came_from[position]
        chains.append(chain)
    return tuple(jump for chain in reversed(chains) for jump in chain)
