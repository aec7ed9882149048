"""Exact International draughts endings of kings only: a lone king against one to four.

:func:`probe` tells the side to move how the position ends with best play, as plies to the
end: ``n > 0`` it wins in ``n`` (its last move takes the last enemy piece or leaves the enemy
no move), ``-n < 0`` it loses in ``n``, ``0`` a draw (neither can force a win; the draw rules
of the game, repetition and 25 king moves, are left to the search, which keeps the clock).
A position outside the table (a man on the board, other material) is None, and so is one
where the side to move has no move at all: that game is over, and the rules say so.

What the tables show: three kings cannot drive a lone king off the long diagonal 46-5 (of
the 70,618 positions with it alone there, the kings to move and no capture for either
side, 18 are won), and no win of three kings takes more than 15 plies: they win by a shot
within reach or not at all.  Four kings win every position where they are to move and
neither side can take (4,084,806), and none takes more than 15 plies either (the lone
king to move loses in 16 at most); they draw only where the lone king threatens a take
they cannot parry (20,558 with the move), and the lone king to move draws, nearly always,
by a take into a drawn three against one.

``tools/build_draughts_endgames.py`` works the values out backwards from the ends
(retrograde analysis) and writes them as one signed byte per position, zlib-compressed, in
:data:`ENDGAME_FILE`.  A table per number of strong kings and side to move: the lone king's
square (0-49) times the rank of the strong kings' set among all sets of as many squares
(the combinatorial number system: squares ``a < b < c`` rank ``C(a,1) + C(b,2) + C(c,3)``);
a set that holds the lone king's square is no position, and scores 0.  Four kings have
their own side's table only, and folded: the board's half turn and its mirrors in both long
diagonals make the lone king's 50 squares 15 kinds (:data:`FOLDED_SQUARES`), and a position
is read as the one the symmetry taking the lone king there makes of it; the lone king to
move against four is worked out from its moves, one ply on (some 25 microseconds, against
1 or 2 for a position read straight).  The file is 5,542,000 bytes, 653 kB compressed (both
sides of four kings, whole, would be 4.2 MB); it is read on the first probe, not on import
(the app imports every engine when it starts), in some 12 ms.

>>> from pyxel_app.rules.draughts import RULES
>>> def probe_text(fen):
...     state = RULES.state_from_text(fen)
...     return probe(*RULES.sides(state), state.kings)
>>> probe_text("W:WK46:BK23"), probe_text("W:WK46:BK3"), probe_text("B:WK5:BK46")
(1, 0, -2)
>>> probe_text("W:WK8,K23,K45:BK2"), probe_text("W:WK46,K50:B5")
(15, None)
>>> probe_text("W:WK7,K13,K18,K45:BK2"), probe_text("B:WK8,K11,K13,K30:BK10")
(15, -16)
"""

from __future__ import annotations

import zlib
from math import comb

from ..rules.draughts import INDEX_OF, SIZE, SQUARES, WHITE, generate, square_bit, square_xy, squares_of, xy_square
from . import package_data
from .cooperative import run_generator

ENDGAME_FILE = "draughts_endgames.zlib"
MOST_KINGS = 4
# Whose move a table is for: the lone king's, or the side with the kings.
LONE, STRONG = 0, 1
# Sets of squares the strong kings can stand on, by how many they are.
SETS = {kings: comb(SQUARES, kings) for kings in range(1, MOST_KINGS + 1)}
# Four kings keep their side's table only, folded by the board's symmetries (the lone
# king's side is looked up one ply on): both of theirs, whole, would be 4 MB compressed.
FOLDED_KINGS = 4
# The board's symmetries, (x, y) to (x, y): none, the half turn, and the mirrors in the
# long diagonal 46-5 and in the other.  Kings alone are worth the same in all four.
SYMMETRIES = (lambda x, y: (x, y), lambda x, y: (SIZE - 1 - x, SIZE - 1 - y),
              lambda x, y: (SIZE - 1 - y, SIZE - 1 - x), lambda x, y: (y, x))
# Per symmetry, every square's image.
IMAGES = tuple(tuple(xy_square(*symmetry(*square_xy(square))) for square in range(SQUARES)) for symmetry in SYMMETRIES)
# The folded table's lone king squares: the first of each group the symmetries make alike.
FOLDED_SQUARES = tuple(square for square in range(SQUARES) if square == min(image[square] for image in IMAGES))
# Per lone king square: its row in the folded table, and the images under the symmetry taking it there.
FOLD = tuple(next((FOLDED_SQUARES.index(image[square]), image) for image in IMAGES if image[square] in FOLDED_SQUARES)
             for square in range(SQUARES))
# The tables in the file's order, (kings, whose move), and how many lone king squares each has.
TABLES = tuple((kings, mover) for kings in SETS for mover in (LONE, STRONG) if kings != FOLDED_KINGS or mover == STRONG)
ROWS = {kings: len(FOLDED_SQUARES) if kings == FOLDED_KINGS else SQUARES for kings in SETS}
OFFSETS = {}
for _table in TABLES:
    OFFSETS[_table] = sum(ROWS[kings] * SETS[kings] for kings, _ in TABLES[:TABLES.index(_table)])
ENTRIES = sum(ROWS[kings] * SETS[kings] for kings, _ in TABLES)
# A byte of the file: signed plies, and this one (-128) for "the side to move has no move".
NO_MOVE = -128
VALUE_OF_BYTE = tuple(None if byte == NO_MOVE + 256 else byte - 256 if byte > 127 else byte for byte in range(256))
# Per bit of a bitboard (ghost bits 0): the square's index, and its part of a set's rank as
# the set's first, second or third square (lowest first: bits run in the squares' order).
SQUARE_OF_BIT = tuple(max(index, 0) for index in INDEX_OF)
RANK_PART = tuple(tuple(comb(index, place) if index >= 0 else 0 for index in INDEX_OF)
                  for place in range(MOST_KINGS + 1))
