"""Puzzles of the day for every game, made and proven by the games' own solvers.

What the puzzle mode calls (all pure, no pyxel):

- ``daily(game, day, level, variant)`` -> :class:`Puzzle` (``days.py``): the day's puzzle,
  the same everywhere; ``LEVELS``, ``VARIANTS`` say what there is; ``streak(solved_days, today)``;
  ``today()``, the puzzle's day (the UTC date) for the app and the command line.
- ``Attempt(puzzle)`` (``play.py``): ``judge(moves, move)`` and ``hint(moves)`` are cooperative
  (``step(budget_ms)`` a frame) and answer a :class:`Judgement` and a move; ``solution`` is the line.
- ``task_text``, ``line_text`` (``words.py``): the English the command line prints.

How each game's puzzles are proven is in its module (``connect4.py`` ... ``bypuzz.py``).
"""

from __future__ import annotations

from .days import NoPuzzleError, daily, pools, streak, today
from .model import KINDS, LEVELS, THRESHOLDS, VARIANTS, Puzzle, Task, rate
from .play import Attempt, Judgement, Work
from .words import line_text, task_text

__all__ = ["Attempt", "Judgement", "KINDS", "LEVELS", "NoPuzzleError", "Puzzle", "THRESHOLDS", "Task", "VARIANTS",
           "Work", "daily", "line_text", "pools", "rate", "streak", "task_text", "today"]
