"""Search replay for ``python -m pyxel_app bench``: every search that keeps a transposition
table (``ai/memo.py``'s SlotTable) run on fixed positions, its moves, scores and node
counts compared with ``data/search_nodes.txt``.

That file holds what the searches answered before their tables became one implementation
(``docs/bench-log.md``).  A change to a table or a search that must not change play ends at
"0 differ" on every line; one that means to writes the file anew (``--record``) and says
why in its commit.  Each search starts from an empty table, but for the sets named "one
table", which keep one table over the whole set as a game does; node counts then do not
depend on what ran before.

The sets: Connect 4's solver on Pons' three sets (``connect4.py``) and on the middle-medium
set's first 30 with one table; Othello's solver on the two files of 20 positions of 14
empties (``othello.py``) and on the random one with one table; Othello's look-ahead to
depth 7 on the played file; draughts to depth 8 on ``data/draughts_positions.txt``; the
generic alpha-beta on Connect 4 (its keys hash alike in every process, unlike tic-tac-toe's
strings).  ``--quick`` runs the first few of each.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence

from .. import cli
from ..ai import alphabeta, connect4, draughts, othello
from ..ai.cooperative import run_generator
from ..ai.memo import SlotTable
from ..cli import Parser
from ..rules.connect4 import RULES as CONNECT4
from ..rules.draughts import RULES as DRAUGHTS
from ..rules.othello import RULES as OTHELLO
from .figures import DATA, report

PROG = "python -m pyxel_app.bench.searches"
RECORD = DATA / "search_nodes.txt"
HEADER = """\
# Moves, scores and node counts of the searches that keep a transposition table, on fixed
# positions (Connect 4's column 1-7, the score, the nodes), written by
# python -m pyxel_app.bench.searches --record: the commit that last wrote it says from which code.
"""
QUICK_POSITIONS = 3
LOOKAHEAD_DEPTH = 7
DRAUGHTS_FILE = "draughts_positions.txt"
DRAUGHTS_HALF = 12  # its first 12 positions are International, the next 12 warcaby
DRAUGHTS_DEPTH = 8
# Generic alpha-beta cases: (name, Connect 4 moves, depth, table slots or None for the default).
OTHELLO_FILES = {"played": "othello_endgames_14.txt", "random": "othello_endgames_14_random.txt"}
ALPHABETA_CASES = (("start-d6", "", 6, None), ("4453-d6", "4453", 6, None), ("3344-d5-97-slots", "3344", 5, 97))

Report = Callable[[str, str], None]
Answer = tuple[str, str]  # (label, "move score nodes")
Picks = Sequence[int] | None  # the positions of a set to search, by index; None: all


def data_lines(name: str) -> list[list[str]]:
    return [line.split() for line in (DATA / name).read_text().splitlines() if line.strip() and not line.startswith("#")]


def picked(items: list, picks: Picks) -> list[tuple[int, object]]:
    return list(enumerate(items)) if picks is None else [(index, items[index]) for index in picks]


def connect4_solves(name: str, picks: Picks, one_table: bool = False) -> Iterator[Answer]:
    kind = "connect4-solver-one-table" if one_table else "connect4-solver"
    table = connect4.new_table()
    for index, (moves, _) in picked(data_lines(f"connect4_Test_{name}.txt"), picks):
        solver = connect4.Solver(table if one_table else connect4.new_table())
        score, column = solver.solve(CONNECT4.state_from_text(moves))
        yield f"{kind} {name} {index}", f"{column + 1} {score} {solver.nodes}"


def othello_positions(name: str, picks: Picks):
    return [(index, OTHELLO.state_from_text(f"{board} {side}"))
            for index, (board, side, _) in picked(data_lines(OTHELLO_FILES[name]), picks)]


def othello_move(bit: int) -> str:
    return OTHELLO.move_to_text(othello.bit_to_move(bit))


def othello_solves(name: str, picks: Picks, one_table: bool = False) -> Iterator[Answer]:
    kind = "othello-solver-one-table" if one_table else "othello-solver"
    table = SlotTable()
    for index, state in othello_positions(name, picks):
        solver = othello.EndgameSolver(table if one_table else SlotTable())
        score, bit = solver.solve(state.own, state.other)
        yield f"{kind} {name} {index}", f"{othello_move(bit)} {score} {solver.nodes}"


def othello_lookaheads(picks: Picks) -> Iterator[Answer]:
    """Iterative deepening as the engine does it, each depth's best (drawn by the position's
    own seeded generator among ties) first in the next."""
    for index, state in othello_positions("played", picks):
        own, other = state.own, state.other
        lookahead, rng = othello.Lookahead(SlotTable()), random.Random(index)
        order = [bit for _, bit, _, _ in othello._ordered_children(own, other, othello.legal_squares(own, other))]
        for depth in range(1, LOOKAHEAD_DEPTH + 1):
            value, best_bits = run_generator(lookahead.search(own, other, depth, order, rng))
            bit = rng.choice(best_bits)
            order = [bit] + [b for b in best_bits if b != bit] + [b for b in order if b not in best_bits]
        yield f"othello-lookahead-d{LOOKAHEAD_DEPTH} played {index}", f"{othello_move(bit)} {value} {lookahead.nodes}"


def draughts_searches(picks: Picks) -> Iterator[Answer]:
    """The file's first half is International, its second warcaby."""
    for index, text in picked([" ".join(line) for line in data_lines(DRAUGHTS_FILE)], picks):
        # A budget no search reaches: the depth alone ends it, so it answers alike on any machine.
        search = draughts.DraughtsSearch(DRAUGHTS.state_from_text(text), "hard", random.Random(index), budget_ms=1e9,
                                         max_depth=DRAUGHTS_DEPTH, table=SlotTable())
        result = search.run_to_end()
        yield f"draughts-d{DRAUGHTS_DEPTH} {index}", f"{DRAUGHTS.move_to_text(result.move)} {result.score} {search.nodes}"


