"""Pure rules of every game, stdlib only (no pyxel): they run in tests, the CLI and Pyodide.

The games themselves (rules, engines, strings, screens) are listed in ``pyxel_app.games``.
"""

from .base import IllegalMoveError, NotationError, Outcome, Rules, RulesError

__all__ = ["IllegalMoveError", "NotationError", "Outcome", "Rules", "RulesError"]
