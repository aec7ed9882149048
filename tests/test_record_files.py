"""Records in and out as the genres' own texts (#41): the game menu's Export writes the game shown
as its genre's file (``record-GAME-NAME.pdn`` or ``.txt``), Import reads one back in place of the
game shown (asked first), by keys alone and by pad alone, in every game and variant; a sample
record of each genre imports; a damaged one is named by its line in the player's language and left
as it is; a record dropped on the window is taken the same way; draughts' old PDN file imports;
the browser keeps records in localStorage and hands an export over as a download."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from pyxel_app import games
from pyxel_app.cartridges.pegs import ENTRIES
from pyxel_app.rules import records
from pyxel_app.rules.draughts_pdn import read_pdn, write_pdn
from pyxel_app.rules.fifteen import STANDARD_GOAL
from pyxel_app.rules.othello import PASS
from pyxel_app.rules.records import MAX_MOVES, Record, moves_written, read_record, write_record
from pyxel_app.shell import strings
from pyxel_app.shell.app import data_files
from pyxel_app.shell.overlays import Message
from pyxel_app.shell.record_files import RECORD_FILE_BYTES, RecordShelf, record_pattern
from pyxel_app.shell.export_page import ExportPage
from pyxel_app.shell.storage import FileStorage, WebStorage
from pyxel_app.shell.strings import error_words
from special_files import LocalStorage
from test_no_game_lost import game_of, play_moves
from test_slots import after_jobs, answer, menu_entry, press, to_row

ROOT = Path(__file__).resolve().parent.parent
GAMES = [spec.key for spec in games.GAMES]
EXTENSION = {"draughts": "pdn"}
CUSTOM_BOARD = "_ooo_\nooooo\noo.oo\nooooo\n_ooo_\n"
TRANSPOSED = (1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 0)
# Every start a game offers: the rules' variants; peg solitaire's boards (one of the player's
# own); ByPuzz towards two goals.
VARIANTS = {
    "connect4": ["standard"],
    "othello": ["standard", "white-starts"],
    "draughts": ["international", "warcaby"],
    "pegs": list(ENTRIES) + ["custom"],
    "bypuzz": ["standard", "transposed"],
}
# Records as the genres' programs write them: Pons' column string, an Othello transcript in
# capitals, PDN with tags, a comment and a variation, peg jumps after a comment, ByPuzz's tiles.
SAMPLES = {
    "connect4": "52753311433677442422121\n",
    "othello": "F5D6C3D3C4F4C5B3C2E6C6B4B5D2E3A6C1B1\n",
    "draughts": ('[Event "Club evening"]\n[Date "2024.03.01"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n'
                 "1. 32-28 19-23 {the classic} 2. 28x19 14x23 3. 37-32 (3. 33-29 10-14) 10-14 4. 41-37 *\n"),
    "pegs": "# English board: the first jumps of a solution\nd2-d4 f3-d3 e1-e3 e4-e2 c1-e1 e1-e3\n",
    "bypuzz": "# ByPuzz\n1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15\n14 15 12 12\n",
}
# A damaged record of each game and the line that says what is wrong.
DAMAGED = {
    "connect4": ("4453\n# then\n44x\n", 3),
    "othello": ("f5d6\nc3 z9\n", 2),
    "draughts": ('[White "Ann"]\n\n1. 32-28 19-23\n2. 32-28 *\n', 4),
    "pegs": ("d2-d4\nf3-d3 zz\n", 2),
    "bypuzz": ("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\n15 15\n1\n", 3),
}


def record_file(key: str, name: str) -> str:
    return f"record-{key}-{name}.{EXTENSION.get(key, 'txt')}"


def begin(cart, variant: str) -> None:
    """A new game of ``variant`` on ``cart``'s board (two named people in a two-player game)."""
    key = cart.spec.key
    if cart.spec.is_match:
        cart.names = ["Anna", "Bert"]
        cart.variant = variant
        cart.new_game()
    elif key == "pegs":
        cart.custom = CUSTOM_BOARD
        cart.play_entry(variant)
    else:
        goal = TRANSPOSED if variant == "transposed" else STANDARD_GOAL
        cart.set_goal(goal)
        cart.play(cart.rules.shuffled(goal, 30, random.Random(variant)).tiles, None, check_run=False)


