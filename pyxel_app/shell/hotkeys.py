"""Clickable hotkeys: text with ``[K]`` marks, drawn reversed, where a click on a mark
presses its key.  A screen clears the spans when it starts drawing a frame, draws its
key lines through :meth:`HotkeyBar.line`, and asks :meth:`HotkeyBar.clicked` in update.
"""

from __future__ import annotations

from ..input import Input
from . import palette, ui


class HotkeyBar:
    def __init__(self) -> None:
        # Hotkey spans drawn this frame: (x0, x1, y, key), so a click on "[V]" presses V.
        self.spans: list[tuple[int, int, int, str]] = []

    def clear(self) -> None:
        self.spans = []

    def line(self, col: int, row: int, text: str, colour: int = palette.TEXT) -> None:
        """Text with ``[K]`` hotkeys at a character cell; remembers where each key is."""
        self.line_at(col, row * ui.CELL, text, colour)

    def line_at(self, col: int, y: int, text: str, colour: int = palette.TEXT) -> None:
        """As :meth:`line`, ``y`` pixels down."""
        x = col * ui.CELL
        for part, is_key in ui.split_hotkeys(text):
            width = len(part) * ui.CELL
            if is_key:
                self.spans.append((x, x + width, y, part))
            x += width
        ui.hot(col * ui.CELL, y, text, colour)

    def lines(self, col: int, y: int, text: str, colour: int = palette.TEXT) -> int:
        """The lines of a key bar (``\n`` between them) a :data:`ui.LINE_PITCH` apart, so no two rows
        touch; returns their height."""
        rows = text.split("\n")
        for i, line in enumerate(rows):
            self.line_at(col, y + i * ui.LINE_PITCH, line, colour)
        return ui.block_height(len(rows))

    def clicked(self, inp: Input) -> str | None:
        """The key whose reversed mark was clicked this frame, or None."""
        if not inp.clicked:
            return None
        for x0, x1, y, key in self.spans:
            if x0 <= inp.mouse_x < x1 and y <= inp.mouse_y < y + ui.CELL:
                return key
        return None


def pressed(inp: Input, key: str, clicked: str | None = None) -> bool:
    """A hotkey by keyboard, or by a click on its reversed mark."""
    return inp.hotkey(key) or clicked == key


def unbound(inp: Input, key: str, clicked: str | None = None) -> bool:
    """A hotkey that yields to the player's bindings: a letter bound to an action (ByPuzz's
    right-hand layout makes K a direction) does that action only; a click on its mark always counts."""
    return (inp.hotkey(key) and inp.bindings.owner(key) is None) or clicked == key
