"""A game's named save slots in the data folder: what the Save and Load page lists and keeps.

Each slot is a file of its own, ``slot-GAME-NAME.txt``, so a damaged slot is set aside alone
and the others still load.  The file is the session's save text under one comment line,
``# saved=YYYY-MM-DD HH:MM shown=N``, which the session's reader skips: a slot loads as any
save does, and an error names the file's own line.  ``shown`` is the moves the game shows, so
the list says each slot's length without counting its lines (a slot of earlier versions, with
no ``shown``, is counted a few lines a frame).  The name in the file name keeps ASCII letters and
digits, writes a space as ``_`` and every other letter as ``~`` and four hex digits (``Jörg``
is ``J~00f6rg``), so no name makes a path, a hidden file or a name the system refuses, and
only one spelling reads back as each name.  Names that differ only in capitals are one slot:
a folder that ignores case could not keep them apart.

The save of the game menu's Save before there were slots, ``save-GAME.txt``, is listed as the
old save and loads like a slot; nothing new is written to it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from ..rules.base import Steps, drained
from ..session import counting_shown
from .keyboard import NAME_MAX, clean_name
from .storage import DataFolder

PREFIX, SUFFIX = "slot-", ".txt"
MAX_SLOTS = 40  # per game: the list stays a few pages long, and opening it reads each one
SAVED_FIELD = "# saved="
SHOWN_FIELD = " shown="  # after the time on the same line
KEPT = frozenset(string.ascii_letters + string.digits)
SPACE, ESCAPE = "_", "~"
HEX_DIGITS = 4
NAMES_A_STEP = 64  # file names decoded between two looks at the clock when a list is read


def slot_prefix(game: str, prefix: str = PREFIX) -> str:
    return f"{prefix}{game}-"


def slot_pattern(game: str, prefix: str = PREFIX, suffix: str = SUFFIX) -> str:
    """Every slot file of ``game`` (``data_files`` lists them so); another shelf's files with its
    ``prefix`` and ``suffix``."""
    return f"{slot_prefix(game, prefix)}*{suffix}"


def old_save_file(game: str) -> str:
    """The one save of a game before it had slots."""
    return f"save-{game}.txt"


def usable_name(name: str) -> bool:
    """A name a slot may have: what the name keyboard lets through, 1 to ``NAME_MAX`` letters, no
    space at either end."""
    return 0 < len(name) <= NAME_MAX and name == clean_name(name) == name.strip() and all(ord(ch) < 16 ** HEX_DIGITS for ch in name)


def encode(name: str) -> str:
    """``name`` as a file name's part.

    >>> encode("Game 1"), encode("Jörg/..")
    ('Game_1', 'J~00f6rg~002f~002e~002e')
    """
    return "".join(ch if ch in KEPT else SPACE if ch == " " else f"{ESCAPE}{ord(ch):0{HEX_DIGITS}x}" for ch in name)


def decode(part: str) -> str | None:
    """The name whose ``encode`` is ``part``, or None when no usable name is written so."""
    name, index = [], 0
    while index < len(part):
        ch = part[index]
        if ch == ESCAPE:
            digits = part[index + 1 : index + 1 + HEX_DIGITS]
            if len(digits) < HEX_DIGITS or not set(digits) <= set("0123456789abcdef"):
                return None
            name.append(chr(int(digits, 16)))
            index += 1 + HEX_DIGITS
        else:
            name.append(" " if ch == SPACE else ch)
            index += 1
    decoded = "".join(name)
    return decoded if usable_name(decoded) and encode(decoded) == part else None


def slot_file(game: str, name: str, prefix: str = PREFIX, suffix: str = SUFFIX) -> str:
    return f"{slot_prefix(game, prefix)}{encode(name)}{suffix}"


def name_of(game: str, file: str, prefix: str = PREFIX, suffix: str = SUFFIX) -> str | None:
    """The slot name of ``file`` if it is one of ``game``'s slot files (or another shelf's)."""
    start = slot_prefix(game, prefix)
    if not (file.startswith(start) and file.endswith(suffix)):
        return None
    return decode(file[len(start) : -len(suffix)])


@dataclass(frozen=True)
class Slot:
    """A listed slot: ``name`` (empty for the old save), its file, the moves it shows (None when
    it cannot tell) and when it was saved (``YYYY-MM-DD HH:MM``, empty when the file does not say)."""

    name: str
    file: str
    moves: int | None
    saved: str
    described: bool = True  # False while the page has not yet read the file to say its moves

    @property
    def old(self) -> bool:
        return not self.name


def first_line(text: str) -> str:
    end = text.find("\n")
    return (text if end < 0 else text[:end]).strip()


def saved_at(text: str) -> str:
    """The time a slot's text says it was saved, or empty."""
    first = first_line(text)
    return first[len(SAVED_FIELD) :].strip()[:16] if first.startswith(SAVED_FIELD) else ""