def open_board(make_app, key: str, variant: str | None = None, language: str = "en", **options):
    app, driver = make_app(**options)
    strings.set_language(language)
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    begin(cart, variant or VARIANTS[key][0])
    driver.run(2)
    return app, driver, cart


def players(cart) -> tuple:
    return (tuple(cart.names), cart.mode) if cart.spec.is_match else ()


def said(app, cart) -> str:
    """What the game said last: its passing message, or the box a longer one comes in (closed)."""
    if not app.overlays:
        return cart.message
    box = app.overlays[-1]
    assert isinstance(box, Message)
    app.overlays.remove(box)
    return " ".join(box.lines)


def export_by(app, driver, pad: bool) -> str:
    """Export, "New file ..." and the name offered ("Game 1") taken as it is; what it said."""
    menu_entry(app, driver, strings.t("pause.export"), pad)
    page = app.overlays[-1]
    assert isinstance(page, ExportPage) and page.saving and page.rows[0] is None
    press(driver, pad, "RETURN", "A")
    assert page.entry is not None and page.entry.typed == strings.t("slots.default_name", n=1)
    driver.pad("START") if pad else driver.key("RETURN")
    assert page not in app.overlays
    return said(app, app.cartridge)


def import_by(app, driver, name: str, pad: bool = False) -> None:
    """Import, the highlight moved to ``name``, chosen."""
    menu_entry(app, driver, strings.t("pause.import"), pad)
    assert isinstance(app.overlays[-1], ExportPage) and not app.overlays[-1].saving
    to_row(app, driver, name, pad)
    press(driver, pad, "RETURN", "A")


@pytest.mark.parametrize("pad", [False, True], ids=["keys", "pad"])
@pytest.mark.parametrize("key", GAMES)
def test_export_then_import_by_keys_or_pad_alone_gives_the_same_game(make_app, key, pad):
    app, driver, cart = open_board(make_app, key)
    play_moves(cart, random.Random(key), 3)
    exported, who = game_of(cart.session), players(cart)
    file = record_file(key, "Game_1")
    assert export_by(app, driver, pad) == strings.t("records.saved", file=file)
    record = read_record(cart.rules, app.storage.read(file))
    assert (record.start, tuple(record.move_texts())) == exported
    play_moves(cart, random.Random(1), 1)  # another game in progress, which Import asks about
    assert game_of(cart.session) != exported
    import_by(app, driver, strings.t("slots.default_name", n=1), pad)
    assert answer(app, driver, True, pad) == strings.t("records.confirm.load", name=strings.t("slots.default_name", n=1))
    assert not app.overlays and game_of(cart.session) == exported and players(cart) == who
    assert not cart.session.can_redo and cart.session.move_count == 3  # at its last move; undo steps back through it
    assert cart.message == strings.t("records.loaded", name=strings.t("slots.default_name", n=1), n=3)


@pytest.mark.parametrize("key, variant", [(key, variant) for key in GAMES for variant in VARIANTS[key]])
def test_every_variant_round_trips_through_its_file_start_and_moves(make_app, key, variant):
    app, driver, cart = open_board(make_app, key, variant)
    play_moves(cart, random.Random(variant), 4)
    exported = game_of(cart.session)
    export_by(app, driver, pad=False)
    cart.new_game() if key != "bypuzz" else begin(cart, "standard")
    driver.run(2)
    import_by(app, driver, strings.t("slots.default_name", n=1))
    if app.overlays:
        answer(app, driver, True)
    assert game_of(cart.session) == exported
    assert cart.rules.variant_of(cart.session.start) == cart.rules.variant_of(exported[0])


def test_an_export_is_the_genres_own_text(make_app):
    """Pons' column string alone, a transcript alone, PDN naming the players as White and Black."""
    for key, looks in (("connect4", str.isdigit), ("othello", lambda text: text[:2] in ("f5", "d3", "c4", "e6"))):
        app, driver, cart = open_board(make_app, key)
        play_moves(cart, random.Random(5), 4)
        export_by(app, driver, pad=False)
        text = app.storage.read(record_file(key, "Game_1"))
        assert text.count("\n") == 1 and looks(text.strip()) and text.strip() == "".join(cart.session.move_texts())
    app, driver, cart = open_board(make_app, "draughts")
    play_moves(cart, random.Random(5), 4)
    export_by(app, driver, pad=False)
    game = read_pdn(app.storage.read(record_file("draughts", "Game_1")))
    assert game.tags["White"] == "Anna" and game.tags["Black"] == "Bert" and game.moves == cart.session.move_texts()


