"""How the screens look: reverse-video hotkeys that stay legible, the title screen, motion, ByPuzz's tiles."""

from __future__ import annotations

import string

import pytest

from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.glyphs import GLYPHS

INK, PAPER = palette.LIGHT_BLUE, palette.BLUE


def hotkey_characters() -> set[str]:
    """Every character printed reversed: the hotkeys of every string in both languages, plus letters and digits."""
    chars = set(string.ascii_letters + string.digits + "ÄÖÜäöü")
    for language in strings.LANGUAGES:
        for text in strings.table(language).values():
            for part, is_key in ui.split_hotkeys(text):
                if is_key:
                    chars |= set(part)
    return chars & set(GLYPHS)


def draw_reversed(pyxel, x: int, y: int, text: str) -> None:
    pyxel.camera()
    pyxel.cls(PAPER)
    ui.reverse(x, y, text, INK, PAPER)


@pytest.mark.parametrize("ch", sorted(hotkey_characters()))
def test_a_reversed_hotkey_keeps_a_pixel_of_block_around_its_letter(pyxel_screen, ch):
    pyxel = pyxel_screen
    x, y = 16, 16
    draw_reversed(pyxel, x, y, ch)
    block = {(px, py) for px in range(x, x + ui.CELL - 1) for py in range(y, y + ui.CELL - 1)}
    letter = {p for p in block if pyxel.screen.pget(*p) == PAPER}
    assert letter, f"{ch!r} shows no letter"
    for px, py in letter:
        around = [(px + dx, py + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert all(p in block for p in around), f"{ch!r}: a stroke at {(px - x, py - y)} touches the paper outside"


def test_stacked_reversed_hotkeys_on_adjacent_rows_do_not_touch(pyxel_screen):
    pyxel = pyxel_screen
    x, y = 16, 16
    draw_reversed(pyxel, x, y, "N")
    ui.reverse(x, y + ui.CELL, "P", INK, PAPER)
    ui.reverse(x + ui.CELL, y, "Q", INK, PAPER)
    between_rows = [pyxel.screen.pget(px, y + ui.CELL - 1) for px in range(x - 1, x + 2 * ui.CELL)]
    assert set(between_rows) == {PAPER}
    after_block = [pyxel.screen.pget(x + 2 * ui.CELL - 1, py) for py in range(y, y + ui.CELL)]
    assert set(after_block) == {PAPER}
