"""``python -m pyxel_app bench``: frame times, start-up time, package size and solver figures.

Timings live here, never in tests.  Each figure is one line ``name: value``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FRAME_SAMPLES = 1000


def report(name: str, value: str) -> None:
    print(f"{name}: {value}", flush=True)


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return f"p50 {pick(0.5) * 1000:.3f} ms, p99 {pick(0.99) * 1000:.3f} ms, max {ordered[-1] * 1000:.3f} ms (n={len(ordered)})"


class TimedApp:
    """Wraps an App so the harness's frames record update+draw time (flip excluded)."""

    def __init__(self, app) -> None:
        self.app = app
        self.samples: list[float] = []

    def update(self) -> None:
        self._start = time.perf_counter()
        self.app.update()

    def draw(self) -> None:
        self.app.draw()
        self.samples.append(time.perf_counter() - self._start)


def headless_app(seed: int, storage=None):
    """A fresh App (on in-memory storage unless told) in the one headless Pyxel; a bench never quits itself."""
    import pyxel

    from .shell.app import App, boot
    from .shell.storage import MemoryStorage

    boot(headless=True, fps=1000)
    pyxel.quit = lambda: None
    return App(storage=storage if storage is not None else MemoryStorage(), seed=seed)


def frame_times(open_cartridge: bool, frames: int, seed: int) -> list[float]:
    from .shell.harness import Driver

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
    from .ai.fifteen import optimal_length
    from .cartridges.bypuzz import ByPuzz
    from .rules.fifteen import RULES, STANDARD_GOAL

    app.overlays.clear()
    app.open_cartridge(ByPuzz)
    cart = app.cartridge
    if start is None:
        tiles = RULES.shuffled(STANDARD_GOAL, 40, app.rng).tiles
        cart.play(tiles, optimal_length(tiles), check_run=False)
    else:
        cart.play(start, None, check_run=False)


# Korf's instances 1 and 3 (57 and 59 moves): the solver has seconds of work on each.
THINKING_INSTANCES = (1, 3)


def thinking_frame_times(frames: int) -> list[float]:
    """ByPuzz frames while the solver works on the par and on hints (H pressed now and then)."""
    from .shell.harness import Driver

    app = headless_app(3)
    from .ai.fifteen_bench import korf_instances

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


def startup_seconds() -> float:
    package_parent = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, BYPUZZ_HEADLESS_FRAMES="1", SDL_AUDIODRIVER="dummy", PYTHONPATH=path)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pyxel_app"], env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def pyxapp_size() -> int:
    from .build import build

    with tempfile.TemporaryDirectory() as folder:
        app, _ = build(Path(folder))
        return app.stat().st_size


def run(quick: bool = False) -> None:
    frames = 200 if quick else FRAME_SAMPLES
    report("menu update+draw", percentiles(frame_times(False, frames, 1)))
    report("bypuzz update+draw (no search running)", percentiles(frame_times(True, frames, 2)))
    report("bypuzz update+draw while thinking (hint/par)", percentiles(thinking_frame_times(frames)))
    report("start-up to first frame (fresh process)", f"{startup_seconds():.3f} s")
    report(".pyxapp size", f"{pyxapp_size() / 1024:.1f} KiB")
    for module in ("fifteen_bench", "connect4_bench"):
        try:
            bench = __import__(f"pyxel_app.ai.{module}", fromlist=["run"])
        except ImportError:
            continue
        bench.run(report, quick=quick)
