"""The key remapping screen: every logical action with its keys; choose one, press a new key."""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from ..input.mapping import DEFAULT_KEYS, FIXED_KEYS
from . import palette, ui
from .chooser import Chooser
from .strings import t

FIRST_ROW = 5
# Key names a player can bind, by Pyxel code; modifiers and unknown keys stay out.
KEY_NAMES = {
    getattr(pyxel, name): name[4:]
    for name in dir(pyxel)
    if name.startswith("KEY_")
    and name not in ("KEY_NONE", "KEY_UNKNOWN", "KEY_SHIFT", "KEY_CTRL", "KEY_ALT", "KEY_GUI")
}


class KeysScreen:
    help_key = "help.keys"

    def __init__(self, app) -> None:
        self.app = app
        self.actions = list(Action)
        self.chooser = Chooser(len(self.actions), FIRST_ROW * ui.CELL, ui.CELL)
        self.waiting: Action | None = None
        self.note = ""

    def update(self, inp: Input) -> None:
        if self.waiting is not None:
            self._capture(inp)
            return
        if inp.pressed(Action.BACK):
            self.app.go_to(self.app.menu)
            return
        if inp.hotkey("D"):
            self.app.input.bindings.keys = dict(DEFAULT_KEYS)
            self.app.save_bindings()
            self.note = ""
            return
        chosen = self.chooser.update(inp)
        if chosen is not None:
            self.waiting = self.actions[chosen]
            self.note = ""

    def _capture(self, inp: Input) -> None:
        pressed = [name for code, name in KEY_NAMES.items() if pyxel.btnp(code)]
        if not pressed:
            return
        action, self.waiting = self.waiting, None
        name = pressed[0]
        if name == "ESCAPE":
            return
        self.note = self._refusal(action, name)
        if not self.note:
            self.app.input.bindings.bind(action, name)
            self.app.save_bindings()
        inp.consume()

    def _refusal(self, action: Action, name: str) -> str:
        """Why ``name`` cannot become ``action``'s key, or "": it must not take a key from another action."""
        for fixed_action, fixed in FIXED_KEYS.items():
            if name == fixed and fixed_action is not action:
                return t("keys.reserved", key=name, action=fixed_action.value.upper())
        other = self.app.input.bindings.owner(name, besides=(action,))
        return t("keys.taken", key=name, other=other.value.upper()) if other else ""

    def draw(self) -> None:
        ui.title_box(t("keys.word"))
        ui.text_at(12, 1, t("menu.title"), palette.WHITE)
        ui.text_at(1, 3, t("keys.intro"))
        for i, action in enumerate(self.actions):
            row = FIRST_ROW + i
            selected = i == self.chooser.index
            colour = palette.WHITE if selected else palette.LIGHT_BLUE
            if selected:
                ui.text_at(1, row, "▶", palette.WHITE)
            ui.text_at(3, row, action.value.upper(), colour)
            keys = " ".join(self.app.input.bindings.keys[action])
            ui.text_at(13, row, keys[:26], palette.YELLOW if selected else palette.LIGHT_GREY)
        if self.waiting is not None:
            ui.text_at(1, ui.ROWS - 4, t("keys.waiting", action=self.waiting.value.upper()), palette.WHITE)
        elif self.note:
            ui.text_at(1, ui.ROWS - 4, self.note, palette.YELLOW)
        ui.hot_at(1, ui.ROWS - 2, t("keys.footer"))
