"""Against the computer, where the colours are the sides (draughts, Othello), the person chooses
their pieces at set-up: "Your pieces: White / Black", by digit, keys, pad or mouse, in both
languages, ESC going back.  The seats follow, the choice is saved and restored (old saves
without it still load), and after the end the other side starts as before."""

from __future__ import annotations

import pytest
from test_text_fits import cartridge_at_start

from pyxel_app.rules.draughts import BLACK, WHITE
from pyxel_app.shell import match, strings, ui
from pyxel_app.shell.setup_base import FIRST_CHOICE_ROW, sides_have_colours

NAME = "Ann"


def to_the_side_question(make_app, key: str, language: str = "en"):
    """``key``'s set-up against the computer at its first level, ``NAME`` typed, at "Your pieces"."""
    app, driver, cart = cartridge_at_start(make_app, key, language)
    if cart.phase == "variant":
        driver.key("RETURN")
    driver.key("1")  # one player, against the computer
    driver.key("RETURN")  # the first level
    driver.text(NAME)
    driver.key("RETURN")
    assert cart.phase == "side"
    return app, driver, cart


def choice_y(index: int) -> int:
    return (FIRST_CHOICE_ROW + 2 * index) * ui.CELL + 3


# Each way to take the second choice: its digit, the arrows and RETURN, the d-pad and A, a click.
SECOND = {
    "digit": lambda driver: driver.key("2"),
    "keys": lambda driver: driver.script("DOWN RETURN"),
    "pad": lambda driver: driver.script("pad:DPAD_DOWN pad:A"),
    "mouse": lambda driver: driver.click(100, choice_y(1)),
}


def test_only_games_whose_colours_are_their_sides_ask_it():
    from pyxel_app import games

    assert [spec.key for spec in games.GAMES if spec.is_match and sides_have_colours(spec)] == ["othello", "draughts"]


@pytest.mark.parametrize("way", sorted(SECOND))
def test_draughts_as_black_by_every_device_puts_the_computer_in_white(make_app, monkeypatch, way):
    monkeypatch.setattr(match, "THINK_MS_PER_FRAME", 1)
    app, driver, cart = to_the_side_question(make_app, "draughts")
    SECOND[way](driver)
    assert cart.phase == "play"
    assert cart.computer_seat == WHITE and cart.names == ["", NAME] and cart.person_here() == BLACK
    assert cart.player_label(BLACK) == f"{NAME} (Black)" and cart.is_computer(WHITE)
    assert cart.view.upside_down()  # seen from Black's side
    for _ in range(600):  # White moves first: the computer
        if cart.session.move_count:
            break
        driver.frame()
    assert cart.session.move_count == 1


def test_othello_as_white_then_who_starts_names_the_sides(make_app, screen_text):
    app, driver, cart = to_the_side_question(make_app, "othello")
    driver.key("2")
    assert cart.phase == "first"
    shown = screen_text(app)
    assert "Random AI (Black) starts" in shown and f"{NAME} (White) starts" in shown
    driver.key("2")  # the person, White, starts
    assert cart.phase == "play" and cart.computer_seat == 0 and cart.names == ["", NAME]
    assert cart.rules.to_move(cart.state) == 1 and not cart.agent_to_move()


@pytest.mark.parametrize("language, words", [("en", ("Your pieces:", "White", "Black")),
                                              ("de", ("Deine Steine:", "Weiß", "Schwarz"))])
def test_the_question_in_both_languages(make_app, screen_text, language, words):
    app, driver, cart = to_the_side_question(make_app, "draughts", language)
    shown = screen_text(app)
    for word in words:
        assert word in shown
    driver.text("x")
    assert cart.phase == "side" and cart.message == strings.t("match.invalid")


def test_escape_goes_back_to_the_name_and_keeps_it(make_app):
    app, driver, cart = to_the_side_question(make_app, "othello")
    driver.key("2")
    assert cart.phase == "first"
    driver.key("ESCAPE")
    assert cart.phase == "side" and cart.setup.chooser.index == 1  # the side chosen is offered again
    driver.key("ESCAPE")
    assert cart.phase == "name" and cart.entry.typed == NAME and cart.computer_seat == 1
    driver.key("RETURN")
    driver.key("1")  # Black after all
    driver.key("1")
    assert cart.phase == "play" and cart.names == [NAME, ""] and cart.computer_seat == 1


def test_two_people_and_connect_4_are_not_asked(make_app):
    app, driver = make_app()
    app.open_cartridge("draughts")
    driver.frame()
    cart = app.cartridge
    driver.script("RETURN 2 RETURN RETURN")  # the rules, two players, two names
    assert cart.phase == "play"
    app.open_cartridge("connect4")
    driver.frame()
    cart = app.cartridge
    driver.script("1 1 RETURN RETURN")  # against the computer: the name, then the colour of four
    assert cart.phase == "play" and "side" not in cart.screen_ids


def test_the_side_is_saved_and_restored_and_old_saves_keep_working(make_app):
    app, driver, cart = to_the_side_question(make_app, "draughts")
    driver.key("2")
    text = cart.session.to_text()
    assert "meta.computer=1" in text and f"meta.name2={NAME}" in text and "meta.name1=\n" in text
    again, again_driver = make_app()
    again.open_cartridge("draughts")
    again_driver.frame()
    restored = again.cartridge
    restored.adopt(restored.session_from_text(text))
    assert restored.computer_seat == WHITE and restored.person_here() == BLACK and restored.names == ["", NAME]
    assert restored.view.upside_down()
    old = "\n".join(line for line in text.splitlines() if not line.startswith("meta.computer="))
    restored.adopt(restored.session_from_text(old))  # a save from before the choice: the computer in seat 2
    assert restored.computer_seat == BLACK and restored.person_here() == WHITE


@pytest.mark.parametrize("key", ["draughts", "othello"])
def test_after_the_end_the_person_takes_the_other_side_and_the_other_side_starts(make_app, key):
    app, driver, cart = to_the_side_question(make_app, key)
    driver.key("2")  # the second side
    if cart.phase == "first":
        driver.key("1")  # the first side (the computer) starts
    first_mover = cart.rules.to_move(cart.state)
    assert cart.is_computer(first_mover)
    cart.flow.agree(first_mover, "resigned")
    driver.key("N")
    assert cart.session.move_count == 0 and cart.names == [NAME, ""] and cart.computer_seat == 1
    assert cart.rules.to_move(cart.state) == first_mover and not cart.is_computer(first_mover)
    assert cart.colours == list(cart.spec.colours[:2])  # the colours stay with their sides
    if key == "draughts":
        assert not cart.view.upside_down()