def shown_at(text: str) -> int | None:
    """The moves a slot's first line says its game shows, or None when it does not say."""
    first = first_line(text)
    if not first.startswith(SAVED_FIELD) or SHOWN_FIELD not in first:
        return None
    digits = first.rpartition(SHOWN_FIELD)[2].strip()
    return int(digits) if digits.isdigit() and len(digits) <= 6 else None


class Shelf:
    """One game's slots in the data folder: listed, written, read and deleted through it, so a
    file that cannot be used is set aside with a message as every other file is.  A shelf of
    other files, one a name (exported records), says its ``prefix`` and ``suffix``, how a text
    is written and described, and its old file."""

    prefix, suffix = PREFIX, SUFFIX
    # The list is sorted by when each was saved, so every file is read to list them; a shelf
    # sorted by name alone lists the names at once and reads a file when its row shows.
    BY_TIME = True

    def __init__(self, storage: DataFolder, game: str) -> None:
        self.storage, self.game = storage, game

    def file(self, name: str) -> str:
        return slot_file(self.game, name, self.prefix, self.suffix)

    def old_file(self) -> str | None:
        """A file of earlier versions listed last, to load (or delete) but never written."""
        return old_save_file(self.game)

    def describing(self, text: str) -> Steps:
        """(the moves, when it was saved) of a stored text, a few lines at a time."""
        shown = shown_at(text)
        if shown is None:
            shown = yield from counting_shown(text)
        return shown, saved_at(text)

    def stored(self, text: str, when: str, shown: int | None = None) -> str:
        """What is written for ``text`` saved at ``when``, whose game shows ``shown`` moves."""
        return f"{SAVED_FIELD}{when}{'' if shown is None else f'{SHOWN_FIELD}{shown}'}\n{text}"

    def slots(self) -> list[Slot]:
        """The slots, last saved first (then by name), the old file last."""
        return drained(self.listing(described=True))

    def files(self) -> list[Slot]:
        """The slots' names and files, by name, the old file last; nothing read yet."""
        return drained(self.finding())

    def finding(self) -> Steps:
        """:meth:`files` a few names at a time (a folder may hold thousands)."""
        files, names = [], self.storage.names(slot_prefix(self.game, self.prefix))
        for done, file in enumerate(names):
            if not done % NAMES_A_STEP:
                yield done, len(names)
            name = name_of(self.game, file, self.prefix, self.suffix)
            if name is not None:
                files.append(Slot(name, file, None, "", described=False))
        files.sort(key=lambda slot: slot.name.casefold())
        old_file = self.old_file()
        if old_file and old_file in self.storage.names(old_file):
            files.append(Slot("", old_file, None, "", described=False))
        return files

    def listing(self, described: bool | None = None) -> Steps:
        """:meth:`slots` a file (or a few lines of one) at a time, yielding the files read and
        how many there are; unless ``described``, the names alone (each described later by
        :meth:`describing_slot`)."""
        files = yield from self.finding()
        if not (self.BY_TIME if described is None else described):
            return files
        slots = []
        for done, slot in enumerate(files):
            yield done, len(files)
            read = yield from self.describing_slot(slot)
            if read is not None:
                slots.append(read)
        old = [slot for slot in slots if slot.old]
        slots = [slot for slot in slots if not slot.old]
        slots.sort(key=lambda slot: slot.saved, reverse=True)
        return slots + old

    def describing_slot(self, slot: Slot) -> Steps:
        """``slot`` with its moves and time read from its file, or None when the file cannot be
        read (the data folder sets it aside and says so)."""
        text = self.storage.read(slot.file)
        if text is None:
            return None
        moves, saved = yield from self.describing(text)
        return Slot(slot.name, slot.file, moves, saved)

    def find(self, name: str, slots: list[Slot]) -> Slot | None:
        """The slot among ``slots`` called ``name``, capitals aside."""
        wanted = name.casefold()
        return next((slot for slot in slots if not slot.old and slot.name.casefold() == wanted), None)

    def save(self, name: str, text: str, when: str, shown: int | None = None) -> bool:
        """Write the slot ``name`` (a new one, or over the one of that name), whose game shows
        ``shown`` moves; True when it lasts."""
        return self.storage.write(self.file(name), self.stored(text, when, shown))

    def read(self, slot: Slot) -> str | None:
        return self.storage.read(slot.file)

    def delete(self, slot: Slot) -> None:
        self.storage.delete(slot.file)


def keep_changed_elsewhere(storage: DataFolder, game: str, file: str, slot_name: str, when: str) -> bool:
    """Before ``file`` (an autosave) is written over or removed: when another app on the folder
    changed it since this one read it, its game goes into the slot ``slot_name`` (over an earlier
    one so kept: the latest of each app's games is always somewhere).  True when one was kept."""
    if not storage.changed_elsewhere(file):
        return False
    text = storage.read(file)
    return text is not None and Shelf(storage, game).save(slot_name, text, when)
