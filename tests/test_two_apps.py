"""Two apps on one data folder: the second asks (lock), and whatever runs unlocked (the browser's
tabs, a folder with no lock) keeps the other's settings, saves and autosaves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pyxel_app.shell import strings
from pyxel_app.shell.storage import LOCK_FILE, DataFolder, FileStorage, FolderInUse

ROOT = Path(__file__).resolve().parent.parent


def settings_of(folder: Path) -> dict[str, str]:
    text = (folder / "settings.txt").read_text(encoding="utf-8")
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


# ---- (b) settings written key by key ----


def test_an_app_started_earlier_keeps_the_others_settings_when_it_saves_one(make_app, tmp_path):
    early, _ = make_app(FileStorage(tmp_path))  # B: started first, its settings read then
    late, _ = make_app(FileStorage(tmp_path))  # A
    late.settings.set("pegs.best.english", "1/31")
    late.settings.set("puzzle.connect4.standard.easy.solved", "2026-01-10")
    early.settings.set("volume", "3")
    assert settings_of(tmp_path) == {"pegs.best.english": "1/31", "puzzle.connect4.standard.easy.solved": "2026-01-10",
                                     "volume": "3"}
    assert early.settings.get("pegs.best.english") == "1/31"  # and B sees them from now on
    late.settings.set("language", "de")  # A's next save keeps B's volume too
    assert settings_of(tmp_path)["volume"] == "3" and settings_of(tmp_path)["language"] == "de"
    strings.set_language("en")


def test_a_setting_the_other_app_changed_later_is_not_put_back_by_an_older_save(make_app, tmp_path):
    one, _ = make_app(FileStorage(tmp_path))
    two, _ = make_app(FileStorage(tmp_path))
    one.settings.set("volume", "2")
    two.settings.set("volume", "9")  # the last change of a key wins
    one.settings.set("music", "off")  # a save of another key keeps it
    assert settings_of(tmp_path) == {"volume": "9", "music": "off"}
    one.settings.drop("music")
    one.settings.save()
    assert settings_of(tmp_path) == {"volume": "9"}


# ---- (c) a write another app's start or write disturbs ----


def test_an_app_starting_while_the_other_writes_never_fails_its_save(tmp_path, monkeypatch):
    writer = FileStorage(tmp_path)
    writer.write("settings.txt", "volume=1\n")
    reports = []
    folder = DataFolder(writer, reports.append)
    real_replace = os.replace
    starts = []

    def start_between(source, target):  # the other app starts just as this one moves its file in
        if str(source).endswith(".tmp") and not starts:
            starts.append(DataFolder(FileStorage(tmp_path)))  # its start cleans what it takes for leftovers
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", start_between)
    assert folder.write("settings.txt", "volume=2\n") is True and reports == []
    assert starts and (tmp_path / "settings.txt").read_text() == "volume=2\n"
    assert sorted(os.listdir(tmp_path)) == ["settings.txt"]


def test_two_writes_of_one_file_at_once_both_land_and_leave_nothing_aside(tmp_path, monkeypatch):
    one, two = FileStorage(tmp_path), FileStorage(tmp_path)
    one.write("autosave-pegs.txt", "old")
    real_replace = os.replace
    nested = []

    def write_between(source, target):  # the other app's whole write between this one's two renames
        if str(target).endswith(".old") and not nested:
            nested.append(1)
            two.write("autosave-pegs.txt", "theirs")
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", write_between)
    one.write("autosave-pegs.txt", "mine")  # raises nothing
    assert nested and (tmp_path / "autosave-pegs.txt").read_text() == "mine"
    assert sorted(os.listdir(tmp_path)) == ["autosave-pegs.txt"]


def test_a_read_between_the_other_apps_two_renames_finds_the_old_file(tmp_path, monkeypatch):
    store = FileStorage(tmp_path)
    store.write("settings.txt", "volume=4\n")
    real_replace = os.replace
    seen = []

    def read_between(source, target):
        if str(target).endswith(".old"):
            result = real_replace(source, target)
            seen.append(FileStorage(tmp_path).read("settings.txt"))
            return result
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", read_between)
    store.write("settings.txt", "volume=5\n")
    assert seen == ["volume=4\n"]


# ---- (d) an autosave changed on disk since it was read ----


def test_an_autosave_the_other_app_changed_is_kept_in_a_slot_not_overwritten(make_app, tmp_path):
    from pyxel_app.shell.slots import Shelf

    first, first_driver = make_app(FileStorage(tmp_path), offer=False)
    first.open_cartridge("pegs")
    first_driver.run(2)
    cart = first.cartridge
    cart.start_playing()
    cart.session.play(cart.rules.legal_moves(cart.session.state)[0])
    cart.on_session_changed()
    assert cart.autosave()
    second, second_driver = make_app(FileStorage(tmp_path), offer=False)  # resumes the first app's game
    second.open_cartridge("pegs")
    second_driver.key("RETURN")
    second_driver.run(2)
    theirs = second.cartridge
    assert theirs.session.move_count == 1
    for game in (cart, cart):  # the first app plays on: two more moves, autosaved
        game.session.play(game.rules.legal_moves(game.session.state)[0])
        assert game.autosave()
    first_text = (tmp_path / "autosave-pegs.txt").read_text()
    theirs.session.play(theirs.rules.legal_moves(theirs.session.state)[-1])
    assert theirs.autosave()  # the second app's move: the first app's game goes into a slot
    slots = Shelf(second.storage, "pegs").slots()
    assert [slot.moves for slot in slots] == [3]
    assert Shelf(second.storage, "pegs").read(slots[0]).endswith(first_text)
    assert "autosave-pegs.txt" in (tmp_path / "autosave-pegs.txt").name and theirs.session.to_text() == (
        tmp_path / "autosave-pegs.txt").read_text()
    assert theirs.autosave()  # nothing changed elsewhere since: no second copy
    assert len(Shelf(second.storage, "pegs").slots()) == 1


# ---- (a) one app writes a folder ----


def test_a_second_app_on_a_locked_folder_asks_and_read_only_writes_nothing(make_app, tmp_path, screen_text):
    from pyxel_app.shell.in_use import InUseScreen

    holder, _ = make_app(FileStorage(tmp_path), lock=True)
    holder.settings.set("volume", "7")
    second, driver = make_app(FileStorage(tmp_path), lock=True)
    assert isinstance(second.screen, InUseScreen) and second.storage.holder == str(os.getpid())
    shown = screen_text(second)
    assert "already open" in shown and str(os.getpid()) in shown
    assert second.settings.get("volume") == "7"  # it reads the folder
    driver.key("O")
    driver.run(2)
    assert second.screen is second.menu and second.storage.read_only
    before = sorted(os.listdir(tmp_path)), (tmp_path / "settings.txt").read_text()
    second.settings.set("volume", "1")
    second.storage.write("slot-pegs-Mine.txt", "x")
    assert second.settings.get("volume") == "1" and second.storage.read("slot-pegs-Mine.txt") == "x"
    assert (sorted(os.listdir(tmp_path)), (tmp_path / "settings.txt").read_text()) == before


@pytest.mark.parametrize("device", ["keys", "pad", "mouse"])
def test_the_in_use_question_answers_to_keys_pad_and_mouse_in_both_languages(make_app, tmp_path, device, screen_text):
    from pyxel_app.shell import ui
    from pyxel_app.shell.in_use import CHOICES, InUseScreen

    holder, _ = make_app(FileStorage(tmp_path), lock=True)
    for language in ("en", "de"):
        holder.settings.set("language", language)
        second, driver = make_app(FileStorage(tmp_path), lock=True)
        screen = second.screen
        assert isinstance(screen, InUseScreen) and strings.language() == language
        shown = screen_text(second)
        assert all(part in shown for key in CHOICES for part, is_key in ui.split_hotkeys(strings.t(key)) if not is_key)
        if device == "keys":
            driver.key({"en": "R", "de": "N"}[language])  # retry while the other is open
        elif device == "pad":
            driver.pad("DPAD_DOWN")
            driver.pad("A")
        else:
            driver.click(screen.chooser.left + 4, screen.chooser.row_y(1) + 2)
        driver.run(1)
        assert second.screen is screen and screen.still_open and screen.chooser.index == 1
        assert strings.t("in_use.still_open") in screen_text(second)
    strings.set_language("en")


def test_retry_after_the_other_app_closed_takes_the_folder_and_its_latest_settings(make_app, tmp_path):
    holder = DataFolder(FileStorage(tmp_path), lock=True)
    (tmp_path / "settings.txt").write_text("volume=x\n")  # the second app's start mends this in memory only
    second, driver = make_app(FileStorage(tmp_path), lock=True)
    assert second.storage.read_only and second.storage.memory and (tmp_path / "settings.txt").read_text() == "volume=x\n"
    second.storage.write("bypuzz-set.txt", "kept")  # as the command line's --puzzles does
    (tmp_path / "settings.txt").write_text("volume=2\n")  # the other app's last save
    holder.held.close()  # it closes
    driver.key("RETURN")  # the settings' message first
    driver.key("R")
    driver.run(2)
    assert not second.storage.read_only and second.screen is second.menu and second.settings.get("volume") == "2"
    assert (tmp_path / "bypuzz-set.txt").read_text() == "kept" and not second.storage.memory
    second.settings.set("volume", "6")
    assert settings_of(tmp_path)["volume"] == "6"


def test_quit_on_the_in_use_question_ends_the_app(make_app, tmp_path):
    holder = DataFolder(FileStorage(tmp_path), lock=True)
    second, driver = make_app(FileStorage(tmp_path), lock=True)
    driver.key("ESCAPE")
    assert second.quit_called and holder.held is not None


HOLDER = textwrap.dedent("""
    import sys, time
    from pyxel_app.shell.storage import FileStorage
    lock = FileStorage(sys.argv[1]).lock()
    print("held", flush=True)
    time.sleep(120)
