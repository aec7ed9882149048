"""Draughts engines: every level answers a legal move, cooperatively; the search sees shots."""

import dataclasses
import random
import types
import zlib
from array import array

import pytest

from pyxel_app.ai import draughts as draughts_ai
from pyxel_app.ai.draughts import (LEVELS, PATTERN_SIZE, PATTERNS, WIN, WIN_THRESHOLD, DraughtsSearch, Pace, evaluate,
                                   pack, pattern_numbers, pattern_windows, patterns_worth, read_patterns, unpack)
from pyxel_app.ai import draughts_endgames
from pyxel_app.ai.draughts_endgames import probe
from pyxel_app.ai.memo import SlotTable
from pyxel_app.games import find
from pyxel_app.rules.draughts import RULES, SQUARES, Draughts, square_bit, squares_of


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


def test_pace_stops_a_settled_search_early_and_lets_an_unsettled_one_run_long():
    search, first, second = types.SimpleNamespace(budget_ms=1000.0), object(), object()
    pace = Pace(search)
    early = 1000.0 * draughts_ai.PACE_SHORT - 1  # too little of the budget gone to stop
    for depth in range(1, draughts_ai.PACE_FROM):  # too shallow to count
        assert not pace.settled_after(depth, first, 50, 900.0) and search.budget_ms == 1000.0
    # the best holds from PACE_FROM on: PACE_SETTLED depths and PACE_SHORT of the budget stop it
    for depth in range(draughts_ai.PACE_FROM, draughts_ai.PACE_FROM + draughts_ai.PACE_SETTLED + 1):
        assert not pace.settled_after(depth, first, 50, early)
    assert pace.settled_after(depth + 1, first, 50, early + 1)
    # a new best runs long until it has held PACE_RESET depths; so does a score that falls
    depth += 2
    assert not pace.settled_after(depth, second, 60, early) and search.budget_ms == 1000.0 * draughts_ai.PACE_LONG
    for _ in range(draughts_ai.PACE_RESET):
        depth += 1
        assert not pace.settled_after(depth, second, 60, early)
    assert search.budget_ms == 1000.0
    assert not pace.settled_after(depth + 1, second, 60 - draughts_ai.PACE_FALL, early) and search.budget_ms == 1000.0
    assert not pace.settled_after(depth + 2, second, 59 - 2 * draughts_ai.PACE_FALL, early)
    assert search.budget_ms == 1000.0 * draughts_ai.PACE_LONG
    assert pace.fell(58 - 3 * draughts_ai.PACE_FALL) and not pace.fell(59 - 3 * draughts_ai.PACE_FALL)


def test_the_searches_follow_their_pace(monkeypatch):
    state = RULES.state_from_text("W:W27,31,32,33,40,45:B8,12,18,19,24,25", "international")
    # a best move that holds one depth ends a search of a minute at once
    monkeypatch.setattr(draughts_ai, "PACE_FROM", 2)
    monkeypatch.setattr(draughts_ai, "PACE_SETTLED", 1)
    monkeypatch.setattr(draughts_ai, "PACE_SHORT", 0.0)
    search = DraughtsSearch(state, "hard", random.Random(1), budget_ms=60_000)
    result = search.run_to_end()
    assert result.depth < 10 and search.elapsed_ms < 60_000 and result.move in RULES.legal_moves(state)
    # a score that always falls runs the search to PACE_LONG times its budget; easy keeps its own
    monkeypatch.setattr(draughts_ai, "PACE_FALL", -WIN)
    search = DraughtsSearch(state, "hard", random.Random(1), budget_ms=100)
    search.run_to_end()
    assert search.budget_ms == 100 * draughts_ai.PACE_LONG and search.elapsed_ms >= search.budget_ms
    easy = DraughtsSearch(state, "easy", random.Random(1), budget_ms=100)
    easy.run_to_end()
    assert easy.budget_ms == 100


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


