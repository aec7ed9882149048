"""Frames of every registered game while the engines' knowledge works on screen: the evaluation
(W) following a game played a random move at a time, then the review page (K) of that game.

Each frame's update + draw is timed (wall and the CPU time of this thread), so a slice that runs
over the frame's think budget shows here; the tests only check the budget each slice is given.
"""

from __future__ import annotations

import random
import time

from .figures import percentiles, quantile
from .frames import FRAME_S, TimedApp, headless_app

MOVE_EVERY = 90  # frames between two moves: an evaluation is mostly found in between
QUICK_FRAMES, FRAMES = 300, 1200
REVIEW_FRAME_LIMIT = 60 * 120


def play_a_move(cart, rng: random.Random) -> None:
    """A random legal move through the game's own path (the match's submit, else the session)."""
    state = cart.session.state
    moves = cart.rules.legal_moves(state)
    if cart.rules.outcome(state) is not None or not moves:
        return
    move = rng.choice(sorted(moves, key=cart.rules.move_to_text))
    if hasattr(cart, "submit"):
        cart.submit(cart.rules.move_to_text(move))
    else:
        cart.session.play(move)
        cart.on_session_changed()
        cart.after_move()


def insight_frame_times(key: str, frames: int, seed: int = 6) -> tuple[TimedApp, TimedApp]:
    """The timings of ``frames`` frames with the evaluation on, and of the review's frames."""
    from ..shell.harness import Driver

    app = headless_app(seed)
    app.open_cartridge(key)
    cart = app.cartridge
    cart.start_playing()
    rng = random.Random(seed)
    evaluating = TimedApp(app)
    driver = Driver(evaluating)
    driver.key("W")
    while len(evaluating.samples) < frames:
        if driver.frames % MOVE_EVERY == 0:
            play_a_move(cart, rng)
        driver.frame()
    reviewing = TimedApp(app)
    driver = Driver(reviewing)
    driver.key("K")
    while cart.insight.review is not None and driver.frames < REVIEW_FRAME_LIMIT:
        driver.frame()
    return evaluating, reviewing


def figures(timed: TimedApp) -> str:
    late = sum(1 for sample in timed.samples if sample > FRAME_S)
    return (f"{percentiles(timed.samples)}, {late} over {FRAME_S * 1000:.1f} ms; "
            f"CPU time p99 {quantile(timed.cpu_samples, 0.99) * 1000:.3f} ms, max {max(timed.cpu_samples) * 1000:.3f} ms")


def run(report, quick: bool = False) -> None:
    from ..games import GAMES

    for spec in GAMES:
        started = time.perf_counter()
        evaluating, reviewing = insight_frame_times(spec.key, QUICK_FRAMES if quick else FRAMES)
        report(f"{spec.key} update+draw with the evaluation on (W)", figures(evaluating))
        report(f"{spec.key} update+draw while the review works (K), {len(reviewing.samples)} frames",
               figures(reviewing) + f"; both {time.perf_counter() - started:.1f} s")
