"""Draughts end to end, headless: the rules chosen first, moves by mouse, keys and pad, a capture
route picked square by square, forced captures, the computer, the end, the grid.  (PDN in and out
is the game menu's Export and Import: tests/test_record_files.py.)"""

from __future__ import annotations

import pyxel
import pytest

from pyxel_app.cartridges.draughts import BOARD_X, BOARD_Y, SQUARE_PX
from pyxel_app.rules.draughts import RULES, square_xy
from pyxel_app.rules.records import Record
from pyxel_app.shell import match, palette, strings, ui
from pyxel_app.shell.match import MatchCartridge

from test_grid import tour


def centre(square: int) -> tuple[int, int]:
    x, y = square_xy(square - 1)
    return BOARD_X + x * SQUARE_PX + SQUARE_PX // 2, BOARD_Y + y * SQUARE_PX + SQUARE_PX // 2


def open_draughts(make_app, variant="1", mode="2", level=None, side="1", **kwargs):
    """Draughts in play: against the computer (mode 1) the person's side is asked, White first."""
    app, driver = make_app(**kwargs)
    app.open_cartridge("draughts")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge) and cart.phase == "variant"
    driver.key(variant)
    assert cart.phase == "mode"
    driver.key(mode)
    if level is not None:
        driver.key(level)
    driver.key("RETURN")
    driver.key("RETURN" if mode == "2" else side)
    assert cart.phase == "play"
    return app, driver, cart


def click(driver, *squares: int) -> None:
    for square in squares:
        driver.click(*centre(square))


def settle(driver, cart, limit=3000):
    for _ in range(limit):
        if not cart.thinking and not cart.agent_to_move():
            return
        driver.frame()
    raise AssertionError("the computer never answered")


def test_the_rules_are_chosen_first_and_kept_in_the_save(make_app):
    app, driver, cart = open_draughts(make_app, variant="2")
    assert cart.state.variant == "warcaby" and bin(cart.state.white).count("1") == 15
    click(driver, 36, 31)
    assert cart.session.move_texts() == ["36-31"]
    text = cart.session.to_text()
    assert "variant=warcaby" in text and "meta.variant=warcaby" in text
    again = cart.session_from_text(text)
    assert again.state == cart.state and again.start.variant == "warcaby"


def test_escape_from_the_mode_goes_back_to_the_rules(make_app):
    app, driver = make_app()
    app.open_cartridge("draughts")
    driver.frame()
    cart = app.cartridge
    driver.key("1")
    assert cart.phase == "mode"
    driver.key("ESCAPE")
    assert cart.phase == "variant"


def test_a_piece_picked_by_mouse_moves_to_a_lit_square(make_app):
    app, driver, cart = open_draughts(make_app)
    click(driver, 32)
    assert cart.ui.selected == 31
    click(driver, 27)
    assert cart.session.move_texts() == ["32-27"] and cart.ui.selected is None
    click(driver, 32)  # now empty: refused, nothing changes
    assert cart.session.move_texts() == ["32-27"] and cart.message


def test_keys_and_pad_move_the_cursor_and_pick(make_app):
    app, driver, cart = open_draughts(make_app)
    assert cart.ui.cursor == (3, 6)  # square 32
    driver.key("RETURN")
    assert cart.ui.selected == 31
    driver.key("UP")
    driver.key("LEFT")
    driver.pad("A")
    assert cart.session.move_texts() == ["32-27"]


def test_a_forced_capture_refuses_other_pieces(make_app):
    app, driver, cart = open_draughts(make_app)
    click(driver, 32, 28, 19, 23)
    assert cart.session.move_texts() == ["32-28", "19-23"]
    click(driver, 31)
    assert cart.ui.selected is None and "compulsory" in cart.message
    click(driver, 28, 19)
    assert cart.session.move_texts()[-1] == "28x19"


def load_position(app, driver, cart, fen: str, variant: str = "international") -> None:
    cart.take_record(Record(RULES, RULES.state_from_text(fen, variant)), "a position")
    driver.frame()
    assert RULES.state_to_text(cart.state).split()[0] == fen


