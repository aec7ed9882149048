"""Puzzles of the day for ``python -m pyxel_app bench``: the time to load the shipped set and
the day's puzzle per game, what the proofs cost per level, and the judge's time off the line.

Loading is what opening the puzzle mode costs (the set is read and parsed once, then a date
picks from a pool).  Judging is timed where it needs a solver: every legal move at the
player's first two turns of each pool's first puzzles (at the first turn of a two-player
puzzle the proof already knows the answer), and a hint with the line taken away, each stepped
in frames of ``STEP_MS`` as a screen steps it: the slowest answer in all (wall time), and the
slowest slice in CPU time of this thread (what a machine busy with other programs does not
inflate; a frame has 16.7 ms), without and with the garbage collector's passes that fell in it
(a full pass walks whatever every search before left alive, not what the slice does).
"""

from __future__ import annotations

import dataclasses
import gc
import statistics
import time
from datetime import date

from ..puzzles import LEVELS, VARIANTS, Attempt, daily, pools
from ..puzzles.days import DATA_FILE, forget
from ..puzzles.days import today as days_today
from .figures import report as print_report

STEP_MS = 4.0
PUZZLES_A_POOL = 6
QUICK_PUZZLES_A_POOL = 1


class Collections:
    """The CPU time the garbage collector's passes have taken since it was made (``spent``)."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.thread_time()
        else:
            self.spent += time.thread_time() - self._started


COLLECTIONS = Collections()


def stepped(work) -> tuple[float, tuple[float, float]]:
    """(seconds to the answer, (the longest slice in CPU seconds without the collector's passes,
    with them)), stepping as a frame does."""
    started, longest, whole = time.perf_counter(), 0.0, 0.0
    while not work.finished:
        before, collected = time.thread_time(), COLLECTIONS.spent
        work.step(STEP_MS)
        took = time.thread_time() - before
        longest, whole = max(longest, took - (COLLECTIONS.spent - collected)), max(whole, took)
    return time.perf_counter() - started, (longest, whole)


def judge_times(puzzle) -> tuple[list[float], list[tuple[float, float]]]:
    """The answers' seconds of every move at the player's first two turns and of a hint off the
    line, and each answer's longest slice (without and with the collector)."""
    attempt = Attempt(puzzle)
    rules = attempt.rules
    works = []
    turns = [list(puzzle.line[:ply]) for ply in (0, rules.players) if ply < len(puzzle.line)]
    for moves in turns:
        state = attempt.position(moves)
        works += [attempt.judge(moves, rules.move_to_text(move)) for move in rules.legal_moves(state)]
    blind = Attempt(dataclasses.replace(puzzle, line=puzzle.line[:1]))
    works.append(blind.hint(list(puzzle.line[:rules.players])))
    answers, slices = zip(*(stepped(work) for work in works))
    return list(answers), list(slices)


def cold_daily_ms(game: str, variant: str, level: str, day: date) -> float:
    """Milliseconds (CPU) to the day's puzzle from nothing read yet: what opening the mode costs."""
    forget()
    started = time.thread_time()
    daily(game, day, level, variant)
    return (time.thread_time() - started) * 1000


def run(report=print_report, quick: bool = False) -> None:
    forget()
    started = time.thread_time()
    loaded = pools()
    count = sum(len(pool) for pool in loaded.values())
    report("puzzles parse the whole shipped set", f"{(time.thread_time() - started) * 1000:.1f} ms CPU ({count} "
           f"puzzles, {DATA_FILE}); the mode parses one pool")
    today = days_today()
    for game, variants in VARIANTS.items():
        for variant in variants:
            cold = max(cold_daily_ms(game, variant, level, today) for level in LEVELS)
            nodes = {level: statistics.median(p.nodes for p in loaded[(game, variant, level)]) for level in LEVELS}
            report(f"puzzles {game} {variant}: the day's puzzle", f"{cold:.2f} ms CPU from nothing read; proof nodes "
                   "(median) " + ", ".join(f"{level} {nodes[level]:.0f}" for level in LEVELS))
    gc.callbacks.append(COLLECTIONS)
    try:
        for game, variants in VARIANTS.items():
            answers, slices = [], []
            for variant in variants:
                for level in LEVELS:
                    for puzzle in loaded[(game, variant, level)][:QUICK_PUZZLES_A_POOL if quick else PUZZLES_A_POOL]:
                        times, longest = judge_times(puzzle)
                        answers += times
                        slices += longest
            report(f"puzzles {game} judge and hint off the line",
                   f"median {statistics.median(answers) * 1000:.1f} ms, max {max(answers) * 1000:.0f} ms over "
                   f"{len(answers)} answers; longest step({STEP_MS:.0f} ms) {max(s[0] for s in slices) * 1000:.1f} ms "
                   f"CPU, {max(s[1] for s in slices) * 1000:.1f} ms with the collector's passes")
    finally:
        gc.callbacks.remove(COLLECTIONS)