@pytest.mark.parametrize("key", GAMES)
def test_a_sample_record_of_each_genre_imports(make_app, key):
    app, driver, cart = open_board(make_app, key)
    app.storage.write(record_file(key, "Sample"), SAMPLES[key])
    import_by(app, driver, "Sample")
    if app.overlays:
        answer(app, driver, True)
    record = read_record(cart.rules, SAMPLES[key])
    assert not app.overlays and game_of(cart.session) == (record.start, tuple(record.move_texts()))


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", GAMES)
def test_a_damaged_record_is_named_by_its_line_and_left_as_it_is(make_app, key, language):
    app, driver, cart = open_board(make_app, key, language=language)
    play_moves(cart, random.Random(2), 2)
    game = game_of(cart.session)
    text, line = DAMAGED[key]
    file = record_file(key, "Bad")
    app.storage.write(file, text)
    import_by(app, driver, "Bad")
    box = app.overlays[-1]
    assert isinstance(box, Message)
    said = " ".join(box.lines)
    with pytest.raises(ValueError) as caught:
        read_record(cart.rules, text)
    assert " ".join(said.split()) == " ".join(strings.t("records.bad", name=file, why=error_words(caught.value)).split())
    assert strings.t("error.line", n=line, text="").strip() in said
    assert ("Zeile" in said and "line" not in said) if language == "de" else f"line {line}:" in said
    driver.key("RETURN")
    page = app.overlays[-1]
    assert isinstance(page, ExportPage) and "Bad" in [slot.name for slot in page.slots]  # still listed, to mend
    assert app.storage.read(file) == text and f"{file}.bad" not in app.storage.backend.blobs
    driver.key("ESCAPE")
    assert not app.overlays and game_of(cart.session) == game


def drop(driver, monkeypatch, path) -> None:
    import pyxel

    monkeypatch.setattr(pyxel, "dropped_files", [str(path)], raising=False)
    driver.frame()
    monkeypatch.setattr(pyxel, "dropped_files", [], raising=False)
    after_jobs(driver.app, driver)


@pytest.mark.parametrize("key", GAMES)
def test_a_record_dropped_on_the_window_asks_first_then_is_the_game(make_app, key, tmp_path, monkeypatch):
    app, driver, cart = open_board(make_app, key)
    play_moves(cart, random.Random(3), 2)
    game = game_of(cart.session)
    path = tmp_path / f"mine.{EXTENSION.get(key, 'txt')}"
    path.write_text(SAMPLES[key], encoding="utf-8")
    drop(driver, monkeypatch, path)
    assert answer(app, driver, False) == strings.t("records.confirm.load", name=path.name)
    assert game_of(cart.session) == game and game_of(cart.session) == game
    drop(driver, monkeypatch, path)
    answer(app, driver, True)
    record = read_record(cart.rules, SAMPLES[key])
    assert game_of(cart.session) == (record.start, tuple(record.move_texts()))
    assert cart.message == strings.t("records.loaded", name=path.name, n=len(record.moves))
    damaged = tmp_path / "damaged.txt"
    damaged.write_text(DAMAGED[key][0], encoding="utf-8")
    drop(driver, monkeypatch, damaged)
    said = " ".join(app.overlays[-1].lines)
    assert said.startswith("damaged.txt not imported: line") and f"line {DAMAGED[key][1]}:" in said
    assert game_of(cart.session) == (record.start, tuple(record.move_texts()))


@pytest.mark.parametrize("key", ["connect4", "othello", "draughts"])
def test_a_record_dropped_while_the_players_are_set_up_is_played_by_two_people(make_app, key, tmp_path, monkeypatch):
    app, driver = make_app()
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    assert cart.session is None
    path = tmp_path / "mine.txt"
    path.write_text(SAMPLES[key], encoding="utf-8")
    drop(driver, monkeypatch, path)
    record = read_record(cart.rules, SAMPLES[key])
    assert not app.overlays and cart.phase == "play" and cart.mode == "two"
    assert game_of(cart.session) == (record.start, tuple(record.move_texts()))


