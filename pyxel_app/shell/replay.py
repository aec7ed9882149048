"""The replay: the game's own play screen at a moment of its record, opened from the record page.

The cartridge draws it (``Cartridge.draw_replay``) from the session set to that moment for the
one draw, as undo to it would show it: the board with its last move marked, the panel, and in
place of its title word, keys and status line the replay's (:class:`ReplayLines`): "Replay.",
the replay's keys and the moment named.  Nothing in the game changes: left/right (the d-pad,
the pad's shoulders, Z/Y, the wheel) step through the moments; RETURN (pad A, or a click on its
mark) asks to play on from here; ESC (pad B) goes back to the record page, F2 straight back to
the game; input that would make a move (a click on the board, a game's letter) is refused with
a word, as are the rest of the game's keys.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from ..input import Action, Input
from . import palette, ui
from .hotkeys import HotkeyBar
from .overlays import Overlay
from .strings import t

NOTE_FRAMES = 150
RECORD_KEY = "F2"  # opens the record page from a game; on it and here, back to the game


@dataclass(frozen=True)
class ReplayLines:
    """What a play screen shows in a replay in place of its own: the title box's ``word``, the
    ``keys`` (one line; :func:`key_lines` puts it on the lines a narrower room needs), the ``status`` line naming the moment,
    the ``bar`` the keys' marks are drawn through (so a click on one reaches the replay), and
    whether the moment is the ``present`` (where an end the players agreed on still stands)."""

    word: str
    keys: str
    status: str
    bar: HotkeyBar
    present: bool


def key_lines(keys: str, width: int) -> str:
    """The groups of ``keys`` (two spaces apart: "[ESC] back") on as few lines of ``width``
    characters as hold them, ``\n`` between the lines; a group is never split."""
    lines: list[str] = []
    for group in keys.split("  "):
        if lines and ui.plain_length(f"{lines[-1]}  {group}") <= width:
            lines[-1] = f"{lines[-1]}  {group}"
        else:
            lines.append(group)
    return "\n".join(lines)


class ReplayScreen(Overlay):
    queues = False

    def __init__(self, app, page) -> None:
        self.app = app
        self.page = page
        self.timeline = page.timeline
        self.cart = page.cart
        self.bar = HotkeyBar()
        self.note, self.note_frames = "", 0

    def say(self, text: str) -> None:
        """A passing word in place of the moment's line; one longer than a line comes in a box."""
        if len(ui.wrap(text, ui.COLS - 2)) > 1:
            self.app.show_message(text)
        else:
            self.note, self.note_frames = text, NOTE_FRAMES

    def close(self) -> None:
        self.page.replay = None
        super().close()

    def update(self, inp: Input) -> None:
        if not self.timeline.refresh():
            self.page.back_to_game()
            return
        if self.note_frames:
            self.note_frames -= 1
        key = (self.bar.clicked(inp) or "").upper()
        timeline = self.timeline
        if inp.hotkey(RECORD_KEY):
            self.page.back_to_game()
        elif inp.pressed(Action.BACK) or key == "ESC":
            self.close()
        elif inp.pressed(Action.MENU):
            self.page.back_to_game()
            self.app.open_pause_menu(self.cart)
        elif inp.pressed(Action.LEFT) or inp.pressed(Action.UNDO) or key == "←" or inp.wheel > 0:
            timeline.step(-1)
        elif inp.pressed(Action.RIGHT) or inp.pressed(Action.REDO) or key == "→" or inp.wheel < 0:
            timeline.step(1)
        elif inp.pressed(Action.SELECT) or key == "RETURN":
            self.page.ask_play_on(self.say)
        elif inp.any_key():  # a game's move key, a click on the board, a command of the game
            self.say(t("record.replay.refused"))
            self.app.sound("refused")
        else:
            return
        inp.consume()

    def draw(self) -> None:
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)  # the present's screen under it goes
        self.bar.clear()
        timeline = self.timeline
        status = self.note if self.note_frames else timeline.said(timeline.moment)
        lines = ReplayLines(t("record.word.replay"), t("record.keys.replay"), status, self.bar,
                            timeline.moment == timeline.present)
        with timeline.showing():
            self.cart.draw_replay(lines)
