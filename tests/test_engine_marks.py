"""A ``?`` from an engine marks only a move the engine sees change the result class or lose a
clear margin (issue 50: Connect 4 marked a win kept but delayed from the 7th stone to the 19th,
and left real drops unmarked).  The rule is one for every game's engine-judged moves; these
cases give the review's judge the engine's findings as data."""

from __future__ import annotations

import pytest

from pyxel_app.ai.review import Review, engine_mistake
from pyxel_app.ai import connect4 as connect4_ai
from pyxel_app.ai.verdicts import DRAW, LOSS, WIN, Found, Known, Verdict
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.records import numbered, read_record

THRESHOLD = 2.0


@pytest.mark.parametrize("before, after, drop, mistake", [
    (Verdict(0, WIN, stone=7), Verdict(0, WIN, stone=19), 12.0, False),  # the win kept, later
    (Verdict(0, WIN, stone=7), Verdict(0, score=1.5, depth=5), 40.0, None),  # kept? beyond the horizon
    (Verdict(0, WIN, stone=7), Verdict(0, DRAW), 40.0, True),
    (Verdict(0, DRAW), Verdict(0, LOSS, stone=12), 40.0, True),
    (Verdict(0, LOSS, stone=9), Verdict(0, score=-3.0, depth=5), 0.5, False),  # lost already
    (Verdict(0, score=0.4, depth=6), Verdict(0, LOSS, stone=15), 0.5, True),  # the engine sees it lose
    (Verdict(0, score=0.4, depth=6), Verdict(0, WIN, stone=15), 0.0, False),
    (Verdict(0, score=3.0, depth=6), Verdict(0, DRAW), 3.0, True),  # a clear margin to a draw
    (Verdict(0, score=0.5, depth=6), Verdict(0, DRAW), 0.5, False),
    (Verdict(0, score=1.0, depth=6), Verdict(0, score=-1.5, depth=5), 2.5, True),
    (Verdict(0, score=1.0, depth=6), Verdict(0, score=0.1, depth=5), 0.9, False),
])
def test_a_mark_needs_a_change_of_result_class_or_a_clear_margin(before, after, drop, mistake):
    assert engine_mistake(before, after, drop, THRESHOLD) is mistake


def test_a_delayed_win_the_search_cannot_see_to_the_end_is_not_marked():
    """The judge itself: the engine proved a quick win for its own move and only scored the one
    played; the move is not marked, and not called clean."""
    record = read_record(CONNECT4, "4444")
    review = Review(record, move_ms=1)
    review.exact = [None] * len(review.states)
    review.found = [None] * len(record.moves)
    index = 2
    quick_win = connect4_ai.WIN_BASE + 15
    played = record.moves[index]
    best = (played + 1) % 7
    review.found[index] = Found(depth=6, best=best, best_value=quick_win, played_value=30)
    line = review.judge(numbered(record)[index], played)
    assert not line.mistake and not line.proven
    review.exact[index + 1] = Known(Verdict(CONNECT4.to_move(review.states[index + 1]), LOSS, stone=18))
    line = review.judge(line.line, played)  # the solver says the position after it is still won
    assert not line.mistake and line.proven
