"""Peg solitaire rules: the seed's five conditions, the end states, counts, board texts."""

from __future__ import annotations

import doctest
import random

import pytest

from pyxel_app import games
from pyxel_app.rules import pegs
from pyxel_app.rules.base import IllegalMoveError, NotationError
from pyxel_app.rules.pegs import RULES, BoardError, Jump, board_from_text, jumped_marble


def board(text: str):
    return RULES.state_from_text(text)


def jump(state, text: str):
    return RULES.apply(state, RULES.move_from_text(state, text))


def test_doctests_pass():
    assert doctest.testmod(pegs).failed == 0


def test_the_english_board_is_the_seeds_cross_with_the_centre_empty():
    state = RULES.initial_state("english")
    assert len(state.board.holes) == 33 and state.marble_count == 32
    assert not state.has_marble((3, 3)) and state.board.centre == (3, 3)
    # isMarbleLocation: corners x, y in {0, 1, 5, 6} are no holes.
    for x in range(7):
        for y in range(7):
            assert ((x, y) in state.board.holes) == (not (x in (0, 1, 5, 6) and y in (0, 1, 5, 6)))


@pytest.mark.parametrize("name, holes", [("english", 33), ("french", 37), ("wiegleb", 45), ("diamond", 41), ("triangle", 15)])
def test_every_preset_has_its_number_of_holes_and_one_empty(name, holes):
    state = RULES.initial_state(name)
    assert len(state.board.holes) == holes and state.marble_count == holes - 1
    assert RULES.variant_of(state) == name


# The seed's getRemoveMarble conditions, each with a jump that passes all others.
LINE = board("ooo.o")


def test_a_legal_jump_removes_the_marble_between():
    assert jumped_marble(LINE, (1, 0), (3, 0)) == (2, 0)
    after = jump(LINE, "b1-d1")
    assert pegs.board_to_text(after.board, after.marbles) == "o..oo"


def test_condition_1_a_marble_at_start():
    with pytest.raises(IllegalMoveError, match="no marble at d1"):
        jumped_marble(board("o.o.o"), (3, 0), (1, 0))


def test_condition_2_no_marble_at_the_destination():
    with pytest.raises(IllegalMoveError, match="marble at c1"):
        jumped_marble(board("ooo.o"), (0, 0), (2, 0))


def test_condition_3_the_destination_is_on_the_board():
    with pytest.raises(IllegalMoveError, match="not a hole"):
        jumped_marble(board("oo_"), (0, 0), (2, 0))
    with pytest.raises(IllegalMoveError, match="not a hole"):
        jumped_marble(board("oo"), (0, 0), (2, 0))  # off the grid


def test_condition_4_two_holes_apart_in_a_line():
    state = board("o.../..../..../....")
    for dest in [(1, 0), (3, 0), (2, 2), (0, 3)]:
        with pytest.raises(IllegalMoveError, match="not two holes apart"):
            jumped_marble(state, (0, 0), dest)


def test_condition_5_a_marble_between():
    with pytest.raises(IllegalMoveError, match="no marble between"):
        jumped_marble(board("o.."), (0, 0), (2, 0))


def test_the_triangle_jumps_in_six_directions_the_square_in_four():
    # From the middle of a big staircase all six directions jump.
    big = board("triangle/o/oo/ooo/oooo/oo.oo/oooooo/ooooooo")
    to_middle = {str(m) for m in RULES.legal_moves(big) if m.dest == (2, 4)}
    assert to_middle == {"c3-c5", "a3-c5", "a5-c5", "e5-c5", "e7-c5", "c7-c5"}
    square = board("ooooo/ooooo/oo.oo/ooooo/ooooo")
    assert {str(m) for m in RULES.legal_moves(square)} == {"c1-c3", "a3-c3", "e3-c3", "c5-c3"}
    with pytest.raises(IllegalMoveError):
        jump(square, "a1-c3")


def test_moves_count_a_chain_of_jumps_by_one_marble_once():
    state = board("oo.o./....o/...../.....")
    state = jump(state, "a1-c1")  # move 1
    state = jump(state, "c1-e1")  # the same marble: still move 1
    assert (state.jumps, state.moves) == (2, 1)
    state = jump(state, "e1-e3")  # and again
    assert (state.jumps, state.moves, state.last) == (3, 1, (4, 2))


def test_a_different_marble_starts_a_new_move():
    state2 = board("oo..o/oo.../.....")
    state2 = jump(state2, "a1-c1")
    state2 = jump(state2, "a2-c2")
    assert (state2.jumps, state2.moves) == (2, 2)


