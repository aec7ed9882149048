"""The peg solitaire cartridge, driven frame by frame: drag and drop, keys, pad, game over."""

from __future__ import annotations

import re

import pytest

from pyxel_app.cartridges.pegs import ENTRIES, Layout, start_text
from pyxel_app.cartridges.pegs_hop import HOP_FRAMES
from pyxel_app.rules.pegs import RULES, board_key
from pyxel_app.shell import strings, ui
from pyxel_app.shell.glyphs import GLYPHS


def open_pegs(make_app, entry: str = "english", text: str | None = None):
    app, driver = make_app()
    app.open_cartridge("pegs")
    driver.frame()
    cart = app.cartridge
    assert cart.screen_id == "pick"
    if text is not None:
        cart.custom = text
        entry = "custom"
    cart.play_entry(entry)
    driver.frame()
    return app, driver, cart


def point(cart, cell):
    return cart.layout.centre(cell)


def board_text(cart) -> str:
    return RULES.state_to_text(cart.state).split(" ")[0]


def status(cart) -> str:
    return strings.t(f"pegs.{cart.status[0]}", **cart.status[1])


def test_the_seeds_first_message_and_the_english_board(make_app):
    app, driver, cart = open_pegs(make_app)
    assert status(cart) == "Press-drag-release to make a move."
    assert cart.state == RULES.initial_state("english")


def test_a_drag_follows_the_pointer_and_an_illegal_drop_snaps_back(make_app):
    import pyxel

    from pyxel_app.shell import palette, ui

    app, driver, cart = open_pegs(make_app)
    x, y = point(cart, (3, 0))
    driver.press(x, y)
    assert status(cart) == "Pressed at d1. Marble found" and cart.dragging == (3, 0)
    driver.move(x + 5, y + 20)
    assert (app.input.mouse_x, app.input.mouse_y) == (x + 5, y + 20)
    # The marble is drawn under the pointer (left of the arrow), off its hole.
    assert pyxel.screen.pget(ui.BORDER_X + x + 5 - 3, ui.BORDER_Y + y + 20) == palette.YELLOW
    driver.release(*point(cart, (3, 2)))  # d1 over d2 onto d3: d3 holds a marble
    assert status(cart) == "Released at d3. Not a valid move."
    assert cart.dragging is None and cart.state == RULES.initial_state("english")


def test_a_legal_drop_lands_and_removes_the_jumped_marble(make_app):
    app, driver, cart = open_pegs(make_app)
    driver.drag(*point(cart, (3, 1)), *point(cart, (3, 3)))
    assert status(cart) == "Released at d4. Valid move - Marble removed."
    assert board_text(cart) == "__ooo__/__o.o__/ooo.ooo/ooooooo/ooooooo/__ooo__/__ooo__"
    assert (cart.state.jumps, cart.state.moves) == (1, 1)
    assert app.storage.read("autosave-pegs.txt") is not None  # the session keeps the game


def test_pressing_an_empty_hole_finds_no_marble(make_app):
    app, driver, cart = open_pegs(make_app)
    driver.press(*point(cart, (3, 3)))
    assert status(cart) == "Pressed at d4. No marble found" and cart.dragging is None
    driver.release(*point(cart, (3, 3)))


def test_winning_in_the_centre_and_input_ignored_after_game_over(make_app):
    app, driver, cart = open_pegs(make_app, text="_____/_____/_oo._/_____/_____")
    driver.drag(*point(cart, (1, 2)), *point(cart, (3, 2)))
    assert status(cart) == "Game over. You won."
    cart.custom = "_____/_____/oo.__/_____/_____"
    cart.play_entry("custom")
    driver.drag(*point(cart, (0, 2)), *point(cart, (2, 2)))
    assert status(cart) == "Game over. You won. Perfect: in the centre!"
    # Each own board keeps its own best: the first board's entry is still there.
    assert app.settings.get(f"pegs.best.{board_key(cart.state.board)}") == "1/1"
    first = board_key(RULES.state_from_text("_____/_____/_oo._/_____/_____").board)
    assert first != board_key(cart.state.board) and app.settings.get(f"pegs.best.{first}") == "1/1"
    before = cart.state
    driver.press(*point(cart, (2, 2)))  # the board takes no input now
    driver.key("RETURN")
    driver.key("LEFT")
    assert cart.state == before and status(cart).startswith("Game over.")
    driver.key("SPACE")  # exercise 2: Space starts again
    assert status(cart) == "Press-drag-release to make a move." and cart.state.marble_count == 2