def test_each_window_reads_its_squares_as_a_base_3_number():
    rng = random.Random(6)
    for _ in range(200):
        contents = [rng.choice((0, 1, 2)) for _ in range(SQUARES)]  # empty, white man, black man
        white = sum(square_bit(index) for index, content in enumerate(contents) if content == 1)
        black = sum(square_bit(index) for index, content in enumerate(contents) if content == 2)
        expected = [sum(contents[square] * 3 ** digit for digit, square in enumerate(window)) for window in pattern_windows()]
        assert pattern_numbers(white, black) == expected


def test_the_learned_patterns_cover_the_board_and_ship_with_the_game():
    windows = pattern_windows()
    assert {square for window in windows for square in window} == set(range(SQUARES))
    assert len(PATTERNS) == len(windows)
    assert all(len(weights) == PATTERN_SIZE for *_, weights in PATTERNS)
    assert any(any(weights) for *_, weights in PATTERNS)


def test_the_learned_patterns_add_up_every_windows_weight_from_the_file():
    from importlib import resources

    packed = resources.files("pyxel_app.ai.data").joinpath("draughts_patterns.zlib").read_bytes()
    weights = array("h", zlib.decompress(packed))
    rng = random.Random(7)
    for _ in range(500):
        contents = [rng.choice((0, 0, 1, 2)) for _ in range(SQUARES)]
        white = sum(square_bit(index) for index, content in enumerate(contents) if content == 1)
        black = sum(square_bit(index) for index, content in enumerate(contents) if content == 2)
        expected = sum(weights[window * PATTERN_SIZE + number] for window, number in enumerate(pattern_numbers(white, black)))
        assert patterns_worth(white, black, PATTERNS) == expected


@pytest.mark.parametrize("packed, problem", [
    (b"not zlib at all", "draughts_patterns.zlib is damaged"),
    (zlib.compress(b"\x01"), "draughts_patterns.zlib is damaged"),  # an odd byte count is no 16-bit array
    (zlib.compress(b"\x00\x00" * 10), "draughts_patterns.zlib: 10 weights, not 13122"),
])
def test_a_damaged_pattern_file_is_refused_by_name(packed, problem):
    with pytest.raises(ValueError, match=problem):
        read_patterns(packed)


def test_the_pattern_file_reads_back_as_the_game_loaded_it():
    from importlib import resources

    packed = resources.files("pyxel_app.ai.data").joinpath("draughts_patterns.zlib").read_bytes()
    assert read_patterns(packed) == PATTERNS


def test_only_international_uses_the_learned_patterns():
    # they were fitted to International positions; warcaby keeps the hand evaluation
    assert DraughtsSearch(RULES.initial_state(), "hard").patterns == PATTERNS
    assert DraughtsSearch(RULES.state_from_text("W:W36-50:B1-15", "warcaby"), "hard").patterns == ()


def turned(state: Draughts) -> Draughts:
    """The board turned half round with the colours swapped: the same position for the other side."""
    def turn_bits(bits: int) -> int:
        return sum(square_bit(SQUARES - 1 - index) for index in squares_of(bits))

    return Draughts(state.variant, turn_bits(state.black), turn_bits(state.white), turn_bits(state.kings), 1 - state.turn)


@pytest.mark.parametrize("patterns", [(), PATTERNS], ids=["hand", "learned patterns"])
def test_the_evaluation_scores_a_position_as_the_other_side_scores_it_turned_round(patterns):
    rng = random.Random(4)
    for _ in range(20):
        state = RULES.initial_state()
        while RULES.outcome(state) is None:
            mirror = turned(state)
            assert (evaluate(*RULES.sides(state), state.kings, state.turn, patterns)
                    == evaluate(*RULES.sides(mirror), mirror.kings, mirror.turn, patterns))
            state = RULES.after(state, rng.choice(RULES.legal_moves(state)))


