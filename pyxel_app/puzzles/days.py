"""The puzzle of a date: the same on every machine and in the browser.

The puzzles ship in ``data/puzzles.txt`` (built offline by ``tools/build_puzzles.py``; every line
a puzzle, see ``model.py``), in pools by game, variant and level.  A date picks from its pool by
a stable function: the days are numbered by the calendar (``date.toordinal``), the pool is gone
through once per cycle of as many days as it has puzzles, each cycle in its own order, shuffled
by numbers from SHA-256 of the pool's name and the cycle: no ``hash()`` (salted for text), no
floating point, no random module, so CPython and Pyodide agree to the bit.

>>> daily("connect4", date(2025, 1, 1), "easy") == daily("connect4", date(2025, 1, 1), "easy")
True

The order is pinned here: a change to it would change every day's puzzle.  A streak counts the
days solved in a row up to today (or up to yesterday while today's is still open):

>>> streak([date(2025, 3, 12), date(2025, 3, 13), date(2025, 3, 10)], date(2025, 3, 14))
2

>>> order(5, "example")
[2, 4, 0, 1, 3]
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from importlib import resources
from typing import Iterable

from ..rules.base import NotationError
from .model import LEVELS, VARIANTS, Puzzle, puzzle_from_line

DATA_FILE = "puzzles.txt"


class NoPuzzleError(NotationError):
    """A game, variant or level that has no puzzles; the message says what has."""


@lru_cache(maxsize=1)
def shipped_lines() -> tuple[str, ...]:
    """The shipped set's lines, read once (a millisecond or two; parsing them all takes ten)."""
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    return tuple(line for line in text.splitlines() if line and not line.startswith("#"))


@lru_cache(maxsize=None)
def pool(game: str, variant: str, level: str) -> tuple[Puzzle, ...]:
    """One pool's puzzles, in the file's order: only its lines are parsed."""
    prefix = f"{game}\t{variant}\t{level}\t"
    return tuple(puzzle_from_line(line) for line in shipped_lines() if line.startswith(prefix))


def pools() -> dict[tuple[str, str, str], tuple[Puzzle, ...]]:
    """Every shipped puzzle by (game, variant, level)."""
    keys = dict.fromkeys(tuple(line.split("\t", 3)[:3]) for line in shipped_lines())
    return {key: pool(*key) for key in keys}


def forget() -> None:
    """Read the set afresh at the next question (the bench's cold start)."""
    shipped_lines.cache_clear()
    pool.cache_clear()


def number(seed: str, index: int) -> int:
    """A 64-bit number drawn from ``seed`` and ``index``, the same everywhere."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:8], "big")


def order(count: int, seed: str) -> list[int]:
    """``range(count)`` shuffled by ``seed`` (Fisher-Yates on :func:`number`)."""
    places = list(range(count))
    for last in range(count - 1, 0, -1):
        other = number(seed, last) % (last + 1)
        places[last], places[other] = places[other], places[last]
    return places


def pick(count: int, pool: str, day: date) -> int:
    """The index of ``day``'s puzzle in a pool of ``count``: each cycle of ``count`` days shows each once."""
    cycle, place = divmod(day.toordinal(), count)
    return order(count, f"{pool}/{cycle}")[place]


def check_choice(game: str, variant: str | None, level: str) -> str:
    """The variant (the game's first with puzzles when None), or NoPuzzleError naming the choices."""
    if game not in VARIANTS:
        raise NoPuzzleError(f"{game} has no puzzles; choose from {', '.join(VARIANTS)}")
    variants = VARIANTS[game]
    if variant is None:
        variant = variants[0]
    if variant not in variants:
        raise NoPuzzleError(f"{game} has no puzzles of variant {variant!r}; choose from {', '.join(variants)}")
    if level not in LEVELS:
        raise NoPuzzleError(f"no level {level!r}; choose from {', '.join(LEVELS)}")
    return variant


def daily(game: str, day: date, level: str = "medium", variant: str | None = None) -> Puzzle:
    """The puzzle of ``day`` for ``game`` at ``level`` (``variant`` None: the game's first)."""
    variant = check_choice(game, variant, level)
    puzzles = pool(game, variant, level)
    if not puzzles:
        raise NoPuzzleError(f"no {level} puzzles of {game} {variant} are shipped")
    return puzzles[pick(len(puzzles), f"{game}/{variant}/{level}", day)]


def now() -> datetime:
    """This moment, in UTC (a test fixes the clock here)."""
    return datetime.now(timezone.utc)


def today() -> date:
    """The puzzle's day, the one of the app and of the command line alike: the date in UTC, so a
    puzzle changes at the same moment for everyone, wherever they are."""
    return now().astimezone(timezone.utc).date()


def streak(solved: Iterable[date], today: date) -> int:
    """The days in a row, each with its puzzle solved, that end today or, if today's is not
    solved yet, yesterday (a streak is not lost before the day is over)."""
    days = set(solved)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count