def test_two_captures_to_one_square_are_told_apart_by_their_landing_squares(make_app):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:WK1:B12,21,28,33")
    click(driver, 1, 16)
    assert cart.session.move_count == 0 and "More than one capture" in cart.message
    click(driver, 29)
    assert cart.ui.path == [28]
    click(driver, 16)
    assert cart.session.move_texts() == ["1x29x38x16"]


def test_a_multi_capture_goes_square_by_square_or_straight_to_the_end(make_app):
    app, driver, cart = open_draughts(make_app, variant="2")
    load_position(app, driver, cart, "W:W12:B8,9", "warcaby")
    click(driver, 12, 3)
    assert cart.ui.path == [2] and cart.session.move_count == 0
    click(driver, 25)
    assert cart.session.move_texts() == ["12x3x25"]
    assert cart.state.piece_at(24) == (0, True)


def test_against_the_computer_it_answers_and_undo_takes_both(make_app, monkeypatch):
    monkeypatch.setattr(match, "THINK_MS_PER_FRAME", 2)
    app, driver, cart = open_draughts(make_app, mode="1", level="3")
    click(driver, 32, 28)
    settle(driver, cart)
    assert cart.session.move_count == 2
    driver.key("Z")
    assert cart.session.move_count == 0


def test_the_hint_marks_a_legal_move(make_app, monkeypatch):
    monkeypatch.setattr(match, "THINK_MS_PER_FRAME", 50)
    app, driver, cart = open_draughts(make_app)
    driver.key("H")
    for _ in range(2000):  # a frame's slice is what the frame leaves: a busy machine takes more frames
        driver.frame()
        if cart.ui.hint is not None:
            break
    assert cart.ui.hint in RULES.legal_moves(cart.state)
    assert cart.message.startswith("Hint:")


def test_the_end_is_told_and_a_new_game_follows(make_app):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:W28:B23")
    click(driver, 28, 19)
    assert cart.over and "captured every piece" in cart.end_text()
    driver.key("N")
    assert not cart.over and cart.state == RULES.initial_state()


def test_the_menu_offers_export_and_import_and_no_pdn_commands_of_its_own(make_app):
    app, driver, cart = open_draughts(make_app)
    labels = [command.label for command in cart.commands()]
    assert strings.t("pause.export") in labels and strings.t("pause.import") in labels
    assert not any("PDN" in label for label in labels)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_nothing_enters_the_margin_on_draughts(make_app, language):
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge("draughts")
    shots = tour(driver, [("variant", ""), ("mode", "1"), ("level", "1"), ("name", "4")], {})
    shots = tour(driver, [("side", "RETURN"), ("play", "1 wait:40")], shots)
    cart = app.cartridge
    load_position(app, driver, cart, "W:WK1:B12,21,28,33")
    x, y = centre(1)
    tour(driver, [("selected", f"click:{x},{y}")], shots)
    load_position(app, driver, cart, "W:W28:B23")
    x, y = centre(28)
    x2, y2 = centre(19)
    tour(driver, [("over", f"click:{x},{y} click:{x2},{y2} wait:5")], shots)
    assert cart.over
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


def test_the_board_shows_kings_apart_from_men(make_app):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:WK46,47:B1,K2")
    driver.frame()
    pget = pyxel.screen.pget
    for square, crowned in ((46, True), (47, False), (1, False), (2, True)):
        x, y = centre(square)
        colour = pget(ui.BORDER_X + x - 3, ui.BORDER_Y + y)
        assert (colour == 7) == crowned, square  # the crown's yellow ring


def test_a_person_playing_black_against_the_computer_sees_the_board_from_black(make_app, monkeypatch):
    monkeypatch.setattr(match, "THINK_MS_PER_FRAME", 2)
    app, driver, cart = open_draughts(make_app, mode="1", level="1")
    assert not cart.view.upside_down()
    cart.new_game(other_side_starts=True)  # the next game: the computer has White and moves first
    settle(driver, cart)
    assert cart.view.upside_down() and cart.session.move_count == 1
    driver.frame()
    # square 19 (Black's) is shown where square 32 is for White, and a click there picks it
    x, y = centre(32)
    driver.click(x, y)
    assert cart.ui.selected == 18
    # White's back row is at the top, Black's at the bottom
    pget = pyxel.screen.pget
    for square, ink in ((47, palette.WHITE), (4, palette.BLACK)):
        x, y = centre(51 - square)
        assert pget(ui.BORDER_X + x, ui.BORDER_Y + y) == ink, square
    # the cursor keys move the cursor the way they point on the screen
    cursor = cart.ui.cursor
    driver.key("RIGHT")
    assert cart.ui.cursor == ((cursor[0] - 1) % 10, cursor[1])