def test_the_search_scores_a_repetition_as_a_draw():
    # White's king alone against two kings and a man: back on 41, the position of four plies
    # ago comes again, and the search takes that draw over any other move.
    state = RULES.state_from_text("W:WK46:BK3,K4,12")
    for text in ("46-41", "3-8", "41-46", "8-3"):
        state = RULES.apply(state, RULES.move_from_text(state, text))
    result = DraughtsSearch(state, "hard", random.Random(1), budget_ms=300).run_to_end()
    assert (RULES.move_to_text(result.move), result.score) == ("46-41", 0)
    fresh = RULES.state_from_text(RULES.state_to_text(state))
    assert DraughtsSearch(fresh, "hard", random.Random(1), budget_ms=300).run_to_end().score < -200


def after_king_moves(text: str, count: int) -> Draughts:
    """The position of ``text`` reached by ``count`` king moves since the last man move or
    capture (stand-ins for those positions, all different, none of them this one)."""
    state = RULES.state_from_text(text)
    return dataclasses.replace(state, history=tuple((0, 0, 0, n) for n in range(count)))


def test_the_side_ahead_keeps_the_game_alive_before_the_king_moves_draw():
    # Black's two kings and a man against a lone king, two plies before 25 king moves each:
    # the search plays a move after which no reply ends the game in that draw (a man's
    # move or a capture sets the clock back), and still sees itself ahead (by a quarter of
    # its lead: three pieces against a lone king draw but for a shot).
    late_state = after_king_moves("B:WK24:B14,K17,K28", 48)
    late = DraughtsSearch(late_state, "hard", random.Random(1), budget_ms=300).run_to_end()
    assert late.score > 50
    following = RULES.apply(late_state, late.move)
    for reply in RULES.legal_moves(following):
        assert RULES.draw_reason(RULES.apply(following, reply)) is None


def test_the_side_behind_sees_the_king_moves_draw_coming():
    # The lone king to move, a ply before the draw: whatever it does, the game is drawn.
    text = "W:WK24:B14,K17,K28"
    assert DraughtsSearch(after_king_moves(text, 0), "hard", random.Random(1), budget_ms=300).run_to_end().score < -200
    assert DraughtsSearch(after_king_moves(text, 49), "hard", random.Random(1), budget_ms=300).run_to_end().score == 0


def test_the_search_plays_an_ending_exactly_from_the_tables():
    # Three kings win in 15 plies here, far beyond any depth the search reaches in a move:
    # the tables give it, and the move played leaves the lone king lost in 14.
    state = after_king_moves("W:WK8,K23,K45:BK2", 0)
    result = DraughtsSearch(state, "hard", random.Random(1), budget_ms=300).run_to_end()
    assert result.score == WIN - 15
    following = RULES.apply(state, result.move)
    assert probe(*RULES.sides(following), following.kings) == -14
    # With 39 king moves gone, the 25th king move each comes first: a draw.
    late = DraughtsSearch(after_king_moves("W:WK8,K23,K45:BK2", 39), "hard", random.Random(1), budget_ms=300)
    assert late.run_to_end().score == 0


def test_a_capture_on_the_way_sets_the_king_moves_clock_back():
    # With 38 king moves gone, 15 plies of king moves would reach the draw, but the win the
    # tables give makes the lone king take a king on the way: that capture sets the clock
    # back, and the search, playing both sides, wins the game under the rules.
    # The budget is only a cap: each search ends when the tables prove the result (0.2 s here),
    # so the answer does not hang on how busy the machine is.
    state = after_king_moves("W:WK8,K23,K45:BK2", 38)
    assert DraughtsSearch(state, "hard", random.Random(1), budget_ms=60_000).run_to_end().score == WIN - 15
    while RULES.outcome(state) is None:
        state = RULES.apply(state, DraughtsSearch(state, "hard", random.Random(1), budget_ms=60_000).run_to_end().move)
    assert RULES.outcome(state).winner == 0


def test_the_lone_king_does_not_step_into_a_take_a_ply_before_the_draw():
    # One king against two, 48 king moves gone: every move draws unless it puts the king
    # where Black takes it (8-19, taken by 23x14), for that capture sets the clock back and
    # wins.  A win in one ply is one the clock cannot stop.
    state = after_king_moves("W:WK8:BK23,K28", 48)
    for seed in range(12):
        result = DraughtsSearch(state, "hard", random.Random(seed), budget_ms=50).run_to_end()
        following = RULES.apply(state, result.move)
        assert result.score == 0 and not any(move.captured for move in RULES.legal_moves(following))


