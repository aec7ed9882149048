"""What every game's puzzle code shares: the proof it hands the build tool, and the context a
judgement runs in.

Each game's module (``puzzles/<game>.py``) has the same parts in the same order:

- ``RULES``, its limits and ``UNIQUE_FIRST`` (the proof shows the first move is the only one);
- ``prove(state) -> Proven | None``: everything the puzzle states, proven by the game's solver
  from scratch (the build tool and the tests call it; the nodes it counts do not depend on what
  was searched before);
- the judge's questions, each given the moves played so far (``ply``) and the state:
  ``correct(ctx, ply, state, move)`` a generator answering whether the player's ``move`` still
  does the task; ``reply(ctx, ply, state)`` the defence's move (two-player games);
  ``hint(ctx, ply, state)`` a move that does the task; ``done(ctx, ply, state)`` the task is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .model import Puzzle, Task


@dataclass(frozen=True)
class Proven:
    """A position's puzzle as its proof found it: the task, the line (move texts, the defence's
    between the player's), the proof's nodes and the line's length (plies, moves or slides)."""

    task: Task
    line: tuple[str, ...]
    nodes: int
    length: int


@dataclass
class Context:
    """A judgement's surroundings: the puzzle, its start state, ``nest`` (hands a search the
    frame's deadline, as ``Cooperative.nest``) and a ``cache`` the game's code keeps its
    solvers in from one question to the next of the same attempt."""

    puzzle: Puzzle
    start: Any
    nest: Callable[[Any], Any] = lambda search: search
    cache: dict = field(default_factory=dict)

    def kept(self, name: str, make: Callable[[], Any]) -> Any:
        """The attempt's ``name`` (a solver, a memo), made on first use."""
        if name not in self.cache:
            self.cache[name] = make()
        return self.nest(self.cache[name]) if hasattr(self.cache[name], "deadline") else self.cache[name]