def test_the_set_up_screens_are_titled_by_what_they_ask(make_app, screen_text):
    app, driver = make_app()
    app.open_cartridge("draughts")
    driver.frame()
    assert app.cartridge.phase == "variant"
    assert "Rules." in screen_text(app) and "Players." not in screen_text(app)
    driver.key("1")
    assert app.cartridge.phase == "mode"
    assert "Players." in screen_text(app) and "Rules." not in screen_text(app)


@pytest.mark.parametrize("variant, word", [("1", "International"), ("2", "Warcaby")])
def test_the_rule_set_is_on_the_screen(make_app, screen_text, variant, word):
    app, driver, cart = open_draughts(make_app, variant=variant)
    assert f"Rules: {word}" in screen_text(app)


@pytest.mark.parametrize("language, words", [("en", "Taking the most pieces is compulsory"),
                                             ("de", "Die meisten Steine zu schlagen ist Pflicht")])
def test_a_piece_that_takes_fewer_is_told_the_capture_taking_most_is_compulsory(make_app, language, words):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:W28,46,50:B18,22,31,41")
    strings.set_language(language)
    click(driver, 28)  # it could take 22, but 46 takes two
    assert cart.ui.selected is None and words in cart.message
    click(driver, 50)  # nothing to take, with a capture to make
    assert cart.message == strings.t("draughts.must_capture")
    click(driver, 46, 26)
    assert cart.session.move_texts() == ["46x37x26"]


def test_a_square_off_the_way_picked_goes_back_along_it_to_where_it_can_be_reached(make_app):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:WK1:B12,21,28,33")
    click(driver, 1, 29)  # on the way by 38
    assert cart.ui.path == [28]
    click(driver, 23)  # the other way's first landing: begun again
    assert cart.ui.selected == 0 and cart.ui.path == [22] and cart.session.move_count == 0
    click(driver, 3)  # neither on a way nor an end: refused, the way kept
    assert cart.ui.path == [22] and cart.message == strings.t("draughts.not_there")
    click(driver, 32, 16)
    assert cart.session.move_texts() == ["1x23x32x16"]


def test_a_later_landing_off_the_way_goes_back_one_landing(make_app):
    app, driver, cart = open_draughts(make_app, variant="2")
    load_position(app, driver, cart, "W:WK7,K8,K11,12,17,32,K40,K43:B2,19,20,K36,K38", "warcaby")
    click(driver, 8, 24, 42)  # on the way 8x24x42x15
    assert cart.ui.path == [23, 41]
    click(driver, 47)  # 8x24x47x15 lands there after 24
    assert cart.ui.path == [23, 46] and cart.session.move_count == 0
    click(driver, 15)
    assert cart.session.move_texts() == ["8x24x47x15"]


def test_a_square_a_capture_lands_on_and_ends_on_shows_the_ring_round_the_dot(make_app):
    app, driver, cart = open_draughts(make_app)
    load_position(app, driver, cart, "W:WK10,K25,K34,K35:B8,9,K13,K33,37,K43")
    click(driver, 25, 3)
    driver.move(0, 0)  # the cursor's frame stays on 3, away from 26
    x, y = centre(26)
    pget = pyxel.screen.pget
    assert pget(ui.BORDER_X + x, ui.BORDER_Y + y) == palette.LIGHT_GREEN  # a route ends there
    assert pget(ui.BORDER_X + x + 4, ui.BORDER_Y + y) == palette.LIGHT_GREEN  # and one lands there and goes on
    assert pget(ui.BORDER_X + x + 3, ui.BORDER_Y + y) != palette.LIGHT_GREEN
