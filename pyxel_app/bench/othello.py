"""Othello figures for ``python -m pyxel_app bench``: perft speed beside a pure-Python peer,
exact endgame solve times, and playing strength (frames while the computer thinks: ``frames.py``).

The peers come with ``pip install -e .[bench]``: ``creversi-python`` (pure-Python
bitboards; numpy only for its array helpers) counts perft through its public ``Board``
API with the same convention as ours; ``cli-othello``'s level 5 (depth 4, exact from 10
empties) is the opponent for strength.  Without them their lines say so.

Endgame positions have 14 empties (the FFO set's have 20 and more, beyond a pure-Python
solver's second): those of ``data/othello_endgames_14.txt``, from games the medium level
played against itself, and of ``data/othello_endgames_14_random.txt``, from random games
(lopsided boards, harder for the solver), each with its exact score.  Solve times are CPU
times of this process (the machine may be shared; the load average is printed beside them).
``--check-endgames FILE`` checks a file's scores with a plain alpha-beta (no table, no null
windows, no bounds: slow, minutes a file).  ``data/othello_endgames_14_slow.txt`` keeps the 8
slowest of 200 more random positions (``--solve-wide`` times all 200).  The long matches (50
games each) run with ``python -m pyxel_app.bench.othello --full``; they tell how far they are
game by game.

What these figures were as the solver was tuned: ``docs/bench-log.md``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

from .. import cli
from ..ai.othello import EndgameSolver, OthelloSearch, endgame_positions, greedy_move, plain_score
from ..cli import Parser, UsageError, bounded, named, read_text_file
from ..rules.numbers import parse_number
from ..rules.othello import PASS, RULES, Othello
from .figures import report

Report = Callable[[str, str], None]
PROG = "python -m pyxel_app.bench.othello"
Player = Callable[[Othello, random.Random], int]
SOLVE_EMPTIES = 14
DEFAULT_GAMES = 4
FULL_GAMES = 50
# The top level's budget in the matches: with it its mean time a move stays below cli-othello
# level 5's.
TOP_BUDGET_MS = 420.0
MAX_BUDGET_MS = 60_000
MAX_MADE_ENDGAMES = 10_000
MAX_ENDGAME_FILE_BYTES = 1024 * 1024
UNLIMITED_MS = 1e9  # a fixed-depth level that never runs out of time, so the games replay exactly
DATA = Path(__file__).parent / "data"
PLAYED_ENDGAMES = "othello_endgames_14.txt"
RANDOM_ENDGAMES = "othello_endgames_14_random.txt"
SLOW_ENDGAMES = "othello_endgames_14_slow.txt"
# The wide sample of ``--solve-wide``: 50 random positions of each seed, scored by the solver itself.
WIDE_SEEDS = (7, 21, 33, 55)


def peer_perft(depth: int) -> int | None:
    """creversi-python's perft through its Board API, a pass a ply; None if it is missing."""
    try:
        from creversi import Board
    except ImportError:
        return None

    def count(board, depth: int) -> int:
        if depth == 0 or board.is_game_over():
            return 1
        moves = list(board.legal_moves)
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            child = board.copy()
            child.move(move)
            total += count(child, depth - 1)
        return total

    return count(Board(), depth)


def bench_perft(report: Report, depths=(8, 9), peer_depth: int = 8) -> None:
    start_state = RULES.initial_state()
    for depth in depths:
        start = time.perf_counter()
        leaves = RULES.perft(start_state, depth)
        spent = time.perf_counter() - start
        report(f"othello perft {depth}", f"{leaves} in {spent:.2f} s, {leaves / spent:,.0f} leaves/s")
    start = time.perf_counter()
    leaves = peer_perft(peer_depth)
    spent = time.perf_counter() - start
    if leaves is None:
        report(f"othello peer perft {peer_depth}", "creversi-python not installed (pip install -e .[bench])")
    else:
        report(f"othello peer perft {peer_depth} (creversi-python)",
               f"{leaves} in {spent:.2f} s, {leaves / spent:,.0f} leaves/s")


