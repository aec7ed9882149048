"""Connect 4 on the classic 7x6 board: drop stones, four in a row wins.

Cells are named (x|y) with (0|0) at the bottom left, as in the school project
the game comes from.  A move is a column index 0-6.  The state's text is the
move sequence as 1-based column digits ("4453"), the notation every Connect 4
solver and benchmark uses; the empty string is the empty board.

Stones are kept as two bitboards: bit ``x * 7 + y`` is the cell (x|y), and the
seventh bit of every column stays empty so that shifted lines never wrap from
one column into the next.

>>> rules = Connect4Rules()
>>> state = rules.state_from_text("1122334")
>>> rules.outcome(state)
Outcome(winner=0, reason='four', score=None)
>>> rules.format_stones(rules.winning_line(state))
'(0|0) (1|0) (2|0) (3|0)'
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import IllegalMoveError, NotationError, Outcome, Rules

WIDTH = 7
HEIGHT = 6
COLUMN_BITS = HEIGHT + 1
CELLS = WIDTH * HEIGHT
BOTTOM_MASK = sum(1 << (x * COLUMN_BITS) for x in range(WIDTH))
BOARD_MASK = BOTTOM_MASK * ((1 << HEIGHT) - 1)
COLUMN_MASKS = tuple(((1 << HEIGHT) - 1) << (x * COLUMN_BITS) for x in range(WIDTH))
TOP_CELLS = tuple(1 << (x * COLUMN_BITS + HEIGHT - 1) for x in range(WIDTH))
BOTTOM_CELLS = tuple(1 << (x * COLUMN_BITS) for x in range(WIDTH))
COLUMN_LETTERS = "ABCDEFG"
# Bit shifts of one step along a line: up, right, up-right, down-right.
LINE_SHIFTS = (1, COLUMN_BITS, COLUMN_BITS + 1, COLUMN_BITS - 1)
FULL_COLUMN_MESSAGE = "This column is already full!"


def cell_bit(x: int, y: int) -> int:
    return 1 << (x * COLUMN_BITS + y)


def has_four(stones: int) -> bool:
    """True if the bitboard holds four in a row in any direction."""
    for shift in LINE_SHIFTS:
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def four_cells(stones: int) -> int:
    """Bitboard of every stone that is part of some four in a row."""
    cells = 0
    for shift in LINE_SHIFTS:
        pairs = stones & (stones >> shift)
        starts = pairs & (pairs >> (2 * shift))
        for step in range(4):
            cells |= starts << (step * shift)
    return cells


def bits_to_cells(bits: int) -> list[tuple[int, int]]:
    """The (x, y) cells of a bitboard, column by column from the left, bottom up."""
    return [
        (x, y)
        for x in range(WIDTH)
        for y in range(HEIGHT)
        if bits >> (x * COLUMN_BITS + y) & 1
    ]


def _build_lines() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every possible four, in the order the original game scans them: horizontal,
    vertical, rising diagonal, falling diagonal, so ``winning_line`` names the same one."""
    lines = []
    for x in range(WIDTH - 3):
        for y in range(HEIGHT):
            lines.append(tuple((x + i, y) for i in range(4)))
    for y in range(HEIGHT - 3):
        for x in range(WIDTH):
            lines.append(tuple((x, y + i) for i in range(4)))
    for x in range(WIDTH - 3):
        for y in range(HEIGHT - 3):
            lines.append(tuple((x + i, y + i) for i in range(4)))
    for x in range(WIDTH - 3):
        for y in range(3, HEIGHT):
            lines.append(tuple((x + i, y - i) for i in range(4)))
    return tuple(lines)


LINES = _build_lines()
LINE_MASKS = tuple(sum(cell_bit(x, y) for x, y in line) for line in LINES)


@dataclass(frozen=True)
class Connect4:
    """A position and how it was reached: the columns played (0-6) and each player's stones."""

    sequence: tuple[int, ...] = ()
    first: int = 0
    second: int = 0

    @property
    def mask(self) -> int:
        return self.first | self.second

    @property
    def moves_played(self) -> int:
        return len(self.sequence)

    def stones_of(self, player: int) -> int:
        return self.second if player else self.first

    def height(self, x: int) -> int:
        """How many stones column ``x`` holds."""
        return (self.mask >> (x * COLUMN_BITS) & ((1 << HEIGHT) - 1)).bit_length()

    def stone_at(self, x: int, y: int) -> int | None:
        """The player (0 or 1) whose stone is at (x|y), or None if the cell is empty."""
        bit = cell_bit(x, y)
        if self.first & bit:
            return 0
        if self.second & bit:
            return 1
        return None


