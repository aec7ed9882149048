"""Special files never hang the app: a named pipe, a folder, a link to /dev/zero, a huge or an
unreadable file in place of any file the app reads (the list ``data_files`` the app itself uses), or
dropped on the window, or named on the command line, is refused before it is read, with a message
naming it.  Every risky read runs ``bounded``: if the bug comes back the test fails, it does not hang."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyxel_app import games
from pyxel_app.shell.app import CRASH_LOG, data_files
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.storage import BOM, MAX_FILE_BYTES, DataFolder, FileStorage, MemoryStorage, WebStorage
from special_files import BOM as BOM_BYTES
from special_files import PROBLEM, SPECIAL, UNREAD_PEAK, LocalStorage, bounded, example_of, make_fifo, peak_memory

ROOT = Path(__file__).resolve().parent.parent


def messages(app) -> str:
    return " | ".join(" ".join(o.lines) for o in app.overlays + app.waiting_dialogs if isinstance(o, Message))


class RecordingStorage(FileStorage):
    """A data folder that notes the name of every file the app reads."""

    def __init__(self, folder) -> None:
        super().__init__(folder)
        self.names_read: set[str] = set()

    def read(self, name, limit=MAX_FILE_BYTES):
        self.names_read.add(name)
        return super().read(name, limit)


# The files the app reads, a slot's name filled in: the ones to put something odd in place of.
EXAMPLES = [example_of(name) for name in data_files()]


def test_the_data_files_are_every_file_the_app_keeps():
    files = data_files()
    for spec in games.GAMES:
        assert f"autosave-{spec.key}.txt" in files and f"save-{spec.key}.txt" in files
        assert f"slot-{spec.key}-*.txt" in files
        assert f"record-{spec.key}-*.{'pdn' if spec.key == 'draughts' else 'txt'}" in files
    for name in ("settings.txt", CRASH_LOG, "bypuzz-set.txt", "pegs-board.txt", "draughts.pdn"):
        assert name in files
    assert all(0 < limit <= MAX_FILE_BYTES for limit in files.values())


@pytest.mark.parametrize("kind", SPECIAL)
def test_each_special_file_in_place_of_each_data_file_is_refused_unread(tmp_path, monkeypatch, kind):
    said = []
    folder = DataFolder(FileStorage(tmp_path), said.append, data_files())
    for name in EXAMPLES:
        SPECIAL[kind](tmp_path / name, monkeypatch)
        with bounded(), peak_memory() as peak:
            assert folder.read(name) is None
            assert peak() < UNREAD_PEAK  # refused before it was read: never a file's worth in memory
        assert name in said[-1] and PROBLEM[kind] in said[-1], said[-1]
        assert os.path.lexists(tmp_path / f"{name}.bad") and not os.path.lexists(tmp_path / name)  # set aside, kept


def test_the_crash_log_appended_to_a_pipe_is_set_aside_and_written(tmp_path):
    said = []
    make_fifo(tmp_path / CRASH_LOG, None)
    folder = DataFolder(FileStorage(tmp_path), said.append, data_files())
    with bounded():
        assert folder.append(CRASH_LOG, "the report\n", 1000)
    assert (tmp_path / CRASH_LOG).read_text() == "the report\n"
    assert (tmp_path / f"{CRASH_LOG}.bad").is_fifo() and "named pipe" in said[0]


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_byte_order_mark_is_read_as_nothing_in_every_data_file(tmp_path, name):
    (tmp_path / name).write_bytes(BOM_BYTES + b"x=1\n")
    memory = MemoryStorage({name: BOM + "x=1\n"})
    for backend in (FileStorage(tmp_path), memory):
        assert DataFolder(backend, limits=data_files()).read(name) == "x=1\n"


def test_a_stored_text_bigger_than_its_format_allows_is_set_aside_in_memory_and_the_browser(monkeypatch):
    local = LocalStorage({WebStorage.PREFIX + "pegs-board.txt": "o" * 5000, WebStorage.PREFIX + "settings.txt": BOM + "a=1\n"})
    monkeypatch.setitem(sys.modules, "js", type(sys)("js"))
    sys.modules["js"].localStorage = local
    for backend in (WebStorage(), MemoryStorage({"pegs-board.txt": "o" * 5000, "settings.txt": BOM + "a=1\n"})):
        said = []
        folder = DataFolder(backend, said.append, data_files())
        assert folder.read("pegs-board.txt") is None and "more than 4096 bytes" in said[0]
        assert folder.read("settings.txt") == "a=1\n"
        assert "pegs-board.txt.bad" in backend.names()


@pytest.mark.parametrize("kind", SPECIAL)
def test_the_app_with_a_special_file_in_place_of_every_data_file_goes_on(make_app, tmp_path, monkeypatch, kind):
    """Start (settings, every autosave), open every game (its own files), Load in each (its slots and
    the old save), Import in each (its records, draughts' old PDN file), the crash log."""
    from pyxel_app.shell.export_page import ExportPage
    from pyxel_app.shell.slot_page import SlotPage

    for name in EXAMPLES:
        SPECIAL[kind](tmp_path / name, monkeypatch)
    storage = RecordingStorage(tmp_path)
    with bounded():
        app, driver = make_app(storage=storage)
        for spec in games.GAMES:
            app.open_cartridge(spec)
            driver.frame()
            cart = app.cartridge
            for open_page in (cart.load_game, cart.import_record):
                open_page()
                page = next(overlay for overlay in app.overlays if isinstance(overlay, SlotPage))
                for _ in range(10):  # the pages read their rows a frame at a time
                    driver.frame()
                assert page.slots == [] and isinstance(page, ExportPage) == (open_page == cart.import_record)  # each set aside
                app.overlays.remove(page)
            app.leave_cartridge(ask=False)
            driver.frame()
        app.log_crash("a report\n")
    # The list is whole: every file read is on it, and every file on it was read.
    assert {name for name in storage.names_read if not any(fnmatch.fnmatchcase(name, listed) for listed in data_files())} == set()
    assert set(EXAMPLES) == storage.names_read
    said = messages(app)
    for name in EXAMPLES:
        assert name in said
        assert os.path.lexists(tmp_path / f"{name}.bad") and not os.path.lexists(tmp_path / name) or name == CRASH_LOG
    assert PROBLEM[kind] in said
    monkeypatch.undo()
    assert "a report" in (tmp_path / CRASH_LOG).read_text()
    assert isinstance(app.storage.backend, FileStorage)  # the folder itself stays in use


def good_file(game: str) -> str:
    if game == "bypuzz":
        return "\n".join(["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 0"] * 10) + "\n"
    return "ooo\no.o\nooo\n"


def drop(app, driver, monkeypatch, path) -> None:
    import pyxel

    monkeypatch.setattr(pyxel, "dropped_files", [str(path)], raising=False)
    driver.frame()
    monkeypatch.setattr(pyxel, "dropped_files", [], raising=False)


@pytest.mark.parametrize("kind", list(SPECIAL) + ["bom"])
@pytest.mark.parametrize("game", ["bypuzz", "pegs"])
def test_a_special_file_dropped_on_the_window_is_refused_before_it_is_read(make_app, tmp_path, monkeypatch, game, kind):
    app, driver = make_app()
    app.open_cartridge(game)
    driver.frame()
    driver.frame()
    cart = app.cartridge
    path = tmp_path / "dropped.txt"
    if kind == "bom":
        path.write_bytes(BOM_BYTES + good_file(game).encode())
    else:
        SPECIAL[kind](path, monkeypatch)
    with bounded(), peak_memory() as peak:
        drop(app, driver, monkeypatch, path)
        assert peak() < UNREAD_PEAK or kind == "bom"
    if kind == "bom":
        stored = "bypuzz-set.txt" if game == "bypuzz" else "pegs-board.txt"
        assert app.storage.read(stored) == good_file(game)  # loaded, the mark read as nothing
    else:
        assert "dropped.txt" in messages(app) and PROBLEM[kind] in messages(app)
        assert app.cartridge is cart


def run_cli(*args, data: Path):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), BYPUZZ_DATA_DIR=str(data),
               BYPUZZ_HEADLESS_FRAMES="2")
    return subprocess.run([sys.executable, "-m", "pyxel_app", *args], capture_output=True, text=True, env=env,
                          timeout=60, cwd=data)


