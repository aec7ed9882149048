"""Special files for the tests of every reader: a named pipe, a folder, a link to /dev/zero, a huge
file, an unreadable one, a byte order mark; and ``bounded``, which turns a read that blocks or grows
without end into a failing test instead of a hung or killed one."""

from __future__ import annotations

import builtins
import errno
import io
import os
import signal
import tracemalloc
from contextlib import contextmanager
from pathlib import Path

BOM = b"\xef\xbb\xbf"
HUGE_BYTES = 64 * 1024 * 1024  # sparse: far past every format's limit, yet nothing on the disk
DEADLINE_S = 20  # a read that is refused takes microseconds; one that blocks never ends
MEMORY_HEADROOM = 1 << 30  # a link to /dev/zero read whole would take all there is
# The most memory refusing a file takes (a message, a rename); reading one takes its size.
UNREAD_PEAK = 64 * 1024


def example_of(name: str) -> str:
    """A file ``data_files`` names, ``*`` (a slot's name) filled in with one."""
    return name.replace("*", "Test")


class LocalStorage(dict):
    """What Pyodide hands over for the browser's localStorage (install it as ``js.localStorage``)."""

    getItem = dict.get
    setItem = dict.__setitem__

    def removeItem(self, key):
        self.pop(key, None)

    def key(self, index):
        return list(self)[index]

    @property
    def length(self):
        return len(self)


def make_fifo(path: Path, monkeypatch) -> None:
    os.mkfifo(path)


def make_folder(path: Path, monkeypatch) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("the player's")


def make_zero_link(path: Path, monkeypatch) -> None:
    path.symlink_to("/dev/zero")


def make_huge(path: Path, monkeypatch) -> None:
    with open(path, "wb") as file:
        file.truncate(HUGE_BYTES)


def make_unreadable(path: Path, monkeypatch) -> None:
    path.write_text("language=de\n")
    path.chmod(0)
    if os.geteuid() == 0:  # permissions do not stop root: refuse the opens as the system would
        refuse_paths(monkeypatch, lambda name: name == str(path), ("open",))


SPECIAL = {
    "fifo": make_fifo,
    "folder": make_folder,
    "zero": make_zero_link,
    "huge": make_huge,
    "unreadable": make_unreadable,
}
# What the message says for each: the problem, in a few words.
PROBLEM = {"fifo": "named pipe", "folder": "folder", "zero": "device", "huge": "more than", "unreadable": "denied"}


def refuse_paths(monkeypatch, refused, calls=("open", "stat", "change")) -> None:
    """Make the system refuse (EACCES) every path ``refused(name)`` says yes to, in ``calls``:
    "open" (os.open, open), "stat" (os.stat, os.lstat), "change" (rename, unlink, mkdir, ...)."""

    def guarded(function, *positions):
        def call(*args, **kwargs):
            for position in positions:
                if position < len(args) and isinstance(args[position], (str, os.PathLike)):
                    name = os.fspath(args[position])
                    if isinstance(name, str) and refused(name):
                        raise PermissionError(errno.EACCES, "Permission denied", name)
            return function(*args, **kwargs)

        return call

    if "open" in calls:
        monkeypatch.setattr(os, "open", guarded(os.open, 0))
        monkeypatch.setattr(io, "open", guarded(io.open, 0))
        monkeypatch.setattr(builtins, "open", guarded(builtins.open, 0))
    if "stat" in calls:
        monkeypatch.setattr(os, "stat", guarded(os.stat, 0))
        monkeypatch.setattr(os, "lstat", guarded(os.lstat, 0))
    if "change" in calls:
        for name in ("replace", "rename"):
            monkeypatch.setattr(os, name, guarded(getattr(os, name), 0, 1))
        for name in ("unlink", "remove", "mkdir", "rmdir"):
            monkeypatch.setattr(os, name, guarded(getattr(os, name), 0))


def no_search_permission(monkeypatch, folder: Path) -> None:
    """As for a normal user on a folder without execute permission: it can be listed, but no name
    in it can be looked up, opened, changed or created."""
    inside = str(folder) + os.sep
    refuse_paths(monkeypatch, lambda name: name.startswith(inside))


def _virtual_memory() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


class Blocked(BaseException):
    """A read that never ends.  Not an OSError nor an Exception: no handler of the app's may take it."""


@contextmanager
def bounded(seconds: int = DEADLINE_S):
    """Fail, not hang: a read that blocks (a pipe) is interrupted, one that grows (/dev/zero) runs
    out of memory at a ceiling instead of taking the machine's."""
    import resource

    def overdue(signum, frame):
        raise Blocked(f"still reading after {seconds} s: a read blocks")

    previous = signal.signal(signal.SIGALRM, overdue)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1)  # and every second after, should one be swallowed
    limits = resource.getrlimit(resource.RLIMIT_AS)
    size = _virtual_memory()
    if size is not None:
        ceiling = size + MEMORY_HEADROOM
        if limits[0] == resource.RLIM_INFINITY or limits[0] > ceiling:
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, limits[1]))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, limits)


@contextmanager
def peak_memory():
    """``with peak_memory() as peak:`` ... ``peak()`` is the most Python memory held on the way."""
    tracemalloc.start()
    try:
        yield lambda: tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
