"""The cartridge menu: every registered game with its name, a line about it and a preview.

The games scroll (arrows, d-pad, the mouse wheel) when more are registered than fit; after
them comes "Puzzle of the day" (``shell/puzzle_picker.py``), and the options row (language,
keys, sound, quit) stays at the bottom.  The menu's tune plays under it.
"""

from __future__ import annotations

import pyxel

from ..games import GameSpec
from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .host import Host
from .sound_page import SoundScreen
from .strings import t, text_in

ROW_HEIGHT = 38
FIRST_ROW_Y = 52  # the top of the first game's frame, under "Choose a cartridge:" (row 5)
VISIBLE_ROWS = 3
PREVIEW_W, PREVIEW_H = 48, 32
FRAME_X, FRAME_W = ui.CELL, ui.SCREEN_W - 2 * ui.CELL  # inside the one-character margin
TEXT_COL, DESC_W = 9, 27
KEYS_ROW = ui.ROWS - 4
OPTIONS_ROW = ui.ROWS - 2
SCROLL_COL = ui.COLS - 3


def draw_preview(spec: GameSpec, x: int, y: int) -> None:
    """A small picture of the game, 48x32 pixels, drawn by its screen class."""
    preview = getattr(spec.screen_class(), "draw_preview", None)
    if preview is None:
        pyxel.rect(x, y, PREVIEW_W, PREVIEW_H, palette.BLACK)
    else:
        preview(x, y)


def draw_puzzle_preview(x: int, y: int) -> None:
    """The puzzles' picture: a calendar's page with a question mark."""
    pyxel.rect(x, y, PREVIEW_W, PREVIEW_H, palette.BLACK)
    pyxel.rect(x + 12, y + 3, 24, 26, palette.WHITE)
    pyxel.rect(x + 12, y + 3, 24, 6, palette.RED)
    ui.text(x + 21, y + 14, "?", palette.BLUE)


class Menu:
    """Games first, then the options row (language, keys, sound, quit): one list for keys, pad and mouse."""

    help_key = "help.menu"
    tune = "menu"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.index = 0
        self.games_list = Chooser(self.rows, FIRST_ROW_Y, ROW_HEIGHT, FRAME_X, FRAME_W, VISIBLE_ROWS)

    @property
    def games(self) -> list[GameSpec]:
        return self.app.games

    @property
    def rows(self) -> int:
        """The list's rows: the games and, last, the puzzles of the day."""
        return len(self.app.games) + 1

    def options(self) -> list[tuple[str, str]]:
        """(label, hotkey) of each option on the bottom row."""
        language = text_in(self.app.language, "language.name")
        options = [(t("menu.language", language=language), "L"), (t("menu.keys_screen"), "K"),
                   (t("menu.sound_screen"), "S")]
        if not self.app.web:
            options.append((t("menu.quit"), "Q"))
        return options

    def option_spans(self) -> list[tuple[int, int]]:
        spans, x = [], ui.CELL
        for label, _ in self.options():
            width = ui.plain_length(label) * ui.CELL
            spans.append((x, x + width))
            x += width + 2 * ui.CELL
        return spans

    def item_under_mouse(self, inp: Input) -> int | None:
        under = self.games_list.row_under_mouse(inp)
        if under is not None:
            return under
        if OPTIONS_ROW * ui.CELL <= inp.mouse_y < (OPTIONS_ROW + 1) * ui.CELL:
            for j, (x0, x1) in enumerate(self.option_spans()):
                if x0 <= inp.mouse_x < x1:
                    return self.rows + j
        return None

    def activate(self, index: int) -> None:
        if index < len(self.games):
            self.app.open_cartridge(self.games[index])
            return
        if index == len(self.games):
            from .puzzle_picker import PuzzlePicker

            self.app.go_to(PuzzlePicker(self.app, lambda: self.app.go_to(self)))
            return
        self.run_option(self.options()[index - self.rows][1])

    def run_option(self, hotkey: str) -> None:
        if hotkey == "L":
            self.app.cycle_language()
        elif hotkey == "K":
            from .keys import KeysScreen

            self.app.go_to(KeysScreen(self.app))
        elif hotkey == "S":
            self.app.go_to(SoundScreen(self.app))
        elif hotkey == "Q" and not self.app.web:
            self.app.ask_quit()

    def set_index(self, index: int) -> None:
        self.index = index
        if index < self.rows:
            self.games_list.select(index)

    def update(self, inp: Input) -> None:
        self.app.set_border()  # a game may have coloured it for the side to move
        self.games_list.count = self.rows  # a test may register games while the menu is open
        count = self.rows + len(self.options())
        if inp.pressed(Action.UP) or inp.pressed(Action.LEFT):
            self.set_index((self.index - 1) % count)
            self.app.sound("cursor")
        if inp.pressed(Action.DOWN) or inp.pressed(Action.RIGHT):
            self.set_index((self.index + 1) % count)
            self.app.sound("cursor")
        if inp.wheel:
            self.games_list.scroll(-inp.wheel)
            if self.index < self.rows:
                self.index = self.games_list.index
        under = self.item_under_mouse(inp) if inp.mouse_enabled else None
        if under is not None and (inp.mouse_moved or inp.clicked):
            self.set_index(under)
        if inp.pressed(Action.SELECT) or (inp.clicked and under is not None):
            self.app.sound("select")
            self.activate(self.index)
            return
        for _, hotkey in self.options():
            if inp.hotkey(hotkey):
                self.run_option(hotkey)
                return
        if inp.pressed(Action.BACK):
            self.run_option("Q")

    def draw(self) -> None:
        ui.title_box(t("menu.word"), heading=t("menu.title"), heading_col=12)
        ui.text_at(1, 5, t("menu.choose"))
        games_list = self.games_list
        x = TEXT_COL * ui.CELL
        for i in games_list.shown():
            y = games_list.row_y(i)
            selected = i == self.index
            if selected:
                pyxel.rectb(FRAME_X, y, FRAME_W, ROW_HEIGHT - 2, palette.WHITE)
            if i < len(self.games):
                key = self.games[i].key
                draw_preview(self.games[i], 2 * ui.CELL, y + 2)
                name, desc = t(f"{key}.name"), t(f"{key}.desc")
            else:
                draw_puzzle_preview(2 * ui.CELL, y + 2)
                name, desc = t("puzzle.title"), t("puzzle.menu.desc")
            ui.text(x, y + 5, name, palette.WHITE if selected else palette.LIGHT_BLUE)
            ui.lines(x, y + 17, ui.wrap(desc, DESC_W), palette.LIGHT_GREY)
        if games_list.more_above:
            ui.text(SCROLL_COL * ui.CELL, FIRST_ROW_Y + 4, "▲", palette.WHITE)
        if games_list.more_below:
            ui.text(SCROLL_COL * ui.CELL, FIRST_ROW_Y + VISIBLE_ROWS * ROW_HEIGHT - 2 * ui.CELL, "▼", palette.WHITE)
        ui.hot_at(1, KEYS_ROW, t("menu.keys"))
        for j, ((label, _), (x0, x1)) in enumerate(zip(self.options(), self.option_spans())):
            selected = self.rows + j == self.index
            if selected:
                pyxel.rectb(x0 - 2, OPTIONS_ROW * ui.CELL - 2, x1 - x0 + 4, ui.CELL + 4, palette.WHITE)
            ui.hot(x0, OPTIONS_ROW * ui.CELL, label, palette.WHITE if selected else palette.LIGHT_BLUE)
