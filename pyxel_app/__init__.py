"""ByPuzz Arcade: C64-style board and puzzle games on Pyxel."""

__version__ = "0.1.0"
