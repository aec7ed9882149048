import random

import pytest

from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome
from pyxel_app.rules.connect4 import RULES, Connect4

PERFT_FROM_START = [1, 7, 49, 343, 2401, 16807, 117649]


def board(sequence: str) -> Connect4:
    return RULES.state_from_text(sequence)


def test_empty_board_has_seven_moves_and_first_player_to_move():
    state = RULES.initial_state()
    assert RULES.legal_moves(state) == list(range(7))
    assert RULES.to_move(state) == 0
    assert RULES.outcome(state) is None
    assert RULES.state_to_text(state) == ""


def test_stones_fall_to_the_bottom_with_origin_bottom_left():
    state = board("4453")
    assert state.stone_at(3, 0) == 0
    assert state.stone_at(3, 1) == 1
    assert state.stone_at(4, 0) == 0
    assert state.stone_at(2, 0) == 1
    assert state.stone_at(3, 2) is None
    assert state.height(3) == 2
    assert RULES.landing_row(state, 3) == 2


def test_horizontal_four_wins_and_names_its_stones():
    state = board("4455667")
    assert RULES.outcome(state) == Outcome(0, "four")
    assert RULES.format_stones(RULES.winning_line(state)) == "(3|0) (4|0) (5|0) (6|0)"


def test_format_stones_matches_the_original_game():
    assert RULES.format_stones([(1, 0), (2, 0), (3, 0), (4, 0)]) == "(1|0) (2|0) (3|0) (4|0)"


def test_vertical_four_for_the_second_player():
    assert RULES.outcome(board("1212123")) is None
    state = board("12121232")
    assert RULES.outcome(state) == Outcome(1, "four")
    assert RULES.winning_line(state) == ((1, 0), (1, 1), (1, 2), (1, 3))


def test_rising_diagonal_four():
    state = board("1223433474")
    assert RULES.outcome(state) is None
    state = RULES.apply(state, 3)
    assert RULES.outcome(state) == Outcome(0, "four")
    assert RULES.winning_line(state) == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_falling_diagonal_four():
    state = RULES.apply(board("7665455414"), 3)
    assert RULES.outcome(state) == Outcome(0, "four")
    assert RULES.winning_line(state) == ((3, 3), (4, 2), (5, 1), (6, 0))


def test_a_stone_closing_two_lines_lists_every_winning_cell():
    # First player's last stone at (3|0) closes (0..3|0) and (3..6|0).
    state = board("1122335566774")
    assert RULES.outcome(state) == Outcome(0, "four")
    assert RULES.winning_line(state) == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert RULES.winning_cells(state) == [(x, 0) for x in range(7)]


def test_full_board_without_four_is_a_draw():
    # Columns filled in pairs so that no four ever appears.
    sequence = "121212" + "343434" + "565656" + "212121" + "434343" + "656565" + "777777"
    state = board(sequence)
    assert RULES.outcome(state) == Outcome(None, "draw")
    assert RULES.legal_moves(state) == []
    assert RULES.winning_line(state) is None


def test_full_column_is_refused_with_the_original_message():
    state = board("444444")
    assert 3 not in RULES.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="This column is already full!"):
        RULES.apply(state, 3)


def test_moves_after_a_win_or_off_the_board_are_illegal():
    won = board("1212121")
    with pytest.raises(IllegalMoveError, match="already over"):
        RULES.apply(won, 4)
    with pytest.raises(IllegalMoveError):
        RULES.apply(RULES.initial_state(), 7)
    with pytest.raises(IllegalMoveError):
        RULES.apply(RULES.initial_state(), -1)


@pytest.mark.parametrize(
    "text, message",
    [
        ("44x", "'x' \\(move 3\\) is not a column"),
        ("08", "'0' \\(move 1\\) is not a column"),
        ("4444444", "move 7 drops into column 4, which is already full"),
        ("12121213", "move 8 comes after the game is already over"),
    ],
)
def test_bad_state_text_is_explained(text, message):
    with pytest.raises(NotationError, match=message):
        board(text)


def test_state_text_round_trips():
    for text in ["", "4", "4453", "2252576253462244111563365343671351441"]:
        assert RULES.state_to_text(board(text)) == text
    assert board(" 4453 ") == board("4453")


def test_move_text_accepts_digits_and_letters():
    assert [RULES.move_from_text(RULES.initial_state(), t) for t in "1234567"] == list(range(7))
    assert [RULES.move_from_text(RULES.initial_state(), t) for t in "ABCDEFG"] == list(range(7))
    assert [RULES.move_from_text(RULES.initial_state(), t) for t in "abcdefg"] == list(range(7))
    assert RULES.move_to_text(0) == "1"
    assert RULES.column_name(6) == "G"
    for bad in ["0", "8", "H", "", "12"]:
        with pytest.raises(NotationError):
            RULES.move_from_text(RULES.initial_state(), bad)


def test_states_are_hashable_and_compare_by_history():
    assert board("4453") == board("4453")
    assert hash(board("4453")) == hash(board("4453"))
    assert len({board("4453"), board("4453"), board("4435")}) == 2


@pytest.mark.parametrize("depth, count", list(enumerate(PERFT_FROM_START)))
def test_perft_from_the_empty_board(depth, count):
    assert RULES.perft(RULES.initial_state(), depth) == count


def test_fast_perft_matches_the_generic_one_near_the_end():
    from pyxel_app.rules.base import Rules

    state = board("2252576253462244111563365343671351")
    for depth in range(1, 6):
        assert RULES.perft(state, depth) == Rules.perft(RULES, state, depth)


def test_a_won_position_has_no_children_in_perft():
    assert RULES.perft(board("1212121"), 1) == 0
    assert RULES.perft(board("1212121"), 0) == 1


def test_random_playouts_keep_the_invariants():
    rng = random.Random(2024)
    for _ in range(200):
        state = RULES.initial_state()
        while RULES.outcome(state) is None:
            moves = RULES.legal_moves(state)
            assert moves, "a game in play always has a move"
            before = (state.sequence, state.first, state.second)
            move = rng.choice(moves)
            child = RULES.apply(state, move)
            assert (state.sequence, state.first, state.second) == before
            assert child.first & child.second == 0
            assert bin(child.mask).count("1") == len(child.sequence)
            state = child
        outcome = RULES.outcome(state)
        assert RULES.legal_moves(state) == []
        if outcome.reason == "four":
            assert outcome.winner == (len(state.sequence) - 1) % 2
            assert len(RULES.winning_line(state)) == 4
            assert set(RULES.winning_line(state)) <= set(RULES.winning_cells(state))
            # Nobody had won one move earlier: the game stops at the first four.
            earlier = board(RULES.state_to_text(state)[:-1])
            assert RULES.outcome(earlier) is None
        else:
            assert len(state.sequence) == 42
        assert board(RULES.state_to_text(state)) == state
