"""``python -m pyxel_app bench``: frame times, start-up time, package size, solver and AI figures.

Timings live here, never in tests, and nothing here goes into the .pyxapp: a desktop tool.
Each figure is one line ``name: value``.  ``frames`` drives the real app headless;
``network`` times both sides of a network game on loopback;
``fifteen`` and ``connect4`` time the searches on the published benchmark sets in ``data/``;
``draughts`` times perft beside py-draughts and plays the strength matches;
``review`` times the review of a game of each game.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def report(name: str, value: str) -> None:
    print(f"{name}: {value}", flush=True)


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def percentiles(samples: list[float]) -> str:
    """p50, p99 and max of durations in seconds, shown in milliseconds."""
    return (f"p50 {quantile(samples, 0.5) * 1000:.3f} ms, p99 {quantile(samples, 0.99) * 1000:.3f} ms, "
            f"max {max(samples) * 1000:.3f} ms (n={len(samples)})")


def run(quick: bool = False) -> None:
    from . import connect4, draughts, fifteen, frames, network, othello, pegs, review

    frames.run(report, quick)
    network.run(report, quick)
    fifteen.run(report, quick)
    connect4.run(report, quick)
    pegs.run(report, quick)
    othello.run(report, quick)
    draughts.run(report, quick)
    review.run(report, quick)
