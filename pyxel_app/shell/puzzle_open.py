"""Which cartridge plays a game's puzzle of the day, made ready on the day's puzzle.

A two-player game's is the match layer's (``shell/match_puzzle.py``); a game with a cartridge of
its own names its puzzle cartridge in its spec (``puzzle_cartridge``), as the shell never imports
the cartridges.
"""

from __future__ import annotations

from datetime import date

from ..games import load_object
from ..puzzles import daily
from . import puzzle_record


def puzzle_class(spec):
    """The cartridge class that plays ``spec``'s puzzles."""
    if spec.is_match:
        from .match_puzzle import PuzzleMatch

        return PuzzleMatch
    return load_object(spec.puzzle_cartridge)


def preload(specs) -> None:
    """Import every game's puzzle cartridge now (at boot), so opening a puzzle pays for no import."""
    for spec in specs:
        if puzzle_record.has_puzzles(spec):
            puzzle_class(spec)


def puzzle_cartridge(app, spec, variant: str, level: str, day: date | None = None):
    """The cartridge for ``spec``'s puzzle of ``day`` (today, UTC) at ``level`` in ``variant``."""
    day = puzzle_record.today() if day is None else day
    puzzle = daily(spec.key, day, level, variant)
    cartridge = puzzle_class(spec)(app, spec)
    cartridge.start_puzzle(puzzle, day)
    return cartridge