def connect4_evaluation(state) -> int:
    return connect4.evaluate(*connect4.position_of(state))


def alphabeta_searches(picks: Picks) -> Iterator[Answer]:
    for index, (name, moves, depth, slots) in picked(list(ALPHABETA_CASES), picks):
        table = alphabeta.new_table() if slots is None else alphabeta.new_table(slots)
        engine = alphabeta.AlphaBeta(CONNECT4, CONNECT4.state_from_text(moves), connect4_evaluation, max_depth=depth,
                                     rng=random.Random(index), table=table)
        result = engine.run_to_end()
        yield f"alphabeta-connect4 {name}", f"{result.move + 1} {result.score} {engine.nodes}"


def sets(quick: bool) -> list[tuple[str, Callable[[], Iterator[Answer]]]]:
    few = range(QUICK_POSITIONS) if quick else None
    both_rules = [*few, *(index + DRAUGHTS_HALF for index in few)] if quick else None
    return [
        ("connect4 solver, Pons L3_R1", lambda: connect4_solves("L3_R1", few)),
        ("connect4 solver, Pons L2_R1", lambda: connect4_solves("L2_R1", few)),
        ("connect4 solver, Pons L2_R2", lambda: connect4_solves("L2_R2", few)),
        ("connect4 solver, Pons L2_R2, one table", lambda: connect4_solves("L2_R2", few or range(30), one_table=True)),
        ("othello solver, played", lambda: othello_solves("played", few)),
        ("othello solver, random", lambda: othello_solves("random", few)),
        ("othello solver, random, one table", lambda: othello_solves("random", few, one_table=True)),
        (f"othello look-ahead to depth {LOOKAHEAD_DEPTH}", lambda: othello_lookaheads(few)),
        (f"draughts to depth {DRAUGHTS_DEPTH}", lambda: draughts_searches(both_rules)),
        ("generic alpha-beta on connect4", lambda: alphabeta_searches(few)),
    ]


def recorded() -> dict[str, str]:
    answers = {}
    for line in RECORD.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            label, _, answer = line.partition(": ")
            answers[label] = answer
    return answers


def run(report: Report = report, quick: bool = False, record: bool = False) -> None:
    """One line per set: positions, how many answer otherwise than recorded (with the first
    of them), its nodes and CPU time; ``record`` writes the answers as the new record."""
    expected = {} if record else recorded()
    lines = []
    for name, answers in sets(quick):
        start = time.process_time()
        count = nodes = 0
        differ = []
        for label, answer in answers():
            count += 1
            nodes += int(answer.split()[-1])
            lines.append(f"{label}: {answer}")
            if not record and expected.get(label) != answer:
                differ.append(f"{label}: {answer}, recorded {expected.get(label, 'nothing')}")
        cpu = time.process_time() - start
        first = f" (first: {differ[0]})" if differ else ""
        report(f"search replay {name}", f"{count} positions, {len(differ)} differ{first}, {nodes} nodes, CPU {cpu:.1f} s")
    if record:
        RECORD.write_text(HEADER + "\n".join(lines) + "\n")


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Replays the searches that keep a table on fixed positions "
                                           "and compares their moves, scores and nodes with the record.")
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK_POSITIONS} positions of each set")
    parser.add_argument("--record", action="store_true", help=f"write the answers to {RECORD.name} (whole sets only)")
    return parser


def play(args) -> None:
    if args.record and args.quick:
        raise cli.UsageError("--record wants the whole sets: leave out --quick")
    run(report, quick=args.quick, record=args.record)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
