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

One app at a time writes a folder: the first takes ``LOCK_FILE`` with the system's lock
(``fcntl.flock``, ``msvcrt.locking`` on Windows), which the system lets go when the process ends
however it ends, so a lock is never stale; a second app asks the player and may open the
folder read-only (``DataFolder.claim``).  Where no lock can be taken (the browser's tabs share
one localStorage and it has no lock a frame may wait for) each write still keeps the other
app's work: the settings are merged key by key, an autosave that changed since it was read is
kept beside (``DataFolder.changed_elsewhere``), and a write that meets the other's half-done
write (its temporary file removed, its old file put back) is tried again.

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
# .NAME+XXXXXXXX.old: the same, named after its write's temporary file, so two writers never share it.
ASIDE_MARK = "+"  # in no name the app writes (a slot's name writes other letters with ~)
WRITE_TRIES = 3  # a write another app's start or write disturbed is tried again this often
LOCK_FILE = "instance.lock"  # held by the one app that writes the folder; says its process id
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


class FolderInUse(OSError):
    """Another app holds the store's lock: ``holder`` is its process id as it wrote it (may be empty)."""

    def __init__(self, holder: str) -> None:
        super().__init__(errno.EBUSY, "in use")
        self.holder = holder


def hold_lock(handle) -> bool:
    """Lock the open file ``handle`` for this process without waiting; False when another holds it.
    Raises OSError when the system has no lock for this file (then nothing is locked)."""
    try:
        import fcntl
    except ImportError:
        import msvcrt  # Windows: a lock on the first byte

        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


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

    def lock(self) -> object | None:
        """Take the store for this app; raise FolderInUse when another app holds it.  What is
        returned holds the lock while it lives; None when the store has no lock to take."""
        return None

    def version(self, name: str) -> object:
        """Something that changes whenever ``name`` is written (by any app); None when it is missing."""
        return self.read(name)

    def read_versioned(self, name: str, limit: int = MAX_FILE_BYTES) -> tuple[str | None, object]:
        """``read`` and the version of what was read (a change meanwhile is seen later, never missed)."""
        text = self.read(name, limit)
        return text, text

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
        # The last whole file, still aside: the start could not put it back (a read-only folder),
        # or another app is between the two renames of its write.
        for aside in self._asides(name):
            try:
                return read_text(self._path(aside), limit)
            except FileNotFoundError:
                continue
        return None

    def _asides(self, name: str) -> list[str]:
        """The names ``name``'s old file may have aside: the name of earlier versions, then each write's own."""
        start = f"{TEMP_PREFIX}{name}{ASIDE_MARK}"
        try:
            others = [other for other in os.listdir(self.folder) if other.startswith(start) and other.endswith(OLD_SUFFIX)]
        except OSError:
            others = []
        return [f"{TEMP_PREFIX}{name}{OLD_SUFFIX}", *others]

    def read_versioned(self, name: str, limit: int = MAX_FILE_BYTES) -> tuple[str | None, object]:
        version = self.version(name)  # before the read: a change meanwhile is seen later, never missed
        return self.read(name, limit), version

    def version(self, name: str) -> object:
        """Every write makes a new file (its own inode) with its own time."""
        try:
            info = os.stat(self._path(name))
        except FileNotFoundError:
            return None
        return info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns

    def write(self, name: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._path(name)
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(path))
        for attempt in range(WRITE_TRIES):
            try:
                self._write_once(name, text)
                return
            except FileNotFoundError:  # another app's start removed this write's temporary file
                if attempt == WRITE_TRIES - 1:
                    raise

    def _write_once(self, name: str, text: str) -> None:
        path = self._path(name)
        handle, temp = tempfile.mkstemp(dir=self.folder, prefix=f"{TEMP_PREFIX}{name}{ASIDE_MARK}", suffix=TEMP_SUFFIX)
        aside = None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            aside = self._move_aside(name, Path(temp).name[: -len(TEMP_SUFFIX)] + OLD_SUFFIX)
            os.replace(temp, path)  # lands on nothing: the old file is aside
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            if aside is not None:
                self._put_back(aside, path)
            raise
        if aside is not None:
            aside.unlink(missing_ok=True)  # another app's start may have put it back already

    def _move_aside(self, name: str, aside_name: str) -> Path | None:
        """Rename the file aside onto a name of this write's own; None when there is none."""
        aside = self._path(aside_name)
        try:
            os.replace(self._path(name), aside)
        except FileNotFoundError:
            return None
        return aside

    @staticmethod
    def _put_back(aside: Path, path: Path) -> None:
        """After a failed write: the old file back, unless another app wrote the file meanwhile."""
        try:
            if path.exists():
                aside.unlink()
            else:
                os.replace(aside, path)
        except FileNotFoundError:
            pass

    def lock(self) -> object | None:
        """The open ``LOCK_FILE``, locked; None when this folder's system has no lock (a network
        share may not): the app then writes unlocked, as in the browser."""
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            handle = open(self._path(LOCK_FILE), "a+", encoding="utf-8")
        except OSError:
            return None
        try:
            held = hold_lock(handle)
        except OSError:
            handle.close()
            return None
        if not held:
            try:
                handle.seek(0)
                holder = handle.read(20).strip()
            except OSError:  # Windows refuses to read a locked byte
                holder = ""
            handle.close()
            raise FolderInUse(holder if holder.isdigit() else "")
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        return handle

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
            body = name[len(TEMP_PREFIX) : -len(OLD_SUFFIX)]  # NAME, or NAME+XXXXXXXX
            original = self._path(body.rpartition(ASIDE_MARK)[0] or body)
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
                 limits: dict[str, int] | None = None, lock: bool = False) -> None:
        """``lock``: take the folder for this app (the real start does; tests make many apps on one)."""
        self.backend = backend
        self.report = report or (lambda text: None)
        self.limits = limits or {}
        self.memory: dict[str, str | None] = {}
        self.seen: dict[str, object] = {}  # each file's version as this app last read or wrote it
        self.failing = False
        self.lasting = True  # False once the folder is unusable: what is written lasts this session only
        self.read_only = False  # another app writes the folder: this one keeps what it writes in memory
        self.holder: str | None = None  # that app's process id (may be empty) while it holds the folder
        self.held = None  # the lock, held while this lives
        try:
            backend.check()
            if lock and not self.claim():
                return
            backend.clean_up()
        except backend.errors as error:
            self.report(t("storage.no_folder", folder=backend.describe(""), why=problem_text(error)))
            self.backend = MemoryStorage()
            self.lasting = False

    def claim(self) -> bool:
        """Take the folder's lock; False (read-only, ``holder`` said) while another app holds it.
        After a later True the folder is this app's, and what was kept in memory meanwhile is written."""
        try:
            self.held = self.backend.lock()
        except FolderInUse as busy:
            self.holder, self.read_only, self.lasting = busy.holder, True, False
            return False
        if self.holder is not None:  # the other app has closed: its half-done writes are gone with it
            self.holder, self.read_only, self.lasting = None, False, True
            self.backend.clean_up()
            kept, self.memory = self.memory, {}
            for name, text in kept.items():
                if text is None:
                    self.delete(name)
                else:
                    self.write(name, text)
        return True

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
            text, version = self.backend.read_versioned(name, self.limit(name))
        except self.backend.errors as error:
            self.set_aside(name, problem_text(error))
            return None
        self.seen[name] = version
        return text.removeprefix(BOM) if text is not None else None

    def changed_elsewhere(self, name: str) -> bool:
        """Another app wrote or removed ``name`` since this one last read or wrote it."""
        if name in self.memory or name not in self.seen:
            return False
        try:
            return self.backend.version(name) != self.seen[name]
        except self.backend.errors:
            return False

    def write(self, name: str, text: str) -> bool:
        """True when it reached the medium; otherwise it is kept for this session only."""
        if self.read_only:
            self.memory[name] = text
            return False
        try:
            self.backend.write(name, text)
        except self.backend.errors as error:
            self.memory[name] = text
            self._failed(name, error)
            return False
        try:
            self.seen[name] = self.backend.version(name)
        except self.backend.errors:
            self.seen.pop(name, None)  # not known: no later write is taken for another app's
        self.memory.pop(name, None)
        self.failing = False
        return self.lasting

    def delete(self, name: str) -> None:
        if not self.read_only:
            try:
                self.backend.delete(name)
                self.seen[name] = None
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
        if self.read_only:  # the app that writes the folder sets it aside
            self.report(t("storage.unusable_here", file=name, why=why))
            return None
        try:
            bad = self.backend.set_aside(name)
        except self.backend.errors as error:
            self.report(t("storage.unusable", file=name, why=why, problem=problem_text(error)))
            return None
        self.report(t("storage.set_aside", file=name, why=why, bad=bad))
        return bad

    def keep_copy(self, name: str, text: str) -> str | None:
        """Keep ``text`` (a file about to be repaired) as the next set-aside copy of ``name``."""
        if self.read_only:
            return None
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
