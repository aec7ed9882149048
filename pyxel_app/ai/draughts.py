"""Draughts opponents: a random mover, and alpha-beta searches of growing depth and time.

The search works on the rules' bitboards (``own``, ``opp``, ``kings``, the side to move),
not on states: negamax with principal variation search, iterative deepening, a
transposition table with each position's best move tried first, killers and the history
heuristic for the other steps, late steps looked at a ply shallower first, a null-window
node cut off when a search two fifths as deep clears its bar by a margin (Scan's forward
pruning, which draughts engines use in place of a null move), a repeated position or the
25th king move each scored as the draw it is, and the endings of a lone king against kings
read exact from their tables (International: ``ai/draughts_endgames.py``).  Past the last
ply a plain function (no generator: these trees are small, and most positions searched are
there) goes on where a score would mislead: a position where a capture is compulsory is
never scored (captures are searched on, since in draughts nobody may decline one), nor one
where the other side threatens to take (one more move is searched).  The evaluation, for
the side to move: material (a king is worth three men), how far the men have come, the
centre, a guarded back row while the other side has no king, men standing together,
mobility, the balance between the wings, men that nothing can stop from crowning, kings on
the long diagonal, a lead in material counting more as the board empties, and against a
lone king four pieces counting as the win they nearly always are and three as the draw
they nearly always are; in International, learned patterns of men on 18 overlapping
windows of six squares add what a deeper search would see (fitted offline to depth-5
scores of self-play positions, then corrected by depth-7 scores of positions from real
games, ``tools/build_draughts_patterns.py``).

Every search is a generator behind :class:`DraughtsSearch` (``ai/cooperative.py``): it looks
at the clock at every node above the last ply and yields once the frame's ``deadline`` has passed.

>>> from pyxel_app.rules.draughts import RULES
>>> state = RULES.state_from_text("W:W28,35:B23,13,30", "warcaby")
>>> RULES.move_to_text(DraughtsSearch(state, "hard", rng=random.Random(1)).run_to_end().move)
'28x19x8'
"""

from __future__ import annotations

import math
import random
import sys
import time
import zlib
from array import array

from ..rules.draughts import (
    BIT_OF,
    FAR_ROW,
    FULL,
    INTERNATIONAL,
    KING_MOVES_DRAW,
    RULES,
    SIZE,
    SQUARES,
    Draughts,
    bits_of,
    can_capture,
    capture_keys,
    capture_routes,
    capturing_men,
    jumpers,
    man_step_count,
    merged,
    play,
    square_bit,
    square_xy,
    step_pairs,
    xy_square,
)
from . import levels, package_data
from .cooperative import LevelSearch
from .draughts_endgames import load_in_steps, probe
from .memo import SlotTable

LEVELS, HINT = levels.DRAUGHTS.play, levels.DRAUGHTS.hint
# Depth limit and total thinking time per move (ms of search, spread over frames).
DEPTHS = {"easy": 2, "medium": 4, "hard": 40, HINT: 40}
BUDGETS_MS = {"easy": 300.0, "medium": 800.0, "hard": 2000.0, HINT: 1000.0}
# Easy adds this much noise (in hundredths of a man) to every score it sees at the top.
EASY_NOISE = 60
WIN = 100_000
WIN_THRESHOLD = WIN - 1_000
INFINITY = 10 * WIN
MAN, KING = 100, 300
# A lead in material gains this share of itself divided by the pieces on the board.
TRADE = 6
# Iterative deepening goes on until the budget (or the pace, below) ends: a depth cut short
# still gives its best move so far (the first move searched is the last depth's best, and a
# move found better is sure), so a late depth is started too (stopping short played worse).
# Principal variation search looks at the steps from the LATE_MOVE-th on a ply shallower
# first, at depths from REDUCE_FROM on.
LATE_MOVE, REDUCE_FROM = 3, 3
# Forward pruning (Scan's, draughts' stand-in for a null move): in a null-window node from
# PRUNE_FROM plies deep with no capture, a search PRUNE_SHARE as deep that scores
# PRUNE_MARGIN per ply above beta cuts the node off: the search gets deeper in the same time.
PRUNE_FROM, PRUNE_MARGIN, PRUNE_SHARE = 3, 10, 2 / 5
# Pace (hard and hint): from depth PACE_FROM on, a best move that has held for PACE_SETTLED
# depths ends the search once PACE_SHORT of the budget is gone; a best move that changes, or
# a score that falls by more than PACE_FALL (the first move's at a new depth included), lets
# it run to PACE_LONG times the budget, until the best has held PACE_RESET depths again.
# Set on the depth-by-depth logs of a match's searches, for about the plain budget's time.
PACE_FROM, PACE_FALL, PACE_SETTLED, PACE_RESET = 6, 30, 3, 2
PACE_SHORT, PACE_LONG = 0.4, 1.5
# Past the last ply, a position where the other side threatens to take is searched one
# move on, and an only move costs no depth, down to this many plies past the iteration's depth.
THREAT_PLIES = 6
# ... and while the plain function (which never yields) has searched fewer than this many
# nodes from the last ply, captures included, so that kings' long captures cannot stretch a slice.
LEAF_NODES = 200
# A search key holds own, opp, kings and the side to move, each this many bits apart.
KEY_SHIFT = 55
SCORE_OFFSET = 1 << 22
SCORE_MASK = (1 << 23) - 1
TABLES = {"international": SlotTable(), "warcaby": SlotTable()}  # fixed slots: no pause to grow or clear
EXACT, LOWER, UPPER = 0, 1, 2
# With this many pieces or fewer on the board a search may reach the endgame tables.
ENDGAME_REACH = 10


