"""Draughts engines: every level answers a legal move, cooperatively; the search sees shots."""

import random

import pytest

from pyxel_app.ai.draughts import LEVELS, DraughtsSearch, evaluate, pack, unpack
from pyxel_app.games import find
from pyxel_app.rules.draughts import RULES


@pytest.mark.parametrize("level", LEVELS + ("hint",))
@pytest.mark.parametrize("variant", RULES.variants)
def test_every_level_answers_a_legal_move_a_slice_at_a_time(level, variant):
    state = RULES.initial_state(variant)
    search = DraughtsSearch(state, level, random.Random(1), budget_ms=60)
    result = None
    for _ in range(10_000):
        result = search.step(2.0)
        if result is not None:
            break
    assert result is not None and result.move in RULES.legal_moves(state)


def test_the_spec_makes_the_engines():
    spec = find("draughts")
    engine = spec.engine(RULES.initial_state(), spec.hint_level, random.Random(2))
    engine.budget_ms = 80
    assert engine.run_to_end().move in RULES.legal_moves(RULES.initial_state())


def test_hard_searches_a_middle_game_position_several_plies_deep():
    state = RULES.state_from_text("W:W27,31,32,33,40:B8,18,19,24", "international")
    search = DraughtsSearch(state, "hard", random.Random(3), budget_ms=600)
    result = search.run_to_end()
    assert result.depth >= 3
    after = RULES.apply(state, result.move)
    assert RULES.outcome(after) is None


def test_hard_wins_a_won_ending():
    state = RULES.state_from_text("W:WK46,K50:B5")
    result = DraughtsSearch(state, "hard", random.Random(1), budget_ms=400).run_to_end()
    assert result.score is not None and result.score > 0


def test_a_finished_game_has_no_search():
    with pytest.raises(ValueError):
        DraughtsSearch(RULES.state_from_text("B:W28:B"), "hard")


def test_the_evaluation_is_symmetric():
    state = RULES.initial_state()
    own, opp = RULES.sides(state)
    assert evaluate(own, opp, 0, 0) == evaluate(opp, own, 0, 1)


@pytest.mark.parametrize("entry", [(0, 0, 0, None), (40, 2, -99_999, (45, 0, 1 << 49)), (3, 1, 12345, (3, 49, 0))])
def test_table_entries_pack_into_one_int(entry):
    assert unpack(pack(*entry)) == entry
