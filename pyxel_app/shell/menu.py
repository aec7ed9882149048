"""The cartridge menu: every registered cartridge with its name, a line about it and a preview."""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from . import palette, ui
from .strings import STRINGS, t

ROW_HEIGHT = 40
FIRST_ROW_Y = 48
PREVIEW_W, PREVIEW_H = 48, 32


OPTIONS_ROW = ui.ROWS - 2


class Menu:
    """Cartridges first, then the options row (language, keys, quit): one list for keys, pad and mouse."""

    def __init__(self, app) -> None:
        self.app = app
        self.cartridges = app.cartridges
        self.index = 0

    def options(self) -> list[tuple[str, str]]:
        """(label, hotkey) of each option on the bottom row."""
        language = STRINGS[self.app.language]["language.name"]
        options = [(t("menu.language", language=language), "L"), (t("menu.keys_screen"), "K")]
        if not self.app.web:
            options.append((t("menu.quit"), "Q"))
        return options

    def option_spans(self) -> list[tuple[int, int]]:
        spans, x = [], ui.CELL
        for label, _ in self.options():
            width = ui.plain_length(label) * ui.CELL
            spans.append((x, x + width))
            x += width + 2 * ui.CELL
        return spans

    def item_under_mouse(self, inp: Input) -> int | None:
        for i in range(len(self.cartridges)):
            y = FIRST_ROW_Y + i * ROW_HEIGHT
            if y - 3 <= inp.mouse_y < y + ROW_HEIGHT - 5 and 4 <= inp.mouse_x < ui.SCREEN_W - 4:
                return i
        if OPTIONS_ROW * ui.CELL <= inp.mouse_y < (OPTIONS_ROW + 1) * ui.CELL:
            for j, (x0, x1) in enumerate(self.option_spans()):
                if x0 <= inp.mouse_x < x1:
                    return len(self.cartridges) + j
        return None

    def activate(self, index: int) -> None:
        if index < len(self.cartridges):
            self.app.open_cartridge(self.cartridges[index])
            return
        self.run_option(self.options()[index - len(self.cartridges)][1])

    def run_option(self, hotkey: str) -> None:
        if hotkey == "L":
            self.app.cycle_language()
        elif hotkey == "K":
            from .keys import KeysScreen

            self.app.go_to(KeysScreen(self.app))
        elif hotkey == "Q" and not self.app.web:
            self.app.ask_quit()

    def update(self, inp: Input) -> None:
        count = len(self.cartridges) + len(self.options())
        if inp.pressed(Action.UP) or inp.pressed(Action.LEFT):
            self.index = (self.index - 1) % count
        if inp.pressed(Action.DOWN) or inp.pressed(Action.RIGHT):
            self.index = (self.index + 1) % count
        under = self.item_under_mouse(inp) if inp.mouse_enabled else None
        if under is not None and (inp.mouse_moved or inp.clicked):
            self.index = under
        if inp.pressed(Action.SELECT) or (inp.clicked and under is not None):
            self.activate(self.index)
            return
        for _, hotkey in self.options():
            if inp.hotkey(hotkey):
                self.run_option(hotkey)
                return
        if inp.pressed(Action.BACK):
            self.run_option("Q")

    def draw(self) -> None:
        ui.title_box(t("menu.word"))
        ui.text_at(12, 1, t("menu.title"), palette.WHITE)
        ui.text_at(1, 4, t("menu.choose"))
        for i, cartridge in enumerate(self.cartridges):
            y = FIRST_ROW_Y + i * ROW_HEIGHT
            selected = i == self.index
            if selected:
                pyxel.rectb(4, y - 3, ui.SCREEN_W - 8, ROW_HEIGHT - 2, palette.WHITE)
            cartridge.draw_preview(12, y + 1)
            ui.text(72, y + 4, cartridge.name(), palette.WHITE if selected else palette.LIGHT_BLUE)
            for j, line in enumerate(ui.wrap(cartridge.description(), 29)[:2]):
                ui.text(72, y + 16 + j * ui.CELL, line, palette.LIGHT_GREY)
        ui.hot_at(1, ui.ROWS - 4, t("menu.keys"))
        for j, ((label, _), (x0, x1)) in enumerate(zip(self.options(), self.option_spans())):
            selected = len(self.cartridges) + j == self.index
            if selected:
                pyxel.rectb(x0 - 2, OPTIONS_ROW * ui.CELL - 2, x1 - x0 + 4, ui.CELL + 4, palette.WHITE)
            ui.hot(x0, OPTIONS_ROW * ui.CELL, label, palette.WHITE if selected else palette.LIGHT_BLUE)
