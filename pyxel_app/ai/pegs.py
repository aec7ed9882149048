"""Peg solitaire solver: can this position still end with one marble (in the centre)?

A depth-first search over bitboards with a memo of dead positions: a position from
which every line failed is remembered, so a later search -- the light after the next
jump, or the hint -- skips it at once.  The first winning line found is remembered
along its whole length, so following a hint answers instantly.  The jumps of a
position are found a direction at a time with a few big-integer operations.  Beam
probes beside the search find most winning lines sooner; pagoda functions stored for
the English and French boards prove many positions lost without searching them.

Before searching, the position class (the "rule of three") rules out what no search
could reach.  Colour every cell by ``f(x, y) = a*x + b*y mod 3`` for a linear ``f``
that is never 0 on a jump direction: the three cells of any jump then have three
different colours, so a jump changes every colour's marble count by one (two lose a
marble, one gains), and the parities of the counts all flip together.  Hence the
parity of the sum of any two colours' counts never changes.  A single marble on cell
``p`` has its own pattern; if it differs from the position's, no sequence of jumps ends
there.  On the French board with the centre empty no hole at all matches, which is
why that classic start cannot be solved to one marble (tested in tests/test_pegs_ai.py),
and why the diamond's centre start cannot either.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Generator

from ..rules.pegs import RULES, Board, Jump, PegState, cell_from_name, cell_name, preset_board, PRESETS
from .cooperative import Cooperative, EngineResult, run_generator
# Read with the module, not inside a search's slice: without a cached .pyc its compiling
# alone took a frame's share (6 ms).
from .pegs_pagodas import PAGODAS

# Nodes per slice of each of the two searches (a few milliseconds at most in the browser).
YIELD_EVERY = 256
# The dead memo is 251 parts, picked by ``marbles % 251``: one growing or emptied part is a few
# thousand entries, never a pause of a frame as one set of a million rehashing is.  Each part
# keeps at most DEAD_MEMO / DEAD_SHARDS positions and forgets its older half when full, so a
# long proof (the browser too) stays within about 70 MB.  The parts are dicts of ints to None,
# not sets: the garbage collector never walks a dict that holds only numbers, but walks every
# entry of a set.
DEAD_SHARDS = 251
DEAD_MEMO = 1_000_000
# Memo parts of solvers no longer used: freeing a million positions at once takes 30-50 ms (and,
# left to the garbage collector, 0.2-0.5 s inside some later frame), so each slice frees one.
_RELEASED: list[dict[int, None]] = []
# The beam probes' widths, one after another: positions kept per level.  Most positions of play
# that took the depth-first searches seconds are won, and a beam finds the line in a tenth of that.
BEAM_WIDTHS = (64, 256, 1024)
# A beam probe yields after expanding this many positions (about as long as a slice of nodes).
BEAM_SLICE = 24
# A marble without a neighbour costs a beam position as much as ten steps from the centre.
ISOLATED_COST = 10
# One-marble lines from the starts of boards whose exhaustive proof takes too long to wait for:
# found offline by the solver's beam probes at widths up to 65536 (tools/find_pegs_lines.py),
# checked by replaying them with the rules (tests/test_pegs_ai.py).
KNOWN_LINES = {
    "wiegleb": ("c5-e5 d3-d5 d1-d3 f2-d2 f4-f2 h4-f4 e4-e2 f1-f3 a5-c5 d2-d4 c4-e4 a4-c4 g6-g4 i6-g6 e1-e3 "
                "f6-h6 f8-f6 d8-f8 f9-f7 i4-i6 f4-h4 i6-g6 h4-h6 f6-f4 h6-f6 f3-f5 d6-d8 e6-e8 e9-e7 d9-d7 "
                "b6-d6 c4-c6 d6-b6 f6-f8 d7-f7 f8-f6 f6-f4 a6-c6 f4-d4 d4-d6 c6-e6 e6-e4 e4-e2"),
    "diamond": ("c3-e3 f3-d3 f5-f3 h4-f4 e1-e3 g6-g4 g3-g5 e4-g4 f2-f4 c4-e4 d2-d4 g4-g6 i5-g5 f7-f5 d7-f7 "
                "f8-f6 f5-h5 g7-g5 e6-g6 h5-f5 h6-f6 d5-d7 e9-e7 f5-f7 d8-d6 f7-d7 c6-c4 a5-c5 c4-c6 d7-d5 "
                "e4-c4 b4-d4 d5-d3 d3-f3 f3-f5 f5-d5 b6-d6 d5-d7 c7-e7"),
}
# The browser proof compares CPython's and Pyodide's answers, so the engine's give-up
# point counts nodes rather than milliseconds.
ENGINE_NODE_LIMIT = 20_000


# Pagodas: each gets a lane of PAGODA_LANE bits (totals stay far below 2**14), and the
# bitboard is added up PAGODA_CHUNK bits at a time from tables of 2**PAGODA_CHUNK sums.
PAGODA_LANE = 16
PAGODA_CHUNK = 12
# Table entries summed between two yields while a prover is built (well under a millisecond).
PAGODA_SLICE = 1024
# Provers kept, one per board and set of end holes (a game needs one).
PAGODA_PROVERS = 64


# Position classes.

@lru_cache(maxsize=64)
def colourings(board: Board) -> tuple[tuple[int, int], ...]:
    """The (a, b) of every colouring ``a*x + b*y mod 3`` that is non-zero on each direction
    (up to a factor 2, which gives the same three colour classes)."""
    found = []
    for a in range(3):
        for b in range(3):
            if (a, b) == (0, 0) or ((2 * a) % 3, (2 * b) % 3) in found:
                continue
            if all((a * dx + b * dy) % 3 for dx, dy in board.directions):
                found.append((a, b))
    return tuple(found)


def position_class(board: Board, cells) -> tuple[int, ...]:
    """The parities no jump changes: for each colouring, (n0 + n1, n1 + n2) mod 2."""
    pattern = []
    for a, b in colourings(board):
        counts = [0, 0, 0]
        for x, y in cells:
            counts[(a * x + b * y) % 3] += 1
        pattern += [(counts[0] + counts[1]) % 2, (counts[1] + counts[2]) % 2]
    return tuple(pattern)


def reachable_ends(state: PegState) -> list[tuple[int, int]]:
    """The holes a last marble may end on as far as the position class allows."""
    board = state.board
    start = position_class(board, state.marble_cells())
    return sorted((cell for cell in board.holes if position_class(board, [cell]) == start), key=lambda c: (c[1], c[0]))


# Pagoda functions.

@lru_cache(maxsize=64)
def stored_pagodas(board: Board) -> dict[tuple[int, int], tuple[dict[int, int], ...]]:
    """Per end hole, the board's stored pagodas (ai/pegs_pagodas.py), each as {bit: weight}:
    a position whose total is below the end's weight can never end there, since no jump
    raises the total (p(a) + p(b) >= p(c))."""
    holes = sorted(board.holes, key=lambda cell: (cell[1], cell[0]))
    return {cell_from_name(end): tuple({board.index(cell): weight for cell, weight in zip(holes, weights) if weight}
                                       for weights in pagodas)
            for end, pagodas in PAGODAS.get(board.name, {}).items()}


_PROVERS: dict[tuple[Board, tuple[tuple[int, int], ...]], object] = {}


def pagoda_prover(board: Board, ends: tuple[tuple[int, int], ...]):
    """A test ``lost(marbles)``: true when for every end hole some stored pagoda's total is
    below its end's weight; None when some end has no pagodas.  Built in one go; a search
    builds it a slice at a time with :func:`building_pagoda_prover`."""
    return run_generator(building_pagoda_prover(board, ends))


def building_pagoda_prover(board: Board, ends: tuple[tuple[int, int], ...]):
    """Generator returning :func:`pagoda_prover`'s test, yielding every PAGODA_SLICE table
    entries: the tables take 10-20 ms to fill, more than a frame may give.  Kept once built.

    All the pagodas are added at once, one 16-bit lane each in one big integer: tables
    give the lanes' sums over every PAGODA_CHUNK holes' bits, so a position costs a handful
    of look-ups, not a pass per pagoda.  Each lane starts at 2**15 + p(end) - 1 and has the
    total taken off; its top bit stays set exactly when the total is below p(end)."""
    key = (board, ends)
    if key in _PROVERS:
        return _PROVERS[key]
    stored = stored_pagodas(board)
    if not ends or any(end not in stored for end in ends):
        return None
    packed = [0] * (board.width * board.height)  # per bit: its weight in every lane
    start = 0
    end_lanes = []
    lane = 0
    for end in ends:
        lanes = 0
        for weights in stored[end]:
            for bit, weight in weights.items():
                packed[bit] += weight << PAGODA_LANE * lane
            start += (1 << PAGODA_LANE - 1) + weights[board.index(end)] - 1 << PAGODA_LANE * lane
            lanes |= 1 << PAGODA_LANE * lane + PAGODA_LANE - 1
            lane += 1
        end_lanes.append(lanes)
    tables = []
    for base in range(0, len(packed), PAGODA_CHUNK):
        table = [0] * (1 << PAGODA_CHUNK)
        for value in range(1, len(table)):
            low = value & -value
            bit = base + low.bit_length() - 1
            table[value] = table[value ^ low] + (packed[bit] if bit < len(packed) else 0)
            if value % PAGODA_SLICE == 0:
                yield
        tables.append((base, table))
    chunk = (1 << PAGODA_CHUNK) - 1
    end_lanes = tuple(end_lanes)

    def lost(marbles: int) -> bool:
        left = start
        for base, table in tables:
            left -= table[marbles >> base & chunk]
        for lanes in end_lanes:
            if not left & lanes:
                return False
        return True

    if len(_PROVERS) >= PAGODA_PROVERS:
        del _PROVERS[next(iter(_PROVERS))]
    _PROVERS[key] = lost
    return lost


# Jumps, a direction at a time.

def jump_lines(board: Board) -> tuple[tuple[int, int, int], ...]:
    """Per direction pair ``d`` (a shift in the bitboard): ``(d, triple, lowest)`` where
    ``triple`` is the bits 0, d and 2d and ``lowest`` has the first cell ``a`` of every
    line ``a, a+d, a+2d`` of three holes.  A jump along that line either way flips
    ``triple << a``, so a few big-integer operations find all of a direction's jumps."""
    lines = []
    for dx, dy in board.directions:
        if dy < 0 or (dy == 0 and dx < 0):
            continue  # the other way along the same lines
        lowest = 0
        for x, y in board.holes:
            if (x + dx, y + dy) in board.holes and (x + 2 * dx, y + 2 * dy) in board.holes:
                lowest |= 1 << board.index((x, y))
        shift = dy * board.width + dx
        lines.append((shift, 1 | 1 << shift | 1 << 2 * shift, lowest))
    return tuple(lines)


