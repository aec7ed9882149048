"""The app end to end, headless: menu -> ByPuzz -> play by keyboard, pad and mouse.

ByPuzz opens on its config screen; these tests then jump straight into play with
``new_game(shuffle_moves=N)`` (a quick random walk), so they prove the board, the
shell and the session.  The screens themselves are in tests/test_bypuzz_*.py.
"""

from __future__ import annotations

import pytest
import pyxel

from pyxel_app.cartridges.bypuzz import BOARD_X, BOARD_Y, TILE_H, TILE_W, ByPuzz
from pyxel_app.cartridges.bypuzz.screens import ChooseScreen, ConfigScreen
from pyxel_app.rules.fifteen import SIZE, STANDARD_GOAL
from pyxel_app.shell import ui
from pyxel_app.shell.menu import Menu
from pyxel_app.shell.overlays import Confirm, Help, Message, PauseMenu
from pyxel_app.shell.storage import Storage


def open_bypuzz(make_app, shuffle=1, **kwargs):
    app, driver = make_app(**kwargs)
    assert isinstance(app.screen, Menu)
    driver.key("RETURN")
    assert isinstance(app.cartridge, ByPuzz)
    driver.frame()
    assert app.screen is app.cartridge
    assert isinstance(app.cartridge.screen, ConfigScreen)
    app.cartridge.new_game(shuffle_moves=shuffle)
    return app, driver, app.cartridge


def gap_direction_to_solve(cart) -> str:
    """The direction key that slides the one displaced tile back, for a one-move shuffle."""
    gap, goal_gap = cart.state.gap, STANDARD_GOAL.index(0)
    # The tile sits where the goal's gap is; it must move towards the current gap.
    delta = goal_gap - gap
    return {SIZE: "UP", -SIZE: "DOWN", 1: "LEFT", -1: "RIGHT"}[delta]


def move_by_key(driver, cart, avoid_undoing=True) -> None:
    """Press a direction key that really moves a tile (and does not undo the last slide)."""
    last = cart.session.move_texts()[-1:] if avoid_undoing else []
    for key, direction in (("UP", "up"), ("LEFT", "left"), ("DOWN", "down"), ("RIGHT", "right")):
        tile = cart.rules.tile_for_direction(cart.state, direction)
        if tile is not None and [str(tile)] != last:
            before = cart.session.move_count
            driver.key(key)
            assert cart.session.move_count == before + 1
            return
    raise AssertionError("no direction moves a tile")


def cell_centre(cell: int) -> tuple[int, int]:
    x = BOARD_X + (cell % SIZE) * TILE_W * ui.CELL + TILE_W * ui.CELL // 2
    y = BOARD_Y + (cell // SIZE) * TILE_H * ui.CELL + TILE_H * ui.CELL // 2
    return x, y


def set_start(cart, tiles):
    cart.play(tiles, None, check_run=False)


def test_keyboard_solves_a_one_move_shuffle(make_app):
    app, driver, cart = open_bypuzz(make_app)
    assert not cart.solved and cart.session.move_count == 0
    driver.key(gap_direction_to_solve(cart))
    assert cart.solved
    assert cart.session.move_count == 1


def test_pad_solves_a_one_move_shuffle(make_app):
    app, driver, cart = open_bypuzz(make_app)
    driver.pad("DPAD_" + gap_direction_to_solve(cart))
    assert cart.solved


def test_stick_solves_a_one_move_shuffle(make_app):
    app, driver, cart = open_bypuzz(make_app)
    x, y = {"UP": (0, -30000), "DOWN": (0, 30000), "LEFT": (-30000, 0), "RIGHT": (30000, 0)}[gap_direction_to_solve(cart)]
    driver.stick(x, y)
    assert cart.solved


def test_stick_inside_the_dead_zone_does_nothing(make_app):
    app, driver, cart = open_bypuzz(make_app)
    before = cart.state
    driver.stick(5000, -5000, frames=30)
    assert cart.state == before


def test_mouse_solves_a_one_move_shuffle(make_app):
    app, driver, cart = open_bypuzz(make_app)
    displaced = STANDARD_GOAL.index(0)
    driver.click(*cell_centre(displaced))
    assert cart.solved


def test_mouse_slides_a_whole_row_counting_each_tile(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=0)
    set_start(cart, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15))
    driver.click(*cell_centre(15))  # the gap is at 12: 13, 14, 15 all slide left
    assert cart.solved
    assert cart.session.move_count == 3
    assert cart.session.move_texts() == ["13", "14", "15"]