def test_lost_when_no_jump_is_left(make_app, monkeypatch):
    from sound_log import listen

    app, driver, cart = open_pegs(make_app, text="oo._o")
    played = listen(monkeypatch)
    driver.drag(*point(cart, (0, 0)), *point(cart, (2, 0)))
    assert status(cart) == "Game over. You lost. (No valid moves available)"
    assert "dead_end" not in played.names  # the marble is still on its way
    driver.run(HOP_FRAMES)
    assert played.names[-2:] == ["dead_end", "best"]  # as it lands; the first result on this board is its best


def test_keyboard_select_and_a_direction_jump(make_app):
    app, driver, cart = open_pegs(make_app)
    cart.cursor = (3, 1)
    driver.key("RETURN")
    assert cart.picked == (3, 1) and status(cart) == "Pressed at d2. Marble found"
    driver.key("DOWN")
    assert cart.state.jumps == 1 and not cart.state.has_marble((3, 2)) and cart.cursor == (3, 3)


def test_pad_picks_moves_to_the_destination_and_selects(make_app):
    app, driver, cart = open_pegs(make_app)
    cart.cursor = (1, 3)
    driver.pad("A")
    assert cart.picked == (1, 3)
    driver.pad("DPAD_UP")  # no jump upwards from b4: the cursor moves instead
    assert cart.cursor == (1, 2) and cart.state.jumps == 0
    driver.pad("DPAD_DOWN")
    driver.pad("DPAD_RIGHT")  # b4 over c4 into d4: a jump to the right
    assert cart.state.jumps == 1 and cart.cursor == (3, 3)
    cart.cursor = (3, 5)
    driver.pad("A")
    cart.cursor = (3, 3)
    driver.pad("A")  # d4 holds a marble: select picks it instead of jumping there
    assert cart.picked == (3, 3) and status(cart) == "Pressed at d4. Marble found"
    cart.cursor = (2, 3)
    driver.pad("A")  # d4 to the empty c4 next to it: not a jump
    assert status(cart) == "Released at c4. Not a valid move." and cart.state.jumps == 1


def test_undo_redo_and_the_counts(make_app):
    app, driver, cart = open_pegs(make_app)
    driver.drag(*point(cart, (3, 1)), *point(cart, (3, 3)))
    driver.key("Z")
    assert cart.state == RULES.initial_state("english")
    driver.key("Y")
    assert cart.state.jumps == 1


def test_the_light_and_the_hint_come_from_the_solver_without_blocking(make_app):
    app, driver, cart = open_pegs(make_app, "triangle")
    driver.key("H")
    for _ in range(200):
        if cart.light() is not None and cart.hint_jump is not None:
            break
        driver.frame()
    assert cart.light() is True and cart.hint_jump in RULES.legal_moves(cart.state)


@pytest.mark.parametrize("entry", ["french_centre", "diamond_centre"])
def test_a_centre_start_that_cannot_be_won_warns(make_app, entry):
    app, driver, cart = open_pegs(make_app, entry)
    assert cart.message == strings.t("pegs.warn.centre")
    for _ in range(300):  # the solver's first slices build its symmetry tables
        if cart.light() is not None:
            break
        driver.frame()
    assert cart.light() is False


def test_the_picker_by_keys(make_app):
    app, driver = make_app()
    app.open_cartridge("pegs")
    driver.frame()
    cart = app.cartridge
    for _ in range(6):
        driver.key("DOWN")
    driver.key("RETURN")
    assert cart.screen_id == "play" and cart.state.board.triangular


def test_a_bad_board_file_names_the_line_and_changes_nothing(make_app, tmp_path):
    app, driver, cart = open_pegs(make_app)
    bad = tmp_path / "bad.txt"
    bad.write_text("ooo\no?o\n")
    cart.take_dropped(str(bad))
    assert "line 2" in " ".join(app.overlays[-1].lines)
    assert cart.custom is None and cart.state == RULES.initial_state("english")
    good = tmp_path / "mine.txt"
    good.write_text("# mine\noo.\n")
    cart.take_dropped(str(good))
    assert cart.entry == "custom" and app.storage.read("pegs-board.txt") == "# mine\noo.\n"


@pytest.mark.parametrize("language", ["en", "de"])
def test_both_languages_have_the_same_keys(language):
    from pyxel_app.games.pegs import STRINGS

    assert set(STRINGS[language]) == set(STRINGS["en"])


def test_the_game_in_progress_is_resumed_with_its_counts(make_app):
    app, driver, cart = open_pegs(make_app, "triangle")
    driver.drag(*point(cart, (0, 2)), *point(cart, (0, 0)))
    played = cart.state
    assert played.jumps == 1
    app2, driver2 = make_app(storage=app.storage)
    driver2.key("Y")  # resume the autosave
    driver2.frame()
    assert app2.cartridge.key == "pegs" and app2.cartridge.state == played
    assert app2.cartridge.screen_id == "play"


