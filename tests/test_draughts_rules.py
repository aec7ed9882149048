"""Draughts rules: perft, the seed's warcaby case by case, International's own rules, FEN and move text."""

import random

import pytest

from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome
from pyxel_app.rules.draughts import BIT_OF, DIRECTIONS, FULL, KING_MOVES_DRAW, RULES, SHIFTS, Draughts, square_xy, xy_square

# Published International perft from the start (duplicate captures merged); 7 and 8 are in bench.
PERFT_INTERNATIONAL = [1, 9, 81, 658, 4265, 27117, 167140]
# Warcaby has no published table: these are ours, kept so that a change shows.
PERFT_WARCABY = [1, 9, 81, 810, 8100, 88900]


def position(fen: str, variant: str = "international") -> Draughts:
    return RULES.state_from_text(fen, variant)


def moves(fen: str, variant: str = "international") -> list[str]:
    return sorted(RULES.move_to_text(move) for move in RULES.legal_moves(position(fen, variant)))


def play(state: Draughts, *texts: str) -> Draughts:
    for text in texts:
        state = RULES.apply(state, RULES.move_from_text(state, text))
    return state


@pytest.mark.parametrize("depth", range(len(PERFT_INTERNATIONAL)))
def test_international_perft_from_the_start(depth):
    assert RULES.perft(RULES.initial_state("international"), depth) == PERFT_INTERNATIONAL[depth]


def test_warcaby_perft_from_the_start():
    start = RULES.initial_state("warcaby")
    assert [RULES.perft(start, depth) for depth in range(len(PERFT_WARCABY))] == PERFT_WARCABY


def test_perft_counts_the_same_as_walking_the_states():
    """The bitboard perft agrees with legal_moves + apply on positions with kings and captures."""
    for fen in ("W:WK46,28,33:B19,23,K5,12", "B:W27,28,32,K50:B17,18,21,K4"):
        for variant in RULES.variants:
            state = position(fen, variant)
            assert RULES.perft(state, 3) == walked(state, 3)


def test_perft_counts_the_same_as_walking_the_states_in_random_games():
    """Leaves counted without being made (steps, single captures) agree with the moves made."""
    rng = random.Random(5)
    for _ in range(6):
        state = RULES.initial_state("international")
        for _ in range(120):
            if RULES.outcome(state) is not None:
                break
            assert RULES.perft(state, 2) == walked(state, 2), RULES.state_to_text(state)
            state = RULES.after(state, rng.choice(RULES.legal_moves(state)))


def test_a_step_is_the_same_shift_from_every_square():
    """The bit layout move generation relies on: a step one way is one shift everywhere,
    and a step off the board's side lands on a bit that is no square."""
    for index in range(50):
        x, y = square_xy(index)
        for (dx, dy), shift in zip(DIRECTIONS, SHIFTS):
            neighbour = xy_square(x + dx, y + dy)
            if neighbour is not None:
                assert BIT_OF[neighbour] - BIT_OF[index] == shift
            elif 0 <= BIT_OF[index] + shift:
                assert not FULL >> (BIT_OF[index] + shift) & 1


def walked(state, depth):
    if depth == 0:
        return 1
    return sum(walked(RULES.after(state, move), depth - 1) for move in RULES.legal_moves(state))


def test_the_start_positions():
    international = RULES.initial_state("international")
    assert RULES.state_to_text(international) == "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))
    warcaby = RULES.initial_state("warcaby")
    # The seed's loops: three rows of five each, White moves first.
    assert RULES.state_to_text(warcaby) == "W:W" + ",".join(map(str, range(36, 51))) + ":B" + ",".join(map(str, range(1, 16))) + " warcaby"
    assert RULES.to_move(warcaby) == 0
    assert RULES.variant_of(warcaby) == "warcaby"


# Warcaby, case by case from the seed.


@pytest.mark.parametrize("variant", ["warcaby", "international"])
def test_a_man_captures_backwards(variant):
    assert moves("W:W23:B28", variant) == ["23x32"]


def test_a_man_steps_forward_only():
    assert moves("W:W33:B1", "warcaby") == ["33-28", "33-29"]
    assert moves("B:W50:B18", "warcaby") == ["18-22", "18-23"]


def test_a_flying_king_captures_one_piece_and_lands_on_any_empty_square_beyond():
    assert moves("W:WK46:B37", "warcaby") == ["46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"]


def test_a_king_moves_any_distance_every_way():
    assert len(moves("W:WK28:B1", "warcaby")) == 17


def test_a_capture_goes_on_while_it_can():
    assert moves("W:W28:B23,13", "warcaby") == ["28x19x8"]
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        RULES.move_from_text(position("W:W28:B23,13", "warcaby"), "28x19")


def test_capturing_is_compulsory():
    state = position("W:W28,45:B23", "warcaby")
    assert moves("W:W28,45:B23", "warcaby") == ["28x19"]
    with pytest.raises(IllegalMoveError, match="compulsory"):
        RULES.move_from_text(state, "45-40")


