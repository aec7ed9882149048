"""Drawing helpers on the C64's 40x25 character grid: text, reverse-video hotkeys, PETSCII boxes.

All coordinates are pixels of the 320x200 inner screen (the shell moves the
camera past the border), except the ``*_at`` helpers, which take character cells.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from . import palette
from .font import CELL

SCREEN_W, SCREEN_H = 320, 200
COLS, ROWS = SCREEN_W // CELL, SCREEN_H // CELL
BORDER_X, BORDER_Y = 32, 20
# The grid's frame: a one-character margin all round (text keeps to columns 1-38), the
# title box in rows 1-3 with the title on its middle row, the status line on the last row.
MARGIN = 1
TITLE_ROW = 2
STATUS_ROW = ROWS - 1
WINDOW_W, WINDOW_H = SCREEN_W + 2 * BORDER_X, SCREEN_H + 2 * BORDER_Y

_font = None
_reversed_font = None
_known: frozenset[str] = frozenset()
_clean_cache: dict[str, str] = {}


def set_font(font, known_chars, reversed_font=None) -> None:
    global _font, _reversed_font, _known
    _font = font
    _reversed_font = reversed_font if reversed_font is not None else font
    _known = frozenset(known_chars)
    _clean_cache.clear()


def _clean(s: str) -> str:
    cleaned = _clean_cache.get(s)
    if cleaned is None:
        cleaned = "".join(ch if ch in _known else "?" for ch in s)
        if len(_clean_cache) < 4096:
            _clean_cache[s] = cleaned
    return cleaned


def text(x: int, y: int, s: str, col: int = palette.TEXT) -> None:
    pyxel.text(x, y, _clean(s), col, _font)


def reverse(x: int, y: int, s: str, col: int = palette.TEXT, paper: int = palette.BACKGROUND) -> None:
    """Reverse video, as the C64 prints with RVS ON: paper-coloured letters cut out of an ink block.

    The block fills the 7x7 box a glyph may use, so column 7 and row 7 stay paper as
    between any two characters; the reversed font's letters keep a pixel inside it.
    """
    pyxel.rect(x, y, len(s) * CELL - 1, CELL - 1, col)
    pyxel.text(x, y, _clean(s), paper, _reversed_font)


def split_hotkeys(s: str) -> list[tuple[str, bool]]:
    """``"[V]iew"`` -> ``[("V", True), ("iew", False)]``; ``[[`` stands for a literal bracket."""
    parts: list[tuple[str, bool]] = []
    i = 0
    while i < len(s):
        if s[i] == "[" and s.startswith("[[", i):
            parts.append(("[", False))
            i += 2
        elif s[i] == "[" and "]" in s[i + 1 :]:
            end = s.index("]", i + 1)
            parts.append((s[i + 1 : end], True))
            i = end + 1
        else:
            end = s.find("[", i + 1) if s[i] != "[" else i + 1
            end = len(s) if end == -1 else end
            parts.append((s[i:end], False))
            i = end
    return parts


def plain_length(s: str) -> int:
    return sum(len(part) for part, _ in split_hotkeys(s))


def hot(x: int, y: int, s: str, col: int = palette.TEXT, paper: int = palette.BACKGROUND) -> int:
    """Text with ``[K]`` marking hotkeys, drawn in reverse video; returns the width in pixels."""
    start = x
    for part, is_key in split_hotkeys(s):
        if is_key:
            reverse(x, y, part, col, paper)
        else:
            text(x, y, part, col)
        x += len(part) * CELL
    return x - start


def text_at(col: int, row: int, s: str, colour: int = palette.TEXT) -> None:
    text(col * CELL, row * CELL, s, colour)


def hot_at(col: int, row: int, s: str, colour: int = palette.TEXT, paper: int = palette.BACKGROUND) -> int:
    return hot(col * CELL, row * CELL, s, colour, paper)


def centred(row: int, s: str, colour: int = palette.TEXT) -> None:
    hot_at((COLS - plain_length(s)) // 2, row, s, colour)


def box(x: int, y: int, w: int, h: int, col: int = palette.TEXT, fill: int | None = None) -> None:
    """A line-drawn frame of ``w`` x ``h`` character cells with its top-left cell at pixel (x, y)."""
    if fill is not None:
        pyxel.rect(x, y, w * CELL, h * CELL, fill)
    inner = w - 2
    text(x, y, "┌" + "─" * inner + "┐", col)
    for row in range(1, h - 1):
        text(x, y + row * CELL, "│", col)
        text(x + (w - 1) * CELL, y + row * CELL, "│", col)
    text(x, y + (h - 1) * CELL, "└" + "─" * inner + "┘", col)


def box_at(col: int, row: int, w: int, h: int, colour: int = palette.TEXT, fill: int | None = None) -> None:
    box(col * CELL, row * CELL, w, h, colour, fill)


@dataclass(frozen=True)
class TitleLayout:
    """Where a screen's title box and heading are, so a page drawn over it keeps them in place."""

    width: int = 10
    heading: str = ""
    heading_col: int = 0


# The title last drawn: a full-screen page opened over a screen (drawn just before it) repeats it.
last_title = TitleLayout()


def title_box(word: str, colour: int = palette.TEXT, word_colour: int | None = None, heading: str = "",
              heading_col: int = 0, width: int = 0) -> None:
    """The top-left box holding the screen's state word ("Playing.", "Shuffling."), as in ByPuzz,
    and the screen's heading on the same row (further right when the word needs the room); at
    least ``width`` cells wide."""
    global last_title
    width = max(10, len(word) + 2, width)
    heading_col = max(heading_col, MARGIN + width + 1)  # a long word moves the heading, a column apart
    box_at(MARGIN, TITLE_ROW - 1, width, 3, colour)
    text_at(MARGIN + 1, TITLE_ROW, word, colour if word_colour is None else word_colour)
    if heading:
        text_at(heading_col, TITLE_ROW, heading, palette.WHITE)
    last_title = TitleLayout(width, heading, heading_col)


def wrap(s: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters; a hotkey mark ending a word (``[F1]``) stays with the next word."""
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in _wrap_units(paragraph):
            if line and plain_length(line) + 1 + plain_length(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


def _wrap_units(paragraph: str) -> list[str]:
    units: list[str] = []
    for word in paragraph.split(" "):
        if units and units[-1].endswith("]") and split_hotkeys(units[-1])[-1][1]:
            units[-1] += " " + word
        else:
            units.append(word)
    return units
