"""Othello on the standard 8x8 board: place a stone so that it closes a line of the
opponent's stones, which turn to your colour; the most stones at the end wins.

Squares are named as in every Othello book and the FFO endgame tests: a column letter
a-h from the left and a row number 1-8 from the top, so ``a1`` is the top-left corner.
A move is the square's index ``row * 8 + column`` (0-63), or :data:`PASS`, which is a real
move exactly when the side to move has no square to play (and is illegal otherwise).
The game ends when neither side can move.

A state's text is the FFO position format: 64 characters a1, b1, ..., h1, a2, ..., h8
with ``X`` a black stone, ``O`` a white one and ``-`` an empty square, then a space and
``X`` or ``O`` for the side to move.  Black moves first in the standard game; the
variant ``white-starts`` (the seed project's rule) lets White begin from the same four
stones.

Stones are two 64-bit bitboards, bit ``row * 8 + column``; the legal squares of all
eight directions are found at once by shifting and masking (a Kogge-Stone fill).

>>> rules = OthelloRules()
>>> state = rules.initial_state()
>>> [rules.move_to_text(move) for move in rules.legal_moves(state)]
['d3', 'c4', 'f5', 'e6']
>>> rules.state_to_text(rules.apply(state, rules.move_from_text(state, "f5")))[24:40]
'---OX------XXX--'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .base import IllegalMoveError, NotationError, Outcome, Rules, UnknownVariantError

SIZE = 8
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
INNER_COLUMNS = 0x7E7E7E7E7E7E7E7E  # columns b-g
BLACK, WHITE = 0, 1
PASS = SQUARES
PASS_TEXT = "pass"
COLUMN_LETTERS = "abcdefgh"
STANDARD, WHITE_STARTS = "standard", "white-starts"
FIRST = {STANDARD: 0, WHITE_STARTS: 1}  # the colour that begins (BLACK, WHITE) in each variant
# The four centre stones crosswise: White on d4 and e5, Black on e4 and d5.
START_BLACK = (1 << 28) | (1 << 35)
START_WHITE = (1 << 27) | (1 << 36)
STONE_CHARS = "XO"
EMPTY_CHAR = "-"


def legal_squares(own: int, other: int) -> int:
    """Bitboard of the empty squares where ``own`` (the side to move) closes a line of ``other``."""
    empty = FULL & ~(own | other)
    # A line along a row or a diagonal never turns a stone on column a or h.
    inner = other & INNER_COLUMNS
    # Right (+1), left (-1), down (+8), up (-8), the four diagonals; written out: the hot loop.
    t = inner & (own << 1); t |= inner & (t << 1)
    pair = inner & (inner << 1)
    t |= pair & (t << 2); t |= pair & (t << 2)
    moves = t << 1
    t = inner & (own >> 1); t |= inner & (t >> 1)
    pair = inner & (inner >> 1)
    t |= pair & (t >> 2); t |= pair & (t >> 2)
    moves |= t >> 1
    t = other & (own << 8); t |= other & (t << 8)
    pair = other & (other << 8)
    t |= pair & (t << 16); t |= pair & (t << 16)
    moves |= t << 8
    t = other & (own >> 8); t |= other & (t >> 8)
    pair = other & (other >> 8)
    t |= pair & (t >> 16); t |= pair & (t >> 16)
    moves |= t >> 8
    t = inner & (own << 9); t |= inner & (t << 9)
    pair = inner & (inner << 9)
    t |= pair & (t << 18); t |= pair & (t << 18)
    moves |= t << 9
    t = inner & (own >> 9); t |= inner & (t >> 9)
    pair = inner & (inner >> 9)
    t |= pair & (t >> 18); t |= pair & (t >> 18)
    moves |= t >> 9
    t = inner & (own << 7); t |= inner & (t << 7)
    pair = inner & (inner << 7)
    t |= pair & (t << 14); t |= pair & (t << 14)
    moves |= t << 7
    t = inner & (own >> 7); t |= inner & (t >> 7)
    pair = inner & (inner >> 7)
    t |= pair & (t >> 14); t |= pair & (t >> 14)
    moves |= t >> 7
    return moves & empty


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, the squares (as bits) along each direction with room for a flip."""
    rays = []
    for square in range(SQUARES):
        row, column = divmod(square, SIZE)
        lines = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            line = []
            r, c = row + dr, column + dc
            while 0 <= r < SIZE and 0 <= c < SIZE:
                line.append(1 << (r * SIZE + c))
                r, c = r + dr, c + dc
            if len(line) >= 2:
                lines.append(tuple(line))
        rays.append(tuple(lines))
    return tuple(rays)


