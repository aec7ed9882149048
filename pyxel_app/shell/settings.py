"""The player's settings: ``key=value`` lines in ``settings.txt``, saved on every change.

Damage stays partial: a line that is not ``key=value``, or a value its check
refuses, falls back to its default; every other setting (best scores too) is
kept.  The file as it was is kept as a set-aside copy, then written back clean.
A key no setting can have (an invisible character in it) is said too, never
kept silently in place of the setting it was meant to be.

Every value is bounded before it is looked at: a key of at most MAX_KEY_CHARS characters, a
value of at most its check's ``most_chars`` (MAX_VALUE_CHARS unless the check says more), at most
MAX_SETTINGS of them; what is past a bound is refused, so a load's work is bounded by the bounds,
never by what a file holds.  A check may also put a value right (a list cut to its length): it
answers ``Mended``, and the value is kept so, with a note.

Two apps on one folder (the browser's tabs) never drop each other's settings: a save writes
only the keys this app changed since its last save over what the file holds now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from .storage import DataFolder, format_fields, read_fields
from .strings import t

FILE_NAME = "settings.txt"
SHOWN_VALUE = 12  # characters of a refused value quoted in the message
PLAIN_KEY = re.compile(r"[A-Za-z0-9._-]+")  # what every key the app writes is made of
MAX_KEY_CHARS = 64  # the longest key the app writes has 45 (a puzzle pool's attempts)
MAX_VALUE_CHARS = 256  # a value's bound unless its check says more (``most_chars``)
MAX_SETTINGS = 1000  # the app writes a few hundred at most
SHOWN_KEY = 40  # a key longer than this is named by its start and end


@dataclass(frozen=True)
class Mended:
    """A check's answer for a value put right: keep ``value``, say ``note``."""

    value: str
    note: str


# A check gets the key and the value and answers what is wrong with it (or Mended), or None.
Check = Callable[[str, str], "str | Mended | None"]


def shown_key(key: str) -> str:
    """``key`` as a message names it: whole, or its start and end around "..." when it is long."""
    return key if len(key) <= SHOWN_KEY else f"{key[:SHOWN_KEY - 12]}...{key[-9:]}"


def most_chars(check: Check | None) -> int:
    return getattr(check, "most_chars", MAX_VALUE_CHARS)


def one_of(*allowed: str) -> Check:
    return lambda key, value: None if value in allowed else f"unknown value {value[:SHOWN_VALUE]!r}"


ON_OFF = one_of("on", "off")


def parsed_by(parse: Callable[[str, str], object], error: type[Exception]) -> Check:
    """A check made of a parser: what its ``error`` says is the problem."""

    def check(key: str, value: str) -> str | None:
        try:
            parse(key, value)
        except error as problem:
            return str(problem)
        return None

    return check


class Settings:
    def __init__(self, storage: DataFolder) -> None:
        self.storage = storage
        self.fields: dict[str, str] = {}
        # By key, or by prefix ending in "." for a family of keys ("bypuzz.best.").
        self.checks: dict[str, Check] = {}
        self.loaded_text = ""
        self.changed: dict[str, str | None] = {}  # since the last save: the new value, None when dropped

    def add_checks(self, checks: dict[str, Check]) -> None:
        self.checks.update(checks)

    def check_for(self, key: str) -> Check | None:
        check = self.checks.get(key)
        if check is None:
            check = next((c for prefix, c in self.checks.items() if prefix.endswith(".") and key.startswith(prefix)), None)
        return check

    def problem(self, key: str, value: str) -> str | Mended | None:
        if len(key) > MAX_KEY_CHARS:
            return t("settings.long_key", n=len(key))
        if not PLAIN_KEY.fullmatch(key):
            return t("settings.odd_key", key=ascii(key[:SHOWN_VALUE]))
        check = self.check_for(key)
        if len(value) > most_chars(check):
            return t("settings.long_value", n=len(value), most=most_chars(check))
        return check(key, value) if check is not None else None

    def checked(self, text: str) -> tuple[dict[str, str], list[str]]:
        """The good settings of ``text`` (mended ones as mended) and a note on each one dropped or mended."""
        fields, problems = read_fields(text)
        good: dict[str, str] = {}
        if len(fields) > MAX_SETTINGS:
            problems.append(t("settings.too_many", n=len(fields), most=MAX_SETTINGS))
            fields = fields[:MAX_SETTINGS]
        for key, value in fields:
            problem = self.problem(key, value)
            if isinstance(problem, Mended):
                good[key] = problem.value
                problems.append(f"{shown_key(key)}: {problem.note}")
            elif problem is None:
                good[key] = value
            else:
                problems.append(f"{shown_key(key)}: {problem}")
        return good, problems

    def load(self) -> list[str]:
        """Read the file, keeping every good setting; returns a note on each one dropped."""
        self.fields, self.changed = {}, {}
        text = self.storage.read(FILE_NAME)
        if text is None:
            return []
        self.loaded_text = text
        self.fields, problems = self.checked(text)
        return problems

    def drop(self, prefix: str) -> None:
        """Forget every setting whose key starts with ``prefix`` (back to its default)."""
        for key in [key for key in self.fields if key.startswith(prefix)]:
            del self.fields[key]
            self.changed[key] = None

    def repair(self) -> None:
        """Keep the damaged file as a set-aside copy and write the good settings back."""
        self.storage.keep_copy(FILE_NAME, self.loaded_text)
        self.save()

    def get(self, key: str, default: str = "") -> str:
        return self.fields.get(key, default)

    def get_bool(self, key: str, default: bool) -> bool:
        return self.fields.get(key, "on" if default else "off") == "on"

    def set(self, key: str, value: str | bool) -> None:
        self.update({key: value})

    def update(self, values: dict[str, str | bool]) -> None:
        """Change several settings with one write (each write costs a frame a millisecond or more)."""
        for key, value in values.items():
            self.fields[key] = self.changed[key] = ("on" if value else "off") if isinstance(value, bool) else value
        self.save()

    def save(self) -> None:
        """Write the settings; when another app wrote the file since, its settings are kept and
        only the keys this app changed since its last save go over them."""
        if self.storage.changed_elsewhere(FILE_NAME):
            fields, _ = self.checked(self.storage.read(FILE_NAME) or "")  # its own problems are said at its load
            for key, value in self.changed.items():
                if value is None:
                    fields.pop(key, None)
                else:
                    fields[key] = value
            self.fields = fields
        self.storage.write(FILE_NAME, format_fields(self.fields))
        self.changed = {}
