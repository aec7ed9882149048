"""Every event of every game has its sound: each game is played through its events, frame by
frame, while a harness around ``pyxel.play``/``pyxel.playm`` (tests/sound_log.py) records every
sound started, by name.

``HEARD`` says which sounds each scenario must start; together the scenarios hear every effect
and jingle of the table (shell/sounds.py).
"""

from __future__ import annotations

import pytest

from pyxel_app.cartridges.pegs_hop import HOP_FRAMES
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.draughts import squares_of
from pyxel_app.rules.othello import PASS_TEXT
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.shell import sounds

from sound_log import listen
from test_puzzle_mode import PUZZLES, opened, puzzle_solve
from test_app_bypuzz import gap_direction_to_solve, open_bypuzz
from test_app_pegs import open_pegs, point
from test_endings import match_in, settle

TWO = ("two", None)

HEARD = {
    "connect4_drop_and_land": ["drop", "land"],
    "othello_place_and_each_flip": ["place", "flip", "flip", "flip"],
    "othello_pass": ["pass"],
    "draughts_move": ["move"],
    "draughts_each_capture": ["capture", "capture"],
    "draughts_crowning": ["crown"],
    "pegs_pick_jump_remove": ["pick", "jump", "remove"],
    "pegs_dead_end_and_new_best": ["pick", "jump", "remove", "dead_end", "best"],
    "pegs_solved": ["won"],
    "pegs_hint": ["hint"],
    "bypuzz_shuffle": ["shuffle", "refused"],
    "bypuzz_slide_check_solved_best": ["blink", "slide", "best", "won"],
    "menu_cursor_and_select": ["cursor", "select"],
    "your_turn_after_the_computer": ["your_turn"],
    "hint_and_refused": ["refused", "hint"],
    "message": ["message"],
    "won_lost_draw": ["won", "lost", "draw"],
    "game_over_nobody_here_plays": ["game_over"],
    "puzzle_solved_in_every_game": ["puzzle_solved"],
}


def in_order(heard: list[str], wanted: list[str]) -> bool:
    """``wanted`` are among ``heard`` in this order (other sounds may come between)."""
    rest = iter(heard)
    return all(any(name == want for name in rest) for want in wanted)


def test_the_scenarios_hear_every_effect_and_jingle():
    assert set(sounds.SOUNDS) - set(sounds.SAME_AS) == {name for names in HEARD.values() for name in names}
    assert set(HEARD) <= {name.removeprefix("test_") for name in globals() if name.startswith("test_")}


def test_in_order_finds_a_sound_out_of_order():
    assert in_order(["a", "x", "b"], ["a", "b"]) and not in_order(["b", "a"], ["a", "b"])
    assert not in_order(["flip"], ["flip", "flip"])


def scenario(name: str, heard: list[str]) -> None:
    assert in_order(heard, HEARD[name]), (HEARD[name], heard)


# The match games.


def test_connect4_drop_and_land(make_app, monkeypatch):
    app, driver, cart, _ = match_in(make_app, "connect4", TWO, None, "")
    log = listen(monkeypatch)
    cart.submit("4")
    assert log.names == ["drop"]  # the disc falls
    settle(driver, cart)
    assert log.names == ["drop", "land"]
    scenario("connect4_drop_and_land", log.names)


def test_othello_place_and_each_flip(make_app, monkeypatch):
    start = "-" * 16 + "--XOOO--" + "-" * 40 + " X"  # X at c3 takes the three stones to g3 when it plays g3
    app, driver, cart, _ = match_in(make_app, "othello", TWO, "standard", start)
    log = listen(monkeypatch)
    state = cart.state
    move = OTHELLO.move_from_text(state, "g3")
    assert OTHELLO.flips(state, move).bit_count() == 3
    cart.submit("g3")
    settle(driver, cart)
    assert log.names[:4] == ["place", "flip", "flip", "flip"]
    scenario("othello_place_and_each_flip", log.names)


def test_othello_pass(make_app, monkeypatch):
    start = "XXO" + "-" * 61 + " O"  # O cannot flank a stone: it must pass; X then takes c1
    app, driver, cart, _ = match_in(make_app, "othello", TWO, "standard", start)
    assert OTHELLO.must_pass(cart.state)
    log = listen(monkeypatch)
    cart.submit(PASS_TEXT)
    settle(driver, cart)
    assert log.names == ["pass"]
    scenario("othello_pass", log.names)


def draughts_at(make_app, monkeypatch, start: str):
    app, driver, cart, _ = match_in(make_app, "draughts", TWO, "international", start)
    return app, driver, cart, listen(monkeypatch)


