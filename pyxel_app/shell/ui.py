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
# Lines of one block (a message, a key bar) are a pixel further apart than the grid's rows: the
# descenders of g, y and _ use a glyph's last pixel row and would touch the line below.
LINE_PITCH = CELL + 1
STATUS_Y = STATUS_ROW * CELL
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
    """Reverse video, as the C64 prints with RVS ON: paper-coloured letters cut out of an ink block,
    or white or black ones where the paper's colour is too faint on the block to read (the C64's
    blue on light blue).

    The block fills the 7x7 box a glyph may use, so column 7 and row 7 stay paper as
    between any two characters; the reversed font's letters keep a pixel inside it.
    """
    pyxel.rect(x, y, len(s) * CELL - 1, CELL - 1, col)
    pyxel.text(x, y, _clean(s), palette.legible(paper, col), _reversed_font)


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


def selected_at(col: int, row: int, s: str) -> int:
    """A list's chosen line: a bar across the screen's width, ``s`` (its ``[K]`` keys too) on it."""
    pyxel.rect(CELL, row * CELL, (COLS - 2) * CELL, CELL, palette.SELECTED_BAR)
    return hot_at(col, row, s, palette.SELECTED_INK, palette.SELECTED_BAR)


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


def lines(x: int, y: int, rows: list[str], colour: int = palette.TEXT, paper: int = palette.BACKGROUND) -> int:
    """Lines of one block (``[K]`` hotkeys reversed) a :data:`LINE_PITCH` apart from ``y`` down; returns their height."""
    for i, line in enumerate(rows):
        hot(x, y + i * LINE_PITCH, line, colour, paper)
    return block_height(len(rows))


def block(x: int, y: int, parts: list[tuple[str, int]], width: int) -> int:
    """Texts in their colours as one block from (x, y) (a label and its value): each wrapped to
    ``width``, the lines a :data:`LINE_PITCH` apart; returns the block's height."""
    count = 0
    for part, colour in parts:
        rows = wrap(part, width)
        lines(x, y + count * LINE_PITCH, rows, colour)
        count += len(rows)
    return block_height(count)


def block_height(count: int) -> int:
    """Pixels that ``count`` lines of one block take, from the top of the first to the last glyph row."""
    return max(0, count * LINE_PITCH - 1)


def lines_above(bottom_y: int, count: int) -> int:
    """The top of ``count`` lines of a block whose last line starts at ``bottom_y``."""
    return bottom_y - max(0, count - 1) * LINE_PITCH


def lines_fit(top_y: int, bottom_y: int) -> int:
    """How many lines of a block fit between ``top_y`` and a last line starting at ``bottom_y``."""
    return max(0, (bottom_y - top_y) // LINE_PITCH + 1)


def status_lines(text: str, top_y: int, colour: int = palette.TEXT, width: int = COLS - 2) -> bool:
    """``text`` wrapped to ``width`` and set on the status line and as many lines above it as it
    needs, none above ``top_y``; False (nothing drawn) when it needs more."""
    rows = wrap(text, width)
    if len(rows) > lines_fit(top_y, STATUS_Y):
        return False
    lines(MARGIN * CELL, lines_above(STATUS_Y, len(rows)), rows, colour)
    return True


def scroller(y: int, s: str, frame: int, colour: int = palette.TEXT, gap: str = "   ", col: int = MARGIN,
             cols: int = COLS - 2 * MARGIN, centre: bool = True) -> None:
    """``s`` at pixel row ``y`` in the ``cols`` columns from ``col`` (centred, or from the left), or,
    when it is wider than they are, running through them from right to left a pixel a frame
    (``gap`` drawn before it comes round again: a list's separator, so the last and the first item
    stand apart as every other two do)."""
    width = cols * CELL
    length = plain_length(s) * CELL
    if length <= width:
        hot((col + (cols - plain_length(s)) // 2 if centre else col) * CELL, y, s, colour)
        return
    left, loop = col * CELL, length + len(gap) * CELL
    offset = frame % loop
    clip(left, y, width, CELL)
    hot(left - offset, y, s + gap, colour)
    hot(left - offset + loop, y, s + gap, colour)
    clip()


def clip(x: int | None = None, y: int = 0, w: int = 0, h: int = 0) -> None:
    """Drawing kept to a rectangle of the inner screen (``pyxel.clip`` takes window pixels and
    ignores the camera that moves the inner screen past the border); ``clip()`` ends it."""
    if x is None:
        pyxel.clip()
    else:
        pyxel.clip(BORDER_X + x, BORDER_Y + y, w, h)


def wrap(s: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters; a hotkey mark ending a word (``[F1]``) stays with the
    next word, and a word longer than a line (a file's name) is broken where the line ends."""
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in _wrap_units(paragraph):
            while len(word) > width and "[" not in word:
                room = width - plain_length(line) - 1 if line else width
                if room > 0:
                    line, word = (f"{line} {word[:room]}" if line else word[:room]), word[room:]
                lines.append(line)
                line = ""
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