""")


def test_the_lock_holds_across_processes_and_goes_with_a_killed_holder(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(FolderInUse) as busy:
            FileStorage(tmp_path).lock()
        assert busy.value.holder == str(holder.pid)
        # The app itself in a third process: it asks and writes nothing (it would mend this file).
        (tmp_path / "settings.txt").write_text("volume=eleven\n")
        app = subprocess.run([sys.executable, "-m", "pyxel_app"], capture_output=True, text=True, timeout=120,
                             env=dict(env, SDL_AUDIODRIVER="dummy", BYPUZZ_DATA_DIR=str(tmp_path),
                                      BYPUZZ_HEADLESS_FRAMES="30"))
        assert app.returncode == 0 and "ran 30 frames headless" in app.stdout, app.stderr
        assert sorted(os.listdir(tmp_path)) == [LOCK_FILE, "settings.txt"]
        assert (tmp_path / "settings.txt").read_text() == "volume=eleven\n"
    finally:
        holder.send_signal(signal.SIGKILL)  # it dies without a word: the system lets the lock go
        holder.wait(timeout=30)
    assert (tmp_path / LOCK_FILE).read_text().strip() == str(holder.pid)  # the stale file stays ...
    assert FileStorage(tmp_path).lock() is not None  # ... and does not stop the next app


def test_the_in_use_page_keeps_its_choices_on_screen_for_a_long_folder_name(make_app, tmp_path, screen_text):
    from pyxel_app.shell import ui
    from pyxel_app.shell.in_use import CHOICES

    folder = tmp_path / ("a-long-folder-name-" * 12) / ("deeper-" * 30)
    holder = DataFolder(FileStorage(folder), lock=True)
    second, _ = make_app(FileStorage(folder), lock=True)
    screen = second.screen
    bottom = screen.chooser.row_y(len(CHOICES) - 1) + ui.CELL
    assert holder.held is not None and bottom <= (screen.FOOTER_ROW - 1) * ui.CELL
    assert str(folder)[-20:] in screen_text(second).replace(" | ", "")
