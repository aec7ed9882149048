"""Othello opponents: random, greedy, look-ahead levels and an exact endgame solver.

Everything works on the rules' bitboards (``own``/``other``: the stones of the side to
move and of its opponent), never on state objects, so a node costs a few microseconds.

- The **endgame solver** finds the exact final disc difference for the side to move,
  empty squares going to the winner (the score of the FFO endgame tests).  MTD(f): a
  series of null-window negamax probes, the first at a guess from a two-ply evaluation,
  each asking "more than alpha?" where the last one ended, until the bounds meet
  (downwards in growing steps: a probe that fails low costs much the same however far it
  is from the score; upwards a step at a time).  Above ``SHALLOW_EMPTIES`` a
  node tries its moves "fastest first" (the reply that leaves the opponent the fewest
  moves; far from the end weighed with the evaluation), keeps bounds and its best move in
  a table, tries that move again before ordering the others and looks its children up
  there before searching them; below, a plain function
  tries the empty squares in quadrant-parity order without a move list, written out for
  the last three squares, the last two and the last one.
- The **look-ahead** is iterative-deepening negamax with the same move ordering and an
  evaluation of mobility, potential mobility (frontier), corners, the squares next to an
  empty corner and stable edge stones.
- :class:`OthelloSearch` is the cooperative engine of every level: ``step(budget_ms)``
  gives None while it thinks; the strong levels look ahead, then solve exactly once the
  empties are few enough, within their time.

>>> solve_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO- X")
'64 h8'
"""

from __future__ import annotations

import math
import random
import time

from ..rules.base import NotationError
from ..rules.othello import FULL, NEIGHBOURS, PASS, RAYS, RULES, SQUARES, Othello, flipped_by, legal_squares, turns_any
from . import levels
from .cooperative import LevelSearch, run_generator
from .memo import SlotTable

CORNERS = 0x8100000000000081
# The diagonal neighbours of the corners ("X-squares") and their edge neighbours ("C-squares").
X_SQUARES = 0x0042000000004200
C_SQUARES = 0x4281000000008142
EDGES = 0xFF818181818181FF
# Squares in the order the small solver tries them: corners, the inner edges and the
# centre, the C-squares, the X-squares last.
MIDDLE = FULL & ~(CORNERS | X_SQUARES | C_SQUARES)
SQUARE_GROUPS = (CORNERS, MIDDLE, C_SQUARES, X_SQUARES)
# Each corner with its X-square and its two C-squares.
CORNER_NEIGHBOURS = tuple(
    (1 << corner, 1 << x, (1 << c1) | (1 << c2))
    for corner, x, c1, c2 in ((0, 9, 1, 8), (7, 14, 6, 15), (56, 49, 57, 48), (63, 54, 62, 55))
)
# Every square's reach: the squares a stone played there could ever turn (each ray but its
# last square).
REACH = tuple(sum(sum(ray[:-1]) for ray in rays) for rays in RAYS)
QUADRANTS = (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F << 32, 0xF0F0F0F0 << 32)
NOT_A = 0xFEFEFEFEFEFEFEFE  # every column but a
NOT_H = 0x7F7F7F7F7F7F7F7F  # every column but h

# From this many empties down the solver runs as a plain function (no pauses, no move list):
# such a subtree takes a fraction of a millisecond.  The small solver asks no bound of the
# stones that can never turn again: such a bound cost more than it saved.
SHALLOW_EMPTIES = 6
# From this many empties the solver orders moves by the evaluation as well as by the
# opponent's mobility (weighted ORDER_MOBILITY against the evaluation's 12 a move): fewer
# nodes for the cost of an evaluation a move, which pays on the slow positions.
ORDER_EMPTIES = 10
ORDER_MOBILITY = 72
# Up to this many empties the ordering counts the opponent's moves square by square, each
# walk stopping at the first line it closes, instead of with legal_squares' shifts over the
# whole board: with so few empties the walks are cheaper.
COUNT_EMPTIES = 9
# The evaluation's units a disc, in hundredths, for the solver's first guess (a least-squares
# fit of a two-ply evaluation against the exact scores of random 14-empty positions).
ESTIMATE_SCALE = 6
# The table keeps positions with at least this many empties (a SlotTable: never grows, never cleared).
TABLE_EMPTIES = 7
# From this many empties the solver looks up its children in the table before searching
# them (enhanced transposition cutoff; the children must have TABLE_EMPTIES).
ETC_EMPTIES = TABLE_EMPTIES + 1
# One table each for every solve and every search of the session: made once, so no search
# allocates (and the garbage collector walks) a quarter of a million fresh slots.
SOLVER_TABLE = SlotTable()
SEARCH_TABLE = SlotTable()
# Searches look at the clock every 8 nodes: a node with its ordering costs tens of microseconds;
# the solver every 4, as its nodes at SHALLOW_EMPTIES each run a whole small subtree.
CHECK_MASK = 7
SOLVER_CHECK_MASK = 3
INFINITY = 10_000
MAX_SCORE = SQUARES
# The look-ahead's scale: a proven win scores WIN_BASE plus the disc difference.
WIN_BASE = 5_000

