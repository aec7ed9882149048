"""Resigning against the computer and between two people here: the game menu's Resign, by keys, pad
or mouse, asks first; yes ends the game lost for the person playing the computer (between two
people, for the side to move), said in the title box, the end text and the end's sound, in both
languages; no changes nothing.  The end is kept in the session: a saved slot comes back resigned,
the autosave of the finished game goes, undo takes the resignation back and redo cannot pass it."""

from __future__ import annotations

import random

import pytest
from test_endings import check_match_end, match_in, settle
from test_slots import menu_entry, page_of, press

from pyxel_app import games
from pyxel_app.shell import strings, ui
from pyxel_app.shell.overlays import Confirm, PauseMenu

MATCH_GAMES = [spec.key for spec in games.GAMES if spec.is_match]
SEATINGS = [("computer", 0), ("computer", 1), ("two", None)]


def play_some(cart, driver, rng: random.Random, count: int) -> None:
    """A few legal moves by whoever is to move (the computer's own too, as the test makes them)."""
    for _ in range(count):
        if cart.over:
            return
        if cart.agent_to_move():
            for _ in range(3000):
                driver.frame()
                if not cart.agent_to_move() or cart.over:
                    break
            continue
        move = rng.choice(cart.rules.legal_moves(cart.state))
        assert cart.submit(cart.rules.move_to_text(move))
        settle(driver, cart)


def choose_resign(app, driver, device: str) -> Confirm:
    """The game menu's Resign, reached by ``device``; the question it asks."""
    label = strings.t("net.cmd.resign")
    if device == "mouse":
        driver.key("TAB")
        menu = app.overlays[-1]
        assert isinstance(menu, PauseMenu)
        index = [entry[0] for entry in menu.entries].index(label)
        while index not in menu.chooser.shown():
            driver.key("DOWN")
        driver.click(ui.CELL * (menu.BODY_COL + 2), menu.chooser.row_y(index) + 3)
    else:
        menu_entry(app, driver, label, pad=device == "pad")
    question = app.overlays[-1]
    assert isinstance(question, Confirm), app.overlays
    return question


def answer_yes(driver, question: Confirm, device: str) -> None:
    if device == "keys":
        driver.key("Y")
    elif device == "pad":
        driver.pad("DPAD_LEFT")
        driver.pad("A")
    else:
        (start, _), _ = question._answer_spans()
        driver.click(start + 2, question.answer_row * ui.CELL + 3)


SEATING_IDS = ["computer-seat1", "computer-seat2", "two"]
# Every game and seating by keys; the pad and the mouse reach the same menu and question in one game.
RESIGN_CASES = ([pytest.param(key, seating, "keys", id=f"{key}-{name}-keys")
                 for key in MATCH_GAMES for seating, name in zip(SEATINGS, SEATING_IDS)]
                + [pytest.param("connect4", seating, device, id=f"connect4-{name}-{device}")
                   for device in ("pad", "mouse") for seating, name in zip(SEATINGS, SEATING_IDS)])


