"""Named save slots in every game: saved and loaded by keys alone, by pad alone and by mouse;
writing over, deleting and loading over a game in progress each ask; the old single save shows
and loads; a damaged slot is named (its line, in the player's language) and set aside while the
others still load; the browser's localStorage keeps them; the limits are said on screen."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyxel_app import games
from pyxel_app.shell import strings
from pyxel_app.shell.glyphs import GLYPHS
from pyxel_app.shell.keyboard import NAME_FORBIDDEN, NAME_MAX, keyboard_keys
from pyxel_app.shell.overlays import Confirm, Message, PauseMenu
from pyxel_app.shell.slot_page import SlotPage
from pyxel_app.shell.slots import MAX_SLOTS, Shelf, decode, encode, name_of, slot_file, usable_name
from pyxel_app.shell.storage import FileStorage, MemoryStorage, WebStorage
from special_files import LocalStorage
from test_no_game_lost import game_of, play_moves

GAMES = [spec.key for spec in games.GAMES]
NAME_LETTERS = "".join(sorted(ch for ch in GLYPHS if ch.isprintable() and ch not in NAME_FORBIDDEN))


def open_board(make_app, key: str, storage=None, language: str = "en", **options):
    """``key``'s board, straight at play (a match between two named people), a few moves made."""
    app, driver = make_app(storage=storage, **options)
    strings.set_language(language)
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    if cart.spec.is_match:
        cart.names = ["Anna", "Bert"]
        cart.new_game()
    driver.frame()
    play_moves(cart, random.Random(key), 2)
    driver.run(2)
    return app, driver, cart


def players(cart) -> tuple:
    return (tuple(cart.names), cart.mode) if cart.spec.is_match else ()


def press(driver, pad: bool, key: str, button: str) -> None:
    driver.pad(button) if pad else driver.key(key)


def menu_entry(app, driver, label: str, pad: bool = False) -> None:
    """The game menu's entry ``label``, reached with the arrows (the d-pad) and chosen."""
    press(driver, pad, "TAB", "START")
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    for _ in menu.entries:
        if menu.entries[menu.chooser.index][0] == label:
            break
        press(driver, pad, "DOWN", "DPAD_DOWN")
    assert menu.entries[menu.chooser.index][0] == label
    press(driver, pad, "RETURN", "A")


def page_of(app) -> SlotPage:
    page = app.overlays[-1]
    assert isinstance(page, SlotPage)
    return page


def to_row(app, driver, name: str, pad: bool = False) -> None:
    """The page's highlight on the slot ``name`` (the old save's label for it), moved by the arrows."""
    page = page_of(app)
    for _ in page.rows:
        row = page.rows[page.chooser.index]
        if row is not None and page.label(row) == name:
            return
        press(driver, pad, "DOWN", "DPAD_DOWN")
    raise AssertionError(f"no row {name!r} in {[row and page.label(row) for row in page.rows]}")


def clear_name(driver, page: SlotPage, pad: bool = False) -> None:
    for _ in range(len(page.entry.typed)):
        press(driver, pad, "BACKSPACE", "B")
    assert page.entry.typed == ""


def save_as(app, driver, name: str, pad: bool = False) -> None:
    """Save, "New slot ...", the offered name wiped and ``name`` typed (picked on the on-screen
    keyboard with a pad), done."""
    menu_entry(app, driver, strings.t("pause.save"), pad)
    page = page_of(app)
    assert page.saving and page.rows[0] is None and page.chooser.index == 0
    press(driver, pad, "RETURN", "A")
    entry = page.entry
    assert entry is not None and entry.typed == strings.t("slots.default_name", n=1)
    clear_name(driver, page, pad)
    if pad:
        keys = [key for key, *_ in keyboard_keys()]
        for letter in name:
            target = keys.index(letter.upper())
            while entry.index != target:
                driver.pad("DPAD_RIGHT" if entry.index % 10 != target % 10 else "DPAD_DOWN")
            driver.pad("A")
        driver.pad("START")
    else:
        driver.text(name)
        driver.key("RETURN")


def after_jobs(app, driver, most: int = 600) -> None:
    """Frames until no long work's box is on top: a record or save read on a slow frame shows its
    progress first (``shell/jobs.py``), and what it leads to comes when it ends."""
    from pyxel_app.shell.jobs import JobBox

    for _ in range(most):
        if not (app.overlays and isinstance(app.overlays[-1], JobBox)):
            return
        driver.frame()


def answer(app, driver, yes: bool, pad: bool = False) -> str:
    """Answer the question shown (once any long reading before it has ended); its words."""
    after_jobs(app, driver)
    question = app.overlays[-1]
    assert isinstance(question, Confirm)
    words = " ".join(question.lines)
    if pad:
        if question.yes_selected != yes:
            driver.pad("DPAD_LEFT")
        driver.pad("A")
    else:
        driver.key("Y" if yes else "N")
    return words