def test_a_pegs_board_file_dropped_stays_a_board_and_a_bypuzz_set_stays_a_set(make_app, tmp_path, monkeypatch):
    app, driver, cart = open_board(make_app, "pegs")
    path = tmp_path / "board.txt"
    path.write_text(CUSTOM_BOARD, encoding="utf-8")
    drop(driver, monkeypatch, path)
    assert app.storage.read("pegs-board.txt") == CUSTOM_BOARD and cart.entry == "custom"
    app, driver, cart = open_board(make_app, "bypuzz")
    path.write_text("\n".join(["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 0"] * 10) + "\n", encoding="utf-8")
    drop(driver, monkeypatch, path)
    assert app.storage.read("bypuzz-set.txt") is not None and isinstance(app.overlays[-1], Message)


def test_draughts_old_pdn_file_is_listed_last_to_import_and_never_written(make_app):
    app, driver, cart = open_board(make_app, "draughts")
    start = cart.rules.initial_state()
    moves = ["32-28", "19-23", "28x19", "14x23"]
    app.storage.write("draughts.pdn", write_pdn(start, moves, {"White": "Ann", "Black": "Bob"}))  # as its Save as PDN wrote it
    app.storage.write(record_file("draughts", "Mine"), "1. 34-30 *\n")
    menu_entry(app, driver, strings.t("pause.export"))
    assert [row.name for row in app.overlays[-1].rows if row is not None] == ["Mine"]
    driver.key("ESCAPE")
    menu_entry(app, driver, strings.t("pause.import"))
    page = app.overlays[-1]
    assert [page.label(slot) for slot in page.slots] == ["Mine", "draughts.pdn"] and page.slots[-1].moves == 4
    to_row(app, driver, "draughts.pdn")
    driver.key("RETURN")
    assert not app.overlays and game_of(cart.session) == (start, tuple(moves))
    assert cart.message == strings.t("records.loaded", name="draughts.pdn", n=4)
    menu_entry(app, driver, strings.t("pause.import"))
    to_row(app, driver, "draughts.pdn")
    driver.key("DELETE")
    assert answer(app, driver, True) == strings.t("records.confirm.delete", name="draughts.pdn")
    assert app.storage.read("draughts.pdn") is None and [slot.name for slot in app.overlays[-1].slots] == ["Mine"]


def test_the_list_counts_moves_without_replaying_a_record(make_app, monkeypatch):
    app, driver, cart = open_board(make_app, "draughts")
    for number in range(3):
        app.storage.write(record_file("draughts", f"G{number}"), "1. 32-28 19-23 2. 28x19 14x23 *\n")
    app.storage.write(record_file("draughts", "Odd"), "1. 32-28 {never closed\n")

    def no_replay(*args):
        raise AssertionError("a record was replayed to list it")

    monkeypatch.setattr(records.DraughtsFormat, "read", no_replay)
    monkeypatch.setattr(records.DraughtsFormat, "reading", no_replay)
    slots = RecordShelf(app.storage, "draughts", cart.rules).slots()
    assert [(slot.name, slot.moves) for slot in slots] == [("G0", 4), ("G1", 4), ("G2", 4), ("Odd", None)]


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_the_move_count_of_a_written_record_is_its_moves(spec):
    rules = spec.rules
    start = rules.shuffled(STANDARD_GOAL, 40, random.Random(1)) if spec.key == "bypuzz" else rules.initial_state()
    rng, state, moves = random.Random(spec.key), start, []
    while len(moves) < 200 and not rules.is_terminal(state):
        move = rng.choice(rules.legal_moves(state))
        state = rules.apply(state, move)
        moves.append(move)
    text = write_record(Record(rules, start, tuple(moves)))
    # Othello's transcript leaves a pass out, but for one that ends the record
    written = [move for index, move in enumerate(moves) if move != PASS or index == len(moves) - 1]
    assert moves_written(rules, text) == len(written)


