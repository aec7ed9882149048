"""The data folder as a new player damages it: unreadable files, folders in the way, a read-only or
missing folder, a full disk, numbers no parser should take.  Play always goes on, with a message
naming the file; a file that cannot be used is set aside, never deleted and never overwritten."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.cartridges.bypuzz.screens import ConfigScreen, PlayScreen
from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL
from pyxel_app.session import Session
from pyxel_app.shell.menu import Menu
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.storage import MAX_BAD_COPIES, DataFolder, FileStorage, MemoryStorage

AUTOSAVE = "autosave-bypuzz.txt"
BEST = "bypuzz.best.123456789abcdef0.easy"


def message_text(app) -> str:
    """Every message showing or waiting its turn, one after another."""
    messages = [overlay for overlay in app.overlays + app.waiting_dialogs if isinstance(overlay, Message)]
    assert messages, app.overlays
    return " | ".join(" ".join(message.lines) for message in messages)


def a_saved_game(moves: int = 2) -> str:
    start = RULES.shuffled(STANDARD_GOAL, 20, __import__("random").Random(1))
    session = Session(RULES, start, {"goal": ",".join(map(str, STANDARD_GOAL)), "level": "easy"})
    for _ in range(moves):
        session.play(RULES.legal_moves(session.state)[0])
    return session.to_text()


def read_only(monkeypatch) -> None:
    """As on a read-only disk: nothing can be created, replaced or removed (chmod does not stop root)."""

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "unlink", refuse)
    monkeypatch.setattr("tempfile.mkstemp", refuse)


def test_an_autosave_of_random_bytes_is_set_aside_and_not_offered(make_app, tmp_path):
    (tmp_path / AUTOSAVE).write_bytes(bytes(range(256)) * 4)
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert not any(isinstance(overlay, Confirm) for overlay in app.overlays)
    assert AUTOSAVE in message_text(app) and "UTF-8" in message_text(app)
    assert (tmp_path / (AUTOSAVE + ".bad")).read_bytes() == bytes(range(256)) * 4
    assert not (tmp_path / AUTOSAVE).exists()
    app2, _ = make_app(storage=FileStorage(tmp_path))
    assert not app2.overlays


def test_a_folder_where_the_autosave_should_be_is_set_aside(make_app, tmp_path):
    (tmp_path / AUTOSAVE).mkdir()
    (tmp_path / AUTOSAVE / "inside.txt").write_text("the player's")
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert AUTOSAVE in message_text(app)
    assert (tmp_path / (AUTOSAVE + ".bad") / "inside.txt").read_text() == "the player's"
    driver.key("RETURN")
    assert isinstance(app.screen, Menu) and not app.overlays


def test_a_save_that_does_not_replay_is_set_aside_and_not_offered_again(make_app, tmp_path):
    (tmp_path / AUTOSAVE).write_text(a_saved_game() + "move=99\n")
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert not any(isinstance(overlay, Confirm) for overlay in app.overlays)
    assert "there is no tile" in message_text(app) or "not a tile" in message_text(app)
    assert (tmp_path / (AUTOSAVE + ".bad")).exists() and not (tmp_path / AUTOSAVE).exists()
    driver.key("RETURN")
    assert isinstance(app.cartridge.screen, ConfigScreen)


def test_a_good_autosave_is_still_offered_and_resumed(make_app, tmp_path):
    (tmp_path / AUTOSAVE).write_text(a_saved_game())
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    driver.frame()
    assert isinstance(app.cartridge.screen, PlayScreen) and app.cartridge.session.move_count == 2


def test_a_read_only_folder_never_stops_play(make_app, tmp_path, monkeypatch):
    (tmp_path / AUTOSAVE).write_text(a_saved_game(1))
    (tmp_path / "settings.txt").write_bytes(b"language=\xff\n")
    read_only(monkeypatch)
    app, driver = make_app(storage=FileStorage(tmp_path))
    # The settings cannot be read nor set aside: said, and left alone.
    assert "settings.txt" in message_text(app) and "left alone" in message_text(app)
    assert (tmp_path / "settings.txt").read_bytes() == b"language=\xff\n"
    while isinstance(app.overlays[-1], Message):  # dialogs come one at a time; the resume question last
        driver.key("RETURN")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("N")  # "fresh" keeps the old save until the first move: nothing to delete yet
    driver.frame()
    cart = app.cartridge
    cart.new_game(shuffle_moves=10)
    driver.frame()
    cart.session.play(RULES.legal_moves(cart.state)[0])
    cart.after_move()  # the first move replaces the autosave: it cannot be written
    assert AUTOSAVE in message_text(app) and "read-only" in message_text(app)
    while app.overlays:
        driver.key("RETURN")
    cart.undo()  # back to 0 moves: the autosave would be deleted
    driver.frame()
    assert cart.session.move_count == 0 and not app.overlays  # the problem was said once
    app.cycle_language()
    assert app.language == "de" and app.settings.get("language") == "de"
    # What could not be written is kept for the rest of the session.
    assert "language=de" in app.storage.read("settings.txt")


def test_a_full_disk_says_so_once_and_the_next_good_write_clears_it(tmp_path, monkeypatch):
    said = []
    folder = DataFolder(FileStorage(tmp_path), said.append)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", full)
        assert not folder.write("a.txt", "1") and not folder.write("b.txt", "2")
        assert folder.read("a.txt") == "1"
    assert len(said) == 1 and "a.txt" in said[0] and "the disk is full" in said[0]
    assert os.listdir(tmp_path) == []  # no temp files left behind
    assert folder.write("a.txt", "3") and (tmp_path / "a.txt").read_text() == "3"


def test_a_data_folder_that_cannot_exist_means_play_in_memory_said_once(make_app, tmp_path):
    (tmp_path / "data").write_text("a file where the folder should be")
    app, driver = make_app(storage=FileStorage(tmp_path / "data"))
    assert "data" in message_text(app) and "nothing is saved" in message_text(app)
    driver.key("RETURN")
    driver.key("L")
    assert app.language == "de" and not app.overlays
    assert (tmp_path / "data").read_text() == "a file where the folder should be"


def test_set_aside_never_overwrites_an_earlier_copy_and_keeps_a_bounded_number(tmp_path):
    storage = FileStorage(tmp_path)
    names = []
    for number in range(MAX_BAD_COPIES + 2):
        storage.write("settings.txt", f"copy {number}\n")
        names.append(storage.set_aside("settings.txt"))
    assert names[:3] == ["settings.txt.bad", "settings.txt.1.bad", "settings.txt.2.bad"]
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert len(kept) == MAX_BAD_COPIES
    assert (tmp_path / names[-1]).read_text() == f"copy {MAX_BAD_COPIES + 1}\n"
    assert not (tmp_path / names[0]).exists()  # the oldest went


def test_a_second_bad_settings_file_keeps_the_first_copy(make_app, tmp_path):
    (tmp_path / "settings.txt").write_bytes(b"\xfe first")
    make_app(storage=FileStorage(tmp_path))
    (tmp_path / "settings.txt").write_bytes(b"\xfe second")
    make_app(storage=FileStorage(tmp_path))
    assert (tmp_path / "settings.txt.bad").read_bytes() == b"\xfe first"
    assert (tmp_path / "settings.txt.1.bad").read_bytes() == b"\xfe second"


def test_temp_files_of_an_interrupted_write_go_at_the_next_start(make_app, tmp_path):
    (tmp_path / ".settings.txt.abc123.tmp").write_text("half")
    (tmp_path / "notes.tmp").write_text("not ours")
    make_app(storage=FileStorage(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["notes.tmp"]


def test_a_write_never_renames_onto_an_existing_file(tmp_path, monkeypatch):
    """ext4 writes a file's blocks out at once when a rename lands on an existing file (3-12 ms in a frame)."""
    landed_on = []
    replace = os.replace

    def watched(source, target):
        landed_on.append(os.path.exists(target))
        replace(source, target)

    monkeypatch.setattr(os, "replace", watched)
    store = FileStorage(tmp_path)
    for text in ("one", "two", "three"):
        store.write("settings.txt", text)
    assert store.read("settings.txt") == "three" and os.listdir(tmp_path) == ["settings.txt"]
    assert landed_on and not any(landed_on)


