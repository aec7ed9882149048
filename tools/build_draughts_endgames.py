"""Build the exact kings-only endings of International draughts (a lone king against one
to four kings): pyxel_app/ai/data/draughts_endgames.zlib.

    python tools/build_draughts_endgames.py      # needs numpy

Retrograde analysis, one material after another (1 v 1 to 4 v 1), both sides to move:

- A position where the side to move can take is settled at once, as a capture is compulsory:
  the strong side takes the lone king and wins in 1; the lone king's captures (the rules'
  own ``generate``, with the majority rule) either take every king (a win in 1) or lead to a
  smaller table, already built.
- A position with no capture and no move is lost in 0.
- The rest move quietly within the table.  Going out from the settled positions ply by ply,
  a quiet position with a move to one lost in n is won in n + 1, and one whose moves all
  lead to positions won for the other side is lost in one more than the longest of them
  (each keeps a count of its moves not yet known to lose).  The moves are walked backwards
  (a king's move undone is a king's move) with numpy, for a whole ply at once.
- What is left unsettled is a draw.

It checks that 1 v 1 reads the same whoever is "lone" and that 4 v 1 is worth the same
under the board's symmetries, writes the tables in the layout of
``pyxel_app/ai/draughts_endgames.py`` (4 v 1: the kings' side only, folded by the
symmetries), and checks the probe's lone king against four (one ply on) on 20,000
positions: 5,542,000 bytes, 653 kB compressed.  A value past a byte's 127 plies stops it
(the longest is 16).  About three and a half minutes on one core, 2.7 GB.
"""

from __future__ import annotations

import sys
import time
import zlib
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyxel_app.ai import draughts_endgames  # noqa: E402
from pyxel_app.ai.draughts_endgames import (  # noqa: E402
    ENDGAME_FILE, FOLDED_KINGS, FOLDED_SQUARES, IMAGES, LONE, MOST_KINGS, NO_MOVE, SETS, STRONG, TABLES,
    one_ply_back, preference, probe, set_rank)
from pyxel_app.ai.draughts import LONG_DIAGONAL  # noqa: E402
from pyxel_app.rules.draughts import (  # noqa: E402
    BIT_OF, INDEX_OF, RAYS, SQUARES, WHITE, generate, square_bit, squares_of)

OUT = ROOT / "pyxel_app" / "ai" / "data" / ENDGAME_FILE
# Per square and direction, the squares along the ray (-1 past its end, one spare).
RAY = np.full((SQUARES, 4, 11), -1, np.int64)
for _square in range(SQUARES):
    for _direction, _ray in enumerate(RAYS[BIT_OF[_square]]):
        RAY[_square, _direction, :len(_ray)] = [INDEX_OF[bit] for bit in _ray]
BINOMIAL = np.array([[comb(square, place) for square in range(SQUARES)] for place in range(MOST_KINGS + 1)], np.int64)


class Ending:
    """One material, a lone king against ``kings`` kings: every position's squares (column 0
    the lone king, then the strong kings), and the values and counts for both sides to move."""

    def __init__(self, kings: int):
        self.kings = kings
        self.sets = SETS[kings]
        sets = sorted(combinations(range(SQUARES), kings), key=lambda squares: squares[::-1])
        assert all(set_rank(list(squares)) == rank for rank, squares in enumerate(sets[:2000]))
        size = SQUARES * self.sets
        self.pieces = np.empty((size, kings + 1), np.int64)
        self.pieces[:, 0] = np.repeat(np.arange(SQUARES), self.sets)
        self.pieces[:, 1:] = np.tile(np.array(sets, np.int64), (SQUARES, 1))
        self.real = (self.pieces[:, 1:] != self.pieces[:, :1]).all(axis=1)
        self.value = [np.zeros(size, np.int64), np.zeros(size, np.int64)]
        self.settled = [~self.real, ~self.real]
        self.quiet = [None, None]
        self.moves_left = [None, None]

    def index(self, pieces: np.ndarray) -> np.ndarray:
        strong = np.sort(pieces[:, 1:], axis=1)
        rank = sum(BINOMIAL[place + 1][strong[:, place]] for place in range(self.kings))
        return pieces[:, 0] * self.sets + rank

    def sides(self, mover: int) -> tuple[list[int], list[int]]:
        """The columns of the side ``mover`` and of the other side."""
        strong = list(range(1, self.kings + 1))
        return ([0], strong) if mover == LONE else (strong, [0])