def test_draughts_move(make_app, monkeypatch):
    app, driver, cart, log = draughts_at(make_app, monkeypatch, "W:W32,40:B10")
    cart.submit("32-28")
    settle(driver, cart)
    assert log.names == ["move"]
    scenario("draughts_move", log.names)


def test_draughts_each_capture(make_app, monkeypatch):
    app, driver, cart, log = draughts_at(make_app, monkeypatch, "W:W32,45:B27,17,5")
    move = max(DRAUGHTS.legal_moves(cart.state), key=lambda m: len(squares_of(m.captured)))
    assert len(squares_of(move.captured)) == 2
    cart.submit(DRAUGHTS.move_to_text(move))
    heard_before_the_end = []
    while cart.view.busy(cart.ui):
        driver.frame()
        heard_before_the_end.append(log.count("capture"))
    assert heard_before_the_end[0] == 0 and 1 in heard_before_the_end  # one as each piece is passed
    assert log.names == ["capture", "capture", "move"]
    scenario("draughts_each_capture", log.names)


def test_draughts_captures_cut_short_are_still_each_heard(make_app, monkeypatch):
    app, driver, cart, log = draughts_at(make_app, monkeypatch, "W:W32,45:B27,17,5")
    move = max(DRAUGHTS.legal_moves(cart.state), key=lambda m: len(squares_of(m.captured)))
    cart.submit(DRAUGHTS.move_to_text(move))
    driver.frame()
    cart.view.finish_animation(cart.ui)  # as a key pressed at once does
    assert log.names == ["capture", "capture", "move"]


def test_draughts_crowning(make_app, monkeypatch):
    app, driver, cart, log = draughts_at(make_app, monkeypatch, "W:W7,40:B30")
    move = next(move for move in DRAUGHTS.legal_moves(cart.state) if move.start == DRAUGHTS.move_from_text(cart.state, "7-1").start
                and move.end < 5)
    cart.submit(DRAUGHTS.move_to_text(move))
    settle(driver, cart)
    assert cart.state.piece_at(move.end)[1] and log.names == ["crown"]
    scenario("draughts_crowning", log.names)


# Peg solitaire.


def test_pegs_pick_jump_remove(make_app, monkeypatch):
    app, driver, cart = open_pegs(make_app)
    log = listen(monkeypatch)
    cart.cursor = (3, 1)
    driver.key("RETURN")
    assert log.names == ["pick"]
    driver.key("DOWN")  # d2 over d3 into the centre
    assert log.names == ["pick", "jump"]
    driver.run(HOP_FRAMES)
    assert log.names == ["pick", "jump", "remove"]  # as the hopper passes over it
    scenario("pegs_pick_jump_remove", log.names)


def last_hop(make_app, monkeypatch, board: str):
    """The game's last jump on a one-row ``board``, from its first hole two to the right."""
    app, driver, cart = open_pegs(make_app, text=board)
    log = listen(monkeypatch)
    driver.drag(*point(cart, (0, 0)), *point(cart, (2, 0)))
    driver.run(HOP_FRAMES)
    return cart, log.names


def test_pegs_dead_end_and_new_best(make_app, monkeypatch):
    cart, heard = last_hop(make_app, monkeypatch, "oo._o")
    assert cart.session.outcome.score != 1 and heard == ["pick", "jump", "remove", "dead_end", "best"]
    scenario("pegs_dead_end_and_new_best", heard)


def test_pegs_solved(make_app, monkeypatch):
    cart, heard = last_hop(make_app, monkeypatch, "oo.")
    assert cart.session.outcome.score == 1 and heard == ["pick", "jump", "remove", "won", "best"]
    scenario("pegs_solved", heard)


def test_pegs_hint(make_app, monkeypatch):
    app, driver, cart = open_pegs(make_app, text="oo.")
    log = listen(monkeypatch)
    driver.key("H")
    driver.run(30)
    assert log.names == ["hint"]
    scenario("pegs_hint", log.names)


# ByPuzz.


def test_bypuzz_shuffle(make_app, monkeypatch):
    app, driver, cart = open_bypuzz(make_app)
    log = listen(monkeypatch)
    cart.choose_target()
    driver.frame()
    driver.key("RETURN")  # the choice: the standard target
    driver.key("RETURN")  # the preview: shuffle
    driver.run(30)
    driver.key("LEFT")  # no board yet
    scenario("bypuzz_shuffle", log.names)


