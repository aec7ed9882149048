"""The game menu's Export and Import: the slots' page (``shell/slot_page.py``) over the game's
record files (``shell/record_files.py``).

Export writes the game shown as its genre's text, in a new file or (asked first) over one;
Import reads one and puts its game in place of the game shown (asked first when that one is in
progress).  A record that does not read is named with its line and problem, in a box over the
page, and the file is left as it is.  In the browser an exported record is handed to the browser
as a download too, so it reaches the player's files.  The highlighted row's file name shows
under the list: where to find it in the data folder.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from .jobs import Work, run_job
from .record_files import RecordShelf
from .slot_page import LIST_LINE, NEW, SavedGame, SlotPage
from .slots import Slot
from .strings import error_words, t


class RecordedGame(SavedGame, Protocol):
    """What the page uses of the cartridge beyond what the slots' page does."""

    rules: Any
    spec: Any  # its ``old_record_file``: a record file of earlier versions, to import

    def writing_record(self) -> Work:
        """The game shown as its record's text, a slice a frame (``shell/jobs.py``)."""

    def import_text(self, text: str, label: str, bad: Callable[[Any], Any], before: Callable[[], Any] = ...) -> None:
        """The record ``text``'s game in place of the one shown, read a slice a frame, after a yes
        when that one is in progress (``before`` runs first then); a record that does not read goes
        to ``bad``."""


class ExportPage(SlotPage):
    """``saving``: the Export page, else the Import page."""

    WORDS = "records"
    EMPTY = "records.none"
    SHOWS_SAVED = False  # a record file holds the record alone
    # The highlighted record's file name under the list: the longest (twelve letters each written
    # as ~ and four digits) takes three lines.
    NOTES = 3
    LIST_ROWS = SlotPage.VISIBLE_LINES - LIST_LINE - NOTES - 1

    cart: RecordedGame

    def make_shelf(self) -> RecordShelf:
        cart = self.cart
        return RecordShelf(cart.app.storage, cart.key, cart.rules, cart.spec.old_record_file)

    def label(self, slot: Slot) -> str:
        """A record's name; an old file's is the file's own, as the player knew it."""
        return slot.file if slot.old else slot.name

    def row_note(self) -> str:
        row = self.rows[self.chooser.index] if self.rows else NEW
        return "" if row is NEW else t("records.file", file=row.file)

    def write(self, name: str) -> None:
        """The record written as ``name``, the game replayed a slice a frame (ESC: nothing written)."""
        file = self.shelf.file(name)

        def written(text: str) -> None:
            saved = self.shelf.save(name, text, self.clock())
            self.close()
            if not saved:
                self.cart.flash(t("msg.not_saved"))
            else:
                self.cart.flash(self.say("saved_web" if self.app.storage.offer(file, text) else "saved", file=file))

        def cancelled() -> None:
            self.note = t("job.cancelled", name=name)

        run_job(self.app, self.cart.writing_record(), name, written, cancelled)

    def load(self, slot: Slot) -> None:
        text = self.shelf.read(slot)
        if text is None:  # no text at all: the data folder set it aside and said so
            self.refresh()
            return
        self.cart.import_text(text, self.label(slot),
                              lambda error: self.app.show_message(self.say("bad", name=slot.file, why=error_words(error))),
                              before=self.close)