def test_a_record_too_long_to_read_back_is_not_exported(make_app):
    app, driver, cart = open_board(make_app, "bypuzz")
    tile = cart.rules.legal_moves(cart.session.state)[0]
    for _ in range(MAX_MOVES + 1):  # back and forth: the same tile is always next to the gap
        cart.session.play(tile)
    cart.on_session_changed()
    cart.export_record()
    assert " ".join(said(app, cart).split()) == strings.t("records.too_long", n=MAX_MOVES)
    assert not app.overlays


def test_import_is_a_command_a_network_game_does_not_offer(make_app):
    app, driver, cart = open_board(make_app, "othello")
    commands = {command.label: command for command in cart.commands()}
    assert not commands[strings.t("pause.export")].solo and commands[strings.t("pause.import")].solo


class Link:
    """What ``document.createElement("a")`` hands over: the download it was clicked for."""

    def __init__(self, clicked: list) -> None:
        self.clicked, self.href, self.download = clicked, "", ""

    def click(self) -> None:
        self.clicked.append((self.download, self.href))

    def remove(self) -> None:
        pass


def web_js(monkeypatch) -> tuple[LocalStorage, list]:
    """A ``js`` module as Pyodide gives it: localStorage, and a page whose links record their clicks."""
    local, clicked = LocalStorage(), []
    js = type(sys)("js")
    js.localStorage = local
    js.encodeURIComponent = lambda text: quote(text, safe="")
    js.document = type(sys)("document")
    js.document.createElement = lambda tag: Link(clicked)
    js.document.body = type(sys)("body")
    js.document.body.appendChild = lambda node: None
    monkeypatch.setitem(sys.modules, "js", js)
    return local, clicked


def test_the_browser_keeps_records_in_local_storage_and_downloads_an_export(make_app, monkeypatch):
    local, clicked = web_js(monkeypatch)
    app, driver, cart = open_board(make_app, "connect4", storage=WebStorage(), web=True)
    play_moves(cart, random.Random(4), 3)
    exported = game_of(cart.session)
    message = export_by(app, driver, pad=False)
    file = record_file("connect4", "Game_1")
    text = local[WebStorage.PREFIX + file]
    assert read_record(cart.rules, text).move_texts() == list(exported[1])
    assert clicked == [(file, "data:text/plain;charset=utf-8," + quote(text, safe=""))]
    assert unquote(clicked[0][1].partition(",")[2]) == text
    assert " ".join(message.split()) == strings.t("records.saved_web", file=file)
    again, again_driver = make_app(storage=WebStorage(), web=True, offer=False)
    again.open_cartridge("connect4")
    again_driver.key("N")  # not the autosave: a new game, then the record
    again.cartridge.start_playing()
    again_driver.frame()
    import_by(again, again_driver, strings.t("slots.default_name", n=1))
    assert game_of(again.cartridge.session) == exported


def test_a_browser_that_refuses_the_download_still_keeps_the_record(make_app, monkeypatch):
    local, clicked = web_js(monkeypatch)

    def refuse(tag):
        raise RuntimeError("JsException: no document in a worker")

    sys.modules["js"].document.createElement = refuse
    app, driver, cart = open_board(make_app, "pegs", storage=WebStorage(), web=True)
    play_moves(cart, random.Random(4), 2)
    assert export_by(app, driver, pad=False) == strings.t("records.saved", file=record_file("pegs", "Game_1"))
    assert WebStorage.PREFIX + record_file("pegs", "Game_1") in local and clicked == []


def test_the_desktop_offers_no_download(tmp_path):
    from pyxel_app.shell.storage import DataFolder

    assert DataFolder(FileStorage(tmp_path)).offer("record-pegs-A.txt", "d2-d4\n") is False


def test_every_game_lists_its_record_files_with_their_limit():
    files = data_files()
    for spec in games.GAMES:
        assert files[record_pattern(spec.key, spec.rules)] == RECORD_FILE_BYTES
    assert files["draughts.pdn"] == RECORD_FILE_BYTES
    assert record_pattern("draughts", games.find("draughts").rules) == "record-draughts-*.pdn"


def test_the_readme_says_where_records_are_and_how_the_browser_hands_them_out():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{record_file('connect4', 'NAME')}`" in readme or "`record-GAME-NAME.txt`" in readme
    assert f"{RECORD_FILE_BYTES >> 10} KiB for a record" in readme and "download" in readme
    assert "Export record" in readme and "Import record" in readme
