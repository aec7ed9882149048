"""The title screen: a pixel logo under raster bars, the SID-style title tune, "press any key",
and after some idle seconds a demo: two computers playing a match game.

Only the real start shows it (``main()``); an ``App`` made directly (tests, ``snap``)
starts at the menu.  Any key, pad button or click goes to the menu, from the demo
too; that input is used up, so it never also answers the question that may follow
(resume a saved game?).
"""

from __future__ import annotations

import pyxel

from ..games import GameSpec
from ..input import Input
from . import palette, ui
from .glyphs import REVERSED_FORMS
from .host import Host
from .match import MatchCartridge
from .seats import ComputerSeat
from .strings import t

LOGO_WORDS = ("BYPUZZ", "ARCADE")
LOGO_TOP = (3 * ui.CELL, 8 * ui.CELL)
BLOCK_W, BLOCK_H = ui.CELL, 6  # one pixel of a letter's 5x5 form
LETTER_STEP = 6  # blocks from one letter to the next: five wide, one apart
RASTER = (palette.BLUE, palette.PURPLE, palette.LIGHT_RED, palette.ORANGE, palette.YELLOW, palette.WHITE,
          palette.YELLOW, palette.ORANGE, palette.LIGHT_RED, palette.PURPLE)
LOGO_COLOURS = (palette.YELLOW, palette.CYAN)  # one per word
SHINE_EVERY = 12  # the white shine runs down a word's five rows, then rests
RASTER_BAR_ROWS = (1, 13)
GAMES_ROW, PRESS_ROW, DEMO_ROW = 16, 20, ui.ROWS - 1
GAMES_SEPARATOR = "  ·  "  # between two games' names in the scroller, and where it comes round
ATTRACT_AFTER_FRAMES = 8 * 60
DEMO_END_FRAMES = 3 * 60  # a finished demo game stays this long, then the title comes back


def draw_logo_word(word: str, top: int, colour: int, frame: int) -> None:
    """A word in big blocks with a shadow, a white shine running down its rows now and then."""
    shine = frame // 5 % SHINE_EVERY
    left = (ui.SCREEN_W - (len(word) * LETTER_STEP - 1) * BLOCK_W) // 2
    for index, letter in enumerate(word):
        for row, line in enumerate(REVERSED_FORMS[letter]):
            ink = palette.WHITE if row == shine else colour
            for col, mark in enumerate(line):
                if mark == "#":
                    x, y = left + (index * LETTER_STEP + col) * BLOCK_W, top + row * BLOCK_H
                    pyxel.rect(x + 2, y + 2, BLOCK_W, BLOCK_H, palette.BLACK)
                    pyxel.rect(x, y, BLOCK_W, BLOCK_H, ink)


def draw_raster_bar(row: int, frame: int) -> None:
    for line in range(ui.CELL):
        pyxel.line(0, row * ui.CELL + line, ui.SCREEN_W - 1, row * ui.CELL + line, RASTER[(line + frame // 3) % len(RASTER)])


class DemoMatch(MatchCartridge):
    """A match the computer plays against itself; it never touches the saved games."""

    def autosave(self) -> None:
        pass

    def show_long_texts(self) -> None:
        pass  # no box over the title: its end stays on the status lines


class Demo:
    def __init__(self, app: Host, spec: GameSpec) -> None:
        self.match = DemoMatch(app, spec)
        self.match.start_playing()
        level = spec.levels[len(spec.levels) // 2]
        self.match.level = level  # the seats' names say it
        self.match.seats = [ComputerSeat(spec, level, app.rng), ComputerSeat(spec, level, app.rng)]
        self.over_frames = 0

    @property
    def done(self) -> bool:
        return self.over_frames >= DEMO_END_FRAMES

    def tick(self) -> None:
        match = self.match
        match.frame += 1
        match.tick()
        if match.over and not match.view.busy(match.ui):
            self.over_frames += 1

    def draw(self) -> None:
        self.match.draw()
        pyxel.rect(0, DEMO_ROW * ui.CELL, ui.SCREEN_W, ui.CELL, palette.BLACK)
        if self.match.frame // 30 % 2 == 0:
            ui.centred(DEMO_ROW, t("title.demo"), palette.YELLOW)


class TitleScreen:
    tune = "title"  # plays through the demo too (shell/jukebox.py)

    def __init__(self, app: Host) -> None:
        self.app = app
        self.frame = 0
        self.idle = 0
        self.demo: Demo | None = None
        self.demo_game = next((spec for spec in app.games if spec.is_match and spec.engine and spec.levels), None)

    def update(self, inp: Input) -> None:
        self.frame += 1
        if inp.any_key():
            inp.consume()
            self.app.leave_title()
            return
        if self.demo is not None:
            self.demo.tick()
            if self.demo.done:
                self.demo, self.idle = None, 0
                self.app.set_border()
        elif self.demo_game is not None:
            self.idle += 1
            if self.idle >= ATTRACT_AFTER_FRAMES:
                self.demo = Demo(self.app, self.demo_game)

    def games_line(self) -> str:
        return GAMES_SEPARATOR.join(t(f"{spec.key}.name") for spec in self.app.games)

    def draw(self) -> None:
        if self.demo is not None:
            self.demo.draw()
            return
        for row in RASTER_BAR_ROWS:
            draw_raster_bar(row, self.frame)
        for word, top, colour in zip(LOGO_WORDS, LOGO_TOP, LOGO_COLOURS):
            draw_logo_word(word, top, colour, self.frame)
        ui.scroller(GAMES_ROW * ui.CELL, self.games_line(), self.frame, palette.WHITE, gap=GAMES_SEPARATOR)
        if self.frame // 30 % 2 == 0:
            ui.centred(PRESS_ROW, t("title.press"), palette.LIGHT_BLUE)
