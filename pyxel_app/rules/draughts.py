"""Draughts on the 10x10 board: International (FMJD) and the seed's Polish "warcaby".

The 50 dark squares are numbered 1-50 as in every draughts book: 1-5 on the top row
(black's back rank), 46-50 on the bottom row (white's), five a row, left to right;
White moves up, towards square 1, and moves first.  A move is written in PDN: ``32-28``
for a step, ``28x19x10`` for a capture with every square it lands on.  Two routes that
take the same pieces to the same square are one move (the convention of published
perft tables); the first route found names it, and any of them is accepted in text, as
is the short ``28x10`` when it names one move only.

International: 20 men each (1-20 black, 31-50 white); the sequence that takes the most
pieces must be played; pieces taken stay on the board until the sequence ends (they
block, and cannot be jumped twice); a man is crowned only when it *ends* its move on the
far row; draws by threefold repetition and after 25 king-only moves each without a
capture (50 plies: the state keeps the positions since the last man move or capture).

Warcaby, as the seed's Game Maker code plays it: 15 men each (1-15 black, 36-50 white),
capturing is compulsory but any capture may be chosen (the seed has no majority rule);
the capturing piece must go on while it can, so a move is a whole sequence to where it
can take no more; a taken piece leaves the board at once (the seed empties its square
after every jump), and a man that lands on the far row is crowned at once (the seed
crowns before it looks for the next jump) and captures on as a king.  The seed knows no
draw.  In both, a side with no legal move (no pieces left included) loses.

Positions are written as PDN FEN: ``W:W31,32,K33:B1,2`` (side to move, then each side's
squares, ``K`` before a king, ranges like ``31-35`` accepted); a state's text adds `` warcaby``
after the FEN for a warcaby position, so that it says which rules it is played by.

>>> state = RULES.initial_state()
>>> [RULES.move_to_text(move) for move in RULES.legal_moves(state)][:3]
['31-26', '31-27', '32-27']
>>> RULES.perft(state, 3)
658
>>> state = RULES.state_from_text("W:W28:B23,13")
>>> [RULES.move_to_text(move) for move in RULES.legal_moves(state)]
['28x19x8']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from .base import IllegalMoveError, NotationError, Outcome, Rules, UnknownVariantError
from .numbers import NumberError, parse_number

SIZE = 10
SQUARES = 50
WHITE, BLACK = 0, 1
INTERNATIONAL, WARCABY = "international", "warcaby"
# Men per side at the start: 20 on four rows, or the seed's 15 on three.
START_ROWS = {INTERNATIONAL: 4, WARCABY: 3}
# Plies of king moves without a capture after which International is drawn (25 each).
KING_MOVES_DRAW = 50
# Directions (dx, dy) on the board, y down: up-left, up-right, down-left, down-right.
DIRECTIONS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
# The two directions a man steps in: White up, Black down.
FORWARD = {WHITE: (0, 1), BLACK: (2, 3)}


def square_xy(index: int) -> tuple[int, int]:
    """Column and row (from the top left, 0-9) of the square with index 0-49 (square 1-50)."""
    row, place = divmod(index, 5)
    return 2 * place + (1 - row % 2), row


def xy_square(x: int, y: int) -> int | None:
    """The index of the dark square at (x, y), or None for a light square or off the board."""
    if not (0 <= x < SIZE and 0 <= y < SIZE) or (x + y) % 2 == 0:
        return None
    return y * 5 + x // 2


# Bitboards give every two rows 11 bits, the last of them never set (a "ghost" square past
# the board's edge): then a step in each direction is one shift for every square (up-left
# 6, up-right 5, down-left 5, down-right 6), and a step off the side lands on a ghost bit.
BIT_OF = tuple(11 * (index // 10) + index % 10 for index in range(SQUARES))
INDEX_OF = tuple(BIT_OF.index(bit) if bit in BIT_OF else -1 for bit in range(BIT_OF[-1] + 1))
SHIFTS = (-6, -5, 5, 6)
FULL = sum(1 << bit for bit in BIT_OF)


def square_bit(index: int) -> int:
    """The bitboard of the square with index 0-49 alone."""
    return 1 << BIT_OF[index]


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per bit (ghosts included, with no rays), the bits of the squares in each direction."""
    rays: list[tuple] = [((), (), (), ())] * len(INDEX_OF)
    for index in range(SQUARES):
        x, y = square_xy(index)
        per_direction = []
        for dx, dy in DIRECTIONS:
            ray = []
            cx, cy = x + dx, y + dy
            while (square := xy_square(cx, cy)) is not None:
                ray.append(BIT_OF[square])
                cx, cy = cx + dx, cy + dy
            per_direction.append(tuple(ray))
        rays[BIT_OF[index]] = tuple(per_direction)
    return tuple(rays)


