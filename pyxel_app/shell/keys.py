"""The key remapping screen: every logical action with its keys; choose one, press a new key.

Actions and keys are shown in the player's words ("Move down", "Backspace"), in the
current language.  A key that a game reads as a hotkey of its own may still be bound,
but the screen warns about it: in that game the key then does both.
"""

from __future__ import annotations

import pyxel

from .. import games
from ..input import Action, Input
from ..input.mapping import DEFAULT_KEYS, FIXED_KEYS
from . import palette, ui
from .chooser import Chooser
from .strings import has, t

INTRO_ROW, FIRST_ROW = 5, 7  # under the title box and a blank row
LABEL_COL, KEYS_COL = 3, 17
NOTE_ROW, NOTE_ROWS = 19, 3
# Key names a player can bind, by Pyxel code; modifiers and unknown keys stay out.
KEY_NAMES = {
    getattr(pyxel, name): name[4:]
    for name in dir(pyxel)
    if name.startswith("KEY_")
    and name not in ("KEY_NONE", "KEY_UNKNOWN", "KEY_SHIFT", "KEY_CTRL", "KEY_ALT", "KEY_GUI")
}


def action_label(action: Action) -> str:
    """``Action.DOWN`` -> "Move down" (German "Nach unten")."""
    return t(f"keys.action.{action.value}")


# Key names that read the same in every language; the others are in strings.py as keyname.NAME.
KEY_WORDS = {"UP": "↑", "DOWN": "↓", "LEFT": "←", "RIGHT": "→", "RETURN": "Return", "KP_ENTER": "Enter",
             "ESCAPE": "Esc", "TAB": "Tab"}


def key_label(name: str) -> str:
    """A Pyxel key name as printed on the key: "BACKSPACE" -> "Backspace", "KP_1" -> "Keypad 1"."""
    if name in KEY_WORDS:
        return KEY_WORDS[name]
    if has(f"keyname.{name}"):
        return t(f"keyname.{name}")
    if name.startswith("KP_"):
        return t("keyname.keypad", key=key_label(name[3:]))
    if len(name) == 1 or (name[0] == "F" and name[1:].isdigit()):
        return name
    return name.replace("_", " ").capitalize()


def clashing_games(action: Action, name: str) -> list[games.GameSpec]:
    """The games that read ``name`` as a hotkey of their own, where binding it to ``action`` makes it do both.

    A key the action has by default (Z for undo) is the games' own choice, never a clash.
    """
    if name in DEFAULT_KEYS[action]:
        return []
    return [spec for spec in games.GAMES if name in spec.hotkeys]


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
        if self.chooser.moved:
            self.note = ""
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
                return t("keys.reserved", key=key_label(name), action=action_label(fixed_action))
        other = self.app.input.bindings.owner(name, besides=(action,))
        return t("keys.taken", key=key_label(name), other=action_label(other)) if other else ""

    def clash_warning(self, action: Action) -> str:
        """What the action's keys clash with, in words, or ""."""
        warnings = []
        for name in self.app.input.bindings.keys[action]:
            clashes = clashing_games(action, name)
            if clashes:
                names = ", ".join(t(f"{spec.key}.name") for spec in clashes)
                warnings.append(t("keys.clash", key=key_label(name), games=names))
        return " ".join(warnings)

    def draw(self) -> None:
        ui.title_box(t("keys.word"), heading=t("menu.title"), heading_col=12)
        ui.text_at(1, INTRO_ROW, t("keys.intro"))
        for i, action in enumerate(self.actions):
            row = FIRST_ROW + i
            selected = i == self.chooser.index
            if selected:
                ui.text_at(1, row, "▶", palette.WHITE)
            ui.text_at(LABEL_COL, row, action_label(action), palette.WHITE if selected else palette.LIGHT_BLUE)
            keys = " ".join(key_label(name) for name in self.app.input.bindings.keys[action])
            colour = palette.YELLOW if selected else palette.LIGHT_GREY
            if self.clash_warning(action):
                colour = palette.LIGHT_RED
            ui.text_at(KEYS_COL, row, keys[: ui.COLS - 1 - KEYS_COL], colour)
        if self.waiting is not None:
            note, colour = t("keys.waiting", action=action_label(self.waiting)), palette.WHITE
        else:
            warning = self.clash_warning(self.actions[self.chooser.index])
            note = " ".join(part for part in (self.note, warning) if part)
            colour = palette.YELLOW
        for i, line in enumerate(ui.wrap(note, ui.COLS - 2)[:NOTE_ROWS] if note else []):
            ui.text_at(1, NOTE_ROW + i, line, colour)
        ui.hot_at(1, ui.ROWS - 2, t("keys.footer"))
