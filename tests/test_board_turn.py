"""T turns the board round (draughts, Othello): drawn from the other side, its labels too, and
the cursor and the pointer still pick the square shown under them; the game menu offers it by
pad and mouse, the help pages name it in both languages, and Connect 4 refuses it with a word.
Draughts shows its squares' numbers on S (or from the game menu), turned with the board."""

from __future__ import annotations

import pytest
import pyxel
from test_text_fits import cartridge_at_start

from pyxel_app.cartridges.draughts import SQUARE_PX
from pyxel_app.cartridges.othello import LETTER_ROW
from pyxel_app.rules.othello import COLUMN_LETTERS, square_name
from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.overlays import PauseMenu
from pyxel_app.shell.strings import t, text_in


def two_people(make_app, key: str, language: str = "en"):
    app, driver, cart = cartridge_at_start(make_app, key, language)
    cart.start_playing()
    driver.frame()
    return app, driver, cart


def pixel(x: int, y: int) -> int:
    return pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y)


def unturned_centre(square: int) -> tuple[int, int]:
    """Where an Othello square is on a board not turned: its stone's middle, right of the last
    move's dot."""
    from pyxel_app.cartridges.othello import BOARD_X, BOARD_Y, CELL_PX

    row, column = divmod(square, 8)
    return BOARD_X + column * CELL_PX + CELL_PX // 2 + 4, BOARD_Y + row * CELL_PX + CELL_PX // 2


def printed(monkeypatch, app) -> list[tuple[int, int, str]]:
    """(x, y, text) of every text the next frame prints."""
    shown = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda x, y, s, col=0: shown.append((x, y, s)) or real(x, y, s, col))
    app.draw()
    monkeypatch.setattr(ui, "text", real)
    return shown


def test_othello_turned_draws_h8_top_left_with_its_labels(make_app, monkeypatch):
    app, driver, cart = two_people(make_app, "othello")
    f5, c4 = (cart.rules.move_from_text(None, name) for name in ("f5", "c4"))
    assert cart.submit("f5")
    driver.run(30)
    assert pixel(*unturned_centre(f5)) == palette.BLACK and pixel(*unturned_centre(c4)) == palette.GREEN
    driver.key("T")
    assert cart.view.upside_down()
    assert pixel(*unturned_centre(c4)) == palette.BLACK and pixel(*unturned_centre(f5)) == palette.GREEN
    texts = printed(monkeypatch, app)
    letters = [s for x, y, s in sorted(texts) if y == LETTER_ROW * ui.CELL and s in COLUMN_LETTERS]
    numbers = [s for x, y, s in sorted(texts, key=lambda item: item[1]) if x == ui.CELL and s.isdigit()]
    assert letters == list(reversed(COLUMN_LETTERS)) and numbers == [str(n) for n in range(8, 0, -1)]
    driver.key("T")
    assert not cart.view.upside_down() and pixel(*unturned_centre(f5)) == palette.BLACK


def test_othello_turned_takes_the_square_under_the_pointer_and_the_arrows_as_seen(make_app):
    app, driver, cart = two_people(make_app, "othello")
    driver.key("T")
    driver.click(*unturned_centre(cart.rules.move_from_text(None, "c4")))  # f5's square is drawn there now
    assert cart.session.move_texts() == ["f5"]
    driver.run(30)
    cursor = cart.ui.cursor  # f5, where it was placed
    driver.key("RIGHT")  # one square to the right as drawn: one to the left on the board
    assert square_name(cart.ui.cursor) == "e5"
    driver.pad("DPAD_DOWN")  # down as drawn: up on the board
    assert square_name(cart.ui.cursor) == "e4" and cursor != cart.ui.cursor


def test_draughts_turned_and_turned_back_for_a_person_playing_black(make_app):
    app, driver, cart = two_people(make_app, "draughts")
    driver.key("T")
    assert cart.view.upside_down()
    x, y = cart.view.square_centre(31)  # square 32, White's, is drawn at the top now
    assert y < 100 and pixel(x, y) == palette.WHITE  # in the upper half of the board (rows 40-160)
    driver.click(x, y)
    assert cart.ui.selected == 31
    cart.mode, cart.computer_seat = "computer", 0  # the person plays Black: the board faces them
    driver.frame()
    assert not cart.view.upside_down()  # T turned it, from there, back to White's side
    driver.key("T")
    assert cart.view.upside_down()


