"""Evaluation and review with the engines' knowledge (issue 41): exact verdicts agree with Pons'
Connect 4 test sets and with plain searches written here, a planted blunder is marked in every
game with a move that does better, and the engines' scores are judged against their own choice.

No timings are asserted: a budget only bounds how long a search may take, and the exact
answers below come well within it on any machine."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

from pyxel_app.ai import connect4 as connect4_ai
from pyxel_app.ai.review import DRAW, LOSS, WIN, Evaluate, Review, move_line, summary_text, verdict_text
from pyxel_app.ai.verdicts import Found, Verdict
from pyxel_app.rules.connect4 import CELLS
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.fifteen import RULES as FIFTEEN
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.rules.pegs import RULES as PEGS
from pyxel_app.rules.records import Record, numbered, read_record

# Pons' public test sets, read as data (the bench itself is never imported).
DATA = Path(connect4_ai.__file__).parent.parent / "bench" / "data"
# Generous: every exact answer here takes a small part of it.
EXACT_MS = 5_000.0
# Where the engine judges: enough for a few plies, which see the blunders planted here.
ENGINE_MS = 200.0


def pons_positions(name: str, count: int) -> list[tuple[str, int]]:
    lines = (DATA / f"connect4_Test_{name}.txt").read_text().split("\n")
    return [(line.split()[0], int(line.split()[1])) for line in lines[:count]]


def reviewed(record: Record, move_ms: float = EXACT_MS):
    return Review(record, move_ms).run_to_end()


# ---- Connect 4 against the exact solver and plain minimax ----


def pons_verdict(score: int, mover_wins: bool) -> tuple:
    if score == 0:
        return DRAW, None
    return (WIN if mover_wins else LOSS), CELLS // 2 + 1 - abs(score)


@pytest.mark.parametrize("name, count", [("L3_R1", 40), ("L2_R1", 6)])
def test_connect4_verdicts_agree_with_pons_test_sets(name, count):
    """The move into each test position: its verdict for the player who made it is the
    position's published score seen from the other side."""
    for sequence, score in pons_positions(name, count):
        record = Record(CONNECT4, CONNECT4.state_from_text(sequence[:-1]), (int(sequence[-1]) - 1,))
        verdict = reviewed(record).moves[0].verdict
        assert (verdict.result, verdict.stone) == pons_verdict(score, score < 0), (sequence, score, verdict)
        evaluation = Evaluate(CONNECT4, CONNECT4.state_from_text(sequence), EXACT_MS).run_to_end()
        assert (evaluation.verdict.result, evaluation.verdict.stone) == pons_verdict(score, score > 0), sequence


def minimax(state) -> int:
    """Pons' score for the side to move, by looking at every line to the end (no pruning)."""
    return _minimax(state.sequence)


@lru_cache(maxsize=None)
def _minimax(sequence: tuple) -> int:
    state = CONNECT4.state_from_text("".join(str(x + 1) for x in sequence))
    best = None
    for move in CONNECT4.legal_moves(state):
        child = CONNECT4.apply(state, move)
        if CONNECT4.winner(child) is not None:
            value = (CELLS + 1 - len(sequence)) // 2
        elif len(child.sequence) == CELLS:
            value = 0
        else:
            value = -_minimax(child.sequence)
        best = value if best is None else max(best, value)
    return best


def connect4_after(state, move) -> int:
    """Pons' score of ``move`` for the player who makes it, by minimax."""
    child = CONNECT4.apply(state, move)
    if CONNECT4.winner(child) is not None:
        return (CELLS + 1 - len(state.sequence)) // 2
    return 0 if len(child.sequence) == CELLS else -minimax(child)


def connect4_ending(seed: int, empties: int):
    """A position still in play with ``empties`` empty cells, from random play."""
    rng = random.Random(seed)
    while True:
        state = CONNECT4.initial_state()
        while CONNECT4.outcome(state) is None and len(state.sequence) < CELLS - empties:
            state = CONNECT4.apply(state, rng.choice(CONNECT4.legal_moves(state)))
        if CONNECT4.outcome(state) is None:
            return state


def category(score: int) -> int:
    return (score > 0) - (score < 0)