def test_warcaby_lets_any_capture_be_chosen():
    """The seed has no majority rule: the one-piece capture is as legal as the two-piece one."""
    assert moves("W:W28,35:B23,13,30", "warcaby") == ["28x19x8", "35x24"]
    assert moves("W:W28,35:B23,13,30", "international") == ["28x19x8"]


def test_a_man_reaching_the_far_row_is_crowned():
    state = play(position("W:W7:B40", "warcaby"), "7-1")
    assert state.piece_at(0) == (0, True)
    state = play(position("B:W7:B44", "warcaby"), "44-49")
    assert state.piece_at(48) == (1, True)


def test_warcaby_crowns_mid_capture_and_the_king_captures_on():
    """As the seed's code does: crowned on landing, then the next jump is a king's."""
    assert moves("W:W12:B8,14", "warcaby") == ["12x3x20", "12x3x25"]
    state = play(position("W:W12:B8,14", "warcaby"), "12x3x25")
    assert state.piece_at(24) == (0, True)
    assert state.black == 0


def test_warcaby_lifts_a_taken_piece_at_once():
    """The square of a piece just taken is free for the rest of the capture (the seed empties it)."""
    assert "23x14x32x43" in moves("W:WK23:B19,28,38,42", "warcaby")
    assert max(len(text.split("x")) for text in moves("W:WK23:B19,28,38,42", "international")) == 3


def test_capturing_every_piece_wins():
    state = play(position("W:W28:B23", "warcaby"), "28x19")
    assert RULES.outcome(state) == Outcome(0, "all_captured")
    assert RULES.legal_moves(state) == []


def test_a_side_that_cannot_move_loses():
    assert RULES.outcome(position("B:W50:B45", "warcaby")) == Outcome(0, "blocked")
    assert RULES.outcome(position("B:W50:B45")) == Outcome(0, "blocked")


def test_a_capture_written_as_its_whole_route_is_that_route_even_when_another_ends_there_too():
    state = position("B:W13,K16,17,23,K32,36,43,44:B3,K8,19,K27,33,42", "warcaby")
    assert str(RULES.move_from_text(state, "27x9")) == "27x9"
    assert str(RULES.move_from_text(state, "27x38x49x40x18x9")) == "27x38x49x40x18x9"
    with pytest.raises(IllegalMoveError, match="write the squares"):  # no route goes straight from 1 to 16
        RULES.move_from_text(position("W:WK1:B12,21,28,33"), "1x16")


def test_a_piece_that_may_capture_is_known_even_when_the_majority_forbids_it():
    state = position("W:W28,46,50:B18,22,31,41")
    assert [str(move) for move in RULES.legal_moves(state)] == ["46x37x26"]
    assert [RULES.can_capture_from(state, square - 1) for square in (28, 46, 50)] == [True, True, False]


def test_warcaby_has_no_draw_by_repetition():
    state = play(position("W:WK46:BK1", "warcaby"), "46-41", "1-6", "41-46", "6-1", "46-41", "1-6", "41-46", "6-1")
    assert RULES.outcome(state) is None


# International.


def test_the_majority_capture_is_compulsory():
    state = position("W:W28,35:B23,13,30")
    with pytest.raises(IllegalMoveError, match="most pieces"):
        RULES.move_from_text(state, "35x24")


def test_majority_counts_pieces_not_kings():
    assert moves("W:W28,35:B23,13,K30") == ["28x19x8"]


def test_a_taken_piece_stays_until_the_end_and_is_not_jumped_twice():
    # the king cannot come back over 37 (still standing) after taking it
    assert moves("W:WK46:B37") == ["46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"]
    # and it blocks: warcaby's 23x14x32x43 crosses the square of 19 taken before
    assert "23x14x32x43" not in moves("W:WK23:B19,28,38,42")


def test_a_man_passing_the_far_row_is_not_crowned():
    assert moves("W:W12:B8,9") == ["12x3x14"]
    state = play(position("W:W12:B8,9"), "12x3x14")
    assert state.piece_at(13) == (0, False)
    assert moves("W:W12:B8,9", "warcaby") == ["12x3x14", "12x3x20", "12x3x25"]


def test_a_man_ending_on_the_far_row_is_crowned():
    state = play(position("W:W12:B8"), "12x3")
    assert state.piece_at(2) == (0, True)


def test_threefold_repetition_draws():
    state = position("W:WK46:BK1")
    state = play(state, "46-41", "1-6", "41-46", "6-1")
    assert RULES.outcome(state) is None
    state = play(state, "46-41", "1-6", "41-46", "6-1")
    assert RULES.outcome(state) == Outcome(None, "repetition")
    assert RULES.legal_moves(state) == []


def test_twenty_five_king_moves_each_draw():
    start = position("W:WK46,K50:BK5,K1")
    state = Draughts(start.variant, start.white, start.black, start.kings, 0, tuple((i, 0, 0, 0) for i in range(KING_MOVES_DRAW - 1)))
    assert RULES.outcome(state) is None
    state = play(state, "46-41")
    assert RULES.outcome(state) == Outcome(None, "king_moves")