RAYS = _rays()
# Man captures per bit: (taken bit, landing bit) in each direction where both exist.
JUMPS = tuple(tuple((ray[0], ray[1]) for ray in rays if len(ray) >= 2) for rays in RAYS)
FAR_ROW = {WHITE: sum(square_bit(i) for i in range(5)), BLACK: sum(square_bit(i) for i in range(45, 50))}


def bits_of(bits: int) -> list[int]:
    """The set bits' positions, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


def squares_of(bits: int) -> list[int]:
    """Indices (0-49) of the squares set in a bitboard, lowest first."""
    return [INDEX_OF[bit] for bit in bits_of(bits)]


class Move(NamedTuple):
    """A step or a capture: the squares (indices 0-49) it stands on, start first, and the
    bitboard of the pieces it takes (0 for a step)."""

    path: tuple[int, ...]
    captured: int = 0

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def key(self) -> tuple[int, int, int]:
        """What makes two routes one move: start, end and the pieces taken."""
        return self.path[0], self.path[-1], self.captured

    def __str__(self) -> str:
        return ("x" if self.captured else "-").join(str(square + 1) for square in self.path)


@dataclass(frozen=True)
class Draughts:
    """A position: each side's pieces and the kings among them as bitboards (square index i
    is bit ``BIT_OF[i]``), whose turn, and the positions since the last man move or capture (International's
    draws need them; warcaby keeps none)."""

    variant: str = INTERNATIONAL
    white: int = 0
    black: int = 0
    kings: int = 0
    turn: int = WHITE
    # Not part of what the position is (equality, hash, text): how it was reached.
    history: tuple = field(default=(), compare=False)

    def pieces_of(self, side: int) -> int:
        return self.black if side else self.white

    def piece_at(self, index: int) -> tuple[int, bool] | None:
        """(side, is king) of the piece on square index 0-49, or None if it is empty."""
        bit = square_bit(index)
        if self.white & bit:
            return WHITE, bool(self.kings & bit)
        if self.black & bit:
            return BLACK, bool(self.kings & bit)
        return None

    @property
    def key(self) -> tuple[int, int, int, int]:
        return self.white, self.black, self.kings, self.turn


# Move generation on bitboards: ``own`` holds the pieces of the side to move.  Inside it a
# square is its bit (``BIT_OF``); only the moves it hands out name squares by index.


def man_step_count(men: int, empty: int, side: int) -> int:
    """How many steps the men have, counted without listing them."""
    if side == WHITE:
        return (men >> 6 & empty).bit_count() + (men >> 5 & empty).bit_count()
    return (men << 5 & empty).bit_count() + (men << 6 & empty).bit_count()


def man_steps(men: int, empty: int, side: int) -> list[tuple[int, int]]:
    """(start, end) bits of every man step."""
    pairs = []
    for direction in FORWARD[side]:
        shift = SHIFTS[direction]
        targets = (men << shift if shift > 0 else men >> -shift) & empty
        while targets:
            low = targets & -targets
            end = low.bit_length() - 1
            pairs.append((end - shift, end))
            targets ^= low
    return pairs


def jumpers(men: int, opp: int, empty: int) -> tuple[int, int, int, int]:
    """The men that can take a piece next to them, by direction (up-left, up-right,
    down-left, down-right), all at once: the piece one step away, the landing square two."""
    return (men & opp << 6 & empty << 12, men & opp << 5 & empty << 10,
            men & opp >> 5 & empty >> 10, men & opp >> 6 & empty >> 12)


def capturing_men(men: int, opp: int, empty: int) -> int:
    """The men that can take a piece next to them (``jumpers`` in one)."""
    return men & (opp << 6 & empty << 12 | opp << 5 & empty << 10 | opp >> 5 & empty >> 10 | opp >> 6 & empty >> 12)


def single_jump_count(jumps: tuple[int, int, int, int], opp: int, empty: int) -> int | None:
    """International: how many captures the men with these ``jumpers`` have when none of
    them can take a second piece (then each jump is a move of its own), else None.  A man
    that has jumped is looked at on the board as it was: his way back is blocked by his own
    start square, and the piece he took is behind him."""
    up_left, up_right, down_left, down_right = jumps
    landings = up_left >> 12 | up_right >> 10 | down_left << 10 | down_right << 12
    if capturing_men(landings, opp, empty):
        return None
    return up_left.bit_count() + up_right.bit_count() + down_left.bit_count() + down_right.bit_count()


def _king_can_capture(start: int, opp: int, empty: int) -> bool:
    for ray in RAYS[start]:
        for k, square in enumerate(ray):
            if not empty >> square & 1:
                if opp >> square & 1 and k + 1 < len(ray) and empty >> ray[k + 1] & 1:
                    return True
                break
    return False


def can_capture(own: int, opp: int, kings: int, empty: int) -> bool:
    """Whether the side with ``own`` has a capture: men by shifts, kings along their rays."""
    if capturing_men(own & ~kings, opp, empty):
        return True
    return bool(own & kings) and any(_king_can_capture(start, opp, empty) for start in bits_of(own & kings))


def generate(own: int, opp: int, kings: int, side: int, international: bool) -> list[Move]:
    """Every legal move, one route per (start, end, pieces taken)."""
    empty = FULL & ~(own | opp)
    capturers = capturing_men(own & ~kings, opp, empty)
    if capturers or (own & kings and can_capture(own & kings, opp, kings, empty)):
        return merged(capture_routes(own, opp, kings, side, international, capturers))
    return steps(own, opp, kings, side)


def merged(routes: list[Move]) -> list[Move]:
    """One route for each (start, end, pieces taken), the first found."""
    if len(routes) < 2:
        return routes
    seen = set()
    moves = []
    for move in routes:
        if move.key not in seen:
            seen.add(move.key)
            moves.append(move)
    return moves


def step_pairs(own: int, opp: int, kings: int, side: int) -> list[tuple[int, int]]:
    """(start, end) bits of every step: men's by shifts, kings' along their rays."""
    empty = FULL & ~(own | opp)
    pairs = man_steps(own & ~kings, empty, side)
    for start in bits_of(own & kings):
        for ray in RAYS[start]:
            for square in ray:
                if not empty >> square & 1:
                    break
                pairs.append((start, square))
    return pairs


def steps(own: int, opp: int, kings: int, side: int) -> list[Move]:
    return sorted(Move((INDEX_OF[start], INDEX_OF[end])) for start, end in step_pairs(own, opp, kings, side))


def capture_routes(own: int, opp: int, kings: int, side: int, international: bool, capturers: int | None = None) -> list[Move]:
    """Every capture route (before routes with the same start, end and pieces are merged);
    International keeps only those that take the most pieces.  ``capturers`` are the men
    that can capture, when the caller knows them."""
    routes: list[Move] = []
    occupied = own | opp
    far_row = FAR_ROW[side]
    empty = FULL & ~occupied
    if capturers is None:
        capturers = capturing_men(own & ~kings, opp, empty)
    for start in bits_of(capturers):
        _man_jumps(start, [INDEX_OF[start]], 0, empty | (1 << start), opp, international, far_row, routes)
    for start in bits_of(own & kings):
        _king_jumps(start, [INDEX_OF[start]], 0, empty | (1 << start), opp, international, routes)
    if international and routes:
        most = max(move.captured.bit_count() for move in routes)
        routes = [move for move in routes if move.captured.bit_count() == most]
    return routes


def _man_jumps(square, path, captured, empty, prey, international, far_row, routes) -> None:
    """A man on bit ``square`` has taken ``captured``; ``prey`` are the pieces it may still
    take; ``path`` holds the squares' indices so far."""
    further = False
    for taken, landing in JUMPS[square]:
        if prey >> taken & 1 and empty >> landing & 1:
            further = True
            bit = 1 << taken
            path.append(INDEX_OF[landing])
            if international:
                _man_jumps(landing, path, captured | bit, empty, prey ^ bit, True, far_row, routes)
            elif far_row >> landing & 1:
                # warcaby: crowned on landing, the seed's king goes on capturing
                _king_jumps(landing, path, captured | bit, empty | bit, prey ^ bit, False, routes)
            else:
                _man_jumps(landing, path, captured | bit, empty | bit, prey ^ bit, False, far_row, routes)
            path.pop()
    if not further and captured:
        routes.append(Move(tuple(path), captured))


