"""``python -m pyxel_app bench``: frame times, start-up time, package size, solver and AI figures.

Timings live here, never in tests, and nothing here goes into the .pyxapp: a desktop tool.
Each figure is one line ``name: value``.  ``frames`` drives the real app headless;
``network`` times both sides of a network game on loopback, ``flood`` the host's frames while the
other side floods it (LAN and by code), ``broker`` a move through a local mosquitto and a thousand
rooms at once;
``fifteen`` and ``connect4`` time the searches on the published benchmark sets in ``data/``;
``draughts`` times perft beside py-draughts and plays the strength matches;
``review`` times the review of a game of each game; ``searches`` replays every search that
keeps a table on fixed positions against the moves, scores and node counts on record;
``insight`` the frames of every game while the evaluation (W) and the review page (K) work on screen;
``puzzles`` the puzzles of the day's loading and judging, ``puzzle_frames`` their mode's opening
and frames on screen; ``long_files`` the frames while the longest records and saves the formats
allow are imported, resumed and listed.
"""

from __future__ import annotations

from .figures import report


def run(quick: bool = False) -> None:
    from . import (broker, connect4, draughts, fifteen, flood, frames, insight, long_files, network, othello, pegs,
                   puzzle_frames, puzzles, review, searches)

    frames.run(report, quick)
    network.run(report, quick)
    flood.run(report, quick)
    broker.run(report, quick)
    broker.limits(report, quick)
    fifteen.run(report, quick)
    connect4.run(report, quick)
    pegs.run(report, quick)
    othello.run(report, quick)
    draughts.run(report, quick)
    review.run(report, quick)
    searches.run(report, quick)
    insight.run(report, quick)
    puzzles.run(report, quick)
    puzzle_frames.run(report, quick)
    long_files.run(report, quick)
