"""What a cartridge does with records (``rules/records.py``): the game menu's Export and Import,
and a record dropped on the window.

A record is read, then its moves set out, a slice a frame (``shell/jobs.py``): the longest a
format allows shows its progress and may be cancelled, and the game shown changes only when
all is read and the player has said yes.

A part of every cartridge (a base class of it, whose commands list Export and Import), kept
apart so the cartridge stays a lifecycle, the commands and the input.  It uses of the cartridge only what every cartridge has: ``app``,
``rules``, ``session``, ``flash``, ``ask_before_discarding``, ``solo_refused``, ``load_start``,
``solver``, ``adopt`` and ``after_move``; a game says who plays a record (``record_meta``) and
names its players (``player_names``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pyxel

from ..rules.base import NotationError
from ..rules.records import MAX_MOVES, Record, counting_moves, keeps_records, reading_record, writing_record
from ..session import Session
from .export_page import ExportPage
from .jobs import Work, phase, run_job
from .record_files import RECORD_FILE_BYTES, record_of, recording
from .storage import problem_text, read_text
from .strings import error_words, t


class RecordKeeper:
    """Export, Import and a dropped record, on the cartridge that is one (see the module's words)."""

    def export_record(self) -> None:
        """The game menu's Export: the page of this game's record files, to write the game shown in one
        (a game too long for a record to be read back is said so instead)."""
        if self.session is None:
            return
        if len(self.session.move_texts()) > MAX_MOVES:
            self.flash(t("records.too_long", n=MAX_MOVES))
        else:
            ExportPage(self, saving=True).open()

    def import_record(self) -> None:
        """The game menu's Import: the page of this game's record files; the one chosen replaces
        the game shown, after a yes if that one is in progress."""
        if not self.solo_refused():
            ExportPage(self, saving=False).open()

    def game_record(self) -> Record:
        """The game shown (its moves since a restart, up to the move shown) as a record."""
        return record_of(self.rules, self.session, self.player_names())

    def writing_record(self) -> Work:
        """The game shown as its record's text, a move at a time (``shell/jobs.py``)."""
        record = yield from phase("job.write", recording(self.rules, self.session, self.player_names()))
        return (yield from phase("job.write", writing_record(record)))

    def player_names(self) -> list[str]:
        """The players' names in seat order, for a record that names them (none here)."""
        return []

    def record_meta(self, record: Record) -> dict[str, str]:
        """The meta a record's game is played with here: who plays it (no one to name here)."""
        return {}

    def take_record(self, record: Record, label: str, before: Callable[[], Any] = lambda: None) -> None:
        """``record``'s game (``label`` names it) in place of the one shown, at its last move, after
        a yes when that one is in progress; ``before`` runs first then (a page closes)."""
        if self.solo_refused():
            return
        meta = self.record_meta(record)
        start = self.load_start(self.rules.state_to_text(record.start), meta, self.rules.variant_of(record.start))
        session = Session(self.rules, start, meta, solver=self.solver())

        def take(session: Session) -> None:
            before()
            self.adopt(session)
            self.after_move()
            self.flash(t("records.loaded", name=label, n=len(record.moves)))

        run_job(self.app, phase("job.replay", session.playing(record.moves)), label,
                lambda session: self.ask_before_discarding(lambda: take(session), "records.confirm.load", name=label),
                lambda: self.flash(t("job.cancelled", name=label)))

    def import_text(self, text: str, label: str, bad: Callable[[NotationError], Any],
                    before: Callable[[], Any] = lambda: None) -> None:
        """The record ``text`` (``label`` names it) taken as :meth:`take_record` takes one, read a
        slice a frame; one that does not read goes to ``bad`` and changes nothing."""
        if self.solo_refused():
            return

        def read(answer: Record | NotationError) -> None:
            if isinstance(answer, NotationError):
                bad(answer)
            else:
                self.take_record(answer, label, before)

        run_job(self.app, self.reading_record(text), label, read, lambda: self.flash(t("job.cancelled", name=label)))

    def reading_record(self, text: str) -> Work:
        """The record ``text`` holds (its moves counted first, to say how far the reading is), or
        the error that says why it does not read."""
        try:
            total = yield from phase("job.read", counting_moves(self.rules, text))
            return (yield from phase("job.read", reading_record(self.rules, text), total))
        except NotationError as error:
            return error

    def take_dropped(self, path: str) -> None:
        """A file dropped on the window: a record of this game is taken as Import takes one; any
        other file changes nothing and the message says why (a record's line and problem)."""
        if not keeps_records(self.rules):
            return
        try:
            text = read_text(path, RECORD_FILE_BYTES)
        except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            self.app.show_message(t("records.bad_drop", name=Path(path).name, why=problem_text(error)))
            return
        self.take_record_text(text, Path(path).name)

    def take_record_text(self, text: str, name: str) -> None:
        """The record ``text`` of the file ``name`` (dropped) taken as Import takes one, or its line and problem said."""
        self.import_text(text, name, lambda error: self.app.show_message(t("records.bad_drop", name=name,
                                                                             why=error_words(error))))

    def take_drops(self) -> None:
        """Every file dropped on the window since the last frame, each taken as ``take_dropped`` says."""
        for path in getattr(pyxel, "dropped_files", None) or ():
            self.take_dropped(path)