def test_a_write_stopped_between_its_renames_is_undone_at_the_next_start(make_app, tmp_path):
    (tmp_path / ".settings.txt.old").write_text("language=de\n")  # the old file, aside; the new one never came
    (tmp_path / ".autosave-bypuzz.txt.old").write_text("older")  # the new one came: the old one goes
    (tmp_path / AUTOSAVE).write_text(a_saved_game())
    app, _ = make_app(storage=FileStorage(tmp_path))
    assert sorted(os.listdir(tmp_path)) == sorted([AUTOSAVE, "settings.txt"])
    assert app.settings.get("language") == "de"


def test_a_failed_rename_puts_the_old_file_back(tmp_path, monkeypatch):
    store = FileStorage(tmp_path)
    store.write("settings.txt", "old")
    replace = os.replace

    def refuse_the_new_one(source, target):
        if str(source).endswith(".tmp"):
            raise OSError(errno.EIO, "Input/output error")
        replace(source, target)

    monkeypatch.setattr(os, "replace", refuse_the_new_one)
    with pytest.raises(OSError):
        store.write("settings.txt", "new")
    assert os.listdir(tmp_path) == ["settings.txt"] and store.read("settings.txt") == "old"


def test_a_folder_with_a_temp_name_leaves_the_data_folder_usable(make_app, tmp_path):
    (tmp_path / ".settings.txt.old").mkdir()
    (tmp_path / ".x.tmp").mkdir()
    app, _ = make_app(storage=FileStorage(tmp_path))
    assert isinstance(app.storage.backend, FileStorage)


