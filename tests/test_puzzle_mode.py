"""The puzzle of the day on screen, for every game (shell/puzzle_mode.py and the cartridges that
show it): reached from the menu and from the game's set-up by keys, pad and mouse; the solution
played is solved, with its sound and a streak; a wrong move is said and taken back; "show the
solution" ends at the line's end; what was done is kept in the settings, through damage too.

The day is fixed (DAY), on which every game's easy puzzle has a wrong first move to make.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from test_text_fits import problems
from test_text_fits import recorder as text_recorder  # noqa: F401 (a fixture)

from pyxel_app import games
from pyxel_app.puzzles import LEVELS, VARIANTS
from pyxel_app.shell import puzzle_record, strings, ui
from pyxel_app.shell.harness import puzzle_settle, puzzle_solve, wrong_first_move
from pyxel_app.shell.overlays import PauseMenu
from pyxel_app.shell.puzzle_picker import FIRST_ROW, PITCH, PuzzlePicker
from pyxel_app.shell.puzzle_record import PuzzleRecord, check
from pyxel_app.shell.puzzle_words import wrong_words
from pyxel_app.shell.setup_base import CHOICE_PITCH, MODE_PUZZLE
from pyxel_app.shell.setup_base import FIRST_CHOICE_ROW
from pyxel_app.shell.storage import MemoryStorage
from pyxel_app.shell.strings import t

DAY = date(2026, 1, 10)
PUZZLES = [(game, variant) for game in VARIANTS for variant in VARIANTS[game]]
DEVICES = ("keys", "pad", "mouse")


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(puzzle_record, "today", lambda: DAY)


def opened(make_app, game: str, variant: str, level: str = "easy", storage=None):
    app, driver = make_app(storage=storage)
    app.open_puzzle(games.find(game), variant, level)
    driver.frame()
    return app, driver, app.cartridge


def choose(driver, device: str, index: int, row_y, chooser) -> None:
    """Item ``index`` of the list shown, by its digit, the d-pad (down from ``chooser``'s highlight) or a click."""
    if device == "keys":
        driver.key(str(index + 1))
    elif device == "pad":
        while chooser.index != index:
            driver.pad("DPAD_DOWN")
        driver.pad("A")
    else:
        driver.click(3 * ui.CELL, row_y(index) + 3)


def pick_level(app, driver, device: str, game: str, variant: str, level: str = "medium") -> None:
    """On the puzzle page: the game's entry (where it lists several), then the level."""
    page = app.screen
    assert isinstance(page, PuzzlePicker)
    if page.entry is None:
        index = [(spec.key, v) for spec, v in page.entries].index((game, variant))
        choose(driver, device, index, lambda i: (FIRST_ROW + PITCH * i) * ui.CELL, page.chooser)
    assert page.entry[0].key == game and page.entry[1] == variant
    choose(driver, device, LEVELS.index(level), lambda i: (FIRST_ROW + PITCH * i) * ui.CELL, page.chooser)
    driver.frame()


def assert_on_puzzle(app, game: str, variant: str, level: str = "medium") -> None:
    cart = app.cartridge
    assert app.screen is cart and cart.screen_id == "puzzle"
    puzzle = cart.puzzle_mode.puzzle
    assert (puzzle.game, puzzle.variant, puzzle.level) == (game, variant, level)
    assert cart.puzzle_moves() == [] and cart.puzzle_mode.attempt.position([]) == cart.session.state


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("game,variant", PUZZLES)
def test_the_menu_reaches_every_puzzle(make_app, game, variant, device):
    app, driver = make_app()
    menu = app.menu
    row = len(app.games)  # "Puzzle of the day", after the games
    if device == "mouse":
        for _ in range(menu.games_list.max_offset):  # the wheel, a notch a frame
            app.input.feed()
            app.input.wheel = -1
            menu.update(app.input)
        driver.click(menu.games_list.left + 8, menu.games_list.row_y(row) + 8)
    else:
        for _ in range(row):
            driver.pad("DPAD_DOWN") if device == "pad" else driver.key("DOWN")
        driver.pad("A") if device == "pad" else driver.key("RETURN")
    driver.frame()
    pick_level(app, driver, device, game, variant)
    assert_on_puzzle(app, game, variant)
    driver.key("ESCAPE")
    driver.frame()
    assert app.screen is app.menu and app.cartridge is None


def to_setups_puzzle(app, driver, device: str, game: str, variant: str) -> None:
    """From the game's first set-up screen to its puzzle page."""
    cart = app.cartridge
    if cart.screen_id == "config":  # ByPuzz's first screen, then its puzzle choice
        driver.key("RETURN")
        driver.frame()
    if cart.spec.is_match:
        def row_y(i):
            return (FIRST_CHOICE_ROW + CHOICE_PITCH * i) * ui.CELL

        if cart.phase == "variant":
            choose(driver, device, cart.rules.variants.index(variant), row_y, cart.chooser)
        choose(driver, device, cart.mode_choices().index(MODE_PUZZLE), row_y, cart.chooser)
    elif device == "keys":
        driver.key("P")
    elif device == "pad":  # the game menu's "Puzzle of the day"
        driver.pad("START")
        pause = app.overlays[-1]
        assert isinstance(pause, PauseMenu)
        while pause.entries[pause.chooser.index][0] != t("puzzle.mode"):
            driver.pad("DPAD_DOWN")
        driver.pad("A")
    else:
        screen = cart.screen if game == "bypuzz" else cart
        driver.frame()
        x0, _, y, _ = next(span for span in screen.hotkeys.spans if span[3] == "P")
        driver.click(x0 + 2, y + 3)
    driver.frame()


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("game,variant", PUZZLES)
def test_each_games_set_up_reaches_its_puzzle(make_app, game, variant, device):
    app, driver = make_app()
    app.open_cartridge(games.find(game))
    driver.frame()
    setup = app.cartridge
    to_setups_puzzle(app, driver, device, game, variant)
    page = app.screen
    assert isinstance(page, PuzzlePicker) and {spec.key for spec, _ in page.entries} == {game}
    driver.key("ESCAPE")  # back to the game's set-up
    driver.frame()
    assert app.screen is setup
    to_setups_puzzle(app, driver, device, game, variant)
    pick_level(app, driver, device, game, variant)
    assert_on_puzzle(app, game, variant)


@pytest.mark.parametrize("game,variant", PUZZLES)
def test_the_solution_played_solves_it_with_its_sound_and_a_streak(make_app, monkeypatch, game, variant):
    app, driver, cart = opened(make_app, game, variant)
    played = []
    monkeypatch.setattr(app, "sound", lambda name, times=1: played.extend([name] * times))
    mode = cart.puzzle_mode
    puzzle_solve(driver)
    assert mode.solved and mode.attempt.solved(cart.puzzle_moves())
    assert "puzzle_solved" in played
    assert mode.streak == 1 and mode.status_text() == t("puzzle.solved", n=1)
    record = PuzzleRecord(app.settings, (game, variant, "easy"))
    assert record.solved_days() == [DAY] and record.count("attempts") == 1 and record.count("hints") == 0
    # The next day's puzzle solved too: a streak of two, on the page's level list as well.
    monkeypatch.setattr(puzzle_record, "today", lambda: DAY + timedelta(days=1))
    app.open_puzzle(games.find(game), variant, "easy")
    driver.frame()
    puzzle_solve(driver)
    assert app.cartridge.puzzle_mode.streak == 2
    page = PuzzlePicker(app, lambda: None, [games.find(game)], variant)
    assert page.marks()[0] == f"{t('puzzle.solved_today')}, {t('puzzle.streak_of', n=2)}"


@pytest.mark.parametrize("game,variant", PUZZLES)
def test_a_wrong_move_is_said_refuses_more_and_is_taken_back(make_app, monkeypatch, game, variant):
    app, driver, cart = opened(make_app, game, variant)
    played = []
    monkeypatch.setattr(app, "sound", lambda name, times=1: played.extend([name] * times))
    mode = cart.puzzle_mode
    wrong = wrong_first_move(mode.attempt)
    cart.play_as_player(wrong)
    puzzle_settle(driver)
    assert mode.wrong is not None and mode.status_text() == wrong_words(mode.puzzle) and "refused" in played
    moves = cart.puzzle_moves()
    assert moves[0] == wrong
    if mode.attempt.players_turn(moves):  # a one-player game: another move waits for the take-back
        other = mode.attempt.rules.legal_moves(mode.attempt.position(moves))
        if other:
            cart.play_as_player(mode.attempt.rules.move_to_text(other[0]))
            assert cart.puzzle_moves() == moves
    driver.key("Z")
    puzzle_settle(driver)
    assert cart.puzzle_moves() == [] and mode.wrong is None and mode.status_text() == mode.task_text()
    assert PuzzleRecord(app.settings, (game, variant, "easy")).count("attempts") == 1
    puzzle_solve(driver)  # the next try counts too
    assert mode.solved and PuzzleRecord(app.settings, (game, variant, "easy")).count("attempts") == 2


@pytest.mark.parametrize("game,variant", PUZZLES)
def test_show_the_solution_plays_it_to_its_end_and_does_not_count(make_app, game, variant):
    app, driver, cart = opened(make_app, game, variant)
    mode = cart.puzzle_mode
    cart.play_as_player(mode.puzzle.line[0])
    puzzle_settle(driver)
    driver.key("H")
    puzzle_settle(driver)
    moves = cart.puzzle_moves()
    assert mode.hints == 1 and mode.hint_move == mode.puzzle.line[len(moves)] and mode.status_text() == mode.note != ""
    driver.key("S")
    driver.frame()
    assert cart.puzzle_moves() == [] and mode.status_text() == t("puzzle.showing")
    puzzle_settle(driver)
    assert cart.puzzle_moves() == list(mode.puzzle.line)
    assert cart.session.state == mode.attempt.position(mode.puzzle.line) and mode.attempt.solved(cart.puzzle_moves())
    assert not mode.solved and mode.status_text() == t("puzzle.shown")
    record = PuzzleRecord(app.settings, (game, variant, "easy"))
    assert record.solved_days() == [] and record.count("hints") == 1
    assert app.storage.read(cart.autosave_name) is None  # a puzzle is never a saved game


@pytest.mark.parametrize("game,variant", PUZZLES)
def test_the_evaluation_and_the_review_wait_until_the_puzzle_is_solved_or_shown(make_app, game, variant):
    from pyxel_app.shell.review_page import ReviewPage

    app, driver, cart = opened(make_app, game, variant)
    insight, mode = cart.insight, cart.puzzle_mode
    app.settings.set("evaluation." + cart.key, True)  # left on in a game before
    assert not insight.showing() and not insight.drawn()
    insight.open_review()
    assert not any(isinstance(overlay, ReviewPage) for overlay in app.overlays)
    assert cart.studied().insight_refusal(True) == cart.studied().insight_refusal(False) == t("puzzle.no_insight")
    assert app.overlays == [] and cart.message == t("puzzle.no_insight")  # a word on the status line, no box
    cart.play_as_player(mode.puzzle.line[0])
    puzzle_settle(driver)
    assert not insight.showing()  # still not while it is tried
    driver.key("S")
    puzzle_settle(driver)
    assert mode.shown and insight.showing()
    insight.open_review()
    assert isinstance(app.overlays[-1], ReviewPage)


def test_a_damaged_settings_file_costs_only_the_bad_puzzle_values(make_app):
    text = ("language=de\n"
            "puzzle.pegs.english.easy.solved=2026-01-08,2026-01-09\n"
            "puzzle.pegs.english.easy.hints=3\n"
            "puzzle.pegs.english.easy.attempts=-1\n"
            "puzzle.connect4.standard.easy.solved=2026-01-09,yesterday\n"
            "puzzle.connect4.standard.easy.hints=2\n"
            "puzzle.pegs.solved=2026-01-09\n")
    storage = MemoryStorage({"settings.txt": text})
    app, driver, cart = opened(make_app, "pegs", "english", storage=storage)
    assert app.language == "de"
    kept = app.settings.fields
    assert "puzzle.pegs.english.easy.attempts" not in kept and "puzzle.connect4.standard.easy.solved" not in kept
    assert "puzzle.pegs.solved" not in kept and storage.blobs["settings.txt.bad"] == text
    assert PuzzleRecord(app.settings, ("connect4", "standard", "easy")).count("hints") == 2
    record = PuzzleRecord(app.settings, ("pegs", "english", "easy"))
    assert record.streak(DAY) == 2 and record.count("hints") == 3
    puzzle_solve(driver)
    assert cart.puzzle_mode.streak == 3
    app2, _ = make_app(storage=storage)  # read back: the streak survives, the file is clean
    assert not app2.overlays and PuzzleRecord(app2.settings, ("pegs", "english", "easy")).streak(DAY) == 3


def test_the_settings_check_refuses_each_planted_fault():
    good = {"puzzle.othello.standard.hard.solved": "2026-01-01,2026-01-02", "puzzle.othello.standard.hard.hints": "0"}
    assert all(check(key, value) is None for key, value in good.items())
    bad = {"puzzle.othello.standard.hard.solved": "2026-02-30", "puzzle.othello.standard.hard.hints": "x",
           "puzzle.othello.standard.hard.attempts": "1000000", "puzzle.othello.standard.hard.wins": "1",
           "puzzle.othello.hard.solved": "2026-01-01", "puzzle.othello.standard.hard.solved.x": "",
           "puzzle.othello.standard.hard.solved ": "2026-1-1"}
    assert [key for key, value in bad.items() if check(key, value) is None] == []


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("game,variant", PUZZLES)
def test_every_puzzle_screen_keeps_its_lines_apart_and_inside(make_app, request, game, variant, language):
    """The task, the panel, the keys and every verdict of the hard puzzle (the longest numbers), at
    the start, after a wrong move, with the solution shown and solved, in both languages."""
    record = request.getfixturevalue("text_recorder")  # test_text_fits.py's recorder
    strings.set_language(language)
    app, driver, cart = opened(make_app, game, variant, "hard")
    strings.set_language(language)  # the app took the settings' language
    mode, found = cart.puzzle_mode, {}
    found["start"] = problems(record(app))
    cart.play_as_player(wrong_first_move(mode.attempt))
    puzzle_settle(driver)
    found["wrong"] = problems(record(app))
    driver.key("S")
    puzzle_settle(driver)
    found["shown"] = problems(record(app))
    driver.key("Z")
    mode.shown = False
    cart.puzzle_restart()
    mode.changed()
    puzzle_solve(driver)
    driver.run(200)  # the end's animations and messages run out
    found["solved"] = problems(record(app))
    assert mode.solved and {name: spans for name, spans in found.items() if spans} == {}
