"""Build the learned men patterns of the International draughts evaluation:
pyxel_app/ai/data/draughts_patterns.zlib.

    python tools/build_draughts_patterns.py label OUT.txt SEED MINUTES [--hand]   # one per core
    python tools/build_draughts_patterns.py fit OUT.txt ...                       # needs numpy and scipy

``label`` plays self-play games (a random opening of 2-6 plies, then a depth-2 or -3 search
each move, a random move 8% of the time) and writes every other quiet position (no
capture for either side) with the score a depth-5 search gives it: a line
``white black kings side score`` (bitboards, side 0 = White to move, the score for the
side to move in hundredths of a man).  About 13 positions a second a core.  With
``--hand`` the searches use the hand evaluation alone; without, the patterns the game
has now.

``fit`` finds the weights of every window's 729 ways to be filled (``pattern_windows``)
that bring the hand evaluation closest to those scores: least squares, ridge-damped, on
the difference (clipped to 2.5 men; positions scored beyond 8 men left out), each
position also counted turned round with the colours swapped, as the game is symmetric.
It holds out every tenth block of 300 lines (whole games, mostly) and prints the error of
the hand evaluation and of the fitted one there, then fits on everything and writes
the weights (rounded, 16 bits each, zlib-compressed).

The shipped weights: 40k positions labelled with ``--hand`` (two cores, an hour), 36k of
them within 8 men.  A second round, 82k positions labelled with those patterns in place and
a fit on all 110k, played even with them (49% over 40 games at 100 ms a move), so it was
not shipped; nor were windows four squares wide (``PATTERN_WIDTH`` 4: a larger held-out
error on the same data).
"""

from __future__ import annotations

import random
import sys
import time
import zlib
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyxel_app.ai.draughts import (  # noqa: E402
    PATTERN_FILE,
    PATTERN_SIZE,
    DraughtsSearch,
    captures,
    evaluate,
    pattern_numbers,
    pattern_windows,
)
from pyxel_app.rules.draughts import BIT_OF, FULL, RULES, can_capture  # noqa: E402

LABEL_DEPTH = 5
PLAY_DEPTHS = (2, 3)
RANDOM_MOVES = 0.08
MAX_PLIES = 150
MAX_SCORE = 800
CLIP = 250
DAMP = 3.0
BLOCK = 300
OUT = ROOT / "pyxel_app" / "ai" / "data" / PATTERN_FILE


def label(path: str, seed: int, minutes: float, hand: bool = False) -> None:
    """Self-play positions and their scores into ``path``; ``hand``: searched with the hand
    evaluation alone (the first round), else with the patterns the game has now."""
    patterns = () if hand else None
    rng = random.Random(seed)
    end = time.monotonic() + 60 * minutes
    with open(path, "a") as out:
        while time.monotonic() < end:
            state = RULES.initial_state()
            for _ in range(rng.randint(2, 6)):
                state = RULES.after(state, rng.choice(RULES.legal_moves(state)))
            for ply in range(MAX_PLIES):
                if RULES.outcome(state) is not None:
                    break
                own, opp = RULES.sides(state)
                empty = FULL & ~(own | opp)
                quiet = not captures(own, opp, state.kings, empty)[1] and not can_capture(opp, own, state.kings, empty)
                if quiet and ply % 2 == rng.randint(0, 1):
                    found = DraughtsSearch(state, "hard", random.Random(1), budget_ms=1e9, max_depth=LABEL_DEPTH,
                                           patterns=patterns).run_to_end()
                    if found.score is not None and abs(found.score) < 1500:
                        out.write(f"{state.white} {state.black} {state.kings} {state.turn} {found.score}\n")
                if rng.random() < RANDOM_MOVES:
                    move = rng.choice(RULES.legal_moves(state))
                else:
                    search = DraughtsSearch(state, "hard", random.Random(rng.random()), budget_ms=1e9,
                                            max_depth=rng.choice(PLAY_DEPTHS), patterns=patterns)
                    move = search.run_to_end().move
                state = RULES.after(state, move)
            out.flush()


TURNED = {BIT_OF[index]: BIT_OF[49 - index] for index in range(50)}


