"""The 15-puzzle on a 4x4 board: tiles 1-15 and one gap (0).

A state is the 16 cells row-major plus the goal arrangement it is played
towards, so ``outcome`` needs nothing else.  A move is the number of the tile
that slides into the gap.

>>> rules = FifteenRules()
>>> start = rules.state_from_text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
>>> sorted(rules.legal_moves(start))
[11, 14, 15]
>>> rules.outcome(rules.apply(start, 15)).reason
'solved'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .base import IllegalMoveError, NotationError, Outcome, Rules, parse_int_list
from .numbers import NumberError, parse_number

SIZE = 4
CELLS = SIZE * SIZE
GAP = 0
STANDARD_GOAL: tuple[int, ...] = tuple(range(1, CELLS)) + (GAP,)
GOAL_SEPARATOR = "/"
UP, RIGHT, DOWN, LEFT = "up", "right", "down", "left"
# A direction names where the tile moves: UP brings the tile below the gap up into it.
DIRECTION_OFFSETS = {UP: (0, 1), DOWN: (0, -1), LEFT: (1, 0), RIGHT: (-1, 0)}


@dataclass(frozen=True)
class Fifteen:
    tiles: tuple[int, ...]
    goal: tuple[int, ...] = STANDARD_GOAL

    @property
    def gap(self) -> int:
        return self.tiles.index(GAP)

    def cell_of(self, tile: int) -> int:
        return self.tiles.index(tile)


def neighbours(cell: int) -> list[int]:
    col, row = cell % SIZE, cell // SIZE
    result = []
    for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < SIZE and 0 <= r < SIZE:
            result.append(r * SIZE + c)
    return result


def check_arrangement(numbers: list[int] | tuple[int, ...], what: str = "position") -> tuple[int, ...]:
    if len(numbers) != CELLS:
        raise NotationError(f"a {what} needs {CELLS} numbers, got {len(numbers)}")
    if sorted(numbers) != list(range(CELLS)):
        missing = sorted(set(range(CELLS)) - set(numbers))
        raise NotationError(
            f"a {what} must hold each of 0-15 exactly once (missing: {', '.join(map(str, missing))})"
        )
    return tuple(numbers)


def arrangement_from_text(text: str, what: str = "position") -> tuple[int, ...]:
    return check_arrangement(parse_int_list(text), what)


def arrangement_to_text(numbers: tuple[int, ...]) -> str:
    return ",".join(map(str, numbers))


def _permutation_parity(numbers: tuple[int, ...]) -> int:
    seen = [False] * len(numbers)
    parity = 0
    for start in range(len(numbers)):
        length = 0
        cell = start
        while not seen[cell]:
            seen[cell] = True
            cell = numbers[cell]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


def is_solvable(tiles: tuple[int, ...], goal: tuple[int, ...] = STANDARD_GOAL) -> bool:
    """Every slide swaps the gap with a tile: one transposition and one step of the gap,
    so permutation parity and the gap's taxicab distance change parity together."""
    where_in_goal = {tile: cell for cell, tile in enumerate(goal)}
    relative = tuple(where_in_goal[tile] for tile in tiles)
    gap, goal_gap = tiles.index(GAP), goal.index(GAP)
    distance = abs(gap % SIZE - goal_gap % SIZE) + abs(gap // SIZE - goal_gap // SIZE)
    return _permutation_parity(relative) == distance & 1


class FifteenRules(Rules[Fifteen, int]):
    name = "fifteen"
    title = "ByPuzz"
    players = 1

    def initial_state(self, variant: str | None = None) -> Fifteen:
        self.check_variant(variant)
        return Fifteen(STANDARD_GOAL)

    def legal_moves(self, state: Fifteen) -> list[int]:
        return [state.tiles[cell] for cell in neighbours(state.gap)]

    def apply(self, state: Fifteen, move: int) -> Fifteen:
        if not isinstance(move, int) or not 1 <= move < CELLS:
            raise IllegalMoveError(f"there is no tile {move!r}")
        cell, gap = state.cell_of(move), state.gap
        if cell not in neighbours(gap):
            raise IllegalMoveError(f"tile {move} is not next to the gap")
        tiles = list(state.tiles)
        tiles[gap], tiles[cell] = move, GAP
        return Fifteen(tuple(tiles), state.goal)

    def outcome(self, state: Fifteen) -> Outcome | None:
        return Outcome(None, "solved") if state.tiles == state.goal else None

    def is_terminal(self, state: Fifteen) -> bool:
        """A sliding puzzle never blocks: reaching the goal does not end a perft count."""
        return False

    def state_to_text(self, state: Fifteen) -> str:
        """The tiles, then ``/`` and the goal when it is not the standard one, so the text
        restores the whole state (a solved board towards another goal stays solved)."""
        if state.goal == STANDARD_GOAL:
            return arrangement_to_text(state.tiles)
        return f"{arrangement_to_text(state.tiles)}{GOAL_SEPARATOR}{arrangement_to_text(state.goal)}"

    def state_from_text(self, text: str, variant: str | None = None) -> Fifteen:
        self.check_variant(variant)
        tiles, separator, goal = text.partition(GOAL_SEPARATOR)
        if not separator:
            return Fifteen(arrangement_from_text(tiles))
        return Fifteen(arrangement_from_text(tiles), arrangement_from_text(goal, "goal"))

    def move_from_text(self, state, text: str) -> int:
        try:
            return parse_number(text.strip(), 1, CELLS - 1)
        except NumberError:
            raise NotationError(f"{text.strip()[:12]!r} is not a tile number (1-{CELLS - 1})") from None

    # Helpers for the UI, in the player's words.

    def tile_for_direction(self, state: Fifteen, direction: str) -> int | None:
        """The tile that a direction key moves into the gap, or None at the edge."""
        dc, dr = DIRECTION_OFFSETS[direction]
        gap = state.gap
        col, row = gap % SIZE + dc, gap // SIZE + dr
        if 0 <= col < SIZE and 0 <= row < SIZE:
            return state.tiles[row * SIZE + col]
        return None

    def slide_path(self, state: Fifteen, cell: int) -> list[int]:
        """Tiles that move, nearest the gap first, when the tile at ``cell`` is pushed
        towards the gap along its row or column; empty when it is not in line with it."""
        gap = state.gap
        col, row, gcol, grow = cell % SIZE, cell // SIZE, gap % SIZE, gap // SIZE
        if cell == gap or (col != gcol and row != grow):
            return []
        step = (1 if cell > gap else -1) * (1 if row == grow else SIZE)
        return [state.tiles[c] for c in range(gap + step, cell + step, step)]

    def shuffled(self, goal: tuple[int, ...], moves: int, rng: random.Random) -> Fifteen:
        """A random walk of ``moves`` slides from the goal that never undoes its last slide."""
        state = Fifteen(goal, goal)
        last = None
        for _ in range(moves):
            choices = [tile for tile in self.legal_moves(state) if tile != last]
            last = rng.choice(choices)
            state = self.apply(state, last)
        return state


RULES = FifteenRules()
