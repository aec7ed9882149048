"""Who sits at each side of a two-player game: a person here, the computer, or a queue
of move texts fed from outside (a network peer, a test).

Every seat that is not a person here is an *agent*: ``start(state)`` when it is its
turn, then ``step(budget_ms)`` a few milliseconds per frame until it answers with a
move text in the game's notation.  The match layer sends that text down the same
move path a person's move takes.
"""

from __future__ import annotations

import random
from collections import deque

# Frames the computer at least "thinks", so a player sees it answer even when it knows at once.
MIN_THINK_FRAMES = 20


class Seat:
    kind = "person"
    is_agent = False
    thinking = False  # working on a move it was started on (the computer)

    def start(self, state) -> None:
        """It is this seat's turn in ``state``."""

    def step(self, budget_ms: float) -> str | None:
        return None

    def stop(self) -> None:
        """The turn was taken back (undo) or the game left: forget any work in hand."""


class PersonSeat(Seat):
    """A person at this machine: the board view turns their input into moves."""


class ComputerSeat(Seat):
    """The computer at a level: the game's engine, stepped cooperatively."""

    kind = "computer"
    is_agent = True

    def __init__(self, spec, level: str, rng: random.Random, min_frames: int = MIN_THINK_FRAMES) -> None:
        self.spec, self.level, self.rng, self.min_frames = spec, level, rng, min_frames
        self.engine = None
        self.state = None
        self.frames = 0
        self.result = None

    def start(self, state) -> None:
        self.state = state
        self.engine = self.spec.engine(state, self.level, self.rng)
        self.frames = 0
        self.result = None

    @property
    def thinking(self) -> bool:
        return self.engine is not None

    def step(self, budget_ms: float) -> str | None:
        if self.engine is None:
            return None
        self.frames += 1
        if self.result is None:
            self.result = self.engine.step(budget_ms)
        if self.result is None or self.frames < self.min_frames:
            return None
        rules = self.spec.rules
        move = self.result.move
        if move is None or move not in rules.legal_moves(self.state):
            move = self.rng.choice(rules.legal_moves(self.state))  # never leave a game stuck
        self.stop()
        return rules.move_to_text(move)

    def stop(self) -> None:
        self.engine = None
        self.result = None


class QueueSeat(Seat):
    """Moves fed from outside as texts, answered one per turn in the order they came."""

    kind = "queue"
    is_agent = True

    def __init__(self) -> None:
        self.queue: deque[str] = deque()

    def feed(self, text: str) -> None:
        self.queue.append(text)

    def step(self, budget_ms: float) -> str | None:
        return self.queue.popleft() if self.queue else None
