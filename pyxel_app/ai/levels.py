"""The computer's levels of each game, declared once: the game's engine (``ai/<game>.py``)
plays them and refuses any other, its spec (``games/<game>.py``) offers them in the set-up and
names them in its strings.

>>> CONNECT4.play[0], CONNECT4.known[-1], OTHELLO.known == OTHELLO.play
('primitive', 'hint', True)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Levels:
    """``play``: the levels a player may choose, weakest first; ``hint``: the level a hint is
    asked at, one of them or one of its own that no player is offered."""

    play: tuple[str, ...]
    hint: str

    @property
    def known(self) -> tuple[str, ...]:
        """Every level the engine answers to."""
        return self.play if self.hint in self.play else self.play + (self.hint,)


CONNECT4 = Levels(("primitive", "easy", "medium", "hard", "perfect"), hint="hint")
OTHELLO = Levels(("random", "greedy", "easy", "medium", "hard"), hint="hard")
DRAUGHTS = Levels(("random", "easy", "medium", "hard"), hint="hint")
