"""One test over every registered game, as OpenSpiel tests every game: seeded random playouts
in every variant with the checks of ``game_checks.py``.  The toy Nim (``toy_nim.py``) is
registered from here and passes them; each of ten bugs planted in it makes them fail, with
the check the bug breaks.  The toy is also played through the app by keys, in both languages.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game_checks import CheckFailed, check_game
from pyxel_app import games
from pyxel_app.rules.base import IllegalMoveError, Outcome
from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.match import MatchCartridge
from toy_nim import HEAP_ROW, HEAPS, SPEC, NimRules, stone_x

# Variants with no start of their own (an own board): a text to start from.
OWN_STARTS = {("pegs", "custom"): "ooooo/oo.oo/ooooo"}
# Games whose state text says how the position was reached, so two texts may share a position key.
TEXT_KEEPS_THE_PATH = {"connect4": "the moves played", "pegs": "the jumps and moves made"}
PLAYOUTS, MOST_PLIES, SEED = 8, 200, 40


@pytest.fixture
def nim():
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.key)


def starts(spec: games.GameSpec) -> dict:
    rules = spec.rules
    own = {variant: OWN_STARTS.get((spec.key, variant)) for variant in rules.variants}
    return {variant: rules.state_from_text(text, variant) if text else rules.initial_state(variant)
            for variant, text in own.items()}


def check_registered(key: str):
    spec = games.find(key)
    return check_game(spec.rules, starts(spec), seed=SEED, playouts=PLAYOUTS, most_plies=MOST_PLIES,
                      text_is_position=key not in TEXT_KEEPS_THE_PATH)


@pytest.mark.parametrize("key", [spec.key for spec in games.GAMES] + [SPEC.key])
def test_every_game_keeps_the_promises_of_its_rules(key, nim):
    coverage = check_registered(key)
    variants = len(games.find(key).rules.variants)
    assert coverage.saves == PLAYOUTS * variants and coverage.states > coverage.saves
    assert coverage.moves > 0 and coverage.refused > 0


def test_the_toy_plays_every_game_to_its_end(nim):
    assert check_registered("nim").ends == PLAYOUTS * len(HEAPS)


# ---- bugs planted in the toy: each breaks one promise ----


class ApplyMutates(NimRules):
    """Turns the heap over to the other player in place, then returns the new heap."""

    def apply(self, state, move):
        after = super().apply(state, move)
        object.__setattr__(state, "player", after.player)
        return after


class MoveTextOffByOne(NimRules):
    """Writes the move counted from 0 and reads it counted from 1."""

    def move_to_text(self, move):
        return str(move - 1)


class PerftForgetsSmallHeaps(NimRules):
    """Counts the variant's most stones as moves even when the heap holds fewer."""

    def perft(self, state, depth):
        if depth == 1 and state.stones:
            return HEAPS[state.variant][1]
        return super().perft(state, depth)


class OutcomeBeforeTheEnd(NimRules):
    """Calls the game won by the side to move when one stone is left, though it must still be taken."""

    def outcome(self, state):
        return Outcome(state.player, "last stone") if state.stones == 1 else super().outcome(state)


class KeyUnstable(NimRules):
    """Keys positions by the object, so a state read back is another position."""

    def position_key(self, state):
        return state.stones, state.player, id(state)


class KeyForgetsThePlayer(NimRules):
    """Keys positions by the stones alone, so both sides' turns share a key."""

    def position_key(self, state):
        return state.stones


class TextLosesThePlayer(NimRules):
    """Writes the stones only; the reader assumes player 1 is to move."""

    def state_to_text(self, state):
        return str(state.stones)

    def state_from_text(self, text, variant=None):
        return super().state_from_text(f"{text.strip()} 1", variant)


class RefusesTheLastStones(NimRules):
    """Lists taking the whole heap but refuses it."""

    def apply(self, state, move):
        if move == state.stones:
            raise IllegalMoveError("leave a stone")
        return super().apply(state, move)


class TakesTooMany(NimRules):
    """Trusts the move: takes more stones than the heap holds, or any after the end."""

    def apply(self, state, move):
        return replace(state, stones=state.stones - move, player=1 - state.player)


class SaveForgetsTheVariant(NimRules):
    """Says every state is of the first variant, so a save of the small heap loads the standard one."""

    def variant_of(self, state):
        return self.variants[0]


PLANTED = [
    (ApplyMutates, "apply mutates"),
    (MoveTextOffByOne, "move text"),
    (PerftForgetsSmallHeaps, "perft"),
    (OutcomeBeforeTheEnd, "outcome"),
    (KeyUnstable, "position key"),
    (KeyForgetsThePlayer, "position key"),
    (TextLosesThePlayer, "state text"),
    (RefusesTheLastStones, "legal move refused"),
    (TakesTooMany, "illegal move"),
    (SaveForgetsTheVariant, "save replays"),
]


@pytest.mark.parametrize("bug, check", PLANTED, ids=[bug.__name__ for bug, _ in PLANTED])
def test_a_bug_planted_in_the_toy_fails_the_checks(bug, check, nim):
    games.register(replace(SPEC, rules=bug()))
    with pytest.raises(CheckFailed) as failed:
        check_registered("nim")
    assert failed.value.check == check, str(failed.value)


# ---- the toy in the app ----


def settle(driver, cart, limit=200) -> None:
    for _ in range(limit):
        if not cart.agent_to_move() and not cart.hinting and not cart.view.busy(cart.ui):
            return
        driver.frame()
    raise AssertionError("the computer never answered")


STONE_INKS = (palette.WHITE, palette.LIGHT_GREY)


def stone_drawn(from_right: int) -> bool:
    import pyxel

    return pyxel.screen.pget(ui.BORDER_X + stone_x(from_right), ui.BORDER_Y + HEAP_ROW * ui.CELL + ui.CELL // 2) in STONE_INKS


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_toy_is_played_to_its_end_by_keys(language, nim, make_app, screen_text):
    app, driver = make_app()
    strings.set_language(language)
    assert "nim" in [spec.key for spec in app.games]
    app.open_cartridge("nim")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge) and cart.phase == "variant"
    for key in ("2", "1", "2", "RETURN"):  # seven stones, against the computer, perfect, no name
        driver.key(key)
    assert cart.phase == "play" and cart.variant == "small" and cart.is_computer(1) and cart.level == "perfect"
    words = SPEC.strings[language]
    assert words["stones"].format(n=7) in screen_text(app) and stone_drawn(6) and not stone_drawn(7)
    driver.key("RETURN")  # the cursor starts on one stone: six left, a losing heap for the computer
    settle(driver, cart)
    while not cart.over:
        driver.key("H")
        settle(driver, cart)
        assert cart.message == words["hint"].format(n=cart.ui["take"])
        driver.key(str(cart.ui["take"]))
        settle(driver, cart)
    assert cart.session.outcome.winner == 0 and cart.state.stones == 0
    shown = screen_text(app)
    assert words["stones"].format(n=0) in shown and cart.end_word(cart.session.outcome) in shown
    assert strings.t("match.won", player=cart.player_label(0)) in shown and not stone_drawn(0)
    driver.key("3")  # no move after the end
    assert cart.state.stones == 0