@pytest.mark.parametrize(
    "bad_line, problem",
    [
        ("language=fr", "language"),
        (f"{BEST}=²", BEST[:12]),
        (f"{BEST}={'9' * 5000}", BEST[:12]),
        ("bypuzz.mouse=maybe", "bypuzz.mouse"),
        ("bypuzz.level=impossible", "bypuzz.level"),
        ("bypuzz.target=11", "bypuzz.target"),
        ("key.up=NOSUCHKEY", "key.up"),
        ("garbage without an equals sign", "line 3"),
    ],
)
def test_one_bad_setting_falls_back_alone_and_best_scores_stay(make_app, bad_line, problem):
    other_best = "bypuzz.best.123456789abcdef0.hard"
    text = f"sound=off\n{other_best}=52\n{bad_line}\nbypuzz.tiles=picture1\n"
    storage = MemoryStorage({"settings.txt": text})
    app, driver = make_app(storage=storage)
    assert problem in message_text(app) and len(app.overlays) == 1
    assert app.settings.get(other_best) == "52" and app.settings.get("bypuzz.tiles") == "picture1"
    assert not app.settings.get_bool("sound", True)
    assert storage.blobs["settings.txt.bad"] == text
    assert bad_line.split("=")[0] not in storage.blobs["settings.txt"]
    app2, _ = make_app(storage=storage)
    assert not app2.overlays  # repaired once, then quiet
    driver.key("RETURN")
    driver.key("RETURN")
    assert isinstance(app.cartridge, ByPuzz) and app.cartridge.best(level="hard") == 52


def test_settings_of_random_bytes_are_set_aside_whole(make_app, tmp_path):
    (tmp_path / "settings.txt").write_bytes(b"language=de\n\x80\x81")
    app, _ = make_app(storage=FileStorage(tmp_path))
    assert "settings.txt" in message_text(app) and "settings.txt.bad" in message_text(app)
    assert app.language == "en"


@pytest.mark.parametrize("number", ["²", "9" * 5000, "٣"])
def test_odd_numbers_in_a_save_are_refused_not_crashed_on(make_app, number):
    storage = MemoryStorage({AUTOSAVE: a_saved_game() + f"position={number}\n"})
    app, driver = make_app(storage=storage)
    assert "position" in message_text(app)
    assert AUTOSAVE + ".bad" in storage.blobs


@pytest.mark.parametrize("number", ["²", "9" * 5000, "٣"])
def test_dropping_a_puzzle_set_with_odd_numbers_keeps_the_game(make_app, tmp_path, number):
    app, driver = make_app()
    driver.key("RETURN")
    cart = app.cartridge
    cart.new_game(shuffle_moves=10)
    before = cart.state
    lines = ["1 2 3 4", f"5 6 7 {number}", "9 10 11 12", "13 14 15 0"] + ["1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"] * 9
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert not cart.load_set_file(str(path))
    assert "line 2" in message_text(app)
    assert app.cartridge is cart and cart.state == before


def test_a_stored_puzzle_set_with_odd_numbers_is_set_aside(make_app):
    lines = ["1 2 3 4", "5 6 7 ²", "9 10 11 12", "13 14 15 0"] * 10
    storage = MemoryStorage({"bypuzz-set.txt": "\n".join(lines)})
    app, driver = make_app(storage=storage)
    driver.key("RETURN")
    assert "bypuzz-set.txt" in message_text(app)
    assert "bypuzz-set.txt.bad" in storage.blobs


def test_the_readme_describes_the_data_folder():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for words in ("crash.log", "NAME.1.bad", "$BYPUZZ_DATA_DIR"):
        assert words in readme


@pytest.mark.parametrize("leftover", [".settings.txt.abc123.tmp", ".settings.txt.old"])
def test_a_read_only_folder_with_a_leftover_still_offers_the_save_and_reads_the_settings(make_app, tmp_path, monkeypatch,
                                                                                        leftover):
    (tmp_path / AUTOSAVE).write_text(a_saved_game())
    (tmp_path / "settings.txt").write_text("language=de\n")
    (tmp_path / leftover).write_text("half a write")
    read_only(monkeypatch)
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert isinstance(app.storage.backend, FileStorage) and app.settings.get("language") == "de"
    assert isinstance(app.overlays[-1], Confirm) and not app.waiting_dialogs  # the save offered, nothing else said
    assert (tmp_path / leftover).read_text() == "half a write"  # what could not be cleaned stays


