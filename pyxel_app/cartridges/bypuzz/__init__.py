"""ByPuzz, the C64 15-puzzle: config, puzzle choice, preview, shuffle, check run, play, solved.

The rules live in ``rules/fifteen.py``, the targets and ByMore sets in
``rules/bypuzz_sets.py``, the optimal solver in ``ai/fifteen.py``; this package
keeps what the player sees and touches, one file per screen.
"""

from .board import BOARD_COL, BOARD_ROW, BOARD_X, BOARD_Y, TILE_H, TILE_W
from .screens import ByPuzz

__all__ = ["BOARD_COL", "BOARD_ROW", "BOARD_X", "BOARD_Y", "ByPuzz", "TILE_H", "TILE_W"]
