"""The review's time for a game of each game (``ai/review.py``), and the length of its slices.

A game of 40 moves where the game lasts so long, at the command line's time per search:
Connect 4 played by the "primitive" level on both sides (it wins and blocks at once, else
plays at random: the first seed whose game lasts 40 moves); draughts by the easy level from
the start; Othello's last 40 moves of a game of the medium level, so its exact end (14 empty
squares and fewer) is in it; peg solitaire a whole game of random jumps on the English board
(31 at most); ByPuzz a start 30 moves from the goal solved the shortest way, with detours (a
tile moved off the way and straight back) to make 40.  Each line gives the wall and CPU time,
how many verdicts were exact and the mistakes found.  Then the review of each game stepped
as a screen steps it, ``SLICE_MS`` a frame: how long the slices took, by the wall clock and
in CPU time.
"""

from __future__ import annotations

import random
import time

from ..ai import connect4, draughts, othello
from ..ai.fifteen import random_position_at_distance, solve
from ..ai.review import DEFAULT_MOVE_MS, Review
from ..rules.connect4 import RULES as CONNECT4
from ..rules.draughts import RULES as DRAUGHTS
from ..rules.fifteen import RULES as FIFTEEN
from ..rules.fifteen import Fifteen
from ..rules.othello import RULES as OTHELLO
from ..rules.pegs import RULES as PEGS
from ..rules.records import Record
from .figures import percentiles

MOVES = 40
QUICK_MOVES = 10
QUICK_MOVE_MS = 100.0
# Othello's moves in a game without passes: its last ``plies`` come after this many less those.
OTHELLO_SQUARES = 60
FIFTEEN_DISTANCE = 30
SLICE_MS = 4.0
# The slices are timed on a shorter budget a search: the slices matter, not the answers.
SLICE_MOVE_MS = 50.0


def engine_game(rules, make_search, plies: int, rng: random.Random, skip: int = 0) -> Record:
    """``skip`` + ``plies`` moves (fewer if the game ends) by ``make_search(state, rng)``; the
    record of the last ``plies``."""
    state = rules.initial_state()
    states, moves = [state], []
    while len(moves) < skip + plies and not rules.is_terminal(state):
        move = make_search(state, rng).run_to_end().move
        state = rules.apply(state, move)
        states.append(state)
        moves.append(move)
    return Record(rules, states[min(skip, len(moves))], tuple(moves[skip:]))


def connect4_game(plies: int) -> Record:
    """The first seed's game of the primitive level that lasts ``plies`` moves, cut there."""
    for seed in range(100):
        record = engine_game(CONNECT4, lambda state, rng: connect4.Connect4Search(state, "primitive", rng=rng), plies,
                             random.Random(seed))
        if len(record.moves) == plies:
            return record
    return record


def pegs_game(rng: random.Random) -> Record:
    state = start = PEGS.initial_state("english")
    moves = []
    while not PEGS.is_terminal(state):
        move = rng.choice(PEGS.legal_moves(state))
        state = PEGS.apply(state, move)
        moves.append(move)
    return Record(PEGS, start, tuple(moves))


def fifteen_game(rng: random.Random, plies: int, distance: int) -> Record:
    """A shortest solution from ``distance`` moves away, with a tile moved off the way and back
    at random places until the game has ``plies`` moves (or the solution alone, if longer)."""
    goal = FIFTEEN.initial_state().goal
    start = Fifteen(random_position_at_distance(goal, distance, distance, rng), goal)
    solution = solve(start.tiles, goal)
    detours = sorted(rng.sample(range(len(solution)), max(0, (plies - len(solution)) // 2)))
    state, moves = start, []
    for index, tile in enumerate(solution):
        if detours and detours[0] == index:
            detours.pop(0)
            away = rng.choice([other for other in FIFTEEN.legal_moves(state) if other != tile])
            moves += [away, away]
            state = FIFTEEN.apply(FIFTEEN.apply(state, away), away)
        moves.append(tile)
        state = FIFTEEN.apply(state, tile)
    return Record(FIFTEEN, start, tuple(moves))


def games(plies: int, rng: random.Random) -> dict[str, Record]:
    return {
        "connect4": connect4_game(plies),
        "othello": engine_game(OTHELLO, lambda state, rng: othello.OthelloSearch(state, "medium", rng=rng), plies, rng,
                               skip=OTHELLO_SQUARES - plies),
        "draughts": engine_game(DRAUGHTS, lambda state, rng: draughts.DraughtsSearch(state, "easy", rng=rng), plies, rng),
        "pegs": pegs_game(rng),
        "fifteen": fifteen_game(rng, plies, FIFTEEN_DISTANCE * plies // MOVES),
    }


def slice_times(record: Record) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each ``SLICE_MS`` slice of a review of ``record`` (the wall clock
    also counts other programs' turns on a shared machine)."""
    review = Review(record, SLICE_MOVE_MS)
    walls, cpus = [], []
    while not review.finished:
        wall, cpu = time.perf_counter(), time.process_time()
        review.step(SLICE_MS)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def run(report, quick: bool = False) -> None:
    move_ms = QUICK_MOVE_MS if quick else DEFAULT_MOVE_MS
    records = games(QUICK_MOVES if quick else MOVES, random.Random(41))
    for name, record in records.items():
        wall, cpu = time.perf_counter(), time.process_time()
        review = Review(record, move_ms).run_to_end()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        exact = sum(1 for move in review.moves if move.verdict.exact)
        report(f"review {name}, {len(record.moves)} moves at {move_ms:.0f} ms a search",
               f"{wall:.1f} s (CPU {cpu:.1f} s), {exact} exact verdicts, {len(review.mistakes)} mistakes")
    for name, record in records.items():
        walls, cpus = slice_times(record)
        report(f"review {name} step({SLICE_MS:.0f} ms)", f"wall {percentiles(walls)}; CPU {percentiles(cpus)}")