RAYS = _rays()
# The first square of every ray: a flip starts next to the stone played or not at all.
NEIGHBOURS = tuple(sum(ray[0] for ray in rays) for rays in RAYS)


def _flip_rays(rays: tuple[tuple[int, ...], ...]) -> dict[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """For each set of a square's neighbours (a bitboard), the rest of every ray that
    starts with one of them: each further square with the stones before it on the ray."""
    walks = [tuple((ray[index], sum(ray[:index])) for index in range(1, len(ray))) for ray in rays]
    by_neighbours = {0: ()}
    # Each set is a smaller one (its highest ray left out) with that ray added: built once each.
    for index, ray in enumerate(rays):
        for near, picked in list(by_neighbours.items()):
            by_neighbours[near | ray[0]] = picked + (walks[index],)
    return by_neighbours


# Per square, the rays that start at the opponent's neighbouring stones, looked up by those
# stones: a ray walk never visits a direction whose first square is not the opponent's
# (a fifth less time a call than testing every ray's first square).
FLIP_RAYS = tuple(_flip_rays(rays) for rays in RAYS)


def flipped_by(own: int, other: int, square: int) -> int:
    """Bitboard of the ``other`` stones a stone of ``own`` on ``square`` turns; 0 if none
    (then the square is not a legal move)."""
    near = NEIGHBOURS[square] & other
    if not near:
        return 0
    flips = 0
    for ray in FLIP_RAYS[square][near]:
        for bit, line in ray:
            if not bit & other:
                if bit & own:
                    flips |= line
                break
    return flips


def turns_any(own: int, other: int, square: int) -> bool:
    """Whether a stone of ``own`` on the empty ``square`` turns a stone (a legal move): the
    walk of :func:`flipped_by` that stops at the first line it closes."""
    near = NEIGHBOURS[square] & other
    if not near:
        return False
    for ray in FLIP_RAYS[square][near]:
        for bit, _ in ray:
            if not bit & other:
                if bit & own:
                    return True
                break
    return False


def square_name(square: int) -> str:
    row, column = divmod(square, SIZE)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def bits_to_squares(bits: int) -> list[int]:
    """The squares of a bitboard, a1 first (row by row from the top)."""
    squares = []
    while bits:
        low = bits & -bits
        squares.append(low.bit_length() - 1)
        bits ^= low
    return squares


@dataclass(frozen=True, slots=True)
class Othello:
    """A position: each colour's stones and the colour to move (BLACK 0, WHITE 1).

    ``first`` is the colour that began the game (the variant), None where nothing says: it is the
    game's, not the position's, so it takes no part in equality, hashing or the text.
    """

    black: int = START_BLACK
    white: int = START_WHITE
    to_move: int = BLACK
    first: int | None = field(default=None, compare=False)

    @property
    def is_start(self) -> bool:
        """The four centre stones and nothing else: whoever is to move begins."""
        return self.black == START_BLACK and self.white == START_WHITE

    def stones_of(self, colour: int) -> int:
        return self.white if colour else self.black

    @property
    def own(self) -> int:
        """The stones of the side to move."""
        return self.white if self.to_move else self.black

    @property
    def other(self) -> int:
        return self.black if self.to_move else self.white

    @property
    def empties(self) -> int:
        return SQUARES - (self.black | self.white).bit_count()

    def stone_at(self, square: int) -> int | None:
        """BLACK, WHITE or None for an empty square."""
        bit = 1 << square
        if self.black & bit:
            return BLACK
        if self.white & bit:
            return WHITE
        return None

    def count(self, colour: int) -> int:
        return self.stones_of(colour).bit_count()


class OthelloRules(Rules[Othello, int]):
    name = "othello"
    title = "Othello"
    players = 2
    variants = (STANDARD, WHITE_STARTS)

    def initial_state(self, variant: str | None = None) -> Othello:
        first = FIRST[self.check_variant(variant)]
        return Othello(to_move=first, first=first)

    def variant_of(self, state: Othello) -> str:
        """Who began: the state carries it from its start (or from the variant it was read with);
        at the start itself the side to move begins.  A position read alone in mid-game cannot say."""
        first = state.to_move if state.is_start else state.first
        if first is None:
            raise UnknownVariantError("a position in mid-game does not say who began: read it with its variant")
        return STANDARD if first == BLACK else WHITE_STARTS

    def to_move(self, state: Othello) -> int:
        return state.to_move

    def legal_squares(self, state: Othello) -> int:
        return legal_squares(state.own, state.other)

    def must_pass(self, state: Othello) -> bool:
        """The side to move has no square but the game goes on: its only move is a pass."""
        return not legal_squares(state.own, state.other) and bool(legal_squares(state.other, state.own))

    def legal_moves(self, state: Othello) -> list[int]:
        own, other = state.own, state.other
        squares = legal_squares(own, other)
        if squares:
            return bits_to_squares(squares)
        return [PASS] if legal_squares(other, own) else []

    def flips(self, state: Othello, square: int) -> int:
        """The stones a move on ``square`` would turn (0: not a legal square)."""
        if state.stone_at(square) is not None:
            return 0
        return flipped_by(state.own, state.other, square)

    def apply(self, state: Othello, move: int) -> Othello:
        own, other = state.own, state.other
        if move == PASS:
            if legal_squares(own, other):
                raise IllegalMoveError("you may pass only when you have no legal move")
            if not legal_squares(other, own):
                raise IllegalMoveError("the game is already over")
            return Othello(state.black, state.white, 1 - state.to_move, state.first)
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < SQUARES:
            raise IllegalMoveError(f"there is no square {move!r}")
        name = square_name(move)
        if (own | other) >> move & 1:
            raise IllegalMoveError(f"{name} is taken")
        flips = flipped_by(own, other, move)
        if not flips:
            raise IllegalMoveError(f"{name} turns no stone")
        own |= flips | (1 << move)
        other ^= flips
        if state.to_move:
            return Othello(other, own, BLACK, state.first)
        return Othello(own, other, WHITE, state.first)

    def outcome(self, state: Othello) -> Outcome | None:
        own, other = state.own, state.other
        if legal_squares(own, other) or legal_squares(other, own):
            return None
        black, white = state.black.bit_count(), state.white.bit_count()
        if black == white:
            return Outcome(None, "draw", 0)
        winner = BLACK if black > white else WHITE
        return Outcome(winner, "most stones", abs(black - white))

    def position_key(self, state: Othello) -> tuple[int, int, int]:
        return state.black, state.white, state.to_move

    # Text.

    def state_to_text(self, state: Othello) -> str:
        cells = []
        for square in range(SQUARES):
            colour = state.stone_at(square)
            cells.append(EMPTY_CHAR if colour is None else STONE_CHARS[colour])
        return "".join(cells) + " " + STONE_CHARS[state.to_move]

    def state_from_text(self, text: str, variant: str | None = None) -> Othello:
        """An FFO position: 64 of ``X O -``, a space, ``X`` or ``O`` to move; ``variant`` says who
        began (at the start, the side to move, which must then fit it)."""
        first = None if variant is None else FIRST[self.check_variant(variant)]
        parts = text.split()
        if len(parts) != 2 or len(parts[0]) != SQUARES:
            raise NotationError(
                "a position is 64 squares a1..h8 of X (black), O (white) or - (empty), "
                "a space, then X or O to move"
            )
        board, side = parts
        black = white = 0
        for square, char in enumerate(board.upper()):
            if char == "X":
                black |= 1 << square
            elif char == "O":
                white |= 1 << square
            elif char not in "-.":
                raise NotationError(f"{char!r} at {square_name(square)} is not X, O or -")
        if side.upper() not in STONE_CHARS:
            raise NotationError(f"{side!r} is not X or O for the side to move")
        state = Othello(black, white, STONE_CHARS.index(side.upper()), first)
        if state.is_start and first not in (None, state.to_move):
            raise NotationError(f"the start of {variant} has {'White' if first else 'Black'} to move")
        return state

    def move_to_text(self, move: int) -> str:
        return PASS_TEXT if move == PASS else square_name(move)

    def move_from_text(self, state, text: str) -> int:
        token = text.strip().lower()
        if token == PASS_TEXT:
            return PASS
        if len(token) == 2 and token[0] in COLUMN_LETTERS and token[1] in "12345678":
            return (int(token[1]) - 1) * SIZE + COLUMN_LETTERS.index(token[0])
        raise NotationError(f"{text!r} is not a square a1-h8 or pass")

    def perft(self, state: Othello, depth: int) -> int:
        """Move sequences of ``depth`` plies, as the published Othello tables count them:
        a forced pass is a ply, and a finished game is one leaf however deep the limit.

        >>> [RULES.perft(RULES.initial_state(), d) for d in range(1, 6)]
        [4, 12, 56, 244, 1396]
        """
        return _perft(state.own, state.other, depth)


def _perft(own: int, other: int, depth: int) -> int:
    if depth == 0:
        return 1
    squares = legal_squares(own, other)
    if not squares:
        if not legal_squares(other, own):
            return 1
        return _perft(other, own, depth - 1)
    if depth == 1:
        return squares.bit_count()
    depth -= 1
    total = 0
    while squares:
        bit = squares & -squares
        squares ^= bit
        flips = flipped_by(own, other, bit.bit_length() - 1)
        total += _perft(other ^ flips, own | flips | bit, depth)
    return total


RULES = OthelloRules()
