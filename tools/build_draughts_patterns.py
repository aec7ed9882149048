"""Build the learned men patterns of the International draughts evaluation:
pyxel_app/ai/data/draughts_patterns.zlib.

    python tools/build_draughts_patterns.py label OUT.txt SEED MINUTES [--hand]   # one per core
    python tools/build_draughts_patterns.py fit OUT.txt ...                       # needs numpy and scipy
    python tools/build_draughts_patterns.py deep OUT.txt PART PARTS MINUTES       # one per core
    python tools/build_draughts_patterns.py fit-deep OUT.txt ...                  # needs numpy and scipy

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

``deep`` scores positions of real games instead: the quiet positions (past the opening,
each once) of ``tools/data/draughts_match_games.txt.gz``, 529 games of the strength
matches (our engine against py-draughts' TurboEngine and against other settings of itself,
at 0.1-2 s a move, a game a line), each scored by a depth-7 search with the patterns the
game has now (about 0.43 s a position).  The 52,887 positions are shared out in a fixed
order among PARTS runs, so the first minutes of each run together cover a sample of them
all.  Its lines add the game and the ply; a run goes on where the file it is given ends,
so the labelling can be spread over many runs.  ``fit-deep`` fits a correction to round 1's
weights (``tools/data/draughts_patterns_round1.zlib``; the evaluation with them as the
start, damped harder: DEEP_DAMP), holding out every tenth game.  The labels made so far
ship as ``tools/data/draughts_deep_labels_0.txt.gz`` and ``..._1.txt.gz`` (parts 0 and 1
of 2): ``fit-deep`` reads them as they are; unpack one to go on scoring its part.

The game ships round 3's weights (``fit-deep`` on the labels of parts 0 and 1, damped 10);
how each round was made and played, and what was not shipped, is in ``docs/bench-log.md``.
``fit-deep`` with today's evaluation is not to be shipped as it is: 6,079 labels have a
lone king and were scored before the evaluation learned lone king endings
(``LONE_KING_WIN``), so a next round labels those positions again or leaves them out.
"""

from __future__ import annotations

import gzip
import random
import sys
import time
import zlib
from array import array
from dataclasses import replace
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
    read_patterns,
)
from pyxel_app.ai.memo import SlotTable  # noqa: E402
from pyxel_app.rules.draughts import BIT_OF, FULL, RULES, Draughts, can_capture  # noqa: E402

LABEL_DEPTH = 5
PLAY_DEPTHS = (2, 3)
RANDOM_MOVES = 0.08
MAX_PLIES = 150
MAX_SCORE = 800
CLIP = 250
DAMP = 3.0
BLOCK = 300
# ``deep``: the games, and the search that scores their positions.
GAMES = ROOT / "tools" / "data" / "draughts_match_games.txt.gz"
DEEP_DEPTH = 7
OPENING_SKIPPED = 6
DEEP_SEED = 5
DEEP_DAMP = 10.0
# what ``fit-deep`` corrects: the weights of round 1 (see the top), whatever the game ships now
ROUND_1 = ROOT / "tools" / "data" / "draughts_patterns_round1.zlib"
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
                if quiet(state) and ply % 2 == rng.randint(0, 1):
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


def quiet(state: Draughts) -> bool:
    """No capture for either side: a position whose score is not just the next exchange."""
    own, opp = RULES.sides(state)
    empty = FULL & ~(own | opp)
    return captures(own, opp, state.kings, empty) is None and not can_capture(opp, own, state.kings, empty)


def game_positions() -> list[tuple[Draughts, int, int]]:
    """(position, game, ply) of every quiet position with a man on the board and a choice of
    moves, past the openings, in the games of GAMES (a game a line, its moves' texts); each
    position once, in a fixed shuffled order."""
    found, seen = [], set()
    with gzip.open(GAMES, "rt") as games:
        for game, line in enumerate(games):
            state = RULES.initial_state()
            for ply, text in enumerate(line.split()):
                if (ply >= OPENING_SKIPPED and (state.white | state.black) & ~state.kings and quiet(state)
                        and state not in seen and len(RULES.legal_moves(state)) > 1):
                    seen.add(state)
                    # without the moves before it: the score is the position's, not a repetition's
                    found.append((replace(state, history=()), game, ply))
                state = RULES.apply(state, RULES.move_from_text(state, text))
    random.Random(DEEP_SEED).shuffle(found)
    return found


def deep(path: str, part: int, parts: int, minutes: float) -> None:
    """Score the ``part``-th of ``parts`` shares of ``game_positions`` with a DEEP_DEPTH search
    (the patterns the game has now, one table for the whole run) into ``path``: a line
    ``white black kings side score game ply``.  A run goes on where a file it finds ends."""
    if path.endswith(".gz"):
        raise SystemExit(f"{path}: deep writes plain text; unpack it (gunzip -k) and go on in that")
    table, share = SlotTable(), game_positions()[part::parts]
    end = time.monotonic() + 60 * minutes
    labels, done = Path(path), 0
    if labels.exists():
        # whole lines only: a line a stopped run left half written is scored again
        text = labels.read_text()
        whole = text[:text.rfind("\n") + 1]
        if whole != text:
            labels.write_text(whole)
        done = whole.count("\n")
    with labels.open("a") as out:
        for state, game, ply in share[done:]:
            if time.monotonic() >= end:
                break
            found = DraughtsSearch(state, "hard", random.Random(1), budget_ms=1e9, max_depth=DEEP_DEPTH,
                                   table=table).run_to_end()
            out.write(f"{state.white} {state.black} {state.kings} {state.turn} {found.score} {game} {ply}\n")
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


