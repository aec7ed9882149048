"""Connect 4 end to end, headless: setup screens, play by keys, pad, stick and mouse, the end texts."""

from __future__ import annotations



import pytest

from pyxel_app.cartridges import connect4 as c4
from pyxel_app.cartridges.connect4 import BOARD_X, BOARD_Y, CELL_PX
from pyxel_app.games.connect4 import SPEC
from pyxel_app.shell import match, setup
from pyxel_app.shell.keyboard import keyboard_keys
from pyxel_app.shell.match import MatchCartridge
from pyxel_app.rules.connect4 import RULES
from pyxel_app.session import Session
from pyxel_app.shell import strings
from pyxel_app.shell.menu import Menu
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.storage import MemoryStorage


def open_connect4(make_app, **kwargs):
    app, driver = make_app(**kwargs)
    assert isinstance(app.screen, Menu)
    app.open_cartridge("connect4")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge) and cart.key == "connect4" and app.screen is cart
    return app, driver, cart


def settle(driver, cart, limit=400):
    """Let the falling disc land and the computer answer."""
    for _ in range(limit):
        if cart.ui.falling is None and not cart.thinking and not cart.hinting and not cart.agent_to_move():
            return
        driver.frame()
    raise AssertionError("the board never came to rest")


def two_players(make_app, name1="", name2="", colour1="1", colour2="4", **kwargs):
    app, driver, cart = open_connect4(make_app, **kwargs)
    driver.key("2")
    assert cart.phase == "name"
    if name1:
        driver.text(name1)
    driver.key("RETURN")
    driver.key(colour1)
    if name2:
        driver.text(name2)
    driver.key("RETURN")
    driver.key(colour2)
    assert cart.phase == "play"
    return app, driver, cart


def against_computer(make_app, name="", colour="1", level="1", **kwargs):
    app, driver, cart = open_connect4(make_app, **kwargs)
    driver.key("1")
    assert cart.phase == "level"
    driver.key(level)
    assert cart.phase == "name"
    if name:
        driver.text(name)
    driver.key("RETURN")
    driver.key(colour)
    assert cart.phase == "play"
    return app, driver, cart


def play_columns(driver, cart, letters: str) -> None:
    for letter in letters:
        driver.key(letter)
        settle(driver, cart)


def column_centre(column: int) -> tuple[int, int]:
    return BOARD_X + column * CELL_PX + CELL_PX // 2, BOARD_Y + CELL_PX


# Setup: mode, names, colours.


def test_two_players_typed_names_and_colours(make_app):
    app, driver, cart = two_players(make_app, "Anna", "Ben", "2", "3")
    assert cart.mode == "two"
    assert cart.names == ["Anna", "Ben"]
    assert cart.colours == ["green", "yellow"]
    assert cart.player_label(0) == "Anna (Green)"
    assert cart.session.move_count == 0


def test_empty_names_become_player_1_and_player_2(make_app):
    app, driver, cart = two_players(make_app)
    assert cart.player_label(0) == "Player 1 (Red)"
    assert cart.player_label(1) == "Player 2 (Blue)"


