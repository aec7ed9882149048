"""``snap``: run the app headless through a script of inputs and save a screenshot."""

from __future__ import annotations

import pyxel

from .app import App, boot
from .harness import Driver
from .storage import MemoryStorage


def snap(spec, steps: list[str], out: str, seed: int = 1, scale: int = 2, at: str = "play") -> None:
    """``at="play"`` opens the cartridge straight at its board; ``at="start"`` where a player starts."""
    boot(headless=True, fps=1000)
    app = App(storage=MemoryStorage(), seed=seed)
    if spec is not None:
        app.open_cartridge(spec)
        if at == "play":
            app.cartridge.start_playing()
    driver = Driver(app)
    driver.frame()
    for step in steps:
        driver.step(step)
    driver.frame()
    pyxel.screenshot(out, scale)
