import random
from pathlib import Path

import pytest

from pyxel_app.ai import connect4 as ai
from pyxel_app.rules.base import NotationError
from pyxel_app.rules.connect4 import RULES

# The public benchmark sets, read as test data (the bench code itself is never imported).
DATA = Path(ai.__file__).parent.parent / "bench" / "data"


def board(sequence: str):
    return RULES.state_from_text(sequence)


def primitive_choices(sequence: str, seeds: int = 40) -> set[int]:
    state = board(sequence)
    return {ai.primitive_move(state, random.Random(seed)) for seed in range(seeds)}


# Plain brute force, written independently of the bitboards: a 7x6 grid of lists.


def _grid(sequence: str) -> list[list[int]]:
    columns: list[list[int]] = [[] for _ in range(7)]
    for index, char in enumerate(sequence):
        columns[int(char) - 1].append(index % 2)
    return columns


def _makes_four(columns, x, player) -> bool:
    y = len(columns[x]) - 1

    def owner(cx, cy):
        if 0 <= cx < 7 and 0 <= cy < len(columns[cx]):
            return columns[cx][cy]
        return None

    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while owner(cx, cy) == player:
                count += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if count >= 4:
            return True
    return False


def brute_force_score(columns, moves: int) -> int:
    player = moves % 2
    best = None
    for x in range(7):
        if len(columns[x]) == 6:
            continue
        columns[x].append(player)
        if _makes_four(columns, x, player):
            score = (43 - moves) // 2
        elif moves + 1 == 42:
            score = 0
        else:
            score = -brute_force_score(columns, moves + 1)
        columns[x].pop()
        if best is None or score > best:
            best = score
    return best


