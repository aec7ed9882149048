"""A review says what it knows and no more, the same on any machine (issue 50).

- A move neither the solver nor the engine could judge within its budget is "not proven",
  counted apart ("mistakes 0, 11 moves not proven"), never called clean: the peg review once
  said "No jump lost the solution." of games lost at one jump it could not prove.
- Every search is bounded by its work (nodes), not the clock: the same record reviewed under
  a fast and a slow simulated clock gives the same lines."""

from __future__ import annotations

import random
import time

import pytest

from pyxel_app.ai.review import Review, count_line, move_line, summary_text
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.rules.pegs import RULES as PEGS
from pyxel_app.rules.records import Record
from pyxel_app.shell import strings
from pyxel_app.shell.insight_words import summary_words


def random_record(rules, seed: int, plies: int | None = None) -> Record:
    """A game of random moves from the start (to its end, or ``plies`` moves)."""
    rng, state, moves = random.Random(seed), rules.initial_state(), []
    while not rules.is_terminal(state) and (plies is None or len(moves) < plies):
        move = rng.choice(rules.legal_moves(state))
        moves.append(move)
        state = rules.apply(state, move)
    return Record(rules, rules.initial_state(), tuple(moves))


def lines_of(review) -> list[str]:
    return [move_line(move) for move in review.moves] + [summary_text(review), count_line(review)]


def stepped(record: Record, move_ms: float, tick_s: float, monkeypatch) -> list[str]:
    """The review of ``record`` a 2 ms slice at a time, under a clock that moves ``tick_s`` at every look."""
    now = [0.0]

    def clock() -> float:
        now[0] += tick_s
        return now[0]

    with monkeypatch.context() as patch:
        patch.setattr(time, "perf_counter", clock)
        review = Review(record, move_ms)
        while not review.finished:
            review.step(2.0)
    return lines_of(review.result)


@pytest.mark.parametrize("rules, seed, move_ms", [(CONNECT4, 3, 5.0), (OTHELLO, 5, 3.0), (PEGS, 7, 2.0)],
                         ids=["connect4", "othello", "pegs"])
def test_the_same_record_gets_the_same_review_under_any_clock(rules, seed, move_ms, monkeypatch):
    record = random_record(rules, seed)
    fast = stepped(record, move_ms, 1e-7, monkeypatch)  # an idle machine: a slice holds many nodes
    slow = stepped(record, move_ms, 1e-3, monkeypatch)  # a busy one: every look at the clock ends a slice
    assert fast == slow


def test_a_move_the_review_could_not_judge_is_not_proven_never_clean():
    """Random peg games, lost; with almost no nodes a search proves nothing but the ends, and no
    jump is called clean for want of knowing."""
    for seed in range(2):
        record = random_record(PEGS, seed)
        review = Review(record, move_ms=0.01).run_to_end()
        unproven = review.unproven
        assert unproven and all(not move.mistake for move in unproven)
        clean = [move for move in review.moves if move.proven and not move.mistake]
        for move in clean:  # only what the chain of proven positions says
            index = move.line.index
            after = review.moves[index].verdict
            assert after.exact, move_line(move)
        assert count_line(review) == f"mistakes {len(review.mistakes)}, {len(unproven)} moves not proven"
        for language in strings.LANGUAGES:
            strings.set_language(language)
            words = summary_words(review, "pegs", str, solo=True)
            assert words != strings.t("pegs.review.none") and str(len(unproven)) in words
        strings.set_language("en")


def test_a_peg_game_lost_at_one_jump_is_marked_where_the_review_proves_it():
    """A short game on a small board (proofs of a few hundred nodes): lost at one jump, marked."""
    board = "_ooo_\nooooo\noo.oo\nooooo\n_ooo_\n"
    start = PEGS.state_from_text(board)
    for seed in range(3):
        rng, state, moves = random.Random(seed), start, []
        while PEGS.legal_moves(state):
            moves.append(rng.choice(PEGS.legal_moves(state)))
            state = PEGS.apply(state, moves[-1])
        review = Review(Record(PEGS, start, tuple(moves)), move_ms=200).run_to_end()
        assert not review.unproven
        lost = state.marble_count > 1
        assert len(review.mistakes) == (1 if lost and review.moves[0].before.result == "win" else 0) or not lost
        if lost and review.mistakes:
            index = review.mistakes[0].line.index
            assert review.moves[index].before.result == "win" and review.moves[index].verdict.result == "loss"