def read_samples(paths: list[str]) -> list[tuple[int, int, int, int, int, int]]:
    """(white, black, kings, side, score for White, group) of every labelled position within
    MAX_SCORE, each also turned round with the colours swapped, as the game is symmetric.
    The group keeps a game's positions together when some are held out: a ``deep`` line's
    game, else its block of BLOCK lines (whole games, mostly, as ``label`` writes them).  A
    ``deep`` line for a position an earlier one scored (a later round's teacher) replaces
    it, in its place, or leaves it out if beyond MAX_SCORE.  A path ending in ``.gz`` is read
    unpacked."""
    found: dict = {}
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as text:
            for line in text:
                fields = line.split()
                if len(fields) not in (5, 7):
                    continue
                white, black, kings, side, score = map(int, fields[:5])
                # a ``label`` line is never replaced: its key is its own
                key = (white, black, kings, side) if len(fields) == 7 else object()
                if abs(score) > MAX_SCORE:
                    found.pop(key, None)
                    continue
                group = int(fields[5]) if len(fields) == 7 else len(found) // BLOCK
                found[key] = (white, black, kings, side, -score if side else score, group)
    samples = []
    for white, black, kings, side, for_white, group in found.values():
        samples.append((white, black, kings, side, for_white, group))
        samples.append((turned(black), turned(white), turned(kings), 1 - side, -for_white, group))
    return samples


def fit(paths: list[str], on_top: bool = False) -> None:
    """Fit the weights to the scores in ``paths``: from nothing, as a correction to the hand
    evaluation; or ``on_top`` of round 1's weights (ROUND_1), as a correction to the
    evaluation with them, damped harder so that the fewer, deeper labels only adjust what is
    there."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.linalg import lsqr

    samples = read_samples(paths)
    patterns = read_patterns(ROUND_1.read_bytes()) if on_top else ()
    damp = DEEP_DAMP if on_top else DAMP
    windows = len(pattern_windows())
    rows, columns, hand, scores = [], [], [], []
    for row, (white, black, kings, side, for_white, _) in enumerate(samples):
        rows.extend([row] * windows)
        numbers = pattern_numbers(white & ~kings, black & ~kings)
        columns.extend(window * PATTERN_SIZE + number for window, number in enumerate(numbers))
        own, opp = (black, white) if side else (white, black)
        guess = evaluate(own, opp, kings, side, patterns)
        hand.append(-guess if side else guess)
        scores.append(for_white)
    # One more column: +1 with White to move, -1 with Black.  A score of an odd depth favours
    # the side to move by about 15 (it has made the last move); the patterns, which do not
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
    held = np.array([sample[5] % 10 == 0 for sample in samples])
    weights = lsqr(matrix[~held], residual[~held], damp=damp, iter_lim=5000)[0]

    def error(guess) -> float:
        return float(np.sqrt(np.mean((scores[held] - guess[held]) ** 2)))

    turn_only = hand + sign * float(np.mean(residual[~held] * sign[~held]))
    start = "round 1's evaluation" if on_top else "the hand evaluation"
    print(f"{len(samples) // 2} positions; held out {held.sum() // 2}: error of {start} "
          f"{error(hand):.1f}, with the turn column alone {error(turn_only):.1f}, with the fitted patterns "
          f"{error(hand + matrix @ weights):.1f} (hundredths of a man)")
    weights = lsqr(matrix, residual, damp=damp, iter_lim=5000)[0]
    print(f"the side to move's share of a score: {weights[turn]:.1f}")
    weights = weights[:turn]
    # Exactly symmetric, whatever the solver's rounding: a window's weight is minus that of
    # the window turned round with the colours swapped.
    weights = (weights - weights[turned_columns()]) / 2
    if on_top:
        weights = weights + np.array([weight for window in patterns for weight in window[4]], float)
    packed = array("h", (int(round(weight)) for weight in weights))
    if sys.byteorder == "big":
        packed.byteswap()
    OUT.write_bytes(zlib.compress(packed.tobytes(), 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


def main(argv: list[str]) -> None:
    if len(argv) in (4, 5) and argv[0] == "label" and argv[4:] in ([], ["--hand"]):
        label(argv[1], int(argv[2]), float(argv[3]), argv[4:] == ["--hand"])
    elif len(argv) == 5 and argv[0] == "deep":
        deep(argv[1], int(argv[2]), int(argv[3]), float(argv[4]))
    elif len(argv) >= 2 and argv[0] in ("fit", "fit-deep"):
        fit(argv[1:], on_top=argv[0] == "fit-deep")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
