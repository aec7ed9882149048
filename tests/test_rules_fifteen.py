"""Fifteen rules: moves, text formats, solvability, perft, random playouts."""

from __future__ import annotations

import doctest
import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyxel_app.rules import base, fifteen
from pyxel_app.rules.base import IllegalMoveError, NotationError
from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL, Fifteen, is_solvable

STANDARD_TEXT = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"


def test_doctests_pass():
    for module in (base, fifteen):
        failures, _ = doctest.testmod(module)
        assert failures == 0


def test_text_round_trip():
    state = RULES.state_from_text(STANDARD_TEXT)
    assert state.tiles == STANDARD_GOAL
    assert RULES.state_to_text(state) == STANDARD_TEXT
    assert RULES.outcome(state).reason == "solved"


@pytest.mark.parametrize(
    "text, message",
    [
        ("1,2,3", "needs 16 numbers"),
        ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15", "missing: 0"),
        ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,x", "'x' is not a whole number"),
        ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "missing: 0"),
    ],
)
def test_bad_positions_are_refused_with_a_clear_message(text, message):
    with pytest.raises(NotationError, match=message):
        RULES.state_from_text(text)


def test_up_moves_the_tile_below_the_gap():
    state = RULES.state_from_text("1,2,3,4,5,0,7,8,9,6,11,12,13,14,15,10")
    assert RULES.tile_for_direction(state, "up") == 6
    assert RULES.tile_for_direction(state, "down") == 2
    assert RULES.tile_for_direction(state, "left") == 7
    assert RULES.tile_for_direction(state, "right") == 5


def test_seed_table_of_allowed_fields():
    """The seed's E% table: field n (1-based) is reached from u, r, d, l (0 = not allowed)."""
    table = {
        1: (5, 0, 0, 2), 2: (6, 1, 0, 3), 3: (7, 2, 0, 4), 4: (8, 3, 0, 0),
        5: (9, 0, 1, 6), 6: (10, 5, 2, 7), 7: (11, 6, 3, 8), 8: (12, 7, 4, 0),
        9: (13, 0, 5, 10), 10: (14, 9, 6, 11), 11: (15, 10, 7, 12), 12: (16, 11, 8, 0),
        13: (0, 0, 9, 14), 14: (0, 13, 10, 15), 15: (0, 14, 11, 16), 16: (0, 15, 12, 0),
    }
    for field, sources in table.items():
        tiles = list(range(1, 17))
        tiles[field - 1] = 0
        # Each tile is numbered by its field (16 included), so the tile that moves names its field.
        state = Fifteen(tuple(tiles))
        for direction, source in zip(("up", "right", "down", "left"), sources):
            tile = RULES.tile_for_direction(state, direction)
            assert (tile or 0) == (source if source else 0), (field, direction)


def test_illegal_moves_raise_and_change_nothing():
    state = RULES.initial_state()
    with pytest.raises(IllegalMoveError, match="not next to the gap"):
        RULES.apply(state, 1)
    with pytest.raises(IllegalMoveError, match="no tile"):
        RULES.apply(state, 16)
    assert state.tiles == STANDARD_GOAL


def test_slide_path_lists_tiles_nearest_the_gap_first():
    state = RULES.initial_state()
    assert RULES.slide_path(state, 12) == [15, 14, 13]
    assert RULES.slide_path(state, 3) == [12, 8, 4]
    assert RULES.slide_path(state, 0) == []
    assert RULES.slide_path(state, 15) == []


def brute_force_perft(tiles, depth):
    if depth == 0:
        return 1
    gap = tiles.index(0)
    total = 0
    for cell in range(16):
        if abs(cell % 4 - gap % 4) + abs(cell // 4 - gap // 4) == 1:
            nxt = list(tiles)
            nxt[gap], nxt[cell] = nxt[cell], 0
            total += brute_force_perft(nxt, depth - 1)
    return total


@pytest.mark.parametrize("depth", range(0, 8))
def test_perft_matches_a_plain_count(depth):
    assert RULES.perft(RULES.initial_state(), depth) == brute_force_perft(list(STANDARD_GOAL), depth)


def test_perft_known_values():
    assert [RULES.perft(RULES.initial_state(), d) for d in range(1, 6)] == [2, 6, 18, 58, 186]


def test_solvability_matches_reachability_on_a_2x2_corner():
    """Exhaustively: on a board where only four cells move, parity says exactly what BFS reaches."""
    corner = (10, 11, 14, 15)
    reachable = set()
    frontier = [STANDARD_GOAL]
    while frontier:
        state = frontier.pop()
        if state in reachable:
            continue
        reachable.add(state)
        gap = state.index(0)
        for cell in corner:
            if cell != gap and abs(cell % 4 - gap % 4) + abs(cell // 4 - gap // 4) == 1:
                nxt = list(state)
                nxt[gap], nxt[cell] = nxt[cell], 0
                frontier.append(tuple(nxt))
    values = [STANDARD_GOAL[c] for c in corner]
    for arrangement in permutations(values):
        tiles = list(STANDARD_GOAL)
        for cell, value in zip(corner, arrangement):
            tiles[cell] = value
        tiles = tuple(tiles)
        if tiles in reachable:
            assert is_solvable(tiles)
    # Four cells in a cycle reach 12 of the 24 arrangements; parity must reject the other 12.
    assert len(reachable) == 12
    assert sum(is_solvable(tuple(STANDARD_GOAL[:10]) + (a[0], a[1]) + STANDARD_GOAL[12:14] + (a[2], a[3]))
               for a in permutations(values)) == 12


def test_swapping_two_tiles_is_unsolvable_for_any_goal():
    rng = random.Random(5)
    for _ in range(50):
        goal = list(range(16))
        rng.shuffle(goal)
        goal = tuple(goal)
        start = RULES.shuffled(goal, 40, rng).tiles
        assert is_solvable(start, goal)
        a, b = [i for i, t in enumerate(start) if t][:2]
        swapped = list(start)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        assert not is_solvable(tuple(swapped), goal)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=60))
def test_random_playouts_keep_invariants(seed, length):
    rng = random.Random(seed)
    state = RULES.initial_state()
    for _ in range(length):
        moves = RULES.legal_moves(state)
        assert 2 <= len(moves) <= 4
        before = state.tiles
        move = rng.choice(moves)
        nxt = RULES.apply(state, move)
        assert state.tiles == before  # apply never mutates
        assert RULES.state_from_text(RULES.state_to_text(nxt)) == nxt
        assert is_solvable(nxt.tiles)
        assert (RULES.outcome(nxt) is not None) == (nxt.tiles == STANDARD_GOAL)
        state = nxt