def _king_jumps(square, path, captured, empty, prey, international, routes) -> None:
    further = False
    for ray in RAYS[square]:
        length = len(ray)
        k = 0
        while k < length and empty >> ray[k] & 1:
            k += 1
        if k + 1 >= length or not prey >> ray[k] & 1:
            continue
        taken = ray[k]
        bit = 1 << taken
        # International leaves the taken piece standing (it blocks); warcaby lifts it at once.
        after = empty if international else empty | bit
        k += 1
        while k < length and empty >> ray[k] & 1:
            further = True
            path.append(INDEX_OF[ray[k]])
            _king_jumps(ray[k], path, captured | bit, after, prey ^ bit, international, routes)
            path.pop()
            k += 1
    if not further and captured:
        routes.append(Move(tuple(path), captured))


def play(own: int, opp: int, kings: int, side: int, move: Move, international: bool) -> tuple[int, int, int]:
    """(own, opp, kings) after ``move``; the caller swaps sides."""
    start_bit, end_bit = square_bit(move.path[0]), square_bit(move.path[-1])
    own = own & ~start_bit | end_bit
    captured = move.captured
    if kings & start_bit:
        kings = kings & ~start_bit & ~captured | end_bit
    else:
        kings &= ~captured
        far_row = FAR_ROW[side]
        if far_row & end_bit or (not international and any(far_row & square_bit(square) for square in move.path[1:])):
            kings |= end_bit
    return own, opp & ~captured, kings


