"""Frames of every game's puzzle of the day on screen: the time the mode takes to open, then each
frame's update + draw while a wrong first move is judged and taken back, the solution is shown,
and the solution is played move by move (each judged, the defence answering).

The day is fixed (DAY), one on which every game's easy puzzle has a wrong first move; the
harder levels' puzzles of that day are played as they come.
"""

from __future__ import annotations

import time
from datetime import date

from .frames import TimedApp, headless_app
from .insight import figures

DAY = date(2026, 1, 10)
FRAME_LIMIT = 20_000  # a run that does not end by then is cut (and its frames still count)


def puzzle_frames(game: str, variant: str, level: str) -> tuple[float, TimedApp]:
    """(seconds to open the puzzle, the timed frames of its wrong move, solution shown and solved)."""
    from ..games import find
    from ..puzzles import Attempt
    from ..shell.harness import Driver, ScriptError, wrong_first_move
    from ..shell.puzzle_open import puzzle_cartridge

    app = headless_app(7)
    started = time.perf_counter()
    cart = app.cartridge = puzzle_cartridge(app, find(game), variant, level, DAY)
    app.go_to(cart)
    opened = time.perf_counter() - started
    timed = TimedApp(app)
    driver = Driver(timed)
    mode = cart.puzzle_mode

    def settle() -> None:
        while (mode.working or cart.puzzle_busy() or mode.showing is not None) and driver.frames < FRAME_LIMIT:
            driver.frame()

    driver.frame()
    try:
        cart.play_as_player(wrong_first_move(Attempt(mode.puzzle)))  # found apart: the mode learns nothing
        settle()
        driver.key("Z")
    except ScriptError:
        pass  # every first move does the task
    driver.key("S")
    settle()
    cart.puzzle_restart()
    mode.changed()
    line = mode.puzzle.line
    while not mode.solved and len(cart.puzzle_moves()) < len(line) and driver.frames < FRAME_LIMIT:
        cart.play_as_player(line[len(cart.puzzle_moves())])
        settle()
    return opened, timed


def run(report, quick: bool = False) -> None:
    from ..puzzles import LEVELS, VARIANTS

    for game, variants in VARIANTS.items():
        for variant in variants:
            for level in LEVELS[:1] if quick else LEVELS:
                opened, timed = puzzle_frames(game, variant, level)
                report(f"puzzle mode {game} {variant} {level}: opens in {opened * 1000:.1f} ms, "
                       f"{len(timed.samples)} frames", figures(timed))
