"""Timings of the 15-puzzle solver: Korf's 100 instances and the cost of one UI step.

``run(report)`` calls ``report(name, value)`` once per figure; ``quick`` keeps it to a
few easy instances and a short stepping run.
"""

from __future__ import annotations

import statistics
import time

from ..ai import fifteen
from ..ai.fifteen import FifteenSearch
from .figures import DATA, percentiles

TIME_LIMIT_S = 10.0
STEP_BUDGET_MS = 4.0
QUICK_INSTANCES = (12, 55, 79, 42, 9, 16)
# Instance stepped to time the UI slices: long enough to give many steps.
STEPPED_INSTANCE = 1
QUICK_STEPPING_S = 3.0


def korf_instances() -> list[tuple[int, int, tuple[int, ...]]]:
    """(number, published optimal length, tiles towards the standard goal)."""
    text = (DATA / "korf100.txt").read_text()
    result = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            numbers = [int(x) for x in line.split()]
            result.append((numbers[0], numbers[1], tuple(numbers[2:])))
    return result


def solve_timed(tiles, limit_s: float = TIME_LIMIT_S) -> tuple[int | None, float, int]:
    """(length or None past the limit, seconds, nodes expanded)."""
    search = FifteenSearch(tiles)
    start = time.perf_counter()
    while not search.step(100.0):
        if time.perf_counter() - start > limit_s:
            return None, time.perf_counter() - start, search.nodes
    return search.length, time.perf_counter() - start, search.nodes


def step_times(tiles, budget_ms: float, max_seconds: float | None = None) -> list[float]:
    """Wall time in seconds of every ``step(budget_ms)`` call until the search ends."""
    search = FifteenSearch(tiles)
    times = []
    start = time.perf_counter()
    while True:
        before = time.perf_counter()
        done = search.step(budget_ms)
        times.append(time.perf_counter() - before)
        if done or (max_seconds is not None and time.perf_counter() - start > max_seconds):
            return times


def run(report, quick: bool = False) -> None:
    # A cold start: the first search loads the tables inside its steps.
    fifteen._TABLES.clear()
    fifteen._HEURISTICS.clear()
    easiest = next(tiles for number, _, tiles in korf_instances() if number == QUICK_INSTANCES[0])
    started = time.perf_counter()
    steps = step_times(easiest, STEP_BUDGET_MS)
    report("fifteen first solve incl. table load (s)", f"{time.perf_counter() - started:.2f}")
    report(f"fifteen first solve step({STEP_BUDGET_MS:.0f} ms) max (ms)", f"{max(steps) * 1000:.2f}")
    instances = korf_instances()
    if quick:
        instances = [item for item in instances if item[0] in QUICK_INSTANCES]
    times, optimal, nodes = [], 0, 0
    for number, published, tiles in instances:
        length, seconds, expanded = solve_timed(tiles)
        if length is not None and length != published:
            raise AssertionError(f"Korf #{number}: found {length}, published {published}")
        optimal += length is not None
        times.append(seconds)
        nodes += expanded
    label = f"korf{len(instances)}" if quick else "korf100"
    report(f"{label} solved optimally <= {TIME_LIMIT_S:.0f} s", f"{optimal}/{len(instances)}")
    report(f"{label} median time (s)", f"{statistics.median(times):.2f}")
    report(f"{label} mean time (s)", f"{statistics.mean(times):.2f}")
    report(f"{label} max time (s)", f"{max(times):.2f}")
    report(f"{label} nodes per second", f"{nodes / sum(times):.0f}")
    stepped = next(tiles for number, _, tiles in korf_instances() if number == STEPPED_INSTANCE)
    steps = step_times(stepped, STEP_BUDGET_MS, QUICK_STEPPING_S if quick else None)
    report(f"fifteen step({STEP_BUDGET_MS:.0f} ms) wall time", percentiles(steps))
