"""Find one-marble lines from single-vacancy starts of a peg solitaire board (offline).

    python tools/find_pegs_lines.py wiegleb            # every start, nearest the middle first
    python tools/find_pegs_lines.py diamond e3 --widths 1024,4096,16384
    python tools/find_pegs_lines.py wiegleb e5 --widths 16384,65536     # the centre start, 8 s

An exhaustive proof on the 41- and 45-hole boards runs for hours, but finding *a* line needs
none: the solver's beam probes (the positions with the fewest lone marbles and the least
spread go on, level by level) are run here with wider beams than the game uses.  A start the
position class rules out is said so and skipped.  The lines in ``KNOWN_LINES`` of
``pyxel_app/ai/pegs.py`` came from here.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyxel_app.ai.pegs import PegSolver, reachable_ends  # noqa: E402
from pyxel_app.rules.pegs import RULES, board_to_text, cell_from_name, cell_name, preset_board  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("board", help="a preset board's name")
    parser.add_argument("holes", nargs="*", help="the empty hole of each start to try, like e4")
    parser.add_argument("--widths", default="1024,4096,16384", help="the beams' widths, one after another")
    args = parser.parse_args()
    board = preset_board(args.board)
    widths = tuple(int(width) for width in args.widths.split(","))
    middle = (board.width - 1) / 2, (board.height - 1) / 2
    holes = ([cell_from_name(name) for name in args.holes] if args.holes else
             sorted(board.holes, key=lambda c: (abs(c[0] - middle[0]) + abs(c[1] - middle[1]), c[1], c[0])))
    full = sum(1 << board.index(cell) for cell in board.holes)
    for hole in holes:
        state = RULES.state_from_text(board_to_text(board, full ^ 1 << board.index(hole)))
        if not reachable_ends(state):
            print(f"{cell_name(hole)} empty: no single marble is in its position class", flush=True)
            continue
        solver = PegSolver(board, beam_widths=widths)
        solver.line.clear()  # find the lines afresh, without the stored ones
        probes = solver.beam_probes(state.marbles)
        started = time.process_time()
        try:
            while True:
                next(probes)
        except StopIteration as stop:
            line = stop.value
        took = f"{time.process_time() - started:.1f} s"
        if line is None:
            print(f"{cell_name(hole)} empty: no line found ({took})", flush=True)
        else:
            print(f"{cell_name(hole)} empty: {len(line)} jumps ({took}): {' '.join(map(str, line))}", flush=True)


if __name__ == "__main__":
    main()
