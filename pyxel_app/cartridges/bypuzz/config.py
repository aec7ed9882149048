"""The config screen, ByPuzz's first: key layout, input devices, pad buttons, sound, tiles.

As on the C64: the active setting is green, the reversed letters (L C R M T J G,
plus S for sound and P for picture tiles) change it, RETURN accepts.  The pad
and the mouse walk the same rows; the last row accepts.
"""

from __future__ import annotations

from ...input import Action, Input
from ...input.actions import DIRECTIONS
from ...input.mapping import DEFAULT_KEYS
from ...shell import palette, ui
from ...shell.chooser import Chooser
from ...shell.keys import action_label, key_label
from ...shell.strings import t
from ...shell.cartridge import Command
from .screen import Screen

# Direction keys of the two one-hand layouts.  None of them is a ByPuzz hotkey
# (V P S X Q R M J T H N Z Y in play, L C R M T J G on this screen), so a hand
# resting on them never fires a command.  The cursor keys always work as well.
LAYOUTS: dict[str, dict[Action, str]] = {
    "left": {Action.LEFT: "A", Action.UP: "E", Action.DOWN: "D", Action.RIGHT: "F"},
    "cursor": {},
    "right": {Action.LEFT: "U", Action.UP: "I", Action.DOWN: "K", Action.RIGHT: "O"},
}
ARROWS = {Action.LEFT: "←", Action.UP: "↑", Action.DOWN: "↓", Action.RIGHT: "→"}
LAYOUT_KEYS = {"L": "left", "C": "cursor", "R": "right"}
ROWS = ("L", "C", "R", "M", "J", "T", "G", "S", "P", "RETURN")
# Three groups (a heading, its rows), then the accept row: a group's lines a LINE_PITCH apart, the groups
# a few pixels further, so the last row keeps clear of the footer.
GROUPS = (("keys", "L", "C", "R", "cursor_too"), ("devices", "M", "J", "T", "G"), ("game", "S", "P"), ("RETURN",))
GROUP_GAP = 4
ROW_Y: dict[str, int] = {}  # pixel tops
_y = 5 * ui.CELL
for _group in GROUPS:
    for _name in _group:
        ROW_Y[_name] = _y
        _y += ui.LINE_PITCH
    _y += GROUP_GAP
VALUE_COL = 24


def layout_of(bindings) -> str | None:
    """Which layout the direction bindings are, or None for keys set some other way."""
    for name, keys in LAYOUTS.items():
        if all(bindings.keys[action] == DEFAULT_KEYS[action] + ((keys[action],) if keys else ()) for action in DIRECTIONS):
            return name
    return None


def layout_text(name: str) -> str:
    keys = LAYOUTS[name]
    return "  ".join(f"{keys.get(action, '')}{ARROWS[action]}" for action in DIRECTIONS)