LEVELS = levels.OTHELLO.play
LOOKAHEAD_DEPTHS = {"easy": 2, "medium": 4}
# The strongest level: its time a move and the empties from which it solves exactly.
HARD_BUDGET_MS = 1_000.0
EXACT_EMPTIES = 14
# Share of the budget the look-ahead may use before an exact solve starts.
LOOKAHEAD_SHARE = 0.35
MAX_DEPTH = 60
# How many times longer the next depth is expected to take.
GROWTH = 4.0


def final_score(own: int, other: int) -> int:
    """Disc difference for ``own`` at the end, the empty squares going to the winner."""
    mine, theirs = own.bit_count(), other.bit_count()
    if mine > theirs:
        return SQUARES - 2 * theirs
    if mine < theirs:
        return 2 * mine - SQUARES
    return 0


def _bits(moves: int):
    """The set bits of ``moves``, corners first, X-squares last."""
    for group in SQUARE_GROUPS:
        part = moves & group
        while part:
            bit = part & -part
            part ^= bit
            yield bit


def _after_move(mine: int, theirs: int, alpha: int, square: int) -> int:
    """Score for ``mine``, who has just moved, with ``theirs`` to move on the last empty
    ``square``, against a null window at ``alpha``: exact if it is above, else an upper
    bound.  What ``square`` can turn bounds it first: ``theirs`` turn at most the stones of
    ``mine`` in its reach, ``mine`` gain at most those of ``theirs`` there; only a close
    call plays the square."""
    count = mine.bit_count()
    reach = REACH[square]
    low = 2 * (count - (mine & reach).bit_count()) - SQUARES
    if low > alpha:
        return low
    high = 2 * (count + (theirs & reach).bit_count()) - (SQUARES - 2)
    if high <= alpha:
        return high
    flips = flipped_by(theirs, mine, square)
    if flips:
        return 2 * (count - flips.bit_count()) - SQUARES
    flips = flipped_by(mine, theirs, square)
    if flips:
        return 2 * (count + flips.bit_count()) - (SQUARES - 2)
    return final_score(mine, theirs)


def _last_two(own: int, other: int, alpha: int, first: int, second: int) -> int:
    """Score with two empty squares, tried in the order given, against a null window at
    ``alpha``: exact if it is above, else an upper bound."""
    flips = flipped_by(own, other, first)
    if flips:
        best = _after_move(own | flips | (1 << first), other ^ flips, alpha, second)
        if best > alpha:
            return best
        flips = flipped_by(own, other, second)
        if flips:
            return max(best, _after_move(own | flips | (1 << second), other ^ flips, alpha, first))
        return best
    flips = flipped_by(own, other, second)
    if flips:
        return _after_move(own | flips | (1 << second), other ^ flips, alpha, first)
    # A pass: the opponent moves, and its best is our worst.
    beta = -alpha - 1
    flips = flipped_by(other, own, first)
    if flips:
        worst = -_after_move(other | flips | (1 << first), own ^ flips, beta, second)
        if worst <= alpha:
            return worst
        flips = flipped_by(other, own, second)
        if flips:
            return min(worst, -_after_move(other | flips | (1 << second), own ^ flips, beta, first))
        return worst
    flips = flipped_by(other, own, second)
    if flips:
        return -_after_move(other | flips | (1 << second), own ^ flips, beta, first)
    return final_score(own, other)


