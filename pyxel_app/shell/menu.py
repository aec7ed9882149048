"""The cartridge menu: every registered cartridge with its name, a line about it and a preview."""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .strings import STRINGS, t

ROW_HEIGHT = 40
FIRST_ROW_Y = 48
PREVIEW_W, PREVIEW_H = 48, 32


class Menu:
    def __init__(self, app) -> None:
        self.app = app
        self.cartridges = app.cartridges
        self.chooser = Chooser(len(self.cartridges), FIRST_ROW_Y, ROW_HEIGHT)

    def update(self, inp: Input) -> None:
        chosen = self.chooser.update(inp)
        if chosen is not None:
            self.app.open_cartridge(self.cartridges[chosen])
        elif inp.hotkey("L"):
            self.app.cycle_language()
        elif inp.hotkey("K"):
            from .keys import KeysScreen

            self.app.go_to(KeysScreen(self.app))
        elif (inp.hotkey("Q") or inp.pressed(Action.BACK)) and not self.app.web:
            self.app.ask_quit()

    def draw(self) -> None:
        ui.title_box(t("menu.word"))
        ui.text_at(12, 1, t("menu.title"), palette.WHITE)
        ui.text_at(1, 4, t("menu.choose"))
        for i, cartridge in enumerate(self.cartridges):
            y = FIRST_ROW_Y + i * ROW_HEIGHT
            selected = i == self.chooser.index
            if selected:
                pyxel.rectb(4, y - 3, ui.SCREEN_W - 8, ROW_HEIGHT - 2, palette.WHITE)
            cartridge.draw_preview(12, y + 1)
            ui.text(72, y + 4, cartridge.name(), palette.WHITE if selected else palette.LIGHT_BLUE)
            for j, line in enumerate(ui.wrap(cartridge.description(), 29)[:2]):
                ui.text(72, y + 16 + j * ui.CELL, line, palette.LIGHT_GREY)
        ui.hot_at(1, ui.ROWS - 3, t("menu.keys"))
        key = "menu.keys2.web" if self.app.web else "menu.keys2"
        ui.hot_at(1, ui.ROWS - 2, t(key, language=STRINGS[self.app.language]["language.name"]))
