"""``snap``: run the app headless through a script of inputs and save a screenshot."""

from __future__ import annotations

import pyxel

from .app import App, boot
from .harness import Driver
from .storage import FileStorage, MemoryStorage


def snap(cartridge_class, steps: list[str], out: str, seed: int = 1, scale: int = 2, at: str = "play",
         data: str | None = None) -> None:
    """``at="play"`` opens the cartridge straight at its board; ``at="start"`` where a player starts.

    ``data`` names a folder to run on (its settings, saves, damage and all); by default a fresh store.
    """
    boot(headless=True, fps=1000)
    app = App(storage=MemoryStorage() if data is None else FileStorage(data), seed=seed)
    if cartridge_class is not None:
        app.open_cartridge(cartridge_class)
        if at == "play":
            app.cartridge.start_playing()
    driver = Driver(app)
    driver.frame()
    for step in steps:
        driver.step(step)
    driver.frame()
    pyxel.screenshot(out, scale)
