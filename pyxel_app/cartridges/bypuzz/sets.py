"""The ByMore puzzle sets that ship with ByPuzz (``sets/*.txt``, the format of rules/bypuzz_sets.py)."""

from __future__ import annotations

import functools
from pathlib import Path

from ...rules.bypuzz_sets import MAX_FILE_BYTES, PuzzleSet, PuzzleSetError, parse_puzzle_set

SETS_DIR = Path(__file__).resolve().parent / "sets"

__all__ = ["MAX_FILE_BYTES", "bundled_sets"]


@functools.cache
def _parsed() -> tuple[PuzzleSet, ...]:
    found = []
    for path in sorted(SETS_DIR.glob("*.txt")):
        try:
            found.append(parse_puzzle_set(path.read_text(encoding="utf-8"), path.stem))
        except (OSError, PuzzleSetError):
            continue  # a broken bundled file must not stop the game; tests check they all parse
    return tuple(found)


def bundled_sets() -> list[PuzzleSet]:
    """Read once per run: opening ByPuzz must fit in a frame."""
    return list(_parsed())
