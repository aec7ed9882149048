"""The way to a puzzle of the day: the game (and its variant), then the level.

The menu's "Puzzle of the day" shows every game with puzzles; a game's set-up shows its own
(straight to the levels where it has one variant, or the set-up chose it).  Each level says
whether today's is solved and the streak.  One list a step, chosen as every list in the app is:
the arrows or the d-pad and SELECT, its digit, or a click; ESC goes a step back, then to where
the page was opened from (``back``).
"""

from __future__ import annotations

from typing import Callable


from ..input import Action, Input
from ..puzzles import LEVELS, VARIANTS
from . import palette, puzzle_record, ui
from .chooser import Chooser
from .host import Host
from .puzzle_record import has_puzzles
from .puzzle_record import PuzzleRecord
from .strings import t

FIRST_ROW, PITCH = 7, 2  # the list under the question (row 5), a blank row between choices
KEYS_ROW = ui.ROWS - 4


class PuzzlePicker:
    help_key = "puzzle.help"

    def __init__(self, app: Host, back: Callable[[], None], games: list | None = None,
                 variant: str | None = None) -> None:
        self.app, self.back_to = app, back
        specs = [spec for spec in (games or app.games) if has_puzzles(spec)]
        # One entry a game and variant; a set-up that chose a variant with puzzles offers it alone.
        self.entries = [(spec, v) for spec in specs for v in VARIANTS[spec.key] if variant in (None, v)
                        or variant not in VARIANTS[spec.key]]
        self.entry: tuple | None = None
        self.chooser = self.make_chooser(len(self.entries))
        if len(self.entries) == 1:
            self.pick_entry(0)

    @staticmethod
    def make_chooser(count: int) -> Chooser:
        return Chooser(count, FIRST_ROW * ui.CELL, PITCH * ui.CELL, ui.CELL, (ui.COLS - 2) * ui.CELL)

    def pick_entry(self, index: int) -> None:
        self.entry = self.entries[index]
        self.chooser = self.make_chooser(len(LEVELS))

    def labels(self) -> list[str]:
        if self.entry is None:
            return [self.entry_label(spec, variant) for spec, variant in self.entries]
        return [t(f"puzzle.level.{level}") for level in LEVELS]

    @staticmethod
    def entry_label(spec, variant: str) -> str:
        name = t(f"{spec.key}.name")
        return name if len(VARIANTS[spec.key]) == 1 else t("puzzle.game_variant", game=name,
                                                             variant=t(f"puzzle.variant.{variant}"))

    def marks(self) -> list[str]:
        """Beside each level: solved today, the streak."""
        if self.entry is None:
            return [""] * len(self.entries)
        spec, variant = self.entry
        day, marks = puzzle_record.today(), []
        for level in LEVELS:
            record = PuzzleRecord(self.app.settings, (spec.key, variant, level))
            words = [t("puzzle.solved_today")] if record.solved_on(day) else []
            streak = record.streak(day)
            marks.append(", ".join(words + ([t("puzzle.streak_of", n=streak)] if streak else [])))
        return marks

    def back(self) -> None:
        if self.entry is not None and len(self.entries) > 1:
            index = self.entries.index(self.entry)
            self.entry = None
            self.chooser = self.make_chooser(len(self.entries))
            self.chooser.select(index)
        else:
            self.back_to()

    def chosen(self, index: int) -> None:
        self.app.sound("select")
        if self.entry is None:
            self.pick_entry(index)
            return
        spec, variant = self.entry
        self.app.open_puzzle(spec, variant, LEVELS[index])

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.back()
            return
        count = self.chooser.count
        chosen = next((i for i in range(min(count, 9)) if inp.hotkey(str(i + 1))), None)
        if chosen is None:
            chosen = self.chooser.update(inp)
            if self.chooser.moved:
                self.app.sound("cursor")
        if chosen is not None:
            self.chosen(chosen)

    def draw(self) -> None:
        ui.title_box(t("puzzle.word"), heading=t("puzzle.title"), heading_col=14)
        # The level's question names the game it is asked for.
        ui.text_at(1, 5, t("puzzle.choose_game") if self.entry is None else self.entry_label(*self.entry), palette.TEXT)
        for i, (label, mark) in enumerate(zip(self.labels(), self.marks())):
            row = FIRST_ROW + i * PITCH
            chosen = i == self.chooser.index
            if chosen:
                ui.selected_at(2, row, f"[{i + 1}] {label}")
            else:
                ui.hot_at(2, row, f"[{i + 1}] {label}")
            if mark:
                ui.text_at(ui.COLS - 1 - len(mark), row, mark, palette.SELECTED_INK if chosen else palette.LIGHT_GREEN)
        ui.hot_at(1, KEYS_ROW, t("puzzle.keys.choose"))
