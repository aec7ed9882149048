"""What a game must bring is declared once and checked as it registers (games/spec.py): its strings
in every language, levels its engine knows, named variants, flags that go together; levels live
in ai/levels.py; the match layer adds its own hotkeys."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from pyxel_app import games
from pyxel_app.ai import levels
from pyxel_app.games import GameSpecError, check, lazy
from pyxel_app.games.spec import LANGUAGES, problems
from pyxel_app.input import Action
from pyxel_app.shell.keys import clashing_games
from pyxel_app.shell.match import MATCH_HOTKEYS

CONNECT4 = games.find("connect4")


def test_the_shipped_games_keep_the_contract():
    assert [spec.key for spec in games.GAMES] == ["bypuzz", "connect4", "pegs", "othello", "draughts"]
    for spec in games.GAMES:
        assert problems(spec, [other for other in games.GAMES if other is not spec]) == [], spec.key
    assert "extra" not in {field.name for field in fields(games.GameSpec)}


def test_the_needed_strings_follow_from_the_spec():
    assert games.find("bypuzz").needed_strings() == ("name", "desc", "help")
    othello = set(games.find("othello").needed_strings())
    assert {"title", "keys.play", "colour.white", "level.greedy", "ai_name.greedy", "hint"} <= othello
    assert not any(key.startswith("variant.") for key in othello)  # who starts picks it: no variant screen
    draughts = set(games.find("draughts").needed_strings())
    assert {"variant.international", "variant.warcaby", "ai_name.hard"} <= draughts
    no_hint = replace(CONNECT4, hint_level="", levels=(), engine=None)
    assert "hint" not in no_hint.needed_strings() and not any(key.startswith("level.") for key in no_hint.needed_strings())


def without(strings: dict, language: str, *keys: str) -> dict:
    return {lang: {key: text for key, text in table.items() if lang != language or key not in keys}
            for lang, table in strings.items()}


def error_of(spec, others=()) -> str:
    with pytest.raises(GameSpecError) as caught:
        check(spec, others)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def test_one_error_names_everything_missing():
    spec = replace(CONNECT4, key="four", aliases=(), strings=without(CONNECT4.strings, "de", "ai_name.hard", "colour.red"),
                   levels=CONNECT4.levels + ("expert",))
    message = error_of(spec)
    assert message.startswith("game 'four': ")
    assert "de lacks colour.red, level.expert, ai_name.hard, ai_name.expert" in message
    assert "en lacks level.expert, ai_name.expert" in message
    assert "levels unknown to the engine: expert" in message


def test_a_string_in_one_language_only_is_named():
    strings = {**CONNECT4.strings, "en": {**CONNECT4.strings["en"], "drop.sound": "Plop"}}
    assert "de lacks what another language has: drop.sound" in error_of(replace(CONNECT4, key="four", aliases=(),
                                                                                    strings=strings))
    french = {**CONNECT4.strings, "fr": dict(CONNECT4.strings["en"])}
    assert "strings in 'fr', which the arcade does not speak" in error_of(replace(CONNECT4, key="four", aliases=(),
                                                                                     strings=french))


def test_variants_the_players_choose_are_named():
    draughts = games.find("draughts")
    spec = replace(draughts, key="dame", aliases=(), strings=without(draughts.strings, "en", "variant.warcaby"))
    assert "en lacks variant.warcaby" in error_of(spec)


@pytest.mark.parametrize("changes, words", [
    ({"choose_colour": True, "colours_name_sides": True}, "choose_colour and colours_name_sides cannot go together"),
    ({"start_variants": ("standard", "white-starts")}, "set ask_who_starts"),
    ({"choose_variant": True}, "choose_variant with rules of one variant"),
    ({"cartridge": "pyxel_app.cartridges.pegs:PegsCartridge"}, "one of them"),
    ({"colours": ("red",), "choose_colour": False}, "two colours or more"),
    ({"engine": None}, "levels or a hint level without an engine"),
    ({"engine": lazy("pyxel_app.ai.connect4:make_engine")}, "the engine does not say which levels it knows"),
    ({"levels": ("easy", "easy")}, "a level is listed twice"),
    ({"solve": None}, "solve_options or solve_note without a solver"),
])
def test_a_spec_whose_flags_contradict_is_refused(changes, words):
    assert words in error_of(replace(CONNECT4, key="four", aliases=(), **changes))


def test_a_game_with_its_own_cartridge_sets_no_match_flag():
    pegs = games.find("pegs")
    message = error_of(replace(pegs, key="marbles", aliases=(), levels=("easy",), ask_who_starts=True))
    assert "levels is the match layer's" in message and "ask_who_starts is the match layer's" in message


def test_two_games_never_share_a_name():
    assert "the name 'reversi' is othello's" in error_of(replace(CONNECT4, key="four", aliases=("reversi",)), games.GAMES)


def test_rules_of_several_variants_must_tell_them_apart():
    class TwoWays(type(CONNECT4.rules)):
        variants = ("plain", "wild")

    spec = replace(CONNECT4, key="four", aliases=(), rules=TwoWays())
    assert "no variant_of to tell them apart" in error_of(spec)


def test_register_refuses_a_broken_game_and_keeps_the_registry():
    before, version = list(games.GAMES), games.version
    with pytest.raises(GameSpecError):
        games.register(replace(CONNECT4, key="four", aliases=(), strings={"en": CONNECT4.strings["en"]}))
    assert games.GAMES == before and games.version == version


def test_levels_are_declared_once_for_engine_and_spec():
    from pyxel_app.ai import connect4, draughts, othello

    for key, declared, engine in (("connect4", levels.CONNECT4, connect4), ("othello", levels.OTHELLO, othello),
                                  ("draughts", levels.DRAUGHTS, draughts)):
        spec = games.find(key)
        assert spec.levels is declared.play is engine.LEVELS and spec.hint_level == declared.hint
        assert spec.engine.levels == declared.known


@pytest.mark.parametrize("key", [spec.key for spec in games.GAMES if spec.levels])
def test_the_engine_plays_every_level_it_declares_and_no_other(key):
    spec = games.find(key)
    state = spec.rules.initial_state()
    for level in spec.engine.levels:
        assert spec.engine(state, level, random.Random(1)) is not None
    with pytest.raises(ValueError):
        spec.engine(state, "grandmaster", random.Random(1))


def test_the_match_layer_adds_its_own_hotkeys_and_the_keys_screen_sees_both():
    for spec in games.GAMES:
        if spec.is_match:
            assert not set(spec.hotkeys) & set(MATCH_HOTKEYS), spec.key
    assert {"N", "P", "M", "R", "X", "Q", "H", "Z", "Y"} == set(MATCH_HOTKEYS)
    assert [spec.key for spec in clashing_games(Action.HINT, "P")] == ["bypuzz", "connect4", "othello", "draughts"]
    assert [spec.key for spec in clashing_games(Action.HINT, "L")] == ["bypuzz", "othello"]
    assert [spec.key for spec in clashing_games(Action.HINT, "D")] == ["connect4"]


def test_the_languages_are_the_arcades():
    from pyxel_app.shell import strings

    assert strings.LANGUAGES == LANGUAGES == tuple(strings.STRINGS)
