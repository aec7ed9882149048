"""What the player did with the puzzles of the day, kept in the settings per game, variant and level.

Three settings a pool (``puzzle.<game>.<variant>.<level>.``): ``solved``, the days solved
(``YYYY-MM-DD`` apart by commas, the last KEPT_DAYS of them), ``hints`` and ``attempts`` (the
hints taken and the tries made, each a count).  Each is checked as every other setting is: a
damaged value falls back to nothing and costs only itself.  A list of more days is cut to its
last KEPT_DAYS, and a day after tomorrow (no one has solved it yet: a clock set wrong) is
dropped, each with a note, so no far day pushes today's out.  The streak is worked out from
the days solved (``puzzles.streak``), never kept; a value's days are parsed once (``parse_days``
keeps the last few values' days), not at every frame that shows them.

The day is the UTC date (``puzzles.today``, the command line's too), so a puzzle changes at the
same moment for everyone; ``today`` is looked up here, where a test or the screens tool replaces
it to fix the day.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from ..puzzles import VARIANTS, streak, today
from ..rules.numbers import NumberError, parse_number
from .settings import Check, Mended, Settings

PREFIX = "puzzle."
KEPT_DAYS = 400  # enough for any streak worth showing, and the settings stay small
MOST_COUNT = 999_999
FIELDS = ("solved", "hints", "attempts")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)  # only a calendar date (an ISO week day 2026-W01-1 is none)
DAY_LIST = re.compile(r"(?:\d{4}-\d{2}-\d{2})?(?:,(?:\d{4}-\d{2}-\d{2})?)*", re.ASCII)  # DAYs apart by commas
DAY_CHARS = len("2025-03-14,")
# A list of days longer than this is refused unread; up to it, the last KEPT_DAYS are kept.
MOST_SOLVED_CHARS = 100 * KEPT_DAYS * DAY_CHARS
PARSED_VALUES = 64  # the values whose days are kept parsed: more than the pools a screen shows


def has_puzzles(spec) -> bool:
    """The game has puzzles of the day and a cartridge to play them (its own names one, ``puzzle_cartridge``)."""
    return spec.key in VARIANTS and (spec.is_match or bool(spec.puzzle_cartridge))


def day_text(day: date) -> str:
    return day.isoformat()


def parse_day(word: str) -> date:
    """A day written ``YYYY-MM-DD``; ValueError for anything else."""
    if not DAY.fullmatch(word):
        raise ValueError(f"bad day {word[:12]!r}")
    return date.fromisoformat(word)


@lru_cache(maxsize=PARSED_VALUES)
def parse_days(text: str) -> tuple[date, ...]:
    """The days of a ``solved`` value; ValueError at a bad one."""
    return tuple(parse_day(word) for word in filter(None, text.split(",")))


@lru_cache(maxsize=PARSED_VALUES)
def streak_of(text: str, day: date) -> int:
    """The streak up to ``day`` of a ``solved`` value (0 for a bad one): worked out once a day."""
    try:
        return streak(parse_days(text), day)
    except ValueError:
        return 0


def mend_days(value: str) -> str | Mended | None:
    """What is wrong with a ``solved`` value: a bad day; Mended when days after tomorrow or more
    than KEPT_DAYS were dropped.  Work: one look at each word, parses of the kept days only."""
    if not DAY_LIST.fullmatch(value):  # one look at the whole text; the word is found only then
        bad = next(word for word in value.split(",") if word and not DAY.fullmatch(word))
        return f"bad day {bad[:12]!r}"
    words = sorted(dict.fromkeys(filter(None, value.split(","))))  # in order already: a linear sort
    latest = day_text(today() + timedelta(days=1))  # tomorrow: a clock a little ahead
    past = [word for word in words if word <= latest]  # the text's order is the calendar's
    kept = past[-KEPT_DAYS:]
    try:
        parse_days(",".join(kept))
    except ValueError as error:
        return str(error)
    notes = ([f"days after {latest} dropped"] if len(past) < len(words) else []) + (
        [f"the last {KEPT_DAYS} days kept"] if len(kept) < len(past) else [])
    text = ",".join(kept)
    if notes or text != value:
        return Mended(text, ", ".join(notes) or "days put in order")
    return None


def check(key: str, value: str) -> str | Mended | None:
    """What is wrong with a ``puzzle.`` setting, or None."""
    field = key.rsplit(".", 1)[-1]
    if field not in FIELDS or key.count(".") != 4:
        return "unknown puzzle setting"
    if field == "solved":
        return mend_days(value)
    try:
        parse_number(value, 0, MOST_COUNT, field)
    except NumberError as error:
        return str(error)
    return None


check.most_chars = MOST_SOLVED_CHARS
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
            return list(parse_days(self._get("solved")))
        except ValueError:  # the load checks every value: only a value set since could be bad
            return []

    def count(self, field: str) -> int:
        try:
            return parse_number(self._get(field) or "0", 0, MOST_COUNT, field)
        except NumberError:
            return 0

    def solved_on(self, day: date) -> bool:
        return self.streak(day) > 0 and day in self.solved_days()

    def streak(self, day: date) -> int:
        return streak_of(self._get("solved"), day)

    def add(self, field: str, n: int = 1) -> None:
        self.settings.set(self.name + field, str(min(MOST_COUNT, self.count(field) + n)))

    def mark_solved(self, day: date) -> None:
        days = sorted(set(self.solved_days()) | {day})[-KEPT_DAYS:]
        self.settings.set(self.name + "solved", ",".join(day_text(d) for d in days))
