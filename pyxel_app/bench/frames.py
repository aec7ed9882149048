"""Frames of the real app, driven headless: update + draw timed, ``pyxel.flip()`` excluded.

The menu, ByPuzz with and without the solver at work, Connect 4 while the computer
thinks; also the start-up time of a fresh process and the size of the .pyxapp.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .figures import percentiles, quantile

FRAME_SAMPLES = 1000


class TimedApp:
    """Wraps an App so the harness's frames record update+draw time (flip excluded): wall
    time, and the CPU time of this thread, which a busy machine's other work does not inflate."""

    def __init__(self, app) -> None:
        self.app = app
        self.samples: list[float] = []
        self.cpu_samples: list[float] = []

    def update(self) -> None:
        self._start, self._cpu_start = time.perf_counter(), time.thread_time()
        self.app.update()

    def draw(self) -> None:
        self.app.draw()
        self.samples.append(time.perf_counter() - self._start)
        self.cpu_samples.append(time.thread_time() - self._cpu_start)


def headless_app(seed: int, storage=None, network: bool = False):
    """A fresh App (on in-memory storage unless told) in the one headless Pyxel; a bench never quits itself.
    Network play only when asked: random frames must not open ports or look up typed names."""
    import pyxel

    from ..shell.app import App, boot
    from ..shell.storage import MemoryStorage

    boot(headless=True, fps=1000)
    pyxel.quit = lambda: None
    return App(storage=storage if storage is not None else MemoryStorage(), seed=seed, network=network)


def frame_times(open_cartridge: bool, frames: int, seed: int) -> list[float]:
    from ..shell.harness import Driver

    app = headless_app(seed)
    if open_cartridge:
        open_bypuzz_play(app)
    timed = TimedApp(app)
    driver = Driver(timed)
    rng = random.Random(seed)
    if open_cartridge:
        keys = ("UP", "DOWN", "LEFT", "RIGHT", "Z", "Y")
        while driver.frames < frames:
            driver.key(rng.choice(keys))
            if app.cartridge is None or app.overlays:
                app.overlays.clear()
                if app.cartridge is None:
                    open_bypuzz_play(app)
    else:
        while driver.frames < frames:
            driver.key(rng.choice(("UP", "DOWN", "L")))
    return timed.samples


def open_bypuzz_play(app, start=None) -> None:
    """Open ByPuzz past its config and choice screens, straight onto a shuffled board.

    With no ``start``, a shuffled board whose par is already known, so no search runs
    in the background: the plain screen's cost.  With ``start``, the par is searched.
    """
    from ..ai.fifteen import optimal_length
    from ..rules.fifteen import RULES, STANDARD_GOAL

    app.overlays.clear()
    app.open_cartridge("bypuzz")
    cart = app.cartridge
    if start is None:
        tiles = RULES.shuffled(STANDARD_GOAL, 40, app.rng).tiles
        cart.play(tiles, optimal_length(tiles), check_run=False)
    else:
        cart.play(start, None, check_run=False)


# Korf's instances 1 and 3 (57 and 59 moves): the solver has seconds of work on each.
THINKING_INSTANCES = (1, 3)


def bypuzz_thinking_frame_times(frames: int) -> list[float]:
    """ByPuzz frames while the solver works on the par and on hints (H pressed now and then)."""
    from ..shell.harness import Driver
    from .fifteen import korf_instances

    app = headless_app(3)

    starts = [tiles for number, _, tiles in korf_instances() if number in THINKING_INSTANCES]
    samples: list[float] = []
    for start in starts:
        open_bypuzz_play(app, start)
        cart = app.cartridge
        timed = TimedApp(app)
        driver = Driver(timed)
        count = 0
        while len(timed.samples) < frames // len(starts) and cart.searcher.thinking:
            count += 1
            if count % 40 == 0:
                driver.key("H")
            elif count % 15 == 0:
                driver.key("LEFT")
            else:
                driver.frame()
        samples += timed.samples
    return samples


# Seeded hard starts for the time to the first hint; a player's seconds are frames at 60 fps,
# and a frame that takes longer than one of them is late.
HINT_SEEDS = (1, 2, 3, 4, 5, 6, 7)
QUICK_HINT_SEEDS = (7,)
FRAME_S = 1 / 60
HINT_FRAME_LIMIT = 60 * 120


def first_hint_on_hard(seed: int) -> tuple[int, int, TimedApp]:
    """Preview -> shuffle -> build -> check run -> H on the first frame of play, as a player does.

    Returns (frames from the first frame of play to the hint shown, frames the check run and
    the shuffle took before that, the timings of every frame from the shuffle on).
    """
    from ..cartridges.bypuzz.screens import PlayScreen
    from ..rules.fifteen import STANDARD_GOAL
    from ..shell.harness import Driver

    app = headless_app(seed)
    app.overlays.clear()
    app.open_cartridge("bypuzz")
    cart = app.cartridge
    cart.level = "hard"
    cart.begin(STANDARD_GOAL)
    timed = TimedApp(app)
    driver = Driver(timed)
    driver.frame()
    driver.key("RETURN")  # the preview: shuffle
    playing = lambda: isinstance(cart.screen, PlayScreen) and not cart.screen.checking  # noqa: E731
    while not playing():
        driver.frame()
        if driver.frames > HINT_FRAME_LIMIT:
            raise RuntimeError(f"seed {seed}: play never started")
    before = driver.frames
    driver.key("H")
    while cart.screen.hint_cell is None:
        driver.frame()
        if driver.frames - before > HINT_FRAME_LIMIT:
            raise RuntimeError(f"seed {seed}: no hint after {HINT_FRAME_LIMIT} frames")
    # The hint shows in the update of the frame counted last; H itself took the first.
    return driver.frames - before, before, timed