def test_backspace_deletes_and_spaces_are_trimmed(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.text("  Annax")
    driver.key("BACKSPACE")
    assert cart.entry.typed == "Anna"
    driver.text(" ")
    driver.key("RETURN")
    assert cart.names[0] == "Anna"


def test_a_name_is_at_most_twelve_letters_and_brackets_are_dropped(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.text("[Max]imilian-Alexander")
    assert cart.entry.typed == "Maximilian-A"
    assert cart.message == "A name has at most 12 letters."


def test_the_name_line_shows_the_places_left_and_a_refused_letter_is_heard(make_app, screen_text, monkeypatch):
    from pyxel_app.shell.keyboard import NAME_MAX, PLACE

    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    printed = screen_text(app).split(" | ")
    assert PLACE * (NAME_MAX - 1) in printed  # the empty name: the cursor and eleven places
    driver.text("Anna")
    assert PLACE * (NAME_MAX - 5) in screen_text(app).split(" | ")
    played = []
    monkeypatch.setattr(app, "sound", played.append)
    driver.text("bellamaria")  # 14 letters in all: the last two are refused, with a sound and the limit said
    assert cart.entry.typed == "Annabellamar" and played
    assert cart.message == "A name has at most 12 letters."
    assert PLACE not in screen_text(app)


def test_pad_picks_letters_from_the_on_screen_keyboard(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.pad("DPAD_DOWN")
    driver.pad("A")
    assert cart.mode == "two" and cart.phase == "name"
    driver.pad("A")  # "A", capital at the start
    driver.pad("DPAD_DOWN")
    driver.pad("DPAD_RIGHT")
    driver.pad("DPAD_RIGHT")
    driver.pad("DPAD_RIGHT")
    driver.pad("A")  # "n": row 2, column 4, small after the first letter
    driver.pad("A")
    driver.pad("A")
    assert cart.entry.typed == "Annn"
    driver.pad("B")
    assert cart.entry.typed == "Ann"
    driver.pad("DPAD_UP")
    for _ in range(3):
        driver.pad("DPAD_LEFT")
    driver.pad("A")
    assert cart.entry.typed == "Anna"
    driver.pad("START")
    assert cart.phase == "colour" and cart.names[0] == "Anna"


def test_pad_start_accepts_the_default_name(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.pad("START")
    assert cart.phase == "colour" and cart.player_name(0) == "Player 1"


def test_pad_walks_to_the_done_key(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.pad("DPAD_UP")  # wraps to the row of wide keys, under "A": SPACE
    assert keyboard_keys()[cart.entry.index][0] == "space"
    driver.pad("DPAD_LEFT")  # wraps to DONE
    assert keyboard_keys()[cart.entry.index][0] == "done"
    driver.pad("DPAD_UP")
    assert keyboard_keys()[cart.entry.index][0] in "789"
    driver.pad("DPAD_DOWN")
    driver.pad("A")
    assert cart.phase == "colour"


def test_on_screen_done_key_by_pad_and_click(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    keys = keyboard_keys()
    done = next(i for i, key in enumerate(keys) if key[0] == "done")
    cart.entry.index = done
    driver.pad("A")
    assert cart.phase == "colour"
    driver.key("1")
    key, col, row, width = next(k for k in keyboard_keys() if k[0] == "Z")
    driver.click(col * 8 + 2, row * 8 + 2)
    assert cart.entry.typed == "Z"
    key, col, row, width = next(k for k in keyboard_keys() if k[0] == "done")
    driver.click(col * 8 + 20, row * 8 + 2)
    assert cart.names[1] == "Z"


def test_second_player_cannot_take_the_first_colour(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.key("RETURN")
    driver.key("1")
    driver.key("RETURN")
    assert cart.phase == "colour" and cart.seat == 1
    driver.key("1")
    assert cart.phase == "colour"
    assert cart.message == "Invalid choice! Player 1 has Red already."
    assert cart.chooser.index != 0
    driver.key("RETURN")  # the highlight starts on a free colour
    assert cart.phase == "play" and cart.colours[1] != "red"


def test_duplicate_colour_refused_in_german_with_the_seed_message(make_app):
    app, driver, cart = open_connect4(make_app)
    strings.set_language("de")
    driver.key("2")
    driver.key("RETURN")
    driver.text("gelb")
    driver.key("RETURN")
    assert cart.colours[0] == "yellow"
    driver.key("RETURN")
    driver.text("Gelb")
    driver.key("RETURN")
    assert cart.message.startswith("Fehlerhafte Auswahl!")
    driver.text("Blau")
    driver.key("RETURN")
    assert cart.colours == ["yellow", "blue"]
    assert cart.player_label(1) == "Spieler 2 (Blau)"


def test_unknown_colour_typed_is_an_invalid_choice(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.key("RETURN")
    driver.text("purple")
    driver.key("RETURN")
    assert cart.phase == "colour"
    assert cart.message == "Invalid choice!"


def test_colour_by_arrows_and_click(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.key("RETURN")
    driver.key("DOWN")
    driver.key("DOWN")
    driver.key("RETURN")
    assert cart.colours[0] == "yellow"
    driver.key("RETURN")
    row = setup.COLOUR_ROW + 3 * setup.CHOICE_PITCH
    driver.click(40, row * 8 + 3)
    assert cart.colours == ["yellow", "blue"]


def test_computer_takes_a_random_remaining_colour(make_app):
    seen = set()
    for seed in range(8):
        app, driver, cart = against_computer(make_app, colour="2", seed=seed)
        assert cart.colours[0] == "green"
        assert cart.colours[1] in {"red", "yellow", "blue"}
        seen.add(cart.colours[1])
    assert len(seen) >= 2


def test_the_levels_are_the_ais_each_with_its_label_and_primitive_is_first(make_app):
    from pyxel_app.ai.connect4 import LEVELS

    app, driver, cart = open_connect4(make_app)
    assert SPEC.levels == LEVELS and SPEC.levels[0] == "primitive"
    for language in SPEC.strings:
        assert all(SPEC.strings[language][f"level.{key}"] for key in LEVELS)
    assert cart.level_label("perfect") == "Perfect (solves if it can in 4 s)"


def test_escape_steps_back_through_the_setup(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("1")
    driver.key("1")
    assert cart.phase == "name"
    driver.key("ESCAPE")
    assert cart.phase == "level"
    driver.key("ESCAPE")
    assert cart.phase == "mode"
    driver.key("ESCAPE")
    assert app.cartridge is None


def test_invalid_key_in_the_mode_screen_is_reported(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.text("7")
    assert cart.phase == "mode" and cart.message == "Invalid choice!"


# Play: columns by keys, arrows, pad, stick and mouse.


def test_columns_by_letters_and_digits(make_app):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, "A")
    driver.key("7")
    settle(driver, cart)
    play_columns(driver, cart, "D4")
    assert RULES.state_to_text(cart.state) == "1744"
    assert cart.state.stone_at(0, 0) == 0 and cart.state.stone_at(6, 0) == 1
    assert cart.state.stone_at(3, 1) == 1


def test_arrows_and_select(make_app):
    app, driver, cart = two_players(make_app)
    assert cart.ui.cursor == 3
    driver.key("LEFT")
    driver.key("LEFT")
    driver.key("RETURN")
    settle(driver, cart)
    driver.key("RIGHT")
    driver.key("DOWN")
    settle(driver, cart)
    assert RULES.state_to_text(cart.state) == "23"


def test_pad_and_stick(make_app):
    app, driver, cart = two_players(make_app)
    driver.pad("DPAD_RIGHT")
    driver.pad("A")
    settle(driver, cart)
    driver.stick(30000, 0)
    driver.pad("A")
    settle(driver, cart)
    assert RULES.state_to_text(cart.state) == "56"


def test_mouse_click_on_a_column(make_app):
    app, driver, cart = two_players(make_app)
    driver.click(*column_centre(6))
    settle(driver, cart)
    driver.click(BOARD_X + 2, BOARD_Y + 5 * CELL_PX + 3)  # bottom-left cell: column A
    settle(driver, cart)
    assert RULES.state_to_text(cart.state) == "71"
    assert cart.ui.cursor == 0


def test_full_column_message_and_nothing_changes(make_app):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, "AAAAAA")
    before = cart.state
    driver.key("A")
    assert cart.state == before
    assert cart.message == "This column is already full!"


def test_full_column_message_in_german(make_app):
    app, driver, cart = two_players(make_app)
    strings.set_language("de")
    play_columns(driver, cart, "CCCCCC")
    driver.key("3")
    assert cart.message == "Diese Spalte ist schon voll!"


def test_a_key_that_is_no_column_is_reported(make_app):
    app, driver, cart = two_players(make_app)
    driver.text("9")
    assert cart.message == "Invalid choice!"
    assert cart.session.move_count == 0


def test_the_disc_falls_before_it_lands(make_app):
    app, driver, cart = two_players(make_app)
    driver.key("D")
    assert cart.ui.falling is not None and cart.ui.falling.column == 3 and cart.ui.falling.row == 0
    assert cart.session.move_count == 1  # the session holds it already; only the picture waits
    settle(driver, cart)
    assert cart.ui.falling is None


# The end: the seed's texts.


@pytest.mark.parametrize(
    "moves, text",
    [
        ("BBCCDDE", "Player 1 (Red) won with these stones: (1|0) (2|0) (3|0) (4|0)"),
        ("AGAGAGA", "Player 1 (Red) won with these stones: (0|0) (0|1) (0|2) (0|3)"),
        ("ABBCCDCDDGD", "Player 1 (Red) won with these stones: (0|0) (1|1) (2|2) (3|3)"),
        ("GFFEEDEDDAD", "Player 1 (Red) won with these stones: (3|3) (4|2) (5|1) (6|0)"),
        ("ADADBDGD", "Player 2 (Blue) won with these stones: (3|0) (3|1) (3|2) (3|3)"),
    ],
)
def test_win_lists_the_stones_in_the_seed_format(make_app, moves, text):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, moves)
    assert cart.over
    assert cart.end_text() == text


def test_win_text_in_german(make_app):
    app, driver, cart = two_players(make_app)
    strings.set_language("de")
    play_columns(driver, cart, "BBCCDDE")
    assert cart.end_text() == "Spieler 1 (Rot) hat mit folgenden Steinen gewonnen: (1|0) (2|0) (3|0) (4|0)"


# A random full game that happens to end with no four (found once with random.Random(4)).
DRAWN_GAME = "AGDAFFBBGCDAFGBCFBFFEDAEDECDBDBGGACEEGEACC"


def test_full_board_is_a_draw(make_app):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, DRAWN_GAME)
    assert cart.session.outcome.winner is None
    assert cart.end_text() == "The game is a draw!"
    strings.set_language("de")
    assert cart.end_text() == "Das Spiel ist unentschieden!"


def test_after_the_end_new_game_and_back_to_the_menu(make_app):
    app, driver, cart = two_players(make_app, "Anna", "Ben")
    play_columns(driver, cart, "AGAGAGA")
    assert cart.over
    driver.key("N")
    assert not cart.over and cart.session.move_count == 0
    assert cart.names == ["Anna", "Ben"]
    play_columns(driver, cart, "AGAGAGA")
    driver.key("M")
    driver.frame()
    assert app.cartridge is None and isinstance(app.screen, Menu)


def test_after_the_end_new_players(make_app):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, "AGAGAGA")
    driver.key("P")
    assert cart.phase == "mode" and cart.session is None


# Against the computer.


def test_primitive_computer_replies(make_app):
    app, driver, cart = against_computer(make_app, "Anna")
    assert cart.level == "primitive"
    assert cart.player_name(1) == "Primitive AI"
    driver.key("D")
    settle(driver, cart)
    assert cart.session.move_count == 2
    assert RULES.to_move(cart.state) == 0


def test_computer_thinks_over_several_frames(make_app):
    app, driver, cart = against_computer(make_app)
    driver.key("D")
    while cart.ui.falling is not None:
        driver.frame()
    driver.frame()
    assert cart.thinking  # the thinking indicator is up
    assert cart.session.move_count == 1
    driver.key("A")  # no drop while it thinks
    assert cart.message == "Please wait: the computer is thinking."
    settle(driver, cart)
    assert cart.session.move_count == 2


def test_primitive_computer_blocks_and_wins(make_app):
    app, driver, cart = against_computer(make_app)
    # Three in a row for the human is answered at once.
    cart.session = Session(RULES, RULES.state_from_text("1525"), dict(cart.session.meta))
    cart.on_session_changed()
    play_columns(driver, cart, "C")
    assert RULES.state_to_text(cart.state) == "152534"  # blocked D


def test_against_the_computer_the_first_move_alternates_game_by_game(make_app):
    storage = MemoryStorage()
    app, driver, cart = against_computer(make_app, "Anna", "2", storage=storage)
    assert not cart.is_computer(0) and cart.is_computer(1)
    # A finished game: the human won on the bottom row.
    cart.session = Session(RULES, RULES.state_from_text("1525354"), dict(cart.session.meta))
    cart.on_session_changed()
    assert cart.over and cart.end_text().startswith("Anna (Green) won")
    driver.key("N")
    assert cart.is_computer(0) and not cart.is_computer(1)
    assert cart.names[1] == "Anna" and cart.colours[1] == "green" and cart.player_name(1) == "Anna"
    assert cart.player_name(0) == "Primitive AI"
    settle(driver, cart)
    assert cart.session.move_count == 1 and RULES.to_move(cart.state) == 1
    play_columns(driver, cart, "A")
    assert cart.session.move_count == 3
    # Undo takes back the human's move and the computer's answer, never its opening move.
    driver.key("Z")
    assert cart.session.move_count == 1
    # A resumed game keeps who is who.
    app2, driver2 = make_app(storage=storage)
    driver2.key("Y")
    driver2.frame()
    cart2 = app2.cartridge
    assert cart2.is_computer(0) and cart2.names[1] == "Anna" and cart2.colours[1] == "green"
    # The next game the human starts again.
    cart.session = Session(RULES, RULES.state_from_text("1525354"), dict(cart.session.meta))
    cart.on_session_changed()
    driver.key("N")
    assert cart.is_computer(1) and cart.names[0] == "Anna" and cart.colours[0] == "green"
    assert cart.session.move_count == 0


def test_a_save_names_who_the_computer_is():
    meta = {"mode": "computer", "colour1": "red", "colour2": "blue", "level": "easy"}
    assert match.players_from_meta(meta, SPEC)[4] == 1  # older saves: the computer moved second
    assert match.players_from_meta(dict(meta, computer="1"), SPEC)[4] == 0
    with pytest.raises(ValueError, match="computer seat"):
        match.players_from_meta(dict(meta, computer="3"), SPEC)


def test_the_human_is_player_1_by_default_whoever_starts(make_app):
    app, driver, cart = against_computer(make_app)
    cart.new_game(other_side_starts=True)
    assert cart.player_name(1) == "Player 1" and cart.player_name(0) == "Primitive AI"


def test_undo_against_the_computer_takes_its_reply_too(make_app):
    app, driver, cart = against_computer(make_app)
    play_columns(driver, cart, "D")
    assert cart.session.move_count == 2
    driver.key("Z")
    assert cart.session.move_count == 0
    driver.key("Y")
    assert cart.session.move_count == 2
    assert RULES.to_move(cart.state) == 0


def test_undo_while_the_computer_thinks(make_app):
    app, driver, cart = against_computer(make_app)
    driver.key("D")
    driver.key("Z")
    assert cart.session.move_count == 0 and not cart.thinking


def test_undo_redo_two_players(make_app):
    app, driver, cart = two_players(make_app)
    play_columns(driver, cart, "ABC")
    driver.key("Z")
    assert RULES.state_to_text(cart.state) == "12"
    driver.pad("LEFTSHOULDER")
    assert RULES.state_to_text(cart.state) == "1"
    driver.key("Y")
    assert RULES.state_to_text(cart.state) == "12"


def test_hint_runs_cooperatively_and_points_at_the_win(make_app):
    app, driver, cart = two_players(make_app)
    driver.key("H")  # on the empty board the solver needs many frames
    assert cart.hinting
    for _ in range(400):
        if not cart.hinting:
            break
        driver.frame()
    assert not cart.hinting and cart.ui.hint_column is not None
    play_columns(driver, cart, "AGAGAG")
    driver.key("H")
    for _ in range(300):
        if not cart.hinting:
            break
        driver.frame()
    assert cart.ui.hint_column == 0 and cart.ui.cursor == 0
    assert cart.message == "Hint: column A."
    driver.pad("A")
    settle(driver, cart)
    assert cart.over


# Saves.


def test_autosave_then_resume_restores_players(make_app):
    storage = MemoryStorage()
    app, driver, cart = two_players(make_app, "Anna", "Ben", "3", "2", storage=storage)
    play_columns(driver, cart, "DDC")
    saved = storage.read("autosave-connect4.txt")
    assert saved is not None and "meta.name1=Anna" in saved and "meta.colour2=green" in saved

    app2, driver2 = make_app(storage=storage)
    assert isinstance(app2.overlays[-1], Confirm)
    driver2.key("Y")
    driver2.frame()
    cart2 = app2.cartridge
    assert isinstance(cart2, MatchCartridge) and cart2.phase == "play"
    assert cart2.names == ["Anna", "Ben"] and cart2.colours == ["yellow", "green"] and cart2.mode == "two"
    assert RULES.state_to_text(cart2.state) == "443"


def test_resume_against_the_computer_keeps_the_level(make_app):
    storage = MemoryStorage()
    app, driver, cart = against_computer(make_app, "Cleo", "4", "2", storage=storage)
    play_columns(driver, cart, "D")
    app2, driver2 = make_app(storage=storage)
    driver2.key("Y")
    driver2.frame()
    cart2 = app2.cartridge
    assert cart2.mode == "computer" and cart2.level == "easy" and cart2.names[0] == "Cleo"
    assert cart2.colours[0] == "blue" and cart2.player_name(1) == "Easy AI"
    assert cart2.session.move_count == 2


def test_a_save_with_bad_players_is_refused(make_app):
    storage = MemoryStorage()
    storage.write("autosave-connect4.txt", "game=connect4\nformat=1\nstart=\nmeta.mode=two\nmeta.colour1=red\nmeta.colour2=red\nmove=4\n")
    app, driver = make_app(storage=storage)
    driver.key("Y")
    assert isinstance(app.overlays[-1], Message)


def test_save_and_load_from_the_pause_menu(make_app):
    app, driver, cart = two_players(make_app, "Anna")
    play_columns(driver, cart, "AB")
    cart.save_game()
    driver.key("RETURN")  # a new slot
    driver.key("RETURN")  # named as offered
    play_columns(driver, cart, "C")
    cart.load_game()
    driver.key("RETURN")  # the slot just saved
    driver.key("Y")  # yes, the game in progress goes
    assert RULES.state_to_text(cart.state) == "12" and cart.names[0] == "Anna"


# Pictures.


def test_blue_discs_show_on_the_blue_screen(make_app):
    import pyxel

    from pyxel_app.shell import ui

    app, driver, cart = two_players(make_app, colour1="4", colour2="1")
    play_columns(driver, cart, "A")
    x = ui.BORDER_X + BOARD_X + CELL_PX // 2 + 4  # inside the disc, off the shine
    y = ui.BORDER_Y + BOARD_Y + 5 * CELL_PX + CELL_PX // 2 + 4
    assert pyxel.screen.pget(x, y) == c4.DISC_INK["blue"] != c4.palette.BLUE


def test_every_screen_draws_in_both_languages(make_app):
    for language in ("en", "de"):
        app, driver, cart = open_connect4(make_app)
        strings.set_language(language)
        driver.run(2)
        driver.key("1")
        driver.run(2)
        driver.key("1")
        driver.run(2)
        driver.key("RETURN")
        driver.run(2)
        driver.key("1")
        driver.run(2)
        driver.key("F1")
        driver.key("RETURN")
        play_columns(driver, cart, "D")


def test_a_taken_colour_cannot_be_selected_by_arrows_or_mouse(make_app):
    app, driver, cart = open_connect4(make_app)
    driver.key("2")
    driver.key("RETURN")
    driver.key("DOWN")
    driver.key("RETURN")
    assert cart.colours[0] == "green"
    driver.key("RETURN")
    assert cart.phase == "colour" and cart.seat == 1 and cart.chooser.index == 0
    driver.key("DOWN")  # over green, taken, to yellow
    assert cart.chooser.index == 2
    driver.key("UP")
    assert cart.chooser.index == 0
    green_row = setup.COLOUR_ROW + 1 * setup.CHOICE_PITCH
    driver.move(40, green_row * 8 + 3)
    assert cart.chooser.index == 0
    driver.click(40, green_row * 8 + 3)
    assert cart.phase == "colour" and cart.colours[1] is None and cart.chooser.index == 0


def test_the_border_takes_the_colour_of_the_side_to_move_and_comes_back_on_leaving(make_app):
    from pyxel_app.shell import palette

    app, driver, cart = two_players(make_app, colour1="1", colour2="2")
    driver.frame()
    assert app.border == c4.TURN_BORDER["red"]
    play_columns(driver, cart, "A")
    assert app.border == c4.TURN_BORDER["green"]
    driver.key("ESCAPE")
    while not isinstance(app.screen, Menu):
        driver.key("Y")
    driver.frame()
    assert app.border == palette.BORDER


def test_a_red_disc_is_lit_so_it_reads_as_red_not_brown(make_app):
    import pyxel

    from pyxel_app.shell import palette, ui

    app, driver, cart = two_players(make_app, colour1="1", colour2="2")
    play_columns(driver, cart, "A")
    cx, cy = BOARD_X + CELL_PX // 2, BOARD_Y + 5 * CELL_PX + CELL_PX // 2
    inner = [(x, y) for x in range(-c4.DISC_R, c4.DISC_R + 1) for y in range(-c4.DISC_R, c4.DISC_R + 1)
             if x * x + y * y <= (c4.DISC_R - 2) ** 2]
    colours = [pyxel.screen.pget(ui.BORDER_X + cx + x, ui.BORDER_Y + cy + y) for x, y in inner]
    assert colours.count(palette.LIGHT_RED) >= 12 and colours.count(palette.RED) >= 12
    assert colours.count(palette.WHITE) >= 3


def test_a_search_thinks_only_until_the_frame_must_end(make_app):
    """The slice a search gets is what the app's frame budget leaves (tests/test_frame_budget.py),
    asked for every frame the computer thinks."""
    app, driver, cart = against_computer(make_app, level="5")
    slices = []
    real_think_ms = app.think_ms
    app.think_ms = lambda wanted: slices.append(wanted) or real_think_ms(wanted)
    driver.key("4")
    settle(driver, cart, limit=4000)
    assert slices and set(slices) == {match.THINK_MS_PER_FRAME}


@pytest.mark.parametrize("column", range(c4.WIDTH))
def test_a_falling_disc_is_drawn_whole_in_every_column(make_app, column):
    """The falling disc's clip is set in the inner screen's pixels, as the camera moves them:
    mid-fall the whole disc shows, in the rightmost column too."""
    import pyxel

    from pyxel_app.shell import ui

    app, driver, cart = two_players(make_app)
    driver.key("ABCDEFG"[column])
    falling = cart.ui.falling
    assert falling is not None
    falling.y = (falling.y + falling.target_y) / 2  # mid-fall, between the arrow and its hole
    app.draw()
    cx, cy = BOARD_X + column * CELL_PX + CELL_PX // 2, int(falling.y) + CELL_PX // 2
    r = c4.DISC_R
    edge = [(cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r)]
    rim = c4.DISC_RIM[falling.colour]
    assert [pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y) for x, y in edge] == [rim] * 4
