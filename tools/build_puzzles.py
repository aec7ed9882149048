"""Build the puzzles of the day that ship in pyxel_app/puzzles/data/puzzles.txt (offline).

    python tools/build_puzzles.py make connect4 --minutes 10 --seed 1       # candidates, proven
    python tools/build_puzzles.py make draughts --variant warcaby --minutes 5
    python tools/build_puzzles.py make pegs --variant french --minutes 5
    python tools/build_puzzles.py survey                                     # figures per pool
    python tools/build_puzzles.py select --per-level 60                      # the shipped set
    python tools/build_puzzles.py select --shipped                           # again, from it alone

``make`` plays seeded games (random moves mixed with the engines' at their easy levels, so
slips happen, as in a club game; ByPuzz shuffles by random walks, peg solitaire walks random
jumps that keep a one-marble end in reach), offers every position that may be a puzzle to
its game's ``prove`` (``pyxel_app/puzzles/<game>.py``: the solver, from scratch) and appends
the proven ones, rated by ``rate`` (the thresholds in ``model.py``), to
``build/puzzles/candidates-GAME-VARIANT.txt``; runs with other seeds add to it.  ``select``
rates them again (so new thresholds need no new proofs), keeps each position once and writes
the first ``--per-level`` of each pool.  Positions are cheap-checked first where a full proof
would be slow and mostly fail (Connect 4: a win within 8 stones at all; Othello: a choice of
moves), and ``prove`` decides.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyxel_app.ai.connect4 import Connect4Search, Solver, new_table, position_of  # noqa: E402
from pyxel_app.ai.cooperative import run_generator  # noqa: E402
from pyxel_app.ai.draughts import DraughtsSearch  # noqa: E402
from pyxel_app.ai.fifteen import PositionMaker  # noqa: E402
from pyxel_app.ai.othello import OthelloSearch, greedy_move  # noqa: E402
from pyxel_app.ai.pegs import PegSearch, PegSolver  # noqa: E402
from pyxel_app.puzzles import bypuzz, connect4, draughts, othello, pegs  # noqa: E402
from pyxel_app.puzzles.model import LEVELS, VARIANTS, Puzzle, puzzle_from_line, puzzle_to_line, rate  # noqa: E402
from pyxel_app.puzzles.worth import refusal, too_short_for_hard  # noqa: E402
from pyxel_app.rules.pegs import board_to_text  # noqa: E402

CANDIDATES = ROOT / "build" / "puzzles"
OUT = ROOT / "pyxel_app" / "puzzles" / "data" / "puzzles.txt"
HEADER = ("# The puzzles of the day: one a line, fields apart by tabs: game, variant, level, side to move,\n"
          "# task, solution line, proof nodes, line length, position.  Made by tools/build_puzzles.py.\n")
# Share of moves played at random in the source games (the rest by an engine's easy level).
RANDOM_SHARE = 0.35


def connect4_positions(rng: random.Random, variant: str):
    """Positions of games mixing random moves and the look-ahead levels, from the 8th stone on,
    that win within 8 stones at all (one null-window question)."""
    table = new_table()
    rules = connect4.RULES
    while True:
        state = rules.initial_state()
        level = rng.choice(("easy", "medium", "hard"))
        while rules.outcome(state) is None:
            moves = len(state.sequence)
            if moves >= 8:
                least = connect4.win_score(connect4.stones_of_mover(state) + connect4.MAX_N)
                score, _ = run_generator(Solver(table).search(*position_of(state), least - 1, least))
                if score >= least:
                    yield state
            if rng.random() < RANDOM_SHARE:
                move = rng.choice(rules.legal_moves(state))
            else:
                move = Connect4Search(state, level, budget_ms=50, rng=rng).run()
            state = rules.apply(state, move)


def othello_positions(rng: random.Random, variant: str):
    """One position a game, at a number of empty squares drawn from 10..16."""
    rules = othello.RULES
    while True:
        state = rules.initial_state()
        empties = rng.randint(othello.MIN_EMPTIES, othello.MAX_EMPTIES)
        while rules.outcome(state) is None and state.empties > empties:
            pick = rng.random()
            if pick < RANDOM_SHARE:
                move = rng.choice(rules.legal_moves(state))
            elif pick < 0.6:
                move = greedy_move(state, rng)
            else:
                move = OthelloSearch(state, "easy", rng=rng).run()
            state = rules.apply(state, move)
        if rules.outcome(state) is None and state.empties == empties and len(rules.legal_moves(state)) > 1:
            yield rules.state_from_text(rules.state_to_text(state), "standard")


def draughts_positions(rng: random.Random, variant: str):
    rules = draughts.RULES
    while True:
        state = rules.initial_state(variant)
        for _ in range(160):
            if rules.outcome(state) is not None:
                break
            yield rules.state_from_text(rules.state_to_text(state), variant)  # without the history
            if rng.random() < RANDOM_SHARE:
                move = rng.choice(rules.legal_moves(state))
            else:
                move = DraughtsSearch(state, "easy", rng, budget_ms=30).run()
            state = rules.apply(state, move)


PEG_NODE_LIMIT = 200_000


def pegs_positions(rng: random.Random, variant: str):
    """Positions of random walks that keep one marble in reach (the solver asked at each jump),
    each offered towards the centre or anywhere, at random."""
    rules = pegs.RULES
    while True:
        state = rules.initial_state(variant)
        solver = PegSolver(state.board)
        while state.marble_count > pegs.MIN_MARBLES:
            jumps = rules.legal_moves(state)
            rng.shuffle(jumps)
            for jump in jumps:
                child = rules.apply(state, jump)
                search = PegSearch(solver, child, PEG_NODE_LIMIT)
                search.run_to_end()
                if search.solvable:
                    state = child
                    break
            else:
                break
            if state.marble_count <= pegs.MAX_MARBLES:
                fresh = rules.state_from_text(board_to_text(state.board, state.marbles))
                yield fresh, rng.random() < 0.5


def bypuzz_positions(rng: random.Random, variant: str):
    while True:
        low = rng.randint(bypuzz.MIN_PAR, 50)
        maker = PositionMaker(lo=low, hi=low + 3, rng=rng)
        yield bypuzz.RULES.state_from_text(",".join(map(str, maker.run())))


SOURCES = {"connect4": connect4_positions, "othello": othello_positions, "draughts": draughts_positions,
           "pegs": pegs_positions, "bypuzz": bypuzz_positions}
MODULES = {"connect4": connect4, "othello": othello, "draughts": draughts, "pegs": pegs, "bypuzz": bypuzz}


def proven_puzzle(game: str, variant: str, offered) -> Puzzle | None:
    module = MODULES[game]
    if game == "pegs":
        state, to_centre = offered
        proven = module.prove(state, to_centre)
    else:
        state = offered
        proven = module.prove(state)
    if proven is None:
        return None
    rules = module.RULES
    return Puzzle(game, variant, rate(game, proven.nodes, proven.length), rules.to_move(state), proven.task,
                  proven.line, proven.nodes, proven.length, position_text(game, state))


def position_text(game: str, state) -> str:
    """The position as ``solve GAME`` reads it (a peg board without the counts of a game)."""
    if game == "pegs":
        return board_to_text(state.board, state.marbles)
    return MODULES[game].RULES.state_to_text(state)


def candidates_file(game: str, variant: str) -> Path:
    return CANDIDATES / f"candidates-{game}-{variant}.txt"


def make(game: str, variant: str, minutes: float, seed: int) -> None:
    path = candidates_file(game, variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    known = {puzzle_from_line(line).position for line in read_lines(path)}
    rng = random.Random(f"{game}/{variant}/{seed}")
    started = time.process_time()
    offered = found = 0
    with path.open("a", encoding="utf-8") as out:
        for candidate in SOURCES[game](rng, variant):
            if time.process_time() - started > minutes * 60:
                break
            offered += 1
            puzzle = proven_puzzle(game, variant, candidate)
            if puzzle is None or puzzle.position in known:
                continue
            known.add(puzzle.position)
            found += 1
            out.write(puzzle_to_line(puzzle) + "\n")
            out.flush()
    print(f"{game} {variant}: {found} puzzles from {offered} positions in {time.process_time() - started:.0f} s CPU")


def read_lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]


def rerated(line: str) -> Puzzle:
    puzzle = puzzle_from_line(line)
    level = rate(puzzle.game, puzzle.nodes, puzzle.length)
    return Puzzle(puzzle.game, puzzle.variant, level, puzzle.to_move, puzzle.task, puzzle.line, puzzle.nodes,
                  puzzle.length, puzzle.position)


def all_candidates() -> list[Puzzle]:
    return [rerated(line) for game in VARIANTS for variant in VARIANTS[game]
            for line in read_lines(candidates_file(game, variant))]


def survey() -> None:
    """Per pool: how many candidates, and their nodes and lengths (min, median, max)."""
    by_pool: dict[tuple, list[Puzzle]] = {}
    for puzzle in all_candidates():
        by_pool.setdefault(puzzle.key, []).append(puzzle)
    for key in sorted(by_pool):
        puzzles = by_pool[key]
        nodes = sorted(p.nodes for p in puzzles)
        lengths = Counter(p.length for p in puzzles)
        print(f"{'/'.join(key)}: {len(puzzles)}; nodes {nodes[0]}..{nodes[len(nodes) // 2]}..{nodes[-1]}; "
              f"lengths {dict(sorted(lengths.items()))}")


def offers_a_choice(puzzle: Puzzle) -> bool:
    """More than one move at the start: a position with one move only asks nothing."""
    rules = MODULES[puzzle.game].RULES
    return len(rules.legal_moves(rules.state_from_text(puzzle.position))) > 1


def select(per_level: int, shipped: bool = False) -> None:
    """The first ``per_level`` of each pool worth asking (``pyxel_app/puzzles/worth.py``): easy and
    medium first, as a hard "Win in N" must be longer than theirs.  ``shipped``: from the set
    that ships, when the candidates are not at hand."""
    candidates = [rerated(line) for line in read_lines(OUT)] if shipped else all_candidates()
    candidates = [puzzle for puzzle in candidates if offers_a_choice(puzzle) and refusal(puzzle) is None]
    chosen: dict[tuple, list[Puzzle]] = {}
    seen = set()
    for levels in (LEVELS[:-1], LEVELS[-1:]):
        easier = [puzzle for pool in chosen.values() for puzzle in pool]
        for puzzle in candidates:
            pool = chosen.setdefault(puzzle.key, [])
            if (puzzle.level not in levels or puzzle.position in seen or len(pool) >= per_level
                    or too_short_for_hard(puzzle, easier)):
                continue
            seen.add(puzzle.position)
            pool.append(puzzle)
    lines = [puzzle_to_line(puzzle) for game in VARIANTS for variant in VARIANTS[game] for level in LEVELS
             for puzzle in chosen.get((game, variant, level), [])]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    for game in VARIANTS:
        for variant in VARIANTS[game]:
            counts = [len(chosen.get((game, variant, level), [])) for level in LEVELS]
            print(f"{game} {variant}: {dict(zip(LEVELS, counts))}")
    print(f"{OUT.relative_to(ROOT)}: {len(lines)} puzzles, {OUT.stat().st_size} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("make", help="prove positions of seeded games; add the puzzles to the candidates")
    making.add_argument("game", choices=sorted(SOURCES))
    making.add_argument("--variant")
    making.add_argument("--minutes", type=float, default=5.0, help="CPU minutes to spend")
    making.add_argument("--seed", type=int, default=1)
    commands.add_parser("survey", help="the candidates' figures per pool")
    selecting = commands.add_parser("select", help="write the shipped set from the candidates")
    selecting.add_argument("--per-level", type=int, default=60)
    selecting.add_argument("--shipped", action="store_true", help="select again from the shipped set (no candidates)")
    args = parser.parse_args()
    if args.command == "make":
        variant = args.variant or VARIANTS[args.game][0]
        if variant not in VARIANTS[args.game]:
            parser.error(f"{args.game} has puzzles of {', '.join(VARIANTS[args.game])}")
        make(args.game, variant, args.minutes, args.seed)
    elif args.command == "survey":
        survey()
    else:
        select(args.per_level, args.shipped)


if __name__ == "__main__":
    main()
