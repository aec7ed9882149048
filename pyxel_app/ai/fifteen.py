"""Optimal 15-puzzle solver: IDA* over additive pattern databases, towards any goal.

Tiles are renamed after the cell they occupy in the goal, so one set of tables serves
every target picture.  An additive pattern database for a set of goal cells counts only
the moves of its own tiles, which makes it independent of where the goal keeps its gap:
the solver only has to split the other 15 cells into patterns whose shapes, up to the
eight symmetries of the square, have a stored table.  Two such splits are kept per gap
cell and the larger sum wins (the "reflected lookup" of Korf and Felner 2002, generalised).

Stored shapes: a 2x3 rectangle (6 tiles) for every split, plus 3-, 4- and 5-tile shapes
that fill what is left.  Tables hold, for every placement of the pattern's tiles, the
number of moves the pattern needs *above* its Manhattan distance, so the search keeps the
Manhattan distance incrementally and adds the larger excess.

>>> solve((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15))
[15]
>>> solve_text("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15")
'2 14 15'
"""

from __future__ import annotations

import itertools
import operator
import random
import zlib

from ..rules.base import NotationError
from . import package_data
from .cooperative import Cooperative, EngineResult, run_generator
from ..rules.fifteen import (CELLS, GAP, SIZE, STANDARD_GOAL, arrangement_from_text,
                             is_solvable)

UNSOLVABLE_MESSAGE = "position cannot reach that goal"
# Nodes expanded between two looks at the clock in cooperative mode (about half a millisecond).
NODES_PER_YIELD = 100
# Output bytes decompressed per slice while tables load cooperatively.
LOAD_CHUNK = 1 << 18
# Table blocks of 256 entries spread out per slice while tables load (about 1 ms).
LOAD_BLOCKS = 128
# Making a new block layout costs about as much as spreading this many blocks.
PICKER_WORK = 16
RECTANGLE = (0, 1, 2, 4, 5, 6)
# Shapes that fill the cells around a centre gap, where two rectangles never fit.
CENTRE_FILLERS = ((0, 1, 2, 3, 4), (6, 7, 11, 15))
EASY, NORMAL, HARD = (10, 20), (25, 35), (45, None)


# ---------------------------------------------------------------------------
# Geometry: the eight symmetries of the square as cell permutations.


def _symmetries() -> list[tuple[int, ...]]:
    result = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                perm = []
                for cell in range(CELLS):
                    row, col = divmod(cell, SIZE)
                    if transpose:
                        row, col = col, row
                    if flip_rows:
                        row = SIZE - 1 - row
                    if flip_cols:
                        col = SIZE - 1 - col
                    perm.append(row * SIZE + col)
                result.append(tuple(perm))
    return result


