"""Pure rules of every game, stdlib only (no pyxel): they run in tests, the CLI and Pyodide."""

from .base import IllegalMoveError, NotationError, Outcome, Rules, RulesError
from .fifteen import RULES as FIFTEEN

GAMES: dict[str, Rules] = {FIFTEEN.name: FIFTEEN}

__all__ = ["GAMES", "IllegalMoveError", "NotationError", "Outcome", "Rules", "RulesError"]