# Bonus per man on each row, for White (row 9 is home, row 0 crowns); Black reads it backwards.
ADVANCE = (0, 28, 22, 16, 11, 7, 4, 2, 0, 0)
CENTRE = sum(square_bit(s - 1) for s in (22, 23, 24, 27, 28, 29, 17, 18, 19, 32, 33, 34))
# The back-row squares worth keeping manned (they stop the other side crowning).
WHITE_GUARD, BLACK_GUARD = (sum(square_bit(s - 1) for s in (47, 48, 49)), sum(square_bit(s - 1) for s in (2, 3, 4)))
# The board's two wings (four files each): a side with most of its men on one is easier to break.
WINGS = tuple(sum(square_bit(i) for i in range(SQUARES) if files[0] <= square_xy(i)[0] <= files[1]) for files in ((0, 3), (6, 9)))
BALANCE = 3
# A man this many rows (or fewer) from crowning with none of the other side's pieces ahead of
# him in the cone he can reach is worth this much more while the other side has no king: the
# other side's men move away from him and cannot come into that cone, so nothing stops him.
RUNAWAY = {1: 80, 2: 60, 3: 40}
# A king on the long diagonal (46-5), which crosses the whole board, is worth this much more.
LONG_DIAGONAL = sum(square_bit(s - 1) for s in (5, 10, 14, 19, 23, 28, 32, 37, 41, 46))
DIAGONAL_KING = 25
# Against a lone king, four pieces win (four kings win every position where neither side
# can take, the tables show) and three or fewer draw but for a shot: four or more are worth
# this much more, and with three or fewer the score counts a quarter.
LONE_KING_WIN, LONE_KING_DRAW = 400, 4


def _cones() -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]:
    """Per side, per bit of a square up to three rows from crowning: (the squares ahead
    of a man there that he could reach, his bonus)."""
    per_side = ({}, {})
    for index in range(SQUARES):
        x, y = square_xy(index)
        for side, rows_left in ((0, y), (1, SIZE - 1 - y)):
            if rows_left not in RUNAWAY:
                continue
            ahead = range(y) if side == 0 else range(y + 1, SIZE)
            cone = sum(square_bit(square) for row in ahead for column in range(SIZE)
                       if abs(column - x) <= abs(row - y) and (square := xy_square(column, row)) is not None)
            per_side[side][BIT_OF[index]] = (cone, RUNAWAY[rows_left])
    return per_side


CONES = _cones()
WHITE_NEAR, BLACK_NEAR = (sum(1 << bit for bit in CONES[side]) for side in (0, 1))
# The men's worth is looked up two rows (11 bits) at a time.
CHUNK_BITS, CHUNKS = 11, 5