@pytest.mark.parametrize("pad", [False, True], ids=["keys", "pad"])
@pytest.mark.parametrize("key", GAMES)
def test_a_slot_saved_and_loaded_by_keys_or_pad_alone_brings_back_the_moves_and_players(make_app, key, pad):
    app, driver, cart = open_board(make_app, key)
    saved, who = game_of(cart.session), players(cart)
    save_as(app, driver, "A", pad)
    assert not app.overlays and cart.message == strings.t("slots.saved", name="A")
    assert app.storage.read(slot_file(key, "A")).startswith("# saved=")
    if cart.spec.is_match:  # other players, another game
        cart.names = ["Carl", "Dora"]
        cart.new_game()
    play_moves(cart, random.Random(1), 2)
    driver.run(2)
    assert game_of(cart.session) != saved
    menu_entry(app, driver, strings.t("pause.load"), pad)
    to_row(app, driver, "A", pad)
    press(driver, pad, "RETURN", "A")
    assert answer(app, driver, True, pad) == strings.t("slots.confirm.load", name="A")
    assert not app.overlays and game_of(cart.session) == saved and players(cart) == who
    assert cart.message == strings.t("slots.loaded", name="A")


@pytest.mark.parametrize("key", ["connect4", "pegs"])
def test_loading_over_a_game_in_progress_asks_and_no_keeps_it_and_the_page(make_app, key):
    app, driver, cart = open_board(make_app, key)
    save_as(app, driver, "A")
    play_moves(cart, random.Random(2), 1)
    game = game_of(cart.session)
    menu_entry(app, driver, strings.t("pause.load"))
    driver.key("RETURN")
    answer(app, driver, False)
    assert game_of(cart.session) == game and isinstance(app.overlays[-1], SlotPage)
    assert [slot.name for slot in page_of(app).slots] == ["A"]
    driver.key("ESCAPE")
    assert not app.overlays and game_of(cart.session) == game


def test_a_slot_loads_without_a_question_when_no_game_is_in_progress(make_app):
    app, driver, cart = open_board(make_app, "connect4")
    save_as(app, driver, "A")
    saved = game_of(cart.session)
    cart.new_game()
    menu_entry(app, driver, strings.t("pause.load"))
    driver.key("RETURN")
    assert not app.overlays and game_of(cart.session) == saved


def test_writing_over_a_slot_asks_and_no_keeps_it(make_app):
    app, driver, cart = open_board(make_app, "othello")
    save_as(app, driver, "Anna")
    first = app.storage.read(slot_file("othello", "Anna"))
    play_moves(cart, random.Random(3), 1)
    menu_entry(app, driver, strings.t("pause.save"))
    to_row(app, driver, "Anna")
    driver.key("RETURN")
    assert answer(app, driver, False) == strings.t("slots.confirm.overwrite", name="Anna")
    assert app.storage.read(slot_file("othello", "Anna")) == first and isinstance(app.overlays[-1], SlotPage)
    driver.key("RETURN")
    answer(app, driver, True)
    assert not app.overlays and app.storage.read(slot_file("othello", "Anna")) != first
    # A name typed that a slot has, capitals aside, is that slot: asked too, and the slot keeps its name.
    second = app.storage.read(slot_file("othello", "Anna"))
    menu_entry(app, driver, strings.t("pause.save"))
    driver.key("RETURN")
    page = page_of(app)
    clear_name(driver, page)
    driver.text("anna")
    driver.key("RETURN")
    assert answer(app, driver, False) == strings.t("slots.confirm.overwrite", name="Anna")
    assert page.entry is not None and page.entry.typed == "anna"  # back to the name, nothing written
    assert app.storage.read(slot_file("othello", "Anna")) == second
    assert [slot.name for slot in Shelf(app.storage, "othello").slots()] == ["Anna"]


@pytest.mark.parametrize("how", ["DELETE", "BACKSPACE", "pad X"])
def test_deleting_a_slot_asks_and_no_keeps_it(make_app, how):
    app, driver, cart = open_board(make_app, "draughts")
    save_as(app, driver, "A")
    save_as(app, driver, "B")
    menu_entry(app, driver, strings.t("pause.load"))
    to_row(app, driver, "A")

    def delete() -> None:
        driver.pad("X") if how == "pad X" else driver.key(how)

    delete()
    assert answer(app, driver, False) == strings.t("slots.confirm.delete", name="A")
    assert {slot.name for slot in page_of(app).slots} == {"A", "B"}
    delete()
    answer(app, driver, True)
    page = page_of(app)
    assert [slot.name for slot in page.slots] == ["B"] and page.note == strings.t("slots.deleted", name="A")
    assert app.storage.read(slot_file("draughts", "A")) is None and app.storage.read(slot_file("draughts", "B"))


