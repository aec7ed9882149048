"""The shared stepper: answers, the total budget and the deadline handed to nested searches."""

import math
import random

from pyxel_app.ai.connect4 import Connect4Search, new_table
from pyxel_app.ai.cooperative import Cooperative, EngineResult
from pyxel_app.ai.fifteen import FifteenSearch
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.fifteen import STANDARD_GOAL


class Counter:
    """A nested search that only remembers the deadlines it was handed."""

    def __init__(self):
        self.deadline = None
        self.nodes = 0


class Counting(Cooperative[int]):
    """Counts until ``stop`` (never, when None); its best answer so far is the count."""

    def __init__(self, stop=None, budget_ms=None):
        self.count = 0
        self.inner = Counter()
        super().__init__(self._count(stop), budget_ms)

    def _count(self, stop):
        self.nest(self.inner)
        while stop is None or self.count < stop:
            self.count += 1
            assert self.inner.deadline == self.deadline < math.inf
            yield
        return self.count

    def finish(self, value):
        self.result = self.count if value is None else value


def test_step_answers_none_while_thinking_then_the_answer():
    search = Counting(stop=3)
    assert search.step(0.0) is None
    assert search.run_to_end() == 3
    assert search.finished and search.step(0.0) == 3


def test_the_total_budget_makes_the_best_answer_so_far_final():
    search = Counting(budget_ms=5)
    answers = []
    while not search.finished:
        answers.append(search.step(1.0))
    assert answers[-1] == search.count > 0
    assert set(answers[:-1]) <= {None}
    assert search.elapsed_ms >= 5


def test_every_engine_answers_with_an_engine_result():
    one_slide_away = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
    assert FifteenSearch(one_slide_away).run_to_end() == EngineResult(15, None, 1)
    assert FifteenSearch(STANDARD_GOAL).run_to_end() == EngineResult(None, None, 0)
    search = Connect4Search(CONNECT4.state_from_text("112233"), "easy", rng=random.Random(0),
                            table=new_table(size=101))
    result = search.run_to_end()
    assert result == EngineResult(3, search.score, search.depth_done) and search.exact


def test_every_level_search_refuses_an_unknown_level_and_a_finished_game():
    import pytest

    from pyxel_app.ai.draughts import DraughtsSearch
    from pyxel_app.ai.othello import OthelloSearch
    from pyxel_app.rules.draughts import RULES as DRAUGHTS
    from pyxel_app.rules.othello import RULES as OTHELLO

    cases = [(Connect4Search, CONNECT4, "1212121", "primitive"),
             (OthelloSearch, OTHELLO, "X" * 64 + " O", "random"),
             (DraughtsSearch, DRAUGHTS, "B:W28:B", "easy")]
    for engine, rules, finished, level in cases:
        with pytest.raises(ValueError, match="unknown level 'godlike'; choose from"):
            engine(rules.initial_state(), "godlike")
        with pytest.raises(ValueError, match="already over"):
            engine(rules.state_from_text(finished), level)
        assert engine(rules.initial_state(), level).level == level