def king_steps(pieces: np.ndarray, column: int):
    """(destination, open): the king of ``column`` going along each ray a square at a time,
    ``open`` where every square up to the destination is empty."""
    start = pieces[:, column]
    for direction in range(4):
        open_ = np.ones(len(pieces), bool)
        for distance in range(9):
            destination = RAY[start, direction, distance]
            open_ &= destination >= 0
            for other in range(pieces.shape[1]):
                open_ &= pieces[:, other] != destination
            if not open_.any():
                break
            yield destination, open_


def can_take(pieces: np.ndarray, movers: list[int], prey: list[int]) -> np.ndarray:
    """Where a king of ``movers`` has a piece of ``prey`` first on a ray, the square after it empty."""
    found = np.zeros(len(pieces), bool)
    for column in movers:
        start = pieces[:, column]
        for direction in range(4):
            open_ = np.ones(len(pieces), bool)
            for distance in range(9):
                here, after = RAY[start, direction, distance], RAY[start, direction, distance + 1]
                enemy = np.zeros(len(pieces), bool)
                for other in prey:
                    enemy |= pieces[:, other] == here
                after_empty = after >= 0
                for other in range(pieces.shape[1]):
                    after_empty &= pieces[:, other] != after
                found |= open_ & enemy & after_empty
                open_ &= here >= 0
                for other in range(pieces.shape[1]):
                    open_ &= pieces[:, other] != here
    return found


def after_capture(endings: dict[int, Ending], move, strong: int) -> int:
    """The lone king's value after its capture ``move``: the strong side to move next."""
    left = strong & ~move.captured
    if not left:
        return 1
    smaller = endings[left.bit_count()]
    at = move.end * smaller.sets + set_rank(squares_of(left))
    if not smaller.settled[STRONG][at]:
        return 0
    then = int(smaller.value[STRONG][at])
    return one_ply_back(None if then == 0 else then)  # settled at 0: the kings have no move


def seed(ending: Ending, endings: dict[int, Ending]) -> None:
    """Settle the captures and the positions with no move; count the others' moves."""
    pieces = ending.pieces
    for mover in (LONE, STRONG):
        movers, prey = ending.sides(mover)
        takes = ending.real & can_take(pieces, movers, prey)
        ending.quiet[mover] = ending.real & ~takes
        count = np.zeros(len(pieces), np.int64)
        for column in movers:
            for _, open_ in king_steps(pieces, column):
                count += open_
        ending.moves_left[mover] = count
        stuck = ending.quiet[mover] & (count == 0)
        ending.settled[mover] |= stuck | takes
        if mover == STRONG:
            ending.value[STRONG][takes] = 1
            continue
        for at in np.nonzero(takes)[0]:
            lone_square, *strong_squares = pieces[at].tolist()
            lone = square_bit(lone_square)
            strong = sum(square_bit(square) for square in strong_squares)
            best = None
            for move in generate(lone, strong, lone | strong, WHITE, True):
                assert move.captured
                value = after_capture(endings, move, strong)
                choice = preference(value)
                if best is None or choice > best[0]:
                    best = (choice, value)
            ending.value[LONE][at] = best[1]
            ending.settled[LONE][at] = best[1] != 0


def retrograde(ending: Ending) -> None:
    """Spread the settled values backwards over the quiet moves, ply by ply."""
    longest = max(int(np.abs(value).max()) for value in ending.value)
    plies = 0
    while True:
        spread = False
        for mover in (LONE, STRONG):
            before = 1 - mover
            value, settled = ending.value[mover], ending.settled[mover]
            real = settled & ending.real
            lost = np.nonzero(real & (value == -plies))[0]
            won = np.nonzero(real & (value == plies))[0] if plies else lost[:0]
            spread |= len(lost) + len(won) > 0
            for positions, wins in ((lost, True), (won, False)):
                if not len(positions):
                    continue
                earlier = predecessors(ending, ending.pieces[positions], ending.sides(before)[0])
                open_ = ending.quiet[before][earlier] & ~ending.settled[before][earlier]
                earlier = earlier[open_]
                if wins:
                    ending.value[before][earlier] = plies + 1
                    ending.settled[before][earlier] = True
                else:
                    counts = np.bincount(earlier, minlength=len(value))
                    ending.moves_left[before] -= counts
                    done = (counts > 0) & (ending.moves_left[before] == 0) & ~ending.settled[before]
                    ending.value[before][done] = -(plies + 1)
                    ending.settled[before][done] = True
        plies += 1
        if not spread and plies > longest:
            return