def test_connect4_review_agrees_with_plain_minimax_on_small_endings():
    marked = 0
    for seed in range(12):
        start = connect4_ending(seed, 8)
        rng = random.Random(seed)
        state, moves = start, []
        while CONNECT4.outcome(state) is None:
            moves.append(rng.choice(CONNECT4.legal_moves(state)))
            state = CONNECT4.apply(state, moves[-1])
        review = reviewed(Record(CONNECT4, start, tuple(moves)))
        state = start
        for move, judged in zip(moves, review.moves):
            before = minimax(state)
            after = connect4_after(state, move)
            child = CONNECT4.apply(state, move)
            assert (judged.verdict.result, judged.verdict.stone) == pons_verdict(after, after > 0)
            forced = len(CONNECT4.legal_moves(state)) == 1
            assert judged.mistake == (not forced and category(after) < category(before)), (start, moves)
            if judged.mistake:
                marked += 1
                assert category(connect4_after(state, judged.best)) == category(before)
            state = child
    assert marked >= 3  # the random endings hold mistakes to find


# ---- Othello against plain alpha-beta ----


def alphabeta(state, alpha: int = -65, beta: int = 65) -> int:
    """The final disc difference for the side to move with best play, empty squares to the
    winner, by plain alpha-beta over the rules."""
    if OTHELLO.outcome(state) is not None:
        own, other = state.count(state.to_move), state.count(1 - state.to_move)
        return 0 if own == other else (64 - 2 * other if own > other else 2 * own - 64)
    best = -65
    for move in OTHELLO.legal_moves(state):
        best = max(best, -alphabeta(OTHELLO.apply(state, move), -beta, -max(alpha, best)))
        if best >= beta:
            break
    return best


def othello_ending(seed: int, empties: int):
    rng = random.Random(seed)
    while True:
        state = OTHELLO.initial_state()
        while OTHELLO.outcome(state) is None and state.empties > empties:
            state = OTHELLO.apply(state, rng.choice(OTHELLO.legal_moves(state)))
        if OTHELLO.outcome(state) is None and state.empties == empties:
            return state


def disc_result(discs: int) -> str:
    return WIN if discs > 0 else LOSS if discs < 0 else DRAW


@pytest.mark.parametrize("empties, games", [(10, 2), (7, 6)])
def test_othello_exact_verdicts_agree_with_plain_alphabeta(empties, games):
    for seed in range(games):
        start = othello_ending(seed, empties)
        rng = random.Random(seed)
        state, moves = start, []
        while len(moves) < 4 and OTHELLO.outcome(state) is None:
            moves.append(rng.choice(OTHELLO.legal_moves(state)))
            state = OTHELLO.apply(state, moves[-1])
        review = reviewed(Record(OTHELLO, start, tuple(moves)))
        state = start
        for move, judged in zip(moves, review.moves):
            child = OTHELLO.apply(state, move)
            after = othello_after(state, move)
            assert judged.verdict.exact and judged.verdict.discs == after, (OTHELLO.state_to_text(state), move)
            assert judged.verdict.result == disc_result(after)
            before = alphabeta(state)
            forced = len(OTHELLO.legal_moves(state)) == 1
            assert judged.mistake == (not forced and RANKS[disc_result(after)] < RANKS[disc_result(before)])
            state = child


RANKS = {LOSS: 0, DRAW: 1, WIN: 2}


# ---- a planted blunder in every game ----


def connect4_blunder() -> tuple[Record, int]:
    """From a won test position (the end game set), a move after which the mover no longer wins."""
    for sequence, score in pons_positions("L3_R1", 100):
        if score <= 0:
            continue
        state = CONNECT4.state_from_text(sequence)
        for move in CONNECT4.legal_moves(state):
            child = CONNECT4.apply(state, move)
            if CONNECT4.outcome(child) is None and connect4_ai.solve(child)[0] >= 0:
                return Record(CONNECT4, state, (move,)), 0
    raise AssertionError("no blunder found")


def othello_after(state, move) -> int:
    """The final disc difference for the player who makes ``move``, with best play after it."""
    child = OTHELLO.apply(state, move)
    return alphabeta(child) * (1 if child.to_move == state.to_move else -1)