def hint_on_hard_figures(seeds) -> tuple[str, str]:
    """(median and per-seed seconds of frames to the first hint, frame times meanwhile)."""
    import statistics

    results, samples, cpu_samples = [], [], []
    for seed in seeds:
        frames, before, timed = first_hint_on_hard(seed)
        results.append((seed, frames, before))
        samples += timed.samples
        cpu_samples += timed.cpu_samples
    median = statistics.median(frames for _, frames, _ in results) * FRAME_S
    each = ", ".join(f"seed {seed} {frames * FRAME_S:.1f} s (+{before * FRAME_S:.1f} s shuffle and check run)"
                     for seed, frames, before in results)
    late = sum(1 for sample in samples if sample > FRAME_S)
    times = (f"{percentiles(samples)}, {late} over {FRAME_S * 1000:.1f} ms; "
             f"CPU time p99 {quantile(cpu_samples, 0.99) * 1000:.3f} ms")
    return f"median {median:.1f} s of frames; {each}", times


def startup_seconds() -> float:
    package_parent = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, BYPUZZ_HEADLESS_FRAMES="1", SDL_AUDIODRIVER="dummy", PYTHONPATH=path)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pyxel_app"], env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def pyxapp_size() -> int:
    from ..build import build

    with tempfile.TemporaryDirectory() as folder:
        app, _ = build(Path(folder))
        return app.stat().st_size


def match_thinking_frame_times(key: str, games: int = 2, seed: int = 5,
                               max_frames: int | None = None, cpu: list[float] | None = None) -> list[float]:
    """Seconds of update + draw of every frame in which the computer thinks, in a registered
    two-player game against its top level (``cpu`` gets each one's CPU time of this thread).  The person's seat is played by a middle level
    through the same move path; games alternate who starts, as the match layer does."""
    import pyxel

    from ..games import find
    from ..shell.match import MODE_COMPUTER

    spec = find(key)
    app = headless_app(seed)
    app.open_cartridge(spec)
    cart = app.cartridge
    cart.mode, cart.level = MODE_COMPUTER, spec.levels[-1]
    cart.names, cart.colours = ["", ""], list(spec.colours[:2])
    person_level = spec.levels[len(spec.levels) // 2]
    rng = random.Random(seed)
    samples: list[float] = []
    for game in range(games):
        cart.new_game(other_side_starts=game > 0)
        while (not cart.over or cart.view.busy(cart.ui)) and (max_frames is None or len(samples) < max_frames):
            thinking = cart.thinking
            start, cpu_start = time.perf_counter(), time.thread_time()
            app.update()
            app.draw()
            spent, cpu_spent = time.perf_counter() - start, time.thread_time() - cpu_start
            pyxel.flip()
            if thinking or cart.thinking:
                samples.append(spent)
                if cpu is not None:
                    cpu.append(cpu_spent)
            if not cart.over and not cart.view.busy(cart.ui) and not cart.agent_to_move():
                result = spec.engine(cart.state, person_level, rng).run_to_end()
                cart.submit(spec.rules.move_to_text(result.move))
    app.leave_cartridge(ask=False)
    return samples


def run(report, quick: bool = False) -> None:
    frames = 200 if quick else FRAME_SAMPLES
    report("menu update+draw", percentiles(frame_times(False, frames, 1)))
    report("bypuzz update+draw (no search running)", percentiles(frame_times(True, frames, 2)))
    report("bypuzz update+draw while thinking (hint/par)", percentiles(bypuzz_thinking_frame_times(frames)))
    hint, times = hint_on_hard_figures(QUICK_HINT_SEEDS if quick else HINT_SEEDS)
    report("bypuzz first hint on hard, H at the first frame of play", hint)
    report("bypuzz update+draw from the shuffle to that hint", times)
    from ..games import GAMES
    from ..shell.match import THINK_MS_PER_FRAME

    for spec in GAMES:
        if spec.is_match and spec.engine is not None:
            cpu: list[float] = []
            samples = match_thinking_frame_times(spec.key, games=1 if quick else 3, max_frames=300 if quick else None,
                                                 cpu=cpu)
            late = sum(1 for sample in cpu if sample > FRAME_S)
            report(f"{spec.key} update+draw while the computer thinks (at most {THINK_MS_PER_FRAME:g} ms a frame)",
                   f"{percentiles(samples)}; CPU time p99 {quantile(cpu, 0.99) * 1000:.3f} ms, "
                   f"max {max(cpu) * 1000:.3f} ms, {late} over {FRAME_S * 1000:.1f} ms")
    report("start-up to first frame (fresh process)", f"{startup_seconds():.3f} s")
    report(".pyxapp size", f"{pyxapp_size() / 1024:.1f} KiB")