def _last_three(own: int, other: int, alpha: int, squares: tuple[int, ...]) -> int:
    """:func:`_solve_small` written out for three empty ``squares``: no loop, no slices."""
    first, second, third = squares
    best = -INFINITY
    beta = -alpha - 1
    if NEIGHBOURS[first] & other:
        flips = flipped_by(own, other, first)
        if flips:
            best = -_last_two(other ^ flips, own | flips | (1 << first), beta, second, third)
            if best > alpha:
                return best
    if NEIGHBOURS[second] & other:
        flips = flipped_by(own, other, second)
        if flips:
            score = -_last_two(other ^ flips, own | flips | (1 << second), beta, first, third)
            if score > alpha:
                return score
            if score > best:
                best = score
    if NEIGHBOURS[third] & other:
        flips = flipped_by(own, other, third)
        if flips:
            score = -_last_two(other ^ flips, own | flips | (1 << third), beta, first, second)
            if score > best:
                best = score
    if best > -INFINITY:
        return best
    if (NEIGHBOURS[first] & own and flipped_by(other, own, first)
            or NEIGHBOURS[second] & own and flipped_by(other, own, second)
            or NEIGHBOURS[third] & own and flipped_by(other, own, third)):
        return -_last_three(other, own, beta, squares)
    return final_score(own, other)


def _solve_small(own: int, other: int, alpha: int, squares: tuple[int, ...]) -> int:
    """Score of a position whose few empty ``squares`` (two or more) are listed, best
    tried first, against a null window at ``alpha`` (plain recursion, no pauses, no move
    list: the flips of each empty square are cheaper than the fill)."""
    count = len(squares)
    if count == 3:
        return _last_three(own, other, alpha, squares)
    if count == 2:
        return _last_two(own, other, alpha, squares[0], squares[1])
    solve_rest = _last_three if count == 4 else _solve_small
    best = -INFINITY
    beta = -alpha - 1
    for index, square in enumerate(squares):
        if not NEIGHBOURS[square] & other:
            continue
        flips = flipped_by(own, other, square)
        if not flips:
            continue
        mine, theirs = own | flips | (1 << square), other ^ flips
        score = -solve_rest(theirs, mine, beta, squares[:index] + squares[index + 1:])
        if score > best:
            if score > alpha:
                return score
            best = score
    if best > -INFINITY:
        return best
    for square in squares:
        if NEIGHBOURS[square] & own and flipped_by(other, own, square):
            return -_solve_small(other, own, beta, squares)
    return final_score(own, other)


def _empty_squares(empty: int) -> tuple[int, ...]:
    """The ``empty`` squares in the order the solver tries them: first those in a quadrant
    with an odd number of empties (the side that plays there can often have the last word
    in it), and within that corners first, X-squares last."""
    odd = 0
    for quadrant in QUADRANTS:
        if (empty & quadrant).bit_count() & 1:
            odd |= quadrant
    return tuple(bit.bit_length() - 1 for part in (empty & odd, empty & ~odd) for bit in _bits(part))


def _children(own: int, other: int, squares: tuple[int, ...], first: int = 0,
              weighed: bool = False) -> list[tuple[int, int, int, int]]:
    """(rank, bit, new own, new other) of every move among the empty ``squares``: ``first``
    first, then the replies that leave the opponent the fewest moves, ties in the order of
    ``squares``.  ``weighed`` (far from the end, where a better order saves the most) adds
    the evaluation of the position the opponent faces to its moves."""
    children = []
    for rank, square in enumerate(squares):
        flips = flipped_by(own, other, square)
        if flips:
            bit = 1 << square
            mine, theirs = own | flips | bit, other ^ flips
            if bit == first:
                rank = -INFINITY * SQUARES
            elif len(squares) <= COUNT_EMPTIES:
                moves = 0
                for reply in squares:
                    if reply != square and turns_any(theirs, mine, reply):
                        moves += 1
                rank += moves * SQUARES
            else:
                moves = legal_squares(theirs, mine).bit_count()
                if weighed:
                    moves = ORDER_MOBILITY * moves + evaluate(theirs, mine, moves)
                rank += moves * SQUARES
            children.append((rank, bit, theirs, mine))
    children.sort()
    return children


