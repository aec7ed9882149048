"""Draughts games as PDN: round trips, what real files carry, and bad files named."""

import doctest
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyxel_app.rules import draughts, draughts_pdn
from pyxel_app.rules.draughts import RULES
from pyxel_app.rules.draughts_pdn import PdnError, read_pdn, write_pdn

from any_text import any_text


def test_doctests_pass():
    assert doctest.testmod(draughts).failed == 0
    assert doctest.testmod(draughts_pdn).failed == 0


def random_game(variant: str, seed: int, plies: int = 120):
    rng = random.Random(seed)
    state = start = RULES.initial_state(variant)
    texts = []
    for _ in range(plies):
        legal = RULES.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        texts.append(RULES.move_to_text(move))
        state = RULES.apply(state, move)
    return start, texts, state


@pytest.mark.parametrize("variant", RULES.variants)
@pytest.mark.parametrize("seed", range(4))
def test_a_game_round_trips_through_pdn(variant, seed):
    start, texts, end = random_game(variant, seed)
    text = write_pdn(start, texts, {"White": 'Ann "the" Bee', "Black": "Hard AI"})
    game = read_pdn(text)
    assert game.variant == variant and game.start == start and game.moves == texts
    assert game.tags["White"] == 'Ann "the" Bee'
    assert game.result == draughts_pdn.result_of(end)
    assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("["))


def test_a_game_from_a_position_with_black_to_move():
    start = RULES.state_from_text("B:W32,K45:B19,23")
    text = write_pdn(start, ["19-24", "45x18"])
    assert "1... 19-24 2. 45x18" in text
    game = read_pdn(text)
    assert game.moves == ["19-24", "45x18"] and game.start == start


def test_what_published_files_carry_is_skipped():
    text = """
[Event "Some tournament"]
[White "A"] 
[Black "B"]
[GameType "20,W,10,10,N2,0"]
[Result "2-0"]

1. 32-28 {a comment
over two lines} 19-23 2. 28x19 (2. 33-29? 23x34) 14x23! 3. 33-28!? $1 ; rest of line
23x32 4. 37x28 2-0

[Event "second game"]
1. 31-27 *
"""
    game = read_pdn(text)
    assert game.moves == ["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]
    assert game.variant == "international" and game.result == "2-0"


def test_short_captures_in_a_file_become_routes():
    game = read_pdn('[FEN "W:W28:B23,13"]\n1. 28x8 *')
    assert game.moves == ["28x19x8"]


@pytest.mark.parametrize(
    "text, why",
    [
        ('[FEN "W:W31:B31"]\n*', "FEN tag: square 31 is named twice"),
        ('[Variant "frisian"]\n*', "Variant tag"),
        ('[GameType "21"]\n*', "GameType '21'"),
        ("[FEN W:W31:B1]\n*", "line 1: .* is not a tag"),
        ("1. 32-28 19-23\n2. 28x19 banana", "line 2: 'banana' is not a move"),
        ("1. 32-28 18-23\n2. 28x19 {open", "never closed"),
        ("1. 32-28 ) 19-23", "closes no variation"),
        ("1. 32-28 19-23 2. 33-29", "line 1: move 3 \\(33-29\\): a capture is compulsory"),
        ("x" * 200_001, "longer than"),
    ],
)
def test_a_bad_file_is_named(text, why):
    with pytest.raises(PdnError, match=why):
        read_pdn(text)


def test_a_pdn_error_is_a_value_error():
    assert issubclass(PdnError, ValueError)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list('[]{}()"\\ \n.-x:;!?$*0123456789WBKabFEN')), max_size=200))
def test_any_text_is_a_game_or_a_pdn_error(text):
    try:
        read_pdn(text)
    except PdnError:
        pass


@settings(max_examples=200, deadline=None)
@given(any_text(max_size=120))
def test_any_unicode_is_a_game_or_a_pdn_error(text):
    try:
        read_pdn(text)
    except PdnError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("WBK:,-0123456789 ")), max_size=60))
def test_any_fen_is_a_position_or_a_notation_error(text):
    try:
        RULES.state_from_text(text)
    except draughts.NotationError:
        pass


@pytest.mark.parametrize("text", ["٣٢-٢٨", "３２-２８", "32-٢٨"])
def test_only_ascii_digits_are_squares(text):
    """"٣٢" passes str.isdigit() and int() reads it as 32: moves and PDN games must refuse it."""
    from pyxel_app.rules.base import NotationError

    with pytest.raises(NotationError):
        RULES.move_from_text(RULES.initial_state("international"), text)
    with pytest.raises(PdnError):
        read_pdn(f"1. {text} *")
