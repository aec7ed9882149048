"""The input layer: bindings persistence, pad layouts, the stick's dead zone and repeat."""

from __future__ import annotations

import pytest

from pyxel_app.input import Action, Bindings
from pyxel_app.input.mapping import HOLD_FRAMES, REPEAT_FRAMES, BindingError, cell_at
from pyxel_app.shell.storage import MemoryStorage


def test_bindings_round_trip_through_settings_fields():
    bindings = Bindings()
    bindings.keys[Action.UP] = ("W", "UP")
    bindings.pad_layout = "b_ok"
    loaded = Bindings.from_fields(bindings.to_fields())
    assert loaded.keys[Action.UP] == ("W", "UP")
    assert loaded.pad_layout == "b_ok"


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"key.jump": "SPACE"}, "unknown action 'jump'"),
        ({"key.up": "NOPE"}, "unknown key name 'NOPE'"),
        ({"key.up": ""}, "no key bound"),
        ({"pad.layout": "sideways"}, "unknown pad layout"),
    ],
)
def test_broken_bindings_are_refused_by_name(fields, message):
    with pytest.raises(ValueError, match=message):
        Bindings.from_fields(fields)


def test_pad_layout_swaps_confirm_and_back():
    bindings = Bindings()
    assert bindings.pad_buttons(Action.SELECT) == ("A",)
    bindings.pad_layout = "b_ok"
    assert bindings.pad_buttons(Action.SELECT) == ("B",)
    assert bindings.pad_buttons(Action.BACK) == ("A",)
    assert bindings.pad_buttons(Action.UP) == ("DPAD_UP",)


def test_no_action_needs_the_pyxel_reset_chord():
    chord = {"A", "B", "X", "Y", "BACK"}
    bindings = Bindings()
    for action in Action:
        assert not chord <= set(bindings.pad_buttons(action))


def test_cell_at_maps_pixels_to_cells():
    assert cell_at(10, 10, 0, 0, 8, 8, 4, 4) == (1, 1)
    assert cell_at(31, 31, 0, 0, 8, 8, 4, 4) == (3, 3)
    assert cell_at(32, 0, 0, 0, 8, 8, 4, 4) is None
    assert cell_at(-1, 0, 0, 0, 8, 8, 4, 4) is None


def test_held_stick_repeats_like_a_held_key(make_app):
    import pyxel

    app, driver = make_app()
    inp = app.input
    fired = []
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTY, 30000)
    frames = HOLD_FRAMES + 3 * REPEAT_FRAMES + 1
    for _ in range(frames):
        inp.update()
        fired.append(inp.pressed(Action.DOWN))
        pyxel.flip()
    pyxel.set_btnv(pyxel.GAMEPAD1_AXIS_LEFTY, 0)
    assert fired[0] and not any(fired[1:HOLD_FRAMES])
    # First push, then after the hold every REPEAT_FRAMES: frames 16, 20, 24 and 28.
    assert sum(fired) == 5


def test_disabled_pad_and_mouse_are_ignored(make_app):
    import pyxel

    app, driver = make_app()
    inp = app.input
    inp.pad_enabled = False
    inp.mouse_enabled = False
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, True)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    inp.update()
    assert not inp.pressed(Action.DOWN) and not inp.clicked
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, False)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    pyxel.flip()


def test_keys_screen_remaps_and_persists(make_app):
    from pyxel_app.shell.keys import KeysScreen

    app, driver = make_app()
    driver.key("K")
    driver.frame()
    assert isinstance(app.screen, KeysScreen)
    driver.key("RETURN")  # first action: UP
    assert app.screen.waiting is Action.UP
    driver.key("W")
    assert app.input.bindings.keys[Action.UP] == ("W", "UP")  # the arrow stays
    assert "key.up=W UP" in app.storage.read("settings.txt")
    driver.key("DOWN")
    driver.key("RETURN")  # DOWN: W is UP's, so it is refused and nothing changes
    driver.key("W")
    assert app.input.bindings.keys[Action.DOWN] == ("DOWN",)
    assert app.input.bindings.keys[Action.UP] == ("W", "UP")
    assert app.screen.note == "W is already Move up: not changed."
    driver.key("RETURN")
    driver.key("S")
    assert app.input.bindings.keys[Action.DOWN] == ("S", "DOWN")
    app2, _ = make_app(storage=app.storage)
    assert app2.input.bindings.keys[Action.DOWN] == ("S", "DOWN")
    assert not app2.overlays
    driver.key("D")
    assert app.input.bindings.keys[Action.UP] == ("UP",)
    driver.key("ESCAPE")
    driver.frame()
    assert app.screen is app.menu


def test_keys_screen_keeps_f1_for_help(make_app):
    app, driver = make_app()
    driver.key("K")
    driver.frame()
    driver.key("RETURN")
    driver.key("F1")
    # F1 opens help (the shell sees it first); the binding is unchanged.
    assert app.input.bindings.keys[Action.UP] == ("UP",)


