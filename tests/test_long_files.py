"""Long work on a player's file is spread over frames (shell/jobs.py): the longest record a
format allows imports or drops a slice a frame with its progress shown, ESC cancels and leaves
the game as it was; a long save resumes and loads so; the slots' list reads a file at a time and
the Import list shows its names at once.  No timing is asserted: the bench times the frames
(``python -m pyxel_app bench``); here, what the player gets, and that the work took many frames.
"""

from __future__ import annotations

import random

import pytest

from pyxel_app.rules import records
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.fifteen import RULES as FIFTEEN
from pyxel_app.rules.fifteen import STANDARD_GOAL
from pyxel_app.session import Session
from pyxel_app.shell import jobs, slots, strings
from pyxel_app.shell.cartridge import autosave_file
from pyxel_app.shell.jobs import JobBox, progress_words
from pyxel_app.shell.overlays import Confirm
from pyxel_app.shell.slot_page import SlotPage
from pyxel_app.shell.slots import Shelf, slot_file
from pyxel_app.shell.storage import MemoryStorage

# Two warcaby kings that go back and forth for ever (warcaby knows no draw): the longest record.
CYCLE_START, CYCLE = "W:WK50:BK1", ("50-11", "1-12", "11-50", "12-1")
TINY_SLICE_MS = 0.05  # a slice so short that even a short file takes many frames


def tiny_slices(app, monkeypatch, ms: float = TINY_SLICE_MS) -> None:
    """Every slice ``ms`` long, the first one too: even short work takes many frames."""
    monkeypatch.setattr(jobs, "FIRST_SLICE_MS", 0.0)
    monkeypatch.setattr(app, "think_ms", lambda wanted: ms)


def cycle_moves(count: int) -> list[str]:
    return [CYCLE[index % len(CYCLE)] for index in range(count)]


def cycle_pdn(count: int) -> str:
    """A warcaby PDN of ``count`` moves, written by hand as another program would."""
    words = []
    for index, move in enumerate(cycle_moves(count)):
        words += [f"{index // 2 + 1}.", move] if index % 2 == 0 else [move]
    lines = [" ".join(words[at:at + 12]) for at in range(0, len(words), 12)]
    return f'[GameType "20"]\n[Variant "warcaby"]\n[FEN "{CYCLE_START}"]\n\n' + "\n".join(lines) + " *\n"


def open_draughts(make_app, storage=None):
    app, driver = make_app(storage=storage)
    app.open_cartridge("draughts")
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    driver.frame()
    return app, driver, cart


def jobs_shown(app) -> list[JobBox]:
    return [overlay for overlay in app.overlays if isinstance(overlay, JobBox)]


def frames_while_working(app, driver, limit: int = 100_000) -> tuple[int, set[str]]:
    """Frames until no job box shows, and every progress line the boxes showed."""
    frames, lines = 0, set()
    while jobs_shown(app):
        driver.frame()  # its draw writes the box's progress line
        lines.update(" ".join(box.lines).strip() for box in jobs_shown(app))
        frames += 1
        assert frames < limit
    return frames, lines


def test_the_longest_record_dropped_is_read_over_many_frames_with_its_progress(make_app, tmp_path):
    app, driver, cart = open_draughts(make_app)
    longest = records.MAX_MOVES
    path = tmp_path / "long.pdn"
    path.write_text(cycle_pdn(longest))
    cart.take_dropped(str(path))
    frames, lines = frames_while_working(app, driver)
    assert frames > 1
    assert any(line.startswith("Reading long.pdn: ") and line.endswith(" of 5,000 moves") for line in lines)
    assert any(line.startswith("Setting out long.pdn: ") for line in lines)
    assert not jobs_shown(app)
    assert cart.session.move_texts() == cycle_moves(longest)
    assert DRAUGHTS.state_to_text(cart.session.start) == DRAUGHTS.state_to_text(
        DRAUGHTS.state_from_text(f"{CYCLE_START} warcaby"))
    assert cart.message == strings.t("records.loaded", name="long.pdn", n=longest)


@pytest.mark.parametrize("language, line", [("en", "Reading Game 1: 2,400 of 4,999 moves"),
                                            ("de", "Game 1 wird gelesen: 2.400 von 4.999 Zügen")])
def test_the_progress_line_groups_thousands_as_the_language_writes_them(language, line):
    strings.set_language(language)
    try:
        assert progress_words(("job.read", 2400, 4999), "Game 1") == line
    finally:
        strings.set_language("en")


