"""The game menu's Save and Load: a full-screen page listing the game's slots (``shell/slots.py``).

Each row is a slot's name, the moves it shows and when it was saved; Save adds "New slot ..."
at the top, whose name is typed or picked on the on-screen keyboard (prefilled with a free
name, so a pad alone saves with START).  Writing over a slot, deleting one and loading over a
game in progress each ask first; No keeps everything as it was and the page stays.

Files are read a slice a frame (``shell/jobs.py``): the slots, listed by time, are read before
the list shows (a box says how far, ESC leaves); a page listed by name shows the names at once
and counts the moves of the rows in view while the player looks; loading the longest save
shows its progress and may be cancelled.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Protocol

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .host import Host
from .jobs import JOB_MS, Job, Work, phase, run_job
from .keyboard import NameEntry
from .overlays import Page, dialog_band
from .slots import MAX_SLOTS, Shelf, Slot
from .strings import has, t

NEW = None  # the row that saves in a new slot
UNREAD = ".."  # the moves of a row whose file is not read yet
# The columns: a name of up to 12 letters, the moves right-aligned, the date and time.
NAME_COL, MOVES_COL, MOVES_WIDTH, SAVED_COL = 2, 15, 5, 21
MOVES_END = MOVES_COL + MOVES_WIDTH
HEADINGS_LINE, LIST_LINE = 0, 2  # body lines: the columns' headings, then a blank line, then the list
NOTE_LINES = 2  # at the foot of the body, a blank line above them (a page of other files may take more)
NAME_ROW, NAME_KEYS_ROW = 7, 20  # the name being typed (the on-screen keyboard is under it) and its keys
# ISO 8601, which both languages read (DIN 5008 allows it): sorted as text, it is sorted by time.
SAVED_FORMAT = "%Y-%m-%d %H:%M"


def now() -> str:
    return time.strftime(SAVED_FORMAT)


class SavedGame(Protocol):
    """What the page uses of the cartridge whose game it saves or loads."""

    app: Host
    key: str  # the game's key: its slots' file names start with it
    session: Any  # the game shown (None while the players are set up)

    def name(self) -> str:
        """The game's name in the player's language (the page's heading)."""

    def reading_save(self, name: str, text: str) -> Work:
        """The session a save's text replays to, a slice a frame, or None (the damage said and the
        file set aside)."""

    def adopt(self, session: Any, resumed: bool = False) -> None:
        """Put ``session`` in place of the game shown."""

    def ask_before_discarding(self, run: Callable[[], Any], question: str = ..., on_no: Callable[[], Any] | None = ...,
                              **values: str) -> None:
        """``run()`` now, or after a yes when a game in progress would be lost."""

    def flash(self, text: str, frames: int = ...) -> None:
        """A passing message under the board."""


class SlotPage(Page):
    """``saving``: the Save page (a new slot or one written over), else the Load page.

    A page of another shelf (``shell/export_page.py``) names its words' keys with ``WORDS``
    (each one it lacks is the slots' own), its shelf, and how a row is written and loaded."""

    NOTES = NOTE_LINES
    LIST_ROWS = Page.VISIBLE_LINES - LIST_LINE - NOTES - 1
    WORDS = "slots"
    EMPTY = "msg.no_save"  # what an empty list says
    SHOWS_SAVED = True  # the column of when each was saved

    def __init__(self, cart: SavedGame, saving: bool, clock: Callable[[], str] = now) -> None:
        super().__init__(cart.app, self.say("word.save" if saving else "word.load"), " ".join(cart.name().upper()))
        self.cart, self.saving, self.clock = cart, saving, clock
        self.shelf = self.make_shelf()
        self.entry: NameEntry | None = None
        self.note = ""  # what the last key did or why it did nothing
        self.frame = 0
        self.slots: list[Slot] = []
        self.rows: list[Slot | None] = []
        self.chooser = Chooser(0)
        self.describer: Job | None = None  # reads the files of the rows in view (a page by name)

    def say(self, key: str, **values) -> str:
        own = f"{self.WORDS}.{key}"
        return t(own if has(own) else f"slots.{key}", **values)

    def make_shelf(self) -> Shelf:
        return Shelf(self.cart.app.storage, self.cart.key)

    def open(self) -> "SlotPage":
        """Show the page and read the list: a slot set aside then says so in a box over it."""
        self.app.open_overlay(self)
        self.refresh()
        return self

    def refresh(self) -> None:
        """Read the list again (after a delete, or a slot set aside), the highlight kept in place;
        cancelling the reading leaves the page."""
        self.describer = None
        run_job(self.app, phase("job.list", self.shelf.listing()), "", self.listed, self.close)

    def listed(self, slots: list[Slot]) -> None:
        index = self.chooser.index
        self.slots = [slot for slot in slots if not (self.saving and slot.old)]
        self.rows = ([NEW] if self.saving else []) + list(self.slots)
        self.chooser = Chooser(len(self.rows), self.line_y(LIST_LINE), ui.LINE_PITCH, self.BODY_COL * ui.CELL,
                               self.BODY_WIDTH * ui.CELL, self.LIST_ROWS)
        if self.rows:
            self.chooser.select(min(index, len(self.rows) - 1))

    @property
    def full(self) -> bool:
        return len([slot for slot in self.slots if not slot.old]) >= MAX_SLOTS

    def label(self, slot: Slot) -> str:
        return self.say("old") if slot.old else slot.name

    def row_note(self) -> str:
        """What the list says of the highlighted row when no key has said anything."""
        return ""

    # Input.

    def describe_shown(self) -> None:
        """A slice of reading the files of the rows in view that are not read yet."""
        if self.describer is None or self.describer.finished:
            unread = [row for row in (self.rows[index] for index in self.chooser.shown())
                      if row is not NEW and not row.described]
            if not unread:
                return
            self.describer = Job(phase("job.list", self.describing(unread)))
        self.describer.step(self.app.think_ms(JOB_MS))

    def describing(self, unread: list[Slot]) -> Work:
        """Each of ``unread`` read and put in its place; a file that cannot be read leaves the list."""
        for slot in unread:
            read = yield from self.shelf.describing_slot(slot)
            if slot in self.slots:
                at = self.slots.index(slot)
                self.slots[at:at + 1] = [read] if read is not None else []
                self.listed(self.slots)

    def update(self, inp: Input) -> None:
        self.frame += 1
        if self.cart is not self.app.cartridge:  # the game under it was left (a crash, a test)
            self.close()
            return
        self.describe_shown()
        if self.entry is not None:
            if not self.entry.update(inp):
                self.entry, self.note = None, ""
            inp.consume()
        elif inp.pressed(Action.BACK) or inp.pressed(Action.MENU):
            inp.consume()
            self.close()
        elif inp.hotkey("DELETE") or inp.hotkey("BACKSPACE") or inp.pad_button("X"):
            inp.consume()
            self.ask_delete()
        else:
            chosen = self.chooser.update(inp)
            if chosen is not None:
                inp.consume()
                self.choose(self.rows[chosen])

    def choose(self, row: Slot | None) -> None:
        self.note = ""
        if row is NEW:
            if self.full:
                self.note = self.say("full", n=MAX_SLOTS)
            else:
                self.entry = NameEntry(self.named, self.refused, self.free_name())
        elif self.saving:
            self.app.confirm(self.say("confirm.overwrite", name=row.name), lambda: self.write(row.name))
        else:
            self.load(row)

    def free_name(self) -> str:
        """The first "Game N" no slot has: RETURN or START saves at once."""
        number = 1
        while self.shelf.find(self.say("default_name", n=number), self.slots) is not None:
            number += 1
        return self.say("default_name", n=number)

    def refused(self, why: str) -> None:
        self.note = why

    def named(self, name: str) -> None:
        """The name typed: a new slot, or (asked first) the slot of that name written over."""
        if not name:
            self.note = self.say("no_name")
            return
        existing = self.shelf.find(name, self.slots)
        if existing is not None:
            self.app.confirm(self.say("confirm.overwrite", name=existing.name), lambda: self.write(existing.name))
        elif self.full:
            self.note = self.say("full", n=MAX_SLOTS)
        else:
            self.write(name)

    def write(self, name: str) -> None:
        session = self.cart.session
        saved = self.shelf.save(name, session.to_text(), self.clock(), session.move_count)
        self.close()
        self.cart.flash(self.say("saved", name=name) if saved else t("msg.not_saved"))

    def load(self, slot: Slot) -> None:
        """The slot's game replaces the one shown, after a yes if that one is in progress; a slot
        that does not replay is set aside with a message, and the list shows the others."""
        text = self.shelf.read(slot)
        if text is None:
            self.refresh()
            return
        label = self.label(slot)

        def loaded(session: Any) -> None:
            if session is None:
                self.refresh()
                return

            def load() -> None:
                self.close()
                self.cart.adopt(session)
                self.cart.flash(self.say("loaded", name=label))

            self.cart.ask_before_discarding(load, "slots.confirm.load", name=label)

        def cancelled() -> None:
            self.note = t("job.cancelled", name=label)

        run_job(self.app, self.cart.reading_save(slot.file, text), label, loaded, cancelled)

    def ask_delete(self) -> None:
        row = self.rows[self.chooser.index] if self.rows else NEW
        if row is NEW:
            self.note = self.say("nothing_to_delete")
            return
        label = self.label(row)

        def delete() -> None:
            self.shelf.delete(row)
            self.refresh()
            self.note = self.say("deleted", name=label)

        self.app.confirm(self.say("confirm.delete", name=label), delete)

    # Drawing.

    def draw(self) -> None:
        if self.entry is not None:
            self.draw_entry()
        else:
            self.draw_list()

    def covered(self) -> range:
        """The pixel rows a dialog over the page clears (none without one): the page's lines a
        :data:`ui.LINE_PITCH` apart are off the grid, so one it would cut in half is left out whole."""
        dialog = next((overlay for overlay in self.app.overlays if overlay.queues), None)
        if dialog is None:
            return range(0)
        band = dialog_band(dialog.top, dialog.height)
        return range(band.start * ui.CELL, band.stop * ui.CELL)

    def shows(self, y: int) -> bool:
        covered = self.covered()
        return y + ui.CELL <= covered.start or y >= covered.stop

    def line(self, col: int, y: int, text: str, colour: int) -> None:
        if self.shows(y):
            ui.text(col * ui.CELL, y, text, colour)

    def draw_list(self) -> None:
        chooser = self.chooser
        shown = chooser.shown()
        first_y, last_y = (chooser.row_y(shown[0]), chooser.row_y(shown[-1])) if shown else (None, None)
        self.draw_page(self.say("footer"), first_y if chooser.more_above and self.shows(first_y) else None,
                       last_y if chooser.more_below and self.shows(last_y) else None)
        y = self.line_y(HEADINGS_LINE)
        self.line(NAME_COL, y, self.say("col.name"), palette.GREY)
        moves = self.say("col.moves")
        self.line(MOVES_END - len(moves), y, moves, palette.GREY)
        if self.SHOWS_SAVED:
            self.line(SAVED_COL, y, self.say("col.saved"), palette.GREY)
        if not self.rows:
            self.line(NAME_COL, self.line_y(LIST_LINE), t(self.EMPTY), palette.WHITE)
        for index in shown:
            if self.shows(chooser.row_y(index)):
                self.draw_row(index, chooser.row_y(index))
        note_y = self.line_y(self.VISIBLE_LINES - self.NOTES)
        note, colour = (self.note, palette.YELLOW) if self.note else (self.row_note(), palette.GREY)
        for number, text in enumerate(ui.wrap(note, self.BODY_WIDTH)[: self.NOTES]):
            self.line(self.BODY_COL, note_y + number * ui.LINE_PITCH, text, colour)

    def draw_row(self, index: int, y: int) -> None:
        ink, paper = palette.LIGHT_BLUE, palette.BACKGROUND
        if index == self.chooser.index:  # as the game menu's highlight
            ink, paper = palette.BLUE, palette.WHITE
            pyxel.rect(self.chooser.left, y, self.chooser.width, ui.CELL, paper)
        row = self.rows[index]
        if row is NEW:
            ui.text(NAME_COL * ui.CELL, y, self.say("new_full" if self.full else "new", n=MAX_SLOTS), ink)
            return
        ui.text(NAME_COL * ui.CELL, y, self.label(row), ink)
        moves = UNREAD if not row.described else "?" if row.moves is None else str(min(row.moves, 10**MOVES_WIDTH - 1))
        ui.text((MOVES_END - len(moves)) * ui.CELL, y, moves, ink)
        ui.text(SAVED_COL * ui.CELL, y, row.saved, ink)

    def draw_entry(self) -> None:
        self.draw_page(t("match.keys.name_pad"), None, None)
        self.line(self.BODY_COL, self.line_y(0), self.say("name_question"), palette.WHITE)
        self.entry.draw(NAME_ROW, self.frame)
        if self.note:
            self.line(self.BODY_COL, NAME_ROW * ui.CELL + ui.LINE_PITCH, self.note, palette.YELLOW)
        ui.hot_at(self.BODY_COL, NAME_KEYS_ROW, self.say("keys.name"))