# (offset, set count, lone king to move) per (own pieces, enemy pieces) read straight from a table.
_START = {}
for _kings in SETS:
    if _kings != FOLDED_KINGS:
        _START[1, _kings] = (OFFSETS[_kings, LONE], SETS[_kings], True)
        if _kings > 1:
            _START[_kings, 1] = (OFFSETS[_kings, STRONG], SETS[_kings], False)

_table: bytes = b""
# Bytes of the tables decompressed at a time by :func:`load_in_steps` (1-2.5 ms here).
PIECE = 1 << 19


def set_rank(squares: list[int]) -> int:
    """The rank of a set of square indices (any order) among all sets of as many squares."""
    return sum(comb(square, place) for place, square in enumerate(sorted(squares), 1))


def table_index(kings: int, mover: int, lone_square: int, strong_squares: list[int]) -> int:
    """Where in the file a position is: the (kings, mover) table's entry for the squares
    (in the folded table, the entry of the position the symmetries take it to)."""
    row = lone_square
    if kings == FOLDED_KINGS:
        row, image = FOLD[lone_square]
        strong_squares = [image[square] for square in strong_squares]
    return OFFSETS[kings, mover] + row * SETS[kings] + set_rank(strong_squares)


def read_endgames(packed: bytes) -> bytes:
    """The tables from the file's bytes; a damaged file is a ValueError naming it."""
    return run_generator(_inflate(packed))


def _inflate(packed: bytes):
    """Decompresses ``packed`` a piece at a time, yielding after each piece; returns the
    tables (a damaged file is a ValueError naming it)."""
    inflater = zlib.decompressobj()
    parts, size = [], 0
    try:
        while not inflater.eof:
            part = inflater.decompress(packed, PIECE)
            packed = inflater.unconsumed_tail
            if not part and not packed:
                raise ValueError(f"{ENDGAME_FILE} is damaged (it ends before its data); reinstall the game")
            parts.append(part)
            size += len(part)
            if size > ENTRIES:
                raise ValueError(f"{ENDGAME_FILE}: more than {ENTRIES} positions; reinstall the game")
            yield
    except zlib.error as error:
        raise ValueError(f"{ENDGAME_FILE} is damaged ({error}); reinstall the game") from None
    if inflater.unused_data:
        raise ValueError(f"{ENDGAME_FILE} is damaged (it goes on after its data); reinstall the game")
    if size != ENTRIES:
        raise ValueError(f"{ENDGAME_FILE}: {size} positions, not {ENTRIES}; reinstall the game")
    return b"".join(parts)


def load_in_steps():
    """Reads the tables if they are not read yet, yielding between pieces: a search that
    may need them runs this first, so that no frame waits for the whole file."""
    global _table
    if not _table:
        _table = yield from _inflate(_packed())


def _packed() -> bytes:
    try:
        return package_data(ENDGAME_FILE)
    except FileNotFoundError:
        raise ValueError(f"{ENDGAME_FILE} is missing; reinstall the game") from None


def _load() -> bytes:
    run_generator(load_in_steps())
    return _table


def probe(own: int, opp: int, kings: int) -> int | None:
    """Plies to the end with best play for the side to move (``own``; bitboards of the rules,
    ``kings`` both sides' kings): won > 0, lost < 0, drawn 0; None outside the tables or
    when the side to move has no move."""
    if (own | opp) & ~kings:
        return None
    counts = own.bit_count(), opp.bit_count()
    start = _START.get(counts)
    if start is None:
        if counts == (FOLDED_KINGS, 1):
            index = table_index(FOLDED_KINGS, STRONG, SQUARE_OF_BIT[opp.bit_length() - 1], squares_of(own))
            return VALUE_OF_BYTE[(_table or _load())[index]]
        if counts == (1, FOLDED_KINGS):
            return lone_king_against_four(own, opp)
        return None
    offset, sets, lone_moves = start
    lone, strong = (own, opp) if lone_moves else (opp, own)
    index = offset + SQUARE_OF_BIT[lone.bit_length() - 1] * sets
    place = 1
    while strong:
        low = strong & -strong
        index += RANK_PART[place][low.bit_length() - 1]
        strong ^= low
        place += 1
    return VALUE_OF_BYTE[(_table or _load())[index]]


def lone_king_against_four(lone: int, strong: int) -> int | None:
    """The lone king to move against four kings: its best move, by the kings' values after
    each of its legal moves (a capture goes to a smaller table)."""
    table = _table or _load()
    strong_squares = squares_of(strong)
    best = None
    for move in generate(lone, strong, lone | strong, WHITE, True):
        if move.captured:
            left, landed = strong & ~move.captured, square_bit(move.end)
            reply = probe(left, landed, left | landed) if left else None
        else:  # the kings' table, straight: their squares are known
            reply = VALUE_OF_BYTE[table[table_index(FOLDED_KINGS, STRONG, move.end, strong_squares)]]
        value = one_ply_back(reply)
        if best is None or preference(value) > preference(best):
            best = value
    return best


def one_ply_back(reply: int | None) -> int:
    """The value of a move for the side that makes it, from ``reply``, the value for the
    side to move after it (None: that side has no move, and has lost)."""
    if reply is None:
        return 1
    return 0 if reply == 0 else 1 - reply if reply < 0 else -1 - reply


def preference(value: int) -> tuple[int, int]:
    """Order of choice for the side to move: quick wins, then draws (0), then slow losses."""
    return (2, -value) if value > 0 else (0, -value) if value < 0 else (1, 0)