def estimate(own: int, other: int) -> int:
    """A guess at the final disc difference for the solver's first probe: a two-ply
    look-ahead's evaluation in discs, made odd (a null window at an odd score is answered by
    one probe each way, as every final score is even)."""
    moves = legal_squares(own, other)
    if not moves:
        if not legal_squares(other, own):
            return final_score(own, other)
        return -estimate(other, own)
    best = -INFINITY
    for bit in _bits(moves):
        flips = flipped_by(own, other, bit.bit_length() - 1)
        mine, theirs = own | flips | bit, other ^ flips
        replies = legal_squares(theirs, mine)
        worst = INFINITY if replies else evaluate(mine, theirs)
        for reply in _bits(replies):
            turned = flipped_by(theirs, mine, reply.bit_length() - 1)
            worst = min(worst, evaluate(mine ^ turned, theirs | turned | reply))
        best = max(best, worst)
    discs = best * ESTIMATE_SCALE // 100
    return max(-MAX_SCORE + 1, min(MAX_SCORE - 1, 2 * round(discs / 2) - 1))


def _ordered_children(own: int, other: int, moves: int, first: int = 0) -> list[tuple[int, int, int, int]]:
    """:func:`_children` of the ``moves`` bitboard, corners first and X-squares last among equals."""
    return _children(own, other, tuple(bit.bit_length() - 1 for bit in _bits(moves)), first)


class EndgameSolver:
    """Exact endgame search; ``deadline`` (a ``time.perf_counter()`` value) makes it pause.
    ``table`` replaces the session's SOLVER_TABLE (the bench and tests start from an empty one)."""

    def __init__(self, table: SlotTable | None = None) -> None:
        self.nodes = 0
        self.probes = 0
        self.deadline = math.inf
        # A pause at this many nodes too: a review's exact try ends at the same node on any machine.
        self.node_limit = math.inf
        # (own, other) -> (low, high, best bit): proven bounds, true in any later solve
        self.table = SOLVER_TABLE if table is None else table
        # Empty squares -> their order (:func:`_empty_squares`): a solve of 14 empties meets
        # a few thousand sets of them, each many times.
        self.orders: dict[int, tuple[int, ...]] = {}

    def solve(self, own: int, other: int) -> tuple[int, int]:
        """(score, best move bit or 0 for a pass) in one go."""
        return run_generator(self.search(own, other))

    def search(self, own: int, other: int, low: int = -MAX_SCORE, high: int = MAX_SCORE, guess: int | None = None):
        """Generator: yields when past the deadline, returns (score, best move bit; 0 = pass).
        A score outside (low, high) is only a bound.

        MTD(f): null-window probes, each starting where the last one ended, until the
        bounds meet; the table keeps what each probe proved for the next one.  Without a
        ``guess`` the first probe is at the table's bound for the position, if it has one
        (in a game the solve two plies before has mostly bounded it), else at
        :func:`estimate`'s guess."""
        known = self.table.get((own, other))
        if guess is None:
            guess = estimate(own, other) if known is None else known[0] if known[0] > -INFINITY else known[1]
        empty = FULL & ~(own | other)
        children = _children(own, other, _empty_squares(empty), 0, empty.bit_count() >= ORDER_EMPTIES)
        if not children:
            if not legal_squares(other, own):
                return final_score(own, other), 0
            score, _ = yield from self.search(other, own, -high, -low, -guess)
            return -score, 0
        best_bit = children[0][1]
        proven_low = proven_high = False
        alpha = guess
        # The next step down; once a probe has failed high, each probe asks just above its
        # bound, as plain MTD(f).  Halving the gap between the two proven bounds instead was
        # faster on average but slower on the slowest, and a solve must stay within 1 s however hard.
        step = 2
        while low < high:
            alpha = max(low, min(alpha, high - 1))
            self.probes += 1
            best, bit_found = yield from self._probe(children, alpha)
            if best > alpha:
                low, best_bit, proven_low = best, bit_found, True
                children.sort(key=lambda child: child[1] != best_bit)
                alpha = low
            else:
                high, proven_high = best, True
                alpha = low if proven_low else high - 1 - step
                step *= 2
        proven = (low if proven_low else -INFINITY, high if proven_high else INFINITY)
        if known is not None:
            proven = (max(proven[0], known[0]), min(proven[1], known[1]))
        self.table[own, other] = (*proven, best_bit)
        return (low if proven_low else high), best_bit

    def _probe(self, children, alpha: int):
        """(best score, its move bit) over ``children`` (rank, bit, their stones, mine) against
        the null window at ``alpha``, stopping at the first above it."""
        best, best_bit = -INFINITY, children[0][1]
        for _, bit, theirs, mine in children:
            score = -(yield from self._search(theirs, mine, -alpha - 1))
            if score > best:
                best, best_bit = score, bit
                if score > alpha:
                    break
        return best, best_bit

    def _search(self, own: int, other: int, alpha: int):
        """Score against the null window (alpha, alpha + 1): exact if it is inside, else the
        bound it crosses."""
        self.nodes += 1
        if not self.nodes & SOLVER_CHECK_MASK and (time.perf_counter() >= self.deadline or self.nodes >= self.node_limit):
            yield
        empty = FULL & ~(own | other)
        squares = self.orders.get(empty)
        if squares is None:
            squares = self.orders[empty] = _empty_squares(empty)
        empties = len(squares)
        if empties <= SHALLOW_EMPTIES:
            if empties == 1:
                return -_after_move(other, own, -alpha - 1, squares[0])
            return _solve_small(own, other, alpha, squares)
        key = (own, other)
        table = self.table
        entry = table.get(key)
        first = 0
        if entry is not None:
            low, high, first = entry
            if low > alpha:
                return low
            if high <= alpha:
                return high
        best = -INFINITY
        if first:
            # The move that did best here before, tried before the others are ordered: it
            # mostly cuts again.
            flips = flipped_by(own, other, first.bit_length() - 1)
            best = -(yield from self._search(other ^ flips, own | flips | first, -alpha - 1))
            best_bit = first
        if best <= alpha:
            children = _children(own, other, squares, first, empties >= ORDER_EMPTIES)
            if not children:
                if not legal_squares(other, own):
                    return final_score(own, other)
                return -(yield from self._search(other, own, -alpha - 1))
            if first:
                del children[0]
            if empties >= ETC_EMPTIES:
                # A child the table already caps low enough is a cut without searching.
                for _, bit, theirs, mine in children:
                    known = table.get((theirs, mine))
                    if known is not None and -known[1] > alpha:
                        return -known[1]
            if children:
                score, bit = yield from self._probe(children, alpha)
                if score > best:
                    best, best_bit = score, bit
        if empties >= TABLE_EMPTIES:
            low, high = (-INFINITY, INFINITY) if entry is None else entry[:2]
            if best > alpha:
                low = best
            else:
                high = best
            table[key] = (low, high, best_bit)
        return best