def late_positions(count: int, empty_cells: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = RULES.initial_state()
        while len(state.sequence) < 42 - empty_cells and RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        if RULES.outcome(state) is None:
            found.append(RULES.state_to_text(state))
    return found


def test_primitive_wins_when_it_can():
    # X to move with three on the bottom row; it also ignores O's unreachable threat above.
    assert primitive_choices("112233") == {3}


def test_primitive_blocks_an_immediate_win():
    assert primitive_choices("11223") == {3}


def test_primitive_prefers_winning_to_blocking():
    # Both sides have three on a row; X (to move) takes the win in column D.
    assert primitive_choices("1122335") == {3}


def test_primitive_does_not_give_a_win_on_top():
    # X threatens (3|1); dropping into column D would let X complete it.
    choices = primitive_choices("2113273", seeds=80)
    assert 3 not in choices
    assert len(choices) > 1


def test_primitive_falls_back_to_a_random_column():
    # The only open column hands the opponent a win on top: it must still be played.
    assert primitive_choices("11322415265635752362112137537537666774") == {3}
    assert primitive_choices("") == set(range(7))


def test_primitive_refuses_a_finished_game():
    with pytest.raises(ValueError):
        ai.primitive_move(board("1212121"), random.Random(0))


def test_solver_agrees_with_brute_force_on_late_positions():
    for sequence in late_positions(20, 8, seed=11):
        expected = brute_force_score(_grid(sequence), len(sequence))
        score, move = ai.solve(board(sequence))
        assert score == expected, sequence
        # The move it names really achieves the score.
        child = RULES.apply(board(sequence), move)
        if RULES.outcome(child) is not None:
            assert score == (43 - len(sequence)) // 2
        else:
            child_text = RULES.state_to_text(child)
            assert -brute_force_score(_grid(child_text), len(child_text)) == score, sequence


def test_solver_matches_published_end_and_middle_game_scores():
    lines = (DATA / "connect4_Test_L3_R1.txt").read_text().split("\n")[:12]
    lines += (DATA / "connect4_Test_L2_R1.txt").read_text().split("\n")[:12]
    for line in lines:
        sequence, score = line.split()
        assert ai.solve(board(sequence))[0] == int(score), sequence


@pytest.mark.parametrize(
    "sequence, expected",
    [
        ("2252576253462244111563365343671351441", "-1 6"),
        ("7422341735647741166133573473242566", "1 6"),
        ("112233", "18 4"),
        ("22334", "-18 5"),
    ],
)
def test_solve_text(sequence, expected):
    score, column = expected.split()
    text = ai.solve_text(sequence)
    assert text.split()[0] == score
    if abs(int(score)) >= 18:
        assert text == expected


def test_solve_text_rejects_bad_or_finished_games():
    with pytest.raises(NotationError, match="already over"):
        ai.solve_text("1212121")
    with pytest.raises(NotationError):
        ai.solve_text("12x")
    with pytest.raises(ValueError):
        ai.solve_text("4444444")


def test_tiny_steps_give_the_same_answer_as_run():
    sequence = "6754661534623126425451"
    whole = ai.Connect4Search(board(sequence), "perfect", budget_ms=60_000, rng=random.Random(2),
                              table=ai.new_table())
    whole.run()
    sliced = ai.Connect4Search(board(sequence), "perfect", budget_ms=60_000, rng=random.Random(2),
                               table=ai.new_table(build_now=False))
    steps = 0
    while True:
        done = sliced.step(0.05)
        steps += 1
        if done:
            break
    assert steps > 100
    assert (sliced.best_move, sliced.score, sliced.exact) == (whole.best_move, whole.score, whole.exact)
    assert sliced.score == -3
    # How long a step runs is a figure of the bench (its Connect 4 step times), not a test's: a loaded machine pauses us too.


def test_a_solver_paused_at_every_clock_check_gives_the_same_answer():
    state = board("6754661534623126425451")
    plain = ai.Solver(ai.new_table())
    expected = plain.solve(state)
    paused = ai.Solver(ai.new_table(build_now=False))
    paused.deadline = 0.0  # always past: it yields at every look at the clock
    search = paused.search(*ai.position_of(state))
    pauses = 0
    try:
        while True:
            next(search)
            pauses += 1
    except StopIteration as stop:
        assert stop.value == expected
    assert paused.nodes == plain.nodes
    # The table is built chunk by chunk, then the search pauses every CHECK_EVERY nodes.
    assert pauses >= paused.nodes // ai.CHECK_EVERY


def test_a_tiny_table_replaces_entries_and_stays_exact():
    table = ai.new_table(size=101)
    lines = (DATA / "connect4_Test_L3_R1.txt").read_text().split("\n")[:40]
    for line in lines:
        sequence, score = line.split()
        assert ai.Solver(table).solve(board(sequence))[0] == int(score), sequence
    assert 50 < len(table) <= 101


def test_budget_stops_the_search_with_a_legal_move():
    state = board("4")
    search = ai.Connect4Search(state, "perfect", budget_ms=30, rng=random.Random(1), table=ai.new_table())
    while not search.step(5):
        pass
    assert search.best_move in RULES.legal_moves(state)
    assert not search.exact and search.score is None
    assert search.elapsed_ms < 200


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_wins_now_and_blocks(level):
    win = ai.Connect4Search(board("112233"), level, rng=random.Random(3), table=ai.new_table())
    assert win.run() == 3
    block = ai.Connect4Search(board("11223"), level, budget_ms=300, rng=random.Random(3), table=ai.new_table())
    assert block.run() == 3


def test_levels_are_ordered_weakest_first():
    assert ai.LEVELS[0] == "primitive" and ai.LEVELS[-1] == "perfect"
    with pytest.raises(ValueError):
        ai.Connect4Search(board(""), "godlike")


def test_exact_level_reports_the_proven_score():
    search = ai.Connect4Search(board("2252576253462244111563365343671351441"), "perfect", table=ai.new_table())
    assert search.run() == 5
    assert search.exact and search.score == -1


def test_hint_is_a_legal_move():
    state = board("4453")
    assert ai.hint_move(state, budget_ms=50) in RULES.legal_moves(state)
