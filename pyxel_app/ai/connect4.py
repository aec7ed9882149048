"""Connect 4 opponents: the school project's "Primitive" AI, look-ahead searches and an exact solver.

The solver follows Pascal Pons' "Solving Connect 4" tutorial: bitboards, negamax
with alpha-beta, null-window probes that narrow [min, max] on the score, a
fixed-size transposition table of upper and lower bounds, centre-first move
ordering by threats created, and only "non-losing" moves (never play below an
opponent's winning cell).  Beyond the tutorial, a lower bound remembers the move
that proved it, which is tried first next time, and a node hands each child the
threats it computed while ordering, so no threat map is computed twice.

Score convention (Pons'): 0 is a draw; a win for the side to move scores
22 - the number of stones the winner has played when the four is made (winning
with the 21st and last stone scores 1); a loss is the negative of that.

Every search is a generator, driven by :class:`Connect4Search`, that looks at the
clock every few dozen nodes and yields once its ``deadline`` has passed, so the UI
can advance it a few milliseconds a frame without threads (Pyodide has none).

>>> solve_text("2252576253462244111563365343671351441")
'-1 6'
"""

from __future__ import annotations

import math
import random
import time

from ..rules.base import NotationError
from ..rules.connect4 import (
    BOARD_MASK,
    BOTTOM_MASK,
    CELLS,
    COLUMN_BITS,
    COLUMN_MASKS,
    HEIGHT,
    LINE_MASKS,
    RULES,
    WIDTH,
    Connect4,
    has_four,
)
from . import levels
from .cooperative import LevelSearch, run_generator as _run
from .memo import SlotTable

