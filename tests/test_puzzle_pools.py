"""The shipped puzzles are worth asking (issue 50: 32 of 178 Connect 4 puzzles opened with a
forced block, 5 of 180 Othello puzzles had two legal moves, the hard Connect 4 pool held
"Win in 2")."""

from __future__ import annotations

from dataclasses import replace

from pyxel_app.puzzles.days import pools
from pyxel_app.puzzles.model import Task
from pyxel_app.puzzles.worth import MIN_CHOICES, only_move_not_losing_at_once, refusal, too_short_for_hard
from pyxel_app.rules.connect4 import RULES as CONNECT4

SHIPPED = [puzzle for pool in pools().values() for puzzle in pool]


def test_no_shipped_puzzle_is_refused():
    refused = [(puzzle.key, puzzle.position, refusal(puzzle)) for puzzle in SHIPPED if refusal(puzzle)]
    assert not refused


def test_every_hard_win_in_n_is_longer_than_the_easier_ones():
    easier = [puzzle for puzzle in SHIPPED if puzzle.level != "hard"]
    assert not [puzzle.task.n for puzzle in SHIPPED if too_short_for_hard(puzzle, easier)]


def test_every_pool_still_holds_puzzles():
    assert all(len(pool) >= 30 for pool in pools().values())


def test_the_rules_refuse_each_kind_of_case():
    connect4 = next(puzzle for puzzle in SHIPPED if puzzle.game == "connect4")
    # Green has 2, 3 and 4 on the bottom row and Red holds 1: Red must block on 5.
    assert only_move_not_losing_at_once(CONNECT4.state_from_text("127374"))
    assert not only_move_not_losing_at_once(CONNECT4.state_from_text("44"))
    assert refusal(replace(connect4, position="127374")) == "its first move is forced (a block)"
    othello = next(puzzle for puzzle in SHIPPED if puzzle.game == "othello")
    assert refusal(othello) is None
    two = "-" * 27 + "OX" + "-" * 35 + " X"  # one stone each: one move
    assert refusal(replace(othello, position=two)) == f"fewer than {MIN_CHOICES} legal moves"
    hard = replace(connect4, level="hard", task=Task("win_in", n=2))
    assert too_short_for_hard(hard, [replace(connect4, level="medium", task=Task("win_in", n=5))])