# Gap bottom right, but three tiles cycled, so the board is not solved.
UNSOLVED_GAP_CORNER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 12, 13, 11, 14, 0)


def test_click_off_line_is_refused(make_app):
    app, driver, cart = open_bypuzz(make_app)
    set_start(cart, UNSOLVED_GAP_CORNER)
    driver.click(*cell_centre(0))  # gap at 15: cell 0 shares neither row nor column
    assert cart.state.tiles == UNSOLVED_GAP_CORNER


def test_direction_at_the_edge_is_refused(make_app):
    app, driver, cart = open_bypuzz(make_app)
    set_start(cart, UNSOLVED_GAP_CORNER)
    driver.key("UP")  # nothing below the gap
    driver.key("LEFT")  # nothing right of the gap
    assert cart.state.tiles == UNSOLVED_GAP_CORNER
    driver.key("DOWN")
    assert cart.state.tiles[11] == 0


def test_undo_redo_restart_by_keys(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    start = cart.state
    for _ in range(6):
        move_by_key(driver, cart)
    moved = cart.state
    assert cart.session.move_count > 0
    driver.key("Z")
    driver.key("Y")
    assert cart.state == moved
    driver.key("Z")
    assert cart.session.position == len(cart.session.states) - 2
    driver.key("Y")
    cart.ask_restart()  # "Same shuffle again" in the pause menu
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    assert cart.state == start and cart.session.move_count == 0
    driver.key("Z")  # restart itself is undoable
    assert cart.state == moved
    driver.key("R")  # R: a new puzzle, back to the choice, after asking
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    driver.frame()
    assert isinstance(cart.screen, ChooseScreen) and cart.session is None


def test_pad_shoulders_undo_and_redo(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    after = cart.state
    driver.pad("LEFTSHOULDER")
    assert cart.state != after
    driver.pad("RIGHTSHOULDER")
    assert cart.state == after


def test_solved_then_new_game(make_app):
    app, driver, cart = open_bypuzz(make_app)
    driver.key(gap_direction_to_solve(cart))
    assert cart.solved
    driver.run(130)  # the solved animation
    driver.key("N")
    driver.frame()
    assert not cart.solved and isinstance(cart.screen, ChooseScreen)


def test_help_opens_anywhere_and_any_key_returns(make_app):
    app, driver = make_app()
    driver.key("F1")
    assert isinstance(app.overlays[-1], Help)
    driver.key("A")
    assert not app.overlays
    driver.key("RETURN")
    driver.frame()
    driver.pad("BACK")
    assert isinstance(app.overlays[-1], Help)
    assert "gap" in " ".join(app.overlays[-1].lines)  # the cartridge's own page is there
    driver.pad("A")
    assert not app.overlays and app.screen is app.cartridge


def test_leaving_a_game_in_progress_asks_and_autosaves(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    driver.key("ESCAPE")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("N")
    assert app.cartridge is cart
    driver.key("X")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("Y")
    driver.frame()
    assert app.cartridge is None and isinstance(app.screen, Menu)
    assert app.storage.read("autosave-bypuzz.txt") is not None


def test_autosave_then_resume_on_next_start(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    for _ in range(3):
        move_by_key(driver, cart)
    played = cart.state
    count = cart.session.move_count
    storage = app.storage
    assert storage.read("autosave-bypuzz.txt") is not None  # saved after every move
    app2, driver2 = make_app(storage=storage)
    assert isinstance(app2.overlays[-1], Confirm)
    driver2.key("Y")
    driver2.frame()
    assert app2.cartridge.state == played
    assert app2.cartridge.session.move_count == count


def test_resume_defaults_to_yes_so_a_reflexive_return_resumes(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    for _ in range(2):
        move_by_key(driver, cart)
    played, count = cart.state, cart.session.move_count
    app2, driver2 = make_app(storage=app.storage)
    question = app2.overlays[-1]
    assert isinstance(question, Confirm) and question.yes_selected
    driver2.key("RETURN")
    driver2.frame()
    assert app2.cartridge.state == played and app2.cartridge.session.move_count == count


def test_declining_resume_starts_fresh_but_keeps_the_old_save_until_the_first_move(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    old_save = app.storage.read("autosave-bypuzz.txt")
    app2, driver2 = make_app(storage=app.storage, seed=8)  # another shuffle than the saved one
    driver2.key("N")
    driver2.frame()
    cart2 = app2.cartridge
    assert cart2.session is None and isinstance(cart2.screen, ConfigScreen)
    assert app2.storage.read("autosave-bypuzz.txt") == old_save
    driver2.key("RETURN")  # config accepted: on to the puzzle choice, still no move
    driver2.frame()
    assert isinstance(cart2.screen, ChooseScreen)
    assert app2.storage.read("autosave-bypuzz.txt") == old_save
    driver2.key("ESCAPE")  # leaving without a move keeps it too, and it is offered again
    driver2.key("Y")
    driver2.frame()
    assert app2.cartridge is None and app2.storage.read("autosave-bypuzz.txt") == old_save
    driver2.key("RETURN")
    assert isinstance(app2.overlays[-1], Confirm)
    driver2.key("N")
    driver2.frame()
    app2.cartridge.new_game(shuffle_moves=30)
    move_by_key(driver2, app2.cartridge)  # the new game's first move replaces the old one
    assert app2.storage.read("autosave-bypuzz.txt") == app2.cartridge.session.to_text() != old_save


def test_corrupt_autosave_is_set_aside_with_a_message(make_app):
    from pyxel_app.shell.storage import MemoryStorage

    storage = MemoryStorage({"autosave-bypuzz.txt": "game=bypuzz\nstart=1,2,3\nmove=99\n"})
    app, driver = make_app(storage=storage)
    driver.key("Y")
    assert isinstance(app.overlays[-1], Message)
    assert "autosave-bypuzz.txt.bad" in storage.blobs
    assert "autosave-bypuzz.txt" not in storage.blobs
    driver.key("RETURN")
    assert app.cartridge is not None and isinstance(app.cartridge.screen, ConfigScreen)


def test_a_garbage_line_in_settings_costs_only_that_line(make_app):
    from pyxel_app.shell.storage import MemoryStorage

    storage = MemoryStorage({"settings.txt": "language=de\nthis line is garbage\n"})
    app, driver = make_app(storage=storage)
    assert isinstance(app.overlays[-1], Message)
    assert "line 2" in " ".join(app.overlays[-1].lines)
    assert storage.blobs["settings.txt.bad"] == "language=de\nthis line is garbage\n"
    assert storage.blobs["settings.txt"] == "language=de\n"
    assert app.language == "de"
    driver.key("RETURN")
    assert not app.overlays


def test_two_startup_problems_show_two_dialogs_one_after_the_other(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    played = cart.state
    storage = app.storage
    storage.write("settings.txt", "this line is garbage\n")
    app2, driver2 = make_app(storage=storage)
    assert [type(overlay) for overlay in app2.overlays] == [Message]  # the resume question waits
    assert " ".join(app2.overlays[0].lines).startswith("Settings: line 1")
    driver2.key("RETURN")
    assert [type(overlay) for overlay in app2.overlays] == [Confirm]
    driver2.key("Y")
    driver2.frame()
    assert not app2.overlays and app2.cartridge.state == played


def test_settings_with_unknown_key_binding_are_rejected(make_app):
    from pyxel_app.shell.storage import MemoryStorage

    storage = MemoryStorage({"settings.txt": "key.up=NOSUCHKEY\n"})
    app, driver = make_app(storage=storage)
    assert isinstance(app.overlays[-1], Message)
    assert app.input.bindings.keys  # defaults in place
    assert "settings.txt.bad" in storage.blobs


def test_remapped_keys_persist(make_app):
    from pyxel_app.shell.storage import MemoryStorage

    storage = MemoryStorage({"settings.txt": "key.up=W\nkey.down=S\nkey.left=A\nkey.right=D\n"})
    app, driver = make_app(storage=storage)
    driver.key("RETURN")
    cart = app.cartridge
    driver.frame()
    set_start(cart, UNSOLVED_GAP_CORNER)
    driver.frame()
    driver.key("D")  # RIGHT: the tile left of the gap moves right
    assert cart.state.tiles[14:] == (0, 14)


def gap_in_the_middle() -> tuple[int, ...]:
    """The goal with the gap moved to row 2, column 2: every direction slides a tile."""
    from pyxel_app.rules.fifteen import RULES, Fifteen

    state = Fifteen(STANDARD_GOAL, STANDARD_GOAL)
    for tile in (15, 11):
        state = RULES.apply(state, tile)
    return state.tiles


@pytest.mark.parametrize("settings", [
    "key.down=S\n",  # DOWN given to S on the keys screen
    "key.up=W\nkey.down=S\nkey.left=A\nkey.right=D\n",
    "key.up=I\nkey.down=K\nkey.left=J\nkey.right=L\n",
    "key.undo=UP\n",  # an arrow given away: refused, the defaults come back
])
def test_the_arrows_and_the_pad_move_tiles_whatever_the_bindings(make_app, settings):
    from pyxel_app.shell.storage import MemoryStorage

    app, driver = make_app(storage=MemoryStorage({"settings.txt": settings}))
    while app.overlays:
        driver.key("RETURN")
    driver.key("RETURN")
    cart = app.cartridge
    driver.frame()
    for press in (driver.key, driver.pad):
        for arrow, button in (("UP", "DPAD_UP"), ("DOWN", "DPAD_DOWN"), ("LEFT", "DPAD_LEFT"), ("RIGHT", "DPAD_RIGHT")):
            set_start(cart, gap_in_the_middle())
            driver.frame()
            press(arrow if press == driver.key else button)
            assert cart.session.move_count == 1, (settings, arrow)


def test_language_switch_persists(make_app):
    app, driver = make_app()
    driver.key("L")
    assert app.language == "de"
    assert "language=de" in app.storage.read("settings.txt")
    app2, _ = make_app(storage=app.storage)
    assert app2.language == "de"


def test_quit_asks_and_autosaves(make_app, monkeypatch):
    calls = []
    monkeypatch.setattr(pyxel, "quit", lambda: calls.append(1))
    app, driver = make_app()
    driver.key("Q")
    assert isinstance(app.overlays[-1], Confirm)
    driver.key("N")
    assert not calls
    driver.key("Q")
    driver.key("Y")
    assert calls == [1]


def test_web_hides_quit(make_app, monkeypatch):
    calls = []
    monkeypatch.setattr(pyxel, "quit", lambda: calls.append(1))
    app, driver = make_app(web=True)
    driver.key("Q")
    assert not app.overlays
    driver.key("RETURN")
    driver.frame()
    driver.key("TAB")
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    assert all("Quit" not in label for label, _ in menu.entries)
    app.quit()
    assert not calls


def test_pause_menu_runs_commands_by_pad(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    moved = cart.state
    driver.pad("START")
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    labels = [label for label, _ in menu.entries]
    undo = next(i for i, label in enumerate(labels) if label.startswith("Undo"))
    for _ in labels:  # down passes over the gap under "Back to the game"
        if menu.chooser.index == undo:
            break
        driver.pad("DPAD_DOWN")
    driver.pad("A")
    assert not app.overlays and cart.state != moved


def test_save_and_load_from_the_pause_menu(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    saved = cart.state
    cart.save_game()
    driver.key("RETURN")  # a new slot
    driver.key("RETURN")  # named as offered
    move_by_key(driver, cart)
    move_by_key(driver, cart)
    cart.load_game()
    driver.key("RETURN")  # the slot just saved
    driver.key("Y")  # yes, the game in progress goes
    assert cart.state == saved
    assert "move=" in app.storage.read("slot-bypuzz-Game_1.txt")


def test_confirm_by_mouse(make_app):
    app, driver, cart = open_bypuzz(make_app, shuffle=30)
    move_by_key(driver, cart)
    cart.ask_restart()
    confirm = app.overlays[-1]
    (yes_start, _), _ = confirm._answer_spans()
    driver.click(yes_start + 2, confirm.answer_row * ui.CELL + 3)
    assert not app.overlays and cart.session.move_count == 0


def test_board_is_drawn_in_c64_colours(make_app):
    app, driver, cart = open_bypuzz(make_app)
    set_start(cart, UNSOLVED_GAP_CORNER)
    from pyxel_app.shell import loading, palette

    driver.run(loading.STRIPE_FRAMES)  # the border's loading stripes are gone
    assert pyxel.pget(1, 1) == palette.BORDER
    assert pyxel.pget(ui.BORDER_X + 2, ui.BORDER_Y + 100) == palette.BACKGROUND
    from pyxel_app.cartridges.bypuzz.board import tile_colour

    x, y = cell_centre(0)
    assert pyxel.pget(ui.BORDER_X + x - 15, ui.BORDER_Y + y - 7) == tile_colour(UNSOLVED_GAP_CORNER[0])
    gap_x, gap_y = cell_centre(15)
    assert pyxel.pget(ui.BORDER_X + gap_x, ui.BORDER_Y + gap_y) == palette.BACKGROUND


def test_a_long_help_page_scrolls_and_other_keys_leave(make_app):
    app, driver = make_app()
    driver.key("DOWN")  # Connect 4, whose page is longer than the screen
    driver.key("RETURN")
    driver.frame()
    driver.key("F1")
    help_page = app.overlays[-1]
    assert isinstance(help_page, Help) and help_page.max_top > 0
    driver.key("DOWN")
    driver.key("DOWN")
    assert help_page.top == 2 and app.overlays[-1] is help_page
    driver.key("UP")
    assert help_page.top == 1
    driver.key("SPACE")
    assert not app.overlays


class ReadOnlyStorage(Storage):
    """Reads like an empty store; every write fails as on a full or read-only disk."""

    def read(self, name, limit=None):
        return None

    def write(self, name, text):
        raise OSError(28, "No space left on device")

    def delete(self, name):
        pass

    def describe(self, name):
        return name


def test_a_failing_disk_gives_a_message_and_play_goes_on(make_app):
    app, driver = make_app(storage=ReadOnlyStorage())
    driver.key("L")  # the language setting cannot be written
    assert isinstance(app.overlays[-1], Message)
    assert "der Datenträger ist voll" in " ".join(app.overlays[-1].lines)  # the system's English never shows
    assert app.language == "de"
    driver.key("RETURN")
    assert not app.overlays


def test_menu_options_by_pad_and_mouse(make_app):
    from pyxel_app.shell.keys import KeysScreen

    app, driver = make_app()
    menu = app.menu
    for _ in range(menu.rows):  # past the cartridges and the puzzles of the day: the language option
        driver.pad("DPAD_DOWN")
    driver.pad("A")
    assert app.language == "de"
    x0, _ = menu.option_spans()[0]
    from pyxel_app.shell.menu import OPTIONS_ROW

    driver.click(x0 + 4, OPTIONS_ROW * ui.CELL + 3)
    assert app.language == "en"
    k0, _ = menu.option_spans()[1]  # measured in English: the language's label is longer there
    driver.click(k0 + 4, OPTIONS_ROW * ui.CELL + 3)
    driver.frame()
    assert isinstance(app.screen, KeysScreen)
    driver.pad("B")
    driver.frame()
    assert app.screen is app.menu
    assert menu.index == menu.rows + 1  # still on Keys
    driver.pad("DPAD_DOWN")  # Sound
    driver.pad("DPAD_DOWN")  # Quit
    driver.pad("A")
    assert isinstance(app.overlays[-1], Confirm)
    driver.pad("B")
    driver.pad("DPAD_DOWN")  # wraps round to the first cartridge
    assert menu.index == 0


def test_keyboard_only_in_bypuzz_leaves_the_menu_mouse_and_pad_working(make_app):
    from pyxel_app.shell.menu import FIRST_ROW_Y

    app, driver, cart = open_bypuzz(make_app)
    driver.key("T")
    assert not app.input.mouse_enabled and not app.input.pad_enabled
    driver.key("X")
    driver.key("Y")
    driver.frame()
    assert app.screen is app.menu
    driver.pad("DPAD_DOWN")
    assert app.menu.index == 1
    driver.click(20, FIRST_ROW_Y + 10)  # the first cartridge's row
    driver.frame()
    assert isinstance(app.cartridge, ByPuzz) and app.screen is app.cartridge
    assert not app.input.mouse_enabled and not app.input.pad_enabled  # ByPuzz remembers its own choice