def bit_to_move(bit: int) -> int:
    return PASS if not bit else bit.bit_length() - 1


def solve(state: Othello) -> tuple[int, int]:
    """(exact final disc difference for the side to move, best move) of a game still on."""
    if RULES.outcome(state) is not None:
        raise NotationError("the game is already over")
    score, bit = EndgameSolver().solve(state.own, state.other)
    return score, bit_to_move(bit)


def solve_text(position: str) -> str:
    """``"<score> <best move>"`` for an FFO position, solved exactly.

    >>> solve_text("O" * 60 + "XX-- O")  # White fills one square, Black can't: 62 to 0, 2 empties
    '64 g8'
    """
    score, move = solve(RULES.state_from_text(position))
    return f"{score} {RULES.move_to_text(move)}"


def plain_score(own: int, other: int, alpha: int = -SQUARES - 1, beta: int = SQUARES + 1) -> int:
    """The exact final disc difference by plain alpha-beta to the end: no table, no null
    windows, no bounds, the opponent's mobility as the only ordering.  Slow (seconds at 14
    empties): the reference the tests and the bench's data files check the solver against."""
    moves = legal_squares(own, other)
    if not moves:
        if not legal_squares(other, own):
            return final_score(own, other)
        return -plain_score(other, own, -beta, -alpha)
    children = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        flips = flipped_by(own, other, bit.bit_length() - 1)
        mine, theirs = own | flips | bit, other ^ flips
        children.append((legal_squares(theirs, mine).bit_count(), theirs, mine))
    children.sort(key=lambda child: child[0])
    best = -SQUARES - 1
    for _, theirs, mine in children:
        best = max(best, -plain_score(theirs, mine, -beta, -max(alpha, best)))
        if best >= beta:
            break
    return best


def endgame_positions(empties: int, count: int, seed: int = 14) -> list[Othello]:
    """Positions still in play with ``empties`` empty squares, from random games (tests, bench)."""
    rng = random.Random(seed)
    found: list[Othello] = []
    while len(found) < count:
        state = RULES.initial_state()
        while RULES.outcome(state) is None and state.empties > empties:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        if state.empties == empties and RULES.outcome(state) is None:
            found.append(state)
    return found


