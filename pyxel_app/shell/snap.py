"""``snap``: run the app headless through a script of inputs and save a screenshot."""

from __future__ import annotations

import contextlib
import os
import secrets

import pyxel

from .app import App, boot
from .harness import Driver, interruptible
from .storage import FileStorage, MemoryStorage


def picture_name(out: str) -> str:
    """The file Pyxel writes for ``out``: it adds ``.png`` unless the name already ends so."""
    return out if out.lower().endswith(".png") else out + ".png"


def snap_app(spec, seed: int = 1, at: str = "play", data: str | None = None) -> App:
    """The app a ``snap`` run drives: at the menu, or in the cartridge ``spec`` (which offers a
    saved game of ``data`` itself, so the menu behind it offers none)."""
    app = App(storage=MemoryStorage() if data is None else FileStorage(data), seed=seed, offer=spec is None)
    if spec is not None:
        app.open_cartridge(spec)
        if at == "play" and app.cartridge is not None:  # else a saved game in ``data`` is offered first
            app.cartridge.start_playing()
    return app


def snap(spec, steps: list[str], out: str, seed: int = 1, scale: int = 2, at: str = "play",
         data: str | None = None) -> tuple[str, str | None]:
    """``at="play"`` opens the cartridge straight at its board; ``at="start"`` where a player starts.

    ``data`` names a folder to run on (its settings, saves, damage and all); by default a fresh store.
    A script that quits the app ends the run there and the picture is the last frame.
    Returns the name of the file written and the step that quit (None if none did).
    """
    boot(headless=True, fps=1000)
    real_quit, pyxel.quit = pyxel.quit, lambda: None  # the real one would end the process, picture unwritten
    try:
        with interruptible() as guard:
            app = guard.app = snap_app(spec, seed, at, data)
            driver = Driver(app)
            driver.frame()
            quit_step = None
            for number, step in enumerate(steps, 1):
                driver.step(step)
                if app.quit_called:
                    quit_step = f"step {number} ({step})"
                    break
            else:
                driver.frame()
            if app.cartridge is not None:
                app.cartridge.close()  # a network game hosted or joined lets go of its port
    finally:
        pyxel.quit = real_quit
    return save_picture(out, scale), quit_step


def save_picture(out: str, scale: int) -> str:
    """The screen as the PNG ``picture_name(out)``, exactly that name: Pyxel names its file itself
    (and fails on one such as ``.png``), so it writes a temporary file beside it, moved in whole."""
    path = picture_name(out)
    # Not mkstemp: Pyxel creates the file, so it gets the usual permissions, not mkstemp's 0600.
    temporary = os.path.join(os.path.dirname(path), f".snap-{os.getpid()}-{secrets.token_hex(4)}.png")
    try:
        pyxel.screenshot(temporary, scale)
        os.replace(temporary, path)
    except Exception as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise error if isinstance(error, OSError) else OSError(f"{path}: {error}") from None
    return path
