"""Othello through the match layer: set-up with who starts, clicks and the cursor, the
illegal-move and pass messages, markers, a whole game to its announced end."""

from __future__ import annotations

import random

import pytest

from pyxel_app.cartridges.othello import BOARD_X, BOARD_Y, CELL_PX
from pyxel_app.rules.othello import BLACK, PASS, RULES, WHITE
from pyxel_app.shell import strings
from pyxel_app.shell.match import MatchCartridge


def open_othello(make_app, keys):
    app, driver = make_app()
    app.open_cartridge("othello")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge)
    for key in keys:
        driver.key(key)
    assert cart.phase == "play"
    return app, driver, cart


def settle(driver, cart, limit=3000):
    for _ in range(limit):
        if not cart.view.busy(cart.ui) and not cart.agent_to_move() and not cart.hinting:
            return
        driver.frame()
    raise AssertionError("the board never settled")


def click(driver, name: str) -> None:
    square = RULES.move_from_text(None, name)
    row, column = divmod(square, 8)
    driver.click(BOARD_X + column * CELL_PX + 8, BOARD_Y + row * CELL_PX + 8)


def test_two_players_black_starts_and_a_click_places_a_stone(make_app):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "RETURN"])
    assert RULES.to_move(cart.state) == BLACK and cart.colours == ["black", "white"]
    click(driver, "f5")
    settle(driver, cart)
    assert cart.session.moves[-1] == "f5" and cart.state.count(BLACK) == 4
    assert cart.view.last_move() == RULES.move_from_text(None, "f5")


def test_white_starts_when_chosen(make_app):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "2"])
    assert RULES.to_move(cart.state) == WHITE and cart.colours == ["black", "white"]
    assert RULES.variant_of(cart.session.start) == "white-starts"
    driver.key("RETURN")  # the cursor starts on d3, no move for White: refused
    assert cart.session.move_count == 0 and cart.message == "Illegal move: d3 turns no stone."
    for key in ("RIGHT", "RETURN"):
        driver.key(key)
    assert cart.session.moves[-1] == "e3"


def test_an_illegal_move_is_reported_and_changes_nothing(make_app):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "RETURN"])
    click(driver, "d4")
    assert cart.message == "Illegal move: d4 is taken." and cart.session.move_count == 0
    click(driver, "a1")
    assert cart.message == "Illegal move: a1 turns no stone."


def test_markers_toggle(make_app):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "RETURN"])
    assert cart.ui.markers
    driver.key("L")
    assert not cart.ui.markers and cart.message == "Legal-move markers off."


def play_to_the_end(driver, cart, rng, passes: list):
    while not cart.over:
        settle(driver, cart)
        moves = RULES.legal_moves(cart.state)
        if moves == [PASS]:
            passes.append(cart.state)
            driver.key("RETURN")  # a person with no move confirms the pass
        else:
            assert cart.submit(RULES.move_to_text(rng.choice(moves)))
    settle(driver, cart)


def test_a_whole_game_reports_its_passes_and_announces_the_winner_with_the_count(make_app, screen_text):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "RETURN"])
    rng = random.Random(5)
    passes: list = []
    for _ in range(30):
        play_to_the_end(driver, cart, rng, passes)
        if passes:
            break
        driver.key("N")
    assert passes, "no game with a pass in 30 random games"
    outcome = cart.session.outcome
    state = cart.state
    count = f"{state.count(BLACK)} to {state.count(WHITE)}"
    assert count in cart.end_text()
    assert cart.screen_id == "over" and count in screen_text(app)
    assert ("won" in cart.end_text()) == (outcome.winner is not None)


def test_the_pass_message_is_on_screen_when_a_person_must_pass(make_app, screen_text):
    app, driver, cart = open_othello(make_app, ["2", "RETURN", "RETURN", "RETURN"])
    rng = random.Random(5)
    for _ in range(30):
        while not cart.over and RULES.legal_moves(cart.state) != [PASS]:
            settle(driver, cart)
            cart.submit(RULES.move_to_text(rng.choice(RULES.legal_moves(cart.state))))
        if not cart.over:
            break
        settle(driver, cart)
        driver.key("N")
    settle(driver, cart)
    driver.run(200)  # the last message fades
    assert "must pass" in screen_text(app)
    before = cart.session.move_count
    driver.key("RETURN")
    assert cart.session.moves[-1] == "pass" and cart.session.move_count == before + 1
    assert "no legal move and passed" in cart.message


def test_against_the_computer_it_answers_with_a_legal_move(make_app):
    app, driver, cart = open_othello(make_app, ["1", "2", "RETURN", "1", "RETURN"])  # greedy, Black (the person) starts
    click(driver, "f5")
    settle(driver, cart)
    assert cart.session.move_count == 2 and RULES.to_move(cart.state) == BLACK


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_nothing_enters_the_margin_on_othello(make_app, language):
    from test_grid import stray_pixels, tour

    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge("othello")
    shots = tour(driver, [("mode", ""), ("name", "2"), ("second name", "RETURN"), ("first", "RETURN"),
                          ("play", "RETURN wait:5"), ("illegal", "RETURN wait:5")], {})
    assert app.cartridge.phase == "play"
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}
    assert stray_pixels() == []
