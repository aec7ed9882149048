"""The puzzle mode's words hold only while true (issue 50): "That was the solution. Z goes back."
went on after Z; a second H on the same move counted another hint; a right move got no word; a
solve over par was not said."""

from __future__ import annotations

import pytest

from pyxel_app.puzzles.model import Puzzle
from pyxel_app.puzzles.words import moves_used
from pyxel_app.shell.strings import t
from test_puzzle_mode import PUZZLES, opened, puzzle_settle

# One variant a game: the words are the mode's, the same for every variant.
GAMES = [next(case for case in PUZZLES if case[0] == game) for game in dict.fromkeys(game for game, _ in PUZZLES)]


@pytest.mark.parametrize("game,variant", GAMES)
def test_no_word_outlives_the_position_it_is_about(make_app, game, variant):
    app, driver, cart = opened(make_app, game, variant)
    mode = cart.puzzle_mode
    driver.key("H")
    puzzle_settle(driver)
    driver.key("H")
    puzzle_settle(driver)
    assert mode.hints == 1  # one hint a move, however often H is pressed
    driver.key("S")
    puzzle_settle(driver)
    assert mode.status_text() == t("puzzle.shown")
    driver.key("Z")
    puzzle_settle(driver)
    assert mode.status_text() != t("puzzle.shown") and mode.status_text() == mode.task_text()


@pytest.mark.parametrize("game,variant", [case for case in GAMES if case[0] != "bypuzz"])
def test_a_right_move_that_does_not_finish_is_said(make_app, game, variant):
    app, driver, cart = opened(make_app, game, variant)
    mode = cart.puzzle_mode
    if len(mode.puzzle.line) < 3:
        pytest.skip("the easy puzzle of the day ends at its first move")
    cart.play_as_player(mode.puzzle.line[0])
    puzzle_settle(driver)
    assert not mode.solved and mode.status_text() == t("puzzle.right")


def test_peg_moves_count_a_chain_of_jumps_as_one_as_the_par_does():
    puzzle = Puzzle.__new__(Puzzle)
    object.__setattr__(puzzle, "game", "pegs")
    assert moves_used(puzzle, ["d2-d4", "d4-f4", "c3-e3", "f3-d3"]) == 3
    assert t("puzzle.solved.par", moves=5, par=4, n=2).startswith("Solved in 5 moves (par 4)")
