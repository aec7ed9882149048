"""``python -m pyxel_app bench``: frame times, start-up time, package size, solver and AI figures.

Timings live here, never in tests, and nothing here goes into the .pyxapp: a desktop tool.
Each figure is one line ``name: value``.  ``frames`` drives the real app headless;
``network`` times both sides of a network game on loopback;
``fifteen`` and ``connect4`` time the searches on the published benchmark sets in ``data/``;
``draughts`` times perft beside py-draughts and plays the strength matches;
``review`` times the review of a game of each game; ``puzzles`` the puzzles of the day's loading
and judging.
"""

from __future__ import annotations

from .figures import report


def run(quick: bool = False) -> None:
    from . import connect4, draughts, fifteen, frames, network, othello, pegs, puzzles, review

    frames.run(report, quick)
    network.run(report, quick)
    fifteen.run(report, quick)
    connect4.run(report, quick)
    pegs.run(report, quick)
    othello.run(report, quick)
    draughts.run(report, quick)
    review.run(report, quick)
    puzzles.run(report, quick)
