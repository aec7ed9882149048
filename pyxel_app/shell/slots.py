"""A game's named save slots in the data folder: what the Save and Load page lists and keeps.

Each slot is a file of its own, ``slot-GAME-NAME.txt``, so a damaged slot is set aside alone
and the others still load.  The file is the session's save text under one comment line,
``# saved=YYYY-MM-DD HH:MM``, which the session's reader skips: a slot loads as any save does,
and an error names the file's own line.  The name in the file name keeps ASCII letters and
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

from ..session import moves_shown
from .keyboard import NAME_MAX, clean_name
from .storage import DataFolder

PREFIX, SUFFIX = "slot-", ".txt"
MAX_SLOTS = 40  # per game: the list stays a few pages long, and opening it reads each one
SAVED_FIELD = "# saved="
KEPT = frozenset(string.ascii_letters + string.digits)
SPACE, ESCAPE = "_", "~"
HEX_DIGITS = 4


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

    @property
    def old(self) -> bool:
        return not self.name


def saved_at(text: str) -> str:
    """The time a slot's text says it was saved, or empty."""
    first = text.split("\n", 1)[0].strip()
    return first[len(SAVED_FIELD) :].strip()[:16] if first.startswith(SAVED_FIELD) else ""


class Shelf:
    """One game's slots in the data folder: listed, written, read and deleted through it, so a
    file that cannot be used is set aside with a message as every other file is.  A shelf of
    other files, one a name (exported records), says its ``prefix`` and ``suffix``, how a text
    is written and described, and its old file."""

    prefix, suffix = PREFIX, SUFFIX

    def __init__(self, storage: DataFolder, game: str) -> None:
        self.storage, self.game = storage, game

    def file(self, name: str) -> str:
        return slot_file(self.game, name, self.prefix, self.suffix)

    def old_file(self) -> str | None:
        """A file of earlier versions listed last, to load (or delete) but never written."""
        return old_save_file(self.game)

    def describe(self, text: str) -> tuple[int | None, str]:
        """(the moves, when it was saved) of a stored text."""
        return moves_shown(text), saved_at(text)

    def stored(self, text: str, when: str) -> str:
        """What is written for ``text`` saved at ``when``."""
        return f"{SAVED_FIELD}{when}\n{text}"

    def slots(self) -> list[Slot]:
        """The slots, last saved first (then by name), the old file last."""
        slots = []
        for file in self.storage.names(slot_prefix(self.game, self.prefix)):
            name = name_of(self.game, file, self.prefix, self.suffix)
            text = self.storage.read(file) if name is not None else None
            if text is not None:
                slots.append(Slot(name, file, *self.describe(text)))
        slots.sort(key=lambda slot: slot.name.casefold())
        slots.sort(key=lambda slot: slot.saved, reverse=True)
        old_file = self.old_file()
        old = self.storage.read(old_file) if old_file else None
        if old is not None:
            slots.append(Slot("", old_file, *self.describe(old)))
        return slots

    def find(self, name: str, slots: list[Slot]) -> Slot | None:
        """The slot among ``slots`` called ``name``, capitals aside."""
        wanted = name.casefold()
        return next((slot for slot in slots if not slot.old and slot.name.casefold() == wanted), None)

    def save(self, name: str, text: str, when: str) -> bool:
        """Write the slot ``name`` (a new one, or over the one of that name); True when it lasts."""
        return self.storage.write(self.file(name), self.stored(text, when))

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
