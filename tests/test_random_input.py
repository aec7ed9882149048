"""A long random-input run through menu, help, confirm, pause menu and ByPuzz: no exception."""

from __future__ import annotations

import random

from pyxel_app.shell.harness import random_input
from pyxel_app.shell.overlays import Confirm, Help, PauseMenu

FRAMES = 10_000


def test_ten_thousand_random_frames(make_app):
    app, driver = make_app(seed=11)
    seen = set()

    def note():
        seen.add(type(app.overlays[-1]).__name__ if app.overlays else type(app.screen).__name__)
        if app.quit_called:  # pyxel.quit is replaced in tests; the app must still be usable
            app.quit_called = False

    random_input(driver, random.Random(2024), FRAMES, note)
    assert driver.frames >= FRAMES
    assert {"Menu", "ByPuzz", Help.__name__, Confirm.__name__, PauseMenu.__name__} <= seen
