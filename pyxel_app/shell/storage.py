"""Where settings and saves live: backends for files, the browser and memory, and ``DataFolder``,
the app's one guarded door to them.

Desktop files sit under ``pyxel.user_data_dir`` (or ``$BYPUZZ_DATA_DIR``) and
are written whole: the new text goes to a temporary file in the same folder, the
old file is renamed aside, the new one renamed into place, the old one removed.
A crash of the app leaves the new file, or the old one aside, which the next
start puts back; a temporary file left by an interrupted write is removed then.
No rename ever lands on an existing file: on ext4 that makes the kernel write
the new file's blocks out at once, 3-12 ms inside a frame (measured here), where
renaming the old one aside first costs 0.05 ms.  There is no fsync either, for
the same reason: a save happens inside a frame.  So after a power cut in the
half minute after a write the file can be found empty or damaged; it is then
set aside like any damaged file.

Every file is read through ``read_bytes``: anything but a plain file (a folder,
a named pipe, a device) or a file bigger than its format allows is refused
before a byte is read, and no open waits, so a pipe in the folder or a dropped
link to ``/dev/zero`` never stalls a frame.

A backend raises what its medium raises.  ``DataFolder`` turns every such
problem (missing, a folder in the way, permission, read-only, disk full,
undecodable bytes) into a short message naming the file, and play goes on:
what cannot be written is kept in memory for the session.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Callable

from ..rules.numbers import ASCII_DIGITS
from .strings import error_words, t

VENDOR, APP_NAME = "bypuzz", "bypuzz-arcade"
DATA_DIR_ENV = "BYPUZZ_DATA_DIR"
BAD_SUFFIX = ".bad"
# Set-aside copies kept per file: NAME.bad, NAME.1.bad, ... the oldest goes past this many.
MAX_BAD_COPIES = 5
# Copy numbers past this came from elsewhere: the copies are numbered afresh, so the next one
# still sorts newest and its name stays short (a 21-digit number once hid a copy from the count).
MAX_BAD_NUMBER = 10**6
# Nothing the app writes comes near this; a bigger file is damage, not data.
MAX_FILE_BYTES = 1024 * 1024
TEMP_PREFIX, TEMP_SUFFIX = ".", ".tmp"
OLD_SUFFIX = ".old"  # .NAME.old: the previous file, aside while a write moves the new one in
BOM = "\ufeff"  # an editor's byte order mark: read as nothing
# An open never waits (a named pipe with no writer would block for ever); no effect on plain files.
OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)


class FileRefused(OSError):
    """A file the reader would not open: its words (in the player's language) say what it is."""


def refuse_unless_plain(info: os.stat_result, limit: int) -> None:
    """Raise, saying what it is, unless ``info`` is a plain file's of at most ``limit`` bytes."""
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused(errno.EISDIR, t("storage.kind.folder"))
    if not stat.S_ISREG(info.st_mode):
        kind = "pipe" if stat.S_ISFIFO(info.st_mode) else "device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "other"
        raise FileRefused(errno.EINVAL, t(f"storage.kind.{kind}"))
    check_size(info.st_size, limit)


def check_size(size: int, limit: int) -> None:
    if size > limit:
        raise FileRefused(errno.EFBIG, t("storage.too_big", limit=limit))


def read_bytes(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the plain file ``path``, at most ``limit`` of them; anything else is refused
    before it is read (the one reader of files: data folder, dropped files, the command line)."""
    refuse_unless_plain(os.stat(path), limit)
    handle = os.open(path, OPEN_FLAGS)
    with open(handle, "rb") as file:
        refuse_unless_plain(os.fstat(handle), limit)  # the name may have been given to a pipe since
        data = file.read(limit + 1)  # a file that grew since is not read past its limit either
    check_size(len(data), limit)
    return data


def read_text(path: str | os.PathLike, limit: int) -> str:
    """The UTF-8 text of the plain file ``path`` (see ``read_bytes``), a byte order mark read as nothing."""
    return read_bytes(path, limit).decode("utf-8-sig")


class Storage:
    """Named text blobs.  ``read`` returns None when nothing is stored under the name."""

    # What this backend's operations raise when the medium fails (not a bug).
    errors: tuple[type[BaseException], ...] = (OSError, UnicodeError)

    def read(self, name: str, limit: int = MAX_FILE_BYTES) -> str | None:
        """Raises when the blob is bigger than ``limit`` bytes."""
        raise NotImplementedError

    def write(self, name: str, text: str) -> None:
        raise NotImplementedError

    def delete(self, name: str) -> None:
        raise NotImplementedError

    def rename(self, old: str, new: str) -> None:
        raise NotImplementedError

    def names(self) -> list[str]:
        raise NotImplementedError

    def check(self) -> None:
        """Raise when the store cannot be used at all."""

    def offer(self, name: str, text: str) -> bool:
        """Hand ``text`` to the player as a file ``name`` outside the store; False when the store
        is already the player's own folder (the desktop's) and there is nothing to hand over."""
        return False

    def clean_up(self) -> None:
        """Remove what an interrupted write left behind."""

    def describe(self, name: str) -> str:
        return name

    def bad_copies(self, name: str) -> list[tuple[int, str]]:
        """(number, name) of the set-aside copies of ``name``, oldest first: NAME.bad is 0."""
        copies = []
        for other in self.names():
            if other == name + BAD_SUFFIX:
                copies.append((0, other))
            elif other.startswith(name + ".") and other.endswith(BAD_SUFFIX):
                number = other[len(name) + 1 : -len(BAD_SUFFIX)]
                # Any length: a copy the count missed would be overwritten (a name has at most 255 bytes).
                # Only the numbers written here (no 0, no leading 0): each copy has its own number.
                if 0 < len(number) <= 255 and ASCII_DIGITS.issuperset(number) and not number.startswith("0"):
                    copies.append((int(number), other))
        return sorted(copies)

    def next_bad_name(self, name: str) -> tuple[str, list[str]]:
        """The name for the next set-aside copy of ``name``, and the oldest copies to drop after it.

        An earlier copy is never overwritten; past ``MAX_BAD_COPIES`` the oldest goes.  Numbers
        past ``MAX_BAD_NUMBER`` are renamed first to the lowest free ones, oldest first.
        """
        copies = self.bad_copies(name)
        if copies and copies[-1][0] >= MAX_BAD_NUMBER:
            copies = self._renumber(name, copies)
        number = copies[-1][0] + 1 if copies else 0
        return self._bad_name(name, number), [old for _, old in copies[: max(0, len(copies) + 1 - MAX_BAD_COPIES)]]

    @staticmethod
    def _bad_name(name: str, number: int) -> str:
        return f"{name}.{number}{BAD_SUFFIX}" if number else name + BAD_SUFFIX

    def _renumber(self, name: str, copies: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """Copies ``0..n-1`` in the same order; each new name is free (lower than every copy not yet moved)."""
        renumbered = []
        for number, (_, old) in enumerate(copies):
            new = self._bad_name(name, number)
            if new != old:
                self.rename(old, new)
            renumbered.append((number, new))
        return renumbered

    def set_aside(self, name: str) -> str:
        """Keep an unusable blob under a new set-aside name for the player to inspect; returns it."""
        bad, stale = self.next_bad_name(name)
        self.rename(name, bad)
        for old in stale:
            self.delete(old)
        return bad


class FileStorage(Storage):
    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)

    def _path(self, name: str) -> Path:
        return self.folder / name

    def describe(self, name: str) -> str:
        return str(self._path(name))

    def read(self, name: str, limit: int = MAX_FILE_BYTES) -> str | None:
        try:
            return read_text(self._path(name), limit)
        except FileNotFoundError:
            pass
        try:  # the last whole file, still aside when the start could not put it back (a read-only folder)
            return read_text(self._path(f"{TEMP_PREFIX}{name}{OLD_SUFFIX}"), limit)
        except FileNotFoundError:
            return None

    def write(self, name: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._path(name)
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(path))
        handle, temp = tempfile.mkstemp(dir=self.folder, prefix=f"{TEMP_PREFIX}{name}.", suffix=TEMP_SUFFIX)
        aside = None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            aside = self._move_aside(name)
            os.replace(temp, path)  # lands on nothing: the old file is aside
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            if aside is not None:
                os.replace(aside, path)
            raise
        if aside is not None:
            aside.unlink()

    def _move_aside(self, name: str) -> Path | None:
        """Rename the file aside (onto nothing: the start removed any earlier one); None when there is none."""
        aside = self._path(f"{TEMP_PREFIX}{name}{OLD_SUFFIX}")
        try:
            os.replace(self._path(name), aside)
        except FileNotFoundError:
            return None
        return aside

    def delete(self, name: str) -> None:
        self._path(name).unlink(missing_ok=True)

    def rename(self, old: str, new: str) -> None:
        os.replace(self._path(old), self._path(new))

    def names(self) -> list[str]:
        try:
            return os.listdir(self.folder)
        except FileNotFoundError:
            return []

    def check(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(self.folder))
        # A folder without search (execute) permission: every file in it fails alike; said once, for the folder.
        os.stat(os.path.join(self.folder, os.curdir))

    def clean_up(self) -> None:
        """What cannot be cleaned (a read-only folder) stays as it is: the files beside it are still used."""
        try:
            names = self.names()
        except OSError:
            return
        for name in names:
            if name.startswith(TEMP_PREFIX):
                try:
                    self._clean(name)
                except OSError:
                    continue

    def _clean(self, name: str) -> None:
        if not stat.S_ISREG(os.lstat(self._path(name)).st_mode):
            return  # not a file an interrupted write leaves
        if name.endswith(TEMP_SUFFIX):
            self._path(name).unlink()
        elif name.endswith(OLD_SUFFIX):
            # A write stopped between its two renames: the old file is the last whole one.
            original = self._path(name[len(TEMP_PREFIX) : -len(OLD_SUFFIX)])
            if original.exists():
                self._path(name).unlink()
            else:
                os.replace(self._path(name), original)


class WebStorage(Storage):
    """The browser's localStorage, reached through Pyodide's ``js`` module."""

    PREFIX = "bypuzz-arcade/"
    # A full localStorage raises a JavaScript QuotaExceededError, which Pyodide hands over as JsException.
    errors = (Exception,)

    def __init__(self) -> None:
        import js  # only exists under Pyodide

        self.store = js.localStorage

    def read(self, name: str, limit: int = MAX_FILE_BYTES) -> str | None:
        value = self.store.getItem(self.PREFIX + name)
        # A missing key is JavaScript null, which Pyodide hands over as its own jsnull object.
        return checked_text(value, limit) if isinstance(value, str) else None

    def write(self, name: str, text: str) -> None:
        self.store.setItem(self.PREFIX + name, text)

    def delete(self, name: str) -> None:
        self.store.removeItem(self.PREFIX + name)

    def rename(self, old: str, new: str) -> None:
        value = self.read(old)
        if value is not None:
            self.write(new, value)
        self.delete(old)

    def names(self) -> list[str]:
        keys = (self.store.key(index) for index in range(self.store.length))
        return [key[len(self.PREFIX) :] for key in keys if isinstance(key, str) and key.startswith(self.PREFIX)]

    def describe(self, name: str) -> str:
        return f"localStorage[{self.PREFIX + name}]"

    def offer(self, name: str, text: str) -> bool:
        """The browser's download of ``text`` as ``name``: a link to it clicked from here, as a page's
        own download link is (no thread, no wait; the browser asks or saves as the player set it)."""
        import js

        link = js.document.createElement("a")
        link.href = "data:text/plain;charset=utf-8," + js.encodeURIComponent(text)
        link.download = name
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        return True


class MemoryStorage(Storage):
    """For tests and headless runs: nothing touches the player's real files."""

    def __init__(self, blobs: dict[str, str] | None = None) -> None:
        self.blobs = dict(blobs or {})

    def read(self, name: str, limit: int = MAX_FILE_BYTES) -> str | None:
        text = self.blobs.get(name)
        return checked_text(text, limit) if text is not None else None

    def write(self, name: str, text: str) -> None:
        self.blobs[name] = text

    def delete(self, name: str) -> None:
        self.blobs.pop(name, None)

    def rename(self, old: str, new: str) -> None:
        self.blobs[new] = self.blobs.pop(old)

    def names(self) -> list[str]:
        return list(self.blobs)


def checked_text(text: str, limit: int) -> str:
    """A stored text no bigger than a file of ``limit`` bytes may be."""
    check_size(len(text.encode("utf-8", "surrogatepass")), limit)
    return text


def problem_text(error: BaseException) -> str:
    """An error in a few words of the player's language: "permission denied", not the whole path."""
    if isinstance(error, FileRefused):
        return error.strerror
    words = error_words(error)
    return words.splitlines()[0] if words else type(error).__name__


class DataFolder:
    """The app's settings and saves: never raises for the medium's sake, tells the player instead.

    ``report`` shows a message.  Reads of a file that cannot be used set it aside
    and answer None; a failed write or delete is kept in ``memory``, so the rest
    of the session sees what the player did, and is said once until a write works again.
    ``limits`` are the most bytes each file's format allows (others: ``MAX_FILE_BYTES``); a name
    with ``*`` stands for every file it matches (``slot-pegs-*.txt``).
    """

    def __init__(self, backend: Storage, report: Callable[[str], None] | None = None,
                 limits: dict[str, int] | None = None) -> None:
        self.backend = backend
        self.report = report or (lambda text: None)
        self.limits = limits or {}
        self.memory: dict[str, str | None] = {}
        self.failing = False
        self.lasting = True  # False once the folder is unusable: what is written lasts this session only
        try:
            backend.check()
            backend.clean_up()
        except backend.errors as error:
            self.report(t("storage.no_folder", folder=backend.describe(""), why=problem_text(error)))
            self.backend = MemoryStorage()
            self.lasting = False

    def describe(self, name: str) -> str:
        return self.backend.describe(name)

    def limit(self, name: str) -> int:
        """The most bytes the file ``name`` may have."""
        if name in self.limits:
            return self.limits[name]
        return next((limit for pattern, limit in self.limits.items()
                     if "*" in pattern and fnmatch.fnmatchcase(name, pattern)), MAX_FILE_BYTES)

    def names(self, prefix: str = "") -> list[str]:
        """The stored names that start with ``prefix``, sorted, as this session sees them: with
        what is kept in memory, without what was deleted.  A folder that cannot be listed lists
        what memory holds."""
        try:
            found = {name for name in self.backend.names() if name.startswith(prefix)}
        except self.backend.errors:
            found = set()
        for name, text in self.memory.items():
            if name.startswith(prefix):
                if text is None:
                    found.discard(name)
                else:
                    found.add(name)
        return sorted(found)

    def read(self, name: str) -> str | None:
        if name in self.memory:
            return self.memory[name]
        try:
            text = self.backend.read(name, self.limit(name))
        except self.backend.errors as error:
            self.set_aside(name, problem_text(error))
            return None
        return text.removeprefix(BOM) if text is not None else None

    def write(self, name: str, text: str) -> bool:
        """True when it reached the medium; otherwise it is kept for this session only."""
        try:
            self.backend.write(name, text)
        except self.backend.errors as error:
            self.memory[name] = text
            self._failed(name, error)
            return False
        self.memory.pop(name, None)
        self.failing = False
        return self.lasting

    def delete(self, name: str) -> None:
        try:
            self.backend.delete(name)
        except self.backend.errors as error:
            self._failed(name, error)
        self.memory[name] = None

    def _failed(self, name: str, error: BaseException) -> None:
        if not self.failing:
            self.failing = True
            self.report(t("msg.write_failed", file=name, why=problem_text(error)))

    def set_aside(self, name: str, why: str) -> str | None:
        """A file that cannot be used: keep it under a new name, say so; it is not read again.

        Returns the set-aside name, or None when even that failed (the file stays as it is).
        """
        self.memory[name] = None
        try:
            bad = self.backend.set_aside(name)
        except self.backend.errors as error:
            self.report(t("storage.unusable", file=name, why=why, problem=problem_text(error)))
            return None
        self.report(t("storage.set_aside", file=name, why=why, bad=bad))
        return bad

    def keep_copy(self, name: str, text: str) -> str | None:
        """Keep ``text`` (a file about to be repaired) as the next set-aside copy of ``name``."""
        try:
            bad, stale = self.backend.next_bad_name(name)
            self.backend.write(bad, text)
            for old in stale:
                self.backend.delete(old)
        except self.backend.errors as error:
            self._failed(name, error)
            return None
        return bad

    def offer(self, name: str, text: str) -> bool:
        """Hand ``text`` to the player as the file ``name`` (the browser's download); False when
        nothing was handed over (the desktop, or the browser refused)."""
        try:
            return self.backend.offer(name, text)
        except self.backend.errors:
            return False

    def append(self, name: str, text: str, limit: int) -> bool:
        """Add ``text`` to the end of ``name``, keeping its last ``limit`` characters."""
        return self.write(name, ((self.read(name) or "") + text)[-limit:])


def is_web() -> bool:
    return sys.platform == "emscripten"


def default_storage() -> Storage:
    if is_web():
        return WebStorage()
    folder = os.environ.get(DATA_DIR_ENV)
    if not folder:
        import pyxel

        folder = pyxel.user_data_dir(VENDOR, APP_NAME)
    return FileStorage(folder)


def parse_fields(text: str) -> list[tuple[str, str]]:
    """``key=value`` lines; blank lines and ``#`` comments skipped; raises ValueError naming the line."""
    fields, problems = read_fields(text)
    if problems:
        raise ValueError(problems[0])
    return fields


def read_fields(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The good ``key=value`` lines and a note on each bad one, naming its line."""
    fields, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            problems.append(f"line {number}: expected key=value, got {line[:40]!r}")
        else:
            fields.append((key.strip(), value.strip()))
    return fields, problems


def format_fields(fields: list[tuple[str, str]] | dict[str, str]) -> str:
    items = fields.items() if isinstance(fields, dict) else fields
    return "".join(f"{key}={value}\n" for key, value in items)
