"""``python -m pyxel_app bench``: frame times, start-up time, package size, solver and AI figures.

Timings live here, never in tests, and nothing here goes into the .pyxapp: a desktop tool.
Each figure is one line ``name: value``.  ``frames`` drives the real app headless;
``fifteen`` and ``connect4`` time the searches on the published benchmark sets in ``data/``.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def report(name: str, value: str) -> None:
    print(f"{name}: {value}", flush=True)


def percentiles(samples: list[float]) -> str:
    """p50, p99 and max of durations in seconds, shown in milliseconds."""
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return (f"p50 {pick(0.5) * 1000:.3f} ms, p99 {pick(0.99) * 1000:.3f} ms, "
            f"max {ordered[-1] * 1000:.3f} ms (n={len(ordered)})")


def run(quick: bool = False) -> None:
    from . import connect4, fifteen, frames

    frames.run(report, quick)
    fifteen.run(report, quick)
    connect4.run(report, quick)
