"""A bug in a cartridge's update or draw: the game is saved, the traceback goes to crash.log, the
player reads one message and is back at the menu; the app keeps running (in the browser too)."""

from __future__ import annotations

import pytest

from test_app_bypuzz import move_by_key

from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.cartridges.bypuzz.screens import PlayScreen
from pyxel_app.shell import strings
from pyxel_app.shell.menu import Menu
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.storage import FileStorage, MemoryStorage

pytestmark = pytest.mark.crashes


def playing_bypuzz(make_app, storage, web=False):
    app, driver = make_app(storage=storage, web=web)
    driver.key("RETURN")
    driver.frame()
    cart = app.cartridge
    cart.new_game(shuffle_moves=30)
    driver.frame()
    move_by_key(driver, cart)
    move_by_key(driver, cart)
    return app, driver, cart


def inject(monkeypatch, where: str) -> None:
    def broken(self, *args):
        raise RuntimeError("injected fault")

    monkeypatch.setattr(PlayScreen, where, broken)


@pytest.mark.parametrize("where", ["update", "draw"])
@pytest.mark.parametrize("web", [False, True])
def test_a_fault_in_a_cartridge_saves_logs_says_so_and_returns_to_the_menu(make_app, monkeypatch, where, web):
    storage = MemoryStorage()
    app, driver, cart = playing_bypuzz(make_app, storage, web)
    played, count = cart.state, cart.session.move_count
    storage.delete("autosave-bypuzz.txt")  # so the save below is the guard's own
    with monkeypatch.context() as patch:
        inject(patch, where)
        driver.frame()
    assert app.cartridge is None and app.screen is app.menu and isinstance(app.screen, Menu)
    assert isinstance(app.overlays[-1], Message)
    assert " ".join(app.overlays[-1].lines).startswith("Something went wrong — your game was saved.")
    log = storage.blobs["crash.log"]
    assert "Traceback" in log and "RuntimeError: injected fault" in log and "in broken" in log
    driver.key("RETURN")
    assert not app.overlays
    driver.run(3)  # the menu goes on
    app2, driver2 = make_app(storage=storage)
    assert isinstance(app2.overlays[-1], Confirm)
    driver2.key("Y")
    assert app2.cartridge.state == played and app2.cartridge.session.move_count == count


def test_the_message_in_german_and_the_log_grows(make_app, monkeypatch, tmp_path):
    app, driver, cart = playing_bypuzz(make_app, FileStorage(tmp_path))
    strings.set_language("de")
    with monkeypatch.context() as patch:
        inject(patch, "update")
        driver.frame()
        assert " ".join(app.overlays[-1].lines).startswith("Etwas ist schiefgegangen — dein Spiel wurde gespeichert.")
        driver.key("RETURN")
        driver.key("RETURN")  # back into ByPuzz: resume, and the fault again
        driver.key("J")
        driver.frame()
    assert (tmp_path / "crash.log").read_text(encoding="utf-8").count("RuntimeError: injected fault") == 2


def test_a_game_that_cannot_be_saved_says_so(make_app, monkeypatch):
    app, driver, cart = playing_bypuzz(make_app, MemoryStorage())
    monkeypatch.setattr(ByPuzz, "autosave", lambda self: False)
    with monkeypatch.context() as patch:
        inject(patch, "update")
        driver.frame()
    texts = [" ".join(overlay.lines) for overlay in app.overlays if isinstance(overlay, Message)]
    assert any(text.startswith("Something went wrong — your game could not be saved.") for text in texts)


def test_a_bug_while_reading_a_save_sets_it_aside_instead_of_crashing_every_start(make_app, monkeypatch):
    from test_data_folder import a_saved_game

    storage = MemoryStorage({"autosave-bypuzz.txt": a_saved_game()})

    def broken(self, text, meta, variant=None):
        raise KeyError("a bug")

    monkeypatch.setattr(ByPuzz, "load_start", broken)
    app, driver = make_app(storage=storage)
    assert "autosave-bypuzz.txt.bad" in storage.blobs and "KeyError" in storage.blobs["crash.log"]
    assert isinstance(app.overlays[-1], Message)


def test_ctrl_c_in_the_window_saves_the_game_and_ends_with_130_without_a_traceback(make_app, monkeypatch, capsys):
    """In the window Ctrl-C only raises a flag (a KeyboardInterrupt can come before any ``try``, and
    out of ``pyxel.run`` it prints a traceback and ends with 1); the next frame saves and ends."""
    import signal

    from pyxel_app.shell import app as app_module

    storage = MemoryStorage()
    app, driver, cart = playing_bypuzz(make_app, storage)
    storage.delete("autosave-bypuzz.txt")  # so the save below is Ctrl-C's own
    handlers, callbacks = {}, []
    monkeypatch.setattr(app_module.signal, "signal", lambda number, handler: handlers.update({number: handler}))
    monkeypatch.setattr(app_module.pyxel, "run", lambda update, draw: callbacks.extend([update, draw]))

    def exit_now(code):
        raise SystemExit(code)

    monkeypatch.setattr(app_module.os, "_exit", exit_now)
    app_module.run_window(app)
    update, draw = callbacks
    update(), draw()  # frames run as usual until Ctrl-C
    handlers[signal.SIGINT](signal.SIGINT, None)  # what the handler does inside any frame: no exception
    with pytest.raises(SystemExit) as ended:
        update()
    assert ended.value.code == 130
    assert "autosave-bypuzz.txt" in storage.blobs  # deleted above: this is the save on the way out
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_is_python_s_again_once_pyxel_has_started():
    """SDL takes Ctrl-C over when Pyxel starts (every command then ended at once with exit code 0,
    the window app without saving); boot gives it back, so it raises KeyboardInterrupt, which the
    command line turns into 130 (tested with ``solve``) and the window into a save and 130 (above)."""
    import os
    import signal
    import subprocess
    import sys

    script = ("from pyxel_app.shell.app import boot; boot(headless=True)\nimport time\n"
              "try:\n    print('ready', flush=True)\n    time.sleep(30)\nexcept KeyboardInterrupt:\n    print('interrupted')")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=dict(os.environ, SDL_AUDIODRIVER="dummy"))
    assert process.stdout.readline() == "ready\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert out == "interrupted\n" and process.returncode == 0, err


def test_a_fault_with_no_game_in_progress_does_not_say_a_game_was_saved(make_app, monkeypatch):
    from pyxel_app.cartridges.bypuzz.screens import ConfigScreen

    storage = MemoryStorage()
    app, driver = make_app(storage=storage)
    driver.key("RETURN")  # ByPuzz, at its config screen: no game yet
    driver.frame()
    assert app.cartridge is not None and app.cartridge.session is None
    with monkeypatch.context() as patch:
        patch.setattr(ConfigScreen, "draw", lambda self: 1 / 0)
        driver.frame()
    said = " ".join(app.overlays[-1].lines)
    assert said.startswith("Something went wrong.") and "saved" not in said
    assert "autosave-bypuzz.txt" not in storage.blobs
