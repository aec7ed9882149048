"""``python -m pyxel_app bench --monkey N``: N random frames over every cartridge on a real data folder.

Each round damages the folder the way players do (random bytes, a folder where a
file should be, odd numbers, half-written temp files, a missing file), starts
the app on it as a fresh start would, and drives random keys, pad buttons, stick
pushes and clicks.  It prints the frames run, the exceptions (the crash guard's
count plus any that got past it: must be 0) and the worst update+draw time.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
import traceback
from pathlib import Path

from .figures import report
from .frames import TimedApp

ROUND_FRAMES = 3000
FRAME_BUDGET_MS = 1000 / 60


def files() -> list[str]:
    """Every file the app keeps: settings, each registered game's autosave and save, and the rest."""
    from ..games import GAMES

    names = ["settings.txt", "bypuzz-set.txt", "crash.log"]
    for spec in GAMES:
        names += [f"autosave-{spec.key}.txt", f"save-{spec.key}.txt"]
    return names


def _random_bytes(path: Path, rng: random.Random) -> None:
    path.write_bytes(rng.randbytes(rng.randrange(1, 400)))


def _folder_in_the_way(path: Path, rng: random.Random) -> None:
    path.unlink(missing_ok=True)
    path.mkdir()
    (path / "inside.txt").write_text("x")


def _odd_numbers(path: Path, rng: random.Random) -> None:
    number = rng.choice(("²", "٣", "9" * 5000, "-1", "1e3"))
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    lines = text.splitlines() or ["x=1"]
    index = rng.randrange(len(lines))
    key = lines[index].partition("=")[0] or "position"
    lines[index] = f"{key}={number}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _truncated(path: Path, rng: random.Random) -> None:
    data = path.read_bytes() if path.is_file() else b"game=fifteen\nstart=1,2,3"
    path.write_bytes(data[: rng.randrange(len(data) + 1)])


def _temp_file(path: Path, rng: random.Random) -> None:
    (path.parent / f".{path.name}.{rng.randrange(10**6)}.tmp").write_text("half a write")


DAMAGE = (_random_bytes, _folder_in_the_way, _odd_numbers, _truncated, _temp_file)


def damage(folder: Path, rng: random.Random) -> str:
    """Spoil one file of the folder; returns what was done, for a report on an exception."""
    path = folder / rng.choice(files())
    if path.is_dir():
        shutil.rmtree(path)
    elif rng.random() < 0.2:
        path.unlink(missing_ok=True)
        return f"removed {path.name}"
    harm = rng.choice(DAMAGE)
    harm(path, rng)
    return f"{harm.__name__[1:]} {path.name}"


class ScreenTimes(TimedApp):
    """Frame times (update+draw) kept per screen, so a slow frame names its culprit."""

    def __init__(self, app, worst: dict[str, float], worst_cpu: dict[str, float]) -> None:
        super().__init__(app)
        self.worst = worst
        self.worst_cpu = worst_cpu

    def update(self) -> None:
        self.screen = type(self.app.screen).__name__
        super().update()

    def draw(self) -> None:
        super().draw()
        self.worst[self.screen] = max(self.worst.get(self.screen, 0.0), self.samples.pop() * 1000)
        self.worst_cpu[self.screen] = max(self.worst_cpu.get(self.screen, 0.0), self.cpu_samples.pop() * 1000)


def monkey(frames: int, seed: int = 1) -> tuple[int, int, dict[str, float], dict[str, float]]:
    """(frames run, exceptions, worst frame in ms per screen: wall, CPU) for ``frames`` random frames."""
    from ..shell.harness import Driver, random_step
    from ..shell.storage import FileStorage
    from .frames import headless_app

    rng = random.Random(seed)
    run = exceptions = 0
    worst: dict[str, float] = {}
    worst_cpu: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bypuzz-monkey-") as name:
        folder = Path(name)
        while run < frames:
            what = damage(folder, rng)
            driver = None
            try:
                app = headless_app(rng.randrange(2**32), FileStorage(folder))
                driver = Driver(ScreenTimes(app, worst, worst_cpu))
                while driver.frames < min(ROUND_FRAMES, frames - run):
                    random_step(driver, rng)
                    app.quit_called = False
            except Exception:
                exceptions += 1
                print(f"exception after {what}:\n{traceback.format_exc()}", flush=True)
            run += max(1, driver.frames if driver is not None else 0)
            if driver is None:
                continue
            if app.crashes:
                exceptions += app.crashes
                print(f"crash guard caught {app.crashes} after {what}:\n{app.storage.read('crash.log')}", flush=True)
    return run, exceptions, worst, worst_cpu


def run(frames: int, seed: int = 1) -> None:
    started = time.perf_counter()
    count, exceptions, worst, worst_cpu = monkey(frames, seed)
    report("monkey seed", str(seed))
    report("monkey frames run", str(count))
    report("monkey exceptions", str(exceptions))
    worst_ms = max(worst.values(), default=0.0)
    over = "" if worst_ms <= FRAME_BUDGET_MS else f" (over the {FRAME_BUDGET_MS:.1f} ms of a frame)"
    report("monkey worst update+draw", f"{worst_ms:.3f} ms{over}")
    report("monkey worst by screen", ", ".join(f"{name} {ms:.1f} ms" for name, ms in sorted(worst.items())))
    # CPU time of this thread: what the app itself costs, whatever else the machine is doing.
    report("monkey worst update+draw CPU", f"{max(worst_cpu.values(), default=0.0):.3f} ms")
    report("monkey worst CPU by screen", ", ".join(f"{name} {ms:.1f} ms" for name, ms in sorted(worst_cpu.items())))
    report("monkey wall time", f"{time.perf_counter() - started:.1f} s")