class ConfigScreen(Screen):
    help_key = "bypuzz.help.config"
    word_key = "bypuzz.word.config"

    def __init__(self, cart) -> None:
        super().__init__(cart)
        self.rows = Chooser(len(ROWS), boxes=self.row_box)
        self.rows.index = len(ROWS) - 1

    # The settings.

    def set_layout(self, name: str) -> None:
        """The layout's keys for the directions, unless one of them is another action's (then it says so)."""
        bindings = self.app.input.bindings
        extra = LAYOUTS[name]
        keys = {action: DEFAULT_KEYS[action] + ((extra[action],) if action in extra else ()) for action in DIRECTIONS}
        for key in (key for names in keys.values() for key in names):
            other = bindings.owner(key, besides=DIRECTIONS)
            if other is not None:
                self.cart.flash(t("keys.taken", key=key_label(key), other=action_label(other)))
                return
        bindings.replace(keys)
        self.app.save_bindings()

    def toggle_pad_layout(self) -> None:
        bindings = self.app.input.bindings
        bindings.pad_layout = "b_ok" if bindings.pad_layout == "a_ok" else "a_ok"
        self.app.save_bindings()

    def toggle_sound(self) -> None:
        self.app.jukebox.set_effects(not self.cart.sound_on)  # ByPuzz plays no music: its sound is the effects

    def run(self, key: str) -> None:
        mouse, pad = self.cart.devices()
        if key in LAYOUT_KEYS:
            self.set_layout(LAYOUT_KEYS[key])
        elif key == "M":
            self.cart.set_devices(mouse=not mouse)
        elif key == "J":
            self.cart.set_devices(pad=not pad)
        elif key == "T":
            self.cart.set_devices(mouse=False, pad=False)
        elif key == "G":
            self.toggle_pad_layout()
        elif key == "S":
            self.toggle_sound()
        elif key == "P":
            self.cart.cycle_tile_style()
        elif key == "RETURN":
            self.accept()
            return
        self.cart.sound("select")

    def accept(self) -> None:
        self.cart.sound("select")
        self.cart.choose_target()

    def commands(self) -> list[Command]:
        return [Command(t(f"bypuzz.config.{key.lower()}.cmd"), lambda key=key: self.run(key), key if key != "RETURN" else "")
                for key in ROWS]

    # The frame.

    @staticmethod
    def row_box(index: int) -> tuple[int, int, int, int]:
        return ui.CELL, ROW_Y[ROWS[index]], 37 * ui.CELL, ui.CELL

    @property
    def index(self) -> int:
        return self.rows.index

    def update(self, inp: Input) -> None:
        super().update(inp)
        if self.return_key(inp):
            self.accept()
            return
        for key in ROWS[:-1]:
            if inp.hotkey(key):
                self.rows.select(ROWS.index(key))
                self.run(key)
                return
        if inp.pressed(Action.BACK) or inp.hotkey("X") or inp.hotkey("Q"):
            self.cart.ask_quit()
            return
        chosen = self.rows.update(inp)
        if self.rows.moved:
            self.cart.sound("cursor")
        if chosen is not None:
            self.run(ROWS[chosen])

    def draw(self) -> None:
        inp = self.app.input
        self.title()
        active = layout_of(inp.bindings)
        ui.text(ui.CELL, ROW_Y["keys"], t("bypuzz.config.keys"))
        for key, name in LAYOUT_KEYS.items():
            self.row(key, t(f"bypuzz.config.{key.lower()}"), layout_text(name), active == name)
        ui.text((VALUE_COL - 5) * ui.CELL, ROW_Y["cursor_too"], t("bypuzz.config.cursor_too"), palette.GREY)
        ui.text(ui.CELL, ROW_Y["devices"], t("bypuzz.config.devices"))
        on, off = t("bypuzz.on"), t("bypuzz.off")
        mouse, pad = self.cart.devices()
        self.row("M", t("bypuzz.config.m"), on if mouse else off, mouse)
        self.row("J", t("bypuzz.config.j"), on if pad else off, pad)
        keyboard_only = not mouse and not pad
        self.row("T", t("bypuzz.config.t"), "", keyboard_only)
        self.row("G", t("bypuzz.config.g"), t(f"bypuzz.config.pad.{inp.bindings.pad_layout}"), True)
        ui.text(ui.CELL, ROW_Y["game"], t("bypuzz.config.game"))
        sound = self.cart.sound_on
        self.row("S", t("bypuzz.config.s"), on if sound else off, sound)
        self.row("P", t("bypuzz.config.p"), t(f"bypuzz.tiles.{self.cart.tile_style}"), True)
        self.row("RETURN", "", "", False)
        self.hot_line(1, ui.ROWS - 2, t("bypuzz.config.footer"))
        self.prompt()

    def row(self, key: str, label: str, value: str, green: bool) -> None:
        y = ROW_Y[key]
        colour = palette.GREEN if green else palette.TEXT
        if ROWS[self.index] == key:
            ui.text(ui.CELL, y, "▶", palette.WHITE)
        if key == "RETURN":
            self.hotkeys.line_at(3, y, t("bypuzz.config.accept"), palette.WHITE)
            return
        self.hotkeys.line_at(3, y, f"[{key}] {label}", colour)
        ui.text((VALUE_COL - 5 if key in LAYOUT_KEYS else VALUE_COL) * ui.CELL, y, value, colour)

