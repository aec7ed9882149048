"""Ten thousand frames of random keys, pad buttons, stick pushes and clicks through every ByPuzz
screen: no exception, every screen visited, and the board always a legal position."""

from __future__ import annotations

import random

from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.rules.fifteen import RULES, Fifteen, is_solvable
from pyxel_app.shell.harness import random_step

FRAMES = 10_000
# The seed's keys and the ones the screens add; RETURN often, so the run gets past each screen.
KEYS = ("RETURN",) * 6 + (
    "UP", "DOWN", "LEFT", "RIGHT", "UP", "DOWN", "LEFT", "RIGHT", "SPACE", "ESCAPE", "F1", "TAB",
    "L", "C", "R", "M", "T", "J", "G", "S", "P", "V", "X", "Q", "N", "Y", "Z", "H", "B",
    "1", "2", "0", "E", "D", "A", "F", "I", "K", "U", "O",
)
PAD = ("A", "A", "B", "X", "Y", "START", "BACK", "DPAD_UP", "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT")
SCREENS = {"ConfigScreen", "ChooseScreen", "PreviewScreen", "ShuffleScreen", "PlayScreen"}
OVERLAYS = {"Help", "Confirm", "PauseMenu"}


def one_move_from(goal):
    solved = Fifteen(goal, goal)
    return RULES.apply(solved, RULES.legal_moves(solved)[0]).tiles


def test_ten_thousand_random_frames_through_every_bypuzz_screen(make_app, monkeypatch):
    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 1.0)
    app, driver = make_app(seed=5)
    rng = random.Random(33)
    seen: set[str] = set()
    while driver.frames < FRAMES:
        cart = app.cartridge
        if app.overlays:
            seen.add(type(app.overlays[-1]).__name__)
        if cart is not None:
            seen.add(type(cart.screen).__name__)
            if getattr(cart.screen, "won", False):
                seen.add("Solved")
            if cart.session is not None:
                assert is_solvable(cart.state.tiles, cart.goal)
        elif not app.overlays:
            driver.key("RETURN")  # back into ByPuzz from the arcade menu
            continue
        if app.quit_called:
            app.quit_called = False
        if cart is not None and cart.session is not None and rng.random() < 0.01:
            cart.play(one_move_from(cart.goal), None, check_run=False)  # so random play also wins now and then
        random_step(driver, rng, KEYS, PAD)
    wanted = SCREENS | OVERLAYS | {"Solved"}
    assert wanted <= seen, wanted - seen
