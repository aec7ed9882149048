"""Peg solitaire solver: can this position still end with one marble (in the centre)?

A depth-first search over bitboards with a memo of dead positions: a position from
which every line failed is remembered, together with its mirror images when the board
(and the goal) has those symmetries, so a later search -- the light after the next
jump, or the hint -- skips it at once.  The first winning line found is remembered
along its whole length, so following a hint answers instantly.

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

from functools import lru_cache
from typing import Generator

from ..rules.pegs import RULES, Board, Jump, PegState, all_jumps, cell_name, preset_board, PRESETS
from .cooperative import Cooperative, EngineResult

YIELD_EVERY = 16
CHUNK = 8
# The browser proof compares CPython's and Pyodide's answers, so the engine's give-up
# point counts nodes rather than milliseconds.
ENGINE_NODE_LIMIT = 20_000


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


# Symmetries.

def _transforms(board: Board):
    """Candidate maps of the grid onto itself (dihedral for squares, the triangle's six)."""
    w, h = board.width - 1, board.height - 1
    if board.triangular:
        # Barycentric (x, y - x, h - y) of the staircase triangle, permuted.
        def make(order):
            def transform(cell):
                bary = (cell[0], cell[1] - cell[0], h - cell[1])
                a, b, _ = (bary[i] for i in order)
                return a, a + b
            return transform
        return [make(order) for order in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 1, 0), (1, 2, 0), (2, 0, 1))]
    maps = [lambda c: c, lambda c: (w - c[0], c[1]), lambda c: (c[0], h - c[1]), lambda c: (w - c[0], h - c[1])]
    if w == h:
        maps += [lambda c: (c[1], c[0]), lambda c: (w - c[1], c[0]), lambda c: (c[1], h - c[0]), lambda c: (w - c[1], h - c[0])]
    return maps


_SYMMETRY_TABLES: dict = {}


def build_symmetry_tables(board: Board, fixed: tuple[int, int] | None):
    """For each symmetry of the holes (fixing ``fixed``, the goal cell) but the identity, a
    table per 8-bit chunk of the marbles giving the chunk's image: a few lookups per image.

    A generator that yields after every chunk (building all of them takes 40-70 ms, too long
    for one frame) and returns the tables; they are kept, so each board pays once.
    """
    key = (board, fixed)
    if key in _SYMMETRY_TABLES:
        return _SYMMETRY_TABLES[key]
    tables = []
    cells = board.width * board.height
    for transform in _transforms(board)[1:]:
        if {transform(cell) for cell in board.holes} != board.holes:
            continue
        if fixed is not None and transform(fixed) != fixed:
            continue
        target = [board.index(transform(board.cell(i))) if board.cell(i) in board.holes else None for i in range(cells)]
        chunks = []
        for low in range(0, cells, CHUNK):
            table = []
            for byte in range(1 << CHUNK):
                image = 0
                for bit in range(CHUNK):
                    if byte >> bit & 1 and low + bit < cells and target[low + bit] is not None:
                        image |= 1 << target[low + bit]
                table.append(image)
            chunks.append(tuple(table))
            yield
        tables.append(tuple(chunks))
    _SYMMETRY_TABLES[key] = tuple(tables)
    return _SYMMETRY_TABLES[key]


def images(marbles: int, tables) -> list[int]:
    found = []
    for chunks in tables:
        image, rest, index = 0, marbles, 0
        while rest:
            image |= chunks[index][rest & 0xFF]
            rest >>= CHUNK
            index += 1
        found.append(image)
    return found


# The search.

