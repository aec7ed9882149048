"""Keyboard, gamepad 1 and mouse turned into logical actions, once per frame.

Keys repeat through ``pyxel.btnp(key, hold, repeat)``; the left stick gets a
dead zone and the same repeat timing.  The keyboard is always on; mouse and pad
can be switched off (ByPuzz's config screen does).  Pad buttons never need the
A+B+X+Y+BACK chord, which Pyxel reserves for its reset.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pyxel

from .actions import DIRECTIONS, Action

HOLD_FRAMES, REPEAT_FRAMES = 15, 4
STICK_DEAD_ZONE = 12000
MOUSE_BUTTON = pyxel.MOUSE_BUTTON_LEFT

DEFAULT_KEYS: dict[Action, tuple[str, ...]] = {
    Action.UP: ("UP",),
    Action.DOWN: ("DOWN",),
    Action.LEFT: ("LEFT",),
    Action.RIGHT: ("RIGHT",),
    Action.SELECT: ("RETURN", "KP_ENTER", "SPACE"),
    Action.BACK: ("ESCAPE",),
    Action.UNDO: ("Z", "BACKSPACE"),
    Action.REDO: ("Y",),
    Action.HINT: ("H",),
    Action.MENU: ("F10", "TAB"),
    Action.HELP: ("F1",),
}

PAD_BUTTONS: dict[Action, tuple[str, ...]] = {
    Action.UP: ("DPAD_UP",),
    Action.DOWN: ("DPAD_DOWN",),
    Action.LEFT: ("DPAD_LEFT",),
    Action.RIGHT: ("DPAD_RIGHT",),
    Action.SELECT: ("A",),
    Action.BACK: ("B",),
    Action.UNDO: ("LEFTSHOULDER",),
    Action.REDO: ("RIGHTSHOULDER",),
    Action.HINT: ("Y",),
    Action.MENU: ("START",),
    Action.HELP: ("BACK",),
}
REPEATING = set(DIRECTIONS) | {Action.UNDO, Action.REDO}
# Button layout "B confirms" swaps the two face buttons, for pads that confirm with the right one.
PAD_LAYOUTS = ("a_ok", "b_ok")


def key_code(name: str) -> int:
    code = getattr(pyxel, f"KEY_{name.upper()}", None)
    if not isinstance(code, int):
        raise ValueError(f"unknown key name {name!r}")
    return code


def pad_code(name: str) -> int:
    code = getattr(pyxel, f"GAMEPAD1_BUTTON_{name.upper()}", None)
    if not isinstance(code, int):
        raise ValueError(f"unknown gamepad button {name!r}")
    return code


# Keys that always keep their action, whatever the player binds: the arrows move (games promise
# it, and a remapped direction must never leave a game without one), confirm, back and help.
FIXED_KEYS: dict[Action, str] = {
    Action.UP: "UP", Action.DOWN: "DOWN", Action.LEFT: "LEFT", Action.RIGHT: "RIGHT",
    Action.SELECT: "RETURN", Action.BACK: "ESCAPE", Action.HELP: "F1",
}


class BindingError(ValueError):
    """A binding that cannot be used: an unknown action or key, or one that takes a key away."""


def parse_binding(key: str, value: str) -> tuple[Action, tuple[str, ...]]:
    """One ``key.<action>=NAME NAME`` setting, checked on its own."""
    try:
        action = Action(key[len("key."):])
    except ValueError:
        raise BindingError(f"unknown action {key[4:][:12]!r}") from None
    names = tuple(value.split())
    if not names:
        raise BindingError(f"no key bound to {action.value}")
    for name in names:
        try:
            key_code(name)
        except ValueError:
            raise BindingError(f"unknown key name {name[:12]!r}") from None
    fixed = FIXED_KEYS.get(action)
    return action, names + ((fixed,) if fixed and fixed not in names else ())


def check_keys(keys: dict[Action, tuple[str, ...]]) -> None:
    """Every action has a key, no key serves two actions, and the FIXED_KEYS keep theirs."""
    owner: dict[str, Action] = {}
    for action in Action:
        names = keys.get(action, ())
        if not names:
            raise BindingError(f"no key bound to {action.value}")
        for name in names:
            if name in owner and owner[name] is not action:
                raise BindingError(f"{name} is bound to both {owner[name].value} and {action.value}")
            owner[name] = action
    for action, name in FIXED_KEYS.items():
        if owner.get(name) is not action:
            raise BindingError(f"{name} must stay {action.value}")


@dataclass
class Bindings:
    """Which keys produce which action; persisted as ``key.<action>=NAME NAME`` lines."""

    keys: dict[Action, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    pad_layout: str = PAD_LAYOUTS[0]

    def to_fields(self) -> dict[str, str]:
        fields = {f"key.{action.value}": " ".join(names) for action, names in self.keys.items()}
        fields["pad.layout"] = self.pad_layout
        return fields

    @classmethod
    def from_fields(cls, fields: dict[str, str]) -> "Bindings":
        """A bad entry, or keys that clash, raise BindingError naming them."""
        bindings = cls()
        for key, value in fields.items():
            if key.startswith("key."):
                action, names = parse_binding(key, value)
                bindings.keys[action] = names
            elif key == "pad.layout":
                if value not in PAD_LAYOUTS:
                    raise BindingError(f"unknown pad layout {value[:12]!r}")
                bindings.pad_layout = value
        check_keys(bindings.keys)
        return bindings

    def bind(self, action: Action, name: str) -> None:
        """Give ``name`` to ``action`` alone (its fixed key stays); BindingError if that takes a key away."""
        self.replace({action: (name,) + tuple(fixed for fixed in [FIXED_KEYS.get(action)] if fixed and fixed != name)})

    def replace(self, keys: dict[Action, tuple[str, ...]]) -> None:
        """These keys for these actions, or BindingError and nothing changes."""
        new = {**self.keys, **keys}
        check_keys(new)
        self.keys = new

    def owner(self, name: str, besides: tuple[Action, ...] = ()) -> Action | None:
        """The action other than ``besides`` that has the key ``name``, if any."""
        return next((action for action, names in self.keys.items() if name in names and action not in besides), None)

    def pad_buttons(self, action: Action) -> tuple[str, ...]:
        if self.pad_layout == "b_ok" and action in (Action.SELECT, Action.BACK):
            action = Action.BACK if action is Action.SELECT else Action.SELECT
        return PAD_BUTTONS[action]


class Input:
    """Poll once per frame with ``update()``; then ask ``pressed(action)`` and friends."""

    def __init__(self, bindings: Bindings | None = None) -> None:
        self.bindings = bindings or Bindings()
        self.mouse_enabled = True
        self.pad_enabled = True
        self.origin = (0, 0)
        self._pressed: set[Action] = set()
        self._stick_frames: dict[Action, int] = {}
        self.mouse_x = self.mouse_y = 0
        self.mouse_moved = False
        self.clicked = False
        self.released = False
        self.dragging = False
        self.wheel = 0
        self._consumed = False
        self._codes: dict[Action, tuple[list[int], list[int]]] = {}
        self._named: dict[tuple[str, str], set[Action]] = {}
        self.rebuild()

    def rebuild(self) -> None:
        self._codes = {
            action: (
                [key_code(name) for name in self.bindings.keys[action]],
                [pad_code(name) for name in self.bindings.pad_buttons(action)],
            )
            for action in Action
        }
        self._named = {}  # ("key" or "pad", name) -> its actions, for feed()
        for action in Action:
            for kind, names in (("key", self.bindings.keys[action]), ("pad", self.bindings.pad_buttons(action))):
                for name in names:
                    self._named.setdefault((kind, name), set()).add(action)

    def update(self) -> None:
        pressed: set[Action] = set()
        for action, (keys, pads) in self._codes.items():
            codes = keys + pads if self.pad_enabled else keys
            if action in REPEATING:
                hit = any(pyxel.btnp(code, HOLD_FRAMES, REPEAT_FRAMES) for code in codes)
            else:
                hit = any(pyxel.btnp(code) for code in codes)
            if hit:
                pressed.add(action)
        if self.pad_enabled:
            pressed |= self._stick()
        self._pressed = pressed
        self._consumed = False
        self._update_mouse()

    def _stick(self) -> set[Action]:
        x = pyxel.btnv(pyxel.GAMEPAD1_AXIS_LEFTX)
        y = pyxel.btnv(pyxel.GAMEPAD1_AXIS_LEFTY)
        held = {
            Action.LEFT: x < -STICK_DEAD_ZONE,
            Action.RIGHT: x > STICK_DEAD_ZONE,
            Action.UP: y < -STICK_DEAD_ZONE,
            Action.DOWN: y > STICK_DEAD_ZONE,
        }
        fired = set()
        for action, on in held.items():
            frames = self._stick_frames.get(action, 0) + 1 if on else 0
            self._stick_frames[action] = frames
            if frames == 1 or (frames > HOLD_FRAMES and (frames - 1 - HOLD_FRAMES) % REPEAT_FRAMES == 0):
                fired.add(action)
        return fired

    def _update_mouse(self) -> None:
        x, y = pyxel.mouse_x - self.origin[0], pyxel.mouse_y - self.origin[1]
        self.mouse_moved = (x, y) != (self.mouse_x, self.mouse_y)
        self.mouse_x, self.mouse_y = x, y
        if not self.mouse_enabled:
            self.clicked = self.released = self.dragging = False
            self.wheel = 0
            return
        self.wheel = pyxel.mouse_wheel
        self.clicked = pyxel.btnp(MOUSE_BUTTON)
        self.released = pyxel.btnr(MOUSE_BUTTON)
        self.dragging = pyxel.btn(MOUSE_BUTTON) and not self.clicked

    def feed(self, keys: tuple[str, ...] = (), pad: tuple[str, ...] = (), pointer: tuple[int, int] | None = None,
             clicked: bool = False, released: bool = False) -> None:
        """This frame's input given by hand instead of polled from Pyxel (tests drive a board view
        with it): key names and pad buttons through the bindings, the pointer moved to ``pointer``
        (screen pixels from ``origin``), the left button pressed or let go there."""
        names = [("key", name) for name in keys] + [("pad", name) for name in pad if self.pad_enabled]
        self._pressed = {action for name in names for action in self._named.get(name, ())}
        self._consumed = False
        x, y = pointer if pointer is not None else (self.mouse_x, self.mouse_y)
        self.mouse_moved = (x, y) != (self.mouse_x, self.mouse_y)
        self.mouse_x, self.mouse_y = x, y
        self.clicked = clicked and self.mouse_enabled
        self.released = released and self.mouse_enabled
        self.dragging = False
        self.wheel = 0

    def any_key(self) -> bool:
        """Any key, pad button or click this frame ("press any key")."""
        if self._consumed:
            return False
        if self._pressed or self.clicked:
            return True
        return any(pyxel.btnp(code) for code in _ANY_KEYS)

    def pressed(self, action: Action) -> bool:
        return action in self._pressed

    def actions(self) -> set[Action]:
        return set(self._pressed)

    def hotkey(self, letter: str) -> bool:
        """A named letter or key (``"V"``, ``"F1"``) pressed this frame; keyboard only."""
        return not self._consumed and pyxel.btnp(key_code(letter))

    def pad_button(self, name: str) -> bool:
        """A gamepad-1 button (``"X"``) pressed this frame, for buttons no logical action uses."""
        return self.pad_enabled and not self._consumed and pyxel.btnp(pad_code(name))

    def typed(self) -> str:
        return pyxel.input_text

    def consume(self) -> None:
        """Forget this frame's input, so a key that closed a dialog does nothing else."""
        self._pressed = set()
        self.clicked = self.released = False
        self._consumed = True

    def cell_at(self, left: int, top: int, cell_w: int, cell_h: int, cols: int, rows: int) -> tuple[int, int] | None:
        """The (col, row) of a grid under the mouse, or None outside it."""
        return cell_at(self.mouse_x, self.mouse_y, left, top, cell_w, cell_h, cols, rows)


def cell_at(x: int, y: int, left: int, top: int, cell_w: int, cell_h: int, cols: int, rows: int) -> tuple[int, int] | None:
    col, row = (x - left) // cell_w, (y - top) // cell_h
    if x < left or y < top or col >= cols or row >= rows:
        return None
    return col, row


_ANY_KEYS = [
    getattr(pyxel, name)
    for name in dir(pyxel)
    if (name.startswith("KEY_") and name not in ("KEY_NONE", "KEY_UNKNOWN"))
    or (name.startswith("GAMEPAD1_BUTTON_"))
]
