"""The end of every match game, in both languages and with the longest names, is written under the
board whole (not in a box) and overlaps nothing the board view draws: Connect 4's column letters
A-G stay on the screen at the end, with a blank pixel row between them and the end's first line."""

from __future__ import annotations

import pyxel
import pytest

import test_endings
from pyxel_app.rules.connect4 import COLUMN_LETTERS
from pyxel_app.shell import palette, strings, ui
from test_endings import MATCH_ENDINGS, match_in, settle

LONG_NAMES = ("Wwwwwwwwwwww", "Mmmmmmmmmmmm")  # twelve letters, the most a name has


def cases():
    return [pytest.param(key, ending, id=f"{key}{number}-{ending}")
            for key, endings in MATCH_ENDINGS.items() for number, ending in enumerate(endings, 1)]


def lowest_board_pixel(cart) -> int:
    """The lowest pixel row the board view draws at the end (the board, its letters)."""
    pyxel.cls(palette.BACKGROUND)
    cart.view.draw(cart.state, cart.ui, True)
    pget = pyxel.screen.pget
    for y in range(ui.SCREEN_H - 1, -1, -1):
        if any(pget(ui.BORDER_X + x, ui.BORDER_Y + y) != palette.BACKGROUND for x in range(ui.SCREEN_W)):
            return y
    raise AssertionError("the view drew nothing")


@pytest.mark.parametrize("key, ending", cases())
def test_the_end_is_written_under_the_board_whole_and_clear_of_it(make_app, monkeypatch, key, ending):
    monkeypatch.setattr(test_endings, "NAMES", LONG_NAMES)
    app, driver, cart, _ = match_in(make_app, key, ("two", None), ending.variant, ending.start)
    for text in ending.moves.split():
        assert cart.submit(text), (text, cart.message)
    settle(driver, cart)
    for language in strings.LANGUAGES:
        strings.set_language(language)
        lines = ui.wrap(cart.end_text(), ui.COLS - 2)
        assert len(lines) <= cart.message_lines, (language, lines)  # under the board, not in a box
        first_line = ui.lines_above(ui.STATUS_Y, len(lines))
        board_bottom = lowest_board_pixel(cart)
        assert first_line > board_bottom + 1, (language, lines[0], first_line, board_bottom)
        printed = []
        real = ui.text
        with monkeypatch.context() as patch:
            patch.setattr(ui, "text", lambda x, y, s, col=0: printed.append((y, s)) or real(x, y, s, col))
            app.draw()
        assert all((y, line) in printed for y, line in zip(range(first_line, ui.SCREEN_H, ui.LINE_PITCH), lines))
        if key == "connect4":
            letters = [s for y, s in printed if s in COLUMN_LETTERS and y < first_line]
            assert letters == list(COLUMN_LETTERS), letters
    strings.set_language("en")