class Connect4Rules(Rules[Connect4, int]):
    name = "connect4"
    title = "Connect 4"
    players = 2

    def initial_state(self, variant: str | None = None) -> Connect4:
        self.check_variant(variant)
        return Connect4()

    def to_move(self, state: Connect4) -> int:
        return len(state.sequence) & 1

    def position_key(self, state: Connect4) -> tuple[int, int]:
        """The stones alone: the move sequence differs between transpositions."""
        return state.first, state.second

    def winner(self, state: Connect4) -> int | None:
        """Only the player who moved last can have a four: play stops at the first one."""
        if not state.sequence:
            return None
        last = (len(state.sequence) - 1) & 1
        return last if has_four(state.stones_of(last)) else None

    def outcome(self, state: Connect4) -> Outcome | None:
        winner = self.winner(state)
        if winner is not None:
            return Outcome(winner, "four")
        if len(state.sequence) == CELLS:
            return Outcome(None, "draw")
        return None

    def legal_moves(self, state: Connect4) -> list[int]:
        if self.outcome(state) is not None:
            return []
        mask = state.mask
        return [x for x in range(WIDTH) if not mask & TOP_CELLS[x]]

    def is_column_full(self, state: Connect4, x: int) -> bool:
        return bool(state.mask & TOP_CELLS[x])

    def landing_row(self, state: Connect4, x: int) -> int | None:
        """The row a stone dropped into column ``x`` comes to rest in, or None if it is full."""
        height = state.height(x)
        return height if height < HEIGHT else None

    def apply(self, state: Connect4, move: int) -> Connect4:
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < WIDTH:
            raise IllegalMoveError(f"there is no column {move!r}; columns are 0-{WIDTH - 1}")
        if self.outcome(state) is not None:
            raise IllegalMoveError("the game is already over")
        mask = state.mask
        if mask & TOP_CELLS[move]:
            raise IllegalMoveError(FULL_COLUMN_MESSAGE)
        stone = (mask + BOTTOM_CELLS[move]) & COLUMN_MASKS[move] & ~mask
        sequence = state.sequence + (move,)
        if len(state.sequence) & 1:
            return Connect4(sequence, state.first, state.second | stone)
        return Connect4(sequence, state.first | stone, state.second)

    def winning_line(self, state: Connect4) -> tuple[tuple[int, int], ...] | None:
        """The four cells of the winning four (the first one in the original game's scan
        order when a stone made several), or None if nobody has won."""
        winner = self.winner(state)
        if winner is None:
            return None
        stones = state.stones_of(winner)
        for line, line_mask in zip(LINES, LINE_MASKS):
            if stones & line_mask == line_mask:
                return line
        raise AssertionError("a four was detected but no line matches")

    def winning_cells(self, state: Connect4) -> list[tuple[int, int]]:
        """Every cell that belongs to some four of the winner (a stone can close two lines)."""
        winner = self.winner(state)
        if winner is None:
            return []
        return bits_to_cells(four_cells(state.stones_of(winner)))

    def format_stones(self, cells) -> str:
        """Cells as the original game printed them: ``(1|0) (2|0) (3|0) (4|0)``."""
        return " ".join(f"({x}|{y})" for x, y in cells)

    def state_to_text(self, state: Connect4) -> str:
        return "".join(str(x + 1) for x in state.sequence)

    def state_from_text(self, text: str, variant: str | None = None) -> Connect4:
        self.check_variant(variant)
        state = Connect4()
        for index, char in enumerate(text.strip(), start=1):
            if char not in "1234567":
                raise NotationError(
                    f"{char!r} (move {index}) is not a column; use the digits 1-{WIDTH}"
                )
            x = int(char) - 1
            if self.outcome(state) is not None:
                raise NotationError(f"move {index} comes after the game is already over")
            if state.mask & TOP_CELLS[x]:
                raise NotationError(f"move {index} drops into column {char}, which is already full")
            state = self.apply(state, x)
        return state

    def move_to_text(self, move: int) -> str:
        return str(move + 1)

    def move_from_text(self, state, text: str) -> int:
        token = text.strip()
        if len(token) == 1 and token in "1234567":
            return int(token) - 1
        if len(token) == 1 and token.upper() in COLUMN_LETTERS:
            return COLUMN_LETTERS.index(token.upper())
        raise NotationError(f"{text!r} is not a column; use 1-{WIDTH} or A-{COLUMN_LETTERS[-1]}")

    def column_name(self, move: int) -> str:
        """The letter printed under the column, as on the original board."""
        return COLUMN_LETTERS[move]

    def perft(self, state: Connect4, depth: int) -> int:
        """Move sequences of exactly ``depth`` moves; a four or a full board has no children.

        >>> [RULES.perft(RULES.initial_state(), d) for d in range(1, 5)]
        [7, 49, 343, 2401]
        """
        if depth == 0:
            return 1
        current = state.stones_of(self.to_move(state))
        return _perft(current, state.mask, len(state.sequence), depth)


def _perft(current: int, mask: int, moves: int, depth: int) -> int:
    """``current`` holds the stones of the side to move; the opponent's are ``current ^ mask``."""
    opponent = current ^ mask
    if moves == CELLS or has_four(opponent):
        return 0
    possible = (mask + BOTTOM_MASK) & BOARD_MASK
    if depth == 1:
        return possible.bit_count()
    total = 0
    moves += 1
    depth -= 1
    while possible:
        stone = possible & -possible
        possible ^= stone
        total += _perft(opponent, mask | stone, moves, depth)
    return total


RULES = Connect4Rules()