def test_a_man_move_or_a_capture_starts_the_count_again():
    state = play(position("W:WK46,35:BK1,15"), "46-41")
    assert len(state.history) == 1
    assert play(state, "15-20").history == ()
    state = play(position("W:WK46:BK1,15"), "46-41")
    assert play(state, "1-6").history != ()
    assert play(position("W:WK46:B37,K5"), "46x32").history == ()


# Move text.


def test_a_capture_route_may_be_written_in_full_or_short():
    state = position("W:WK46:B41,23,24")
    assert moves("W:WK46:B41,23,24") == ["46x37x19x30", "46x37x19x35"]
    assert RULES.move_to_text(RULES.move_from_text(state, "46x30")) == "46x37x19x30"
    assert RULES.move_to_text(RULES.move_from_text(state, "46x28x19x30")) == "46x28x19x30"
    full = RULES.move_from_text(state, "46x28x19x30")
    assert full.key == RULES.move_from_text(state, "46x30").key
    assert RULES.apply(state, full) == RULES.apply(state, RULES.move_from_text(state, "46x30"))


def test_two_different_captures_to_one_square_need_the_route():
    state = position("W:WK1:B12,21,28,33")
    assert moves("W:WK1:B12,21,28,33") == ["1x23x32x16", "1x29x38x16"]
    with pytest.raises(IllegalMoveError, match="1x23x32x16"):
        RULES.move_from_text(state, "1x16")
    assert RULES.move_to_text(RULES.move_from_text(state, "1x29x38x16")) == "1x29x38x16"


@pytest.mark.parametrize("text", ["", "32", "32-", "a-b", "32--28", "0-5", "51-46", "32-28-", "x" * 50])
def test_bad_move_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        RULES.move_from_text(RULES.initial_state(), text)


@pytest.mark.parametrize("text, why", [("22-17", "no piece of yours"), ("31-27x", "not a move"), ("46-41", "cannot move"), ("32-26", "32-26 is not")])
def test_illegal_moves_say_why(text, why):
    with pytest.raises((IllegalMoveError, NotationError), match=why):
        RULES.move_from_text(RULES.initial_state(), text)


def test_moves_print_as_pdn():
    state = RULES.initial_state()
    assert [RULES.move_to_text(move) for move in RULES.legal_moves(state)] == [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]


# FEN.


def test_fen_round_trips_with_kings_and_black_to_move():
    text = "B:W18,24,27,28,33,K34:B12,13,K14,16"
    assert RULES.state_to_text(position(text)) == text


def test_fen_accepts_ranges_spaces_quotes_and_either_order():
    start = RULES.initial_state()
    assert position("W:W31-50:B1-20") == start
    assert position('"W:B1-20:W31-50."') == start
    assert position(" w:w31-35,36-50 : b1-20 ") == start


@pytest.mark.parametrize(
    "text, why",
    [
        ("X:W1:B2", "not a position"),
        ("W:W31:B2:B3", "not a position"),
        ("W:W51:B1", "1 to 50"),
        ("W:W0:B1", "1 to 50"),
        ("W:W31,31:B1", "named twice"),
        ("W:W31:B31", "named twice"),
        ("W:W3:B20", "crowned"),
        ("W:W31:B48", "crowned"),
        ("W:W35-31:B1", "backwards"),
        ("W:W31:W32", "once each"),
        ("W:Wq:B1", "not a square"),
    ],
)
def test_bad_fen_says_what_is_wrong(text, why):
    with pytest.raises(NotationError, match=why):
        position(text)


def test_a_state_text_names_warcaby_and_keeps_it():
    state = position("B:W36,K45:B15", "warcaby")
    assert RULES.state_to_text(state) == "B:W36,K45:B15 warcaby"
    assert RULES.state_from_text("B:W36,K45:B15 warcaby") == state
    assert RULES.state_from_text("B:W36,K45:B15 warcaby", "warcaby") == state
    with pytest.raises(NotationError, match="not international"):
        RULES.state_from_text("B:W36,K45:B15 warcaby", "international")


def test_how_a_position_was_reached_is_not_part_of_it():
    there = play(position("W:WK46:BK1"), "46-41", "1-6", "41-46", "6-1")
    assert there == position("W:WK46:BK1") and hash(there) == hash(position("W:WK46:BK1"))
    assert len(there.history) == 4


def test_unknown_variant_is_refused():
    with pytest.raises(NotationError, match="choose from"):
        RULES.initial_state("frisian")


# Random playouts: the invariants every game keeps.


@pytest.mark.parametrize("variant", ["international", "warcaby"])
def test_random_playouts_keep_the_invariants(variant):
    rng = random.Random(12)
    for _ in range(6):
        state = RULES.initial_state(variant)
        for _ in range(200):
            legal = RULES.legal_moves(state)
            outcome = RULES.outcome(state)
            assert (outcome is not None) == (not legal)
            if not legal:
                break
            assert len({move.key for move in legal}) == len(legal)
            move = rng.choice(legal)
            text = RULES.move_to_text(move)
            assert RULES.move_from_text(state, text) == move
            before = state
            state = RULES.apply(state, move)
            assert hash(state) is not None and before != state
            assert RULES.state_from_text(RULES.state_to_text(state), variant).key == state.key
            assert not state.white & state.black
            assert state.kings & ~(state.white | state.black) == 0