def othello_blunder() -> tuple[Record, int]:
    """From a won position of 8 empty squares, a move after which the mover no longer wins."""
    for seed in range(40):
        state = othello_ending(100 + seed, 8)
        if alphabeta(state) <= 0:
            continue
        for move in OTHELLO.legal_moves(state):
            if othello_after(state, move) <= 0:
                return Record(OTHELLO, state, (move,)), 0
    raise AssertionError("no blunder found")


# White has a won ending of four kings against one; 17-3 lets it be drawn.
DRAUGHTS_TABLES_BLUNDER = '[FEN "W:WK17,K23,K40,K48:BK45"]\n1. 17-3'
# A quiet middle game in which 50-45 lets Black take several men.
DRAUGHTS_ENGINE_BLUNDER = ('[FEN "W:W30,31,33,34,35,36,37,38,41,42,43,44,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,17,18,'
                           '20,21"]\n1. 50-45')


@lru_cache(maxsize=None)
def peg_solvable(state) -> bool:
    """Whether one marble can remain, by trying every jump (the triangle has 15 holes)."""
    if state.marble_count == 1:
        return True
    return any(peg_solvable(PEGS.apply(state, jump)) for jump in PEGS.legal_moves(state))


def pegs_blunder() -> tuple[Record, int]:
    start = PEGS.initial_state("triangle")
    state, moves = start, []
    rng = random.Random(3)
    while True:
        good = [jump for jump in PEGS.legal_moves(state) if peg_solvable(PEGS.apply(state, jump))]
        bad = [jump for jump in PEGS.legal_moves(state) if not peg_solvable(PEGS.apply(state, jump))]
        if bad and len(moves) >= 3:
            break
        moves.append(rng.choice(good))
        state = PEGS.apply(state, moves[-1])
    index = len(moves)
    moves.append(bad[0])
    state = PEGS.apply(state, bad[0])
    while PEGS.legal_moves(state):
        moves.append(PEGS.legal_moves(state)[0])
        state = PEGS.apply(state, moves[-1])
    return Record(PEGS, start, tuple(moves)), index


# Two moves from the goal; 13 goes the other way, and comes back.
FIFTEEN_BLUNDER = "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15\n13 13 14 15"


def planted(game: str) -> tuple[Record, int]:
    """A record and the index of its blunder."""
    if game == "connect4":
        return connect4_blunder()
    if game == "othello":
        return othello_blunder()
    if game == "draughts-tables":
        return read_record(DRAUGHTS, DRAUGHTS_TABLES_BLUNDER), 0
    if game == "draughts-engine":
        return read_record(DRAUGHTS, DRAUGHTS_ENGINE_BLUNDER), 0
    if game == "connect4-engine":
        # the position before the blunder is beyond the solver in any budget here (a minute is not enough)
        return read_record(CONNECT4, "1414141"), 5
    if game == "pegs":
        return pegs_blunder()
    return read_record(FIFTEEN, FIFTEEN_BLUNDER), 0


PLANTED = ["connect4", "connect4-engine", "othello", "draughts-tables", "draughts-engine", "pegs", "fifteen"]


def better(game: str, record: Record, index: int, best) -> bool:
    """Whether ``best`` does better than the blunder, by the plain searches of this file (or
    the tables and the engine, for draughts)."""
    state = record.states()[index]
    rules = record.rules
    child = rules.apply(state, best)
    if game == "connect4":
        return CONNECT4.winner(child) is not None or connect4_ai.solve(child)[0] < 0
    if game == "connect4-engine":
        return best == 0  # the column that blocks the three
    if game == "othello":
        return othello_after(state, best) > 0
    if game == "draughts-tables":
        from pyxel_app.ai.draughts_endgames import probe

        return DRAUGHTS.outcome(child) is not None or probe(*DRAUGHTS.sides(child), child.kings) < 0
    if game == "draughts-engine":
        return best.key != record.moves[index].key
    if game == "pegs":
        return peg_solvable(child)
    return best == 14


