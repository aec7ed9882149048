"""Input is never dropped silently while a screen is busy (issue 38, part 6).

A key, button or click pressed while something runs on screen (ByPuzz's check run,
its solved celebration, a disc falling or stones turning at the end of a game) finishes
what runs and still does its own work; where there is nothing to act on yet (ByPuzz's
shuffle) the key is refused with the refused sound and a message.
"""

from __future__ import annotations

import random

import pytest

from pyxel_app import games
from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.cartridges.bypuzz.screens import ChooseScreen, PlayScreen, ShuffleScreen
from pyxel_app.rules.fifteen import STANDARD_GOAL
from pyxel_app.shell.match import MatchCartridge
from pyxel_app.shell.strings import t
from test_app_bypuzz import cell_centre
from test_bypuzz_screens import run_until

# Two tiles from solved (14 and 15 slid right), so the hint is found at once and the board is not solved.
TWO_AWAY = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15)


@pytest.fixture(autouse=True)
def small_solver_budget(monkeypatch):
    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 2.0)
    monkeypatch.setattr(ByPuzz, "still_solver_budget_ms", 2.0)


def bypuzz_checking(make_app, tiles=TWO_AWAY):
    """ByPuzz in play on ``tiles`` with the check run (as after the shuffle) just begun."""
    app, driver = make_app()
    app.open_cartridge("bypuzz")
    driver.frame()
    cart = app.cartridge
    cart.set_goal(STANDARD_GOAL)
    cart.play(tiles, None, check_run=True)
    driver.frame()
    assert isinstance(cart.screen, PlayScreen) and cart.screen.checking
    return app, driver, cart


def test_h_pressed_as_play_begins_gives_the_hint(make_app):
    _app, driver, cart = bypuzz_checking(make_app)
    driver.key("H")
    play = cart.screen
    assert not play.checking
    assert play.in_place == 13  # the check run's count, complete
    run_until(driver, lambda: play.hint_cell is not None)
    assert cart.state.tiles[play.hint_cell] == 14  # the tile a shortest solution moves first


def test_a_pad_move_after_p_is_played(make_app):
    _app, driver, cart = bypuzz_checking(make_app)
    run_until(driver, lambda: not cart.screen.checking)
    driver.key("P")
    assert cart.screen.checking
    driver.pad("DPAD_LEFT")  # the tile right of the gap (14) slides left into it
    assert cart.session.move_count == 1
    assert cart.state.tiles == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)


def test_a_click_during_the_check_run_slides_its_tile(make_app):
    _app, driver, cart = bypuzz_checking(make_app)
    driver.click(*cell_centre(15))  # 14 and 15 slide left, the board is solved
    assert cart.solved and cart.screen.won


def test_a_key_during_the_solved_celebration_does_its_work(make_app):
    _app, driver, cart = bypuzz_checking(make_app, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15))
    run_until(driver, lambda: not cart.screen.checking)
    driver.key("LEFT")  # 15 slides left: solved, the border flashes
    assert cart.screen.won and cart.screen.won_frames
    driver.key("N")
    driver.frame()
    assert isinstance(cart.screen, ChooseScreen)


def test_a_key_during_the_shuffle_is_refused_with_a_sound_and_a_message(make_app, monkeypatch):
    app, driver = make_app()
    app.open_cartridge("bypuzz")
    driver.frame()
    cart = app.cartridge
    cart.go(ShuffleScreen(cart))
    driver.frame()
    played = []
    monkeypatch.setattr(cart, "sound", played.append)
    driver.key("H")
    assert isinstance(cart.screen, ShuffleScreen)
    assert "refused" in played
    assert cart.message == t("bypuzz.busy.shuffle") and cart.message_frames


MATCH_GAMES = [spec.key for spec in games.GAMES if spec.view]


def finished_game(cart, seed=5):
    """Move texts of a random game of ``cart``'s rules to its end."""
    rules, rng = cart.rules, random.Random(seed)
    state, texts = cart.state, []
    while rules.outcome(state) is None:
        move = rng.choice(list(rules.legal_moves(state)))
        texts.append(rules.move_to_text(move))
        state = rules.apply(state, move)
    return texts


@pytest.mark.parametrize("key", MATCH_GAMES)
@pytest.mark.parametrize("press", ["N", "RETURN"])
def test_a_key_pressed_while_the_last_move_animates_is_not_lost(make_app, key, press):
    app, driver = make_app()
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge)
    cart.start_playing()  # two people on this computer
    texts = finished_game(cart)
    for text in texts[:-1]:
        cart.session.play(cart.rules.move_from_text(cart.state, text))
    cart.on_session_changed()
    assert cart.submit(texts[-1]) and cart.over
    driver.key(press)  # at once, while the last move may still animate: a new game
    assert cart.session.move_count == 0 and not cart.over
