"""Drive the app frame by frame without a window: tests, ``snap`` and ``bench`` use it.

A frame is: set the input for this frame, ``app.update()``, ``app.draw()``,
then ``pyxel.flip()`` (which advances Pyxel's frame counter, so ``btnp``
and key repeat behave as in a real run).  Never used by the app itself.

Script syntax (for ``snap --input``), tokens separated by spaces, newlines or ``;``:

    RETURN  UP  F1  A  ...     tap a key (pressed one frame, then released one frame)
    pad:A  pad:DPAD_UP        tap a gamepad-1 button (A B X Y BACK START DPAD_* ...)
    stick:X,Y                 hold the left stick at X,Y (-32768..32767) for one frame
    click:X,Y                 left click at pixel X,Y of the 320x200 screen
    move:X,Y                  move the mouse pointer there (a held button stays held)
    press:X,Y                 press the left button there and keep it down (one frame)
    release:X,Y               let the left button go there (one frame)
    drag:X,Y,X2,Y2            press at X,Y, move to X2,Y2 over 8 frames, release there
    text:abc                  type text (as pyxel.input_text)
    wait:N                    let N frames pass with no input
    hold:KEY:N                hold a key down for N frames
    # ...                     a comment up to the end of the line
"""

from __future__ import annotations

import re

import pyxel

from ..exits import restore_terminate, terminate_as_interrupt
from ..rules.numbers import NumberError, parse_number
from . import ui

STICK_RANGE = (-32768, 32767)
MAX_FRAMES = 36_000  # ten minutes at 60 fps, per wait or hold
SHOWN = 24  # characters of a bad step quoted in a message
DRAG_FRAMES = 8
# Steps that take one point X,Y.
POINTS = ("CLICK", "MOVE", "STICK", "PRESS", "RELEASE")


class ScriptError(ValueError):
    """A ``snap`` script step that cannot run; the message quotes it."""


class interruptible:
    """``with interruptible() as guard:`` a run without a window that SIGTERM ends as Ctrl-C does:
    a KeyboardInterrupt, after which ``guard.app`` (once set) saves its game and closes it."""

    def __init__(self) -> None:
        self.app = None
        self.previous = None

    def __enter__(self) -> "interruptible":
        self.previous = terminate_as_interrupt()
        return self

    def __exit__(self, kind, error, trace) -> bool:
        restore_terminate(self.previous)  # a second SIGTERM while saving ends the program outright
        if kind is not None and issubclass(kind, KeyboardInterrupt) and self.app is not None:
            self.app.put_away()
        return False


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

    def press(self, x: int, y: int) -> None:
        pyxel.set_mouse_pos(x + ui.BORDER_X, y + ui.BORDER_Y)
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
        self.frame()

    def release(self, x: int, y: int) -> None:
        pyxel.set_mouse_pos(x + ui.BORDER_X, y + ui.BORDER_Y)
        pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
        self.frame()

    def drag(self, x: int, y: int, x2: int, y2: int, frames: int = DRAG_FRAMES) -> None:
        """Press, move in even steps with the button held (as a hand drags), release."""
        self.press(x, y)
        for step in range(1, frames + 1):
            self.move(x + (x2 - x) * step // frames, y + (y2 - y) * step // frames)
        self.release(x2, y2)

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
        elif kind_upper in POINTS:
            x, y = _pair(token, rest)
            getattr(self, kind.lower())(x, y)
        elif kind_upper == "DRAG":
            first, _, second = rest.partition(",")
            second, _, third = second.partition(",")
            self.drag(*_pair(token, f"{first},{second}"), *_pair(token, third))
        elif kind_upper == "TEXT":
            self.text(rest)
        elif kind_upper == "WAIT":
            self.run(_count(token, rest))
        elif kind_upper == "HOLD":
            name, _, count = rest.partition(":")
            self._tap(_code("KEY_", name), _count(token, count))
        else:
            raise ScriptError(f"unknown script step {token[:SHOWN]!r}")


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
    elif kind in POINTS:
        _pair(token, rest)
    elif kind == "DRAG":
        parts = rest.split(",")
        if len(parts) != 4:
            raise ScriptError(f"{token[:SHOWN]!r}: expected four numbers X,Y,X2,Y2")
        _pair(token, ",".join(parts[:2]))
        _pair(token, ",".join(parts[2:]))
    elif kind == "WAIT":
        _count(token, rest)
    elif kind == "HOLD":
        name, _, count = rest.partition(":")
        _code("KEY_", name)
        _count(token, count)
    elif kind != "TEXT":
        raise ScriptError(f"unknown script step {token[:SHOWN]!r}")


def _code(prefix: str, name: str) -> int:
    code = getattr(pyxel, prefix + name.upper(), None)
    if not isinstance(code, int):
        what = "key" if prefix == "KEY_" else "pad button"
        raise ScriptError(f"unknown {what} {name[:SHOWN]!r} in script")
    return code


def _pair(token: str, rest: str) -> tuple[int, int]:
    """Two numbers X,Y: stick values for ``stick:``, a pixel of the screen (or its border) otherwise."""
    if token.upper().startswith("STICK"):
        (x_low, x_high), (y_low, y_high) = STICK_RANGE, STICK_RANGE
    else:
        x_low, x_high, y_low, y_high = -ui.BORDER_X, ui.SCREEN_W + ui.BORDER_X - 1, -ui.BORDER_Y, ui.SCREEN_H + ui.BORDER_Y - 1
    parts = rest.split(",")
    if len(parts) != 2:
        raise ScriptError(f"{token[:SHOWN]!r}: expected two numbers X,Y")
    try:
        return parse_number(parts[0], x_low, x_high, "X"), parse_number(parts[1], y_low, y_high, "Y")
    except NumberError as error:
        raise ScriptError(f"{token[:SHOWN]!r}: {error}") from None


def _count(token: str, text: str) -> int:
    try:
        return parse_number(text, 0, MAX_FRAMES, "a frame count")
    except NumberError as error:
        raise ScriptError(f"{token[:SHOWN]!r}: expected a frame count ({error})") from None


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


# Puzzles of the day (shell/puzzle_mode.py), for tests and tools/screens.py.


def puzzle_settle(driver: Driver, most: int = 5000) -> None:
    """Frames until the puzzle shown has no question in hand and no move moving (nor the solution playing)."""
    mode = driver.app.cartridge.puzzle_mode
    for _ in range(most):
        if not mode.working and not driver.app.cartridge.puzzle_busy() and mode.showing is None:
            return
        driver.frame()
    raise ScriptError("the puzzle did not settle")


def wrong_first_move(attempt) -> str:
    """A legal first move of the puzzle that the judge says is wrong."""
    rules, state = attempt.rules, attempt.start
    for move in sorted(rules.legal_moves(state), key=rules.move_to_text):
        text = rules.move_to_text(move)
        work = attempt.judge([], text)
        while not work.finished:
            work.step(50.0)
        if not work.result.correct:
            return text
    raise ScriptError("every first move does the task")


def puzzle_solve(driver: Driver) -> None:
    """The player plays the solution line's moves, each judged (and answered) before the next."""
    cart = driver.app.cartridge
    mode, line = cart.puzzle_mode, cart.puzzle_mode.puzzle.line
    while not mode.solved and len(cart.puzzle_moves()) < len(line):
        cart.play_as_player(line[len(cart.puzzle_moves())])
        puzzle_settle(driver)