# The look-ahead.


def _stable_edges(stones: int) -> int:
    """Stones on an edge that a line of own stones joins to a corner: they can never turn."""
    stable = stones & CORNERS
    if not stable:
        return 0
    edge = stones & EDGES
    for _ in range(6):
        grown = stable | (edge & (
            ((stable & NOT_H) << 1) | ((stable & NOT_A) >> 1)
            | (stable << 8) | (stable >> 8)))
        grown &= FULL
        if grown == stable:
            break
        stable = grown
    return stable


def _frontier(stones: int, empty: int) -> int:
    """How many of ``stones`` touch an empty square (each one a future move for the opponent)."""
    right, left = empty & NOT_H, empty & NOT_A  # empties with a neighbour to that side
    around = (empty << 8) | (empty >> 8) | (right << 1) | (left >> 1)
    around |= (right << 9) | (right >> 7) | (left << 7) | (left >> 9)
    return (stones & around).bit_count()


def evaluate(own: int, other: int, my_moves: int | None = None) -> int:
    """Worth of a position for the side to move, well inside ±WIN_BASE (``my_moves``: how
    many moves it has, if the caller knows)."""
    empty = FULL & ~(own | other)
    if my_moves is None:
        my_moves = legal_squares(own, other).bit_count()
    their_moves = legal_squares(other, own).bit_count()
    score = 12 * (my_moves - their_moves)
    score += 4 * (_frontier(other, empty) - _frontier(own, empty))
    score += 90 * ((own & CORNERS).bit_count() - (other & CORNERS).bit_count())
    for corner, x_square, c_squares in CORNER_NEIGHBOURS:
        if corner & empty:
            score -= 40 * ((own & x_square).bit_count() - (other & x_square).bit_count())
            score -= 12 * ((own & c_squares).bit_count() - (other & c_squares).bit_count())
    score += 20 * (_stable_edges(own).bit_count() - _stable_edges(other).bit_count())
    if empty.bit_count() <= 20:
        score += 2 * (own.bit_count() - other.bit_count())
    return score


class Lookahead:
    """Alpha-beta to a fixed depth over bitboards; a finished game scores exactly.
    ``table`` replaces the session's SEARCH_TABLE (the bench and tests start from an empty one)."""

    def __init__(self, table: SlotTable | None = None) -> None:
        self.nodes = 0
        self.deadline = math.inf
        self.node_limit = math.inf  # as the solver's
        self.table = SEARCH_TABLE if table is None else table  # best move bit of positions already searched

    def search(self, own: int, other: int, depth: int, order: list[int], rng: random.Random):
        """Generator returning (value, best moves) at ``depth`` plies; ``order`` lists the
        move bits to try, the best of the previous depth first."""
        best, best_bits = -INFINITY, []
        for bit in order:
            flips = flipped_by(own, other, bit.bit_length() - 1)
            # A window one below the best so far finds every move that ties with it.
            value = -(yield from self._alphabeta(other ^ flips, own | flips | bit, depth - 1, -INFINITY, 1 - best))
            if value > best:
                best, best_bits = value, [bit]
            elif value == best:
                best_bits.append(bit)
        return best, best_bits

    def value(self, own: int, other: int, depth: int):
        """Generator returning the value of a position at ``depth`` plies, as :meth:`search`
        scores a move: how the review scores the move played."""
        return (yield from self._alphabeta(own, other, depth, -INFINITY, INFINITY))

    def _alphabeta(self, own: int, other: int, depth: int, alpha: int, beta: int):
        self.nodes += 1
        if not self.nodes & CHECK_MASK and (time.perf_counter() >= self.deadline or self.nodes >= self.node_limit):
            yield
        moves = legal_squares(own, other)
        if not moves:
            if not legal_squares(other, own):
                score = final_score(own, other)
                return WIN_BASE + score if score > 0 else -WIN_BASE + score if score < 0 else 0
            return -(yield from self._alphabeta(other, own, depth, -beta, -alpha))
        if depth <= 0:
            return evaluate(own, other)
        key = (own, other)
        first = self.table.get(key, 0)
        best, best_bit = -INFINITY, 0
        if depth >= 2:
            children = [(bit, theirs, mine) for _, bit, theirs, mine in _ordered_children(own, other, moves, first)]
        else:
            children = []
            for bit in _bits(moves):
                flips = flipped_by(own, other, bit.bit_length() - 1)
                children.append((bit, other ^ flips, own | flips | bit))
        for bit, theirs, mine in children:
            value = -(yield from self._alphabeta(theirs, mine, depth - 1, -beta, -alpha))
            if value > best:
                best, best_bit = value, bit
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if depth >= 2:
            self.table[key] = best_bit
        return best


