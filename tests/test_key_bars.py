"""Every key a game's play screen reads is named: in the key bar beside or under the board, in both
languages, and on the game menu's line of the command it runs (Restart shows R, or peg
solitaire's Space).  The keys come from the play screens' own tables (``play_keys``), the
undo, redo and hint actions and the keys the game's registry entry says its board reads."""

from __future__ import annotations

import re

import pytest

from pyxel_app.games import GAMES
from pyxel_app.shell import strings, ui
from pyxel_app.shell.cartridge import Command

ACTION_KEYS = ("Z", "Y", "H")  # undo, redo, hint: on every play screen
SECOND_KEYS = ("Q",)  # a second key for a command whose first the bar names (X leaves)
BAR = {"pegs": "pegs.keys"}  # a game's key bar, where it is not the match layer's "<game>.keys.play"
KEYED = [spec for spec in GAMES if spec.is_match or spec.key in BAR]


def named(bar: str) -> set[str]:
    """The keys a bar names: its ``[K]`` marks, a range ``[A]-[G]`` every key in it."""
    keys = {part for part, is_key in ui.split_hotkeys(bar) if is_key}
    for first, last in re.findall(r"\[(\w)\]-\[(\w)\]", bar):
        keys |= {chr(code) for code in range(ord(first), ord(last) + 1)}
    return keys


def playing(make_app, spec, language: str):
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge(spec)
    cart = app.cartridge
    cart.start_playing()
    driver.frame()
    return cart


def bound(cart, spec) -> set[str]:
    keys = set(cart.play_keys()) | set(ACTION_KEYS) | set(spec.hotkeys)
    view = getattr(cart, "view", None)
    if view is not None and not view.can_turn:
        keys.discard("T")  # Connect 4's stand looks the same from both sides: T only says so
    return keys - set(SECOND_KEYS)


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("spec", KEYED, ids=lambda spec: spec.key)
def test_the_key_bar_names_every_key_play_reads(make_app, spec, language):
    cart = playing(make_app, spec, language)
    bar = strings.t(BAR.get(spec.key, f"{spec.key}.keys.play"))
    assert bound(cart, spec) - named(bar) == set(), bar


@pytest.mark.parametrize("spec", KEYED, ids=lambda spec: spec.key)
def test_each_game_menu_line_shows_the_key_that_runs_its_command_in_play(make_app, spec):
    cart = playing(make_app, spec, "en")
    keys = cart.play_keys()
    lines = cart.commands() + [Command("leave", cart.leave, cart.leave_hotkey)]

    def runs(command: Command, action) -> bool:
        """The same command, or the one that asks first (the menu's Restart asks, Space in peg solitaire not)."""
        name = getattr(action, "__name__", "")
        return command.run == action or getattr(command.run, "__name__", "") in (name, f"ask_{name}")

    unshown = {command.label: sorted(key for key, action in keys.items() if runs(command, action))
               for command in lines if command.hotkey not in keys}
    assert {label: found for label, found in unshown.items() if found} == {}
    restart = [command for command in lines if command.label == strings.t("pause.restart")]
    assert [command.hotkey for command in restart] == [cart.restart_hotkey] and cart.restart_hotkey in keys


def test_a_range_names_each_key_in_it():
    assert named("[A]-[G] [1]-[7]\n[Z] undo") == set("ABCDEFG1234567Z") | {"A", "G", "1", "7"}
