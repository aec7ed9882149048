"""The record page (F2, or the game menu's "Moves, replay"): the game's moves as a score sheet.

Every game gets it from the cartridge (``Cartridge.open_record``): the moves in the game's own
notation (``rules/records.py``'s labels), numbered by full moves when two play, in columns that
page on the 40x25 grid.  The moment looked at is highlighted (in yellow when it is the present,
the position in play), the present's move is yellow, moves undone (still there for redo) are
grey, and a move the review marked carries its mark in red.  Left/right (the pad's d-pad and
shoulders, Z/Y) step a move, up/down a row, Home/End go to the start and the present, PgUp/PgDn
a page; RETURN (pad A, or a click on the moment looked at) shows the board there
(``shell/replay.py``); P asks to play on from there; ESC (pad B) or F2 goes back to the game.
"""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from . import palette, ui
from .hotkeys import HotkeyBar
from .overlays import Page
from .replay import RECORD_KEY, ReplayScreen
from .sheet import Cell, Sheet
from .strings import t
from .timeline import Timeline

NOTE_FRAMES = 150
# The info line and the two footer lines, one block ending on the status line.
BOTTOM_Y = ui.lines_above(ui.STATUS_Y, 3)
# The sheet's lines: a blank row between its last line and the block under it.
SHEET_ROWS = ui.lines_fit(Page.FIRST_ROW * ui.CELL, BOTTOM_Y - 2 * ui.CELL)


def cell_ink(cell: Cell, timeline: Timeline) -> tuple[int, int]:
    """(ink, paper) of a moment's cell: the moment looked at reversed (in yellow at the present),
    the present's move yellow, an undone one grey."""
    if cell.moment == timeline.moment:
        return palette.BLUE, palette.YELLOW if cell.moment == timeline.present else palette.WHITE
    if cell.moment == timeline.present:
        return palette.YELLOW, palette.BACKGROUND
    return (palette.GREY if cell.moment > timeline.present else palette.TEXT), palette.BACKGROUND