def predecessors(ending: Ending, pieces: np.ndarray, movers: list[int]) -> np.ndarray:
    """The positions (indices) one quiet move of ``movers`` before each of ``pieces``."""
    found = []
    for column in movers:
        for destination, open_ in king_steps(pieces, column):
            earlier = pieces[open_].copy()
            earlier[:, column] = destination[open_]
            found.append(ending.index(earlier))
    return np.concatenate(found) if found else np.zeros(0, np.int64)


def encoded(ending: Ending, mover: int) -> bytes:
    """The table's bytes: the folded one keeps the rows of its lone king squares only."""
    settled = ending.settled[mover] & ending.real
    if (np.abs(ending.value[mover][settled]) > 127).any():
        raise SystemExit(f"{ending.kings} v 1: a value past 127 plies does not fit a byte")
    value = np.where(settled, ending.value[mover], 0)
    value[settled & (ending.value[mover] == 0)] = NO_MOVE
    if ending.kings == FOLDED_KINGS:
        value = value.reshape(SQUARES, ending.sets)[list(FOLDED_SQUARES)]
    return value.astype(np.int8).tobytes()


def check_symmetries(ending: Ending) -> None:
    """Every position is worth what its images under the board's symmetries are."""
    for image in IMAGES[1:]:
        at = ending.index(np.array(image)[ending.pieces])
        for mover in (LONE, STRONG):
            for values in (ending.value[mover], ending.settled[mover]):
                if not (values[ending.real] == values[at[ending.real]]).all():
                    raise SystemExit(f"{ending.kings} v 1 is not symmetric")


def check_lone_king_by_probe(ending: Ending, table: bytes, samples: int = 20000) -> None:
    """The lone king's values against four kings, as the probe works them out from the
    kings' table one ply on, on positions at random."""
    draughts_endgames._table = table
    rng = np.random.default_rng(1)
    for at in rng.choice(np.nonzero(ending.real)[0], samples, replace=False):
        lone_square, *strong_squares = ending.pieces[at].tolist()
        lone, strong = square_bit(lone_square), sum(square_bit(square) for square in strong_squares)
        value = int(ending.value[LONE][at]) if ending.settled[LONE][at] else 0
        expected = None if ending.settled[LONE][at] and value == 0 else value
        if probe(lone, strong, lone | strong) != expected:
            raise SystemExit(f"the probe gets the lone king on {lone_square + 1} v {strong_squares} wrong")


def report(ending: Ending, mover: int) -> str:
    value, settled, real = ending.value[mover], ending.settled[mover], ending.real
    won = real & settled & (value > 0)
    lost = real & settled & (value < 0)
    stuck = real & settled & (value == 0)
    drawn = real & ~settled
    longest = int(value[won].max()) if won.any() else 0
    text = (f"{ending.kings} v 1, {'lone king' if mover == LONE else 'kings'} to move: "
            f"{int(won.sum())} won, {int(drawn.sum())} drawn, {int(lost.sum())} lost, {int(stuck.sum())} with no move; "
            f"longest win {longest} plies, longest loss {int(-value[lost].min()) if lost.any() else 0}")
    if mover == STRONG:
        calm = ending.quiet[LONE] & ending.quiet[STRONG]
        on_diagonal = calm & np.isin(ending.pieces[:, 0], squares_of(LONG_DIAGONAL))
        text += (f"; no capture for either side: {int((calm & won).sum())} won of {int(calm.sum())}, "
                 f"the lone king on 46-5: {int((on_diagonal & won).sum())} won of {int(on_diagonal.sum())}")
    return text


def main() -> None:
    begun = time.perf_counter()
    endings: dict[int, Ending] = {}
    for kings in SETS:
        ending = endings[kings] = Ending(kings)
        seed(ending, endings)
        retrograde(ending)
        for mover in (LONE, STRONG):
            print(report(ending, mover), f"({time.perf_counter() - begun:.0f} s)", flush=True)
    single = endings[1]
    swapped = single.pieces[:, ::-1]
    at = single.index(swapped)
    for mover in (LONE, STRONG):
        real = single.real
        assert (single.value[mover][real] == single.value[1 - mover][at[real]]).all()
        assert (single.settled[mover][real] == single.settled[1 - mover][at[real]]).all()
    check_symmetries(endings[FOLDED_KINGS])
    table = b"".join(encoded(endings[kings], mover) for kings, mover in TABLES)
    check_lone_king_by_probe(endings[FOLDED_KINGS], table)
    packed = zlib.compress(table, 9)
    OUT.write_bytes(packed)
    print(f"{OUT.name}: {len(table)} positions, {len(packed)} bytes, {time.perf_counter() - begun:.0f} s in all")


if __name__ == "__main__":
    main()