def next_positions(marbles: int, holes: int, lines) -> list[int]:
    """The marbles after each legal jump from ``marbles`` (``holes``: all the board's bits)."""
    empty = holes & ~marbles
    found = []
    for shift, triple, lowest in lines:
        middle = marbles >> shift
        # Forwards: marbles on a and a+d, a+2d empty; backwards: the mirror of it.
        starts = (marbles & middle & (empty >> 2 * shift) | empty & middle & (marbles >> 2 * shift)) & lowest
        while starts:
            low = starts & -starts
            found.append(marbles ^ low * triple)
            starts ^= low
    return found


# The search.

class PegSolver:
    """Everything learned about one board and goal: dead positions and winning lines.

    ``to_centre`` asks for the last marble in the board's centre, else anywhere.
    ``search(state)`` is a generator (yields every few hundred nodes) returning the
    winning line from ``state`` as a list of jumps, or None when there is none.

    Dead positions are kept as they are, without their mirror images: the images cost
    more time than they saved, and memory.
    """

    def __init__(self, board: Board, to_centre: bool = False, beam_widths: tuple[int, ...] = BEAM_WIDTHS,
                 use_pagodas: bool = True) -> None:
        self.board = board
        self.use_pagodas = use_pagodas
        self.beam_widths = beam_widths
        self.target = board.centre if to_centre else None
        if to_centre and self.target is None:
            raise ValueError("this board has no centre hole")
        self.target_bit = 1 << board.index(self.target) if self.target is not None else 0
        self.holes = sum(1 << board.index(cell) for cell in board.holes)
        self.lines = jump_lines(board)
        self.dead: list[dict[int, None]] = [{} for _ in range(DEAD_SHARDS)]
        self.line: dict[int, Jump | None] = {}  # marbles -> next jump of a winning line (None: won)
        # The positions asked about and proven lost: the light's answers, kept apart from the
        # bounded memo so an answer once given is never forgotten (one per question asked).
        self.unsolvable: set[int] = set()
        self.nodes = 0
        self.learn_known_line()
        width = board.width
        not_left = sum(1 << board.index((x, y)) for y in range(board.height) for x in range(1, width))
        not_right = sum(1 << board.index((x, y)) for y in range(board.height) for x in range(width - 1))

        def isolated(marbles: int) -> int:
            """How many marbles have no marble beside them (left, right, above, below)."""
            return (marbles & ~(marbles << 1 & not_left | marbles >> 1 & not_right
                                | marbles << width | marbles >> width)).bit_count()

        self.isolated = isolated
        # Twice each hole's distance (steps along the rows and columns) from the board's middle.
        distances: dict[int, int] = {}
        for x, y in board.holes:
            doubled = abs(2 * x - board.width + 1) + abs(2 * y - board.height + 1)
            distances[doubled] = distances.get(doubled, 0) | 1 << board.index((x, y))
        self.spread_masks = tuple(distances.items())

    def learn_known_line(self) -> None:
        """Remember the board's stored line (when it ends where this solver's goal wants it), so
        the light and the hint answer at once while the player follows it."""
        if self.board.name not in KNOWN_LINES:
            return
        state = RULES.state_from_text(PRESETS[self.board.name])
        positions = [state.marbles]
        for text in KNOWN_LINES[self.board.name].split():
            state = RULES.apply(state, RULES.move_from_text(state, text))
            positions.append(state.marbles)
        if not self.is_goal(positions[-1]):
            return
        self.line[positions[-1]] = None
        for before, after in zip(positions, positions[1:]):
            self.line[before] = self.jump_between(before, after)

    def known(self, marbles: int) -> bool | None:
        """True/False once the answer for these marbles is known, else None."""
        if marbles in self.line:
            return True
        if marbles in self.dead[marbles % DEAD_SHARDS] or marbles in self.unsolvable:
            return False
        return None

    def __del__(self) -> None:
        # Only parts with positions wait for a slice; past one memo's worth (solvers dropped faster
        # than searches run, as in the tests) the oldest go at once, so the backlog stays bounded.
        # The shared solver lives until the interpreter ends, when the module's names may be gone.
        if _RELEASED is None:
            return
        _RELEASED.extend(part for part in self.dead if part)
        del _RELEASED[:-DEAD_SHARDS]

    def mark_dead(self, marbles: int) -> None:
        shard = self.dead[marbles % DEAD_SHARDS]
        if len(shard) >= DEAD_MEMO // DEAD_SHARDS:
            # Forget the older half, not all: a proof longer than the memo redoes less.
            for old in list(itertools.islice(shard, len(shard) // 2)):
                del shard[old]
        shard[marbles] = None

    def winning_line(self, marbles: int) -> list[Jump] | None:
        if marbles not in self.line:
            return None
        line, index = [], self.board.index
        while self.line[marbles] is not None:
            jump = self.line[marbles]
            line.append(jump)
            marbles ^= 1 << index(jump.start) | 1 << index(jump.over) | 1 << index(jump.dest)
        return line

    def jump_between(self, before: int, after: int) -> Jump:
        """The jump that turns ``before`` into ``after``."""
        board = self.board
        dest = board.cell((after & ~before).bit_length() - 1)
        gone = [board.cell(bit) for bit in range(before.bit_length()) if (before & ~after) >> bit & 1]
        # Of the two marbles that left, the jumping one is two holes from the destination.
        start = next(cell for cell in gone if abs(cell[0] - dest[0]) in (0, 2) and abs(cell[1] - dest[1]) in (0, 2)
                     and (cell[0] - dest[0], cell[1] - dest[1]) != (0, 0))
        return Jump(start, dest)

    def is_goal(self, marbles: int) -> bool:
        if self.target_bit:
            return marbles == self.target_bit
        return marbles & (marbles - 1) == 0 and marbles != 0

    def class_allows(self, state: PegState) -> bool:
        ends = reachable_ends(state)
        return self.target in ends if self.target is not None else bool(ends)

    def beam_cost(self, marbles: int) -> int:
        """How far a position looks from one marble: marbles alone and marbles far out cost."""
        cost = 2 * ISOLATED_COST * self.isolated(marbles)
        for doubled, mask in self.spread_masks:
            cost += doubled * (marbles & mask).bit_count()
        return cost

    def search(self, state: PegState, node_limit: int | None = None) -> Generator[None, None, list[Jump] | None]:
        """Beam probes of growing width take turns with a depth-first search that tries the
        largest bitboard first.  The probes cannot prove a position lost, but find most won
        lines far sooner; the search proves either answer.  (A second depth-first search
        keeping marbles together, run beside it before the probes, made lost positions'
        proofs half as fast again and is no longer needed.)"""
        root = state.marbles
        if self.known(root) is None and not self.is_goal(root) and not self.class_allows(state):
            self.unsolvable.add(root)
        if self.is_goal(root):
            self.line[root] = None
        answer = self.known(root)
        if answer is not None:
            return self.winning_line(root) if answer else None
        pagodas_prove_lost = yield from self.pagodas_for(state)
        probes = self.beam_probes(root)
        searches = [probes, self._depth_first(root, pagodas_prove_lost)]
        first_node = self.nodes
        while True:
            for search in searches:
                if _RELEASED:
                    _RELEASED.pop()
                try:
                    next(search)
                except StopIteration as stop:
                    if search is probes and stop.value is None:
                        searches.remove(probes)  # no line found: only the exhaustive searches can say
                        break
                    if stop.value is None:
                        self.unsolvable.add(root)
                    return stop.value
                yield
                if node_limit is not None and self.nodes - first_node >= node_limit:
                    return None

    def beam_probes(self, root: int) -> Generator[None, None, list[Jump] | None]:
        """Beam searches of the solver's widths: level by level, only the positions of least
        :meth:`beam_cost` go on.  A line found is remembered along its whole length."""
        dead, line, holes, lines, is_goal = self.dead, self.line, self.holes, self.lines, self.is_goal
        beam_cost = self.beam_cost
        for width in self.beam_widths:
            levels: list[dict[int, int]] = []  # per level: position -> the one it came from
            level = [root]
            reached = None
            while level and reached is None:
                parents: dict[int, int] = {}
                by_cost: dict[int, list[int]] = {}
                for expanded, marbles in enumerate(level, 1):
                    for child in next_positions(marbles, holes, lines):
                        if child in parents or child in dead[child % DEAD_SHARDS]:
                            continue
                        parents[child] = marbles
                        if child in line or is_goal(child):
                            reached = child
                            break
                        if child & (child - 1):  # a single marble off the target goes no further
                            by_cost.setdefault(beam_cost(child), []).append(child)
                    if reached is not None:
                        break
                    if expanded % BEAM_SLICE == 0:
                        self.nodes += BEAM_SLICE
                        yield
                levels.append(parents)
                level = []
                for cost in sorted(by_cost):
                    level += by_cost[cost]
                    if len(level) >= width:
                        break
                del level[width:]
            if reached is not None:
                if is_goal(reached):
                    line.setdefault(reached, None)
                child = reached
                for parents in reversed(levels):
                    marbles = parents[child]
                    line[marbles] = self.jump_between(marbles, child)
                    child = marbles
                return self.winning_line(root)
            yield
        return None

    def pagodas_for(self, state: PegState):
        """Generator returning a test that proves positions of ``state``'s class lost by
        pagodas (see :func:`pagoda_prover`), or None when the board has none for some hole
        the last marble may end on."""
        if not self.use_pagodas:
            return None
        ends = reachable_ends(state)
        if self.target is not None:
            ends = [end for end in ends if end == self.target]
        return (yield from building_pagoda_prover(self.board, tuple(ends)))

    def _depth_first(self, root: int, pagodas_prove_lost=None) -> Generator[None, None, list[Jump] | None]:
        """Plain recursive descents from the root of at most YIELD_EVERY nodes each: one that
        runs out is dropped and, after a yield, the next starts again from the root.  What
        the dropped one proved dead stays in the memo and the children of the positions it
        was inside are kept, so the new one is back where it was after a few lookups per
        level; a plain recursion runs twice as fast as a generator keeping its own stack."""
        dead, mark_dead, line, target_bit = self.dead, self.mark_dead, self.line, self.target_bit
        holes, lines, jump_between = self.holes, self.lines, self.jump_between
        # The positions being tried: their children and the index of the child under way.  The
        # index, not the memo, says which children failed: the bounded memo may have forgotten
        # them, and a descent that tried them again after every slice would never end.
        open_children: dict[int, list] = {}
        budget = 0

        def solvable(marbles: int) -> bool:
            nonlocal budget
            tried = open_children.get(marbles)
            if tried is None:
                if pagodas_prove_lost is not None and pagodas_prove_lost(marbles):
                    mark_dead(marbles)
                    return False
                found = next_positions(marbles, holes, lines)
                # Largest first: the English and French starts fall to it at once, and take
                # far longer in the generator's own order or smallest-first.
                found.sort(reverse=True)
                tried = open_children[marbles] = [found, 0]
            else:
                found = tried[0]
            for index in range(tried[1], len(found)):
                child = found[index]
                if child in dead[child % DEAD_SHARDS]:
                    continue
                budget -= 1
                if budget < 0:
                    tried[1] = index
                    raise _OutOfNodes
                if child & (child - 1) == 0:
                    if target_bit and child != target_bit:
                        continue
                    line.setdefault(child, None)
                if child in line:
                    line[marbles] = jump_between(marbles, child)
                    return True
                tried[1] = index
                if solvable(child):
                    line[marbles] = jump_between(marbles, child)
                    return True
            mark_dead(marbles)
            del open_children[marbles]
            return False

        try:
            while True:
                budget = YIELD_EVERY
                try:
                    return self.winning_line(root) if solvable(root) else None
                except _OutOfNodes:
                    pass
                finally:
                    self.nodes += YIELD_EVERY - max(budget, 0)
                yield
        finally:
            solvable = None  # the closure refers to itself: without this only the garbage collector frees it


class _OutOfNodes(Exception):
    """A descent of the search has used its slice of nodes."""


class PegSearch(Cooperative[EngineResult]):
    """One question to a solver, stepped cooperatively: the result's ``move`` is the next jump
    of a winning line (``score`` the marbles it ends with, 1), or, when there is none, the
    first legal jump with ``score`` None.  ``solvable`` says which (None after a node limit)."""

    def __init__(self, solver: PegSolver, state: PegState, node_limit: int | None = None) -> None:
        self.solver = solver
        self.state = state
        self.solvable: bool | None = None
        self.line: list[Jump] | None = None
        self.first_node = solver.nodes
        super().__init__(solver.search(state, node_limit))

    @property
    def nodes(self) -> int:
        """The nodes this question has cost the solver."""
        return self.solver.nodes - self.first_node

    def finish(self, value) -> None:
        self.line = value
        self.solvable = True if value is not None else self.solver.known(self.state.marbles)
        if value:
            self.result = EngineResult(value[0], 1, len(value))
        else:
            moves = RULES.legal_moves(self.state)
            self.result = EngineResult(moves[0] if moves else None, None, 0)


def shared_solver(board: Board) -> PegSolver:
    """The one solver of ``board`` that the game's light and hint and the engines' evaluation and
    review share, so what one of them proves the others know at once (the last board's only)."""
    solver = _SHARED.get(board)
    if solver is None:
        _SHARED.clear()
        solver = _SHARED[board] = PegSolver(board)
    return solver


_SHARED: dict[Board, PegSolver] = {}


def make_engine(state: PegState, level: str = "", rng=None) -> PegSearch:
    return PegSearch(PegSolver(state.board), state, ENGINE_NODE_LIMIT)


def solve_text(position: str, to_centre: bool = False) -> str:
    """The CLI's answer: ``solvable <number of jumps> <jumps>`` or ``unsolvable``."""
    state = RULES.state_from_text(position)
    if to_centre and state.board.centre is None:
        from ..rules.base import NotationError

        raise NotationError("--to-centre: this board has no centre hole")
    search = PegSearch(PegSolver(state.board, to_centre), state)
    search.run_to_end()
    if search.line is None:
        return "unsolvable"
    return f"solvable {len(search.line)} {' '.join(map(str, search.line))}".rstrip()


__all__ = ["KNOWN_LINES", "PRESETS", "PegSearch", "PegSolver", "cell_name", "make_engine", "position_class",
           "preset_board", "reachable_ends", "solve_text"]
