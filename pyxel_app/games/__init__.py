"""The registry: every game the arcade knows, in menu order.  The menu, the CLI
(``perft``, ``solve``, ``play``, ``snap``, ``bench``) and the tests read it; nothing
else lists games.  Adding a game adds one spec module here; it is checked as it
registers (``spec.check``: its strings in both languages, its levels, its flags).

>>> [spec.key for spec in GAMES]
['bypuzz', 'connect4', 'pegs', 'othello', 'draughts']
>>> find("fifteen").key
'bypuzz'
"""

from __future__ import annotations

from . import bypuzz, connect4, draughts, othello, pegs
from .spec import LANGUAGES, GameSpec, GameSpecError, check, lazy, load_object

GAMES: list[GameSpec] = []
# Bumped on every change, so cached string tables know to rebuild.
version = 0


class UnknownGameError(KeyError):
    def __str__(self) -> str:
        return self.args[0]


def find(name: str) -> GameSpec:
    """The game called ``name`` (its key or an alias)."""
    for spec in GAMES:
        if name in spec.names:
            return spec
    raise UnknownGameError(f"unknown game {name!r}; choose from {', '.join(all_names())}")


def all_names() -> list[str]:
    return [name for spec in GAMES for name in spec.names]


def register(spec: GameSpec) -> None:
    """Add a game (or replace the one with its key, as a test may), once it passes ``check``:
    a GameSpecError names all it lacks."""
    global version
    others = [known for known in GAMES if known.key != spec.key]
    GAMES[:] = others + [check(spec, others)]
    version += 1


def unregister(key: str) -> None:
    global version
    GAMES[:] = [known for known in GAMES if known.key != key]
    version += 1


for _spec in (bypuzz.SPEC, connect4.SPEC, pegs.SPEC, othello.SPEC, draughts.SPEC):
    register(_spec)

__all__ = ["GAMES", "LANGUAGES", "GameSpec", "GameSpecError", "UnknownGameError", "all_names", "check", "find", "lazy",
           "load_object", "register", "unregister"]
