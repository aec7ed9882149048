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
from .host import Host
from .match import MATCH_HOTKEYS
from .replay import RECORD_KEY
from .strings import has, t

INTRO_ROW, FIRST_ROW = 5, 7  # under the title box and a blank row
LABEL_COL, KEYS_COL = 3, 17
KEYS_COLS = ui.COLS - ui.MARGIN - KEYS_COL  # a longer list of keys runs through them
# The actions' lines are a LINE_PITCH apart; the note under them, the footer on the last row.
NOTE_Y = FIRST_ROW * ui.CELL + len(Action) * ui.LINE_PITCH + 2
FOOTER_ROW = ui.ROWS - 1
# The note's lines keep a blank pixel row above the footer; a refusal that does not fit comes in a box.
NOTE_LINES = ui.lines_fit(NOTE_Y, FOOTER_ROW * ui.CELL - ui.LINE_PITCH - 1)
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
    return [spec for spec in games.GAMES if name in game_hotkeys(spec)]


def game_hotkeys(spec: games.GameSpec) -> tuple[str, ...]:
    """The keys a game reads itself: its own, the record page's, and on the match layer the match layer's too."""
    return spec.hotkeys + (RECORD_KEY,) + (MATCH_HOTKEYS if spec.is_match else ())


class KeysScreen:
    help_key = "help.keys"
    tune = "menu"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.actions = list(Action)
        self.chooser = Chooser(len(self.actions), FIRST_ROW * ui.CELL, ui.LINE_PITCH)
        self.waiting: Action | None = None
        self.note = ""
        self.frame = 0

    def update(self, inp: Input) -> None:
        self.frame += 1
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
        elif len(self.note_lines(self.note, action)) > NOTE_LINES:
            self.app.show_message(self.note)
            self.note = ""
        inp.consume()

    def note_lines(self, note: str, action: Action) -> list[str]:
        """The note under the list: ``note`` and what the action's keys clash with."""
        return ui.wrap(" ".join(part for part in (note, self.clash_warning(action)) if part), ui.COLS - 2)

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
            y = FIRST_ROW * ui.CELL + i * ui.LINE_PITCH
            selected = i == self.chooser.index
            if selected:
                ui.text(ui.CELL, y, "▶", palette.WHITE)
            ui.text(LABEL_COL * ui.CELL, y, action_label(action), palette.WHITE if selected else palette.LIGHT_BLUE)
            keys = " ".join(key_label(name) for name in self.app.input.bindings.keys[action])
            colour = palette.YELLOW if selected else palette.LIGHT_GREY
            if self.clash_warning(action):
                colour = palette.LIGHT_RED
            ui.scroller(y, keys, self.frame, colour, col=KEYS_COL, cols=KEYS_COLS, centre=False)
        if self.waiting is not None:
            lines, colour = ui.wrap(t("keys.waiting", action=action_label(self.waiting)), ui.COLS - 2), palette.WHITE
        else:
            lines, colour = self.note_lines(self.note, self.actions[self.chooser.index]), palette.YELLOW
        ui.lines(ui.CELL, NOTE_Y, [line for line in lines if line], colour)
        ui.hot_at(1, FOOTER_ROW, t("keys.footer"))