def menu_entry(app, label: str) -> int:
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    labels = [entry[0] for entry in menu.entries]
    assert label in labels, labels
    return labels.index(label)


def choose_by_pad(app, driver, label: str) -> None:
    """The game menu's entry ``label`` chosen with the pad alone: START, down to it, A."""
    driver.pad("START")
    index = menu_entry(app, label)
    menu = app.overlays[-1]
    for _ in range(len(menu.entries)):
        if menu.chooser.index == index:
            break
        driver.pad("DPAD_DOWN")
    driver.pad("A")


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", ["draughts", "othello"])
def test_the_game_menu_turns_the_board_by_pad_and_by_mouse(make_app, key, language):
    app, driver, cart = two_people(make_app, key, language)
    label = text_in(language, "match.cmd.turn")
    choose_by_pad(app, driver, label)
    assert not app.overlays and cart.view.upside_down()
    driver.key("TAB")
    menu = app.overlays[-1]
    index = menu_entry(app, label)
    menu.chooser.select(index)  # scrolled to, where the game's commands do not all fit
    driver.frame()
    driver.click(100, menu.chooser.row_y(index) + 3)
    assert not app.overlays and not cart.view.upside_down()


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_connect_4_refuses_with_a_word_and_does_not_offer_it(make_app, language, monkeypatch):
    app, driver, cart = two_people(make_app, "connect4", language)
    played = []
    monkeypatch.setattr(app, "sound", played.append)
    driver.key("T")
    assert cart.message == text_in(language, "match.no_turn") and played == ["refused"]
    assert not cart.view.upside_down() and cart.session.move_count == 0
    assert text_in(language, "match.cmd.turn") not in [command.label for command in cart.commands()]


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_help_pages_name_the_keys(language):
    for key in ("draughts", "othello"):
        assert "[T]" in text_in(language, f"{key}.help"), key
    assert "[S]" in text_in(language, "draughts.help")


def press_typing(driver, letter: str) -> None:
    """A letter's key pressed as on a real keyboard, which types the letter too."""
    code = getattr(pyxel, f"KEY_{letter.upper()}")
    pyxel.set_btn(code, True)
    pyxel.set_input_text(letter)
    driver.frame()
    pyxel.set_btn(code, False)
    driver.frame()


def test_l_typed_in_othello_is_the_markers_not_an_invalid_choice(make_app):
    app, driver, cart = two_people(make_app, "othello")
    press_typing(driver, "l")
    assert not cart.ui.markers and cart.message == "Legal-move markers off."


# Draughts' square numbers.


def patch_at(x: int, y: int) -> tuple[int, ...]:
    """The pixels of the square whose middle is (x, y)."""
    half = SQUARE_PX // 2
    return tuple(pixel(x + dx, y + dy) for dy in range(-half, half) for dx in range(-half, half))


def test_s_shows_each_squares_number_where_the_square_is_drawn(make_app):
    app, driver, cart = two_people(make_app, "draughts")
    view = cart.view
    plain = {square: patch_at(*view.square_centre(square)) for square in (22, 27, 31)}  # 23, 28 empty; 32 a man
    press_typing(driver, "s")
    assert view.numbers_shown and cart.message_frames == 0  # a typed s is no "Invalid choice!"
    numbered = {square: patch_at(*view.square_centre(square)) for square in plain}
    assert all(numbered[square] != plain[square] for square in plain)
    assert palette.WHITE in numbered[22] and palette.BLACK in numbered[31]  # white on a dark square, dark on a white man
    assert numbered[22] != numbered[27]  # 23 is not 28
    driver.key("T")
    assert view.upside_down()
    for square in plain:  # each number travels with its square
        assert patch_at(*view.square_centre(square)) == numbered[square], square
    driver.key("S")
    assert patch_at(*view.square_centre(22)) == plain[22]


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_game_menu_shows_the_numbers_by_pad(make_app, language):
    app, driver, cart = two_people(make_app, "draughts", language)
    choose_by_pad(app, driver, t("draughts.cmd.numbers"))
    assert cart.view.numbers_shown
