"""Drive the app frame by frame without a window: tests, ``snap`` and ``bench`` use it.

A frame is: set the input for this frame, ``app.update()``, ``app.draw()``,
then ``pyxel.flip()`` (which advances Pyxel's frame counter, so ``btnp``
and key repeat behave as in a real run).  Never used by the app itself.

Script syntax (for ``snap --input``), tokens separated by spaces, newlines or ``;``:

    RETURN  UP  F1  A  ...     tap a key (pressed one frame, then released one frame)
    pad:A  pad:DPAD_UP        tap a gamepad-1 button (A B X Y BACK START DPAD_* ...)
    stick:X,Y                 hold the left stick at X,Y (-32768..32767) for one frame
    click:X,Y                 left click at pixel X,Y of the 320x200 screen
    move:X,Y                  move the mouse pointer there
    text:abc                  type text (as pyxel.input_text)
    wait:N                    let N frames pass with no input
    hold:KEY:N                hold a key down for N frames
    # ...                     a comment up to the end of the line
"""

from __future__ import annotations

import re

import pyxel

from . import ui


class ScriptError(ValueError):
    pass


class Driver:
    def __init__(self, app) -> None:
        self.app = app
        self.frames = 0

    def frame(self) -> None:
        self.app.update()
        self.app.draw()
        pyxel.flip()
        self.frames += 1

    def run(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.frame()

    def _tap(self, code: int, frames: int = 1) -> None:
        pyxel.set_btn(code, True)
        self.run(frames)
        pyxel.set_btn(code, False)
        self.frame()

    def key(self, name: str, frames: int = 1) -> None:
        self._tap(_code("KEY_", name), frames)

    def pad(self, name: str, frames: int = 1) -> None:
        self._tap(_code("GAMEPAD1_BUTTON_", name), frames)

    def stick(self, x: int, y: int, frames: int = 1) -> None:
        pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTX, x)
        pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTY, y)
        self.run(frames)
        pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTX, 0)
        pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTY, 0)
        self.frame()

    def move(self, x: int, y: int) -> None:
        pyxel.set_mouse_pos(x + ui.BORDER_X, y + ui.BORDER_Y)
        self.frame()

    def click(self, x: int, y: int) -> None:
        pyxel.set_mouse_pos(x + ui.BORDER_X, y + ui.BORDER_Y)
        self._tap(pyxel.MOUSE_BUTTON_LEFT)

    def text(self, text: str) -> None:
        pyxel.set_input_text(text)
        self.frame()

    def script(self, script: str) -> None:
        for token in tokens(script):
            self.step(token)

    def step(self, token: str) -> None:
        kind, _, rest = token.partition(":")
        kind_upper = kind.upper()
        if not rest:
            self.key(token)
        elif kind_upper == "PAD":
            self.pad(rest)
        elif kind_upper in ("CLICK", "MOVE", "STICK"):
            x, y = _pair(token, rest)
            {"CLICK": self.click, "MOVE": self.move, "STICK": self.stick}[kind_upper](x, y)
        elif kind_upper == "TEXT":
            self.text(rest)
        elif kind_upper == "WAIT":
            self.run(_count(token, rest))
        elif kind_upper == "HOLD":
            name, _, count = rest.partition(":")
            self._tap(_code("KEY_", name), _count(token, count))
        else:
            raise ScriptError(f"unknown script step {token!r}")


def tokens(script: str) -> list[str]:
    lines = [line.split("#", 1)[0] for line in script.splitlines()]
    words = re.split(r"[\s;]+", " ".join(lines))
    result = [word for word in words if word]
    for word in result:
        check_token(word)
    return result


def check_token(token: str) -> None:
    """Raise ScriptError for a step that would fail, before anything runs."""
    kind, _, rest = token.partition(":")
    kind = kind.upper()
    if not rest:
        _code("KEY_", token)
    elif kind == "PAD":
        _code("GAMEPAD1_BUTTON_", rest)
    elif kind in ("CLICK", "MOVE", "STICK"):
        _pair(token, rest)
    elif kind == "WAIT":
        _count(token, rest)
    elif kind == "HOLD":
        name, _, count = rest.partition(":")
        _code("KEY_", name)
        _count(token, count)
    elif kind != "TEXT":
        raise ScriptError(f"unknown script step {token!r}")


def _code(prefix: str, name: str) -> int:
    code = getattr(pyxel, prefix + name.upper(), None)
    if not isinstance(code, int):
        what = "key" if prefix == "KEY_" else "pad button"
        raise ScriptError(f"unknown {what} {name!r} in script")
    return code


def _pair(token: str, rest: str) -> tuple[int, int]:
    try:
        x, y = (int(part) for part in rest.split(","))
    except ValueError:
        raise ScriptError(f"{token!r}: expected two numbers X,Y") from None
    return x, y


def _count(token: str, text: str) -> int:
    if not text.isdigit():
        raise ScriptError(f"{token!r}: expected a frame count")
    return int(text)


# Keys and pad buttons a random player hits; callers replace pyxel.quit, so a random
# Q followed by Y only sets app.quit_called.
RANDOM_KEYS = (
    "UP", "DOWN", "LEFT", "RIGHT", "RETURN", "SPACE", "ESCAPE", "F1", "TAB", "Z", "Y", "N", "H",
    "R", "X", "Q", "L", "J", "A",
)
RANDOM_PAD = ("A", "B", "X", "Y", "START", "BACK", "DPAD_UP", "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT",
              "LEFTSHOULDER", "RIGHTSHOULDER")


def random_step(driver: Driver, rng, keys=RANDOM_KEYS, pad=RANDOM_PAD) -> None:
    """One random thing a player does: a key, a pad button, a stick push, a click or a pause."""
    roll = rng.random()
    if roll < 0.45:
        driver.key(rng.choice(keys))
    elif roll < 0.7:
        driver.pad(rng.choice(pad))
    elif roll < 0.8:
        driver.stick(rng.choice((-32000, 0, 32000)), rng.choice((-32000, 0, 32000)))
    elif roll < 0.95:
        driver.click(rng.randrange(ui.SCREEN_W), rng.randrange(ui.SCREEN_H))
    else:
        driver.run(rng.randrange(1, 20))


def random_input(driver: Driver, rng, frames: int, on_frame=None) -> None:
    """Drive ``frames`` frames of random keys, pad buttons, stick pushes and clicks."""
    done = driver.frames + frames
    while driver.frames < done:
        random_step(driver, rng)
        if on_frame is not None:
            on_frame()
