"""Searches that run a slice at a time, so a frame is never blocked (the web has no threads).

A search is a generator that yields every few hundred nodes; ``step(budget_ms)``
runs it until the budget is spent or it returns.  The caller (a cartridge, once
per frame) gets None from ``step`` while the search thinks and its answer once
it is final.  Every game's engine answers with an :class:`EngineResult`, so one
match layer can drive them all::

    engine = AlphaBeta(rules, state, evaluate, budget_ms=2000)
    result = None
    while result is None:          # one step per frame in a cartridge
        result = engine.step(4.0)
    rules.apply(state, result.move)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Generator, Generic, TypeVar

from ..rules.base import drained as run_generator  # noqa: F401  (a search generator run in one go)

R = TypeVar("R")


@dataclass(frozen=True)
class EngineResult:
    """An engine's answer: the move to play (the rules' own move object), its score for
    the side to move (None when the engine cannot say) and the depth it looked, in plies."""

    move: Any
    score: int | None
    depth: int


class Cooperative(Generic[R]):
    """Drives a sliced search: subclasses pass their generator and set ``result`` in ``finish``.

    ``deadline`` is the ``time.perf_counter()`` value at which the current step ends;
    searches nested inside (registered with :meth:`nest`) get it at every step, so
    they can look at the clock themselves and yield in time.  ``budget_ms`` caps the
    total time of all steps: past it the search stops and ``finish`` makes its best
    answer so far final.  ``step_clock`` is the wall clock's, which nested searches read; a job
    that nests none may count its own CPU time instead.
    """

    step_clock = staticmethod(time.perf_counter)

    def __init__(self, generator: Generator[None, None, Any], budget_ms: float | None = None) -> None:
        self._generator = generator
        self.budget_ms = budget_ms
        self.finished = False
        self.result: R | None = None
        self.elapsed_ms = 0.0
        self.deadline = math.inf
        self.nested: list = []
        self._step_start: float | None = None
        self.yielded: Any = None  # what the generator yielded last (a long job's progress; a search's None)

    def finish(self, value: Any) -> None:
        """Receives what the generator returned, or None when the total budget ran out."""
        self.result = value

    def nest(self, search):
        """Hands ``search`` (anything with a ``deadline``) this step's deadline and every later one's."""
        search.deadline = self.deadline
        self.nested.append(search)
        return search

    def step(self, budget_ms: float) -> R | None:
        """Search for about ``budget_ms`` milliseconds; the answer once it is final, else None."""
        if self.finished:
            return self.result
        start = self._step_start = self.step_clock()
        if self.budget_ms is not None:
            budget_ms = min(budget_ms, self.budget_ms - self.elapsed_ms)
        deadline = self.deadline = start + budget_ms / 1000.0
        for search in self.nested:
            search.deadline = deadline
        generator = self._generator
        try:
            while True:
                self.yielded = next(generator)
                if self.step_clock() >= deadline:
                    break
        except StopIteration as stop:
            self.finished = True
            self.finish(stop.value)
        self.elapsed_ms += (self.step_clock() - start) * 1000.0
        self._step_start = None
        if not self.finished and self.budget_ms is not None and self.elapsed_ms >= self.budget_ms:
            self.finished = True
            generator.close()
            self.finish(None)
        return self.result

    def elapsed_now_ms(self) -> float:
        """Time spent so far, counting the step under way (for a search deciding whether to go deeper)."""
        if self._step_start is None:
            return self.elapsed_ms
        return self.elapsed_ms + (self.step_clock() - self._step_start) * 1000.0

    def run_to_end(self) -> R | None:
        """Search in one go (CLI, bench, tests)."""
        while not self.finished:
            self.step(1000.0)
        return self.result


class LevelSearch(Cooperative[EngineResult]):
    """A game's engine at one level: ``_plan()`` is its generator, which keeps ``best_move``
    (and ``score``, ``exact``, ``depth_done``) up to date, so the budget may end it any time;
    the searches it nests count its ``nodes``."""

    def __init__(self, state, level: str, levels: tuple[str, ...], rules, rng: random.Random | None,
                 budget_ms: float | None) -> None:
        """A search for ``level`` (one of ``levels``) in ``state``, which ``rules`` must not
        call over; ``rng`` breaks ties (a fresh one if None)."""
        if level not in levels:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(levels)}")
        if rules.outcome(state) is not None:
            raise ValueError("the game is already over")
        self.state = state
        self.level = level
        self.rng = rng or random.Random()
        self.best_move = None
        self.score: int | None = None
        self.exact = False
        self.depth_done = 0
        super().__init__(self._plan(), budget_ms)

    def _plan(self):
        raise NotImplementedError

    def finish(self, value) -> None:
        self.result = EngineResult(self.best_move, self.score, self.depth_done)

    def found_win(self, value: int, win_base: int) -> bool:
        """A search value that is a won or lost game (``win_base`` minus the plies to it, or its
        negative): keep the exact score the plies leave and say so."""
        if abs(value) < win_base // 2:
            return False
        self.score = value - win_base if value > 0 else value + win_base
        self.exact = True
        return True

    def next_depth_fits(self, started_ms: float, growth: float, share: float) -> bool:
        """Iterative deepening: the next depth costs ``growth`` times the one that began at
        ``started_ms``; start it only if it may finish within ``share`` of the budget."""
        now = self.elapsed_now_ms()
        return now + growth * (now - started_ms) <= self.budget_ms * share

    @property
    def nodes(self) -> int:
        return sum(search.nodes for search in self.nested)

    def run(self):
        """Search to the end in one go (CLI, bench, tests) and return the move."""
        return self.run_to_end().move