class PegSolver:
    """Everything learned about one board and goal: dead positions and winning lines.

    ``to_centre`` asks for the last marble in the board's centre, else anywhere.
    ``search(state)`` is a generator (yields every few dozen nodes) returning the
    winning line from ``state`` as a list of jumps, or None when there is none.
    """

    def __init__(self, board: Board, to_centre: bool = False) -> None:
        self.board = board
        self.target = board.centre if to_centre else None
        if to_centre and self.target is None:
            raise ValueError("this board has no centre hole")
        self.target_bit = 1 << board.index(self.target) if self.target is not None else 0
        self.jumps = all_jumps(board)
        self.tables = _SYMMETRY_TABLES.get((board, self.target))  # built by the first search, in slices
        self.dead: set[int] = set()
        self.line: dict[int, Jump | None] = {}  # marbles -> next jump of a winning line (None: won)
        self.nodes = 0
        width = board.width
        all_cells = (1 << (width * board.height)) - 1
        not_left = sum(1 << board.index((x, y)) for y in range(board.height) for x in range(1, width))
        not_right = sum(1 << board.index((x, y)) for y in range(board.height) for x in range(width - 1))
        self._masks = (width, all_cells, not_left, not_right)

    def known(self, marbles: int) -> bool | None:
        """True/False once the answer for these marbles is known, else None."""
        if marbles in self.line:
            return True
        if marbles in self.dead:
            return False
        return None

    def winning_line(self, marbles: int) -> list[Jump] | None:
        if marbles not in self.line:
            return None
        line, jumps = [], {jump: (s | o | d) for jump, s, o, d in self.jumps}
        while self.line[marbles] is not None:
            jump = self.line[marbles]
            line.append(jump)
            marbles ^= jumps[jump]
        return line

    def is_goal(self, marbles: int) -> bool:
        if self.target_bit:
            return marbles == self.target_bit
        return marbles & (marbles - 1) == 0 and marbles != 0

    def class_allows(self, state: PegState) -> bool:
        ends = reachable_ends(state)
        return self.target in ends if self.target is not None else bool(ends)

    def mark_dead(self, marbles: int) -> None:
        self.dead.add(marbles)
        self.dead.update(images(marbles, self.tables))

    def isolated(self, marbles: int) -> int:
        width, all_cells, not_left, not_right = self._masks
        near = ((marbles << 1) & not_left) | ((marbles >> 1) & not_right) | (marbles << width) | (marbles >> width)
        return bin(marbles & ~near & all_cells).count("1")

    def options(self, marbles: int, ordered: bool):
        """The jumps from ``marbles`` (with their masks); ``ordered`` puts first those that
        leave the fewest marbles without a neighbour."""
        options = [(j, s | o | d) for j, s, o, d in self.jumps if marbles & s and marbles & o and not marbles & d]
        if ordered and len(options) > 1:
            options.sort(key=lambda option: self.isolated(marbles ^ option[1]))
        return options

    def search(self, state: PegState, node_limit: int | None = None) -> Generator[None, None, list[Jump] | None]:
        """Two depth-first searches take turns, one in reading order, one keeping marbles
        together: which finds a line first differs from board to board (the English board
        falls to the first, the French to the second), and both fill the same dead memo."""
        if self.tables is None:
            self.tables = yield from build_symmetry_tables(self.board, self.target)
        root = state.marbles
        if self.known(root) is None and not self.is_goal(root) and not self.class_allows(state):
            self.mark_dead(root)
        if self.is_goal(root):
            self.line[root] = None
        answer = self.known(root)
        if answer is not None:
            return self.winning_line(root) if answer else None
        searches = [self._depth_first(root, False), self._depth_first(root, True)]
        count = 0
        while True:
            for search in searches:
                try:
                    next(search)
                except StopIteration as stop:
                    return stop.value
            count += 2 * YIELD_EVERY
            self.nodes += 2 * YIELD_EVERY
            yield
            if node_limit is not None and count >= node_limit:
                return None

    def _depth_first(self, root: int, ordered: bool) -> Generator[None, None, list[Jump] | None]:
        dead, line, target_bit = self.dead, self.line, self.target_bit
        # Each frame: the marbles, their possible jumps, the index of the next one to try.
        stack = [(root, self.options(root, ordered), [0])]
        count = 0
        while stack:
            marbles, options, position = stack[-1]
            if position[0] == len(options):
                stack.pop()
                self.mark_dead(marbles)
                continue
            jump, mask = options[position[0]]
            position[0] += 1
            child = marbles ^ mask
            count += 1
            if count % YIELD_EVERY == 0:
                yield
            if child in dead:
                continue
            if child in line or (child & (child - 1) == 0 and (not target_bit or child == target_bit)):
                line.setdefault(child, None)
                # The winning line: the jump taken from every frame on the stack.
                for frame_marbles, frame_options, frame_position in reversed(stack):
                    line[frame_marbles] = frame_options[frame_position[0] - 1][0]
                return self.winning_line(root)
            if child & (child - 1) == 0:
                dead.add(child)
                continue
            stack.append((child, self.options(child, ordered), [0]))
        return None


class PegSearch(Cooperative[EngineResult]):
    """One question to a solver, stepped cooperatively: the result's ``move`` is the next jump
    of a winning line (``score`` the marbles it ends with, 1), or, when there is none, the
    first legal jump with ``score`` None.  ``solvable`` says which (None after a node limit)."""

    def __init__(self, solver: PegSolver, state: PegState, node_limit: int | None = None) -> None:
        self.solver = solver
        self.state = state
        self.solvable: bool | None = None
        self.line: list[Jump] | None = None
        super().__init__(solver.search(state, node_limit))

    def finish(self, value) -> None:
        self.line = value
        self.solvable = True if value is not None else self.solver.known(self.state.marbles)
        if value:
            self.result = EngineResult(value[0], 1, len(value))
        else:
            moves = RULES.legal_moves(self.state)
            self.result = EngineResult(moves[0] if moves else None, None, 0)


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


__all__ = ["PRESETS", "PegSearch", "PegSolver", "cell_name", "make_engine", "position_class",
           "preset_board", "reachable_ends", "solve_text"]
