"""One headless Pyxel per test process; every app test gets a fresh App on in-memory storage."""

from __future__ import annotations

import os
import traceback

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# LAN announcements (net/lan.py) stay on loopback in every test and every app a test starts.
os.environ["BYPUZZ_LAN"] = "127.0.0.1:42719"


@pytest.fixture(scope="session")
def pyxel_screen():
    import pyxel

    from pyxel_app.shell.app import boot

    cwd = os.getcwd()
    patch = pytest.MonkeyPatch()
    # The real pyxel.quit() ends the whole pytest process with exit code 0.
    patch.setattr(pyxel, "quit", lambda: None)
    boot(headless=True, fps=1000)
    os.chdir(cwd)
    yield pyxel
    patch.undo()
    os.chdir(cwd)


@pytest.fixture(autouse=True)
def collector_let_go():
    """A test's app may end with a long job held half-way: the collector it held off is the
    process's, so it is given back for the next test (an app's end is the process's in play)."""
    yield
    from pyxel_app.shell.frame_budget import COLLECTOR

    COLLECTOR.reset()


@pytest.fixture
def make_app(pyxel_screen, request, monkeypatch):
    from pyxel_app.shell import strings
    from pyxel_app.shell.app import App
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.storage import MemoryStorage

    # The crash guard's reports, not the apps: a test that makes many (84, a hypothesis example
    # each) would keep them all, and no app that lives lets the next one freeze what it runs on.
    reports = []
    recover = App.recover

    def recording(app):
        reports.append(traceback.format_exc())
        recover(app)

    monkeypatch.setattr(App, "recover", recording)

    def make(storage=None, seed=7, web=False, network=False, **options):
        # Network play only where a test asks for it: random input must not open real ports.
        strings.set_language("en")
        app = App(storage=storage if storage is not None else MemoryStorage(), seed=seed, web=web, network=network,
                  **options)
        driver = Driver(app)
        driver.frame()
        return app, driver

    yield make
    strings.set_language("en")
    release_all(pyxel_screen)
    # The crash guard turns a bug into a message: no test may pass over one unless it means to.
    if request.node.get_closest_marker("crashes") is None:
        assert not reports, reports[0]


@pytest.fixture
def screen_text(pyxel_screen, monkeypatch):
    """``screen_text(app)``: every string the app prints in one frame, joined by " | "."""
    from pyxel_app.shell import ui

    def printed_by(app) -> str:
        printed = []
        real_text = ui.text
        monkeypatch.setattr(ui, "text", lambda x, y, s, col=0: printed.append(s) or real_text(x, y, s, col))
        try:
            app.draw()
        finally:
            monkeypatch.setattr(ui, "text", real_text)
        return " | ".join(printed)

    return printed_by


def release_all(pyxel) -> None:
    for name in dir(pyxel):
        if name.startswith("KEY_") or name.startswith("GAMEPAD1_BUTTON_") or name.startswith("MOUSE_BUTTON_"):
            pyxel.set_btn(getattr(pyxel, name), False)
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTX, 0)
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTY, 0)
    # Off the screen: a pointer left over a menu row would choose that row in the next test.
    pyxel.set_mouse_pos(0, 0)