def test_won_with_one_marble_and_the_special_word_in_the_centre():
    won = board("..o../...../...../...../.....")
    assert RULES.outcome(won).reason == "won" and RULES.outcome(won).score == 1
    centre = board("...../...../..o../...../.....")
    assert RULES.outcome(centre).reason == "centre"


def test_lost_when_marbles_remain_but_none_can_jump():
    stuck = board("o.o/.../o.o")
    outcome = RULES.outcome(stuck)
    assert outcome.reason == "stuck" and outcome.score == 4
    assert RULES.outcome(RULES.initial_state("english")) is None


def perft_by_brute_force(state, depth: int) -> int:
    """Every (start, dest) pair of holes tried with the seed's conditions: no move list used."""
    if depth == 0:
        return 1
    if RULES.outcome(state) is not None:
        return 0
    total = 0
    for start in state.board.holes:
        for dest in state.board.holes:
            try:
                child = RULES.apply(state, Jump(start, dest))
            except IllegalMoveError:
                continue
            total += perft_by_brute_force(child, depth - 1)
    return total


@pytest.mark.parametrize("name, depth, count", [("english", 1, 4), ("english", 2, 12), ("english", 3, 60),
                                                ("triangle", 3, 42), ("french", 3, 38), ("diamond", 3, 90),
                                                ("wiegleb", 3, 92)])
def test_perft_matches_a_brute_force_count(name, depth, count):
    state = RULES.initial_state(name)
    assert RULES.perft(state, depth) == count == perft_by_brute_force(state, depth)


def test_perft_through_the_registry_and_the_cli(capsys):
    from pyxel_app.__main__ import main

    assert games.find("pegs").rules is RULES
    assert main(["perft", "pegs", "3", "--variant", "triangle"]) in (0, None)
    assert capsys.readouterr().out.strip().splitlines()[-1] == "42"


def test_random_playouts_keep_the_invariants():
    rng = random.Random(7)
    for name in ("english", "french", "wiegleb", "diamond", "triangle"):
        state = RULES.initial_state(name)
        while RULES.outcome(state) is None:
            moves = RULES.legal_moves(state)
            text = RULES.state_to_text(state)
            move = rng.choice(moves)
            child = RULES.apply(state, move)
            assert RULES.state_to_text(state) == text  # apply never mutates
            assert child.marble_count == state.marble_count - 1 and child.jumps == state.jumps + 1
            assert RULES.state_from_text(RULES.state_to_text(child)) == child
            assert RULES.move_from_text(child, RULES.move_to_text(move)) == move
            state = child
        assert not RULES.legal_moves(state) or state.marble_count == 1


@pytest.mark.parametrize("text", [
    "__ooo__/__ooo__/ooooooo/ooo.ooo/ooooooo/__ooo__/__ooo__",
    "triangle/./oo/ooo/oooo/ooooo",
    "o.o/_o_",
    "oo.o jumps=3 moves=2 last=b1",
])
def test_board_text_round_trips(text):
    state = board(text)
    assert RULES.state_to_text(state) == text
    assert board(RULES.state_to_text(state)) == state


def test_a_board_file_with_comments_and_lines_reads_like_the_slash_form():
    text = "# my board\n_o_\n\nooo\n# end\n_._\n"
    assert board(text) == board("_o_/ooo/_._")
    assert board(text).board.name == "custom"
    assert board("__ooo__/__ooo__/ooooooo/ooooooo/ooooooo/__ooo__/__oo.__").board.name == "english"


@pytest.mark.parametrize("text, message", [
    ("ooo\noxo", "line 2: 'x' is not o"),
    ("# c\n\nooo\nooo\n___\n.o9", "line 6: '9'"),
    ("...\n...", "no marble"),
    ("", "line 1: no rows"),
    ("o" * 20, "line 1: 20 cells"),
    ("\n".join(["o"] * 20), "line 20: more than 19 rows"),
    ("triangle\no\nooo", "line 3: row 2 of a triangle has at most 2 holes"),
])
def test_bad_boards_are_refused_naming_the_line(text, message):
    with pytest.raises(BoardError, match=message):
        board_from_text(text)
    with pytest.raises(NotationError):
        board(text)


@pytest.mark.parametrize("text", ["a1", "a1-", "-c1", "11-13", "a0-a2", "a1-a99"])
def test_bad_jump_texts_are_refused(text):
    with pytest.raises(NotationError):
        RULES.move_from_text(RULES.initial_state(), text)