def greedy_move(state: Othello, rng: random.Random) -> int:
    """The move that turns the most stones (ties at random)."""
    own, other = state.own, state.other
    moves = legal_squares(own, other)
    if not moves:
        return PASS
    counts = {}
    for bit in _bits(moves):
        counts[bit] = flipped_by(own, other, bit.bit_length() - 1).bit_count()
    most = max(counts.values())
    return bit_to_move(rng.choice([bit for bit, count in counts.items() if count == most]))


class OthelloSearch(LevelSearch):
    """Finds a move for ``level`` a slice at a time: ``step(budget_ms)`` every frame until it
    returns an :class:`EngineResult` (``score`` is the exact disc difference once solved)."""

    def __init__(self, state: Othello, level: str = "hard", budget_ms: float | None = None,
                 rng: random.Random | None = None, exact_empties: int = EXACT_EMPTIES):
        self.exact_empties = exact_empties
        super().__init__(state, level, LEVELS, RULES, rng, HARD_BUDGET_MS if budget_ms is None else budget_ms)
        self.best_move = PASS

    def _plan(self):
        state, rng = self.state, self.rng
        own, other = state.own, state.other
        moves = legal_squares(own, other)
        if not moves:
            self.best_move = PASS
            return
        if self.level == "random":
            self.best_move = rng.choice(RULES.legal_moves(state))
            return
        if self.level == "greedy":
            self.best_move = greedy_move(state, rng)
            return
        order = [bit for _, bit, _, _ in _ordered_children(own, other, moves)]
        self.best_move = bit_to_move(order[0])
        if len(order) == 1 and self.level == "hard":
            return
        if self.level in LOOKAHEAD_DEPTHS:
            yield from self._lookahead(own, other, order, LOOKAHEAD_DEPTHS[self.level], 1.0)
            return
        empties = state.empties
        solving = empties <= self.exact_empties
        yield from self._lookahead(own, other, order, MAX_DEPTH, LOOKAHEAD_SHARE if solving else 1.0)
        if solving and not self.exact:
            solver = self.nest(EndgameSolver())
            score, bit = yield from solver.search(own, other)
            self.best_move, self.score, self.exact = bit_to_move(bit), score, True
            self.depth_done = empties

    def _lookahead(self, own, other, order, max_depth, share):
        """Iterative deepening; each finished depth replaces the move.  Stops at a proven end,
        at ``max_depth``, when the whole game fits in the depth, or past ``share`` of the budget."""
        lookahead = self.nest(Lookahead())
        empties = SQUARES - (own | other).bit_count()
        for depth in range(1, min(max_depth, empties) + 1):
            started = self.elapsed_now_ms()
            value, best_bits = yield from lookahead.search(own, other, depth, order, self.rng)
            bit = self.rng.choice(best_bits)
            self.best_move, self.depth_done = bit_to_move(bit), depth
            order = [bit] + [b for b in best_bits if b != bit] + [b for b in order if b not in best_bits]
            if depth >= empties and self.found_win(value, WIN_BASE):
                return
            if not self.next_depth_fits(started, GROWTH, share):
                return
            yield


def make_search(state: Othello, level: str, rng: random.Random | None = None,
                budget_ms: float | None = None) -> OthelloSearch:
    return OthelloSearch(state, level, budget_ms=budget_ms, rng=rng)


# From this many empties on, an exact solve may take long in pure Python.
SLOW_EMPTIES = 18


def slow_note(position: str) -> str:
    """What to say before a solve that may take long, or ""."""
    if position.count("-") >= SLOW_EMPTIES:
        return f"with {SLOW_EMPTIES} or more empty squares the exact solve can take minutes to hours in pure Python"
    return ""


def make_engine(state: Othello, level: str, rng: random.Random | None = None) -> OthelloSearch:
    """The match layer's engine for ``level``."""
    return OthelloSearch(state, level, rng=rng)