SYMMETRIES = _symmetries()
NEIGHBOURS = tuple(tuple(q for q in range(CELLS)
                         if abs(q // SIZE - p // SIZE) + abs(q % SIZE - p % SIZE) == 1)
                   for p in range(CELLS))


def _distance(a: int, b: int) -> int:
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def canonical_shape(cells) -> tuple[int, ...]:
    """The smallest sorted image of a set of cells under the symmetries: its table's name."""
    return min(tuple(sorted(sym[c] for c in cells)) for sym in SYMMETRIES)


def _images(shape) -> list[frozenset[int]]:
    return list({frozenset(sym[c] for c in shape) for sym in SYMMETRIES})


def _components(cells) -> int:
    cells, count = set(cells), 0
    while cells:
        count += 1
        todo = [cells.pop()]
        while todo:
            for q in NEIGHBOURS[todo.pop()]:
                if q in cells:
                    cells.remove(q)
                    todo.append(q)
    return count


def _splits_around(gap: int) -> list[list[tuple[int, ...]]]:
    """Splits of the cells other than ``gap`` into stored shapes, best first: two
    rectangles and three cells when they fit, else a rectangle and the centre fillers."""
    everything = frozenset(range(CELLS)) - {gap}
    rects = [r for r in _images(RECTANGLE) if gap not in r]
    found = []
    for i, first in enumerate(rects):
        for second in rects[i + 1:]:
            if not first & second:
                found.append([first, second, everything - first - second])
    if not found:
        fours = _images(CENTRE_FILLERS[1])
        for rect in rects:
            for five in _images(CENTRE_FILLERS[0]):
                rest = everything - rect - five
                if not rect & five and rest in fours:
                    found.append([rect, five, rest])
    # A connected leftover pattern catches more conflicts than scattered cells.
    found.sort(key=lambda split: (_components(split[-1]), sorted(map(sorted, split))))
    return [[tuple(sorted(p)) for p in split] for split in found]


# Gap cells that stand for their class: a corner, an edge cell, a centre cell.
REPRESENTATIVE_GAPS = (15, 14, 5)


def partitions_for_gap(gap: int) -> list[list[tuple[int, ...]]]:
    """Two splits of the 15 goal cells other than ``gap`` into patterns with tables;
    gaps related by a symmetry get mirrored splits."""
    sym = next(s for s in SYMMETRIES if s[gap] in REPRESENTATIVE_GAPS)
    inverse = [0] * CELLS
    for cell, image in enumerate(sym):
        inverse[image] = cell
    splits = _splits_around(sym[gap])
    first = splits[0]
    # Prefer a second split that shares no pattern: their maximum is then worth the lookup.
    second = next((s for s in splits[1:] if not set(s) & set(first)), splits[-1])
    return [[tuple(sorted(inverse[c] for c in pattern)) for pattern in split]
            for split in (first, second)]


def required_shapes() -> list[tuple[int, ...]]:
    """Every table the solver may load, by canonical shape; the build script makes these."""
    shapes = set()
    for gap in range(CELLS):
        for split in partitions_for_gap(gap):
            shapes.update(canonical_shape(p) for p in split)
    return sorted(shapes, key=lambda s: (len(s), s))


def table_file_name(shape) -> str:
    return "fifteen_pdb_" + "_".join(map(str, shape)) + ".zlib"


# ---------------------------------------------------------------------------
# Tables: loaded lazily, shared by every search.

_TABLES: dict[tuple[int, ...], bytearray] = {}


def _suffix_picker(occupied: int, free_count: int):
    """Spreads the stored entries of one 256-entry block (last two tiles) over the block;
    impossible placements read the zero appended after the stored entries."""
    picks, stored = [], 0
    for suffix in range(256):
        first, second = suffix >> 4, suffix & 15
        if first != second and not (occupied >> first) & 1 and not (occupied >> second) & 1:
            picks.append(stored)
            stored += 1
        else:
            picks.append(free_count * (free_count - 1))
    return operator.itemgetter(*picks)


def _load_table_steps(shape):
    """Generator that loads one table a slice at a time into ``_TABLES``.

    Files hold only possible placements, in the order of ``itertools.permutations``;
    the search wants them spread out at their base-16 index."""
    if shape in _TABLES:
        return
    packed = package_data(table_file_name(shape))
    yield
    n = len(shape)
    free_count = CELLS - (n - 2)
    block = free_count * (free_count - 1)
    inflater = zlib.decompressobj()
    stored = inflater.decompress(packed, LOAD_CHUNK)
    # Grown block by block (never one big zeroing or copy) so no slice stalls a frame.
    table = bytearray()
    pickers: dict[int, operator.itemgetter] = {}
    offset = work = 0
    for prefix in itertools.permutations(range(CELLS), n - 2):
        occupied = index = 0
        for cell in prefix:
            occupied |= 1 << cell
            index = (index << 4) | cell
        picker = pickers.get(occupied)
        if picker is None:
            picker = pickers[occupied] = _suffix_picker(occupied, free_count)
            work += PICKER_WORK
        if offset + block > len(stored):
            stored = stored[offset:] + inflater.decompress(inflater.unconsumed_tail, LOAD_CHUNK)
            offset = 0
            work += LOAD_BLOCKS
            if block > len(stored):
                raise RuntimeError(f"table {table_file_name(shape)} is damaged")
        if len(table) < index << 8:
            table += bytes((index << 8) - len(table))
        table += bytes(picker(stored[offset:offset + block] + b"\0"))
        offset += block
        work += 1
        if work >= LOAD_BLOCKS:
            work = 0
            yield
    if offset != len(stored) or inflater.decompress(inflater.unconsumed_tail) or not inflater.eof:
        raise RuntimeError(f"table {table_file_name(shape)} is damaged")
    table += bytes(CELLS ** n - len(table))
    _TABLES[shape] = table


def load_tables(gap: int | None = None) -> None:
    """Load the tables for a goal gap cell (all tables when None) in one go."""
    gaps = range(CELLS) if gap is None else [gap]
    for g in gaps:
        for split in partitions_for_gap(g):
            for pattern in split:
                run_generator(_load_table_steps(canonical_shape(pattern)))


class _Heuristic:
    """Per-gap lookup data: for each split and each tile, its pattern, weight and the
    index change when it slides between two cells."""

    def __init__(self, gap: int):
        self.gap = gap
        self.splits = partitions_for_gap(gap)

    def load_steps(self):
        for split in self.splits:
            for pattern in split:
                yield from _load_table_steps(canonical_shape(pattern))
        self.pattern_of, self.deltas, self.tables, self.weights, self.maps = [], [], [], [], []
        for split in self.splits:
            pattern_of = [0] * CELLS
            delta = [0] * (CELLS * CELLS * CELLS)
            tables, weights, maps = [], [0] * CELLS, [None] * CELLS
            for k, pattern in enumerate(split):
                shape = canonical_shape(pattern)
                sym = next(s for s in SYMMETRIES if tuple(sorted(s[c] for c in pattern)) == shape)
                tables.append(_TABLES[shape])
                n = len(shape)
                for label in pattern:
                    slot = shape.index(sym[label])
                    weight = CELLS ** (n - 1 - slot)
                    pattern_of[label], weights[label], maps[label] = k, weight, sym
                    for a in range(CELLS):
                        for b in NEIGHBOURS[a]:
                            delta[(label << 8) | (a << 4) | b] = (sym[b] - sym[a]) * weight
            self.pattern_of.append(pattern_of)
            self.deltas.append(delta)
            self.tables.append(tables)
            self.weights.append(weights)
            self.maps.append(maps)
        goal = self.gap
        self.manhattan_delta = [0] * (CELLS * CELLS * CELLS)
        for label in range(CELLS):
            if label == goal:
                continue
            for a in range(CELLS):
                for b in NEIGHBOURS[a]:
                    self.manhattan_delta[(label << 8) | (a << 4) | b] = (
                        _distance(b, label) - _distance(a, label))

    def indices(self, board: list[int], blank: int, which: int) -> list[int]:
        split = self.splits[which]
        result = [0] * len(split)
        for cell, label in enumerate(board):
            if cell != blank:
                result[self.pattern_of[which][label]] += (
                    self.maps[which][label][cell] * self.weights[which][label])
        return result


_HEURISTICS: dict[int, _Heuristic] = {}


def _heuristic_steps(gap: int):
    """Generator returning the ready heuristic for a goal gap cell."""
    heuristic = _HEURISTICS.get(gap)
    if heuristic is None:
        heuristic = _Heuristic(gap)
        yield from heuristic.load_steps()
        _HEURISTICS[gap] = heuristic
    return heuristic


# ---------------------------------------------------------------------------
# The search.


def _labels(tiles, goal):
    """Board of goal cells (each tile named by where it belongs), blank cell, goal gap."""
    if not is_solvable(tuple(tiles), tuple(goal)):
        raise NotationError(UNSOLVABLE_MESSAGE)
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    board = [goal_cell[t] for t in tiles]
    return board, list(tiles).index(GAP), goal_cell[GAP]


def _ida_steps(board: list[int], blank: int, heuristic: _Heuristic, stats: dict, at_least: int = 0,
               at_most: int | None = None):
    """Generator: yields every NODES_PER_YIELD expansions, returns the labels moved.

    Children are evaluated (and pruned) when their parent is expanded, with the
    heuristic updated from the parent's: only the moved tile's pattern changes.
    ``at_least`` is a known lower bound on the answer: the bounds below it are skipped;
    past ``at_most`` the search gives up and returns None (a puzzle's "within par?")."""
    goal_gap = heuristic.gap
    md = sum(_distance(cell, label) for cell, label in enumerate(board) if cell != blank)
    idx_a = heuristic.indices(board, blank, 0)
    idx_b = heuristic.indices(board, blank, 1)
    tab_a, tab_b = heuristic.tables
    val_a = [tab_a[k][i] for k, i in enumerate(idx_a)]
    val_b = [tab_b[k][i] for k, i in enumerate(idx_b)]
    ex_a, ex_b = sum(val_a), sum(val_b)
    stats["initial_h"] = md + max(ex_a, ex_b)
    if md == 0:
        return []
    parity = _distance(blank, goal_gap) & 1
    bound = max(md + max(ex_a, ex_b), at_least)
    bound += (bound - parity) & 1
    if at_most is not None and bound > at_most:
        return None
    pat_a, pat_b = heuristic.pattern_of
    del_a, del_b = heuristic.deltas
    mdd = heuristic.manhattan_delta
    neighbours = NEIGHBOURS
    nodes = 0
    countdown = NODES_PER_YIELD
    while True:
        stats["bound"] = bound
        next_bound = 1 << 30
        # Each frame: children still to try, and the state needed to come back.
        path: list[int] = []
        undo: list[tuple] = []
        frames: list[list] = []
        prev = -1
        depth = 0
        found = False
        while True:
            # Expand the current node: evaluate every child, keep those inside the bound.
            nodes += 1
            countdown -= 1
            if countdown == 0:
                countdown = NODES_PER_YIELD
                stats["nodes"] = nodes
                yield
            limit = bound - depth - 1
            children = []
            for b in neighbours[blank]:
                if b == prev:
                    continue
                label = board[b]
                key = (label << 8) | (b << 4) | blank
                md2 = md + mdd[key]
                k = pat_a[label]
                ia = idx_a[k] + del_a[key]
                ea = ex_a - val_a[k] + tab_a[k][ia]
                m = pat_b[label]
                ib = idx_b[m] + del_b[key]
                eb = ex_b - val_b[m] + tab_b[m][ib]
                h = md2 + (ea if ea > eb else eb)
                if h > limit:
                    if h + depth + 1 < next_bound:
                        next_bound = h + depth + 1
                    continue
                if md2 == 0:
                    path.append(label)
                    found = True
                    break
                children.append((h, b, label, md2, k, ia, ea, m, ib, eb))
            if found:
                break
            if len(children) > 1:
                children.sort(reverse=True)
            frames.append(children)
            # Descend into the next child, backtracking through exhausted frames.
            while frames and not frames[-1]:
                frames.pop()
                if not undo:
                    break
                (old_blank, old_prev, old_md, k, oia, ova, oea, m, oib, ovb, oeb) = undo.pop()
                board[blank] = path.pop()
                blank, prev, md = old_blank, old_prev, old_md
                idx_a[k], val_a[k], ex_a = oia, ova, oea
                idx_b[m], val_b[m], ex_b = oib, ovb, oeb
                depth -= 1
            if not frames:
                break
            _, b, label, md2, k, ia, ea, m, ib, eb = frames[-1].pop()
            undo.append((blank, prev, md, k, idx_a[k], val_a[k], ex_a,
                         m, idx_b[m], val_b[m], ex_b))
            path.append(label)
            board[blank] = label
            prev, blank, md = blank, b, md2
            idx_a[k], val_a[k], ex_a = ia, tab_a[k][ia], ea
            idx_b[m], val_b[m], ex_b = ib, tab_b[m][ib], eb
            depth += 1
        stats["nodes"] = nodes
        if found:
            return path
        bound = next_bound + ((next_bound - parity) & 1)
        if at_most is not None and bound > at_most:
            return None


def solution_steps(tiles, goal=STANDARD_GOAL, stats: dict | None = None, at_least: int = 0, at_most: int | None = None):
    """Generator, yielding every NODES_PER_YIELD nodes (a search nested in another cooperative
    one): an optimal list of tiles to move, or None when it is longer than ``at_most``;
    ``stats`` gets the ``nodes`` expanded."""
    return (yield from _search_steps(tuple(tiles), tuple(goal), {} if stats is None else stats, at_least, at_most))


def _search_steps(tiles, goal, stats, at_least=0, at_most=None):
    board, blank, goal_gap = _labels(tiles, goal)
    heuristic = yield from _heuristic_steps(goal_gap)
    labels = yield from _ida_steps(board, blank, heuristic, stats, at_least, at_most)
    return None if labels is None else [goal[label] for label in labels]


class FifteenSearch(Cooperative[EngineResult]):
    """Finds an optimal solution a slice at a time: call ``step(budget_ms)`` every frame
    until it returns an :class:`EngineResult` (the first tile to move, or None when
    already solved; no score; depth = the optimal length), then read ``solution``
    (tiles to move, in order) and ``length``.

    Raises NotationError at construction when the position cannot reach the goal.
    ``bound`` is the length being tried, a lower bound on the answer while it runs.
    ``at_least``, a lower bound known from elsewhere (say a search from a position a few
    moves away), skips the shorter lengths; a wrong one loses optimality, never the answer.
    With ``at_most`` the search gives up past that length: then ``solution`` stays None and
    the result's move is None ("no solution that short").
    """

    def __init__(self, tiles, goal=STANDARD_GOAL, at_least: int = 0, at_most: int | None = None):
        self.tiles, self.goal = tuple(tiles), tuple(goal)
        if not is_solvable(self.tiles, self.goal):
            raise NotationError(UNSOLVABLE_MESSAGE)
        self.solution: list[int] | None = None
        self._stats: dict = {}
        super().__init__(_search_steps(self.tiles, self.goal, self._stats, at_least, at_most))

    def finish(self, value) -> None:
        self.solution = value
        self.result = EngineResult(value[0] if value else None, None, self.bound if value is None else len(value))

    @property
    def length(self) -> int | None:
        return None if self.solution is None else len(self.solution)

    @property
    def nodes(self) -> int:
        return self._stats.get("nodes", 0)

    @property
    def bound(self) -> int:
        return self._stats.get("bound", 0)

    def run(self) -> list[int]:
        """Search to the end in one go (CLI, bench, tests)."""
        self.run_to_end()
        return self.solution


def solve(tiles, goal=STANDARD_GOAL) -> list[int]:
    """An optimal list of tiles to move from ``tiles`` to ``goal``.

    >>> solve((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0))
    []
    """
    return FifteenSearch(tiles, goal).run()


def optimal_length(tiles, goal=STANDARD_GOAL) -> int:
    return len(solve(tiles, goal))


def lower_bound(tiles, goal=STANDARD_GOAL) -> int:
    """The heuristic's admissible estimate: the optimal length is at least this."""
    board, blank, goal_gap = _labels(tiles, goal)
    heuristic = run_generator(_heuristic_steps(goal_gap))
    md = sum(_distance(cell, label) for cell, label in enumerate(board) if cell != blank)
    best = 0
    for which in (0, 1):
        idx = heuristic.indices(board, blank, which)
        best = max(best, sum(t[i] for t, i in zip(heuristic.tables[which], idx)))
    return md + best


def _arrangement(text: str, what: str) -> tuple[int, ...]:
    """The rules' comma notation, or numbers separated by spaces as Korf lists them."""
    if "," not in text:
        text = ",".join(text.split())
    return arrangement_from_text(text, what)


# From this admissible estimate on, Korf's instances take seconds to minutes in pure Python.
SLOW_BOUND = 44


def slow_note(position: str, goal: str | None = None) -> str:
    """What to say before a solve that may take long, or ""; bad input raises NotationError."""
    tiles = _arrangement(position, "position")
    target = STANDARD_GOAL if goal is None else _arrangement(goal, "goal")
    if not is_solvable(tiles, target):
        return ""  # the solve refuses it at once
    bound = lower_bound(tiles, target)
    if bound < SLOW_BOUND:
        return ""
    return f"this position needs at least {bound} moves: the exact solve can take seconds to minutes in pure Python"


def solve_text(position: str, goal: str | None = None) -> str:
    """``"<optimal length> <tiles to move>"``, or ``"0"`` when already solved.

    >>> solve_text("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    '1 15'
    """
    tiles = _arrangement(position, "position")
    target = STANDARD_GOAL if goal is None else _arrangement(goal, "goal")
    moves = solve(tiles, target)
    return " ".join(map(str, [len(moves)] + moves))


# ---------------------------------------------------------------------------
# Positions for the difficulty levels.


def _random_walk(goal, moves: int, rng: random.Random) -> tuple[int, ...]:
    tiles = list(goal)
    blank = tiles.index(GAP)
    prev = -1
    for _ in range(moves):
        b = rng.choice([c for c in NEIGHBOURS[blank] if c != prev])
        tiles[blank], tiles[b] = tiles[b], GAP
        prev, blank = blank, b
    return tuple(tiles)


def random_solvable(goal, rng: random.Random) -> tuple[int, ...]:
    """A uniformly random position that can reach ``goal``."""
    tiles = list(goal)
    rng.shuffle(tiles)
    if not is_solvable(tuple(tiles), tuple(goal)):
        a, b = [c for c in range(CELLS) if tiles[c] != GAP][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    return tuple(tiles)


class PositionMaker(Cooperative[tuple]):
    """Makes a position whose optimal solution length is in ``[lo, hi]``, a slice at a time
    (``step(budget_ms)`` like FifteenSearch, returning the tiles when done), then ``tiles``
    and ``length`` are set.

    With ``hi`` None the position is a uniformly random one whose lower bound already
    reaches ``lo`` (no search needed; ``length`` stays None unless ``exact``); otherwise
    random walks are solved until one lands in range, lengthening the walk when too short.
    When the length is measured, ``solution`` holds the optimal tiles to move as well.
    """

    def __init__(self, goal=STANDARD_GOAL, lo: int = 0, hi: int | None = None,
                 rng: random.Random | None = None, exact: bool = False):
        if hi is not None and hi < lo:
            raise ValueError("hi must not be below lo")
        if hi is None and lo > 60:
            raise ValueError("positions that far from the goal are too rare to find")
        self.goal, self.lo, self.hi, self.exact = tuple(goal), lo, hi, exact
        self.rng = rng or random.Random()
        self.tiles: tuple[int, ...] | None = None
        self.length: int | None = None
        self.solution: list[int] | None = None
        self.lower_bound: int | None = None
        self.tries = 0
        super().__init__(self._make())

    def finish(self, value) -> None:
        self.result = self.tiles

    def run(self) -> tuple[int, ...]:
        return self.run_to_end()

    def _make(self):
        goal, lo, hi, rng = self.goal, self.lo, self.hi, self.rng
        yield from _heuristic_steps(goal.index(GAP))
        if hi is None:
            while True:
                self.tries += 1
                tiles = random_solvable(goal, rng)
                bound = lower_bound(tiles, goal)
                if bound >= lo:
                    break
                yield
            self.tiles, self.lower_bound = tiles, bound
            if self.exact:
                stats: dict = {}
                board, blank, goal_gap = _labels(tiles, goal)
                labels = yield from _ida_steps(board, blank, _HEURISTICS[goal_gap], stats)
                self.length, self.solution = len(labels), [goal[label] for label in labels]
            return
        walk = rng.randint(lo, hi)
        while True:
            self.tries += 1
            tiles = _random_walk(goal, walk, rng)
            stats = {}
            board, blank, goal_gap = _labels(tiles, goal)
            labels = yield from _ida_steps(board, blank, _HEURISTICS[goal_gap], stats)
            length = len(labels)
            if lo <= length <= hi:
                self.tiles, self.length, self.lower_bound = tiles, length, stats["initial_h"]
                self.solution = [goal[label] for label in labels]
                return
            walk += 2 if length < lo else -1
            walk = max(walk, lo)
            yield


def random_position_at_distance(goal=STANDARD_GOAL, lo: int = 0, hi: int | None = None,
                                rng: random.Random | None = None) -> tuple[int, ...]:
    """A position whose optimal solution length is in ``[lo, hi]`` (``hi`` None: at least lo)."""
    return PositionMaker(goal, lo, hi, rng).run()


def make_engine(state, level: str = "", rng: random.Random | None = None) -> FifteenSearch:
    """The optimal solver as the registry's engine: its answer's move is the first tile of a shortest solution."""
    return FifteenSearch(state.tiles, state.goal)