@pytest.mark.parametrize("option", ["--input", "--puzzles", "--out"])
def test_a_pipe_named_on_the_command_line_is_refused_at_once(tmp_path, option):
    make_fifo(tmp_path / "pipe.png", None)
    pipe = str(tmp_path / "pipe.png")
    args = {
        "--input": ["snap", "bypuzz", "--input", pipe, "--out", str(tmp_path / "shot")],
        "--puzzles": ["play", "bypuzz", "--puzzles", pipe],
        "--out": ["snap", "bypuzz", "--input", "RETURN", "--out", pipe],
    }[option]
    result = run_cli(*args, data=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "pipe.png" in result.stderr and "named pipe" in result.stderr
    assert (tmp_path / "pipe.png").is_fifo()


@pytest.mark.parametrize("kind", SPECIAL)
def test_command_line_files_are_read_bounded(tmp_path, monkeypatch, kind):
    from pyxel_app.__main__ import UsageError, read_text_file

    path = tmp_path / "file.txt"
    SPECIAL[kind](path, monkeypatch)
    with bounded(), pytest.raises(UsageError, match=PROBLEM[kind]):
        read_text_file(str(path), "--input", 16 * 1024)
    assert read_text_file(str(tmp_path / "no such file"), "--input", 1024) is None


def test_a_data_folder_that_is_a_pipe_runs_in_memory(make_app, tmp_path):
    make_fifo(tmp_path / "data", None)
    with bounded():
        app, driver = make_app(storage=FileStorage(tmp_path / "data"))
    assert "nothing is saved" in messages(app) and not app.storage.lasting


def test_a_good_save_with_a_byte_order_mark_is_offered(make_app, tmp_path):
    from test_data_folder import AUTOSAVE, a_saved_game

    (tmp_path / AUTOSAVE).write_bytes(BOM_BYTES + a_saved_game().encode())
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert isinstance(app.overlays[-1], Confirm) and not messages(app)


# Files that read no player's file: the app's own package data, the check that --out or --record can be written,
# and the repository's broker configuration and the broker's log (a desktop tool of the tests and the bench).
NOT_PLAYERS_FILES = {"ai/__init__.py", "cartridges/bypuzz/sets.py", "cli.py", "net/local_broker.py", "puzzles/days.py"}


def test_every_file_a_player_can_give_is_read_through_the_one_bounded_reader():
    import ast

    package = ROOT / "pyxel_app"
    readers = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where == "shell/storage.py" or where.startswith("bench/") or where in NOT_PLAYERS_FILES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func
                if (isinstance(called, ast.Name) and called.id == "open") or (
                        isinstance(called, ast.Attribute) and called.attr in ("read_bytes", "read_text", "readall")
                        and not (isinstance(called.value, ast.Name) and called.value.id == "storage")):
                    readers.append(f"{where}:{node.lineno}")
    assert readers == []


def test_the_readme_names_each_files_limit():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for limit in set(data_files().values()):
        assert (f"{limit >> 20} MiB" if limit % (1 << 20) == 0 else f"{limit >> 10} KiB") in readme