def _man_ends(square, captured, empty, prey, ends) -> None:
    """International man captures as (end bit, pieces taken), no routes: perft only counts them."""
    further = False
    for taken, landing in JUMPS[square]:
        if prey >> taken & 1 and empty >> landing & 1:
            further = True
            bit = 1 << taken
            _man_ends(landing, captured | bit, empty, prey ^ bit, ends)
    if not further and captured:
        ends.append((square, captured))


def _king_ends(square, captured, empty, prey, ends) -> None:
    further = False
    for ray in RAYS[square]:
        length = len(ray)
        k = 0
        while k < length and empty >> ray[k] & 1:
            k += 1
        if k + 1 >= length or not prey >> ray[k] & 1:
            continue
        bit = 1 << ray[k]
        k += 1
        while k < length and empty >> ray[k] & 1:
            further = True
            _king_ends(ray[k], captured | bit, empty, prey ^ bit, ends)
            k += 1
    if not further and captured:
        ends.append((square, captured))


def capture_keys(own: int, opp: int, kings: int, jumps: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """International captures as (start bit, end bit, pieces taken): the legal moves,
    without routes.  ``jumps`` are the men's ``jumpers``; when they are all single jumps and
    no king can take, the moves are read off them."""
    empty = FULL & ~(own | opp)
    if not own & kings and single_jump_count(jumps, opp, empty) is not None:
        return [(start, start + 2 * shift, 1 << (start + shift))
                for shift, starts in zip(SHIFTS, jumps) for start in bits_of(starts)]
    keys = set()
    for start in bits_of(jumps[0] | jumps[1] | jumps[2] | jumps[3]):
        ends: list = []
        _man_ends(start, 0, empty | 1 << start, opp, ends)
        keys.update((start, end, captured) for end, captured in ends)
    for start in bits_of(own & kings):
        ends = []
        _king_ends(start, 0, empty | 1 << start, opp, ends)
        keys.update((start, end, captured) for end, captured in ends)
    most = max(key[2].bit_count() for key in keys)
    return [key for key in keys if key[2].bit_count() == most]


def perft_bits(own: int, opp: int, kings: int, side: int, depth: int, international: bool) -> int:
    """Leaves at ``depth`` below the position, counted on bitboards (no states, no draws).
    Below the last move the leaves are counted, not made: steps by shifts, and captures by
    shifts too when no man can take a second piece."""
    empty = FULL & ~(own | opp)
    capturers = capturing_men(own & ~kings, opp, empty)
    if capturers or (own & kings and can_capture(own & kings, opp, kings, empty)):
        if international:
            jumps = jumpers(capturers, opp, empty)
            if depth == 1 and not own & kings:
                count = single_jump_count(jumps, opp, empty)
                if count is not None:
                    return count
            keys = capture_keys(own, opp, kings, jumps)
            if depth == 1:
                return len(keys)
            total = 0
            far_row = FAR_ROW[side]
            for start, end, captured in keys:
                start_bit, end_bit = 1 << start, 1 << end
                new_own = own & ~start_bit | end_bit
                if kings & start_bit:
                    new_kings = kings & ~start_bit & ~captured | end_bit
                else:
                    new_kings = kings & ~captured | (end_bit & far_row)
                total += perft_bits(opp & ~captured, new_own, new_kings, 1 - side, depth - 1, True)
            return total
        moves = merged(capture_routes(own, opp, kings, side, international, capturers))
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            new_own, new_opp, new_kings = play(own, opp, kings, side, move, international)
            total += perft_bits(new_opp, new_own, new_kings, 1 - side, depth - 1, international)
        return total
    if depth == 1 and not own & kings:
        return man_step_count(own, empty, side)
    total = 0
    far_row = FAR_ROW[side]
    for start, end in step_pairs(own, opp, kings, side):
        start_bit, end_bit = 1 << start, 1 << end
        new_own = own ^ start_bit ^ end_bit
        if kings & start_bit:
            new_kings = kings ^ start_bit ^ end_bit
        elif far_row & end_bit:
            new_kings = kings | end_bit
        else:
            new_kings = kings
        if depth == 1:
            total += 1
        else:
            total += perft_bits(opp, new_own, new_kings, 1 - side, depth - 1, international)
    return total


# PDN FEN.

FEN_PIECE = re.compile(r"^(K?)(\d{1,2})(?:-(\d{1,2}))?$", re.ASCII)


def _fen_squares(text: str, colour: str) -> tuple[list[int], list[int]]:
    """(men, kings) as square numbers from one side's list like ``31,32,K33,40-45``."""
    men: list[int] = []
    kings: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        match = FEN_PIECE.match(item.upper())
        if match is None:
            raise NotationError(f"{item[:20]!r} in {colour}'s squares is not a square like 32, K32 or 31-35",
                                code="draughts.fen_item", item=repr(item[:20]), side=colour.lower())
        try:
            first = parse_number(match.group(2), 1, SQUARES, "a square")
            last = first if match.group(3) is None else parse_number(match.group(3), 1, SQUARES, "a square")
        except NumberError as error:
            raise NotationError(f"{item!r} in {colour}'s squares: {error}", code="draughts.fen_square", item=repr(item),
                                side=colour.lower(), most=SQUARES) from None
        if last < first:
            raise NotationError(f"the range {item!r} in {colour}'s squares runs backwards", code="draughts.fen_backwards",
                                item=repr(item), side=colour.lower())
        (kings if match.group(1) else men).extend(range(first, last + 1))
    return men, kings


def position_from_fen(text: str) -> tuple[int, int, int, int]:
    """(white, black, kings, turn) from a PDN FEN; NotationError names what is wrong."""
    fen = text.strip().strip('"').rstrip(".").strip()
    fields = [field.strip() for field in fen.split(":")]
    if len(fields) != 3 or fields[0].upper() not in ("W", "B"):
        raise NotationError(f"{fen[:40]!r} is not a position like W:W31,32:B1,2 (turn, then each side's squares)",
                            code="draughts.fen", fen=repr(fen[:40]))
    turn = WHITE if fields[0].upper() == "W" else BLACK
    boards = {}
    kings = 0
    taken: set[int] = set()
    for part in fields[1:]:
        colour = part[:1].upper()
        if colour not in ("W", "B") or colour in boards:
            raise NotationError(f"{part[:20]!r}: each side's squares start with W or B, once each",
                                code="draughts.fen_sides", part=repr(part[:20]))
        name = "White" if colour == "W" else "Black"
        men, crowned = _fen_squares(part[1:], name)
        bits = 0
        for square in men + crowned:
            if square in taken:
                raise NotationError(f"square {square} is named twice", code="draughts.fen_twice", square=square)
            taken.add(square)
            bits |= square_bit(square - 1)
        far_row = FAR_ROW[WHITE if colour == "W" else BLACK]
        for square in men:
            if far_row & square_bit(square - 1):
                raise NotationError(f"a {name.lower()} man on square {square} would have been crowned",
                                    code="draughts.fen_crowned", side=name.lower(), square=square)
        kings |= sum(square_bit(square - 1) for square in crowned)
        boards[colour] = bits
    return boards["W"], boards["B"], kings, turn


def position_to_fen(white: int, black: int, kings: int, turn: int) -> str:
    def side(letter: str, bits: int) -> str:
        return letter + ",".join(("K" if kings & square_bit(i) else "") + str(i + 1) for i in squares_of(bits))

    return f"{'WB'[turn]}:{side('W', white)}:{side('B', black)}"


SQUARE_LIST = re.compile(r"^\s*(\d{1,2})\s*(?:[-x:]\s*\d{1,2}\s*)+$", re.IGNORECASE | re.ASCII)


class DraughtsRules(Rules[Draughts, Move]):
    name = "draughts"
    title = "Draughts"
    players = 2
    variants = (INTERNATIONAL, WARCABY)

    # States.

    def initial_state(self, variant: str | None = None) -> Draughts:
        variant = self.check_variant(variant)
        men = START_ROWS[variant] * 5
        black = sum(square_bit(index) for index in range(men))
        white = sum(square_bit(index) for index in range(SQUARES - men, SQUARES))
        return Draughts(variant, white, black)

    def to_move(self, state: Draughts) -> int:
        return state.turn

    def variant_of(self, state: Draughts) -> str:
        if state.variant not in self.variants:
            raise UnknownVariantError(f"{state.variant!r} is no variant of draughts")
        return state.variant

    def position_key(self, state: Draughts) -> tuple[int, int, int, int]:
        """The pieces and the turn: the history differs between transpositions."""
        return state.key

    def sides(self, state: Draughts) -> tuple[int, int]:
        """(own, opp): the side to move's pieces, then the other side's."""
        return (state.black, state.white) if state.turn else (state.white, state.black)

    # Moves.

    def legal_moves(self, state: Draughts) -> list[Move]:
        if self.draw_reason(state) is not None:
            return []
        own, opp = self.sides(state)
        return generate(own, opp, state.kings, state.turn, state.variant == INTERNATIONAL)

    def routes(self, state: Draughts) -> list[Move]:
        """Every capture route (or every step), before routes with the same start, end and
        pieces are merged: what a player may choose between on the board."""
        own, opp = self.sides(state)
        routes = capture_routes(own, opp, state.kings, state.turn, state.variant == INTERNATIONAL)
        return routes or steps(own, opp, state.kings, state.turn)

    def can_capture_from(self, state: Draughts, index: int) -> bool:
        """Whether the side to move's piece on square index 0-49 has a piece to take, whether or
        not the majority rule lets it: a piece that takes fewer is told so."""
        own, opp = self.sides(state)
        return can_capture(own & square_bit(index), opp, state.kings, FULL & ~(own | opp))

    def apply(self, state: Draughts, move: Move) -> Draughts:
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a draughts move")
        legal = {known.key for known in self.legal_moves(state)}
        if move.key not in legal or not self._is_route(state, move):
            if self.outcome(state) is not None:
                raise IllegalMoveError("the game is already over", code="draughts.over")
            raise self.why_illegal(state, move)
        return self.after(state, move)

    def _is_route(self, state: Draughts, move: Move) -> bool:
        return len(move.path) == 2 and not move.captured or move in self.routes(state)

    def after(self, state: Draughts, move: Move) -> Draughts:
        """The position after a legal ``move`` (no check)."""
        international = state.variant == INTERNATIONAL
        own, opp = self.sides(state)
        was_man = not state.kings & square_bit(move.start)
        own, opp, kings = play(own, opp, state.kings, state.turn, move, international)
        white, black = (opp, own) if state.turn else (own, opp)
        if not international or move.captured or was_man:
            history = ()
        else:
            history = state.history + (state.key,)
        return Draughts(state.variant, white, black, kings, 1 - state.turn, history)

    def why_illegal(self, state: Draughts, move: Move) -> IllegalMoveError:
        """The error that says why ``move`` is not legal here."""
        own, _ = self.sides(state)
        start = move.path[0] + 1
        if not own & square_bit(move.path[0]):
            return IllegalMoveError(f"there is no piece of yours on {start}", code="draughts.no_piece", square=start)
        moves = self.legal_moves(state)
        if moves and moves[0].captured:
            most = moves[0].captured.bit_count()
            if not move.captured:
                listed = ", ".join(str(m) for m in moves[:4])
                return IllegalMoveError(f"a capture is compulsory ({listed})", code="draughts.must_capture", moves=listed)
            if state.variant == INTERNATIONAL and move.captured.bit_count() < most:
                return IllegalMoveError(f"the capture that takes the most pieces ({most}) is compulsory",
                                        code="draughts.most_pieces", n=most)
        if not any(m.start == move.start for m in moves):
            return IllegalMoveError(f"the piece on {start} cannot move", code="draughts.cannot_move", square=start)
        return IllegalMoveError(f"{move} is not a legal move", code="draughts.illegal", move=str(move))

    def draw_reason(self, state: Draughts) -> str | None:
        if state.variant != INTERNATIONAL:
            return None
        if len(state.history) >= KING_MOVES_DRAW:
            return "king_moves"
        if state.history.count(state.key) >= 2:
            return "repetition"
        return None

    def outcome(self, state: Draughts) -> Outcome | None:
        reason = self.draw_reason(state)
        if reason is not None:
            return Outcome(None, reason)
        own, opp = self.sides(state)
        if not own:
            return Outcome(1 - state.turn, "all_captured")
        if not generate(own, opp, state.kings, state.turn, state.variant == INTERNATIONAL):
            return Outcome(1 - state.turn, "blocked")
        return None

    def perft(self, state: Draughts, depth: int) -> int:
        """Leaves ``depth`` moves below ``state``; draws are not counted as ends (as in the
        published tables), a side without moves has none.

        >>> [RULES.perft(RULES.initial_state(), d) for d in range(1, 5)]
        [9, 81, 658, 4265]
        """
        if depth == 0:
            return 1
        own, opp = self.sides(state)
        return perft_bits(own, opp, state.kings, state.turn, depth, state.variant == INTERNATIONAL)

    # Text.

    def state_to_text(self, state: Draughts) -> str:
        """The FEN, then the variant's name unless it is International: ``W:W36-50:B1-15 warcaby``."""
        fen = position_to_fen(*state.key)
        return fen if state.variant == INTERNATIONAL else f"{fen} {state.variant}"

    def state_from_text(self, text: str, variant: str | None = None) -> Draughts:
        fen, _, named = text.strip().partition(" ")
        named = named.strip()
        if named and named in self.variants:
            if variant is not None and variant != named:
                raise NotationError(f"the position is {named}, not {variant}", code="draughts.other_variant",
                                    named=named, variant=variant)
            variant = named
        else:
            fen = text
        variant = self.check_variant(variant)
        white, black, kings, turn = position_from_fen(fen)
        return Draughts(variant, white, black, kings, turn)

    def move_to_text(self, move: Move) -> str:
        return str(move)

    def move_from_text(self, state: Draughts, text: str) -> Move:
        """``32-28``, ``28x19x10`` (the route) or ``28x10`` (when one move ends there).

        >>> state = RULES.state_from_text("W:WK46:B41,23,24")
        >>> RULES.move_to_text(RULES.move_from_text(state, "46x28x19x30"))
        '46x28x19x30'
        >>> RULES.move_to_text(RULES.move_from_text(state, "46x30"))
        '46x37x19x30'
        """
        token = text.strip()
        if not SQUARE_LIST.match(token):
            raise NotationError(f"{token[:20]!r} is not a move like 32-28 or 28x19x10", code="draughts.bad_move",
                                token=repr(token[:20]))
        squares = [int(number) - 1 for number in re.split(r"\s*[-xX:]\s*", token)]
        if any(not 0 <= square < SQUARES for square in squares):
            raise NotationError(f"{token!r}: squares are 1-{SQUARES}", code="draughts.squares", token=repr(token),
                                most=SQUARES)
        if self.outcome(state) is not None:
            raise IllegalMoveError("the game is already over", code="draughts.over")
        routes = self.routes(state)
        start, end = squares[0], squares[-1]
        exact = [route for route in routes if list(route.path) == squares]
        # "28x10" is the capture that lands nowhere between, else any route from 28 to 10 if they are one move
        found = exact or [route for route in routes if len(squares) == 2 and route.path[0] == start and route.path[-1] == end]
        keys = {route.key for route in found}
        if not keys:
            captured = "x" in token.lower() or len(squares) > 2
            return_move = Move(tuple(squares), 1 if captured else 0)
            raise self.why_illegal(state, return_move)
        if len(keys) > 1:
            options = ", ".join(str(route) for route in self.distinct(found))
            raise IllegalMoveError(f"{token} can be {options}: write the squares it lands on", code="draughts.ambiguous",
                                   token=token, options=options)
        key = keys.pop()
        for move in self.legal_moves(state):
            if move.key == key:
                return found[0] if exact else move
        raise AssertionError("a route without its move")

    @staticmethod
    def distinct(routes: list[Move]) -> list[Move]:
        seen, kept = set(), []
        for route in routes:
            if route.key not in seen:
                seen.add(route.key)
                kept.append(route)
        return kept

    def square_name(self, index: int) -> str:
        return str(index + 1)


RULES = DraughtsRules()
