"""Random input over every registered cartridge: no exception, every screen visited, and
the game state always a state of its rules.  One run with keys, pad, stick and mouse;
one with only the seven buttons of Pyxel web's touch pad (d-pad, A, B, X, Y, START, BACK).
"""

from __future__ import annotations

import random

import pytest

from pyxel_app import games
from pyxel_app.shell import match
from pyxel_app.shell.harness import RANDOM_KEYS, random_step

FRAMES = 5_000
TOUCH_PAD = ("A", "B", "X", "Y", "START", "BACK", "DPAD_UP", "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT")
# Select and the d-pad often, so a walk gets through the set-up screens and into play.
TOUCH_WALK = TOUCH_PAD + ("A", "A", "A", "DPAD_DOWN", "DPAD_RIGHT")
# Random input does not finish Othello's 60 moves in FRAMES: its end is tested by moves (test_endings).
LONG_GAMES = {"othello"}
# A whole draughts game takes random input far too long: the walks start here, where Black (the
# computer's first seat) takes White's last man at once.
NEAR_THE_END = {"draughts": "B:W28:B23"}


def touch_step(driver, rng) -> None:
    if rng.random() < 0.9:
        driver.pad(rng.choice(TOUCH_WALK))
    else:
        driver.run(rng.randrange(1, 20))


def reachable(spec, cart) -> set[str]:
    """The screens a random walk must see: a game too long to finish by chance is not asked to."""
    return set(cart.screen_ids) - ({"over"} if spec.key in LONG_GAMES else set())


def walk(make_app, monkeypatch, spec, rng, step, frames, seen_app_screens=None):
    """Random input in ``spec``'s cartridge (re-opened whenever it is left); the screens seen."""
    monkeypatch.setattr(match, "THINK_MS_PER_FRAME", 0.5)
    start = NEAR_THE_END.get(spec.key)
    if start is not None:  # a game too long for random input starts near its end
        monkeypatch.setattr(spec.rules, "initial_state", lambda variant=None: spec.rules.state_from_text(start, variant))
    # A cartridge of its own that thinks every frame says how long in ``think_ms_per_frame``.
    monkeypatch.setattr(spec.screen_class(), "think_ms_per_frame", 0.5, raising=False)
    app, driver = make_app(seed=rng.randrange(1000))
    seen: set[str] = set()
    while driver.frames < frames:
        if app.quit_called:  # pyxel.quit is replaced in tests; the app must still be usable
            app.quit_called = False
        cart = app.cartridge
        if seen_app_screens is not None:
            seen_app_screens.add(type(app.overlays[-1] if app.overlays else app.screen).__name__)
        if cart is None:
            if not app.overlays and app._next_screen is None and type(app.screen).__name__ == "Menu":
                app.open_cartridge(spec)
        else:
            seen.add(cart.screen_id)
            if cart.session is not None:
                rules = spec.rules
                assert rules.state_from_text(rules.state_to_text(cart.state)) == cart.state
        step(driver, rng)
    return app, seen


@pytest.mark.parametrize("key", [spec.key for spec in games.GAMES])
def test_random_input_reaches_every_screen_without_an_error(make_app, monkeypatch, key):
    spec = games.find(key)
    keys = RANDOM_KEYS + ("RETURN",) * 6 + tuple("123456789ABCDEFGHLMNPSTV")
    app_screens: set[str] = set()

    def step(driver, rng) -> None:
        if rng.random() < 0.02:  # names and colours are typed, in any script
            driver.text(rng.choice(["Ann", "x", "9", "rot", "Blue", " ", "ü!", "[B]"]))
        else:
            random_step(driver, rng, keys, TOUCH_PAD)

    app, seen = walk(make_app, monkeypatch, spec, random.Random(key), step, FRAMES, app_screens)
    cart = app.make_cartridge(spec)
    assert reachable(spec, cart) <= seen, reachable(spec, cart) - seen
    assert {"Help", "Confirm", "PauseMenu"} <= app_screens


@pytest.mark.parametrize("key", [spec.key for spec in games.GAMES])
def test_the_touch_pad_alone_reaches_every_screen(make_app, monkeypatch, key):
    spec = games.find(key)
    app, seen = walk(make_app, monkeypatch, spec, random.Random(key + "pad"), touch_step, FRAMES)
    cart = app.make_cartridge(spec)
    assert reachable(spec, cart) <= seen, reachable(spec, cart) - seen


def test_the_touch_pad_alone_reaches_the_shells_screens(make_app):
    from pyxel_app.shell.keys import KeysScreen
    from pyxel_app.shell.menu import Menu
    from pyxel_app.shell.overlays import Help

    app, driver = make_app()
    menu = app.screen
    assert isinstance(menu, Menu)
    driver.pad("BACK")
    assert isinstance(app.overlays[-1], Help)
    driver.pad("A")
    assert not app.overlays
    keys_item = menu.rows + [hotkey for _, hotkey in menu.options()].index("K")
    while menu.index != keys_item:
        driver.pad("DPAD_DOWN")
    driver.pad("A")
    driver.frame()
    assert isinstance(app.screen, KeysScreen)
    driver.pad("B")
    driver.frame()
    assert isinstance(app.screen, Menu)
    while menu.index != 1:
        driver.pad("DPAD_DOWN")
    driver.pad("A")  # the second game
    driver.frame()
    assert app.cartridge is not None and app.cartridge.key == app.games[1].key
    driver.pad("START")
    assert type(app.overlays[-1]).__name__ == "PauseMenu"
