"""Build the 15-puzzle pattern databases into pyxel_app/ai/data/.

    python tools/build_fifteen_tables.py          # every table the solver needs
    python tools/build_fifteen_tables.py --only 0,1,2,4,5,6

Each table covers one pattern: a set of goal cells whose tiles are tracked, all other
tiles being alike.  A breadth-first search from the goal counts only the pattern's own
moves (the gap wanders freely through the other cells), so tables of disjoint patterns
add up to an admissible estimate.  The abstract state is the pattern's placement plus the
region of free cells the gap is in, named by that region's lowest cell.

The table is indexed by sum(cell of tile j * 16**(n-1-j)), tiles in the order of the
sorted shape, so a slide changes the index by a constant the solver precomputes.  Each
entry holds the moves above the pattern's Manhattan distance (0 for impossible
placements).  Files keep only the possible placements, in the order of
itertools.permutations, zlib-compressed; the solver spreads them out when it loads them.
The whole build takes two to five minutes and 300 MB, nearly all of it the 6-tile rectangle.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import zlib
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyxel_app.ai.fifteen import NEIGHBOURS, required_shapes, table_file_name  # noqa: E402

DATA_DIR = ROOT / "pyxel_app" / "ai" / "data"
NOT_FIRST_COLUMN = 0xEEEE
NOT_LAST_COLUMN = 0x7777
ADJACENT = [sum(1 << q for q in NEIGHBOURS[p]) for p in range(16)]


def _region(start_bits: int, free: int) -> int:
    region = start_bits
    while True:
        grown = region | ((((region << 1) & NOT_FIRST_COLUMN) | ((region >> 1) & NOT_LAST_COLUMN)
                           | (region << 4) | (region >> 4)) & free)
        if grown == region:
            return region
        region = grown


def _half_tables(k: int, goals):
    """For every k-digit base-16 number: its digits, the cells they occupy, their Manhattan
    distance to ``goals``."""
    digits, occupied, manhattan = [], [], []
    for value in range(16 ** k):
        cells = tuple((value >> (4 * (k - 1 - i))) & 15 for i in range(k))
        digits.append(cells)
        occupied.append(sum(1 << c for c in cells))
        manhattan.append(sum(abs(c // 4 - g // 4) + abs(c % 4 - g % 4)
                             for c, g in zip(cells, goals)))
    return digits, occupied, manhattan


def build_table(shape, log=print) -> bytearray:
    n = len(shape)
    weights = [16 ** (n - 1 - j) for j in range(n)]
    high_len = n // 2
    low_len = n - high_len
    high_digits, high_occupied, high_md = _half_tables(high_len, shape[:high_len])
    low_digits, low_occupied, low_md = _half_tables(low_len, shape[high_len:])
    low_size = 16 ** low_len
    excess = bytearray(16 ** n)
    reached = bytearray(16 ** n)
    seen_regions = array("H", bytes(2 * 16 ** n))

    goal_index = sum(c * w for c, w in zip(shape, weights))
    free = 0xFFFF & ~sum(1 << c for c in shape)
    frontier = array("Q")
    rest = free
    while rest:
        region = _region(rest & -rest, free)
        frontier.append((goal_index << 4) | ((rest & -rest).bit_length() - 1))
        rest &= ~region
    depth = 0
    while frontier:
        following = array("Q")
        push = following.append
        for entry in frontier:
            index = entry >> 4
            high, low = divmod(index, low_size)
            free = 0xFFFF & ~(high_occupied[high] | low_occupied[low])
            region = _region(1 << (entry & 15), free)
            lowest = region & -region
            seen = seen_regions[index]
            if seen & lowest:
                continue
            seen_regions[index] = seen | lowest
            if not reached[index]:
                reached[index] = 1
                excess[index] = depth - high_md[high] - low_md[low]
            cells = high_digits[high] + low_digits[low]
            for j in range(n):
                p = cells[j]
                if ADJACENT[p] & region:
                    base = index - p * weights[j]
                    w = weights[j]
                    for q in NEIGHBOURS[p]:
                        if (region >> q) & 1:
                            push(((base + q * w) << 4) | p)
        frontier = following
        depth += 1
        log(f"  depth {depth}: {len(frontier)} to expand")
    return excess


def possible_entries(table: bytearray, n: int) -> bytes:
    """The entries of placements with n distinct cells, in permutation order."""
    result = bytearray()
    for cells in itertools.permutations(range(16), n):
        index = 0
        for cell in cells:
            index = (index << 4) | cell
        result.append(table[index])
    return bytes(result)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="one shape, comma-separated cells")
    args = parser.parse_args(argv)
    shapes = [tuple(int(c) for c in args.only.split(","))] if args.only else required_shapes()
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    for shape in shapes:
        started = time.perf_counter()
        print(f"pattern {shape}", flush=True)
        table = build_table(shape, log=lambda text: print(text, flush=True))
        packed = zlib.compress(possible_entries(table, len(shape)), 9)
        path = DATA_DIR / table_file_name(shape)
        path.write_bytes(packed)
        print(f"  wrote {path.name}: {len(packed)} bytes in {time.perf_counter() - started:.1f} s",
              flush=True)


if __name__ == "__main__":
    main()