COLUMN_ORDER = (3, 2, 4, 1, 5, 0, 6)
ORDERED_COLUMN_MASKS = tuple((x, COLUMN_MASKS[x]) for x in COLUMN_ORDER)
ORDERED_RANKED_COLUMNS = tuple((rank, x, COLUMN_MASKS[x]) for rank, x in enumerate(COLUMN_ORDER))
MIN_SCORE = -(CELLS // 2) + 3
MAX_SCORE = (CELLS + 1) // 2 - 3
# Transposition table slots: a prime, so that keys spread evenly.
TABLE_SIZE = 524_309
# Searches look at the clock every CHECK_EVERY nodes (a power of two).
CHECK_EVERY = 64
CHECK_MASK = CHECK_EVERY - 1
# A look-ahead node costs several solver nodes (ordering, evaluation): look more often.
LOOKAHEAD_CHECK_MASK = 7
# Heuristic searches score a proven win as WIN_BASE plus the exact solver score.
WIN_BASE = 10_000
INFINITY = 1_000_000
DEFAULT_BUDGET_MS = 2000.0
# Share of the top level's budget (at most LOOKAHEAD_CAP_MS) the look-ahead may use
# before the solver starts.
LOOKAHEAD_SHARE = 0.3
LOOKAHEAD_CAP_MS = 600.0
LOOKAHEAD_MAX_DEPTH = 12
# How many times longer the next look-ahead depth is expected to take.
GROWTH = 3.0

LEVELS = levels.CONNECT4.play  # weakest first; their labels are the game's strings, games/connect4.py
LOOKAHEAD_DEPTHS = {"easy": 2, "medium": 4, "hard": 8}

# Rows counted from 1 at the bottom: the first player profits from threats on odd rows.
ODD_ROWS = sum(1 << (x * COLUMN_BITS + y) for x in range(WIDTH) for y in range(0, HEIGHT, 2))
EVEN_ROWS = BOARD_MASK ^ ODD_ROWS


def _cell_weights() -> list[tuple[int, int]]:
    """Cells grouped by how many fours pass through them (3 in a corner, 13 in the middle)."""
    groups: dict[int, int] = {}
    for x in range(WIDTH):
        for y in range(HEIGHT):
            bit = 1 << (x * COLUMN_BITS + y)
            count = sum(1 for line in LINE_MASKS if line & bit)
            groups[count] = groups.get(count, 0) | bit
    return sorted(groups.items())


CELL_WEIGHT_GROUPS = tuple(_cell_weights())


def winning_cells(stones: int, mask: int) -> int:
    """Empty cells (reachable or not) where one more of these stones would make four."""
    # vertical: three stones below
    r = (stones << 1) & (stones << 2) & (stones << 3)
    for shift in (COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1):
        p = (stones << shift) & (stones << 2 * shift)
        r |= p & (stones << 3 * shift)
        r |= p & (stones >> shift)
        p = (stones >> shift) & (stones >> 2 * shift)
        r |= p & (stones << shift)
        r |= p & (stones >> 3 * shift)
    return r & (BOARD_MASK ^ mask)


def position_of(state: Connect4) -> tuple[int, int, int]:
    """(stones of the side to move, all stones, moves played) — the solver's view."""
    moves = len(state.sequence)
    current = state.second if moves & 1 else state.first
    return current, state.first | state.second, moves


def _column_of(stone: int) -> int:
    return (stone.bit_length() - 1) // COLUMN_BITS


def primitive_move(state: Connect4, rng: random.Random | None = None) -> int:
    """Win now if possible; else block the opponent's immediate win; else a random
    column that does not let the opponent win on top of it; else any random column."""
    rng = rng or random.Random()
    current, mask, _ = position_of(state)
    opponent = current ^ mask
    valid = RULES.legal_moves(state)
    if not valid:
        raise ValueError("the game is already over")
    stones = {x: (mask + (1 << x * COLUMN_BITS)) & COLUMN_MASKS[x] & ~mask for x in valid}
    for own_turn in (True, False):
        who = current if own_turn else opponent
        for x in rng.sample(valid, len(valid)):
            if has_four(who | stones[x]):
                return x
    for x in rng.sample(valid, len(valid)):
        above = stones[x] << 1
        if not above & COLUMN_MASKS[x]:
            return x
        if not has_four(opponent | above):
            return x
    return rng.choice(valid)


def new_table(size: int = TABLE_SIZE, build_now: bool = True) -> SlotTable:
    """A table for the solver: the key ``current + mask`` (unique, as in Pons' tutorial) in
    ``size`` slots by the key modulo the size (a prime), and a code of its bounds (int arrays: the
    garbage collector never walks them).  A code below 64 is an upper bound ``code - 32``;
    from 64 up it is a lower bound ``(code & 63) - 32`` proven by the column ``(code >> 6) - 1``.
    ``build_now=False``: the first search builds its slots a chunk per pause."""
    return SlotTable(size, mixed=False, typecodes=("q", "h"), build_now=build_now)


class Solver:
    """Pons-style exact solver; ``table`` may be shared between solvers of one game.

    ``deadline`` (a ``time.perf_counter()`` value) makes the search generator yield
    as soon as the clock passes it; it is checked every ``CHECK_EVERY`` nodes.
    """

    def __init__(self, table: SlotTable | None = None):
        self.table = new_table() if table is None else table
        self.nodes = 0
        self.deadline = math.inf
        # A pause at this many nodes too: a review's exact try ends at the same node on any machine.
        self.node_limit = math.inf

    def solve(self, state: Connect4) -> tuple[int, int]:
        """(score, best column) of a game still in play, computed to the end."""
        return _run(self.search(*position_of(state)))

    def search(self, current: int, mask: int, moves: int, low: int | None = None, high: int | None = None):
        """Generator: yields when past the deadline, returns (score, best column).  With
        ``low`` and ``high`` the probes stay between them and a score outside is only a bound:
        ``low`` itself says "at most low", a score from ``high`` up "at least that" (a puzzle
        asks "a win with its Nth stone?" with the window (target - 1, target))."""
        possible = (mask + BOTTOM_MASK) & BOARD_MASK
        wins = winning_cells(current, mask) & possible
        if wins:
            return (CELLS + 1 - moves) // 2, _first_in_order(wins)
        opponent_wins = winning_cells(current ^ mask, mask)
        forced = possible & opponent_wins
        if forced & (forced - 1):
            return -((CELLS - moves) // 2), _first_in_order(forced)
        candidates = forced or possible
        non_losing = candidates & ~(opponent_wins >> 1)
        if not non_losing:
            return -((CELLS - moves) // 2), _first_in_order(candidates)
        if moves >= CELLS - 2:
            return 0, _first_in_order(non_losing)
        for _ in self.table.build():
            if time.perf_counter() >= self.deadline:
                yield
        negamax, release = self._negamax_function()
        try:
            children = [(stone, x, _threats(current | stone)) for stone, x in _ordered_moves(current, mask, non_losing)]
            opponent = current ^ mask
            low = -((CELLS - moves) // 2) if low is None else low
            high = (CELLS + 1 - moves) // 2 if high is None else high
            best = children[0][1]
            while low < high:
                # Null-window probes narrow [low, high]; probing near 0 first pays off.
                middle = low + (high - low) // 2
                if middle <= 0 and int(low / 2) < middle:
                    middle = int(low / 2)
                elif middle >= 0 and int(high / 2) > middle:
                    middle = int(high / 2)
                for index, (stone, x, threats) in enumerate(children):
                    score = -(yield from negamax(opponent, mask | stone, moves + 1, -middle - 1, -middle, threats))
                    if score > middle:
                        low, best = score, x
                        # The proven move goes first in the next probes.
                        children.insert(0, children.pop(index))
                        break
                else:
                    high = middle
            return low, best
        finally:
            # The closure refers to itself: left whole, it would keep this solver and its
            # table until the garbage collector's next full pass.
            release()

    def _negamax_function(self):
        """(the recursive search as a closure: its tables are fast local cells, and a
        function that unties the closure from itself once the search is over)."""
        solver = self
        # The table's slot of a key is ``key % size`` (a plain table), worked out here inline.
        keys, codes, size = self.table.keys, self.table.values, self.table.size
        clock = time.perf_counter
        column_masks = ORDERED_RANKED_COLUMNS
        threats_of = _threats

        def negamax(current, mask, moves, alpha, beta, threats):
            """Score of a position where the side to move cannot win at once;
            ``threats`` are the cells where the opponent (who just moved) would make four."""
            solver.nodes += 1
            if not solver.nodes & CHECK_MASK and (clock() >= solver.deadline or solver.nodes >= solver.node_limit):
                yield
            empty = BOARD_MASK ^ mask
            opponent_wins = threats & empty
            possible = (mask + BOTTOM_MASK) & BOARD_MASK
            forced = possible & opponent_wins
            if forced:
                if forced & (forced - 1):
                    return -((CELLS - moves) // 2)
                possible = forced
            # Never play right below a cell where the opponent would make four.
            possible &= ~(opponent_wins >> 1)
            if not possible:
                return -((CELLS - moves) // 2)
            if moves >= CELLS - 2:
                return 0
            low = -((CELLS - 2 - moves) // 2)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            high = (CELLS - 1 - moves) // 2
            key = current + mask
            slot = key % size
            first = 0
            if keys[slot] == key:
                code = codes[slot]
                if code >= 64:
                    value = (code & 63) - 32
                    if alpha < value:
                        alpha = value
                        if alpha >= beta:
                            return alpha
                    first_x = (code >> 6) - 1
                    first = possible & COLUMN_MASKS[first_x]
                elif code - 32 < high:
                    high = code - 32
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
            opponent = current ^ mask
            moves += 1
            if first:
                # The move that proved the lower bound before: it often cuts again,
                # and then the other moves need no ordering at all.
                score = -(yield from negamax(opponent, mask | first, moves, -beta, -alpha, threats_of(current | first)))
                if score >= beta:
                    codes[slot] = ((first_x + 1) << 6) | (score + 32)
                    keys[slot] = key
                    return score
                if score > alpha:
                    alpha = score
                possible ^= first
            # Enhanced transposition cutoff: before ordering the other moves, look for one
            # whose position is already known to be bad enough for the opponent.
            rest = possible
            while rest:
                stone = rest & -rest
                rest ^= stone
                child = opponent + (mask | stone)
                code = codes[child % size]
                if code < 64 and 32 - code >= beta and keys[child % size] == child:
                    return 32 - code
            ordered = []
            for rank, x, column in column_masks:
                stone = possible & column
                if stone:
                    # _threats(current | stone), written out: this is the hottest loop.
                    own = current | stone
                    t = (own << 1) & (own << 2) & (own << 3)
                    p = (own << 7) & (own << 14)
                    t |= p & ((own << 21) | (own >> 7))
                    p = (own >> 7) & (own >> 14)
                    t |= p & ((own << 7) | (own >> 21))
                    p = (own << 6) & (own << 12)
                    t |= p & ((own << 18) | (own >> 6))
                    p = (own >> 6) & (own >> 12)
                    t |= p & ((own << 6) | (own >> 18))
                    p = (own << 8) & (own << 16)
                    t |= p & ((own << 24) | (own >> 8))
                    p = (own >> 8) & (own >> 16)
                    t |= p & ((own << 8) | (own >> 24))
                    # Most new threats first, the centre first among equals.
                    ordered.append((rank - ((t & (empty ^ stone)).bit_count() << 3), stone, t, x))
            if len(ordered) > 1:
                ordered.sort()
            for _, stone, t, x in ordered:
                score = -(yield from negamax(opponent, mask | stone, moves, -beta, -alpha, t))
                if score >= beta:
                    codes[slot] = ((x + 1) << 6) | (score + 32)
                    keys[slot] = key
                    return score
                if score > alpha:
                    alpha = score
            codes[slot] = alpha + 32
            keys[slot] = key
            return alpha

        def release():
            nonlocal negamax
            negamax = None

        return negamax, release


def _threats(stones: int) -> int:
    """Cells (not masked to the board) where one more stone of ``stones`` makes four."""
    r = (stones << 1) & (stones << 2) & (stones << 3)
    p = (stones << 7) & (stones << 14)
    r |= p & ((stones << 21) | (stones >> 7))
    p = (stones >> 7) & (stones >> 14)
    r |= p & ((stones << 7) | (stones >> 21))
    p = (stones << 6) & (stones << 12)
    r |= p & ((stones << 18) | (stones >> 6))
    p = (stones >> 6) & (stones >> 12)
    r |= p & ((stones << 6) | (stones >> 18))
    p = (stones << 8) & (stones << 16)
    r |= p & ((stones << 24) | (stones >> 8))
    p = (stones >> 8) & (stones >> 16)
    r |= p & ((stones << 8) | (stones >> 24))
    return r


def _ordered_moves(current, mask, candidates):
    """(stone, column) pairs: most new threats first, centre first among equals."""
    empty = BOARD_MASK ^ mask
    ordered = []
    for x, column in ORDERED_COLUMN_MASKS:
        stone = candidates & column
        if stone:
            ordered.append((-(_threats(current | stone) & empty & ~stone).bit_count(), x, stone))
    ordered.sort()
    return [(stone, x) for _, x, stone in ordered]


def _first_in_order(stones: int) -> int:
    for x, column in ORDERED_COLUMN_MASKS:
        if stones & column:
            return x
    raise ValueError("no stone given")


def evaluate(current: int, mask: int, moves: int) -> int:
    """Heuristic worth of a quiet position for the side to move (well below WIN_BASE)."""
    opponent = current ^ mask
    own_threats = winning_cells(current, mask)
    their_threats = winning_cells(opponent, mask)
    if moves & 1:
        own_good, their_good = EVEN_ROWS, ODD_ROWS
    else:
        own_good, their_good = ODD_ROWS, EVEN_ROWS
    score = 12 * (own_threats.bit_count() - their_threats.bit_count())
    score += 8 * ((own_threats & own_good).bit_count() - (their_threats & their_good).bit_count())
    for weight, cells in CELL_WEIGHT_GROUPS:
        score += weight * ((current & cells).bit_count() - (opponent & cells).bit_count())
    return score


class Lookahead:
    """Alpha-beta to a fixed depth; wins and losses are exact, the rest is heuristic."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()
        self.nodes = 0
        self.deadline = math.inf
        self.node_limit = math.inf  # as the solver's

    def search(self, current: int, mask: int, moves: int, depth: int, ties_at_random: bool = True):
        """Generator returning (value, best column) at ``depth`` plies."""
        possible = (mask + BOTTOM_MASK) & BOARD_MASK
        ordered = _ordered_moves(current, mask, possible)
        best_value = -INFINITY
        best_moves: list[int] = []
        for stone, x in ordered:
            if has_four(current | stone):
                value = WIN_BASE + (CELLS + 1 - moves) // 2
            else:
                # A window one below the best so far finds every move that ties with it.
                alpha = best_value - 1 if ties_at_random else best_value
                value = -(yield from self._alphabeta(
                    current ^ mask, mask | stone, moves + 1, depth - 1, -INFINITY, -alpha))
            if value > best_value:
                best_value, best_moves = value, [x]
            elif value == best_value:
                best_moves.append(x)
        move = self.rng.choice(best_moves) if ties_at_random else best_moves[0]
        return best_value, move

    def value(self, current: int, mask: int, moves: int, depth: int):
        """Generator returning the value of a position (its side to move has not lost yet) at
        ``depth`` plies, as :meth:`search` scores a move: how the review scores the move played."""
        return (yield from self._alphabeta(current, mask, moves, depth, -INFINITY, INFINITY))

    def _alphabeta(self, current, mask, moves, depth, alpha, beta):
        self.nodes += 1
        if not self.nodes & LOOKAHEAD_CHECK_MASK and (time.perf_counter() >= self.deadline
                                                      or self.nodes >= self.node_limit):
            yield
        possible = (mask + BOTTOM_MASK) & BOARD_MASK
        if winning_cells(current, mask) & possible:
            return WIN_BASE + (CELLS + 1 - moves) // 2
        if moves >= CELLS - 1:
            return 0
        opponent = current ^ mask
        opponent_wins = winning_cells(opponent, mask)
        forced = possible & opponent_wins
        if forced:
            if forced & (forced - 1):
                return -WIN_BASE - (CELLS - moves) // 2
            possible = forced
        possible &= ~(opponent_wins >> 1)
        if not possible:
            return -WIN_BASE - (CELLS - moves) // 2
        if depth <= 0:
            return evaluate(current, mask, moves)
        best = -INFINITY
        for stone, _ in _ordered_moves(current, mask, possible):
            value = -(yield from self._alphabeta(opponent, mask | stone, moves + 1, depth - 1, -beta, -alpha))
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


_shared_table: SlotTable | None = None


def shared_table() -> SlotTable:
    """One table for every search of the app: bounds stay true from move to move."""
    global _shared_table
    if _shared_table is None:
        _shared_table = new_table(build_now=False)
    return _shared_table


class Connect4Search(LevelSearch):
    """Finds a move for ``level`` a slice at a time: call ``step(budget_ms)`` every frame
    until it returns an :class:`EngineResult`, then read ``best_move`` (a column 0-6).

    ``score`` is the exact solver score when ``exact`` is True (a look-ahead that proves
    a win or a loss is exact too), else None.  ``depth_done`` is the deepest look-ahead
    finished (plies), or the number of empty cells once the solver has finished.
    ``budget_ms`` caps the cumulative time spent in ``step`` calls.
    """

    def __init__(self, state: Connect4, level: str = "perfect", budget_ms: float | None = None,
                 rng: random.Random | None = None, table: SlotTable | None = None):
        self.table = shared_table() if table is None else table
        super().__init__(state, level, LEVELS, RULES, rng, DEFAULT_BUDGET_MS if budget_ms is None else budget_ms)

    def _plan(self):
        current, mask, moves = position_of(self.state)
        if self.level == "primitive":
            self.best_move = primitive_move(self.state, self.rng)
            return
        self.best_move = _first_in_order((mask + BOTTOM_MASK) & BOARD_MASK)
        if self.level in LOOKAHEAD_DEPTHS:
            yield from self._lookahead(current, mask, moves, LOOKAHEAD_DEPTHS[self.level], 1.0)
            return
        share = min(LOOKAHEAD_SHARE, LOOKAHEAD_CAP_MS / max(self.budget_ms, 1.0))
        yield from self._lookahead(current, mask, moves, LOOKAHEAD_MAX_DEPTH, share)
        if self.exact:
            return
        solver = self.nest(Solver(self.table))
        score, move = yield from solver.search(current, mask, moves)
        self.best_move, self.score, self.exact = move, score, True
        self.depth_done = CELLS - moves

    def _lookahead(self, current, mask, moves, max_depth, share):
        """Iterative deepening; each finished depth replaces the move.  Stops at a proof,
        at ``max_depth``, at the end of the board, or past ``share`` of the budget."""
        lookahead = self.nest(Lookahead(self.rng))
        for depth in range(1, min(max_depth, CELLS - moves) + 1):
            started = self.elapsed_now_ms()
            value, move = yield from lookahead.search(current, mask, moves, depth)
            self.best_move, self.depth_done = move, depth
            if self.found_win(value, WIN_BASE):
                return
            if not self.next_depth_fits(started, GROWTH, share):
                return
            yield


# Below this many stones the solver has no opening book to lean on (see the bench sets).
SLOW_STONES = 12


def slow_note(seq: str) -> str:
    """What to say before a solve that may take long, or ""."""
    if len(seq.strip()) >= SLOW_STONES:
        return ""
    return f"with fewer than {SLOW_STONES} stones played the exact solve can take minutes to hours in pure Python"


def solve_text(seq: str) -> str:
    """``"<score> <best column 1-7>"`` for a move sequence, solved exactly.

    >>> solve_text("22334")
    '-18 5'
    """
    state = RULES.state_from_text(seq)
    if RULES.outcome(state) is not None:
        raise NotationError("game is already over")
    score, move = Solver().solve(state)
    return f"{score} {move + 1}"


def solve(state: Connect4, table: SlotTable | None = None) -> tuple[int, int]:
    """(exact score, best column 0-6) of a game still in play."""
    return Solver(table).solve(state)


HINT_BUDGET_MS = 500.0


def make_engine(state: Connect4, level: str, rng=None) -> "Connect4Search":
    """The match layer's engine: a level's player, or for ``"hint"`` the perfect one on a short budget."""
    if level == levels.CONNECT4.hint:
        return Connect4Search(state, "perfect", budget_ms=HINT_BUDGET_MS, rng=rng)
    return Connect4Search(state, level, rng=rng)


def hint_move(state: Connect4, budget_ms: float = HINT_BUDGET_MS) -> int:
    """A good column for the player to move: exact when the solver finishes in time."""
    return Connect4Search(state, "perfect", budget_ms=budget_ms).run()