def test_the_search_reads_the_endgame_tables_a_piece_a_slice(monkeypatch):
    # Few pieces left: the search reads the tables before it starts, a piece in each slice
    # (a slice that is over at once still runs to the next piece), not all in one frame.
    monkeypatch.setattr(draughts_endgames, "_table", b"")
    search = DraughtsSearch(RULES.state_from_text("W:W31,32,K46:B3,4,K5"), "hard", random.Random(1), budget_ms=200)
    for _ in range(3):
        assert search.step(0.0) is None and not draughts_endgames._table
    search.run_to_end()
    assert len(draughts_endgames._table) == draughts_endgames.ENTRIES


def test_warcaby_has_no_tables():
    # The same kings under warcaby's rules (no majority capture, pieces taken at once): the
    # tables do not answer, so no exact win comes out of them.
    state = RULES.state_from_text("W:WK8,K23,K45:BK2", "warcaby")
    assert DraughtsSearch(state, "hard", random.Random(1), budget_ms=100).run_to_end().score < WIN_THRESHOLD


@pytest.mark.parametrize("entry", [(0, 0, 0, None), (40, 2, -99_999, (45, 0, 1 << 49)), (3, 1, 12345, (3, 49, 0))])
def test_table_entries_pack_into_one_int(entry):
    assert unpack(pack(*entry)) == entry


def test_forward_pruning_cuts_a_null_window_node_far_below_its_score(monkeypatch):
    # White is a man up; asked only whether it scores at least -3 men, a search 4 plies deep
    # answers from a 1-ply search at a raised bar (PRUNE_MARGIN a ply above it), with a bound
    # that is still right (the full window's score is far above) and far fewer nodes.
    from pyxel_app.ai import draughts as engine
    from pyxel_app.ai.cooperative import run_generator

    state = RULES.state_from_text("W:W27,31,32,33,40,45:B8,18,19,24")
    own, opp = RULES.sides(state)

    def search(prune_from: int, alpha: int, beta: int) -> tuple[int, int]:
        monkeypatch.setattr(engine, "PRUNE_FROM", prune_from)
        found = DraughtsSearch(state, "hard", random.Random(1), table=SlotTable())
        found.ply_limit = 4 + engine.THREAT_PLIES
        return run_generator(found._search(own, opp, state.kings, state.turn, 4, 1, 0, alpha, beta)), found.nodes

    true_score, _ = search(99, -WIN, WIN)
    assert true_score > 0
    pruned, pruned_nodes = search(3, -301, -300)
    full, full_nodes = search(99, -301, -300)
    assert pruned >= -300 and full >= -300
    assert pruned_nodes * 3 < full_nodes


def test_four_pieces_against_a_lone_king_keep_every_piece():
    # Black's king and three men against a lone king (from a match game): 42-48 crowns at
    # once but lets 34x1 take the man on 7, and three pieces only draw against a lone king.
    # The search keeps all four (7-11 here), whatever order it looks at the moves in.
    state = RULES.state_from_text("B:WK34:B7,15,K36,42")
    for seed in range(6):
        following = RULES.apply(state, DraughtsSearch(state, "hard", random.Random(seed), budget_ms=200).run_to_end().move)
        assert not any(move.captured for move in RULES.legal_moves(following))


def test_the_evaluation_knows_four_pieces_beat_a_lone_king_and_three_draw():
    four, three = RULES.state_from_text("B:WK34:B7,15,K36,K48"), RULES.state_from_text("B:WK34:B15,K36,K48")
    score_four = evaluate(*RULES.sides(four), four.kings, four.turn)
    score_three = evaluate(*RULES.sides(three), three.kings, three.turn)
    assert score_four > 1000 and 0 < score_three < 300
    # and the lone king sees it the other way round
    lone = dataclasses.replace(four, turn=0)
    assert evaluate(*RULES.sides(lone), lone.kings, lone.turn) < -1000
