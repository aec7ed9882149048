"""The review's time for a game of each game (``ai/review.py``): 40 moves where the game lasts so
long, at the command line's time per search.

The games are played by the engines' middle levels against each other (random moves would
leave most positions lost long before the end, which is not what a player brings), with a
seeded generator: Connect 4 and draughts from the start; Othello its last 40 moves, so the
exact end (14 empty squares and fewer) is in it; peg solitaire a whole game on the English
board (31 jumps at most) with random jumps; ByPuzz a start 20 moves from the goal, solved with
detours.  Each line gives the wall and CPU time, the moves, how many verdicts were exact and the
mistakes found.
"""

from __future__ import annotations

import random
import time

from ..ai import connect4, draughts, othello
from ..ai.fifteen import solve
from ..ai.review import DEFAULT_MOVE_MS, Review
from ..rules.connect4 import RULES as CONNECT4
from ..rules.draughts import RULES as DRAUGHTS
from ..rules.fifteen import RULES as FIFTEEN
from ..rules.othello import RULES as OTHELLO
from ..rules.pegs import RULES as PEGS
from ..rules.records import Record

MOVES = 40
QUICK_MOVES = 10
QUICK_MOVE_MS = 100.0
# Othello's moves in a game without passes: its last ``plies`` come after this many less those.
OTHELLO_SQUARES = 60
FIFTEEN_DISTANCE = 20
# ByPuzz: one move in this many leaves the shortest way (and comes back later).
FIFTEEN_DETOUR = 5


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


def pegs_game(rng: random.Random) -> Record:
    state = start = PEGS.initial_state("english")
    moves = []
    while not PEGS.is_terminal(state):
        move = rng.choice(PEGS.legal_moves(state))
        state = PEGS.apply(state, move)
        moves.append(move)
    return Record(PEGS, start, tuple(moves))


def fifteen_game(rng: random.Random, plies: int) -> Record:
    goal = FIFTEEN.initial_state().goal
    state = start = FIFTEEN.shuffled(goal, FIFTEEN_DISTANCE + 10, rng)
    moves: list[int] = []
    while len(moves) < plies and state.tiles != goal:
        if rng.randrange(FIFTEEN_DETOUR) == 0:
            move = rng.choice(FIFTEEN.legal_moves(state))
        else:
            move = solve(state.tiles, goal)[0]
        state = FIFTEEN.apply(state, move)
        moves.append(move)
    return Record(FIFTEEN, start, tuple(moves))


def games(plies: int, rng: random.Random) -> dict[str, Record]:
    return {
        "connect4": engine_game(CONNECT4, lambda state, rng: connect4.Connect4Search(state, "medium", rng=rng), plies, rng),
        "othello": engine_game(OTHELLO, lambda state, rng: othello.OthelloSearch(state, "medium", rng=rng), plies, rng,
                               skip=OTHELLO_SQUARES - plies),
        "draughts": engine_game(DRAUGHTS, lambda state, rng: draughts.DraughtsSearch(state, "easy", rng=rng), plies, rng),
        "pegs": pegs_game(rng),
        "fifteen": fifteen_game(rng, plies),
    }


def run(report, quick: bool = False) -> None:
    move_ms = QUICK_MOVE_MS if quick else DEFAULT_MOVE_MS
    for name, record in games(QUICK_MOVES if quick else MOVES, random.Random(41)).items():
        wall, cpu = time.perf_counter(), time.process_time()
        review = Review(record, move_ms).run_to_end()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        exact = sum(1 for move in review.moves if move.verdict.exact)
        report(f"review {name}, {len(record.moves)} moves at {move_ms:.0f} ms a search",
               f"{wall:.1f} s (CPU {cpu:.1f} s), {exact} exact verdicts, {len(review.mistakes)} mistakes")
