"""The record of every game (issue 41): its page (F2) in each game's notation as a score sheet
that pages, the review's marks on it, the replay that shows exactly what undo would show without
undoing, and playing on from a past moment (asked, undoable, refused in a network game); the
keyboard, the pad and the mouse each reach all of it."""

from __future__ import annotations

import random

import pytest
from test_text_fits import cartridge_at_start

from pyxel_app.cartridges import connect4 as c4_view
from pyxel_app.cartridges import draughts as draughts_view
from pyxel_app.cartridges import othello as othello_view
from pyxel_app.cartridges import pegs as pegs_cart
from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.cartridges.bypuzz import board as bypuzz_board
from pyxel_app.games import GAMES
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.fifteen import Fifteen
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.rules.records import Record, numbered
from pyxel_app.session import Session
from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.overlays import Confirm, Message, PauseMenu
from pyxel_app.shell.record_page import SHEET_ROWS, RecordPage
from pyxel_app.shell.replay import ReplayScreen, key_lines
from pyxel_app.shell.sheet import Sheet
from pyxel_app.shell.timeline import Marks, line_span

GAME_KEYS = [spec.key for spec in GAMES]
MOVES = {"connect4": 30, "othello": 64, "draughts": 70, "pegs": 31, "bypuzz": 24}
# Where each game draws its board (inner-screen pixels: x, y, width, height).
BOARDS = {
    "connect4": (c4_view.BOARD_X, c4_view.CURSOR_ROW * ui.CELL, c4_view.BOARD_W, (c4_view.LETTER_ROW + 1) * ui.CELL
                 - c4_view.CURSOR_ROW * ui.CELL),
    "othello": (ui.CELL, othello_view.LETTER_ROW * ui.CELL, othello_view.BOARD_X + othello_view.BOARD_PX - ui.CELL,
                othello_view.BOARD_Y + othello_view.BOARD_PX - othello_view.LETTER_ROW * ui.CELL),
    "draughts": (draughts_view.BOARD_X - 1, draughts_view.BOARD_Y - 1, draughts_view.BOARD_PX + 2,
                 draughts_view.BOARD_PX + 2),
    "pegs": (pegs_cart.SIDE_COLS * ui.CELL, pegs_cart.LETTER_ROW * ui.CELL, 19 * ui.CELL,
             pegs_cart.BOARD_TOP + pegs_cart.BOARD_H - pegs_cart.LETTER_ROW * ui.CELL),
    "bypuzz": (bypuzz_board.BOARD_X, bypuzz_board.BOARD_Y, bypuzz_board.GRID_W * ui.CELL,
               bypuzz_board.GRID_H * ui.CELL),
}


@pytest.fixture(autouse=True)
def small_solver_budget(monkeypatch):
    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 1.0)
    monkeypatch.setattr(ByPuzz, "still_solver_budget_ms", 1.0)


def board_pixels(pyxel, key: str) -> bytes:
    x0, y0, w, h = BOARDS[key]
    pget = pyxel.screen.pget
    return bytes(pget(ui.BORDER_X + x, ui.BORDER_Y + y) for y in range(y0, y0 + h) for x in range(x0, x0 + w))


