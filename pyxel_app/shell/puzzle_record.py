"""What the player did with the puzzles of the day, kept in the settings per game, variant and level.

Three settings a pool (``puzzle.<game>.<variant>.<level>.``): ``solved``, the days solved
(``YYYY-MM-DD`` apart by commas, the last KEPT_DAYS of them), ``hints`` and ``attempts`` (the
hints taken and the tries made, each a count).  Each is checked as every other setting is: a
damaged value falls back to nothing and costs only itself.  The streak is worked out from the
days solved (``puzzles.streak``), never kept.

The day is the UTC date, so a puzzle changes at the same moment for everyone; ``today`` is one
function, which a test or the screens tool replaces to fix the day.
"""

from __future__ import annotations

from datetime import date, datetime, timezone

from ..puzzles import VARIANTS, streak
from ..rules.numbers import NumberError, parse_number
from .settings import Check, Settings

PREFIX = "puzzle."
KEPT_DAYS = 400  # enough for any streak worth showing, and the settings stay small
MOST_COUNT = 999_999
FIELDS = ("solved", "hints", "attempts")


def has_puzzles(spec) -> bool:
    """The game has puzzles of the day and a cartridge to play them (its own names one, ``puzzle_cartridge``)."""
    return spec.key in VARIANTS and (spec.is_match or bool(spec.puzzle_cartridge))


def today() -> date:
    """The puzzle's day: the date in UTC."""
    return datetime.now(timezone.utc).date()


def day_text(day: date) -> str:
    return day.isoformat()


def parse_days(text: str) -> list[date]:
    """The days of a ``solved`` value; ValueError at a bad one."""
    days = []
    for word in filter(None, text.split(",")):
        if len(word) != 10:
            raise ValueError(f"bad day {word[:12]!r}")
        days.append(date.fromisoformat(word))
    return days


def check(key: str, value: str) -> str | None:
    """What is wrong with a ``puzzle.`` setting, or None."""
    field = key.rsplit(".", 1)[-1]
    if field not in FIELDS or key.count(".") != 4:
        return f"unknown puzzle setting {key[len(PREFIX):][:24]!r}"
    try:
        if field == "solved":
            parse_days(value)
        else:
            parse_number(value, 0, MOST_COUNT, field)
    except (ValueError, NumberError) as error:
        return str(error)
    return None


CHECKS: dict[str, Check] = {PREFIX: check}


class PuzzleRecord:
    """One pool's record in the settings: ``key`` is (game, variant, level)."""

    def __init__(self, settings: Settings, key: tuple[str, str, str]) -> None:
        self.settings = settings
        self.name = PREFIX + ".".join(key) + "."

    def _get(self, field: str) -> str:
        return self.settings.get(self.name + field)

    def solved_days(self) -> list[date]:
        try:
            return parse_days(self._get("solved"))
        except ValueError:  # the load checks every value: only a value set since could be bad
            return []

    def count(self, field: str) -> int:
        try:
            return parse_number(self._get(field) or "0", 0, MOST_COUNT, field)
        except NumberError:
            return 0

    def solved_on(self, day: date) -> bool:
        return day in self.solved_days()

    def streak(self, day: date) -> int:
        return streak(self.solved_days(), day)

    def add(self, field: str, n: int = 1) -> None:
        self.settings.set(self.name + field, str(min(MOST_COUNT, self.count(field) + n)))

    def mark_solved(self, day: date) -> None:
        days = sorted(set(self.solved_days()) | {day})[-KEPT_DAYS:]
        self.settings.set(self.name + "solved", ",".join(day_text(d) for d in days))