def test_a_read_only_folder_whose_settings_are_still_aside_reads_them_there(make_app, tmp_path, monkeypatch):
    (tmp_path / ".settings.txt.old").write_text("language=de\n")  # a write cut short; the start cannot put it back
    read_only(monkeypatch)
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert app.language == "de" and not app.overlays


def test_a_folder_without_search_permission_is_said_once(make_app, tmp_path, monkeypatch):
    """A normal user's folder without execute permission: it lists, but no file in it opens."""
    from special_files import no_search_permission

    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.txt").write_text("language=de\n")
    (folder / AUTOSAVE).write_text(a_saved_game())
    if os.geteuid() == 0:  # permissions do not stop root: the system's refusals, as a normal user meets them
        no_search_permission(monkeypatch, folder)
    else:
        folder.chmod(0o600)
    try:
        app, driver = make_app(storage=FileStorage(folder))
    finally:
        folder.chmod(0o700)
    shown = [o for o in app.overlays + app.waiting_dialogs if isinstance(o, Message)]
    assert len(shown) == 1, message_text(app)
    # a path longer than a line is broken where the line ends: its pieces read on without a space
    assert str(folder) in "".join(shown[0].lines) and "permission denied" in message_text(app)
    assert "settings.txt" not in message_text(app) and AUTOSAVE not in message_text(app)
    driver.key("RETURN")
    app.cycle_language()  # play goes on, in memory, without another word
    assert app.language == "de" and not app.overlays


def test_settings_with_a_byte_order_mark_keep_every_setting(make_app, tmp_path):
    (tmp_path / "settings.txt").write_bytes(b"\xef\xbb\xbflanguage=de\nsound=off\n")
    app, driver = make_app(storage=FileStorage(tmp_path))
    assert app.language == "de" and not app.settings.get_bool("sound", True) and not app.overlays


@pytest.mark.parametrize("invisible", ["\ufeff", "\u200b", "\u00a0"])
def test_a_setting_whose_key_hides_a_character_is_said_not_dropped_silently(make_app, invisible):
    storage = MemoryStorage({"settings.txt": f"sound=off\nlan{invisible}guage=de\n"})
    app, driver = make_app(storage=storage)
    assert "lan" in message_text(app) and "odd characters" in message_text(app)
    assert not app.settings.get_bool("sound", True)
    assert storage.blobs["settings.txt.bad"] == f"sound=off\nlan{invisible}guage=de\n"


def test_a_huge_copy_number_never_lets_two_damages_share_a_name(make_app, tmp_path):
    huge = "settings.txt.99999999999999999999.bad"
    (tmp_path / huge).write_text("the huge one")
    for damage in (b"\xfe first", b"\xfe second", b"\xfe third"):
        (tmp_path / "settings.txt").write_bytes(damage)
        make_app(storage=FileStorage(tmp_path))
    kept = {path.read_bytes() for path in tmp_path.iterdir() if path.name.endswith(".bad")}
    assert kept == {b"the huge one", b"\xfe first", b"\xfe second", b"\xfe third"}  # none overwritten


def test_copies_past_a_huge_number_keep_the_five_newest(tmp_path):
    storage = FileStorage(tmp_path)
    storage.write("settings.txt.99999999999999999999.bad", "huge")
    storage.write("settings.txt.3.bad", "three")
    names = []
    for number in range(MAX_BAD_COPIES + 2):
        storage.write("settings.txt", f"copy {number}")
        names.append(storage.set_aside("settings.txt"))
        assert storage.read(names[-1]) == f"copy {number}"  # the newest copy is the highest number
    kept = sorted((int(name.split(".")[2]), storage.read(name)) for name in storage.names())
    assert [text for _, text in kept] == [f"copy {number}" for number in range(2, MAX_BAD_COPIES + 2)]
    assert all(len(name) < 40 for name in storage.names())


def test_renumbering_never_lands_on_a_copy_with_the_same_number_written_otherwise():
    names = ["settings.txt.bad", "settings.txt.0.bad", "settings.txt.01.bad", "settings.txt.1.bad",
             "settings.txt.123456789.bad"]
    storage = MemoryStorage({name: name for name in names})
    storage.blobs["settings.txt"] = "new damage"
    storage.set_aside("settings.txt")
    assert sorted(storage.blobs.values()) == sorted(names + ["new damage"])  # every copy kept, none overwritten
