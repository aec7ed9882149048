"""A list chosen with the arrows, SELECT, the mouse or its wheel: the one list widget.

The cartridge menu, the pause menu, the Keys screen, the match set-up and ByPuzz's
config and choice screens all use it.  By default the items are rows of equal height;
a screen with items elsewhere passes ``boxes`` (item -> pixel rectangle) and, for a
grid, ``navigate`` (item, action -> item).  A list longer than ``visible`` rows
scrolls and keeps the highlight in view; ``pinned`` (first, last) rows stay on screen
at its top and bottom while the rows between them scroll.  Items ``skip`` names (a
colour already taken) are passed over by the arrows and the mouse alike.
"""

from __future__ import annotations

from typing import Callable

from ..input import Action, Input

Box = tuple[int, int, int, int]
MOVES = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)


class Chooser:
    def __init__(self, count: int, top: int = 0, row_height: int = 8, left: int = 0, width: int = 320,
                 visible: int | None = None, boxes: Callable[[int], Box] | None = None,
                 navigate: Callable[[int, Action], int] | None = None,
                 skip: Callable[[int], bool] | None = None, pinned: tuple[int, int] = (0, 0)) -> None:
        self.count = count
        self.index = 0
        self.offset = 0  # the scrolling rows scrolled past (the first row shown when none is pinned)
        self.top, self.row_height, self.left, self.width = top, row_height, left, width
        self.visible = count if visible is None else max(1, visible)
        self.head, self.tail = pinned
        self.window = max(1, self.visible - self.head - self.tail)  # the scrolling rows shown
        self.boxes, self.navigate = boxes, navigate
        self.skip = skip or (lambda index: False)
        self.moved = False  # the arrows moved the highlight this frame (for a sound)

    @property
    def max_offset(self) -> int:
        return max(0, self.count - self.visible)

    def scrolling_rows(self) -> range:
        """The indexes of the scrolling rows on screen, top to bottom."""
        first = self.head + self.offset
        return range(first, min(self.count - self.tail, first + self.window))

    def shown(self) -> list[int]:
        """The indexes of the rows on screen, top to bottom."""
        if not self.max_offset:
            return list(range(self.count))
        return [*range(self.head), *self.scrolling_rows(), *range(self.count - self.tail, self.count)]

    def row_y(self, index: int) -> int:
        """The top of row ``index`` on screen; the last rows pinned end the list's last row."""
        shift = self.max_offset if index >= self.count - self.tail else 0 if index < self.head else self.offset
        return self.top + (index - shift) * self.row_height

    @property
    def more_above(self) -> bool:
        return self.offset > 0

    @property
    def more_below(self) -> bool:
        return self.offset < self.max_offset

    def select(self, index: int) -> None:
        """Highlight ``index`` and scroll so that it shows."""
        self.index = index % self.count if self.count else 0
        if self.head <= self.index < self.count - self.tail:
            row = self.index - self.head
            self.offset = min(max(self.offset, row - self.window + 1), row, self.max_offset)

    def scroll(self, rows: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + rows))
        if self.head <= self.index < self.count - self.tail:
            rows_shown = self.scrolling_rows()
            self.index = min(max(self.index, rows_shown.start), rows_shown.stop - 1)

    def row_under_mouse(self, inp: Input) -> int | None:
        if self.boxes is not None:
            for index in range(self.count):
                x, y, w, h = self.boxes(index)
                if x <= inp.mouse_x < x + w and y <= inp.mouse_y < y + h:
                    return index
            return None
        if not self.left <= inp.mouse_x < self.left + self.width:
            return None
        return next((index for index in self.shown() if 0 <= inp.mouse_y - self.row_y(index) < self.row_height), None)

    def step(self, action: Action) -> int:
        """The next item in the direction of ``action``, past skipped ones."""
        index = self.index
        for _ in range(max(1, self.count)):
            if self.navigate is not None:
                index = self.navigate(index, action)
            else:
                index = (index + (1 if action is Action.DOWN else -1)) % self.count
            if not self.skip(index):
                return index
        return self.index

    def update(self, inp: Input) -> int | None:
        """Moves the highlight; returns the chosen index on SELECT or a click on a row."""
        self.moved = False
        if not self.count:
            return None
        for action in MOVES:
            if not inp.pressed(action):
                continue
            if self.navigate is None and action not in (Action.UP, Action.DOWN):
                continue
            self.select(self.step(action))
            self.moved = True
        if inp.wheel:
            self.scroll(-inp.wheel)
        under = self.row_under_mouse(inp) if inp.mouse_enabled else None
        if under is not None and self.skip(under):
            under = None
        if under is not None and (inp.mouse_moved or inp.clicked):
            self.index = under
        if inp.pressed(Action.SELECT) or (inp.clicked and under is not None):
            return self.index
        return None
