"""Othello figures for ``python -m pyxel_app bench``: perft speed beside a pure-Python peer,
exact endgame solve times, and playing strength (frames while the computer thinks: ``frames.py``).

The peers come with ``pip install -e .[bench]``: ``creversi-python`` (pure-Python
bitboards; numpy only for its array helpers) counts perft through its public ``Board``
API with the same convention as ours; ``cli-othello``'s level 5 (depth 4, exact from 10
empties) is the opponent for strength.  Without them their lines say so.

Endgame positions are 14 empties from random games with a fixed seed (the FFO set's
positions have 20 and more, beyond a pure-Python solver's second).  The long matches
(50 games each) run with ``python -m pyxel_app.bench.othello --full``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

from ..ai.othello import EndgameSolver, OthelloSearch, endgame_positions, greedy_move
from ..rules.othello import PASS, RULES, Othello
from . import report

Report = Callable[[str, str], None]
Player = Callable[[Othello, random.Random], int]
SOLVE_EMPTIES = 14
DEFAULT_GAMES = 4
FULL_GAMES = 50
TOP_BUDGET_MS = 1000.0


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


def bench_solver(report: Report, count: int, empties: int = SOLVE_EMPTIES) -> None:
    """Wall time and CPU time of this process (the same on an idle machine; on a shared one
    the CPU time is the solver's own)."""
    times, cpu, nodes = [], [], 0
    for state in endgame_positions(empties, count):
        solver = EndgameSolver()
        start, start_cpu = time.perf_counter(), time.process_time()
        solver.solve(state.own, state.other)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes += solver.nodes
    report(f"othello solve {empties} empties",
           f"wall mean {1000 * sum(times) / count:.0f} ms, worst {1000 * max(times):.0f} ms, "
           f"{sum(t > 1.0 for t in times)} of {count} over 1 s; CPU mean {1000 * sum(cpu) / count:.0f} ms, "
           f"worst {1000 * max(cpu):.0f} ms, {sum(t > 1.0 for t in cpu)} over 1 s; "
           f"mean {nodes // count} nodes above the last empties")


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


def play_game(first: Player, second: Player, rng: random.Random, opening: int) -> tuple[int | None, list[float]]:
    """A game from a few random opening moves (so games differ); the winner and the first
    player's thinking times."""
    state = RULES.initial_state()
    for _ in range(opening):
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    players = (first, second)
    times: list[float] = []
    while RULES.outcome(state) is None:
        side = RULES.to_move(state)
        start = time.perf_counter()
        move = players[side](state, rng)
        if side == 0:
            times.append(time.perf_counter() - start)
        state = RULES.apply(state, move)
    return RULES.outcome(state).winner, times


def match(report: Report, label: str, ours: Player, theirs: Player, games: int, seed: int = 1) -> None:
    """``games`` games, ours Black in every other one, each pair from the same random opening."""
    wins = draws = losses = 0
    our_times: list[float] = []
    their_times: list[float] = []
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
    mean = lambda samples: 1000 * sum(samples) / max(1, len(samples))
    report(f"othello {label}",
           f"{wins} won, {draws} drawn, {losses} lost of {games} (win {100 * wins / games:.0f}%); "
           f"mean time a move: ours {mean(our_times):.0f} ms, theirs {mean(their_times):.0f} ms; "
           f"{time.perf_counter() - start:.0f} s")


def run(report: Report, quick: bool = False, full: bool = False) -> None:
    if quick:
        bench_perft(report, depths=(7,), peer_depth=6)
        bench_solver(report, 2, empties=12)
        return
    bench_perft(report)
    bench_solver(report, 20 if full else 6)
    games = FULL_GAMES if full else DEFAULT_GAMES
    if not full:
        report("othello full matches", f"python -m pyxel_app.bench.othello --full  ({FULL_GAMES} games a match)")
    match(report, "top level vs greedy", top_level(TOP_BUDGET_MS), greedy, games)
    peer = cli_othello_peer()
    if peer is None:
        report("othello top level vs cli-othello level 5", "cli-othello not installed (pip install -e .[bench])")
    else:
        match(report, "top level vs cli-othello level 5", top_level(TOP_BUDGET_MS), peer, games)


def main(argv: list[str]) -> None:
    """``--quick`` smoke run; ``--full`` 50 games a match; ``--match greedy|peer`` only that match."""
    full = "--full" in argv
    games = FULL_GAMES if full else DEFAULT_GAMES
    if "--match" in argv:
        which = argv[argv.index("--match") + 1]
        theirs = greedy if which == "greedy" else cli_othello_peer()
        match(report, f"top level vs {which}", top_level(TOP_BUDGET_MS), theirs, games)
        return
    run(report, quick="--quick" in argv, full=full)


if __name__ == "__main__":
    main(sys.argv[1:])
