"""A vertical list chosen with up/down, SELECT, or the mouse: the menu and dialogs share it."""

from __future__ import annotations

from ..input import Action, Input


class Chooser:
    def __init__(self, count: int, top: int, row_height: int, left: int = 0, width: int = 320) -> None:
        self.count = count
        self.index = 0
        self.top, self.row_height, self.left, self.width = top, row_height, left, width

    def row_under_mouse(self, inp: Input) -> int | None:
        if not self.left <= inp.mouse_x < self.left + self.width or inp.mouse_y < self.top:
            return None
        row = (inp.mouse_y - self.top) // self.row_height
        return row if row < self.count else None

    def update(self, inp: Input) -> int | None:
        """Moves the highlight; returns the chosen index on SELECT or a click on a row."""
        if inp.pressed(Action.UP):
            self.index = (self.index - 1) % self.count
        if inp.pressed(Action.DOWN):
            self.index = (self.index + 1) % self.count
        under = self.row_under_mouse(inp) if inp.mouse_enabled else None
        if under is not None and (inp.mouse_moved or inp.clicked):
            self.index = under
        if inp.pressed(Action.SELECT) or (inp.clicked and under is not None):
            return self.index
        return None
