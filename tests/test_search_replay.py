"""The searches that keep a table answer as on record: moves, scores and node counts of a few
positions of ``pyxel_app/bench/data/search_nodes.txt``, the quick ones of each set, each from
an empty table (``python -m pyxel_app.bench.searches`` replays them all; the bench's code is
not imported here, only its data read).  The record was made by the code before the tables
became one implementation, so a table that slots or replaces otherwise shows as other counts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyxel_app.ai import alphabeta, connect4, draughts, othello
from pyxel_app.ai.cooperative import run_generator
from pyxel_app.ai.memo import SlotTable
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.othello import RULES as OTHELLO

DATA = Path(othello.__file__).parent.parent / "bench" / "data"


def rows(name: str) -> list[list[str]]:
    return [line.split() for line in (DATA / name).read_text().splitlines() if line.strip() and not line.startswith("#")]


def record() -> dict[str, str]:
    return dict(line.split(": ") for line in (DATA / "search_nodes.txt").read_text().splitlines() if not line.startswith("#"))


def connect4_solves(name: str, picks) -> dict[str, str]:
    answers = {}
    for index in picks:
        solver = connect4.Solver(connect4.new_table())
        score, column = solver.solve(CONNECT4.state_from_text(rows(f"connect4_Test_{name}.txt")[index][0]))
        answers[f"connect4-solver {name} {index}"] = f"{column + 1} {score} {solver.nodes}"
    return answers


def othello_state(index: int):
    board, side, _ = rows("othello_endgames_14.txt")[index]
    return OTHELLO.state_from_text(f"{board} {side}")


def square(bit: int) -> str:
    return OTHELLO.move_to_text(othello.bit_to_move(bit))


def othello_solves(picks) -> dict[str, str]:
    answers = {}
    for index in picks:
        state, solver = othello_state(index), othello.EndgameSolver(SlotTable())
        score, bit = solver.solve(state.own, state.other)
        answers[f"othello-solver played {index}"] = f"{square(bit)} {score} {solver.nodes}"
    return answers


def othello_lookaheads(picks, depth: int = 7) -> dict[str, str]:
    """Deepening as the engine does, ties drawn by the position's own seeded generator."""
    answers = {}
    for index in picks:
        state, lookahead, rng = othello_state(index), othello.Lookahead(SlotTable()), random.Random(index)
        moves = othello.legal_squares(state.own, state.other)
        order = [bit for _, bit, _, _ in othello._ordered_children(state.own, state.other, moves)]
        for ply in range(1, depth + 1):
            value, best = run_generator(lookahead.search(state.own, state.other, ply, order, rng))
            bit = rng.choice(best)
            order = [bit] + [b for b in best if b != bit] + [b for b in order if b not in best]
        answers[f"othello-lookahead-d{depth} played {index}"] = f"{square(bit)} {value} {lookahead.nodes}"
    return answers


def draughts_searches(picks, depth: int = 8) -> dict[str, str]:
    answers = {}
    for index in picks:
        state = DRAUGHTS.state_from_text(" ".join(rows("draughts_positions.txt")[index]))
        search = draughts.DraughtsSearch(state, "hard", random.Random(index), budget_ms=1e9, max_depth=depth,
                                         table=SlotTable())
        result = search.run_to_end()
        answers[f"draughts-d{depth} {index}"] = f"{DRAUGHTS.move_to_text(result.move)} {result.score} {search.nodes}"
    return answers


def alphabeta_searches(slots: int | None = None) -> dict[str, str]:
    """The record's first case: Connect 4's start, depth 6, the look-ahead's evaluation."""
    table = alphabeta.new_table() if slots is None else alphabeta.new_table(slots)
    def evaluate(state) -> int:
        return connect4.evaluate(*connect4.position_of(state))

    engine = alphabeta.AlphaBeta(CONNECT4, CONNECT4.initial_state(), evaluate, max_depth=6, rng=random.Random(0),
                                 table=table)
    result = engine.run_to_end()
    return {"alphabeta-connect4 start-d6": f"{result.move + 1} {result.score} {engine.nodes}"}


QUICK = {
    "connect4 solver, end game": lambda: connect4_solves("L3_R1", range(5)),
    "connect4 solver, middle game": lambda: connect4_solves("L2_R1", range(5)),
    "connect4 solver, middle game, longer": lambda: connect4_solves("L2_R2", [3, 10, 11, 12, 19, 21]),
    "othello solver": lambda: othello_solves(range(3)),
    "othello look-ahead": lambda: othello_lookaheads(range(2)),
    "draughts, kings and men, both rule sets": lambda: draughts_searches([9, 11, 22]),
    "generic alpha-beta": alphabeta_searches,
}


@pytest.mark.parametrize("name", sorted(QUICK))
def test_a_search_answers_as_on_record(name):
    answers, recorded = QUICK[name](), record()
    assert answers and {label: recorded.get(label) for label in answers} == answers


def test_a_table_that_keeps_less_shows_as_other_node_counts():
    """Planted: the generic alpha-beta's case with a table of 7 slots, not the default."""
    ((label, answer),) = alphabeta_searches(slots=7).items()
    recorded = record()[label]
    assert answer != recorded and answer.split()[:2] == recorded.split()[:2]