def turned(board: int) -> int:
    """The bitboard turned round (square i to 51 - i)."""
    result = 0
    while board:
        low = board & -board
        result |= 1 << TURNED[low.bit_length() - 1]
        board ^= low
    return result


def turned_columns() -> list[int]:
    """For every weight (window, number), the weight of the same men turned round with the colours swapped."""
    windows = pattern_windows()
    window_of = {frozenset(squares): window for window, squares in enumerate(windows)}
    columns = []
    for squares in windows:
        other = window_of[frozenset(49 - square for square in squares)]
        for number in range(PATTERN_SIZE):
            turned_number = 0
            for digit, square in enumerate(squares):
                colour = number // 3 ** digit % 3
                turned_number += (3 - colour) % 3 * 3 ** windows[other].index(49 - square)
            columns.append(other * PATTERN_SIZE + turned_number)
    return columns


def fit(paths: list[str]) -> None:
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.linalg import lsqr

    samples = []  # (white, black, kings, side, score for White), each position twice
    for path in paths:
        for line in open(path):
            fields = line.split()
            if len(fields) != 5:
                continue
            white, black, kings, side, score = map(int, fields)
            if abs(score) > MAX_SCORE:
                continue
            for_white = -score if side else score
            samples.append((white, black, kings, side, for_white))
            samples.append((turned(black), turned(white), turned(kings), 1 - side, -for_white))
    windows = len(pattern_windows())
    rows, columns, hand, scores = [], [], [], []
    for row, (white, black, kings, side, for_white) in enumerate(samples):
        rows.extend([row] * windows)
        numbers = pattern_numbers(white & ~kings, black & ~kings)
        columns.extend(window * PATTERN_SIZE + number for window, number in enumerate(numbers))
        own, opp = (black, white) if side else (white, black)
        guess = evaluate(own, opp, kings, side)
        hand.append(-guess if side else guess)
        scores.append(for_white)
    # One more column: +1 with White to move, -1 with Black.  A depth-5 score favours the side
    # to move by about 15 (it has made the last move of the five); the patterns, which do not
    # know whose turn it is, should not have to explain that.  The game does not use it.
    turn = windows * PATTERN_SIZE
    for row, sample in enumerate(samples):
        rows.append(row)
        columns.append(turn)
    sign = np.array([-1.0 if sample[3] else 1.0 for sample in samples])
    values = np.concatenate([np.ones(windows * len(samples)), sign])
    matrix = csr_matrix((values, (rows, columns)), shape=(len(samples), turn + 1))
    hand, scores = np.array(hand, float), np.array(scores, float)
    residual = np.clip(scores - hand, -CLIP, CLIP)
    held = np.array([(row // 2 // BLOCK) % 10 == 0 for row in range(len(samples))])
    weights = lsqr(matrix[~held], residual[~held], damp=DAMP, iter_lim=5000)[0]

    def error(guess) -> float:
        return float(np.sqrt(np.mean((scores[held] - guess[held]) ** 2)))

    turn_only = hand + sign * float(np.mean(residual[~held] * sign[~held]))
    print(f"{len(samples) // 2} positions; held out {held.sum() // 2}: error of the hand evaluation "
          f"{error(hand):.1f}, with the turn column alone {error(turn_only):.1f}, with the patterns too "
          f"{error(hand + matrix @ weights):.1f} (hundredths of a man)")
    weights = lsqr(matrix, residual, damp=DAMP, iter_lim=5000)[0]
    print(f"the side to move's share of a depth-{LABEL_DEPTH} score: {weights[turn]:.1f}")
    weights = weights[:turn]
    # Exactly symmetric, whatever the solver's rounding: a window's weight is minus that of
    # the window turned round with the colours swapped.
    weights = (weights - weights[turned_columns()]) / 2
    packed = array("h", (int(round(weight)) for weight in weights))
    if sys.byteorder == "big":
        packed.byteswap()
    OUT.write_bytes(zlib.compress(packed.tobytes(), 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


def main(argv: list[str]) -> None:
    if len(argv) in (4, 5) and argv[0] == "label" and argv[4:] in ([], ["--hand"]):
        label(argv[1], int(argv[2]), float(argv[3]), argv[4:] == ["--hand"])
    elif len(argv) >= 2 and argv[0] == "fit":
        fit(argv[1:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
