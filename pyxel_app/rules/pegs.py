"""Peg solitaire (Brett-Solitaire): one player jumps marbles until one is left.

A jump takes a marble over a neighbouring marble into the empty hole behind it; the
jumped marble leaves the board.  The seed's five conditions for a legal jump are
checked one by one in :func:`jumped_marble`, in the seed's order, so an illegal jump
can say which one failed.

Boards live on a grid of cells ``(x, y)``, x from the left, y from the top; a jump is
written ``c1-c3`` (column letter a, b, c, ... = x, row number = y + 1).  A square board
jumps in four directions; a triangular board is stored as a "staircase" (row y has
its holes in columns 0..y) and jumps along rows, columns and the diagonal (1, 1), which
are the triangle's six directions.

Board text: one row per line (or ``/`` between rows), ``o`` a marble, ``.`` an empty
hole, ``_`` no hole; a first row ``triangle`` makes the board triangular; ``#`` starts
a comment line in a file.  A state's text adds the counts after the board when a game
has begun: ``jumps=3 moves=2 last=d4`` (``last`` is where the last jump landed, so the
next jump from there continues the same move).

>>> state = RULES.initial_state("english")
>>> [RULES.move_to_text(move) for move in RULES.legal_moves(state)]
['d2-d4', 'b4-d4', 'f4-d4', 'd6-d4']
>>> state = RULES.apply(state, RULES.move_from_text(state, "d2-d4"))
>>> RULES.state_to_text(state)
'__ooo__/__o.o__/ooo.ooo/ooooooo/ooooooo/__ooo__/__ooo__ jumps=1 moves=1 last=d4'
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .base import IllegalMoveError, NotationError, Outcome, Rules, UnknownVariantError
from .numbers import NumberError, parse_number

MARBLE, EMPTY, NO_HOLE = "o", ".", "_"
TRIANGLE = "triangle"
# Column letters a..z name the columns, so no board is wider; rows are bounded alike.
MAX_SIDE = 19
SQUARE_DIRECTIONS = ((0, -1), (-1, 0), (1, 0), (0, 1))
# The staircase triangle: rows, columns and one diagonal; each both ways.
TRIANGLE_DIRECTIONS = ((0, -1), (-1, -1), (-1, 0), (1, 0), (1, 1), (0, 1))

PRESETS = {
    "english": "__ooo__/__ooo__/ooooooo/ooo.ooo/ooooooo/__ooo__/__ooo__",
    # The centre start cannot be solved to one marble (see ai/pegs.py); c1 empty can (tested).
    "french": "__.oo__/_ooooo_/ooooooo/ooooooo/ooooooo/_ooooo_/__ooo__",
    # The centre start: a one-marble line from it is known (ai/pegs.py, KNOWN_LINES).
    "wiegleb": "___ooo___/___ooo___/___ooo___/ooooooooo/oooo.oooo/ooooooooo/___ooo___/___ooo___/___ooo___",
    # e3 empty: a line is known; the centre start cannot end in one marble (its position class).
    "diamond": "____o____/___ooo___/__oo.oo__/_ooooooo_/ooooooooo/_ooooooo_/__ooooo__/___ooo___/____o____",
    "triangle": "triangle/./oo/ooo/oooo/ooooo",
}
# The classic starts with the centre empty that can never end in one marble, offered with a warning.
CENTRE_STARTS = {
    "french": "__ooo__/_ooooo_/ooooooo/ooo.ooo/ooooooo/_ooooo_/__ooo__",
    "diamond": "____o____/___ooo___/__ooooo__/_ooooooo_/oooo.oooo/_ooooooo_/__ooooo__/___ooo___/____o____",
}
CUSTOM = "custom"
FIELD = re.compile(r"(\w+)=(\S*)")


class BoardError(NotationError):
    """A board text that is not a board; the message names the line."""


class Jump(NamedTuple):
    """A marble from ``start`` jumps to ``dest`` (cells ``(x, y)``)."""

    start: tuple[int, int]
    dest: tuple[int, int]

    @property
    def over(self) -> tuple[int, int]:
        return ((self.start[0] + self.dest[0]) // 2, (self.start[1] + self.dest[1]) // 2)

    def __str__(self) -> str:
        return f"{cell_name(self.start)}-{cell_name(self.dest)}"


def cell_name(cell: tuple[int, int]) -> str:
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def cell_from_name(text: str) -> tuple[int, int]:
    letter, digits = text[:1].lower(), text[1:]
    if not ("a" <= letter <= "z"):
        raise NotationError(f"{text!r} is not a cell like c3")
    try:
        row = parse_number(digits, 1, MAX_SIDE, "a row")
    except NumberError as error:
        raise NotationError(f"{text!r} is not a cell like c3: {error}") from None
    return ord(letter) - ord("a"), row - 1


@dataclass(frozen=True)
class Board:
    """Where the holes are: cells ``(x, y)`` of a ``width`` x ``height`` grid."""

    name: str
    width: int
    height: int
    holes: frozenset
    triangular: bool = False

    @property
    def directions(self) -> tuple[tuple[int, int], ...]:
        return TRIANGLE_DIRECTIONS if self.triangular else SQUARE_DIRECTIONS

    def index(self, cell: tuple[int, int]) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    @property
    def centre(self) -> tuple[int, int] | None:
        """The hole in the middle, where a win is best; None if the board has none."""
        if self.triangular:
            # In the staircase, the cell equally far from the three sides.
            if (self.height - 1) % 3:
                return None
            third = (self.height - 1) // 3
            cell = (third, 2 * third)
        else:
            if self.width % 2 == 0 or self.height % 2 == 0:
                return None
            cell = (self.width // 2, self.height // 2)
        return cell if cell in self.holes else None

    def on_board(self, cell: tuple[int, int]) -> bool:
        return cell in self.holes


@dataclass(frozen=True)
class PegState:
    """The board, the marbles (a bit per cell index) and the counts so far."""

    board: Board
    marbles: int
    jumps: int = 0
    moves: int = 0
    last: tuple[int, int] | None = None

    def has_marble(self, cell: tuple[int, int]) -> bool:
        return cell in self.board.holes and bool(self.marbles >> self.board.index(cell) & 1)

    @property
    def marble_count(self) -> int:
        return bin(self.marbles).count("1")

    def marble_cells(self) -> list[tuple[int, int]]:
        board = self.board
        return sorted((cell for cell in board.holes if self.marbles >> board.index(cell) & 1), key=lambda c: (c[1], c[0]))


def jumped_marble(state: PegState, start: tuple[int, int], dest: tuple[int, int]) -> tuple[int, int]:
    """The cell of the marble a jump from ``start`` to ``dest`` removes (the seed's
    getRemoveMarble); IllegalMoveError naming the first of its conditions that fails."""
    board = state.board
    if not state.has_marble(start):
        raise IllegalMoveError(f"no marble at {cell_name(start)}")
    if state.has_marble(dest):
        raise IllegalMoveError(f"there is a marble at {cell_name(dest)}")
    if not board.on_board(dest):
        raise IllegalMoveError(f"{cell_name(dest) if dest[0] >= 0 and dest[1] >= 0 else dest} is not a hole of the board")
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    if dx % 2 or dy % 2 or (dx // 2, dy // 2) not in board.directions:
        raise IllegalMoveError(f"{cell_name(start)} and {cell_name(dest)} are not two holes apart in a line")
    over = (start[0] + dx // 2, start[1] + dy // 2)
    if not state.has_marble(over):
        raise IllegalMoveError(f"no marble between {cell_name(start)} and {cell_name(dest)}")
    return over


@lru_cache(maxsize=64)
def all_jumps(board: Board) -> tuple[tuple[Jump, int, int, int], ...]:
    """Every jump the board's holes allow, with the bits of start, jumped and destination,
    in reading order of the start (then the directions' order)."""
    jumps = []
    for y in range(board.height):
        for x in range(board.width):
            if (x, y) not in board.holes:
                continue
            for dx, dy in board.directions:
                over, dest = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if over in board.holes and dest in board.holes:
                    jumps.append((Jump((x, y), dest), 1 << board.index((x, y)), 1 << board.index(over), 1 << board.index(dest)))
    return tuple(jumps)


def board_from_text(text: str) -> tuple[Board, int]:
    """A board and its marbles from rows of ``o``, ``.`` and ``_`` (lines or ``/``);
    BoardError naming the line and the problem."""
    rows: list[tuple[int, str]] = []
    triangular = False
    for number, raw in enumerate(text.replace("/", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower() == TRIANGLE and not rows and not triangular:
            triangular = True
            continue
        for char in line:
            if char not in (MARBLE, EMPTY, NO_HOLE):
                raise BoardError(f"{char!r} is not o (marble), . (empty hole) or _ (no hole)", number, code="pegs.bad_char",
                                 char=repr(char))
        if len(line) > MAX_SIDE:
            raise BoardError(f"{len(line)} cells, at most {MAX_SIDE}", number, code="pegs.too_wide", n=len(line),
                             most=MAX_SIDE)
        rows.append((number, line))
        if len(rows) > MAX_SIDE:
            raise BoardError(f"more than {MAX_SIDE} rows", number, code="pegs.too_many_rows", most=MAX_SIDE)
    if not rows:
        raise BoardError("no rows of o, . and _", 1, code="pegs.no_rows")
    width = len(rows) if triangular else max(len(line) for _, line in rows)
    holes, marbles = set(), 0
    for y, (number, line) in enumerate(rows):
        for x, char in enumerate(line):
            if char == NO_HOLE:
                continue
            if triangular and x > y:
                raise BoardError(f"row {y + 1} of a triangle has at most {y + 1} holes", number, code="pegs.triangle",
                                 row=y + 1)
            holes.add((x, y))
            if char == MARBLE:
                marbles |= 1 << (y * width + x)
    if not marbles:
        raise BoardError("the board has no marble", rows[-1][0], code="pegs.no_marble")
    board = Board(CUSTOM, width, len(rows), frozenset(holes), triangular)
    return name_board(board), marbles


def name_board(board: Board) -> Board:
    """The board under its preset's name when its holes are a preset's."""
    for name in PRESETS:
        preset = preset_board(name)
        if (preset.width, preset.height, preset.holes, preset.triangular) == (
            board.width, board.height, board.holes, board.triangular):
            return preset
    return board


@lru_cache(maxsize=None)
def preset_board(name: str) -> Board:
    rows = PRESETS[name].split("/")
    triangular = rows[0] == TRIANGLE
    rows = rows[1:] if triangular else rows
    holes = frozenset((x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char != NO_HOLE)
    return Board(name, max(map(len, rows)), len(rows), holes, triangular)


def board_to_text(board: Board, marbles: int, separator: str = "/") -> str:
    rows = [TRIANGLE] if board.triangular else []
    for y in range(board.height):
        row = ""
        for x in range(board.width):
            if (x, y) not in board.holes:
                row += NO_HOLE
            else:
                row += MARBLE if marbles >> board.index((x, y)) & 1 else EMPTY
        # A staircase row y has no cells past column y to write.
        rows.append(row[: y + 1] if board.triangular else row)
    return separator.join(rows)


def board_key(board: Board) -> str:
    """A short name for keeping results per board: a preset's name, or for an own board
    ``custom-`` and a checksum of where its holes are (two own boards never share one best).

    >>> board_key(preset_board("french"))
    'french'
    >>> board_key(board_from_text("ooo/o.o")[0])
    'custom-86e086b5'
    """
    if board.name != CUSTOM:
        return board.name
    shape = board_to_text(board, (1 << (board.width * board.height)) - 1)
    return f"{CUSTOM}-{zlib.crc32(shape.encode()):08x}"


class PegSolitaire(Rules[PegState, Jump]):
    name = "pegs"
    title = "Peg Solitaire"
    players = 1
    variants = tuple(PRESETS) + (CUSTOM,)

    def initial_state(self, variant: str | None = None) -> PegState:
        """The start of a preset, or of an own board given as its text (``perft pegs 3 --variant "ooo/o.o"``)."""
        if variant is not None and variant not in self.variants and set(variant) <= set(MARBLE + EMPTY + NO_HOLE + "/\n "):
            return self.state_from_text(variant)
        variant = self.check_variant(variant)
        if variant == CUSTOM:
            raise NotationError("a custom board starts from a board text")
        return self.state_from_text(PRESETS[variant])

    def legal_moves(self, state: PegState) -> list[Jump]:
        marbles = state.marbles
        return [jump for jump, start, over, dest in all_jumps(state.board)
                if marbles & start and marbles & over and not marbles & dest]

    def apply(self, state: PegState, move: Jump) -> PegState:
        over = jumped_marble(state, move.start, move.dest)
        board = state.board
        marbles = state.marbles ^ (1 << board.index(move.start)) ^ (1 << board.index(over)) ^ (1 << board.index(move.dest))
        # A jump by the marble that made the last one continues that move (a chain).
        moves = state.moves + (0 if state.last == move.start else 1)
        return PegState(board, marbles, state.jumps + 1, moves, move.dest)

    def outcome(self, state: PegState) -> Outcome | None:
        count = state.marble_count
        if count == 1:
            centre = state.board.centre
            return Outcome(None, "centre" if centre is not None and state.has_marble(centre) else "won", 1)
        if not self.legal_moves(state):
            return Outcome(None, "stuck", count)
        return None

    def state_to_text(self, state: PegState) -> str:
        text = board_to_text(state.board, state.marbles)
        if state.jumps or state.last is not None:
            last = cell_name(state.last) if state.last is not None else "-"
            text += f" jumps={state.jumps} moves={state.moves} last={last}"
        return text

    def state_from_text(self, text: str, variant: str | None = None) -> PegState:
        if variant is not None:
            self.check_variant(variant)
        if text.strip() in PRESETS:
            text = PRESETS[text.strip()]
        fields: dict[str, str] = {}

        def take(match) -> str:
            fields[match.group(1)] = match.group(2)
            return ""

        # Comment lines stay as blank lines, so board errors name the line of the file.
        lines = ["" if line.strip().startswith("#") else line for line in text.split("\n")]
        board, marbles = board_from_text(FIELD.sub(take, "\n".join(lines)))
        unknown = set(fields) - {"jumps", "moves", "last"}
        if unknown:
            raise NotationError(f"unknown field {sorted(unknown)[0]!r}; expected jumps=, moves=, last=")
        try:
            jumps = parse_number(fields.get("jumps", "0"), 0, 10_000, "jumps")
            moves = parse_number(fields.get("moves", "0"), 0, jumps, "moves")
        except NumberError as error:
            raise NotationError(str(error)) from None
        last_text = fields.get("last", "-")
        last = None if last_text == "-" else cell_from_name(last_text)
        if last is not None and last not in board.holes:
            raise NotationError(f"last={last_text} is not a hole of the board")
        return PegState(board, marbles, jumps, moves, last)

    def move_to_text(self, move: Jump) -> str:
        return str(move)

    def move_from_text(self, state: PegState, text: str) -> Jump:
        start, sep, dest = text.strip().partition("-")
        if not sep:
            raise NotationError(f"{text!r} is not a jump like c1-c3")
        return Jump(cell_from_name(start), cell_from_name(dest))

    def variant_of(self, state: PegState) -> str:
        """The board's preset, or ``custom`` for a board read from text."""
        if state.board.name not in self.variants:
            raise UnknownVariantError(f"{state.board.name!r} is no board of peg solitaire")
        return state.board.name

    def position_key(self, state: PegState):
        return state.board, state.marbles


RULES = PegSolitaire()