def played_endgames(count: int, empties: int = SOLVE_EMPTIES, seed: int = 1) -> list[Othello]:
    """The position of each of ``count`` games when ``empties`` squares are left: four random
    opening moves, then the medium level on both sides (how the data file was made)."""
    found = []
    for game in range(count):
        rng = random.Random(seed * 1000 + game)
        state = RULES.initial_state()
        for _ in range(4):
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        while RULES.outcome(state) is None and state.empties > empties:
            state = RULES.apply(state, OthelloSearch(state, "medium", budget_ms=UNLIMITED_MS, rng=rng).run())
        if RULES.outcome(state) is None:
            found.append(state)
    return found


def endgame_positions_14(count: int) -> list[Othello]:
    """Positions of random games with 14 empties (the random data file's)."""
    return endgame_positions(SOLVE_EMPTIES, count)


def read_endgames(name: str = PLAYED_ENDGAMES) -> list[tuple[Othello, int]]:
    """(position, exact score) of every line of a data file (a name in ``data/`` or a path)."""
    return endgames_from_text((DATA / name).read_text())


def endgames_from_text(text: str) -> list[tuple[Othello, int]]:
    """(position, exact score) of every line of a data file's ``text``; a ``ValueError`` names a line that is none."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            words = line.split()
            try:
                if len(words) != 3:
                    raise ValueError("expected a board, the side to move and the score")
                found.append((RULES.state_from_text(f"{words[0]} {words[1]}"), parse_number(words[2], -64, 64, "the score")))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
    return found


def check_endgames(positions: list[tuple[Othello, int]]) -> None:
    """Prints each position of a data file with its score by :func:`plain_score` and the
    file's, and how many differ."""
    wrong = 0
    for state, known in positions:
        score = plain_score(state.own, state.other)
        wrong += score != known
        print(RULES.state_to_text(state), score, "ok" if score == known else f"but the file says {known}", flush=True)
    print(f"{wrong} wrong")