@pytest.mark.parametrize("key, seating, device", RESIGN_CASES)
def test_resigning_asks_and_ends_the_game_lost_for_the_resigner(make_app, monkeypatch, key, seating, device):
    from pyxel_app.shell.match_news import SOUND_LOST, SOUND_WON

    from sound_log import listen

    app, driver, cart, here = match_in(make_app, key, seating, None, "")
    play_some(cart, driver, random.Random(key), 3)
    settle(driver, cart)
    resigner = here if here is not None else cart.seat_to_move()
    played = listen(monkeypatch)
    question = choose_resign(app, driver, device)
    assert cart.player_name(resigner) in " ".join(question.lines)
    answer_yes(driver, question, device)
    settle(driver, cart)
    assert cart.over and (cart.outcome.winner, cart.outcome.reason) == (1 - resigner, "resigned")
    assert not cart.in_progress() and app.storage.read(cart.autosave_name) is None
    assert [s for s in played.names if s in (SOUND_WON, SOUND_LOST)] == [SOUND_LOST if here is not None else SOUND_WON]
    check_match_end(app, cart, monkeypatch, here)
    assert strings.t("net.cmd.resign") not in [command.label for command in cart.commands()]


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_no_keeps_the_game_and_the_menu_offers_resign_only_while_it_is_on(make_app, key):
    app, driver, cart, _ = match_in(make_app, key, ("computer", 1), None, "")
    play_some(cart, driver, random.Random(1), 2)
    moves = cart.session.move_texts()
    question = choose_resign(app, driver, "keys")
    driver.key("N")
    assert not app.overlays and question not in app.overlays
    assert not cart.over and cart.session.move_texts() == moves and cart.in_progress()


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_resigned_game_saved_comes_back_resigned_and_undo_takes_the_resignation_back(make_app, monkeypatch,
                                                                                       language):
    app, driver, cart, here = match_in(make_app, "connect4", ("computer", 1), None, "")
    play_some(cart, driver, random.Random(3), 4)
    settle(driver, cart)
    moves = cart.session.move_texts()
    strings.set_language(language)
    answer_yes(driver, choose_resign(app, driver, "keys"), "keys")
    settle(driver, cart)
    assert cart.outcome.winner == 1 - here
    menu_entry(app, driver, strings.t("pause.save"))
    driver.key("RETURN")
    driver.key("RETURN")  # the offered name
    assert not app.overlays
    driver.key("Y")  # redo cannot pass the resignation
    assert cart.over and cart.session.move_texts() == moves
    driver.key("Z")  # undo takes the resignation back, and only it
    settle(driver, cart)
    assert not cart.over and cart.session.move_texts() == moves and cart.in_progress()
    menu_entry(app, driver, strings.t("pause.load"))
    page = page_of(app)
    press(driver, False, "RETURN", "A")
    if app.overlays and isinstance(app.overlays[-1], Confirm):  # loading over the game in progress asks
        driver.key("Y")
    settle(driver, cart)
    assert page not in app.overlays
    assert cart.over and (cart.outcome.winner, cart.outcome.reason) == (1 - here, "resigned")
    assert cart.session.move_texts() == moves
    check_match_end(app, cart, monkeypatch, here)


def test_the_resignation_stands_at_its_moment_only(make_app):
    """Played on from an earlier moment the game is on; redo back to the moment shows it resigned
    again; a new move from the earlier moment leaves the resignation behind with the moves it replaces."""
    app, driver, cart, here = match_in(make_app, "othello", ("two", None), None, "")
    play_some(cart, driver, random.Random(5), 6)
    present = cart.session.position
    resigner = cart.seat_to_move()
    answer_yes(driver, choose_resign(app, driver, "keys"), "keys")
    settle(driver, cart)
    assert cart.over and cart.outcome.winner == 1 - resigner
    cart.play_on_from(present - 2)
    assert not cart.over and cart.in_progress()
    while cart.session.position < present:
        cart.redo()
    assert cart.over and (cart.outcome.winner, cart.outcome.reason) == (1 - resigner, "resigned")
    cart.play_on_from(present - 2)
    for _ in range(2):
        assert cart.submit(cart.rules.move_to_text(cart.rules.legal_moves(cart.state)[-1]))
        settle(driver, cart)
    assert cart.session.position == present and not cart.over
    cart.adopt(cart.session_from_text(cart.session.to_text()))  # saved and loaded: still on
    assert cart.session.position == present and not cart.over


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_an_exported_resigned_game_says_who_won_and_reads_back(make_app, key):
    from pyxel_app.rules.records import format_of, read_record, write_record

    for seating in SEATINGS:
        app, driver, cart, here = match_in(make_app, key, seating, None, "")
        play_some(cart, driver, random.Random(7), 3)
        settle(driver, cart)
        resigner = here if here is not None else cart.seat_to_move()
        text = write_record(cart.game_record())
        assert "Result" not in text or '"*"' in text  # a game going on says no winner
        answer_yes(driver, choose_resign(app, driver, "keys"), "keys")
        settle(driver, cart)
        text = write_record(cart.game_record())
        _, result = format_of(cart.rules).result_tag(1 - resigner)
        assert f'[Result "{result}"]' in text, text
        read = read_record(cart.rules, text)  # Import brings the moves back (the game on at its last move)
        assert [cart.rules.move_to_text(move) for move in read.moves] == cart.session.move_texts()
