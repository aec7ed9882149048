"""A puzzle's task and verdicts in the player's language (the command line's English is
``puzzles/words.py``; the words here are shell/strings.py's, in every language)."""

from __future__ import annotations

from ..puzzles import Puzzle
from .strings import t


def task_words(puzzle: Puzzle, side: str) -> str:
    """What the player is asked: "Red to move wins within 3 own stones ..."."""
    task = puzzle.task
    where = t("puzzle.on_hole", hole=task.target) if task.target else ""
    return t(f"puzzle.task.{task.kind}", side=side, n=task.n, margin=task.margin, material=task.material,
             par=task.par, where=where)


def wrong_words(puzzle: Puzzle) -> str:
    """A wrong move said in the game's words, with the way back."""
    return t(f"puzzle.wrong.{puzzle.task.kind}")
