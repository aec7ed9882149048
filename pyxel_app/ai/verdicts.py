"""What a position is worth to a player, as the engines can say it, and the frame every game's
knowledge fills in for the review (``ai/review.py``; the games' part: ``ai/knowledge.py``).

A :class:`Verdict` is data a screen words in its own language: exact (``result`` is
:data:`WIN`, :data:`DRAW` or :data:`LOSS`, with the count the game keeps) where a solver or a
search to the end reached, else the engine's score in the game's own unit and the depth it
looked.

>>> Verdict(0, WIN, moves=3).seen_by(1)
Verdict(player=1, result='loss', moves=3, stone=None, discs=None, score=None, depth=0, at_least=None)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

WIN, DRAW, LOSS = "win", "draw", "loss"
RANK = {LOSS: 0, DRAW: 1, WIN: 2}
OTHER = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}
# The shortest step a search is given once its deadline has passed: it still makes progress.
MIN_STEP_MS = 0.1


@dataclass(frozen=True)
class Verdict:
    """What a position is worth to ``player``.

    Exact: ``result``; ``moves`` the moves the winner still makes to the end (in a puzzle the
    moves or jumps to the goal), ``stone`` in Connect 4 the winner's stone that makes four
    ("Red wins with its 4th stone"), ``discs`` in Othello the final disc difference for
    ``player``.  Not exact (``result`` None): ``score`` the engine's score for ``player`` in
    the game's unit (a threat, a disc, a man) and ``depth`` the plies it looked; ``at_least``
    in ByPuzz a lower bound on the moves to the goal.  Nothing known: all None.
    """

    player: int
    result: str | None = None
    moves: int | None = None
    stone: int | None = None
    discs: int | None = None
    score: float | None = None
    depth: int = 0
    at_least: int | None = None

    @property
    def exact(self) -> bool:
        return self.result is not None

    def seen_by(self, player: int) -> "Verdict":
        """The same verdict for ``player`` (the other side's view in a two-player game)."""
        if player == self.player:
            return self
        return replace(self, player=player, result=OTHER.get(self.result),
                       discs=None if self.discs is None else -self.discs,
                       score=None if self.score is None else -self.score)


class Known(NamedTuple):
    """A position's value for its side to move, and the best move there when it is known."""

    verdict: Verdict
    best: Any = None


@dataclass
class Found:
    """An engine search's answer, one finished depth at a time: the best move and its value,
    and the value of the move played at the same depth (raw engine units, for the side to move)."""

    depth: int = 0
    best: Any = None
    best_value: int | None = None
    played_value: int | None = None

    def update(self, depth: int, best, best_value: int, played_value: int | None) -> None:
        self.depth, self.best, self.best_value, self.played_value = depth, best, best_value, played_value


class Clock:
    """The moment the search under way must pause (its frame's end), and the nodes it may
    search in all: the work, not the time, bounds it, so a review says the same on any machine."""

    deadline: float = math.inf
    node_limit: float = math.inf


class OutOfNodes(Exception):
    """A search has used the nodes its clock allows."""


def drive(search, work, clock: Clock):
    """Generator: runs ``work``, a generator of the engine ``search``, handing it the clock's
    deadline and node limit at every resume (it pauses at either); returns what it returns, or
    raises OutOfNodes."""
    while True:
        search.deadline, search.node_limit = clock.deadline, clock.node_limit
        try:
            next(work)
        except StopIteration as stop:
            return stop.value
        if search.nodes >= clock.node_limit:
            work.close()
            raise OutOfNodes
        yield


def step_until(search, clock: Clock):
    """Generator: steps a cooperative engine (``step(budget_ms)``) until it answers; returns its
    answer.  Under a node limit it goes a slice of its own at a time (``step(0)``), so it stops at
    the same node on any machine (OutOfNodes), and pauses when the clock's deadline has passed;
    else it steps up to the deadline each time."""
    limited = clock.node_limit < math.inf
    if limited and hasattr(search, "node_limit"):
        search.node_limit = clock.node_limit
    while not search.finished:
        search.step(0.0 if limited else max((clock.deadline - time.perf_counter()) * 1000.0, MIN_STEP_MS))
        if search.finished:
            break
        if limited and search.nodes >= clock.node_limit:
            raise OutOfNodes
        if not limited or time.perf_counter() >= clock.deadline:
            yield
    return search.result


class Knowledge:
    """What one game's engines know, asked the way the review asks.  Subclasses say where the
    solver reaches (``exact``), search with the engine (``search``), turn its values into
    verdicts (``verdict``) and, where the game orders its solves otherwise, ``exact_all``.

    ``unit`` is how many engine units make one of the game's display units; a move whose score
    falls by ``mistake_drop`` display units below the engine's best is a mistake (None: the
    game has no engine scores, only exact answers).
    """

    unit = 1.0
    mistake_drop: float | None = None
    # Nodes a millisecond of the exact solver's and of the engine's (about as many as a desktop
    # searches): a budget given in milliseconds is counted in nodes, the same on any machine.
    exact_nodes_per_ms = 100.0
    engine_nodes_per_ms = 100.0

    def __init__(self, rules, clock: Clock, own_tables: bool = False) -> None:
        self.rules = rules
        self.clock = clock
        # A review keeps its own tables, so what other searches learned before cannot change
        # where its node budgets end; an evaluation shares the app's.
        self.tables: dict | None = {} if own_tables else None

    def table(self, name, make, shared):
        """The table (or solver) ``name``: this knowledge's own, made by ``make()`` once, or ``shared()``."""
        if self.tables is None:
            return shared()
        if name not in self.tables:
            self.tables[name] = make()
        return self.tables[name]

    def prepare(self, state):
        """Generator: reads what the solver needs for ``state`` (its tables) before any search's
        time runs."""
        return
        yield

    def exact(self, state):
        """Generator returning the exact :class:`Known` of a position still in play, or None
        where no solver reaches it."""
        return None
        yield

    def estimate(self, state) -> Verdict | None:
        """What an exact try cut short by its budget still knows (ByPuzz: a lower bound)."""
        return None

    def search(self, state, played, found: Found):
        """Generator deepening the engine's search of ``state``, filling ``found`` after each
        depth (``played``, if not None, scored at the same depth); None without an engine."""
        return None

    def verdict(self, value: int, player: int, state, depth: int) -> Verdict:
        """An engine value for ``player`` as a verdict; ``state`` is the position it is counted
        from, searched ``depth`` plies."""
        return Verdict(player, score=value / self.unit, depth=depth)

    def final(self, state) -> Known:
        """The verdict of a finished game for its side to move."""
        outcome = self.rules.outcome(state)
        player = self.rules.to_move(state)
        if outcome.winner is None:
            return Known(Verdict(player, DRAW, moves=0))
        return Known(Verdict(player, WIN if outcome.winner == player else LOSS, moves=0))

    def exact_all(self, review):
        """Generator filling ``review.exact`` for every position: from the last one back, as
        the positions near the end are quick and what their solves learn helps the earlier."""
        for index in reversed(range(len(review.states))):
            review.exact[index] = yield from review.exact_value(review.states[index], review.move_ms)
            review.done += 1