def endgame_file(name: str) -> list[tuple[Othello, int]]:
    """An argparse type for ``--check-endgames``: the positions of a data file (a name in ``data/``,
    else a path), read and checked before the long run."""
    in_data = DATA / named("a data file")(name)
    text = read_text_file(str(in_data if in_data.exists() else name), "--check-endgames", MAX_ENDGAME_FILE_BYTES)
    if text is None:
        raise UsageError(f"--check-endgames {name}: no such file in {DATA} or here")
    try:
        return endgames_from_text(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{name}: {error}") from None


def bench_solver(report: Report, label: str, positions: list[tuple[Othello, int | None]]) -> None:
    """CPU time of this process and wall time per position (the same on an idle machine; on a
    shared one the CPU time is the solver's own); a known score the solver misses is named."""
    times, cpu, nodes, wrong = [], [], 0, []
    for state, known in positions:
        solver = EndgameSolver()
        start, start_cpu = time.perf_counter(), time.process_time()
        score, _ = solver.solve(state.own, state.other)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes += solver.nodes
        if known is not None and score != known:
            wrong.append(f"{RULES.state_to_text(state)} gave {score}, not {known}")
    count = len(positions)
    load = " (load average %.1f %.1f %.1f)" % os.getloadavg() if hasattr(os, "getloadavg") else ""
    report(f"othello solve {label}",
           f"CPU mean {1000 * sum(cpu) / count:.0f} ms, worst {1000 * max(cpu):.0f} ms, "
           f"{sum(t > 1.0 for t in cpu)} of {count} over 1 s; wall mean {1000 * sum(times) / count:.0f} ms, "
           f"worst {1000 * max(times):.0f} ms, {sum(t > 1.0 for t in times)} over 1 s{load}; "
           f"mean {nodes // count} nodes above the last empties; CPU ms each: "
           + " ".join(f"{1000 * t:.0f}" for t in cpu))
    for line in wrong:
        report(f"othello solve {label} WRONG", line)


def bench_solvers(report: Report, count: int) -> None:
    """``count`` positions of each data file, played and random, with their scores."""
    bench_solver(report, f"{SOLVE_EMPTIES} empties, played", read_endgames(PLAYED_ENDGAMES)[:count])
    bench_solver(report, f"{SOLVE_EMPTIES} empties, random games", read_endgames(RANDOM_ENDGAMES)[:count])
    bench_solver(report, f"{SOLVE_EMPTIES} empties, the slowest found", read_endgames(SLOW_ENDGAMES))


def bench_wide(report: Report) -> None:
    """200 positions of random games (no known scores: ``--solve`` checks exactness)."""
    positions = [(state, None) for seed in WIDE_SEEDS for state in endgame_positions(SOLVE_EMPTIES, 50, seed)]
    label = f"{SOLVE_EMPTIES} empties, {len(positions)} random (seeds {WIDE_SEEDS})"
    report(f"othello solve {label}", "solving, each from a fresh table (a minute or two)")
    bench_solver(report, label, positions)


def top_level(budget_ms: float) -> Player:
    def play(state: Othello, rng: random.Random) -> int:
        return OthelloSearch(state, "hard", budget_ms=budget_ms, rng=rng).run()

    return play


def greedy(state: Othello, rng: random.Random) -> int:
    return greedy_move(state, rng)


def cli_othello_peer(level: int = 5) -> Player | None:
    """cli-othello's ``OthelloAI`` at ``level``, on its own board; None if it is missing."""
    try:
        from cli_othello.ai import OthelloAI
        from cli_othello.board import BLACK, EMPTY, WHITE, Board
    except ImportError:
        return None

    def play(state: Othello, rng: random.Random) -> int:
        board = Board()
        for square in range(64):
            colour = state.stone_at(square)
            board.cells[square] = EMPTY if colour is None else (BLACK, WHITE)[colour]
        random.seed(rng.random())
        move = OthelloAI((BLACK, WHITE)[state.to_move], level).choose_move(board)
        return PASS if move is None else move[0] * 8 + move[1]

    return play


def play_game(first: Player, second: Player, rng: random.Random,
              opening: int) -> tuple[int | None, list[tuple[float, float]]]:
    """A game from a few random opening moves (so games differ); the winner and the first
    player's thinking times, (wall, CPU) a move."""
    state = RULES.initial_state()
    for _ in range(opening):
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    players = (first, second)
    times: list[tuple[float, float]] = []
    while RULES.outcome(state) is None:
        side = RULES.to_move(state)
        start, start_cpu = time.perf_counter(), time.process_time()
        move = players[side](state, rng)
        if side == 0:
            times.append((time.perf_counter() - start, time.process_time() - start_cpu))
        state = RULES.apply(state, move)
    return RULES.outcome(state).winner, times


def match(report: Report, label: str, ours: Player, theirs: Player, games: int, seed: int = 1) -> None:
    """``games`` games, ours Black in every other one, each pair from the same random opening."""
    wins = draws = losses = 0
    our_times: list[tuple[float, float]] = []
    their_times: list[tuple[float, float]] = []
    start = time.perf_counter()
    for game in range(games):
        opening_rng = random.Random(seed * 1000 + game // 2)
        we_start = game % 2 == 0
        if we_start:
            winner, times = play_game(ours, theirs, opening_rng, 2)
            our_times += times
        else:
            winner, times = play_game(theirs, ours, opening_rng, 2)
            their_times += times
        ours_won = winner is not None and (winner == 0) == we_start
        if winner is None:
            draws += 1
        elif ours_won:
            wins += 1
        else:
            losses += 1
        print(f"  {label}: game {game + 1} of {games}, {wins} won, {draws} drawn, {losses} lost; "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    def mean(samples, which: int) -> float:
        return 1000 * sum(sample[which] for sample in samples) / max(1, len(samples))

    load = " (load average %.1f %.1f %.1f)" % os.getloadavg() if hasattr(os, "getloadavg") else ""
    report(f"othello {label}",
           f"{wins} won, {draws} drawn, {losses} lost of {games} (win {100 * wins / games:.0f}%); "
           f"mean time a move, CPU: ours {mean(our_times, 1):.0f} ms, theirs {mean(their_times, 1):.0f} ms; "
           f"wall: ours {mean(our_times, 0):.0f} ms, theirs {mean(their_times, 0):.0f} ms; "
           f"{time.perf_counter() - start:.0f} s{load}")


def run(report: Report, quick: bool = False, full: bool = False) -> None:
    if quick:
        bench_perft(report, depths=(7,), peer_depth=6)
        bench_solver(report, "12 empties, random games", [(state, None) for state in endgame_positions(12, 2)])
        return
    bench_perft(report)
    bench_solvers(report, 20 if full else 10)
    games = FULL_GAMES if full else DEFAULT_GAMES
    if not full:
        report("othello full matches", f"python -m pyxel_app.bench.othello --full  ({FULL_GAMES} games a match)")
    match(report, "top level vs greedy", top_level(TOP_BUDGET_MS), greedy, games)
    peer = cli_othello_peer()
    if peer is None:
        report("othello top level vs cli-othello level 5", "cli-othello not installed (pip install -e .[bench])")
    else:
        match(report, "top level vs cli-othello level 5", top_level(TOP_BUDGET_MS), peer, games)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Othello figures: perft, exact endgame solves and the strength matches.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--full", action="store_true", help=f"{FULL_GAMES} games a match, 20 solves of each data file")
    parser.add_argument("--match", choices=("greedy", "peer"), help="only that match (peer: cli-othello level 5)")
    parser.add_argument("--budget", type=bounded(1, MAX_BUDGET_MS, "--budget"), default=TOP_BUDGET_MS, metavar="MS",
                        help=f"the top level's budget a move in --match (default {TOP_BUDGET_MS:.0f})")
    parser.add_argument("--solve", action="store_true", help="only the solve times of the data files")
    parser.add_argument("--solve-wide", action="store_true", help="only the solve times of 200 more random positions")
    parser.add_argument("--make-endgames", type=bounded(1, MAX_MADE_ENDGAMES, "--make-endgames"), metavar="N",
                        help="print N played positions with the solver's scores (a data file)")
    parser.add_argument("--make-random-endgames", type=bounded(1, MAX_MADE_ENDGAMES, "--make-random-endgames"), metavar="N",
                        help="print N random positions with the solver's scores (a data file)")
    parser.add_argument("--check-endgames", type=endgame_file, metavar="FILE",
                        help="check a data file's scores by plain alpha-beta (minutes)")
    return parser


def play(args) -> None:
    """``--quick`` smoke run; ``--full`` 50 games a match; ``--match greedy|peer`` only that match;
    ``--budget MS`` the top level's budget there; ``--solve`` only the solve times (the data
    files); ``--solve-wide`` those of 200 more random positions; ``--make-endgames N`` and ``--make-random-endgames N``
    print the positions of the data files with the solver's scores; ``--check-endgames FILE``
    checks a data file's scores by plain alpha-beta."""
    games = FULL_GAMES if args.full else DEFAULT_GAMES
    for count, make in ((args.make_endgames, played_endgames), (args.make_random_endgames, endgame_positions_14)):
        if count is not None:
            for state in make(count):
                print(RULES.state_to_text(state), EndgameSolver().solve(state.own, state.other)[0])
            return
    if args.check_endgames is not None:
        check_endgames(args.check_endgames)
        return
    if args.solve:
        bench_solvers(report, 20)
        return
    if args.solve_wide:
        bench_wide(report)
        return
    if args.match is not None:
        theirs = greedy if args.match == "greedy" else cli_othello_peer()
        if theirs is None:
            report("othello top level vs cli-othello level 5", "cli-othello not installed (pip install -e .[bench])")
            return
        match(report, f"top level ({args.budget:.0f} ms budget) vs {args.match}", top_level(args.budget), theirs, games)
        return
    run(report, quick=args.quick, full=args.full)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
