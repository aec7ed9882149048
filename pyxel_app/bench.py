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


def frame_times(open_cartridge: bool, frames: int, seed: int) -> list[float]:
    from .shell.app import App, boot
    from .shell.harness import Driver, random_input
    from .shell.storage import MemoryStorage

    boot(headless=True, fps=1000)
    import pyxel

    pyxel.quit = lambda: None
    app = App(storage=MemoryStorage(), seed=seed)
    if open_cartridge:
        app.open_cartridge(app.cartridges[0])
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
                    app.open_cartridge(app.cartridges[0])
    else:
        while driver.frames < frames:
            driver.key(rng.choice(("UP", "DOWN", "L")))
    return timed.samples


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
    report("bypuzz update+draw", percentiles(frame_times(True, frames, 2)))
    report("start-up to first frame (fresh process)", f"{startup_seconds():.3f} s")
    report(".pyxapp size", f"{pyxapp_size() / 1024:.1f} KiB")
    for module in ("fifteen_bench", "connect4_bench"):
        try:
            bench = __import__(f"pyxel_app.ai.{module}", fromlist=["run"])
        except ImportError:
            continue
        bench.run(report, quick=quick)
