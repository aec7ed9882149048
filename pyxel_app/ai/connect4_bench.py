"""Connect 4 figures for ``python -m pyxel_app bench``: perft, solver speed, playing strength.

Benchmark sets (lines "<moves> <score>") live in ``data/``:
``connect4_Test_L3_R1.txt`` is the first 100 lines of Pascal Pons' public
end-game set; ``connect4_gen_L2_R1.txt`` and ``connect4_gen_L2_R2.txt`` were made
here the way his middle-game sets are defined (15-28 stones, game over within
fewer than 14, or 14-27, moves under perfect play) from random games, and scored
by this solver, because copies of his L2 files were not at hand.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Callable

from ..rules.connect4 import BOARD_MASK, BOTTOM_MASK, CELLS, RULES, Connect4, has_four
from .connect4 import Connect4Search, Solver, _ordered_moves, position_of, primitive_move

DATA = Path(__file__).parent / "data"
SETS = (
    ("end-easy (Pons Test_L3_R1)", "connect4_Test_L3_R1.txt"),
    ("middle-easy (generated L2_R1)", "connect4_gen_L2_R1.txt"),
    ("middle-medium (generated L2_R2)", "connect4_gen_L2_R2.txt"),
)
PEER_DEPTH = 6
PEER_WIN = 100

Report = Callable[[str, str], None]
Player = Callable[[Connect4, random.Random], int]


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
    for label, name in SETS:
        positions = read_set(name, limit)
        total = worst = 0.0
        nodes = wrong = 0
        for moves, expected in positions:
            solver = Solver()
            start = time.perf_counter()
            score, _ = solver.solve(RULES.state_from_text(moves))
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


def top_level(budget_ms: float) -> Player:
    def play(state: Connect4, rng: random.Random) -> int:
        return Connect4Search(state, "perfect", budget_ms=budget_ms, rng=rng).run()

    return play


def play_game(first: Player, second: Player, rng: random.Random) -> int | None:
    state = RULES.initial_state()
    players = (first, second)
    while RULES.outcome(state) is None:
        state = RULES.apply(state, players[RULES.to_move(state)](state, rng))
    return RULES.outcome(state).winner


def match(report: Report, label: str, ours: Player, theirs: Player, games: int, seed: int = 1) -> None:
    """``games`` games, ours starting every other one; win % counts a draw as half."""
    rng = random.Random(seed)
    wins = draws = losses = 0
    start = time.perf_counter()
    for game in range(games):
        we_start = game % 2 == 0
        winner = play_game(ours, theirs, rng) if we_start else play_game(theirs, ours, rng)
        if winner is None:
            draws += 1
        elif (winner == 0) == we_start:
            wins += 1
        else:
            losses += 1
    score = 100.0 * (wins + draws / 2) / games
    report(
        f"connect4 {label}",
        f"{wins} won, {draws} drawn, {losses} lost of {games} "
        f"(win {100.0 * wins / games:.0f}%, score {score:.0f}%) in {time.perf_counter() - start:.0f} s",
    )


def run(report: Report, quick: bool = False, games: int = 100, budget_ms: float = 2000.0) -> None:
    """Every figure; ``quick`` keeps a smoke run under about 20 seconds."""
    if quick:
        bench_perft(report, depths=(7,))
        bench_solver(report, limit=5)
        games, budget_ms = 2, 150.0
    else:
        bench_perft(report)
        bench_solver(report)
    try:
        import easyAI  # noqa: F401

        peer_note = "(easyAI is installed, but the bench uses its own equivalent peer)"
    except ImportError:
        peer_note = "(easyAI not installed: own plain negamax, win/loss scoring)"
    report("connect4 match budget", f"{budget_ms:.0f} ms of search a move for the top level")
    match(report, "top level vs Primitive", top_level(budget_ms),
          lambda state, rng: primitive_move(state, rng), games)
    match(report, f"top level vs negamax depth {PEER_DEPTH} {peer_note}", top_level(budget_ms),
          negamax_peer, games)


if __name__ == "__main__":
    import sys

    run(lambda name, value: print(f"{name}: {value}", flush=True), quick="--quick" in sys.argv)
