import random
from collections import deque

import pytest

from pyxel_app.ai import fifteen as solver
from pyxel_app.rules.base import NotationError
from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL, Fifteen, is_solvable, neighbours

TRANSPOSED = tuple(STANDARD_GOAL[(i % 4) * 4 + i // 4] for i in range(16))
REVERSED = (0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
SNAKE = (1, 2, 3, 4, 8, 7, 6, 5, 9, 10, 11, 12, 0, 15, 14, 13)
SPIRAL = (1, 2, 3, 4, 12, 13, 14, 5, 11, 0, 15, 6, 10, 9, 8, 7)
GOALS = [STANDARD_GOAL, TRANSPOSED, REVERSED, SNAKE, SPIRAL]
BFS_DEPTH = 12
# Four easy instances of Korf's 100 (number, published optimal length, tiles), as in
# pyxel_app/bench/data/korf100.txt: test data of their own, so tests never import the bench.
KORF_EASY = (
    (12, 45, (1, 3, 5, 6, 0, 13, 14, 9, 11, 4, 8, 12, 10, 7, 15, 2)),
    (42, 42, (6, 1, 15, 8, 5, 10, 13, 0, 3, 4, 2, 7, 14, 9, 11, 12)),
    (55, 41, (5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3)),
    (79, 42, (1, 6, 10, 8, 14, 12, 4, 2, 13, 11, 3, 5, 9, 7, 15, 0)),
)


def goal_with_gap_at(cell: int, rng: random.Random) -> tuple[int, ...]:
    tiles = list(range(1, 16))
    rng.shuffle(tiles)
    tiles.insert(cell, 0)
    return tuple(tiles)


def distances_from(goal, depth: int) -> dict[tuple[int, ...], int]:
    """Plain breadth-first search from the goal: every position within ``depth`` slides."""
    distances = {goal: 0}
    queue = deque([goal])
    while queue:
        tiles = queue.popleft()
        d = distances[tiles]
        if d == depth:
            continue
        gap = tiles.index(0)
        for cell in neighbours(gap):
            moved = list(tiles)
            moved[gap], moved[cell] = moved[cell], 0
            moved = tuple(moved)
            if moved not in distances:
                distances[moved] = d + 1
                queue.append(moved)
    return distances


def replay(tiles, goal, moves) -> tuple[int, ...]:
    state = Fifteen(tuple(tiles), tuple(goal))
    for tile in moves:
        state = RULES.apply(state, tile)
    return state.tiles


@pytest.mark.parametrize("gap_cell", range(16))
def test_solver_matches_breadth_first_search_for_every_gap_cell(gap_cell):
    rng = random.Random(gap_cell)
    goals = [goal_with_gap_at(gap_cell, rng)] + [g for g in GOALS if g.index(0) == gap_cell]
    for goal in goals:
        distances = distances_from(goal, BFS_DEPTH)
        positions = rng.sample(sorted(distances), 12)
        positions += [RULES.shuffled(goal, n, rng).tiles for n in (BFS_DEPTH - 1, BFS_DEPTH)]
        for tiles in positions:
            moves = solver.solve(tiles, goal)
            assert len(moves) == distances[tiles]
            assert replay(tiles, goal, moves) == goal


def test_solved_position_needs_no_moves():
    assert solver.solve(SPIRAL, SPIRAL) == []
    assert solver.optimal_length(STANDARD_GOAL) == 0


@pytest.mark.parametrize("goal", GOALS)
def test_unsolvable_pairs_raise(goal):
    tiles = list(goal)
    a, b = [c for c in range(16) if tiles[c] != 0][:2]
    tiles[a], tiles[b] = tiles[b], tiles[a]
    assert not is_solvable(tuple(tiles), goal)
    with pytest.raises(NotationError, match="position cannot reach that goal"):
        solver.solve(tuple(tiles), goal)
    with pytest.raises(ValueError):
        solver.FifteenSearch(tuple(tiles), goal)


@pytest.mark.parametrize("goal, seed", [(STANDARD_GOAL, 5), (SPIRAL, 4)])
def test_stepping_with_tiny_budgets_gives_the_same_length(goal, seed):
    # Random positions whose search takes tens of thousands of nodes, yet well under a second.
    tiles = solver.random_solvable(goal, random.Random(seed))
    expected = solver.optimal_length(tiles, goal)
    search = solver.FifteenSearch(tiles, goal)
    steps = 0
    while not search.step(0.05):
        steps += 1
    assert search.length == expected
    assert replay(tiles, goal, search.solution) == goal
    assert steps >= search.nodes // solver.NODES_PER_YIELD > 1


def test_easy_korf_instances_reach_their_published_lengths():
    for number, published, tiles in KORF_EASY:
        moves = solver.solve(tiles)
        assert len(moves) == published, number
        assert replay(tiles, STANDARD_GOAL, moves) == STANDARD_GOAL


def test_lower_bound_never_exceeds_the_optimal_length():
    rng = random.Random(3)
    for goal in GOALS:
        for _ in range(5):
            tiles = RULES.shuffled(goal, 30, rng).tiles
            assert solver.lower_bound(tiles, goal) <= solver.optimal_length(tiles, goal)


def test_solve_text_formats():
    assert solver.solve_text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0") == "0"
    assert solver.solve_text("1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15") == "2 14 15"
    snake = ",".join(map(str, SNAKE))
    assert solver.solve_text("1,2,3,4,8,7,6,5,9,10,11,12,15,0,14,13", snake) == "1 15"


@pytest.mark.parametrize("position, goal, message", [
    ("1,2,3", None, "needs 16 numbers"),
    ("1,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", None, "exactly once"),
    ("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", None, "cannot reach that goal"),
    ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "0,1,2", "goal needs 16 numbers"),
])
def test_solve_text_rejects_bad_text(position, goal, message):
    with pytest.raises(NotationError, match=message):
        solver.solve_text(position, goal)


@pytest.mark.parametrize("lo, hi", [(10, 20), (25, 35)])
def test_positions_for_a_level_have_their_length_in_range(lo, hi):
    rng = random.Random(lo)
    for goal in (STANDARD_GOAL, SPIRAL):
        maker = solver.PositionMaker(goal, lo, hi, rng)
        tiles = maker.run()
        assert lo <= maker.length <= hi
        assert solver.optimal_length(tiles, goal) == maker.length
        assert len(maker.solution) == maker.length and replay(tiles, goal, maker.solution) == goal


def test_a_known_lower_bound_skips_the_shorter_lengths_and_keeps_the_answer():
    tiles = solver.random_position_at_distance(STANDARD_GOAL, 30, 35, random.Random(3))
    plain = solver.FifteenSearch(tiles)
    plain.run()
    # The par of a position one move away is at most one less: what ByPuzz knows after a move.
    helped = solver.FifteenSearch(tiles, at_least=plain.length - 1)
    helped.run()
    assert helped.length == plain.length and replay(tiles, STANDARD_GOAL, helped.solution) == STANDARD_GOAL
    assert helped.nodes < plain.nodes


def test_hard_positions_are_proven_far_by_their_lower_bound():
    rng = random.Random(45)
    tiles = solver.random_position_at_distance(SNAKE, 45, None, rng)
    assert is_solvable(tiles, SNAKE)
    assert solver.lower_bound(tiles, SNAKE) >= 45


def test_every_needed_table_is_packaged():
    solver.load_tables()
    for gap in range(16):
        for split in solver.partitions_for_gap(gap):
            cells = sorted(c for pattern in split for c in pattern)
            assert cells == [c for c in range(16) if c != gap]
