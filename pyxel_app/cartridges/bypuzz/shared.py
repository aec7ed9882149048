"""What ByPuzz's cartridge and its screens both read: a leaf, so neither imports the other for it."""

from __future__ import annotations

from ...ai.fifteen import EASY, HARD, NORMAL

# The levels by the length of a shortest solution, easiest first: (at least, at most or None).
DISTANCES = {"easy": EASY, "normal": NORMAL, "hard": HARD}
LEVELS = tuple(DISTANCES)