def test_the_old_save_shows_as_old_and_loads(make_app):
    app, driver, cart = open_board(make_app, "connect4")
    old = game_of(cart.session)
    app.storage.write("save-connect4.txt", cart.session.to_text())  # as the game menu's Save wrote it
    cart.new_game()
    menu_entry(app, driver, strings.t("pause.save"))
    assert [row for row in page_of(app).rows if row is not None] == []  # Save never writes to it
    driver.key("ESCAPE")
    menu_entry(app, driver, strings.t("pause.load"))
    page = page_of(app)
    assert [page.label(slot) for slot in page.slots] == [strings.t("slots.old")] and page.slots[0].moves == 2
    driver.key("RETURN")
    assert not app.overlays and game_of(cart.session) == old


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_damaged_slot_is_named_with_its_line_set_aside_and_the_others_still_load(make_app, language):
    app, driver, cart = open_board(make_app, "connect4", language=language)
    save_as(app, driver, "Good")
    good = game_of(cart.session)
    save_as(app, driver, "Bad")
    bad = slot_file("connect4", "Bad")
    text = app.storage.read(bad).splitlines()
    line = next(number for number, row in enumerate(text, 1) if row.startswith("move="))
    text[line - 1] = "move=9"
    app.storage.write(bad, "\n".join(text) + "\n")
    cart.new_game()
    menu_entry(app, driver, strings.t("pause.load"))
    to_row(app, driver, "Bad")
    driver.key("RETURN")
    message = app.overlays[-1]
    assert isinstance(message, Message)
    said = " ".join(message.lines)
    assert bad in said and f"{bad}.bad" in said
    assert strings.t("error.line", n=line, text=strings.t("error.save.move", move="9", problem="")) in said
    assert ("Zeile" in said and "line" not in said) if language == "de" else "line" in said
    driver.key("RETURN")
    page = page_of(app)
    assert [slot.name for slot in page.slots] == ["Good"]
    assert app.storage.backend.blobs.get(f"{bad}.bad") and bad not in app.storage.backend.blobs
    driver.key("RETURN")
    assert not app.overlays and game_of(cart.session) == good


def test_a_folder_in_place_of_a_slot_is_set_aside_and_the_list_shows_the_others(make_app, tmp_path):
    app, driver, cart = open_board(make_app, "pegs", storage=FileStorage(tmp_path))
    save_as(app, driver, "Mine")
    (tmp_path / slot_file("pegs", "Odd")).mkdir()
    menu_entry(app, driver, strings.t("pause.load"))
    assert isinstance(app.overlays[-1], Message) and slot_file("pegs", "Odd") in " ".join(app.overlays[-1].lines)
    driver.key("RETURN")
    assert [slot.name for slot in page_of(app).slots] == ["Mine"]
    assert (tmp_path / f"{slot_file('pegs', 'Odd')}.bad").is_dir()


def test_the_browser_keeps_slots_in_local_storage(make_app, monkeypatch):
    local = LocalStorage()
    monkeypatch.setitem(sys.modules, "js", type(sys)("js"))
    sys.modules["js"].localStorage = local
    app, driver, cart = open_board(make_app, "othello", storage=WebStorage(), web=True)
    saved = game_of(cart.session)
    save_as(app, driver, "Jörg 2")
    assert WebStorage.PREFIX + slot_file("othello", "Jörg 2") in local
    again, again_driver = make_app(storage=WebStorage(), web=True, offer=False)
    again.open_cartridge("othello")
    again_driver.key("N")  # not the autosave: a new game, then the slot
    again.cartridge.start_playing()
    again_driver.frame()
    assert [slot.name for slot in Shelf(again.storage, "othello").slots()] == ["Jörg 2"]
    menu_entry(again, again_driver, strings.t("pause.load"))
    again_driver.key("RETURN")
    assert game_of(again.cartridge.session) == saved


def test_a_full_shelf_says_so_and_opens_no_name(make_app):
    app, driver, cart = open_board(make_app, "connect4")
    shelf = Shelf(app.storage, "connect4")
    for number in range(MAX_SLOTS):
        shelf.save(f"S{number}", cart.session.to_text(), "2025-01-01 10:00")
    menu_entry(app, driver, strings.t("pause.save"))
    page = page_of(app)
    assert page.full and len(page.slots) == MAX_SLOTS
    driver.key("RETURN")
    assert page.entry is None and page.note == strings.t("slots.full", n=MAX_SLOTS)
    driver.key("DOWN")
    driver.key("DELETE")
    answer(app, driver, True)
    assert not page.full
    driver.key("UP")
    driver.key("RETURN")
    assert page.entry is not None