def seeded_game(make_app, key: str, moves: int | None = None, seed: int = 7, language: str = "en"):
    """An app with ``key`` on its board and a seeded game of random legal moves (two people), each
    made on the game's own path; every animation run out."""
    app, driver, cart = cartridge_at_start(make_app, key, language)
    cart.start_playing()
    driver.run(2)
    rng = random.Random(seed)
    count = moves or MOVES[key]
    if key == "bypuzz":  # from a start a short walk from the goal, out and back again: the last move solves it
        rules, state, walk = cart.rules, Fifteen(cart.goal, cart.goal), []
        for _ in range(2 - count % 2):
            walk.append(rng.choice([tile for tile in rules.legal_moves(state) if not walk or tile != walk[-1]]))
            state = rules.apply(state, walk[-1])
        cart.play(state.tiles, None, check_run=False)
        path: list[int] = []
        for _ in range((count - len(walk)) // 2):
            path.append(rng.choice([tile for tile in rules.legal_moves(cart.state) if not path or tile != path[-1]]))
            cart.screen.play_tiles([path[-1]])
        for tile in path[::-1] + walk[::-1]:
            cart.screen.play_tiles([tile])
        assert cart.solved
    else:
        for _ in range(count):
            if cart.session.outcome is not None:
                break
            move = rng.choice(sorted(cart.rules.legal_moves(cart.state), key=cart.rules.move_to_text))
            text = cart.rules.move_to_text(move)
            if key == "pegs":
                cart.release(move.start, move.dest)
            else:
                assert cart.submit(text)
            driver.run(2)
    driver.script("move:160,-12 wait:40")
    return app, driver, cart


def open_page(app, driver) -> RecordPage:
    driver.key("F2")
    page = app.overlays[-1]
    assert isinstance(page, RecordPage)
    return page


def replay_each_moment(app, driver, present: int, look) -> dict:
    """The record page's replay from the present back to the start: ``look()`` at each moment."""
    page = open_page(app, driver)
    driver.key("RETURN")
    assert isinstance(app.overlays[-1], ReplayScreen)
    seen = {}
    for moment in range(present, -1, -1):
        assert page.timeline.moment == moment
        driver.frame()
        seen[moment] = look()
        driver.key("LEFT")
    return seen


# The record's parts alone.


def othello_lines(count: int, seed: int = 1):
    rng, state, moves = random.Random(seed), OTHELLO.initial_state(), []
    for _ in range(count):
        if OTHELLO.is_terminal(state):
            break
        moves.append(rng.choice(OTHELLO.legal_moves(state)))
        state = OTHELLO.apply(state, moves[-1])
    return numbered(Record(OTHELLO, OTHELLO.initial_state(), tuple(moves)))


def test_the_sheet_pairs_full_moves_in_columns_and_pages_a_long_game():
    lines = othello_lines(60)
    sheet = Sheet(lines, [""] * len(lines), "Start", 36, 14)
    assert sheet.slots == 2 and sheet.columns == 3 and sheet.pages == 1
    first = sheet.cells(0)
    assert first[0].text == "Start" and first[0].moment == 0
    assert (first[1].text, first[1].moment, first[2].moment) == (lines[0].label, 1, 2)
    assert [number.text for number in sheet.numbers(0)][:2] == ["1.", "2."]
    # the rows run down a column, then on in the next
    assert sheet.place(14) == (sheet.left + sheet.row_w + 1, 0)
    # a game too long for a page pages, and every moment is on exactly one page
    rng, state, moves = random.Random(3), DRAUGHTS.initial_state(), []
    while len(moves) < 400 and not DRAUGHTS.is_terminal(state):
        moves.append(rng.choice(DRAUGHTS.legal_moves(state)))
        state = DRAUGHTS.apply(state, moves[-1])
    long_lines = numbered(Record(DRAUGHTS, DRAUGHTS.initial_state(), tuple(moves)))
    long = Sheet(long_lines, [""] * len(long_lines), "Start", 36, 14)
    assert long.pages > 1
    seen = [cell.moment for page in range(long.pages) for cell in long.cells(page)]
    assert sorted(seen) == list(range(len(long_lines) + 1))
    assert all(long.page_of(cell.moment) == page for page in range(long.pages) for cell in long.cells(page))
    assert long.first_moment(1) == long.cells(1)[0].moment
    # up and down keep the half of the row: from 3 (the second's first half) up to 1, down to 5
    assert sheet.vertical(3, -1) == 1 and sheet.vertical(3, 1) == 5 and sheet.vertical(1, -1) == 0


def test_a_move_too_wide_for_a_pair_gets_a_row_of_its_own_and_no_line_leaves_the_page():
    lines = othello_lines(6)
    wide = [type(line)(line.index, line.number, line.opens, line.player, line.text, "28x19x10x3x14x25", line.paired)
            for line in lines]
    sheet = Sheet(wide, [""] * len(wide), "Start", 36, 14)
    assert sheet.slots == 1 and [number.text for number in sheet.numbers(0)][:3] == ["1.", "1...", "2."]
    huge = [type(line)(line.index, line.number, line.opens, line.player, line.text, "x".join(["46"] * 20), line.paired)
            for line in lines]
    cut = Sheet(huge, [""] * len(huge), "Start", 36, 14)
    assert all(cell.col + cell.width <= 36 for cell in cut.cells(0)) and cut.cells(0)[1].text.endswith("·")


def test_the_line_runs_from_the_last_restart_through_the_moves_undone():
    from pyxel_app.rules.connect4 import RULES as CONNECT4

    session = Session(CONNECT4, CONNECT4.initial_state())
    for column in (3, 3, 4):
        session.play(column)
    session.restart()
    for column in (0, 1, 2):
        session.play(column)
    session.undo()
    session.undo()
    assert line_span(session) == (4, 7)  # the restart, then the three moves, two of them undone
    session.undo()
    session.undo()  # back past the restart: the first game, its moves all played
    assert line_span(session) == (0, 3)
    assert session.go_to(7) and session.position == 7 and not session.go_to(8)


def test_a_mark_stays_with_the_moves_it_judges():
    marks = Marks()
    marks.set(["4", "4", "5"], {1: "?"})
    assert marks.get(1, ["4", "4", "5", "3"]) == "?" and marks.get(1, ["4", "4"]) == "?"
    assert marks.get(1, ["4", "3", "5"]) == "" and marks.get(0, ["4", "4", "5"]) == ""
    marks.clear()
    assert marks.get(1, ["4", "4", "5"]) == ""


def test_key_groups_keep_together_on_narrow_lines():
    assert key_lines("[←][→] step  [RETURN] play on  [ESC] back", 17) == "[←][→] step\n[RETURN] play on\n[ESC] back"
    assert key_lines("[←][→] step  [RETURN] play on  [ESC] back", 38) == "[←][→] step  [RETURN] play on  [ESC] back"


# Every game's page.


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_game_lists_its_moves_in_its_notation_on_the_record_page(make_app, screen_text, key):
    app, driver, cart = seeded_game(make_app, key, 8)
    page = open_page(app, driver)
    record = Record.from_texts(cart.rules, cart.session.start, cart.session.move_texts())
    labels = [line.label for line in numbered(record)]
    assert len(labels) == 8 and page.timeline.present == 8 and page.timeline.moment == 8
    shown = screen_text(app)
    assert all(label in shown for label in labels), (labels, shown)
    assert strings.t("record.in_play", at=page.timeline.where(8)) in shown
    driver.key("ESCAPE")
    assert not app.overlays and cart.session.position == len(cart.session.moves) - 1


def cell_of(page, moment: int):
    sheet = page.current_sheet()
    return next(cell for cell in sheet.cells(sheet.page_of(moment)) if cell.moment == moment)


def cell_ink_on_screen(pyxel, page, moment: int) -> set[int]:
    cell = cell_of(page, moment)
    x, y = cell.col * ui.CELL, page.line_y(cell.line)
    return {pyxel.screen.pget(ui.BORDER_X + x + dx, ui.BORDER_Y + y + dy) for dx in range(cell.width * ui.CELL)
            for dy in range(ui.CELL)}


def test_the_moment_looked_at_the_present_and_the_moves_undone_look_apart(make_app, pyxel_screen):
    app, driver, cart = seeded_game(make_app, "othello", 10)
    cart.undo()
    cart.undo()
    driver.run(3)
    page = open_page(app, driver)
    driver.key("LEFT")
    assert (page.timeline.moment, page.timeline.present, page.timeline.last) == (7, 8, 10)
    assert palette.WHITE in cell_ink_on_screen(pyxel_screen, page, 7)  # the bar
    assert palette.YELLOW in cell_ink_on_screen(pyxel_screen, page, 8)  # the present
    assert palette.GREY in cell_ink_on_screen(pyxel_screen, page, 9)  # undone, there for redo
    assert palette.TEXT in cell_ink_on_screen(pyxel_screen, page, 6)
    driver.key("RIGHT")
    assert palette.YELLOW in cell_ink_on_screen(pyxel_screen, page, 8) - {palette.BLUE}  # the bar at the present
    assert "(in play)" in page.timeline.state_word(8) and "(undone)" in page.timeline.state_word(9)


def test_a_planted_mark_is_drawn_beside_its_move_and_only_for_its_moves(make_app, pyxel_screen, screen_text):
    app, driver, cart = seeded_game(make_app, "connect4", 6)
    cart.review_marks.set(cart.session.move_texts(), {2: "?"})
    page = open_page(app, driver)
    cell = cell_of(page, 3)
    assert cell.mark == "?" and all(other.mark == "" for other in page.current_sheet().cells(0) if other.moment != 3)
    x = (cell.col + len(cell.text)) * ui.CELL
    y = page.line_y(cell.line)
    ink = {pyxel_screen.screen.pget(ui.BORDER_X + x + dx, ui.BORDER_Y + y + dy) for dx in range(8) for dy in range(8)}
    assert palette.LIGHT_RED in ink
    # other moves than the ones marked: the mark is not theirs
    cart.review_marks.set(["1"] + cart.session.move_texts()[1:], {2: "?"})
    driver.frame()
    assert cell_of(page, 3).mark == ""


def test_a_long_game_pages_and_the_marks_say_more_is_above_or_below(make_app, screen_text):
    app, driver, cart = seeded_game(make_app, "draughts", 90)
    page = open_page(app, driver)
    sheet = page.current_sheet()
    assert sheet.pages > 1 and sheet.page_of(page.timeline.moment) == sheet.pages - 1
    assert "▲" in screen_text(app) and "▼" not in screen_text(app)
    driver.key("HOME")
    assert page.timeline.moment == 0 and "▼" in screen_text(app) and "▲" not in screen_text(app)
    first_page = screen_text(app)
    driver.key("PAGEDOWN")
    assert sheet.page_of(page.timeline.moment) == 1 and screen_text(app) != first_page
    for _ in range(sheet.per_page):
        driver.key("UP")
    assert page.timeline.moment == 0
    driver.key("END")
    assert page.timeline.moment == page.timeline.present


# The replay: what undo would show, without undoing.


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_replay_shows_every_moment_as_undo_to_it_would(make_app, pyxel_screen, key):
    app, driver, cart = seeded_game(make_app, key)
    session = cart.session
    present = session.position
    history = list(session.moves)
    assert present >= 10

    def look() -> bytes:
        assert session.position == present and session.moves == history  # nothing undone
        return board_pixels(pyxel_screen, key)

    replayed = replay_each_moment(app, driver, present, look)
    driver.key("F2")
    assert not app.overlays and session.position == present
    undone = {}
    for moment in range(present - 1, -1, -1):
        cart.undo()
        assert session.position == moment
        driver.frame()
        undone[moment] = board_pixels(pyxel_screen, key)
    for _ in range(present):
        cart.redo()
    driver.frame()
    undone[present] = board_pixels(pyxel_screen, key)
    differ = [moment for moment in range(present + 1) if replayed[moment] != undone[moment]]
    assert differ == []
    assert len(set(replayed.values())) > present // 2, "the moments should look different"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_replay_names_the_last_move_and_refuses_a_move_with_a_word(make_app, screen_text, key):
    app, driver, cart = seeded_game(make_app, key, 6)
    texts = list(cart.session.moves)
    page = open_page(app, driver)
    driver.script("LEFT LEFT RETURN")
    shown = screen_text(app)
    assert strings.t("record.word.replay") in shown and page.timeline.move_name(4) in shown
    # the keys a game moves with, a click on its board: refused, nothing changes
    x0, y0, w, h = BOARDS[key]
    replay = app.overlays[-1]
    refused = strings.t("record.replay.refused")
    for step in ("A", "4", f"click:{x0 + w // 2},{y0 + h // 2}", "H"):
        replay.note_frames = 0
        driver.script(step)
        assert replay.note == refused and replay.note_frames, step
        shown = screen_text(app)
        assert all(part in shown for part, is_key in ui.split_hotkeys(refused) if not is_key), step
        assert cart.session.moves == texts and cart.session.position == len(texts) - 1
    driver.key("ESCAPE")
    assert app.overlays == [page]
    driver.key("ESCAPE")
    assert app.overlays == []


# Playing on from a past moment.


@pytest.mark.parametrize("key", GAME_KEYS)
def test_play_on_is_asked_and_undoable(make_app, key):
    app, driver, cart = seeded_game(make_app, key, 8)
    session = cart.session
    history = list(session.moves)
    page = open_page(app, driver)
    driver.script("LEFT LEFT LEFT P")
    question = app.overlays[-1]
    assert isinstance(question, Confirm) and page.timeline.move_name(5) in " ".join(question.lines)
    driver.key("N")  # No keeps everything
    assert session.moves == history and session.position == 8 and isinstance(app.overlays[-1], RecordPage)
    driver.script("P")
    driver.key("Y" if strings.language() == "en" else "J")
    assert not app.overlays
    assert session.position == 5 and session.moves == history  # the later moves stay, for redo
    cart.redo()
    assert session.position == 6
    cart.undo()
    assert session.position == 5
    assert cart.session.can_redo


def test_a_new_move_after_playing_on_replaces_the_later_moves(make_app):
    app, driver, cart = seeded_game(make_app, "connect4", 8)
    open_page(app, driver)
    driver.script("HOME RETURN RETURN Y")  # to the start, its board, play on from there: yes
    assert cart.session.position == 0 and cart.session.can_redo
    assert cart.submit("1")
    assert not cart.session.can_redo and cart.session.move_texts() == ["1"]


def test_play_on_at_the_present_just_goes_back_to_the_game(make_app):
    app, driver, cart = seeded_game(make_app, "othello", 4)
    open_page(app, driver)
    driver.script("RETURN RETURN")
    assert not app.overlays and cart.session.position == 4


def test_play_on_is_refused_with_a_word_in_a_network_game(make_app, screen_text):
    from test_netplay import connect_pair, frames, settled

    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    for column in ("4", "3"):
        mover = host if host.seat_to_move() == host.net.local else join
        mover.person_move(column)
        frames([host_app, join_app], lambda: host.session.move_count == join.session.move_count and settled(host)
               and settled(join) and not host.view.busy(host.ui))
    page = RecordPage(host_app, host)
    host_app.open_overlay(page)
    page.timeline.look(0)
    page.ask_play_on()
    note = host_app.overlays[-1]
    assert isinstance(note, Message) and strings.t("net.only_here") in " ".join(note.lines)
    assert host.session.position == 2


# Keyboard, pad and mouse alone.


def test_the_pad_alone_reaches_the_page_the_replay_and_playing_on(make_app):
    app, driver, cart = seeded_game(make_app, "draughts", 6)
    driver.script("pad:START")
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    entry = next(index for index, (label, _) in enumerate(menu.entries) if label == strings.t("pause.record"))
    while menu.chooser.index != entry:
        driver.script("pad:DPAD_DOWN")
    driver.script("pad:A")
    page = app.overlays[-1]
    assert isinstance(page, RecordPage)
    driver.script("pad:DPAD_LEFT pad:LEFTSHOULDER pad:LEFTSHOULDER pad:RIGHTSHOULDER")
    assert page.timeline.moment == 4
    driver.script("pad:DPAD_UP")  # a row up: the reply of the full move before
    assert page.timeline.moment == 2
    driver.script("pad:A")
    assert isinstance(app.overlays[-1], ReplayScreen)
    driver.script("pad:DPAD_RIGHT pad:A")
    assert isinstance(app.overlays[-1], Confirm)
    driver.script("pad:DPAD_LEFT pad:A")  # to Yes
    assert not app.overlays and cart.session.position == 3 and cart.session.can_redo
    driver.script("pad:START")
    driver.script("pad:B")
    assert not app.overlays


def test_the_keyboard_alone_reaches_it_and_the_mouse_too(make_app):
    app, driver, cart = seeded_game(make_app, "pegs", 6)
    driver.script("F2 LEFT Z Z Y RETURN")
    replay = app.overlays[-1]
    assert isinstance(replay, ReplayScreen) and replay.timeline.moment == 4
    driver.script("ESCAPE")
    page = app.overlays[-1]
    assert isinstance(page, RecordPage)
    driver.script("F2")
    assert not app.overlays
    # the mouse: the game menu's entry, a move, the same move again (its board), the marks
    driver.script("TAB")
    menu = app.overlays[-1]
    entry = next(index for index, (label, _) in enumerate(menu.entries) if label == strings.t("pause.record"))
    driver.script(f"click:{ui.CELL * 3},{menu.chooser.row_y(entry) + 2}")
    page = app.overlays[-1]
    assert isinstance(page, RecordPage)
    cell = cell_of(page, 2)
    spot = f"{cell.col * ui.CELL + 2},{page.line_y(cell.line) + 2}"
    driver.script(f"click:{spot}")
    assert page.timeline.moment == 2 and app.overlays[-1] is page
    driver.script(f"click:{spot}")
    replay = app.overlays[-1]
    assert isinstance(replay, ReplayScreen)
    x0, x1, y, _ = next(span for span in replay.bar.spans if span[3] == "→")
    driver.script(f"click:{x0 + 2},{y + 2}")
    assert page.timeline.moment == 3
    x0, x1, y, _ = next(span for span in replay.bar.spans if span[3].upper() == "RETURN")
    driver.script(f"click:{x0 + 2},{y + 2}")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("N")
    x0, x1, y, _ = next(span for span in replay.bar.spans if span[3].upper() == "ESC")
    driver.script(f"click:{x0 + 2},{y + 2}")
    assert app.overlays[-1] is page
    x0, x1, y, _ = next(span for span in page.hotkeys.spans if span[3].upper() == "P")
    driver.script(f"click:{x0 + 2},{y + 2}")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    assert not app.overlays and cart.session.position == 3


def test_a_move_made_while_the_page_shows_is_followed(make_app):
    """The other side (the computer, another computer, here a queue) may move while the page shows:
    its move comes into the list, and the page keeps to the present when it looked at it, else to
    its moment."""
    app, driver, cart = seeded_game(make_app, "connect4", 2)
    queue = cart.seat_queue(cart.seat_to_move())
    page = open_page(app, driver)
    assert page.timeline.present == 2
    queue.feed("4")
    driver.run(40)
    assert (page.timeline.last, page.timeline.present, page.timeline.moment) == (3, 3, 3)
    assert cart.submit("1")
    driver.key("HOME")
    queue.feed("5")
    driver.run(40)  # the disc just dropped falls first
    assert (page.timeline.last, page.timeline.present, page.timeline.moment) == (5, 5, 0)


def test_the_sheet_fits_the_page():
    from pyxel_app.shell.overlays import Page

    assert SHEET_ROWS >= 12
    assert Page.FIRST_ROW * ui.CELL + (SHEET_ROWS - 1) * ui.LINE_PITCH + ui.CELL <= ui.lines_above(ui.STATUS_Y, 3) - ui.CELL