@pytest.mark.parametrize("game", PLANTED)
def test_a_planted_blunder_is_marked_and_a_better_move_named(game):
    record, index = planted(game)
    review = reviewed(record, ENGINE_MS if game.endswith("-engine") else EXACT_MS)
    blunder = review.moves[index]
    assert blunder.mistake, [move_line(move) for move in review.moves]
    assert blunder.best is not None and better(game, record, index, blunder.best), blunder
    assert blunder.best_text == record.rules.move_to_text(blunder.best) and blunder.best_label
    assert review.summary.first is blunder
    assert summary_text(review).startswith(("1 mistake, the first at move", f"{len(review.mistakes)} mistakes, the first"))
    if game in ("pegs", "fifteen", "connect4", "othello", "draughts-tables"):
        assert blunder.verdict.exact and blunder.before.exact
        assert [move.line.index for move in review.mistakes] == [index]


def test_the_bypuzz_review_counts_the_moves_to_the_goal():
    review = reviewed(read_record(FIFTEEN, FIFTEEN_BLUNDER))
    assert [(move.verdict.moves, move.mistake) for move in review.moves] == [(3, True), (2, False), (1, False), (0, False)]
    assert [verdict_text(move.verdict) for move in review.moves] == ["win in 3", "win in 2", "win in 1", "win"]


def test_the_peg_review_marks_only_the_jump_after_which_one_marble_cannot_remain():
    record, index = pegs_blunder()
    review = reviewed(record)
    assert [move.line.index for move in review.mistakes] == [index]
    assert all(move.verdict.result == WIN for move in review.moves[:index])
    assert all(move.verdict.result == LOSS for move in review.moves[index:])


def test_a_move_the_engine_would_play_is_never_a_mistake_and_a_drop_past_the_threshold_is():
    """The rule itself, on the engine's answers planted: the same values judge the engine's own
    choice, a move just inside the threshold and one past it."""
    record = read_record(CONNECT4, "44")
    review = Review(record, 1.0)
    review.exact = [None] * 3
    line = numbered(record)[0]
    unit = review.knowledge.unit
    cases = [(3, 100, 100 - 30 * unit, False), (2, 100, 100 - 1.9 * unit, False), (2, 100, 100 - 2 * unit, True)]
    for best, best_value, played_value, mistake in cases:
        review.found = [Found(4, best, best_value, played_value), None]
        judged = review.judge(line, 3)
        assert judged.mistake == mistake and judged.drop == pytest.approx((best_value - played_value) / unit)
        assert (judged.best, judged.best_text, judged.best_label) == ((2, "3", "3 (2|0)") if mistake else (None, None, None))


# ---- evaluation on demand ----


def test_evaluation_is_exact_where_a_solver_reaches():
    othello = othello_ending(5, 9)
    evaluation = Evaluate(OTHELLO, othello, EXACT_MS).run_to_end()
    assert evaluation.verdict.exact and evaluation.verdict.discs == alphabeta(othello)
    assert evaluation.verdict.player == othello.to_move and evaluation.best in OTHELLO.legal_moves(othello)
    assert othello_after(othello, evaluation.best) == alphabeta(othello)
    pegs = Evaluate(PEGS, PEGS.initial_state("triangle"), EXACT_MS).run_to_end()
    assert (pegs.verdict.result, pegs.verdict.moves) == (WIN, 13) and peg_solvable(PEGS.apply(PEGS.initial_state("triangle"), pegs.best))
    puzzle = Evaluate(FIFTEEN, FIFTEEN.state_from_text("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15"), EXACT_MS).run_to_end()
    assert (puzzle.verdict.result, puzzle.verdict.moves, puzzle.best_text, puzzle.best_label) == (WIN, 2, "14", "14←")
    kings = DRAUGHTS.state_from_text("W:WK17,K23,K40,K48:BK45")
    assert Evaluate(DRAUGHTS, kings, EXACT_MS).run_to_end().verdict == Verdict(0, WIN, moves=2)
    unsolvable = Evaluate(FIFTEEN, FIFTEEN.state_from_text("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0"), EXACT_MS).run_to_end()
    assert unsolvable.verdict.result == LOSS and unsolvable.best is None


def test_evaluation_gives_the_engines_score_and_depth_elsewhere():
    state = OTHELLO.initial_state()
    evaluation = Evaluate(OTHELLO, state, 300.0).run_to_end()
    verdict = evaluation.verdict
    assert not verdict.exact and verdict.score is not None and verdict.depth >= 1
    assert evaluation.best in OTHELLO.legal_moves(state) and verdict_text(verdict).startswith("~")
    warcaby = Evaluate(DRAUGHTS, DRAUGHTS.initial_state("warcaby"), 300.0).run_to_end()
    assert not warcaby.verdict.exact and warcaby.verdict.depth >= 2 and warcaby.best in DRAUGHTS.legal_moves(
        DRAUGHTS.initial_state("warcaby"))