def test_bypuzz_slide_check_solved_best(make_app, monkeypatch):
    app, driver, cart = open_bypuzz(make_app)
    tiles = cart.state.tiles
    log = listen(monkeypatch)
    cart.play(tiles, None, check_run=True)
    driver.run(200)
    assert log.count("blink") == sum(1 for tile, want in zip(tiles, cart.goal) if tile and tile == want)
    driver.key(gap_direction_to_solve(cart))
    assert cart.solved and log.names[-3:] == ["slide", "best", "won"]
    scenario("bypuzz_slide_check_solved_best", log.names)


# Shared.


def test_menu_cursor_and_select(make_app, monkeypatch):
    app, driver = make_app()
    log = listen(monkeypatch)
    driver.key("DOWN")
    driver.key("RETURN")
    assert log.names == ["cursor", "select"]
    scenario("menu_cursor_and_select", log.names)


def test_your_turn_after_the_computer(make_app, monkeypatch):
    app, driver, cart, here = match_in(make_app, "connect4", ("computer", 1), None, "")
    log = listen(monkeypatch)
    cart.submit("4")
    for _ in range(600):
        driver.frame()
        if cart.session.move_count == 2 and not cart.view.busy(cart.ui) and "your_turn" in log.names:
            break
    assert log.names == ["drop", "land", "drop", "land", "your_turn"]
    scenario("your_turn_after_the_computer", log.names)


def test_no_your_turn_between_two_people_here(make_app, monkeypatch):
    app, driver, cart, _ = match_in(make_app, "connect4", TWO, None, "")
    log = listen(monkeypatch)
    for column in "45":
        cart.submit(column)
        settle(driver, cart)
    assert log.names == ["drop", "land", "drop", "land"]


def test_hint_and_refused(make_app, monkeypatch):
    app, driver, cart, _ = match_in(make_app, "connect4", TWO, None, "111111")
    log = listen(monkeypatch)
    cart.submit("1")  # the column is full
    assert log.names == ["refused"]
    cart.hint()
    for _ in range(600):
        driver.frame()
        if "hint" in log.names:
            break
    scenario("hint_and_refused", log.names)


def test_message(make_app, monkeypatch):
    app, driver = make_app()
    log = listen(monkeypatch)
    app.show_message("first")
    app.show_message("second")  # waits its turn: heard when it shows
    driver.frame()
    assert log.names == ["message"]
    driver.key("RETURN")
    driver.frame()
    assert log.names == ["message", "message"]
    scenario("message", log.names)


def test_won_lost_draw(make_app, monkeypatch):
    heard = []
    for seating, start, moves in ((("computer", 1), "77111372676733525156246476", "5"),
                                  (("computer", 0), "77111372676733525156246476", "5"),
                                  (TWO, "44136567533446633544223266151557777121712", "2")):
        app, driver, cart, _ = match_in(make_app, "connect4", seating, None, start)
        log = listen(monkeypatch)
        cart.submit(moves)
        settle(driver, cart)
        driver.frame()
        heard += [name for name in log.names if name in sounds.JINGLES]
    assert heard == ["won", "lost", "draw"]
    scenario("won_lost_draw", heard)


def test_an_agreed_end_sounds_once(make_app, monkeypatch):
    app, driver, cart, here = match_in(make_app, "connect4", ("computer", 1), None, "")
    log = listen(monkeypatch)
    cart.flow.agree(1, "resigned")
    driver.run(3)
    assert log.names == ["lost"]


def test_game_over_nobody_here_plays(make_app, monkeypatch):
    app, driver, cart, _ = match_in(make_app, "connect4", TWO, None, "77111372676733525156246476")
    cart.seat_queue(0), cart.seat_queue(1)  # two agents: nobody here plays, as in the title's demo
    log = listen(monkeypatch)
    cart.submit("5")
    settle(driver, cart)
    driver.frame()
    assert log.names == ["drop", "land", "game_over"]
    scenario("game_over_nobody_here_plays", log.names)


@pytest.mark.parametrize("game, variant", PUZZLES)
def test_puzzle_solved_in_every_game(make_app, monkeypatch, game, variant):
    """The puzzle's own sound as it is solved, and no game's end jingle with it."""
    app, driver, cart = opened(make_app, game, variant)
    log = listen(monkeypatch)
    puzzle_solve(driver)
    driver.run(5)
    assert log.names[-1] == "puzzle_solved" and not set(log.names) & set(sounds.JINGLES), log.names
    scenario("puzzle_solved_in_every_game", log.names)
