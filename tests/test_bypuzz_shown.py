"""What ByPuzz's play screen shows belongs to the game shown.

With the automatic check off, the "in place" count is the last check run's on the way to the
position shown: undo to a position and the replay at it show the same count, never the live one
(a solved board's 15 on the start).  With picture tiles, every tile's part of the picture is its
cell in the shown game's own target, for every target of every set, and after a save or record of
another target was read and declined."""

from __future__ import annotations

import random

import pytest
from test_record_page import replay_each_moment
from test_text_fits import cartridge_at_start

from pyxel_app.cartridges.bypuzz import board as board_module
from pyxel_app.rules.fifteen import Fifteen
from pyxel_app.session import Session
from pyxel_app.shell import strings, ui


def in_place_shown(app, monkeypatch) -> list[int]:
    """The count the next frame writes last (on top) in the side column's "N in place"."""
    shown = []
    real = ui.block

    def block(x, y, parts, width):
        for text, _ in parts:
            for n in range(16):
                if text == strings.t("bypuzz.in_place", n=n):
                    shown.append(n)
        return real(x, y, parts, width)

    with monkeypatch.context() as patch:
        patch.setattr(ui, "block", block)
        app.draw()
    return shown[-1:]


def walk_back(cart, rng: random.Random, steps: int) -> tuple[int, ...]:
    """A start ``steps`` slides from the goal, never straight back."""
    rules, state, walk = cart.rules, Fifteen(cart.goal, cart.goal), []
    for _ in range(steps):
        walk.append(rng.choice([tile for tile in rules.legal_moves(state) if not walk or tile != walk[-1]]))
        state = rules.apply(state, walk[-1])
    return state.tiles, walk


def check_now(cart, driver) -> None:
    """P: a check run, let run to its end."""
    driver.key("P")
    for _ in range(600):
        if not cart.screen.checking:
            return
        driver.frame()
    raise AssertionError("the check run does not end")


@pytest.mark.parametrize("seed", range(2))
def test_with_the_automatic_check_off_the_replay_shows_the_count_undo_would(make_app, monkeypatch, seed):
    app, driver, cart = cartridge_at_start(make_app, "bypuzz", "en")
    cart.start_playing()
    driver.run(2)
    cart.set_auto_check(False)
    rng = random.Random(seed)
    start, walk = walk_back(cart, rng, 6)
    cart.play(start, None, check_run=True)  # the shuffle's check run counts the start
    while cart.screen.checking:
        driver.frame()
    checks = {0}
    for n, tile in enumerate(walk[::-1], 1):  # back to the goal, a check on the way and at the end
        cart.screen.play_tiles([tile])
        driver.run(8)
        if n in (3, len(walk)):
            check_now(cart, driver)
            checks.add(n)
    assert cart.solved and cart.screen.won and in_place_shown(app, monkeypatch) == [15]
    present = cart.session.position
    undone = {}
    for moment in range(present, -1, -1):
        if moment < present:
            cart.undo()
        driver.run(2)
        undone[moment] = in_place_shown(app, monkeypatch)
    for _ in range(present):
        cart.redo()
    driver.run(2)
    replayed = replay_each_moment(app, driver, present, lambda: in_place_shown(app, monkeypatch))
    assert replayed == undone, (replayed, undone)
    counted = {moment: Fifteen(cart.session.states[moment].tiles, cart.goal) for moment in checks}
    for moment in range(present + 1):  # the last check on the way there
        last = max(check for check in checks if check <= moment)
        tiles, goal = counted[last].tiles, counted[last].goal
        assert undone[moment] == [sum(1 for t, g in zip(tiles, goal) if t and t == g)], (moment, undone)
    assert undone[0] != [15]


def drawn_homes(app, monkeypatch) -> list[tuple[int, int]]:
    """(tile, the cell of the picture it shows) of every picture tile the next frame draws."""
    homes = []
    real = board_module.draw_face

    def face(x, y, tile, home, style, colour):
        homes.append((tile, home))
        return real(x, y, tile, home, style, colour)

    with monkeypatch.context() as patch:
        patch.setattr(board_module, "draw_face", face)
        app.draw()
    return homes


def assert_picture_whole(app, cart, monkeypatch) -> None:
    goal = cart.state.goal
    homes = drawn_homes(app, monkeypatch)
    assert homes and all(home == goal.index(tile) for tile, home in homes), (goal, homes)


def test_every_target_of_every_set_shows_its_picture_whole_when_solved(make_app, monkeypatch):
    app, driver, cart = cartridge_at_start(make_app, "bypuzz", "en")
    cart.settings.set("bypuzz.tiles", "picture2")
    tried = 0
    for puzzle_set in cart.puzzle_sets:
        for goal in puzzle_set.targets:
            cart.set_goal(goal)
            cart.play(goal, None, check_run=False)
            driver.frame()
            assert_picture_whole(app, cart, monkeypatch)
            tried += 1
    assert tried >= 10


def test_a_save_of_another_target_read_and_declined_changes_nothing_shown(make_app, monkeypatch):
    """Load (and the resume offer at the start) read a save before asking; a No keeps the game shown,
    its target, level and hints' goal."""
    app, driver, cart = cartridge_at_start(make_app, "bypuzz", "en")
    cart.settings.set("bypuzz.tiles", "picture1")
    targets = cart.puzzle_sets[0].targets
    elsewhere = Session(cart.rules, Fifteen(targets[7], targets[7]), {"goal": "", "level": "hard"})
    elsewhere.play(cart.rules.legal_moves(elsewhere.state)[0])
    cart.set_goal(targets[0])
    start, _ = walk_back(cart, random.Random(2), 5)
    cart.play(start, None, check_run=False)
    cart.screen.play_tiles([cart.rules.legal_moves(cart.state)[0]])
    driver.run(8)
    shown_goal, level = cart.state.goal, cart.level
    assert level != "hard" and targets[7] != shown_goal
    assert cart.read_save("slot", elsewhere.to_text()) is not None
    driver.frame()
    assert cart.goal == shown_goal and cart.searcher.goal == shown_goal and cart.level == level
    assert_picture_whole(app, cart, monkeypatch)
