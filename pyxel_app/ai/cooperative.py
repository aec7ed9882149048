"""Searches that run a slice at a time, so a frame is never blocked (the web has no threads).

A search is a generator that yields every few hundred nodes; ``step(budget_ms)``
runs it until the budget is spent or it returns.  The caller (a cartridge, once
per frame) reads the answer when ``step`` returns True.
"""

from __future__ import annotations

import time
from typing import Any, Generator


class Cooperative:
    """Base for a sliced search: subclasses pass their generator and take its return value."""

    def __init__(self, generator: Generator[None, None, Any]) -> None:
        self._generator = generator
        self.finished = False
        self.elapsed_ms = 0.0

    def finish(self, value: Any) -> None:
        """Receives what the generator returned."""

    def step(self, budget_ms: float) -> bool:
        """Search for about ``budget_ms`` milliseconds; True once the answer is final."""
        if self.finished:
            return True
        start = time.perf_counter()
        deadline = start + budget_ms / 1000.0
        generator = self._generator
        try:
            while True:
                next(generator)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as stop:
            self.finished = True
            self.finish(stop.value)
        self.elapsed_ms += (time.perf_counter() - start) * 1000.0
        return self.finished

    def run_to_end(self) -> None:
        """Search in one go (CLI, bench, tests)."""
        while not self.step(1000.0):
            pass
