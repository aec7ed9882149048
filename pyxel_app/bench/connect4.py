"""Connect 4 figures for ``python -m pyxel_app bench``: perft, solver speed, search
slices and playing strength (frames while the computer thinks: ``frames.py``).

Benchmark sets (lines "<moves> <score>") in ``data/`` are the first 100 lines of
Pascal Pons' public sets: ``Test_L3_R1`` (end game: more than 28 stones, over
within 14 moves), ``Test_L2_R1`` (middle game: 15-28 stones, over within 14
moves) and ``Test_L2_R2`` (middle game, 14 or more moves to go).

The strength matches take long (the top level may think 2 s a move), so the
default run plays 20 games a match; ``python -m pyxel_app.bench.connect4 --full``
plays 100.  With easyAI installed (``pip install -e .[bench]``) the peer is
easyAI's own ``Negamax(6)`` on its ``ConnectFour``; without it, an equivalent
plain depth-6 negamax written here.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

from .. import cli
from ..ai.connect4 import (
    Connect4Search,
    Solver,
    new_table,
    _ordered_moves,
    position_of,
    primitive_move,
)
from ..cli import Parser
from ..rules.connect4 import BOARD_MASK, BOTTOM_MASK, CELLS, HEIGHT, RULES, WIDTH, Connect4, has_four
from .figures import DATA, percentiles, report

SETS = (
    ("end-easy (Pons Test_L3_R1)", "connect4_Test_L3_R1.txt"),
    ("middle-easy (Pons Test_L2_R1)", "connect4_Test_L2_R1.txt"),
    ("middle-medium (Pons Test_L2_R2)", "connect4_Test_L2_R2.txt"),
)
PROG = "python -m pyxel_app.bench.connect4"
PEER_DEPTH = 6
PEER_WIN = 100
DEFAULT_GAMES = 20
FULL_GAMES = 100
STEP_MS = 4.0
OPENINGS = ("", "4", "44", "4453", "3344")
STEP_SET_POSITIONS = 10  # middle- and end-game positions timed slice by slice, from each set

Report = Callable[[str, str], None]
Player = Callable[[Connect4, random.Random], int]


def scheduler_gaps(seconds: float = 1.0) -> list[float]:
    """Gaps seen by a loop that does nothing but read the clock: the machine's own noise,
    a floor under every max below."""
    gaps = []
    start = last = time.perf_counter()
    while last - start < seconds:
        now = time.perf_counter()
        if now - last > 0.001:
            gaps.append(now - last)
        last = now
    return gaps


def read_set(name: str, limit: int | None = None) -> list[tuple[str, int]]:
    lines = [line.split() for line in (DATA / name).read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in lines[:limit]]


def bench_perft(report: Report, depths=(7, 8)) -> None:
    start_state = RULES.initial_state()
    for depth in depths:
        start = time.perf_counter()
        count = RULES.perft(start_state, depth)
        report(f"connect4 perft {depth}", f"{count} in {time.perf_counter() - start:.2f} s")


def bench_solver(report: Report, limit: int | None = None) -> None:
    """Mean and worst time per position; a fresh table for each, made before the clock starts."""
    for label, name in SETS:
        positions = read_set(name, limit)
        total = worst = 0.0
        nodes = wrong = 0
        for moves, expected in positions:
            solver = Solver(new_table())
            state = RULES.state_from_text(moves)
            start = time.perf_counter()
            score, _ = solver.solve(state)
            spent = time.perf_counter() - start
            total += spent
            worst = max(worst, spent)
            nodes += solver.nodes
            wrong += score != expected
        count = len(positions)
        report(
            f"connect4 solve {label}",
            f"mean {1000 * total / count:.1f} ms, worst {1000 * worst:.0f} ms, "
            f"mean {nodes // count} nodes, {wrong} wrong of {count}",
        )


def step_positions(quick: bool = False) -> list[str]:
    per_set = 2 if quick else STEP_SET_POSITIONS
    middle = [moves for moves, _ in read_set("connect4_Test_L2_R2.txt", per_set)]
    end = [moves for moves, _ in read_set("connect4_Test_L3_R1.txt", per_set)]
    return list(OPENINGS[: 2 if quick else None]) + middle + end


def bench_steps(report: Report, quick: bool = False, step_ms: float = STEP_MS) -> None:
    """Wall time of every ``step(step_ms)`` of whole top-level searches (2 s of search each),
    one table shared as in a game and built by the first search, as in the app."""
    table = new_table(build_now=False)
    samples: list[float] = []
    budget = 300.0 if quick else 2000.0
    for moves in step_positions(quick):
        search = Connect4Search(RULES.state_from_text(moves), "perfect", budget_ms=budget,
                                rng=random.Random(1), table=table)
        while True:
            start = time.perf_counter()
            done = search.step(step_ms)
            samples.append(time.perf_counter() - start)
            if done:
                break
    late = sum(sample * 1000 > step_ms + 1 for sample in samples)
    report(f"connect4 step({step_ms:g}) wall time", f"{percentiles(samples)}, {late} over {step_ms + 1:g} ms")
    gaps = scheduler_gaps(0.5 if quick else 2.0)
    report("connect4 machine noise (idle clock loop)",
           f"{len(gaps)} gaps over 1 ms, longest {max(gaps, default=0) * 1000:.1f} ms")


def _peer_negamax(current: int, mask: int, moves: int, depth: int, alpha: int, beta: int) -> int:
    """Plain alpha-beta that only knows wins and losses, like easyAI's Connect 4 example."""
    if has_four(current ^ mask):
        return -PEER_WIN
    if depth == 0 or moves == CELLS:
        return 0
    possible = (mask + BOTTOM_MASK) & BOARD_MASK
    best = -PEER_WIN - 1
    while possible:
        stone = possible & -possible
        possible ^= stone
        value = -_peer_negamax(current ^ mask, mask | stone, moves + 1, depth - 1, -beta, -alpha)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def negamax_peer(state: Connect4, rng: random.Random, depth: int = PEER_DEPTH) -> int:
    """Depth-``depth`` negamax, picking at random among the moves that tie for best."""
    current, mask, moves = position_of(state)
    possible = (mask + BOTTOM_MASK) & BOARD_MASK
    best, best_moves = -PEER_WIN - 2, []
    for stone, x in _ordered_moves(current, mask, possible):
        if has_four(current | stone):
            value = PEER_WIN
        else:
            value = -_peer_negamax(current ^ mask, mask | stone, moves + 1, depth - 1, -PEER_WIN - 2, -(best - 1))
        if value > best:
            best, best_moves = value, [x]
        elif value == best:
            best_moves.append(x)
    return rng.choice(best_moves)


