"""Screens that sit on top of another one: help, yes/no confirm, messages and the pause menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .strings import t

if TYPE_CHECKING:
    from .cartridge import Cartridge


class Overlay:
    # A dialog waits its turn behind the one showing; help and the pause menu open at once.
    queues = False

    def update(self, inp: Input) -> None:
        raise NotImplementedError

    def draw(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.close_overlay(self)


class Help(Overlay):
    """F1 anywhere: the current cartridge's page, then the shell's keys; any key leaves.

    A page longer than the screen scrolls with up/down (which then do not leave).
    """

    FIRST_ROW = 4
    VISIBLE_ROWS = ui.ROWS - 6

    def __init__(self, app, page: str = "", heading: str = "") -> None:
        self.app = app
        self.heading = heading or t("menu.title")
        self.lines = (ui.wrap(page, ui.COLS - 2) + [""]) if page else []
        self.lines += ui.wrap(t("help.shell"), ui.COLS - 2)
        self.top = 0
        self.max_top = max(0, len(self.lines) - self.VISIBLE_ROWS)

    def update(self, inp: Input) -> None:
        if self.max_top and (inp.pressed(Action.UP) or inp.pressed(Action.DOWN)):
            step = -1 if inp.pressed(Action.UP) else 1
            self.top = min(self.max_top, max(0, self.top + step))
        elif inp.any_key():
            inp.consume()
            self.close()

    def draw(self) -> None:
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)
        ui.title_box(t("help.word"))
        ui.text_at(11 + max(0, (ui.COLS - 11 - len(self.heading)) // 2), 1, self.heading, palette.WHITE)
        shown = self.lines[self.top : self.top + self.VISIBLE_ROWS]
        for row, line in enumerate(shown, start=self.FIRST_ROW):
            ui.hot_at(1, row, line)
        if self.top > 0:
            ui.text_at(ui.COLS - 1, self.FIRST_ROW, "▲", palette.WHITE)
        if self.top < self.max_top:
            ui.text_at(ui.COLS - 1, self.FIRST_ROW + self.VISIBLE_ROWS - 1, "▼", palette.WHITE)
        ui.centred(ui.ROWS - 1, t("help.any_key"), palette.WHITE)


class Message(Overlay):
    """A message in a box that waits for RETURN, a pad button or a click."""

    queues = True

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

    queues = True

    def __init__(self, app, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 default: bool = False) -> None:
        """``default`` is the answer RETURN gives before the arrows move: No unless asked otherwise."""
        self.app = app
        self.lines = ui.wrap(question, ui.COLS - 6)[:6]
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_selected = default
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
    """The game menu (TAB/F10, pad START): every cartridge command, reachable by pad and mouse.

    A long list scrolls, so a game may offer as many commands as it needs.
    """

    MAX_ROWS = ui.ROWS - 4 - 2 - 2

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
        visible = min(len(self.entries), self.MAX_ROWS)
        self.chooser = Chooser(len(self.entries), (self.top_row + 1) * ui.CELL, ui.CELL, 4 * ui.CELL, 32 * ui.CELL, visible)

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
        chooser = self.chooser
        height = chooser.visible + 2
        ui.box_at(3, self.top_row, 34, height, palette.WHITE, fill=palette.BLUE)
        title = f" {t('pause.word')} "
        pyxel.rect(5 * ui.CELL, self.top_row * ui.CELL, len(title) * ui.CELL, ui.CELL, palette.BLUE)
        ui.text_at(5, self.top_row, title, palette.WHITE)
        if chooser.more_above:
            ui.text_at(35, self.top_row + 1, "▲", palette.WHITE)
        if chooser.more_below:
            ui.text_at(35, self.top_row + chooser.visible, "▼", palette.WHITE)
        for i in chooser.shown():
            label = self.entries[i][0]
            row = self.top_row + 1 + i - chooser.offset
            if i == self.chooser.index:
                pyxel.rect(4 * ui.CELL, row * ui.CELL, 32 * ui.CELL, ui.CELL, palette.WHITE)
                ui.hot_at(5, row, label, palette.BLUE, palette.WHITE)
            else:
                ui.hot_at(5, row, label, palette.WHITE, palette.BLUE)
