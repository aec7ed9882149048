"""Screens that sit on top of another one: help, yes/no confirm, messages and the pause menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .strings import t

if TYPE_CHECKING:
    from ..cartridges.base import Cartridge


class Overlay:
    def update(self, inp: Input) -> None:
        raise NotImplementedError

    def draw(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.close_overlay(self)


class Help(Overlay):
    """F1 anywhere: the shell's keys plus the current cartridge's page; any key leaves."""

    def __init__(self, app, page: str = "") -> None:
        self.app = app
        self.lines = ui.wrap(t("help.shell"), ui.COLS - 2)
        if page:
            self.lines += [""] + ui.wrap(page, ui.COLS - 2)

    def update(self, inp: Input) -> None:
        if inp.any_key():
            inp.consume()
            self.close()

    def draw(self) -> None:
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)
        ui.title_box(t("help.word"), title="B Y P U Z Z")
        for row, line in enumerate(self.lines[: ui.ROWS - 6], start=4):
            ui.hot_at(1, row, line)
        ui.centred(ui.ROWS - 1, t("help.any_key"), palette.WHITE)


class Message(Overlay):
    """A message in a box that waits for RETURN, a pad button or a click."""

    def __init__(self, app, text: str) -> None:
        self.app = app
        self.lines = ui.wrap(text, ui.COLS - 6)[:12]

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.SELECT) or inp.pressed(Action.BACK) or inp.clicked:
            inp.consume()
            self.close()

    def draw(self) -> None:
        height = len(self.lines) + 4
        top = (ui.ROWS - height) // 2
        ui.box_at(2, top, ui.COLS - 4, height, palette.WHITE, fill=palette.BLUE)
        for i, line in enumerate(self.lines):
            ui.text_at(3, top + 1 + i, line, palette.WHITE)
        ui.hot_at(3, top + height - 2, t("msg.ok"), palette.YELLOW)


class Confirm(Overlay):
    """Yes/no: Y (or J in German) / N / ESC, left/right + SELECT, pad A/B, or a click."""

    def __init__(self, app, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        self.app = app
        self.lines = ui.wrap(question, ui.COLS - 6)[:6]
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_selected = False
        self.height = len(self.lines) + 4
        self.top = (ui.ROWS - self.height) // 2
        self.answer_row = self.top + self.height - 2

    def _answer_spans(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Pixel x ranges [start, end) of the yes and the no answer on the answer row."""
        starts, width = [], 0
        for part, is_key in ui.split_hotkeys(t("confirm.yes_no")):
            if is_key:
                starts.append(width)
            width += len(part)
        left = 3 * ui.CELL
        yes, no = (left + starts[0] * ui.CELL, left + starts[1] * ui.CELL), (left + starts[1] * ui.CELL, left + width * ui.CELL)
        return yes, no

    def _answer(self, yes: bool) -> None:
        self.close()
        callback = self.on_yes if yes else self.on_no
        if callback:
            callback()

    def update(self, inp: Input) -> None:
        (yes_start, yes_end), (no_start, no_end) = self._answer_spans()
        row_y = self.answer_row * ui.CELL
        on_row = row_y <= inp.mouse_y < row_y + ui.CELL
        if inp.hotkey("Y") or inp.hotkey("J"):
            self._answer(True)
        elif inp.hotkey("N") or inp.pressed(Action.BACK):
            self._answer(False)
        elif inp.pressed(Action.LEFT) or inp.pressed(Action.RIGHT):
            self.yes_selected = not self.yes_selected
        elif inp.pressed(Action.SELECT):
            self._answer(self.yes_selected)
        elif inp.clicked and on_row and yes_start <= inp.mouse_x < yes_end:
            self._answer(True)
        elif inp.clicked and on_row and no_start <= inp.mouse_x < no_end:
            self._answer(False)
        else:
            return
        inp.consume()

    def draw(self) -> None:
        ui.box_at(2, self.top, ui.COLS - 4, self.height, palette.WHITE, fill=palette.BLUE)
        for i, line in enumerate(self.lines):
            ui.text_at(3, self.top + 1 + i, line, palette.WHITE)
        (yes_start, _), (no_start, _) = self._answer_spans()
        y = self.answer_row * ui.CELL
        ui.hot(3 * ui.CELL, y, t("confirm.yes_no"), palette.YELLOW)
        pyxel.rect((yes_start if self.yes_selected else no_start), y + ui.CELL, ui.CELL * 3, 1, palette.WHITE)


class PauseMenu(Overlay):
    """The game menu (TAB/F10, pad START): every cartridge command, reachable by pad and mouse."""

    def __init__(self, app, cartridge: "Cartridge") -> None:
        self.app = app
        self.entries: list[tuple[str, Callable[[], None]]] = [(t("pause.resume"), lambda: None)]
        for command in cartridge.commands():
            label = command.label + (f"  [{command.hotkey}]" if command.hotkey else "")
            self.entries.append((label, command.run))
        self.entries.append((t("pause.help"), lambda: app.open_help()))
        self.entries.append((t("pause.leave"), cartridge.leave))
        if not app.web:
            self.entries.append((t("pause.quit"), app.ask_quit))
        self.top_row = 4
        self.chooser = Chooser(len(self.entries), (self.top_row + 1) * ui.CELL, ui.CELL, 4 * ui.CELL, 32 * ui.CELL)

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK) or inp.pressed(Action.MENU):
            inp.consume()
            self.close()
            return
        chosen = self.chooser.update(inp)
        if chosen is not None:
            inp.consume()
            self.close()
            self.entries[chosen][1]()

    def draw(self) -> None:
        height = len(self.entries) + 2
        ui.box_at(3, self.top_row, 34, height, palette.WHITE, fill=palette.BLUE)
        title = f" {t('pause.word')} "
        pyxel.rect(5 * ui.CELL, self.top_row * ui.CELL, len(title) * ui.CELL, ui.CELL, palette.BLUE)
        ui.text_at(5, self.top_row, title, palette.WHITE)
        for i, (label, _) in enumerate(self.entries):
            row = self.top_row + 1 + i
            if i == self.chooser.index:
                pyxel.rect(4 * ui.CELL, row * ui.CELL, 32 * ui.CELL, ui.CELL, palette.WHITE)
                ui.hot_at(5, row, label, palette.BLUE, palette.WHITE)
            else:
                ui.hot_at(5, row, label, palette.WHITE, palette.BLUE)