def easyai_peer(depth: int = PEER_DEPTH) -> Player | None:
    """easyAI's ``Negamax(depth)`` playing its own ``ConnectFour``; None if easyAI is missing."""
    try:
        from easyAI import AI_Player, Negamax
        from easyAI.games import ConnectFour
    except ImportError:
        return None
    ai = Negamax(depth)

    def play(state: Connect4, rng: random.Random) -> int:
        game = ConnectFour([AI_Player(ai), AI_Player(ai)])
        for x in range(WIDTH):
            for y in range(HEIGHT):
                seat = state.stone_at(x, y)
                if seat is not None:
                    game.board[y, x] = seat + 1  # easyAI's row 0 is the bottom one too
        game.current_player = RULES.to_move(state) + 1
        return int(ai(game))

    return play


class TopLevel:
    """The top level as a bench player; remembers what its searches proved in this game."""

    def __init__(self, budget_ms: float):
        self.budget_ms = budget_ms
        self.first_exact: int | None = None  # score of its first completed solve this game

    def new_game(self) -> None:
        self.first_exact = None

    def __call__(self, state: Connect4, rng: random.Random) -> int:
        search = Connect4Search(state, "perfect", budget_ms=self.budget_ms, rng=rng)
        move = search.run()
        if search.exact and self.first_exact is None:
            self.first_exact = search.score
        return move


def top_level(budget_ms: float) -> Player:
    return TopLevel(budget_ms)


