"""Where settings and saves live: one small interface, a desktop and a web backend.

Desktop files sit under ``pyxel.user_data_dir`` (or ``$BYPUZZ_DATA_DIR``) and
are written atomically: a temporary file in the same folder, then a rename, so
a crash leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

VENDOR, APP_NAME = "bypuzz", "bypuzz-arcade"
DATA_DIR_ENV = "BYPUZZ_DATA_DIR"
BAD_SUFFIX = ".bad"


class Storage:
    """Named text blobs.  ``read`` returns None when nothing is stored under the name."""

    def read(self, name: str) -> str | None:
        raise NotImplementedError

    def write(self, name: str, text: str) -> None:
        raise NotImplementedError

    def delete(self, name: str) -> None:
        raise NotImplementedError

    def set_aside(self, name: str) -> str:
        """Keep an unreadable blob as ``name.bad`` for the player to inspect; returns the new name."""
        raise NotImplementedError

    def describe(self, name: str) -> str:
        return name


class FileStorage(Storage):
    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)

    def _path(self, name: str) -> Path:
        return self.folder / name

    def describe(self, name: str) -> str:
        return str(self._path(name))

    def read(self, name: str) -> str | None:
        try:
            return self._path(name).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def write(self, name: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=self.folder, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, self._path(name))
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    def delete(self, name: str) -> None:
        self._path(name).unlink(missing_ok=True)

    def set_aside(self, name: str) -> str:
        bad = name + BAD_SUFFIX
        os.replace(self._path(name), self._path(bad))
        return bad


class WebStorage(Storage):
    """The browser's localStorage, reached through Pyodide's ``js`` module."""

    PREFIX = "bypuzz-arcade/"

    def __init__(self) -> None:
        import js  # only exists under Pyodide

        self.store = js.localStorage

    def read(self, name: str) -> str | None:
        value = self.store.getItem(self.PREFIX + name)
        # A missing key is JavaScript null, which Pyodide hands over as its own jsnull object.
        return value if isinstance(value, str) else None

    def write(self, name: str, text: str) -> None:
        self.store.setItem(self.PREFIX + name, text)

    def delete(self, name: str) -> None:
        self.store.removeItem(self.PREFIX + name)

    def set_aside(self, name: str) -> str:
        bad = name + BAD_SUFFIX
        value = self.read(name)
        if value is not None:
            self.write(bad, value)
        self.delete(name)
        return bad

    def describe(self, name: str) -> str:
        return f"localStorage[{self.PREFIX + name}]"


class MemoryStorage(Storage):
    """For tests and headless runs: nothing touches the player's real files."""

    def __init__(self, blobs: dict[str, str] | None = None) -> None:
        self.blobs = dict(blobs or {})

    def read(self, name: str) -> str | None:
        return self.blobs.get(name)

    def write(self, name: str, text: str) -> None:
        self.blobs[name] = text

    def delete(self, name: str) -> None:
        self.blobs.pop(name, None)

    def set_aside(self, name: str) -> str:
        bad = name + BAD_SUFFIX
        self.blobs[bad] = self.blobs.pop(name)
        return bad


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
    fields = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"line {number}: expected key=value, got {line[:40]!r}")
        fields.append((key.strip(), value.strip()))
    return fields


def format_fields(fields: list[tuple[str, str]] | dict[str, str]) -> str:
    items = fields.items() if isinstance(fields, dict) else fields
    return "".join(f"{key}={value}\n" for key, value in items)