def test_escape_cancels_an_import_and_the_game_shown_stays_as_it_was(make_app, tmp_path, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    for move in ("32-28", "19-23"):
        cart.submit(move)
    driver.frame()
    before, session = cart.session.move_texts(), cart.session
    path = tmp_path / "long.pdn"
    path.write_text(cycle_pdn(400))
    tiny_slices(app, monkeypatch)
    cart.take_dropped(str(path))
    for _ in range(3):
        driver.frame()
    assert jobs_shown(app)
    driver.key("ESCAPE")
    assert not jobs_shown(app) and not any(isinstance(overlay, Confirm) for overlay in app.overlays)
    assert cart.session is session and cart.session.move_texts() == before
    assert cart.message == strings.t("job.cancelled", name="long.pdn")
    monkeypatch.undo()
    for _ in range(30):
        driver.frame()
    assert cart.session is session and cart.session.move_texts() == before


def test_an_import_over_a_game_in_progress_asks_only_once_it_is_read(make_app, tmp_path, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    cart.submit("32-28")
    driver.frame()
    path = tmp_path / "long.pdn"
    path.write_text(cycle_pdn(200))
    tiny_slices(app, monkeypatch)
    cart.take_dropped(str(path))
    frames, _ = frames_while_working(app, driver)
    assert frames > 1
    assert isinstance(app.overlays[-1], Confirm) and cart.session.move_texts() == ["32-28"]
    driver.key("Y")
    assert cart.session.move_texts() == cycle_moves(200)


def long_bypuzz_save(moves: int) -> str:
    """A ByPuzz save of ``moves`` moves: the 15 slid back and forth beside the gap."""
    session = Session(FIFTEEN, FIFTEEN.initial_state())
    for _ in range(moves):
        session.play(15)
    session.play(12)  # not solved: a game in progress
    return session.to_text()


def test_a_long_save_resumes_over_many_frames_then_asks(make_app, monkeypatch):
    from pyxel_app import games
    from pyxel_app.shell.app import App

    text = long_bypuzz_save(3000)
    storage = MemoryStorage({autosave_file(games.find("bypuzz")): text})
    monkeypatch.setattr(jobs, "FIRST_SLICE_MS", 0.0)
    monkeypatch.setattr(App, "think_ms", lambda self, wanted: 1.0)
    app, driver = make_app(storage=storage)
    assert jobs_shown(app)
    frames, lines = frames_while_working(app, driver)
    assert frames > 1 and any("3,001" in line for line in lines)
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    saved, resumed = Session.from_text(text, FIFTEEN), app.cartridge.session
    assert (resumed.start, resumed.moves, resumed.position) == (saved.start, saved.moves, saved.position)


def test_escape_while_a_save_is_read_starts_afresh_and_keeps_the_save(make_app, monkeypatch):
    from pyxel_app import games
    from pyxel_app.shell.app import App

    name = autosave_file(games.find("bypuzz"))
    text = long_bypuzz_save(3000)
    storage = MemoryStorage({name: text})
    monkeypatch.setattr(jobs, "FIRST_SLICE_MS", 0.0)
    monkeypatch.setattr(App, "think_ms", lambda self, wanted: TINY_SLICE_MS)
    app, driver = make_app(storage=storage)
    driver.key("ESCAPE")
    assert not jobs_shown(app) and app.cartridge is not None
    assert app.cartridge.message == strings.t("msg.save_kept") and storage.blobs[name] == text


def test_a_slot_says_its_moves_on_its_first_line_so_the_list_counts_no_lines(make_app, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    for move in ("32-28", "19-23", "28x19"):
        cart.submit(move)
    shelf = Shelf(app.storage, "draughts")
    assert shelf.save("Mine", cart.session.to_text(), "2026-01-02 03:04", cart.session.move_count)
    first = app.storage.read(slot_file("draughts", "Mine")).splitlines()[0]
    assert first == "# saved=2026-01-02 03:04 shown=3"

    def counted(*args):
        raise AssertionError("a slot's lines were counted to list it")

    monkeypatch.setattr(slots, "counting_shown", counted)
    assert [(slot.name, slot.moves, slot.saved) for slot in shelf.slots()] == [("Mine", 3, "2026-01-02 03:04")]


def test_forty_slots_are_listed_a_file_at_a_time_with_the_lists_progress(make_app, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    shelf = Shelf(app.storage, "draughts")
    text = cart.session.to_text()
    for number in range(slots.MAX_SLOTS):
        shelf.save(f"G{number}", text, f"2026-01-01 00:{number:02d}", 0)
    app.storage.write(slot_file("draughts", "Old"), f"# saved=2025-12-31 23:59\n{text}")  # no shown=: counted
    tiny_slices(app, monkeypatch)
    cart.load_game()
    frames, lines = frames_while_working(app, driver)
    assert frames > 1 and any(line.startswith("Reading the list: ") and line.endswith(" of 41 files") for line in lines)
    page = app.overlays[-1]
    assert isinstance(page, SlotPage)
    assert [slot.name for slot in page.slots] == [f"G{number}" for number in reversed(range(40))] + ["Old"]
    assert all(slot.described and slot.moves == 0 for slot in page.slots)


def test_escape_while_the_list_is_read_leaves_the_page(make_app, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    shelf = Shelf(app.storage, "draughts")
    for number in range(10):
        shelf.save(f"G{number}", cart.session.to_text(), "2026-01-01 00:00", 0)
    tiny_slices(app, monkeypatch)
    cart.load_game()
    assert jobs_shown(app)
    driver.key("ESCAPE")
    assert not app.overlays


def test_the_import_list_shows_its_names_unread_and_reads_only_the_rows_in_view(make_app, monkeypatch):
    app, driver, cart = open_draughts(make_app)
    count = 300
    for number in range(count):
        app.storage.write(f"record-draughts-R{number:04d}.pdn", "1. 32-28 19-23 *\n")
    read = []
    real_read = app.storage.read
    monkeypatch.setattr(app.storage, "read", lambda name: read.append(name) or real_read(name))
    cart.import_record()
    page = next(overlay for overlay in app.overlays if isinstance(overlay, SlotPage))
    while jobs_shown(app):  # the names, a few at a time on a busy machine
        jobs_shown(app)[0].advance()
    assert app.overlays[-1] is page and len(page.rows) == count and not read
    assert all(not row.described for row in page.rows)
    for _ in range(5):
        driver.frame()
    shown = [page.rows[index] for index in page.chooser.shown()]
    assert all(row.described and row.moves == 2 for row in shown)
    assert len(read) == len(shown) < count
    assert not page.rows[-1].described
    for _ in range(count):
        driver.key("DOWN")
    assert page.rows[-1].described and page.rows[-1].moves == 2


def test_every_reader_gives_in_steps_what_it_gives_in_one_go():
    """The stepped readers are the readers: the same record, count and session."""
    rng = random.Random(5)
    text = long_bypuzz_save(50)
    steps = Session.reading(text, FIFTEEN)
    yielded = 0
    while True:
        try:
            next(steps)
            yielded += 1
        except StopIteration as stop:
            session = stop.value
            break
    assert yielded > 50 and session.to_text() == Session.from_text(text, FIFTEEN).to_text()
    record = records.read_record(DRAUGHTS, cycle_pdn(101))
    assert [DRAUGHTS.move_to_text(move) for move in record.moves] == cycle_moves(101)
    assert records.moves_written(DRAUGHTS, cycle_pdn(101)) == 101
    start = FIFTEEN.shuffled(STANDARD_GOAL, 30, rng)
    assert records.read_record(FIFTEEN, records.write_record(records.Record(FIFTEEN, start))).start == start


def test_a_long_game_is_exported_over_many_frames_and_escape_writes_nothing(make_app, monkeypatch):
    from pyxel_app.shell.export_page import ExportPage

    app, driver, cart = open_draughts(make_app)
    cart.take_record(records.read_record(DRAUGHTS, cycle_pdn(300)), "long")
    frames_while_working(app, driver)
    assert len(cart.session.move_texts()) == 300
    tiny_slices(app, monkeypatch)
    page = ExportPage(cart, saving=True).open()
    page.write("Cancelled")
    driver.frame()
    assert jobs_shown(app)
    driver.key("ESCAPE")
    assert app.storage.read(page.shelf.file("Cancelled")) is None and app.overlays[-1] is page
    page.write("Long")
    frames, lines = frames_while_working(app, driver)
    assert frames > 1 and any(line.startswith("Writing Long: ") for line in lines)
    assert app.storage.read(page.shelf.file("Long")) == records.write_record(cart.game_record())
    assert records.read_record(DRAUGHTS, app.storage.read(page.shelf.file("Long"))).moves == cart.game_record().moves


def test_the_moves_shown_and_the_save_text_agree_with_the_history_after_any_steps():
    """move_count, move_texts and to_text, kept fast for a 100,000-move game, say what the
    history says after random moves, undos, redos, restarts and jumps."""
    rng = random.Random(11)
    session = Session(FIFTEEN, FIFTEEN.shuffled(STANDARD_GOAL, 20, rng))
    for number in range(400):
        step = rng.choice(("play", "play", "play", "undo", "redo", "restart", "go_to"))
        if step == "play":
            session.play(rng.choice(sorted(FIFTEEN.legal_moves(session.state))))
        elif step == "go_to":
            session.go_to(rng.randrange(len(session.states)))
        else:
            getattr(session, step)()
        shown = session.moves[1 : session.position + 1]
        since = shown[len(shown) - shown[::-1].index("restart"):] if "restart" in shown else shown
        assert session.move_texts() == since and session.move_count == len(since)
        lines = [("restart" if text == "restart" else f"move={text}") for text in session.moves[1:]]
        assert session.to_text().splitlines()[4:-1] == lines
        if number % 40 == 0:
            again = Session.from_text(session.to_text(), FIFTEEN)
            assert again.to_text() == session.to_text() and again.move_texts() == since
