"""``variant_of`` never answers the first variant for want of knowing: rules of several variants
tell them apart, and a state of none they can name raises.  Othello's two variants differ only in
who moved first, which its states carry from their start."""

from __future__ import annotations

import pytest

from pyxel_app import games
from pyxel_app.rules.base import Rules, UnknownVariantError
from pyxel_app.rules.othello import RULES as OTHELLO, STANDARD, WHITE_STARTS
from pyxel_app.session import Session


def play(state, moves: int):
    """``moves`` moves on from ``state``, each the last legal one."""
    for _ in range(moves):
        state = OTHELLO.apply(state, OTHELLO.legal_moves(state)[-1])
    return state


@pytest.mark.parametrize("variant", [STANDARD, WHITE_STARTS])
def test_othello_tells_its_variant_in_mid_game(variant):
    state = play(OTHELLO.initial_state(variant), 3)
    assert OTHELLO.variant_of(state) == variant
    text = OTHELLO.state_to_text(state)
    with pytest.raises(UnknownVariantError):
        OTHELLO.variant_of(OTHELLO.state_from_text(text))  # a position alone: who began is not in it
    assert OTHELLO.variant_of(OTHELLO.state_from_text(text, variant)) == variant
    assert OTHELLO.state_from_text(text, variant) == state  # who began is no part of the position


def test_othello_saves_keep_who_began_past_the_start():
    session = Session(OTHELLO, play(OTHELLO.initial_state(WHITE_STARTS), 2))
    session.play(OTHELLO.legal_moves(session.state)[0])
    again = Session.from_text(session.to_text(), OTHELLO)
    assert "variant=white-starts" in session.to_text() and OTHELLO.variant_of(again.state) == WHITE_STARTS


def test_othello_refuses_a_start_that_contradicts_its_variant():
    start_for_white = OTHELLO.state_to_text(OTHELLO.initial_state(WHITE_STARTS))
    assert OTHELLO.variant_of(OTHELLO.state_from_text(start_for_white)) == WHITE_STARTS  # the start says it
    with pytest.raises(ValueError, match="the start of standard has Black to move"):
        OTHELLO.state_from_text(start_for_white, STANDARD)


def test_every_rules_of_several_variants_names_each_of_its_starts():
    for spec in games.GAMES:
        rules = spec.rules
        if len(rules.variants) > 1:
            assert type(rules).variant_of is not Rules.variant_of, spec.key
            for variant in rules.variants:
                if variant != "custom":  # pegs: an own board is read from its text
                    assert rules.variant_of(rules.initial_state(variant)) == variant, (spec.key, variant)


def test_a_state_of_no_known_variant_is_refused_not_named_the_first():
    from dataclasses import replace

    draughts, pegs = games.find("draughts").rules, games.find("pegs").rules
    with pytest.raises(UnknownVariantError):
        draughts.variant_of(replace(draughts.initial_state(), variant="checkers"))
    board = pegs.initial_state()
    with pytest.raises(UnknownVariantError):
        pegs.variant_of(replace(board, board=replace(board.board, name="hexagon")))

    class TwoWays(Rules):
        variants = ("plain", "wild")

    with pytest.raises(UnknownVariantError):
        TwoWays().variant_of(None)
    assert games.find("connect4").rules.variant_of(games.find("connect4").rules.initial_state()) == "standard"
