"""A record that begins from a position (not the start) of every game and variant imports, is
saved, autosaved, read back and reviewed like any other (issue 50: an Othello record from a
position crashed the game, and the crash guard's autosave failed the same way)."""

from __future__ import annotations

import random

import pytest

from pyxel_app.ai.review import Review
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.rules.records import Record, read_record, write_record
from pyxel_app.session import Session
from test_no_game_lost import game_of, play_moves
from test_slots import answer
from test_record_files import GAMES, VARIANTS, open_board, record_file

CASES = [(key, variant) for key in GAMES for variant in VARIANTS[key]]


@pytest.mark.parametrize("key, variant", CASES)
def test_a_record_from_a_position_imports_saves_reloads_and_reviews(make_app, key, variant):
    app, driver, cart = open_board(make_app, key, variant)
    rules = cart.rules
    play_moves(cart, random.Random(variant), 5)
    start = cart.session.state  # a position in mid-game, as another program may begin a record
    moves = []
    state = start
    rng = random.Random(key)
    for _ in range(3):
        legal = [move for move in rules.legal_moves(state) if rules.outcome(rules.apply(state, move)) is None]
        moves.append(rng.choice(legal))
        state = rules.apply(state, moves[-1])
    text = write_record(Record(rules, start, tuple(moves)))
    record = read_record(rules, text)
    assert rules.variant_of(record.start) == rules.variant_of(start)

    cart.take_record_text(text, record_file(key, "From_here"))
    if app.overlays:
        answer(app, driver, True)  # the game shown is in progress
    driver.run(2)
    assert game_of(cart.session) == (record.start, tuple(record.move_texts()))
    assert rules.variant_of(cart.session.state) == rules.variant_of(start)

    assert cart.autosave()
    again = cart.session_from_text(app.storage.read(cart.autosave_name))
    assert game_of(again) == game_of(cart.session)
    assert rules.variant_of(again.start) == rules.variant_of(start)

    review = Review(cart.game_record(), move_ms=20).run_to_end()
    assert len(review.moves) == len(moves)


def test_a_save_whose_start_names_no_variant_is_still_written_and_read_back_saying_so():
    """A crash guard's last save must not fail on a start whose variant cannot be named: the moves
    are written, and reading the save back names what is missing."""
    position = OTHELLO.state_to_text(OTHELLO.apply(OTHELLO.initial_state(), OTHELLO.legal_moves(OTHELLO.initial_state())[0]))
    alone = OTHELLO.state_from_text(position)  # who began is unknown
    session = Session(OTHELLO, alone)
    session.play(OTHELLO.legal_moves(alone)[0])
    text = session.to_text()
    assert "variant=" not in text and "move=" in text
    with pytest.raises(ValueError, match="does not say who began"):
        Session.from_text(text, OTHELLO)
