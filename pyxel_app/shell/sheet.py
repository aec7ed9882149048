"""The move list laid out as a score sheet: numbered rows in columns, a page of columns at a time.

A row holds one full move between two players (``12. f5 d6``), or one move of a game of one
player (``7. d2-d4``); a list whose moves are too wide for two in a row gives each move a row of
its own (``12... 28x19x10``).  The first row is the start, so it can be looked at too.  The rows
run down a column, then down the next, as on a paper score sheet; as many columns as the widest
move leaves room for stand side by side, and a page is as many as fit.  It draws nothing: the
record page (``shell/record_page.py``) draws what it says where it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..rules.records import MoveLine

GAP = 1  # columns between two columns of rows (a mark's column, mostly empty, adds to it)
CUT = "·"  # ends a move too long for its column (a draughts capture of a dozen pieces)
EMPTY_SLOT = "..."  # a full move's first half that the line does not hold (it began with the reply)


@dataclass(frozen=True)
class Cell:
    """One moment on the sheet: its text (and mark) from character column ``col`` of the page's line ``line``."""

    moment: int
    col: int
    line: int
    width: int
    text: str
    mark: str = ""


@dataclass(frozen=True)
class Number:
    col: int
    line: int
    text: str


def number_written(line: MoveLine) -> str:
    """The number a move is written with: ``12.`` or ``12...`` (the reply) between two, ``7.`` alone."""
    return line.number_text if line.paired else f"{line.number}."


class Sheet:
    """``lines`` (``records.numbered``) with their ``marks`` (one per line, "" for none), ``start``
    the start's word, laid out ``width`` characters wide and ``rows`` lines high from column ``left``."""

    def __init__(self, lines: Sequence[MoveLine], marks: Sequence[str], start: str, width: int, rows: int,
                 left: int = 0) -> None:
        self.rows_per_column = max(1, rows)
        mark_w = max([1] + [len(mark) for mark in marks])
        label_w = max([1] + [len(line.label) for line in lines])
        paired = bool(lines) and lines[0].paired
        self.rows = self.paired_rows(lines, marks) if paired else []
        num_w = max([1] + [len(number) for number, _ in self.rows])
        row_w = num_w + 1 + 2 * (label_w + mark_w) + 1
        self.slots = 2
        if not paired or row_w > width:
            self.slots = 1
            self.rows = [(number_written(line), [(line.index + 1, line.label, mark)]) for line, mark in zip(lines, marks)]
            num_w = max([1] + [len(number) for number, _ in self.rows])
            label_w = min(label_w, width - num_w - 1 - mark_w)
            row_w = num_w + 1 + label_w + mark_w
        self.rows.insert(0, ("", [(0, start, "")]))
        self.num_w, self.label_w, self.mark_w = num_w, label_w, mark_w
        self.row_w = max(row_w, len(start))
        self.columns = max(1, (width + GAP) // (self.row_w + GAP))
        self.left = left
        self.per_page = self.rows_per_column * self.columns
        self.row_of = {slot[0]: index for index, (_, slots) in enumerate(self.rows) for slot in slots if slot}

    @staticmethod
    def paired_rows(lines: Sequence[MoveLine], marks: Sequence[str]) -> list:
        """(number, [first half, reply]) per full move; a half the line lacks is None."""
        rows: list = []
        for line, mark in zip(lines, marks):
            slot = (line.index + 1, line.label, mark)
            number = f"{line.number}."
            if not line.opens and rows and rows[-1][0] == number and rows[-1][1][1] is None:
                rows[-1][1][1] = slot
            elif line.opens:
                rows.append((number, [slot, None]))
            else:
                rows.append((number, [None, slot]))
        return rows

    @property
    def pages(self) -> int:
        return -(-len(self.rows) // self.per_page)

    def page_of(self, moment: int) -> int:
        return self.row_of.get(moment, 0) // self.per_page

    def first_moment(self, page: int) -> int:
        """The first moment written on ``page`` (the pages are counted from 0)."""
        page = max(0, min(self.pages - 1, page))
        return next(slot[0] for slot in self.rows[page * self.per_page][1] if slot)

    def place(self, row: int) -> tuple[int, int]:
        """(character column, line) where the row ``row`` of the list begins on its page."""
        on_page = row % self.per_page
        column, line = divmod(on_page, self.rows_per_column)
        return self.left + column * (self.row_w + GAP), line

    def slot_col(self, slot: int) -> int:
        return self.num_w + 1 + slot * (self.label_w + self.mark_w + 1)

    def numbers(self, page: int) -> list[Number]:
        """The rows' numbers on ``page``, right-aligned; a first half the line lacks reads ``...``."""
        found = []
        for row in self.page_rows(page):
            number, slots = self.rows[row]
            col, line = self.place(row)
            if number:
                found.append(Number(col + self.num_w - len(number), line, number))
            if self.slots == 2 and slots[0] is None:
                found.append(Number(col + self.slot_col(0), line, EMPTY_SLOT))
        return found

    def cells(self, page: int) -> list[Cell]:
        found = []
        for row in self.page_rows(page):
            number, slots = self.rows[row]
            col, line = self.place(row)
            for index, slot in enumerate(slots):
                if slot is None:
                    continue
                moment, text, mark = slot
                if not number:  # the start: from the row's first column
                    found.append(Cell(moment, col, line, self.row_w, text))
                    continue
                if len(text) > self.label_w:
                    text = text[: self.label_w - 1] + CUT
                found.append(Cell(moment, col + self.slot_col(index), line, self.label_w + self.mark_w, text, mark))
        return found

    def page_rows(self, page: int) -> range:
        return range(page * self.per_page, min(len(self.rows), (page + 1) * self.per_page))

    def vertical(self, moment: int, rows: int) -> int:
        """The moment ``rows`` rows above (less than 0) or below ``moment``, in the same half of its
        row where that row has one."""
        row = self.row_of.get(moment, 0)
        slots = self.rows[row][1]
        half = next(index for index, slot in enumerate(slots) if slot and slot[0] == moment)
        target = max(0, min(len(self.rows) - 1, row + rows))
        others = self.rows[target][1]
        slot = others[half] if half < len(others) and others[half] else next(slot for slot in reversed(others) if slot)
        return slot[0]