class RecordPage(Page):
    def __init__(self, app, cart) -> None:
        super().__init__(app, t("record.word"), " ".join(cart.name().upper()))
        self.cart = cart
        self.timeline = Timeline(cart)
        self.hotkeys = HotkeyBar()
        self.note, self.note_frames = "", 0
        self.sheet_key: tuple | None = None
        self.sheet: Sheet | None = None
        self.replay: ReplayScreen | None = None

    def current_sheet(self) -> Sheet:
        timeline = self.timeline
        marks = [timeline.mark(line.index) for line in timeline.lines]
        key = (id(timeline.lines), tuple(marks))
        if key != self.sheet_key:
            self.sheet_key = key
            self.sheet = Sheet(timeline.lines, marks, t("record.start"), self.BODY_WIDTH, SHEET_ROWS, self.BODY_COL)
        return self.sheet

    # What the page and the replay share: going back, playing on, a passing word.

    def back_to_game(self) -> None:
        """Straight back to the game, as it stands."""
        if self.replay is not None:
            self.app.close_overlay(self.replay)
            self.replay = None
        self.close()

    def say(self, text: str) -> None:
        """A passing word on the info line; one longer than the line comes in a box."""
        if len(ui.wrap(text, ui.COLS - 2)) > 1:
            self.app.show_message(text)
        else:
            self.note, self.note_frames = text, NOTE_FRAMES

    def ask_play_on(self, say=None) -> None:
        """Play on from the moment looked at, after a yes; at the present, back to the game."""
        timeline = self.timeline
        if timeline.moment == timeline.present:
            self.back_to_game()
            return
        refused = self.cart.play_on_refused()
        if refused:
            (say or self.say)(refused)
            self.app.sound("refused")
            return

        def play_on() -> None:
            if self.timeline.refresh():
                self.timeline.play_on()
            self.back_to_game()

        self.app.confirm(timeline.question(), play_on)

    def show_board(self) -> None:
        self.replay = ReplayScreen(self.app, self)
        self.app.open_overlay(self.replay)

    # The frame.

    def update(self, inp: Input) -> None:
        if not self.timeline.refresh():
            self.close()
            return
        if self.note_frames:
            self.note_frames -= 1
        key = (self.hotkeys.clicked(inp) or "").upper()
        if inp.hotkey(RECORD_KEY) or inp.pressed(Action.BACK) or key == "ESC":
            self.close()
        elif inp.pressed(Action.MENU):
            self.close()
            self.app.open_pause_menu(self.cart)
        elif inp.pressed(Action.SELECT) or key == "RETURN":
            self.show_board()
        elif inp.hotkey("P") or key == "P":
            self.ask_play_on()
        elif not self.moved(inp, key):
            self.clicked(inp)
            return
        inp.consume()

    def moved(self, inp: Input, key: str) -> bool:
        """The moment looked at moved by a key, a pad button or the wheel; True when it did."""
        timeline, sheet = self.timeline, self.current_sheet()
        page = sheet.page_of(timeline.moment)
        if inp.pressed(Action.LEFT) or inp.pressed(Action.UNDO) or key == "←":
            timeline.step(-1)
        elif inp.pressed(Action.RIGHT) or inp.pressed(Action.REDO) or key == "→":
            timeline.step(1)
        elif inp.pressed(Action.UP) or inp.pressed(Action.DOWN) or key in ("↑", "↓"):
            timeline.look(sheet.vertical(timeline.moment, -1 if inp.pressed(Action.UP) or key == "↑" else 1))
        elif inp.hotkey("HOME") or inp.hotkey("END"):
            timeline.look(0 if inp.hotkey("HOME") else timeline.present)
        elif inp.hotkey("PAGEUP") or inp.hotkey("PAGEDOWN"):
            timeline.look(sheet.first_moment(page + (-1 if inp.hotkey("PAGEUP") else 1)))
        elif inp.wheel:
            timeline.step(-inp.wheel)
        else:
            return False
        return True

    def clicked(self, inp: Input) -> None:
        """A click on a moment looks at it; on the one looked at, shows its board."""
        if not inp.clicked:
            return
        sheet = self.current_sheet()
        for cell in sheet.cells(sheet.page_of(self.timeline.moment)):
            x, y = cell.col * ui.CELL, self.line_y(cell.line)
            if x <= inp.mouse_x < x + cell.width * ui.CELL and y <= inp.mouse_y < y + ui.LINE_PITCH:
                inp.consume()
                if cell.moment == self.timeline.moment:
                    self.show_board()
                else:
                    self.timeline.look(cell.moment)
                return

    def draw(self) -> None:
        timeline, sheet = self.timeline, self.current_sheet()
        page = sheet.page_of(timeline.moment)
        more_above = self.line_y(0) if page > 0 else None
        more_below = self.line_y(sheet.rows_per_column - 1) if page < sheet.pages - 1 else None
        self.draw_page("", more_above, more_below)
        for number in sheet.numbers(page):
            ui.text(number.col * ui.CELL, self.line_y(number.line), number.text, palette.GREY)
        for cell in sheet.cells(page):
            self.draw_cell(cell, *cell_ink(cell, timeline))
        info = self.note if self.note_frames else timeline.state_word(timeline.moment)
        ui.text(self.BODY_COL * ui.CELL, BOTTOM_Y, info[: ui.COLS - 2], palette.WHITE)
        self.hotkeys.clear()
        self.hotkeys.lines(self.BODY_COL, BOTTOM_Y + ui.LINE_PITCH, t("record.footer"), palette.WHITE)

    def draw_cell(self, cell: Cell, ink: int, paper: int) -> None:
        x, y = cell.col * ui.CELL, self.line_y(cell.line)
        if paper != palette.BACKGROUND:  # a cell high, a pixel clear of the lines above and below
            pyxel.rect(x, y, cell.width * ui.CELL, ui.CELL, paper)
        ui.text(x, y, cell.text, ink)
        if cell.mark:
            ui.text(x + len(cell.text) * ui.CELL, y, cell.mark, palette.RED if paper != palette.BACKGROUND else palette.LIGHT_RED)
