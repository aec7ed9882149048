"""The player's settings: ``key=value`` lines in ``settings.txt``, saved on every change.

Damage stays partial: a line that is not ``key=value``, or a value its check
refuses, falls back to its default; every other setting (best scores too) is
kept.  The file as it was is kept as a set-aside copy, then written back clean.
A key no setting can have (an invisible character in it) is said too, never
kept silently in place of the setting it was meant to be.
"""

from __future__ import annotations

import re
from typing import Callable

from .storage import DataFolder, format_fields, read_fields
from .strings import t

FILE_NAME = "settings.txt"
SHOWN_VALUE = 12  # characters of a refused value quoted in the message
PLAIN_KEY = re.compile(r"[A-Za-z0-9._-]+")  # what every key the app writes is made of

# A check gets the key and the value and answers what is wrong with it, or None.
Check = Callable[[str, str], "str | None"]


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

    def add_checks(self, checks: dict[str, Check]) -> None:
        self.checks.update(checks)

    def problem(self, key: str, value: str) -> str | None:
        if not PLAIN_KEY.fullmatch(key):
            return t("settings.odd_key", key=ascii(key[:SHOWN_VALUE]))
        check = self.checks.get(key)
        if check is None:
            check = next((c for prefix, c in self.checks.items() if prefix.endswith(".") and key.startswith(prefix)), None)
        return check(key, value) if check is not None else None

    def load(self) -> list[str]:
        """Read the file, keeping every good setting; returns a note on each one dropped."""
        self.fields = {}
        text = self.storage.read(FILE_NAME)
        if text is None:
            return []
        self.loaded_text = text
        fields, problems = read_fields(text)
        for key, value in fields:
            problem = self.problem(key, value)
            if problem is None:
                self.fields[key] = value
            else:
                problems.append(f"{key}: {problem}")
        return problems

    def drop(self, prefix: str) -> None:
        """Forget every setting whose key starts with ``prefix`` (back to its default)."""
        self.fields = {key: value for key, value in self.fields.items() if not key.startswith(prefix)}

    def repair(self) -> None:
        """Keep the damaged file as a set-aside copy and write the good settings back."""
        self.storage.keep_copy(FILE_NAME, self.loaded_text)
        self.storage.write(FILE_NAME, format_fields(self.fields))

    def get(self, key: str, default: str = "") -> str:
        return self.fields.get(key, default)

    def get_bool(self, key: str, default: bool) -> bool:
        return self.fields.get(key, "on" if default else "off") == "on"

    def set(self, key: str, value: str | bool) -> None:
        self.update({key: value})

    def update(self, values: dict[str, str | bool]) -> None:
        """Change several settings with one write (each write costs a frame a millisecond or more)."""
        for key, value in values.items():
            self.fields[key] = ("on" if value else "off") if isinstance(value, bool) else value
        self.storage.write(FILE_NAME, format_fields(self.fields))