def _man_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per side, for each pair of rows (11 bits of the bitboard), the worth of every set of
    men on it: a man, how far he has come, the centre; added up at once by ``evaluate``."""
    worth = ([0] * CHUNKS * CHUNK_BITS, [0] * CHUNKS * CHUNK_BITS)
    for index in range(SQUARES):
        bit, row = BIT_OF[index], index // 5
        centre = 6 if CENTRE >> bit & 1 else 0
        worth[0][bit] = MAN + ADVANCE[row] + centre
        worth[1][bit] = MAN + ADVANCE[SIZE - 1 - row] + centre
    per_side = []
    for side in (0, 1):
        chunks = []
        for chunk in range(CHUNKS):
            table = [0] * (1 << CHUNK_BITS)
            for pattern in range(1, 1 << CHUNK_BITS):
                low = pattern & -pattern
                table[pattern] = table[pattern ^ low] + worth[side][chunk * CHUNK_BITS + low.bit_length() - 1]
            chunks.append(tuple(table))
        per_side.append(tuple(chunks))
    return per_side[0], per_side[1]


WHITE_WORTH, BLACK_WORTH = _man_tables()


def evaluate(own: int, opp: int, kings: int, side: int, patterns=()) -> int:
    """The position for the side to move, in hundredths of a man, with the learned
    ``patterns`` (International's :data:`PATTERNS`) if given.  It is worked out for White,
    where each side's tables and shifts are fixed, and turned round for Black: it runs at
    most leaves of a search, so it is one body with few calls."""
    white, black = (opp, own) if side else (own, opp)
    white_men, black_men = white & ~kings, black & ~kings
    white_kings, black_kings = (white & kings).bit_count(), (black & kings).bit_count()
    w0, w1, w2, w3, w4 = WHITE_WORTH
    b0, b1, b2, b3, b4 = BLACK_WORTH
    # each man: a man's worth, how far he has come, the centre
    score = (w0[white_men & 2047] + w1[white_men >> 11 & 2047] + w2[white_men >> 22 & 2047]
             + w3[white_men >> 33 & 2047] + w4[white_men >> 44]
             - b0[black_men & 2047] - b1[black_men >> 11 & 2047] - b2[black_men >> 22 & 2047]
             - b3[black_men >> 33 & 2047] - b4[black_men >> 44])
    if patterns:
        score += patterns_worth(white_men, black_men, patterns)
    material = MAN * (white_men.bit_count() - black_men.bit_count()) + KING * (white_kings - black_kings)
    pieces = (white | black).bit_count()
    # the same lead is worth more with fewer pieces left: the side ahead likes to exchange
    # (rounded down for the side to move)
    score += (-(TRADE * -material // pieces) if side else TRADE * material // pieces) + KING * (white_kings - black_kings)
    if not black_kings:
        score += 12 * (white_men & WHITE_GUARD).bit_count()
    if not white_kings:
        score -= 12 * (black_men & BLACK_GUARD).bit_count()
    # men with a friend right behind them (a man covered from behind cannot be jumped that way)
    score += 3 * ((white_men & white_men >> 5).bit_count() + (white_men & white_men >> 6).bit_count()
                  - (black_men & black_men << 5).bit_count() - (black_men & black_men << 6).bit_count())
    empty = FULL & ~(white | black)
    # mobility: the men's steps
    score += 2 * ((white_men >> 6 & empty).bit_count() + (white_men >> 5 & empty).bit_count()
                  - (black_men << 5 & empty).bit_count() - (black_men << 6 & empty).bit_count())
    left, right = WINGS
    score -= BALANCE * (abs((white & left).bit_count() - (white & right).bit_count())
                        - abs((black & left).bit_count() - (black & right).bit_count()))
    if not black_kings and white_men & WHITE_NEAR:
        score += _runaways(white_men & WHITE_NEAR, black, 0)
    if not white_kings and black_men & BLACK_NEAR:
        score -= _runaways(black_men & BLACK_NEAR, white, 1)
    if not kings:
        return -score if side else score
    score += DIAGONAL_KING * ((white & kings & LONG_DIAGONAL).bit_count() - (black & kings & LONG_DIAGONAL).bit_count())
    # against a lone king, from the side to move (a quarter of a score rounds down for it)
    own_kings, opp_kings, own_men, opp_men = (black_kings, white_kings, black_men, white_men) if side else (
        white_kings, black_kings, white_men, black_men)
    if side:
        score = -score
    if opp_kings == 1 and not opp_men:
        return score + LONE_KING_WIN if own.bit_count() >= 4 else score // LONE_KING_DRAW
    if own_kings == 1 and not own_men:
        return score - LONE_KING_WIN if opp.bit_count() >= 4 else -(-score // LONE_KING_DRAW)
    return score


# Learned men patterns (International only; ``tools/build_draughts_patterns.py`` fits them
# to the scores of a depth-5 search over self-play positions, as a correction to the
# evaluation above, then corrects them by the scores of a depth-7 search over positions of
# the strength matches' games).  A window is PATTERN_WIDTH squares of a row and as many below them, from
# PATTERN_PLACES along the row: 3^(2 x width) ways (729) to fill them with nothing, a white or a black
# man on each square, each with a weight in hundredths of a man, for White.
PATTERN_WIDTH, PATTERN_PLACES = 3, (0, 2)
PATTERN_FILE = "draughts_patterns.zlib"
PATTERN_SIZE = 3 ** (2 * PATTERN_WIDTH)


def pattern_windows() -> tuple[tuple[int, ...], ...]:
    """The squares (indices 0-49) of every window, each in the order of its digits."""
    return tuple(tuple(row * 5 + place + i for row in (top, top + 1) for i in range(PATTERN_WIDTH))
                 for top in range(SIZE - 1) for place in PATTERN_PLACES)


def _window_reader(squares: tuple[int, ...]) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """(shift, mask, white digits, black digits): the window's bits of a men bitboard,
    shifted down and masked, index two tables whose sum is the window's base-3 number."""
    bits = [BIT_OF[square] for square in squares]
    shift = min(bits)
    size = 1 << (max(bits) - shift + 1)
    digit_of = {1 << (bit - shift): 3 ** digit for digit, bit in enumerate(bits)}
    white, black = [0] * size, [0] * size
    for value in range(1, size):
        low = value & -value
        white[value] = white[value ^ low] + digit_of.get(low, 0)
        black[value] = 2 * white[value]
    return shift, size - 1, tuple(white), tuple(black)


# Every window's reader, built once: the weights are loaded beside them, and the tool reads
# a hundred thousand positions with them.
WINDOW_READERS = tuple(map(_window_reader, pattern_windows()))


def pattern_numbers(white_men: int, black_men: int) -> list[int]:
    """Each window's base-3 number (the tool's features)."""
    return [white[white_men >> shift & mask] + black[black_men >> shift & mask]
            for shift, mask, white, black in WINDOW_READERS]


def _load_patterns() -> tuple:
    """(shift, mask, white digits, black digits, weights) per window; none without the file."""
    try:
        packed = package_data(PATTERN_FILE)
    except FileNotFoundError:
        return ()
    return read_patterns(packed)


def read_patterns(packed: bytes) -> tuple:
    """The patterns from the file's bytes; a damaged file is a ValueError naming it."""
    try:
        weights = array("h", zlib.decompress(packed))  # little-endian in the file
    except (zlib.error, ValueError) as error:
        raise ValueError(f"{PATTERN_FILE} is damaged ({error}); reinstall the game") from None
    if sys.byteorder == "big":
        weights.byteswap()
    expected = len(WINDOW_READERS) * PATTERN_SIZE
    if len(weights) != expected:
        raise ValueError(f"{PATTERN_FILE}: {len(weights)} weights, not {expected}; reinstall the game")
    return tuple((*reader, tuple(weights[n * PATTERN_SIZE:(n + 1) * PATTERN_SIZE]))
                 for n, reader in enumerate(WINDOW_READERS))


PATTERNS = _load_patterns()


def patterns_worth(white_men: int, black_men: int, patterns: tuple) -> int:
    """The ``patterns``' correction (:data:`PATTERNS`' layout), for White."""
    worth = 0
    for shift, mask, white, black, weights in patterns:
        worth += weights[white[white_men >> shift & mask] + black[black_men >> shift & mask]]
    return worth


def _runaways(men: int, opp: int, side: int) -> int:
    """The bonus of the men near crowning that nothing of ``opp`` stands in front of."""
    cones = CONES[side]
    bonus = 0
    for bit in bits_of(men):
        cone, value = cones[bit]
        if not cone & opp:
            bonus += value
    return bonus


class DraughtsSearch(LevelSearch):
    """A move for ``level`` in ``state``, a slice at a time (``step(budget_ms)``)."""

    # The search counts its own nodes (it nests no other search): a plain attribute, in place
    # of the sum over nested searches that LevelSearch gives.
    nodes = 0

    def __init__(self, state: Draughts, level: str = "hard", rng: random.Random | None = None,
                 budget_ms: float | None = None, max_depth: int | None = None, patterns: tuple | None = None,
                 table: SlotTable | None = None) -> None:
        """``patterns`` and ``table`` replace International's learned patterns (``()``: none)
        and the session's table (the bench's matches of two settings give each its own)."""
        super().__init__(state, level, LEVELS + (HINT,), RULES, rng,
                         budget_ms if budget_ms is not None else BUDGETS_MS.get(level))
        self.international = state.variant == INTERNATIONAL
        self.patterns = (PATTERNS if patterns is None else patterns) if self.international else ()
        self.max_depth = max_depth or DEPTHS.get(level, 1)
        # One table per rule set for the whole session: it outlives a move, so it is already
        # old when the next search starts and the garbage collector's young passes skip it.
        self.table = TABLES[state.variant] if table is None else table
        self.history: dict = {}
        self.killers: dict = {}
        self.nodes = 0
        # A pause at this many nodes too: a review's search ends at the same node on any machine.
        self.node_limit = math.inf
        self.ply_limit = 0
        self.leaf_cap = 0
        # The positions on the way from the last man move or capture to the one searched.
        self.path: set = set()
        # King moves since then at the root (International's draw after KING_MOVES_DRAW);
        # warcaby knows no such draw, so its count starts too low to ever reach it.
        self.clock = len(state.history) if self.international else -SIZE * KING_MOVES_DRAW

    def _plan(self):
        moves = RULES.legal_moves(self.state)
        self.rng.shuffle(moves)
        self.best_move = moves[0]
        if self.level == "random" or len(moves) == 1:
            self.score = None
            return
        own, opp = RULES.sides(self.state)
        kings, side = self.state.kings, self.state.turn
        if self.international:
            self.path = {search_key(*position) for position in self.state.history + (self.state.key,)}
            if (own | opp).bit_count() <= ENDGAME_REACH:
                # the endgame tables are read over a few slices before they can be needed
                yield from load_in_steps()
        noise = {move.key: self.rng.randint(-EASY_NOISE, EASY_NOISE) for move in moves} if self.level == "easy" else None
        depth = 0
        pace = Pace(self) if self.level in ("hard", HINT) and self.budget_ms is not None else None
        while depth < self.max_depth:
            depth += 1
            self.ply_limit = depth + THREAT_PLIES
            best, best_score = None, -INFINITY
            for move in moves:
                new_own, new_opp, new_kings = play(own, opp, kings, side, move, self.international)
                clock = self.clock + 1 if kings & square_bit(move.start) and not move.captured else 0
                child = (new_opp, new_own, new_kings, 1 - side, depth - 1, 1, clock)
                if noise is None and best is not None:
                    # after the first move, only whether a move is better matters: a null window
                    score = -(yield from self._value(*child, -best_score - 1, -best_score))
                    if score > best_score:
                        score = -(yield from self._value(*child, -INFINITY, -best_score))
                else:
                    score = -(yield from self._value(*child, -INFINITY, -best_score))
                    if noise is not None:
                        score += noise[move.key]
                if score > best_score:
                    best, best_score = move, score
                    if depth > 1 or best is moves[0]:
                        # a better move found at this depth is sure even if the depth is cut short
                        self.best_move = best
                if pace is not None and depth > PACE_FROM and (best is not moves[0] or move is moves[0] and pace.fell(score)):
                    pace.unsettled()
            self.best_move, self.score, self.depth_done = best, best_score, depth
            moves = [best] + [move for move in moves if move is not best]
            if abs(best_score) > WIN_THRESHOLD:
                return
            if pace is not None and pace.settled_after(depth, best, best_score, self.elapsed_now_ms()):
                return

    def _moves(self, own, opp, kings, side, jumps):
        """Moves as (start, end, pieces taken, crown bit): routes are not needed inside the
        search, only what a move does to the bitboards.  ``jumps`` are ``captures``'s."""
        far_row = FAR_ROW[side]
        if jumps is None:
            return [(start, end, 0, (1 << end) & far_row) for start, end in step_pairs(own, opp, kings, side)]
        if self.international:
            return [(start, end, taken, (1 << end) & far_row) for start, end, taken in capture_keys(own, opp, kings, jumps)]
        moves = merged(capture_routes(own, opp, kings, side, False, jumps[0] | jumps[1] | jumps[2] | jumps[3]))
        return [(BIT_OF[move.start], BIT_OF[move.end], move.captured,
                 square_bit(move.end) if any(far_row & square_bit(square) for square in move.path[1:]) else 0)
                for move in moves]

    def _value(self, own, opp, kings, side, depth, ply, clock, alpha, beta):
        """The score of a position ``depth`` plies deep, ``clock`` king moves after the last
        man move or capture: the search's, or past the last ply the plain quiescence's."""
        if depth <= 0:
            return self._leaf(own, opp, kings, side, ply, clock, alpha, beta)
        return (yield from self._search(own, opp, kings, side, depth, ply, clock, alpha, beta))

    def _leaf(self, own, opp, kings, side, ply, clock, alpha, beta):
        """A position past the last ply: drawn by the king moves' clock, or ``_quiesce``'s."""
        if clock >= KING_MOVES_DRAW or not (own | opp) & ~kings:  # rare: no call in most nodes
            settled = self._settled(own, opp, kings, ply, clock)
            if settled is not None:
                return settled
        self.leaf_cap = self.nodes + LEAF_NODES
        return self._quiesce(own, opp, kings, side, ply, alpha, beta)

    def _search(self, own, opp, kings, side, depth, ply, clock, alpha, beta):
        """Negamax score of the position for ``side`` (to move), ``depth`` >= 1 plies deep:
        principal variation search; the positions past the last ply go to ``_leaf``."""
        self.nodes += 1
        if time.perf_counter() >= self.deadline or self.nodes >= self.node_limit:
            yield
        if clock >= KING_MOVES_DRAW or not (own | opp) & ~kings:  # rare: no call in most nodes
            settled = self._settled(own, opp, kings, ply, clock, False)
            if settled is not None:
                return settled
        key = own | opp << KEY_SHIFT | kings << 2 * KEY_SHIFT | side << 3 * KEY_SHIFT
        # Only king moves repeat a position, and only while both sides have kings (the one
        # without must move a man, which never comes back): a repetition is a draw.
        repeats = self.international and own & kings and opp & kings
        if repeats and key in self.path:
            return 0
        # Near the draw, a score depends on the clock, which the table's key leaves out.
        timeless = clock + depth + THREAT_PLIES < KING_MOVES_DRAW
        entry = self.table.get(key)
        first = None
        if entry is not None:
            entry_depth, bound, stored, first = unpack(entry)
            if entry_depth >= depth and timeless:
                if bound == EXACT or (stored >= beta if bound == LOWER else stored <= alpha):
                    return stored
        empty = FULL & ~(own | opp)
        jumps = captures(own, opp, kings, empty)
        capture = jumps is not None
        moves = self._moves(own, opp, kings, side, jumps)
        if not moves:
            return ply - WIN
        if (depth >= PRUNE_FROM and beta == alpha + 1 and not capture and len(moves) > 1
                and -WIN_THRESHOLD < beta < WIN_THRESHOLD):
            margin = PRUNE_MARGIN * depth
            raised = beta + margin
            score = yield from self._value(own, opp, kings, side, int(depth * PRUNE_SHARE), ply, clock, raised - 1, raised)
            if score >= raised:
                return score - margin
        if len(moves) > 1:
            moves = self._order(moves, first, side, ply)
        floor = alpha
        best, best_key = -INFINITY, None
        # the only move (within the extensions' plies) costs no depth
        next_depth = depth if len(moves) == 1 and ply < self.ply_limit else depth - 1
        if repeats:
            self.path.add(key)
        for index, move in enumerate(moves):
            new_opp, new_own, new_kings = after(own, opp, kings, move)
            new_clock = clock + 1 if kings >> move[0] & 1 and not capture else 0
            if next_depth <= 0:
                # Each child's plain quiescence runs whole (hundreds of nodes at times), so the
                # clock is looked at between them: a frame's slice ends in time.
                if index and time.perf_counter() >= self.deadline:
                    yield
                score = -self._leaf(new_opp, new_own, new_kings, 1 - side, ply + 1, new_clock, -beta, -alpha)
            elif index == 0:
                score = -(yield from self._search(new_opp, new_own, new_kings, 1 - side, next_depth, ply + 1, new_clock, -beta, -alpha))
            else:
                # Late steps are first looked at a ply shallower; one that beats alpha is looked at again in full.
                reduced = next_depth - 1 if index >= LATE_MOVE and depth >= REDUCE_FROM and not capture else next_depth
                score = -(yield from self._value(new_opp, new_own, new_kings, 1 - side, reduced, ply + 1, new_clock, -alpha - 1, -alpha))
                if score > alpha and (reduced < next_depth or score < beta):
                    score = -(yield from self._search(new_opp, new_own, new_kings, 1 - side, next_depth, ply + 1, new_clock, -beta, -alpha))
            if score > best:
                best, best_key = score, move[:3]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not move[2]:
                            self._reward(move[0], move[1], side, depth, ply)
                        break
        if repeats:
            self.path.discard(key)
        if timeless:
            self._store(key, depth, best, floor, beta, best_key)
        return best

    def _settled(self, own, opp, kings, ply, clock, leaf: bool = True):
        """The exact score of a position settled without a search (None for any other): drawn
        by the king moves' clock, or a kings-only ending the tables hold (International).
        A win the clock may stop is searched on (a capture on the way, the winning one too,
        sets the clock back, and the tables do not say where one comes), and taken for a
        draw only past the last ply (a ``leaf``)."""
        if clock >= KING_MOVES_DRAW:
            return 0
        if not self.international or (own | opp) & ~kings:
            return None
        plies = probe(own, opp, kings)
        if plies is None:
            return None
        if not plies:
            return 0
        if clock + abs(plies) >= KING_MOVES_DRAW:
            return 0 if leaf else None
        return WIN - ply - plies if plies > 0 else ply - plies - WIN

    def _quiesce(self, own, opp, kings, side, ply, alpha, beta):
        """The score past the last ply, a plain function (no slices: these trees are small).
        A compulsory capture is searched on (nobody may decline it), a position where the
        other side threatens to take is searched one move on, and any other is scored."""
        self.nodes += 1
        empty = FULL & ~(own | opp)
        jumps = captures(own, opp, kings, empty)
        if jumps is None:
            if not own & kings and not man_step_count(own, empty, side):
                return ply - WIN
            if ply >= self.ply_limit or self.nodes >= self.leaf_cap or not can_capture(opp, own, kings, empty):
                return evaluate(own, opp, kings, side, self.patterns)
        moves = self._moves(own, opp, kings, side, jumps)
        if not moves:
            return ply - WIN
        if self.nodes >= self.leaf_cap:
            # A long chain of captures (kings') past the cap: the first capture, then the score,
            # so no leaf runs for more than a few milliseconds between two looks at the clock.
            return -evaluate(*after(own, opp, kings, moves[0]), 1 - side, self.patterns)
        best = -INFINITY
        for move in moves:
            score = -self._quiesce(*after(own, opp, kings, move), 1 - side, ply + 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _order(self, moves, first, side: int, ply: int):
        history = self.history
        killers = self.killers.get(ply, ())
        ranked = sorted(moves, key=lambda move: -(history.get(side << 12 | move[0] << 6 | move[1], 0)
                                                 + (1 << 30 if (move[0], move[1]) in killers else 0)))
        if first is not None:
            for index, move in enumerate(ranked):
                if move[:3] == first:
                    if index:
                        ranked.insert(0, ranked.pop(index))
                    break
        return ranked

    def _reward(self, start: int, end: int, side: int, depth: int, ply: int) -> None:
        key = side << 12 | start << 6 | end
        self.history[key] = self.history.get(key, 0) + depth * depth + 1
        killers = self.killers.get(ply, ())
        if (start, end) not in killers:
            self.killers[ply] = ((start, end),) + killers[:1]

    def _store(self, key, depth, best, floor, beta, best_key) -> None:
        bound = UPPER if best <= floor else LOWER if best >= beta else EXACT
        self.table[key] = pack(depth, bound, best, best_key)


class Pace:
    """How long a ``search`` goes on, from what its depths answer (see PACE_FROM): it sets
    the search's ``budget_ms``, and ``settled_after`` says after each depth whether to stop."""

    def __init__(self, search) -> None:
        self.search = search
        self.nominal = search.budget_ms
        self.best = None
        self.score = 0
        self.held = 0

    def fell(self, score: int) -> bool:
        """Whether ``score`` is more than PACE_FALL below the last depth's."""
        return score < self.score - PACE_FALL

    def unsettled(self) -> None:
        """A best move changed or a score fell: the search may run long."""
        self.search.budget_ms = self.nominal * PACE_LONG

    def settled_after(self, depth: int, best, score: int, elapsed_ms: float) -> bool:
        """Depth ``depth`` found ``best`` scoring ``score``, ``elapsed_ms`` into the search:
        True to stop here."""
        stop = False
        if depth >= PACE_FROM:
            if best is not self.best or self.fell(score):
                self.held = 0
                self.unsettled()
            else:
                self.held += 1
                if self.held >= PACE_RESET:
                    self.search.budget_ms = self.nominal
                stop = self.held >= PACE_SETTLED and elapsed_ms >= self.nominal * PACE_SHORT
        self.best, self.score = best, score
        return stop


NO_JUMPS = (0, 0, 0, 0)


def captures(own: int, opp: int, kings: int, empty: int) -> tuple[int, int, int, int] | None:
    """None when the side with ``own`` has no capture (most positions: no tuple is made),
    else the men's ``jumpers``."""
    men = own & ~kings
    if capturing_men(men, opp, empty):
        return jumpers(men, opp, empty)
    if own & kings and can_capture(own & kings, opp, kings, empty):
        return NO_JUMPS
    return None


def after(own: int, opp: int, kings: int, move: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The position after a search move (start, end, pieces taken, crown bit), for the other
    side: its (own, opp, kings)."""
    start, end, taken, crown = move
    start_bit, end_bit = 1 << start, 1 << end
    if kings & start_bit:
        new_kings = kings & ~start_bit & ~taken | end_bit
    else:
        new_kings = kings & ~taken | crown
    return opp & ~taken, own & ~start_bit | end_bit, new_kings


def search_key(white: int, black: int, kings: int, turn: int) -> int:
    """The table's and the path's key of a state's position (``Draughts.key``)."""
    own, opp = (black, white) if turn else (white, black)
    return own | opp << KEY_SHIFT | kings << 2 * KEY_SHIFT | turn << 3 * KEY_SHIFT


def pack(depth: int, bound: int, score: int, move_key) -> int:
    """A table entry as one int, so the table holds nothing the garbage collector must visit."""
    start, end, captured = move_key if move_key is not None else (63, 63, 0)
    return depth | bound << 6 | (score + SCORE_OFFSET) << 8 | start << 31 | end << 37 | captured << 43


def unpack(entry: int):
    """(depth, bound, score, best move's key or None)."""
    start = entry >> 31 & 63
    move_key = None if start == 63 else (start, entry >> 37 & 63, entry >> 43)
    return entry & 63, entry >> 6 & 3, (entry >> 8 & SCORE_MASK) - SCORE_OFFSET, move_key


def make_engine(state: Draughts, level: str, rng: random.Random) -> DraughtsSearch:
    return DraughtsSearch(state, level, rng)


def best_move_text(state: Draughts, level: str = "hard", budget_ms: float | None = None, seed: int = 1) -> str:
    """The move ``level`` plays, searched in one go (CLI, bench)."""
    search = DraughtsSearch(state, level, random.Random(seed), budget_ms=budget_ms)
    return RULES.move_to_text(search.run_to_end().move)


__all__ = ["DraughtsSearch", "LEVELS", "evaluate", "make_engine", "best_move_text"]
