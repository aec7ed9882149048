"""Pure rules of every game, stdlib only (no pyxel): they run in tests, the CLI and Pyodide."""

from .base import IllegalMoveError, NotationError, Outcome, Rules, RulesError
from .connect4 import RULES as CONNECT4
from .fifteen import RULES as FIFTEEN

GAMES: dict[str, Rules] = {rules.name: rules for rules in (FIFTEEN, CONNECT4)}

__all__ = ["GAMES", "IllegalMoveError", "NotationError", "Outcome", "Rules", "RulesError"]