def test_keys_screen_refuses_to_move_return_escape_or_f1(make_app):
    app, driver = make_app()
    driver.key("K")
    driver.frame()
    driver.key("RETURN")  # UP
    driver.key("ESCAPE")  # cancels
    driver.key("RETURN")
    driver.key("RETURN")  # RETURN is SELECT's for good
    assert app.input.bindings.keys[Action.UP] == ("UP",)
    assert app.screen.note == "Return always stays Select."
    select = list(Action).index(Action.SELECT)
    for _ in range(select):
        driver.key("DOWN")
    driver.key("RETURN")
    assert app.screen.waiting is Action.SELECT
    driver.key("X")  # SELECT gets X, and keeps RETURN
    assert app.input.bindings.keys[Action.SELECT] == ("X", "RETURN")


@pytest.mark.parametrize(
    "fields, problem",
    [
        ("key.up=Z\n", "Z is bound to both"),  # Z is UNDO's too
        ("key.select=X\nkey.down=RETURN\n", "RETURN is bound to both"),
        ("key.help=\n", "no key bound to help"),
    ],
)
def test_settings_whose_keys_clash_fall_back_to_the_default_keys(make_app, fields, problem):
    from pyxel_app.input.mapping import DEFAULT_KEYS
    from pyxel_app.shell.overlays import Message

    storage = MemoryStorage({"settings.txt": "language=de\n" + fields + "bypuzz.best.123456789abcdef0.easy=14\n"})
    app, _ = make_app(storage=storage)
    assert app.input.bindings.keys == DEFAULT_KEYS
    assert isinstance(app.overlays[-1], Message)
    assert problem in " ".join(app.overlays[-1].lines)
    assert app.language == "de"
    assert app.settings.get("bypuzz.best.123456789abcdef0.easy") == "14"


def test_a_bypuzz_key_layout_that_takes_another_actions_key_is_refused(make_app):
    from pyxel_app.cartridges.bypuzz.config import ConfigScreen

    app, driver = make_app()
    app.input.bindings.bind(Action.HINT, "A")
    driver.key("RETURN")
    cart = app.cartridge
    driver.frame()
    assert isinstance(cart.screen, ConfigScreen)
    driver.key("L")  # the left-hand layout wants A for LEFT
    assert app.input.bindings.keys[Action.LEFT] == ("LEFT",)
    assert cart.message == "A is already Hint: not changed."
    driver.key("R")  # the right-hand one is free
    assert app.input.bindings.keys[Action.LEFT] == ("LEFT", "U")


def test_settings_cannot_take_return_escape_or_f1_away():
    from pyxel_app.input.mapping import BindingError

    assert Bindings.from_fields({"key.select": "X"}).keys[Action.SELECT] == ("X", "RETURN")
    assert Bindings.from_fields({"key.back": "Q"}).keys[Action.BACK] == ("Q", "ESCAPE")
    for fields in ({"key.up": "F1"}, {"key.hint": "ESCAPE"}, {"key.undo": "RETURN"}):
        with pytest.raises(BindingError):
            Bindings.from_fields(fields)


@pytest.mark.parametrize("action", [Action.UNDO, Action.MENU, Action.HINT])
def test_an_arrow_can_never_be_given_to_another_action(action):
    bindings = Bindings()
    with pytest.raises(BindingError, match="UP"):
        bindings.bind(action, "UP")
    assert bindings.keys[Action.UP] == ("UP",)


def test_binding_a_key_that_a_game_reads_itself_is_warned_about_in_words_in_both_languages(make_app, screen_text):
    from pyxel_app.shell import strings
    from pyxel_app.shell.keys import KeysScreen

    app, driver = make_app()
    driver.key("K")
    driver.frame()
    screen = app.screen
    assert isinstance(screen, KeysScreen)
    assert not any(screen.clash_warning(action) for action in Action)  # the defaults clash with nothing
    driver.key("DOWN")
    driver.key("RETURN")
    driver.key("S")  # DOWN on S: ByPuzz's auto check key, draughts' square numbers
    assert app.input.bindings.keys[Action.DOWN] == ("S", "DOWN")
    assert screen.clash_warning(Action.DOWN) == "S is also a key of ByPuzz, Draughts: there it does both."
    driver.frame()
    shown = screen_text(app)
    assert "S is also a key of ByPuzz" in shown and "Move down" in shown and "S ↓" in shown
    assert "DOWN" not in shown  # the action's words, never its code name
    driver.key("UP")
    driver.key("RETURN")
    driver.key("A")  # UP on A: a column letter in Connect 4
    assert screen.clash_warning(Action.UP) == "A is also a key of Connect 4: there it does both."
    strings.set_language("de")
    assert screen.clash_warning(Action.UP) == "A ist auch eine Taste von Vier gewinnt: dort tut sie beides."
    driver.frame()
    assert "Nach oben" in screen_text(app)


def test_every_hotkey_a_game_declares_is_a_real_key_and_bypuzz_layouts_avoid_its_own():
    from pyxel_app import games
    from pyxel_app.cartridges.bypuzz.config import LAYOUTS
    from pyxel_app.input.mapping import key_code
    from pyxel_app.shell.keys import clashing_games

    for spec in games.GAMES:
        for name in spec.hotkeys:
            key_code(name)
    bypuzz = games.find("bypuzz")
    for layout in LAYOUTS.values():
        for action, name in layout.items():
            assert bypuzz not in clashing_games(action, name), name
