"""Every text format the player or the command line can hand in, fuzzed: each parser answers or
raises its own documented error, nothing else (a few hundred examples each)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyxel_app import games
from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.input.mapping import BindingError, Bindings
from pyxel_app.rules import RulesError
from pyxel_app.rules.bypuzz_sets import PuzzleSetError, parse_puzzle_set
from pyxel_app.rules.numbers import NumberError, parse_number
from pyxel_app.session import SaveFileError, Session
from pyxel_app.shell.app import App
from pyxel_app.shell.harness import ScriptError, tokens
from pyxel_app.shell.match import players_from_meta
from pyxel_app.shell.settings import Settings
from pyxel_app.shell.storage import DataFolder, FileStorage, MemoryStorage

from any_text import any_text

# No example database: the suite writes nothing into the checkout.
EXAMPLES = settings(max_examples=300, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

# Pieces of the real formats, so the fuzz reaches past the first line; "²" and "٣" pass str.isdigit().
NUMBERS = ["0", "1", "4", "7", "15", "16", "-1", "²", "٣", "9" * 30, "1e3", " ", ",", "+2"]
FRAGMENTS = NUMBERS + [
    "\n", "=", "#", ":", ";", "data", "name: x", "game=fifteen", "game=connect4", "format=1", "start=",
    "move=", "position=", "restart", "meta.goal=", "meta.level=easy", "meta.mode=two", "meta.colour1=red",
    "meta.colour2=blue", "meta.computer=", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "1 2 3 4", "language=",
    "de", "fr", "key.up=", "key.select=", "UP", "RETURN", "F1", "Z", "on", "off", "sound=", "pad.layout=",
    "bypuzz.best.123456789abcdef0.easy=", "bypuzz.target=", "random", "wait:", "hold:UP:", "stick:",
    "click:", "move:", "pad:A", "text:", "\x00", "\ufeff", "é", "variant=standard", "variant=",
]
GAME_KEYS = [spec.key for spec in games.GAMES]


def texts():
    return st.one_of(any_text(max_size=200), st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join))


@EXAMPLES
@given(text=texts(), low=st.integers(-(10**6), 10**6), span=st.integers(0, 10**12))
def test_parse_number_answers_in_range_or_raises_number_error(text, low, span):
    try:
        value = parse_number(text, low, low + span)
    except NumberError:
        return
    assert low <= value <= low + span and text.lstrip("-").isascii()


@EXAMPLES
@given(text=texts())
def test_puzzle_sets(text):
    try:
        puzzle_set = parse_puzzle_set(text, "fuzz")
    except PuzzleSetError:
        return
    assert len(puzzle_set.targets) == 10


@EXAMPLES
@given(text=texts(), game=st.sampled_from(GAME_KEYS))
def test_positions_and_moves(text, game):
    rules = games.find(game).rules
    for parse in (rules.state_from_text, lambda text: rules.move_from_text(rules.initial_state(), text)):
        try:
            parse(text)
        except RulesError:
            pass


@EXAMPLES
@given(text=texts(), game=st.sampled_from(GAME_KEYS))
def test_save_files(text, game):
    try:
        Session.from_text(text, games.find(game).rules)
    except SaveFileError:
        pass


@EXAMPLES
@given(text=texts(), game=st.sampled_from(GAME_KEYS))
def test_save_files_as_each_cartridge_reads_them(make_app, text, game):
    app, _ = make_app()
    cartridge = app.make_cartridge(games.find(game))
    try:
        cartridge.session_from_text(text)
    except SaveFileError:
        pass


@EXAMPLES
@given(fields=st.dictionaries(st.sampled_from(["mode", "colour1", "colour2", "level", "computer", "name1"]), texts()))
def test_connect4_players(fields):
    try:
        players_from_meta(fields, games.find("connect4"))
    except ValueError:
        pass


@EXAMPLES
@given(text=texts())
def test_settings_keep_what_is_good_and_never_raise(text):
    folder = DataFolder(MemoryStorage({"settings.txt": text}))
    loaded = Settings(folder)
    loaded.add_checks(App.setting_checks())
    loaded.add_checks(ByPuzz.setting_checks())
    problems = loaded.load()
    assert all(loaded.problem(key, value) is None for key, value in loaded.fields.items())
    assert isinstance(problems, list)
    try:
        Bindings.from_fields(loaded.fields)
    except BindingError:
        pass


@EXAMPLES
@given(fields=st.dictionaries(st.sampled_from(["key.up", "key.select", "key.help", "key.nothing", "pad.layout"]), texts()))
def test_key_bindings(fields):
    try:
        Bindings.from_fields(fields)
    except BindingError:
        pass


@EXAMPLES
@given(text=texts())
def test_snap_scripts(pyxel_screen, text):
    try:
        tokens(text)
    except ScriptError:
        pass


@settings(EXAMPLES, max_examples=100)
@given(data=st.binary(max_size=300))
def test_any_bytes_in_the_data_folder_are_read_or_set_aside(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("data")
    (folder / "settings.txt").write_bytes(data)
    said = []
    text = DataFolder(FileStorage(folder), said.append).read("settings.txt")
    if text is None:
        assert said and (folder / "settings.txt.bad").read_bytes() == data
    else:
        assert text == data.decode("utf-8") and not said


@pytest.mark.parametrize("name", ["settings.txt", "autosave-bypuzz.txt", "autosave-connect4.txt", "bypuzz-set.txt"])
@settings(EXAMPLES, max_examples=40)
@given(text=texts())
def test_the_app_starts_on_any_file(make_app, name, text):
    app, driver = make_app(storage=MemoryStorage({name: text}))
    driver.key("RETURN")
    driver.key("RETURN")
    assert app.crashes == 0