def play_game(first: Player, second: Player, rng: random.Random) -> int | None:
    state = RULES.initial_state()
    players = (first, second)
    while RULES.outcome(state) is None:
        state = RULES.apply(state, players[RULES.to_move(state)](state, rng))
    return RULES.outcome(state).winner


def match(report: Report, label: str, ours: TopLevel, theirs: Player, games: int, seed: int = 1,
          progress_every: int = 0) -> None:
    """``games`` games, ours starting every other one; the score counts a draw as half.
    ``progress_every`` > 0 reports the tally so far every that many games."""
    rng = random.Random(seed)
    wins = draws = losses = 0
    first_solved = first_solved_lost = proven_lost = 0
    start = time.perf_counter()
    for game in range(games):
        if progress_every and game and game % progress_every == 0:
            report(f"connect4 {label} so far", f"{wins} won, {draws} drawn, {losses} lost of {game}; "
                   f"moving first with the solve completed: {first_solved_lost} lost of {first_solved}; "
                   f"{time.perf_counter() - start:.0f} s")
        we_start = game % 2 == 0
        ours.new_game()
        winner = play_game(ours, theirs, rng) if we_start else play_game(theirs, ours, rng)
        lost = winner is not None and (winner == 0) != we_start
        if winner is None:
            draws += 1
        elif lost:
            losses += 1
        else:
            wins += 1
        if we_start and ours.first_exact is not None:
            first_solved += 1
            first_solved_lost += lost
        if lost and ours.first_exact is not None and ours.first_exact >= 0:
            proven_lost += 1
    score = 100.0 * (wins + draws / 2) / games
    report(
        f"connect4 {label}",
        f"{wins} won, {draws} drawn, {losses} lost of {games} "
        f"(win {100.0 * wins / games:.0f}%, score {score:.0f}%); moving first with the solve "
        f"completed: {first_solved_lost} lost of {first_solved}; lost after a proven draw or "
        f"win: {proven_lost}; {time.perf_counter() - start:.0f} s",
    )


def run(report: Report, quick: bool = False, games: int | None = None, budget_ms: float = 2000.0,
        full: bool = False) -> None:
    """Every figure; ``quick`` keeps a smoke run short, ``full`` plays 100 games a match."""
    if games is None:
        games = FULL_GAMES if full else DEFAULT_GAMES
    if quick:
        bench_perft(report, depths=(7,))
        bench_solver(report, limit=5)
        games, budget_ms = 2, 150.0
    else:
        bench_perft(report)
        bench_solver(report)
    bench_steps(report, quick)
    easy = easyai_peer()
    peer, peer_label = (easy, "easyAI Negamax(6)") if easy else (
        negamax_peer, f"own negamax depth {PEER_DEPTH} (easyAI not installed)")
    report("connect4 match budget", f"{budget_ms:.0f} ms of search a move for the top level, {games} games a match")
    if not full and not quick:
        report("connect4 full matches", "python -m pyxel_app.bench.connect4 --full  (100 games a match)")
    match(report, "top level vs Primitive", top_level(budget_ms),
          lambda state, rng: primitive_move(state, rng), games)
    match(report, f"top level vs {peer_label}", top_level(budget_ms), peer, games)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Connect 4 figures: perft, the solver on the benchmark sets and the strength matches.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--full", action="store_true", help=f"{FULL_GAMES} games a match")
    parser.add_argument("--match", choices=("primitive", "peer"), help="only that match, with progress (peer: easyAI Negamax(6))")
    return parser


def play(args) -> None:
    """``--quick`` smoke run; ``--full`` 100 games a match; ``--match primitive`` or
    ``--match peer`` plays only that match (100 games with ``--full``), with progress."""
    if args.match is not None:
        games = FULL_GAMES if args.full else DEFAULT_GAMES
        easy = easyai_peer()
        if args.match == "primitive":
            match(report, "top level vs Primitive", top_level(2000.0),
                  lambda state, rng: primitive_move(state, rng), games, progress_every=10)
        else:
            label = "easyAI Negamax(6)" if easy else f"own negamax depth {PEER_DEPTH}"
            match(report, f"top level vs {label}", top_level(2000.0), easy or negamax_peer, games, progress_every=10)
        return
    run(report, quick=args.quick, full=args.full)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