def test_a_finished_game_is_evaluated_by_its_outcome():
    won = CONNECT4.state_from_text("1212121")
    assert Evaluate(CONNECT4, won).run_to_end().verdict == Verdict(1, LOSS, moves=0, stone=4)
    assert verdict_text(Verdict(0, WIN, moves=0)) == "win"


def test_evaluation_and_review_run_a_slice_at_a_time():
    start = othello_ending(77, 12)
    record = Record(OTHELLO, start, (OTHELLO.legal_moves(start)[0],))
    review = Review(record, EXACT_MS)
    slices = 0
    while review.step(1.0) is None:
        slices += 1
        assert review.progress[0] <= review.progress[1]
    assert slices >= 2 and review.progress[0] > 0
    assert review.result.moves[0].verdict.discs == othello_after(start, record.moves[0])


# ---- verdicts in words ----


def test_a_verdict_reads_the_same_from_the_other_side():
    verdict = Verdict(0, WIN, moves=3, stone=7)
    assert verdict.seen_by(1) == Verdict(1, LOSS, moves=3, stone=7) and verdict.seen_by(1).seen_by(0) == verdict
    assert Verdict(1, DRAW).seen_by(0).result == DRAW
    assert Verdict(0, score=1.5, depth=8).seen_by(1).score == -1.5
    assert Verdict(0, WIN, discs=6).seen_by(1).discs == -6


def test_verdicts_in_english_for_the_command_line():
    assert verdict_text(Verdict(0, WIN, moves=3, stone=7)) == "win in 3"
    assert verdict_text(Verdict(0, LOSS, discs=-6)) == "loss by 6"
    assert verdict_text(Verdict(0, DRAW, discs=0)) == "draw"
    assert verdict_text(Verdict(0, score=1.46, depth=8)) == "~+1.5"
    assert verdict_text(Verdict(0, at_least=45)) == "~45+"
    assert verdict_text(Verdict(0)) == "~?"


def test_doctests_pass():
    import doctest

    from pyxel_app.ai import review, verdicts

    for module in (review, verdicts):
        failures, tried = doctest.testmod(module)
        assert failures == 0 and tried >= 1, module


def test_an_only_move_is_evaluated_too():
    """A side that must pass in Othello, a draughts capture that is the only move."""
    rng = random.Random(8)
    for _ in range(2000):
        state = OTHELLO.initial_state()
        while OTHELLO.outcome(state) is None and not OTHELLO.must_pass(state):
            state = OTHELLO.apply(state, rng.choice(OTHELLO.legal_moves(state)))
        if OTHELLO.outcome(state) is None and state.empties > 14:
            break
    evaluation = Evaluate(OTHELLO, state, 300.0).run_to_end()
    assert evaluation.best_text == "pass" and evaluation.verdict.depth >= 1 and evaluation.verdict.player == state.to_move
    capture = DRAUGHTS.state_from_text("W:W28,40,45:B23,12,14,15")
    assert len(DRAUGHTS.legal_moves(capture)) == 1
    evaluation = Evaluate(DRAUGHTS, capture, 300.0).run_to_end()
    assert evaluation.best == DRAUGHTS.legal_moves(capture)[0] and evaluation.verdict.depth >= 2


def test_the_peg_light_and_the_evaluation_share_what_one_of_them_proves(monkeypatch):
    from pyxel_app.ai.pegs import PegSearch, PegSolver, shared_solver

    state = PEGS.initial_state("english")
    solver = shared_solver(state.board)
    assert PegSearch(solver, state).run_to_end() is not None  # the light's question, answered
    made, make = [], PegSolver.__init__
    monkeypatch.setattr(PegSolver, "__init__", lambda self, *args, **kwargs: made.append(make(self, *args, **kwargs)))
    nodes = solver.nodes
    evaluation = Evaluate(PEGS, state, EXACT_MS).run_to_end()
    assert evaluation.verdict.result == WIN and solver.nodes == nodes and made == []  # known at once: no search again
