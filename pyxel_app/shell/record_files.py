"""Records as files: what the game menu's Export writes and Import reads, and a dropped record.

A record is the game as its genre writes it (``rules/records.py``): Connect 4's column digits,
Othello's transcript, draughts' PDN, the peg jumps, ByPuzz's tiles.  The file holds that text
alone, so the programs of the genre read it as it is.  Each is a file of its own in the data
folder, ``record-GAME-NAME.EXT`` (``pdn`` for draughts, else ``txt``), its name written as a
slot's is (``shell/slots.py``), so the slots' page lists, names, writes over and deletes them too.

A record that does not read is the player's own text (written by another program, or mended
by hand): the message names its line and problem and the file stays as it is, to be mended and
imported again.  A file that is no text at all (not UTF-8, a folder, too big) is set aside by
the data folder, as every file is.
"""

from __future__ import annotations

from ..rules.base import Rules, Steps, drained
from ..rules.records import Record, counting_moves, format_of, record_extension
from .slots import Shelf, slot_pattern
from .storage import DataFolder

RECORD_PREFIX = "record-"
# Far past any record a game can export (records.MAX_MOVES of draughts' long captures), and a read a frame affords.
RECORD_FILE_BYTES = 128 * 1024


def record_suffix(rules: Rules) -> str:
    return f".{record_extension(rules)}"


def record_pattern(game: str, rules: Rules) -> str:
    """Every record file of ``game`` (``data_files`` lists them so)."""
    return slot_pattern(game, RECORD_PREFIX, record_suffix(rules))


class RecordShelf(Shelf):
    """One game's record files; ``old_file`` is a record file of earlier versions (draughts'
    ``draughts.pdn``), listed to import and never written."""

    prefix = RECORD_PREFIX
    BY_TIME = False  # by name: 2,000 files list at once, each counted when its row shows

    def __init__(self, storage: DataFolder, game: str, rules: Rules, old_file: str = "") -> None:
        super().__init__(storage, game)
        self.rules, self.suffix, self.old = rules, record_suffix(rules), old_file

    def old_file(self) -> str | None:
        return self.old or None

    def describing(self, text: str) -> Steps:
        """The moves written (counted, not replayed); no time saved, the file being the record alone."""
        return (yield from counting_moves(self.rules, text)), ""

    def stored(self, text: str, when: str, shown: int | None = None) -> str:
        return text


def record_of(rules: Rules, session, names: list[str]) -> Record:
    """The game ``session`` shows (its moves since the last restart), the players named as the
    genre names them (PDN's White and Black tags), and the result of a game resigned there."""
    return drained(recording(rules, session, names))


def recording(rules: Rules, session, names: list[str]) -> Steps:
    """:func:`record_of` a move at a time."""
    genre, resigned = format_of(rules), session.resignation()
    tags = genre.name_tags(names) + ((genre.result_tag(resigned.winner),) if resigned is not None else ())
    return (yield from Record.replaying(rules, session.start, session.move_texts(), tags))
