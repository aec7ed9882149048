"""Build the pagoda functions the peg solitaire solver prunes with: pyxel_app/ai/pegs_pagodas.py.

    python tools/build_pegs_pagodas.py          # needs numpy and scipy (offline only)

A pagoda function gives each hole a number p with p(a) + p(b) >= p(c) for every jump from a
over b into c, so no jump raises a position's total.  A position whose total is below
p(t) can never end with its last marble on t.  Whether such a p exists for a position is a
small linear programme, too slow to solve at every node of a search, and no fixed few
pagodas prove every position.  So this script collects dead positions the solver proves
on random games (seeded), solves the programme for each and every hole the position class
allows as the end, and keeps per end hole the PER_END pagodas that between them prove
the most of those positions (a greedy cover).  Weights are small integers, checked exactly.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import linprog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyxel_app.ai.pegs import PegSearch, PegSolver, reachable_ends  # noqa: E402
from pyxel_app.rules.pegs import RULES, all_jumps, cell_name, preset_board  # noqa: E402

OUT = ROOT / "pyxel_app" / "ai" / "pegs_pagodas.py"
BOARDS = {"english": 12, "french": 12}  # random games whose positions are searched
PER_END = 10
NODE_LIMIT = 200_000
SAMPLES = 2500  # dead positions per board the programmes are solved for
LEVELS = range(10, 25)  # marble counts of the dead positions kept
PER_LEVEL = 4000
DENOMINATORS = (1, 2, 3, 4, 6, 8, 12, 16, 24)


def dead_positions(name: str, rng: random.Random) -> list[int]:
    """Positions the solver proved dead while asked about random games' positions."""
    found: set[int] = set()
    for _ in range(BOARDS[name]):
        state = RULES.initial_state(name)
        solver = PegSolver(state.board, beam_widths=(), use_pagodas=False)
        while RULES.outcome(state) is None:
            if state.marble_count <= 26:
                PegSearch(solver, state, NODE_LIMIT).run_to_end()
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        found.update(m for part in solver.dead for m in part if m.bit_count() in LEVELS)
    by_level: dict[int, list[int]] = {}
    for m in sorted(found):
        by_level.setdefault(m.bit_count(), []).append(m)
    # As many of each marble count, so the many small positions do not choose alone.
    return [m for level in sorted(by_level) for m in rng.sample(by_level[level], min(PER_LEVEL, len(by_level[level])))]


def build(name: str) -> dict[str, list[tuple[int, ...]]]:
    rng = random.Random(name)
    board = preset_board(name)
    bits = sorted(board.index(cell) for cell in board.holes)
    column = {bit: i for i, bit in enumerate(bits)}
    jumps = [(s.bit_length() - 1, o.bit_length() - 1, d.bit_length() - 1) for _, s, o, d in all_jumps(board)]
    rows = np.zeros((len(jumps), len(bits)))
    for r, (start, over, dest) in enumerate(jumps):
        rows[r, column[start]] -= 1
        rows[r, column[over]] -= 1
        rows[r, column[dest]] += 1
    positions = dead_positions(name, rng)
    ends = [board.index(cell) for cell in reachable_ends(RULES.initial_state(name))]
    print(f"{name}: {len(positions)} dead positions, ends {[cell_name(board.cell(e)) for e in ends]}", flush=True)
    marbles = np.array([[m >> bit & 1 for bit in bits] for m in positions], dtype=np.int64)

    def whole(weights, end) -> tuple[int, ...] | None:
        """The weights as small integers that still form a pagoda, or None."""
        for k in DENOMINATORS:
            p = [round(w * k) for w in weights]
            if p[column[end]] > 0 and all(p[column[a]] + p[column[b]] >= p[column[c]] for a, b, c in jumps):
                return tuple(p)
        return None

    chosen: dict[str, list[tuple[int, ...]]] = {}
    for end in ends:
        candidates: set[tuple[int, ...]] = set()
        for index in rng.sample(range(len(positions)), min(SAMPLES, len(positions))):
            cost = marbles[index].astype(float)
            cost[column[end]] -= 1  # minimise the position's total minus p(end)
            result = linprog(cost, A_ub=rows, b_ub=np.zeros(len(jumps)), bounds=[(-1, 1)] * len(bits), method="highs-ds")
            if result.status == 0 and result.fun < -1e-7:
                pagoda = whole(result.x, end)
                if pagoda is not None:
                    candidates.add(pagoda)
        table = np.array(sorted(candidates), dtype=np.int64)
        proves = (marbles @ table.T) < table[:, column[end]][None, :]
        covered = np.zeros(len(positions), bool)
        picks = []
        for _ in range(PER_END):
            gain = (proves & ~covered[:, None]).sum(0)
            best = int(gain.argmax())
            if gain[best] == 0:
                break
            picks.append(tuple(int(w) for w in table[best]))
            covered |= proves[:, best]
        print(f"  {cell_name(board.cell(end))}: {len(candidates)} pagodas, the {len(picks)} kept prove {covered.mean():.0%}", flush=True)
        chosen[cell_name(board.cell(end))] = picks
    return chosen


def main() -> None:
    started = time.time()
    tables = {name: build(name) for name in BOARDS}
    lines = ['"""Pagoda functions per board and end hole, made by tools/build_pegs_pagodas.py (do not edit).',
             "",
             "Each is one integer weight per hole, the holes in reading order (rows from the top, each",
             'from the left); see the tool for what they are and how they were chosen."""',
             "",
             "PAGODAS = {"]
    for name, table in tables.items():
        lines.append(f"    {name!r}: {{")
        for end, pagodas in table.items():
            lines.append(f"        {end!r}: (")
            lines.extend(f"            {pagoda!r}," for pagoda in pagodas)
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)} in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