def test_a_drag_step_in_a_script_and_a_bad_one():
    from pyxel_app.shell.harness import ScriptError, tokens

    assert tokens("press:1,2 drag:1,2,30,40 release:3,4") == ["press:1,2", "drag:1,2,30,40", "release:3,4"]
    with pytest.raises(ScriptError, match="four numbers"):
        tokens("drag:1,2,3")


def test_a_slow_lost_position_ends_with_a_red_light(make_app):
    lost = "__ooo__/__o.o__/oo.oooo/....o.o/....o.o/__ooo__/__ooo__"  # a proof of ~60,000 positions
    app, driver, cart = open_pegs(make_app, text=lost)
    for _ in range(20_000):  # a slice a frame, however many frames it takes
        if cart.light() is not None:
            break
        driver.frame()
    assert cart.light() is False


@pytest.mark.parametrize("entry", ENTRIES)
def test_each_row_number_stands_on_the_middle_of_its_row_of_holes(pyxel_screen, entry):
    """A row's number is drawn with its digits' middle on its holes' middle (they sat on text rows,
    up to 4 pixels off), and the numbers keep a line's pitch apart."""
    layout = Layout(RULES.state_from_text(start_text(entry, None)))
    labels = layout.row_labels()
    assert len(labels) >= (layout.board.height + 1) // 2
    ink = [row for row, line in enumerate(GLYPHS["1"]) if "#" in line]
    for number, x, y in labels:
        row = int(number) - 1
        holes = [layout.centre(cell)[1] for cell in layout.board.holes if cell[1] == row]
        assert holes and all(hole == holes[0] for hole in holes)
        assert 2 * y + ink[0] + ink[-1] in (2 * holes[0] - 1, 2 * holes[0], 2 * holes[0] + 1), (entry, number, y, holes[0])
        first = min(layout.centre(cell)[0] for cell in layout.board.holes if cell[1] == row)
        assert x + len(number) * ui.CELL <= first - layout.size // 2, (entry, number)
    tops = [y for _, _, y in labels]
    assert all(b - a >= ui.LINE_PITCH for a, b in zip(tops, tops[1:])), (entry, tops)


def test_the_board_is_labelled_and_the_status_speaks_its_names(make_app, screen_text):
    app, driver, cart = open_pegs(make_app)
    printed = screen_text(app).split(" | ")
    for label in "abcdefg1234567":
        assert label in printed, f"no label {label}"
    driver.press(*point(cart, (3, 1)))
    assert status(cart) == "Pressed at d2. Marble found"
    driver.release(*point(cart, (3, 3)))
    assert status(cart) == "Released at d4. Valid move - Marble removed."
    driver.key("H")  # the hint speaks the same names
    for _ in range(300):
        if cart.hint_jump is not None:
            break
        driver.frame()
    assert re.fullmatch(r"Hint: [a-g][1-7]-[a-g][1-7]", cart.message)


def test_an_off_board_press_says_so_in_both_languages(make_app):
    app, driver, cart = open_pegs(make_app)
    driver.press(5, 100)  # left of the board, over the side column
    assert status(cart) == "Pressed off the board. No marble found"
    driver.release(5, 100)
    driver.press(*point(cart, (0, 0)))  # a1: a corner of the cross, no hole there
    assert status(cart) == "Pressed off the board. No marble found"
    driver.release(*point(cart, (0, 0)))
    driver.drag(*point(cart, (3, 1)), 5, 100)
    assert status(cart) == "Released off the board. Not a valid move."
    strings.set_language("de")
    assert status(cart) == "Neben dem Brett losgelassen. Kein gültiger Zug."


def test_undo_keeps_the_keyboard_cursor_where_the_player_was(make_app):
    app, driver, cart = open_pegs(make_app)
    cart.cursor = (3, 5)
    driver.key("RETURN")
    driver.key("UP")  # d6 over d5 into d4
    assert cart.state.jumps == 1 and cart.cursor == (3, 3)
    driver.key("Z")
    assert cart.state == RULES.initial_state("english") and cart.cursor == (3, 3)
    driver.key("RIGHT")
    driver.key("Y")
    assert cart.state.jumps == 1 and cart.cursor == (4, 3)
    driver.key("SPACE")
    assert cart.cursor == (4, 3)


@pytest.mark.parametrize("jumps", [0, 1])
def test_space_gives_a_fresh_board_with_no_marble_picked_and_the_first_words(make_app, jumps):
    app, driver, cart = open_pegs(make_app)
    if jumps:
        cart.cursor = (3, 1)
        driver.key("RETURN")
        driver.key("DOWN")
    cart.cursor = (3, 5)
    driver.key("RETURN")
    assert cart.picked == (3, 5) and status(cart) == "Pressed at d6. Marble found"
    driver.key("SPACE")
    assert cart.state == RULES.initial_state("english")
    assert cart.picked is None and status(cart) == "Press-drag-release to make a move."