def test_a_name_is_at_most_twelve_letters_and_never_empty(make_app):
    app, driver, cart = open_board(make_app, "connect4")
    menu_entry(app, driver, strings.t("pause.save"))
    driver.key("RETURN")
    page = page_of(app)
    clear_name(driver, page)
    driver.text("Thirteen lett")
    assert page.entry.typed == "Thirteen let" and page.note == strings.t("match.name_too_long", n=NAME_MAX)
    clear_name(driver, page)
    driver.key("RETURN")
    assert page.entry is not None and page.note == strings.t("slots.no_name")
    driver.key("ESCAPE")
    assert page.entry is None and app.overlays[-1] is page
    driver.key("ESCAPE")
    assert not app.overlays


def test_a_long_list_scrolls_by_keys_and_wheel_and_a_click_chooses(make_app):
    app, driver, cart = open_board(make_app, "connect4")
    shelf = Shelf(app.storage, "connect4")
    for number in range(25):
        shelf.save(f"S{number:02}", cart.session.to_text(), f"2025-01-{number + 1:02} 10:00")
    menu_entry(app, driver, strings.t("pause.load"))
    page = page_of(app)
    assert [slot.name for slot in page.slots][:2] == ["S24", "S23"]  # last saved first
    chooser = page.chooser
    assert chooser.more_below and not chooser.more_above
    for _ in range(SlotPage.LIST_ROWS):
        driver.key("DOWN")
    assert chooser.more_above and chooser.index == SlotPage.LIST_ROWS
    for _ in range(chooser.max_offset + 2):  # a wheel turned towards the player, one notch a frame
        app.input.feed()
        app.input.wheel = -1
        page.update(app.input)
    assert not chooser.more_below and chooser.offset == chooser.max_offset
    row = chooser.shown()[-1]
    assert page.slots[row].name == "S00"
    driver.click(chooser.left + 8, chooser.row_y(row) + 2)
    assert answer(app, driver, False) == strings.t("slots.confirm.load", name="S00")
    assert chooser.offset == chooser.max_offset and chooser.index == row


@given(st.text(NAME_LETTERS, min_size=1, max_size=NAME_MAX))
def test_every_name_the_keyboard_allows_makes_one_plain_file_name_that_reads_back(name):
    if not usable_name(name):
        assert name != name.strip() or not name.strip()
        return
    file = slot_file("pegs", name)
    assert "/" not in file and "\\" not in file and not file.startswith(".") and ":" not in file
    assert all(ch.isascii() and (ch.isalnum() or ch in "-_~.") for ch in file) and len(file) < 100
    assert name_of("pegs", file) == name and decode(encode(name)) == name


@pytest.mark.parametrize("part", ["", "~0041", "~00E4", "a b", "a-b", "~12", "~zzzz", "a.b", "~002f~002f" * 7, "_x"])
def test_a_file_name_no_name_encodes_to_is_no_slot(part):
    assert decode(part) is None
    assert name_of("pegs", f"slot-pegs-{part}.txt") is None


def test_another_games_slots_and_set_aside_copies_are_not_listed():
    storage = MemoryStorage({"slot-pegs-A.txt": "# saved=2025-01-01 10:00\nmove=1\n", "slot-pegs-A.txt.bad": "x",
                             "slot-pegsx-B.txt": "x", ".slot-pegs-C.txt.old": "x", "slot-pegs-x-D.txt": "x"})
    from pyxel_app.shell.storage import DataFolder

    slots = Shelf(DataFolder(storage), "pegs").slots()
    assert [(slot.name, slot.moves, slot.saved) for slot in slots] == [("A", 1, "2025-01-01 10:00")]


def test_the_readme_says_the_limits_and_the_file_names():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"{MAX_SLOTS} slots" in readme and f"at most {NAME_MAX} letters" in readme
    assert f"`{slot_file('connect4', 'Jörg 2')}`" in readme


def test_a_slot_the_folder_cannot_keep_is_listed_this_session_and_a_deleted_one_is_not(make_app, monkeypatch):
    app, driver, cart = open_board(make_app, "connect4")
    save_as(app, driver, "Kept")
    backend = app.storage.backend

    def refuse(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backend, "write", refuse)
    monkeypatch.setattr(backend, "delete", refuse)
    save_as(app, driver, "Memory")
    assert cart.message == strings.t("msg.not_saved") and "Memory" not in str(backend.names())
    shelf = Shelf(app.storage, "connect4")
    assert {slot.name for slot in shelf.slots()} == {"Kept", "Memory"}
    shelf.delete(shelf.find("Kept", shelf.slots()))
    assert [slot.name for slot in shelf.slots()] == ["Memory"] and slot_file("connect4", "Kept") in backend.names()
