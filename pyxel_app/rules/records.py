"""Game records in and out as each genre writes them, and the move list in each game's notation.

One format per game, found by the rules' name:

- Connect 4: the columns played as 1-based digits, ``4453...``, the string Pascal Pons' solver
  and the public test sets read; a game that began from a position names it in a tag,
  ``[Start "44"]`` (a Connect 4 position is itself such a string).
- Othello: a transcript ``f5d6c3...`` (spaces and line breaks may come between moves).  As in
  every transcript, a pass is not written: the side with no move passes before the next move is
  read.  A pass that ends the record is written ``pass``.  A game that did not begin from the
  standard start begins with its position as the FFO line (64 squares a1..h8 of ``X O -``,
  then ``X`` or ``O`` to move), which is also how White's start of the ``white-starts``
  variant is written.
- Draughts: PDN (``rules/draughts_pdn.py``).
- Peg solitaire: the jumps ``d2-d4 f3-d3 ...``, after the board (rows of ``o . _``, as the
  game's board files) when the game did not begin from the English board's start.
- ByPuzz: the start tiles (the 15-puzzle's text, ``/`` and the goal when it is not the standard
  one), then the numbers of the tiles moved.

Every format but PDN (which has its own) takes tag lines ``[Name "value"]`` at the top and
``#`` comment lines anywhere; the tags a record carries are written back.  A damaged record
raises :class:`RecordError` (or PDN's ``PdnError``): a :class:`NotationError` whose message
names the line and the problem, with a ``code`` and fields for the player's language.

>>> record = read_record(CONNECT4, "4453")
>>> [line.label for line in numbered(record)]
['4 (3|0)', '4 (3|1)', '5 (4|0)', '3 (2|0)']
>>> write_record(record)
'4453\\n'
>>> read_record(CONNECT4, "44\\n5x")
Traceback (most recent call last):
...
pyxel_app.rules.records.RecordError: line 2: 'x' (move 4) is not a column; use the digits 1-7
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from . import draughts_pdn
from .base import NotationError, Rules, RulesError, Steps, drained
from .connect4 import RULES as CONNECT4
from .draughts import RULES as DRAUGHTS
from .fifteen import CELLS, GAP, GOAL_SEPARATOR, SIZE, STANDARD_GOAL, Fifteen, is_solvable
from .fifteen import RULES as FIFTEEN
from .numbers import NumberError, parse_number
from .othello import BLACK, PASS, WHITE, WHITE_STARTS
from .othello import RULES as OTHELLO
from .pegs import RULES as PEGS
from .pegs import board_to_text

MAX_RECORD_CHARS = 200_000
MAX_MOVES = 5_000
SHOWN = 20  # characters of a bad word quoted in a message
# Reading and counting yield so often (lines, or characters of one long line) that a caller
# stepping them a few milliseconds a frame (``shell/jobs.py``) looks at the clock in time.
LINES_A_STEP = 64
DEFAULT_EVENT = "ByPuzz Arcade"
TAG_LINE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
START_TAG = "Start"
RESULT_TAG = "Result"
OTHELLO_PASSES = ("pass", "pa", "ps", "--")
# Moves a line when a record is written: short lines, so an error's line number finds a move.
PEG_JUMPS_PER_LINE = 10
TILES_PER_LINE = 20
# ByPuzz labels: the arrow of the way the tile slides, by the gap's offset from the tile.
SLIDE_ARROWS = {-SIZE: "↑", SIZE: "↓", -1: "←", 1: "→"}


class RecordError(NotationError):
    """A record that cannot be read back; the message names the line and the problem."""


@dataclass(frozen=True)
class Record:
    """A game as played: its rules, where it began, the moves (the rules' own move objects)
    and the record's tags (name and value pairs, such as the players' names)."""

    rules: Rules
    start: Any
    moves: tuple = ()
    tags: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_texts(cls, rules: Rules, start, texts, tags=()) -> "Record":
        """The record of moves given as the rules' move texts (a session's), each checked."""
        return drained(cls.replaying(rules, start, texts, tags))

    @classmethod
    def replaying(cls, rules: Rules, start, texts, tags=()) -> Steps:
        """:meth:`from_texts` a move at a time, yielding the moves done and the moves in all."""
        state, moves, total = start, [], len(texts)
        for text in texts:
            yield len(moves), total
            move = rules.move_from_text(state, text)
            state = rules.apply(state, move)
            moves.append(move)
        return cls(rules, start, tuple(moves), tuple(tags))

    def states(self) -> list:
        """The start and the position after each move."""
        states = [self.start]
        for move in self.moves:
            states.append(self.rules.apply(states[-1], move))
        return states

    def move_texts(self) -> list[str]:
        return [self.rules.move_to_text(move) for move in self.moves]


@dataclass(frozen=True)
class MoveLine:
    """One move of the list as shown: ``index`` counts plies from 0; ``number`` is the full move
    (both sides' moves share one in a two-player game: ``paired``); ``opens`` is True for the
    move that opens its number (``14.``), False for the reply (``14...``); ``player`` moved."""

    index: int
    number: int
    opens: bool
    player: int
    text: str
    label: str
    paired: bool = True

    @property
    def number_text(self) -> str:
        if not self.paired:
            return str(self.number)
        return f"{self.number}." if self.opens else f"{self.number}..."


def error(message: str, line: int | None, code: str, **fields) -> RecordError:
    return RecordError(message, line, code=f"record.{code}", **fields)


# Lines and tags, shared by the formats that are not PDN.


def body_lines(text: str) -> tuple[list[tuple[str, str, int]], list[tuple[int, str]]]:
    """(tags as (name, value, line), the other lines as (number, text)): tags at the top,
    blank and ``#`` lines skipped."""
    return drained(reading_lines(text))


def reading_lines(text: str) -> Steps:
    """:func:`body_lines` a few lines at a time."""
    if not isinstance(text, str):
        raise error("a record is text", None, "not_text")
    if len(text) > MAX_RECORD_CHARS:
        raise error(f"the record is longer than {MAX_RECORD_CHARS} characters", None, "too_long", most=MAX_RECORD_CHARS)
    tags: list[tuple[str, str, int]] = []
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if not number % LINES_A_STEP:
            yield 0, None
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and not lines:
            match = TAG_LINE.match(line)
            if match is None:
                raise error(f'{line[:SHOWN]!r} is not a tag like [White "Ann"]', number, "bad_tag", text=repr(line[:SHOWN]))
            tags.append((match.group(1), re.sub(r"\\(.)", r"\1", match.group(2)), number))
            continue
        lines.append((number, line))
    return tags, lines


def tag_lines(tags) -> list[str]:
    return ['[{} "{}"]'.format(name, value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " "))
            for name, value in tags]


def summed(lines, measure) -> Steps:
    """The sum of ``measure(number, line)`` over ``lines``, a few lines at a time."""
    total = 0
    for index, (number, line) in enumerate(lines):
        if not index % LINES_A_STEP:
            yield total, None
        total += measure(number, line)
    return total


def check_count(moves: list, line: int) -> None:
    if len(moves) >= MAX_MOVES:
        raise error(f"more than {MAX_MOVES} moves", line, "too_many_moves", most=MAX_MOVES)


def move_words(lines, moves: list) -> Iterator[tuple[int, int, str]]:
    """(line, move number, word) of every move written in ``lines``, words apart by spaces or
    commas; ``moves`` are the moves read so far (bounded in number)."""
    for number, line in lines:
        for word in line.replace(",", " ").split():
            check_count(moves, number)
            yield number, len(moves) + 1, word


def check_not_over(rules: Rules, state, line: int, n: int, token: str) -> None:
    if rules.is_terminal(state):
        raise error(f"move {n} ({token}) comes after the game is over", line, "over", n=n, move=token)


def applied(rules: Rules, state, move, line: int, n: int, token: str):
    """The state after ``move``, or the record's error saying it is not legal there."""
    try:
        return rules.apply(state, move)
    except RulesError:
        raise error(f"move {n} ({token}) is not a legal move here", line, "illegal", n=n, move=token) from None


class Format:
    """One game's record text; subclasses fill in reading, writing and the move labels."""

    extension = "txt"  # a record file's name ends so

    def read(self, rules: Rules, text: str) -> Record:
        return drained(self.reading(rules, text))

    def reading(self, rules: Rules, text: str) -> Steps:
        """:meth:`read` a few lines or a move at a time, yielding the moves read (and ``None``)."""
        raise NotImplementedError

    def count(self, text: str) -> int:
        """The moves ``text`` writes, counted without replaying them (RecordError when it cannot
        tell): the words of its move lines, one a move."""
        return drained(self.counting(text))

    def counting(self, text: str) -> Steps:
        """:meth:`count` a few lines at a time."""
        lines = yield from self.reading_move_lines(text)
        return (yield from summed(lines, lambda number, line: len(line.replace(",", " ").split())))

    def name_tags(self, names: list[str]) -> tuple[tuple[str, str], ...]:
        """The tags that name the players (``names`` in seat order) where the genre names them."""
        return ()

    def result_tag(self, winner: int) -> tuple[str, str]:
        """The tag that says who won a game its moves do not end (a resignation), as PGN's ``1-0``."""
        return RESULT_TAG, "1-0" if winner == 0 else "0-1"

    def move_lines(self, text: str) -> list[tuple[int, str]]:
        """The lines that hold moves: all but the tags and comments, unless a format starts with
        a position."""
        return drained(self.reading_move_lines(text))

    def reading_move_lines(self, text: str) -> Steps:
        return (yield from reading_lines(text))[1]

    def write(self, record: Record) -> str:
        raise NotImplementedError

    def writing(self, record: Record) -> Steps:
        """:meth:`write` in steps, where writing replays the game (PDN's result); the others write at once."""
        yield from ()
        return self.write(record)

    def label(self, rules: Rules, state, move) -> str:
        """The move as the move list shows it (the state is the one it is played in)."""
        return rules.move_to_text(move)

    def opener(self, record: Record) -> int | None:
        """The side whose move opens each full move, or None in a one-player game."""
        return 0 if record.rules.players == 2 else None


class Connect4Format(Format):
    """Column digits; a start other than the empty board in a ``Start`` tag."""

    def reading(self, rules: Rules, text: str) -> Steps:
        tags, lines = yield from reading_lines(text)
        kept = []
        start = rules.initial_state()
        for name, value, number in tags:
            if name == START_TAG:
                start = yield from self.columns(rules, rules.initial_state(), [(number, value)], [])
            else:
                kept.append((name, value))
        moves: list[int] = []
        yield from self.columns(rules, start, lines, moves)
        return Record(rules, start, tuple(moves), tuple(kept))

    @staticmethod
    def columns(rules: Rules, state, lines, moves: list) -> Steps:
        """Play the digits of ``lines`` from ``state``, adding each column to ``moves``, yielding
        after each; the end state."""
        for number, line in lines:
            for at, char in enumerate(line):
                if not at % LINES_A_STEP:
                    yield len(moves), None
                if char.isspace():
                    continue
                n = len(moves) + 1
                check_count(moves, number)
                if char not in "1234567":
                    raise error(f"{char!r} (move {n}) is not a column; use the digits 1-7", number, "connect4.not_column",
                                n=n, char=repr(char))
                check_not_over(rules, state, number, n, char)
                if rules.is_column_full(state, int(char) - 1):
                    raise error(f"move {n} drops into column {char}, which is already full", number, "connect4.full",
                                n=n, column=char)
                state = rules.apply(state, int(char) - 1)
                moves.append(int(char) - 1)
        return state

    def counting(self, text: str) -> Steps:
        lines = yield from self.reading_move_lines(text)
        return (yield from summed(lines, lambda number, line: len("".join(line.split()))))

    def write(self, record: Record) -> str:
        tags = list(record.tags)
        if record.start.sequence:
            tags.insert(0, (START_TAG, record.rules.state_to_text(record.start)))
        return "\n".join(tag_lines(tags) + ["".join(str(x + 1) for x in record.moves)]) + "\n"

    def label(self, rules: Rules, state, move) -> str:
        """The column as the solver's digit, and the stone it leaves as the seed's (x|y)."""
        return f"{move + 1} ({move}|{rules.landing_row(state, move)})"


OTHELLO_POSITION = re.compile(r"^[XOxo.\-]{64}\s+[XOxo]$")
# A line that starts so is a position, not moves (no transcript starts with a stone or an empty square).
OTHELLO_POSITION_START = re.compile(r"^[XOxo.\-]{8}")
OTHELLO_SQUARE = re.compile(r"[a-hA-H][1-8]")


class OthelloFormat(Format):
    """A transcript; passes implied; a non-standard start as an FFO line first."""

    def reading(self, rules: Rules, text: str) -> Steps:
        tags, lines = yield from reading_lines(text)
        start = rules.initial_state()
        if lines and OTHELLO_POSITION_START.match(lines[0][1]):
            number, line = lines.pop(0)
            if not OTHELLO_POSITION.match(line):
                raise error("a position is 64 squares a1..h8 of X, O or -, a space, then X or O to move", number,
                            "othello.position")
            start = rules.state_from_text(line, self.variant(rules, tags, line))
        state, moves = start, []
        for number, line in lines:
            for token in self.tokens(line, number, len(moves)):
                yield len(moves), None
                check_count(moves, number)
                is_pass = token.lower() in OTHELLO_PASSES
                n = len(moves) + 1
                check_not_over(rules, state, number, n, token)
                if rules.must_pass(state) and not is_pass:
                    state = rules.apply(state, PASS)  # the pass a transcript leaves out
                    moves.append(PASS)
                    n += 1
                if is_pass and not rules.must_pass(state):
                    raise error(f"move {n}: a pass, though there is a move to play", number, "othello.no_pass", n=n)
                move = PASS if is_pass else rules.move_from_text(state, token)
                state = applied(rules, state, move, number, n, token)
                moves.append(move)
        # The Variant tag is the start's own (written again from it), not one to keep.
        return Record(rules, start, tuple(moves), tuple((name, value) for name, value, _ in tags if name != "Variant"))

    def reading_move_lines(self, text: str) -> Steps:
        lines = yield from super().reading_move_lines(text)
        return lines[1:] if lines and OTHELLO_POSITION_START.match(lines[0][1]) else lines

    def counting(self, text: str) -> Steps:
        """The squares and passes written (the passes a transcript leaves out are not)."""
        count = 0
        for number, line in (yield from self.reading_move_lines(text)):
            for _ in self.tokens(line, number, 0):
                count += 1
                if not count % LINES_A_STEP:
                    yield count, None
        return count

    @staticmethod
    def variant(rules: Rules, tags, position: str) -> str | None:
        """Who began a game written from a position: its ``Variant`` tag; without one, a start
        position says it itself and a position in mid-game is taken as the standard game's (an FFO
        line does not say who began)."""
        for name, value, number in tags:
            if name == "Variant":
                if value not in rules.variants:
                    raise error(f"the Variant tag is {value!r}; choose from {', '.join(rules.variants)}", number,
                                "othello.variant", value=repr(value), choices=", ".join(rules.variants))
                return value
        return None if rules.state_from_text(position).is_start else rules.variants[0]

    @staticmethod
    def tokens(line: str, number: int, before: int) -> Iterator[str]:
        """The moves of one line: squares, passes; spaces and commas between them are allowed."""
        at = 0
        while at < len(line):
            if line[at].isspace() or line[at] == ",":
                at += 1
                continue
            word = next((word for word in OTHELLO_PASSES if line[at:at + len(word)].lower() == word), None)
            if word is None and OTHELLO_SQUARE.match(line, at):
                word = line[at:at + 2]
            if word is None:
                token = line[at:].split()[0][:SHOWN]
                n = before + 1
                raise error(f"{token!r} (move {n}) is not a square a1-h8", number, "othello.not_square", n=n,
                            token=repr(token))
            before += 1
            at += len(word)
            yield word

    def write(self, record: Record) -> str:
        rules = record.rules
        tags = record.tags
        if record.start != rules.initial_state():
            if not record.start.is_start and all(name != "Variant" for name, _ in tags):
                tags += (("Variant", rules.variant_of(record.start)),)
        lines = tag_lines(tags)
        if record.start != rules.initial_state():
            lines.append(rules.state_to_text(record.start))
        texts = [rules.move_to_text(move) for move in record.moves if move != PASS]
        if record.moves and record.moves[-1] == PASS:
            texts.append(OTHELLO_PASSES[0])
        return "\n".join(lines + ["".join(texts)]) + "\n"

    def opener(self, record: Record) -> int:
        return WHITE if record.rules.variant_of(record.start) == WHITE_STARTS else BLACK


class DraughtsFormat(Format):
    """PDN, as ``rules/draughts_pdn.py`` reads and writes it."""

    # Tags the PDN writer makes itself from the game.
    MADE_TAGS = ("GameType", "Variant", "FEN", "Result")
    extension = "pdn"

    def counting(self, text: str) -> Steps:
        return (yield from draughts_pdn.counting_moves(text))

    def name_tags(self, names: list[str]) -> tuple[tuple[str, str], ...]:
        """White moves first: the first seat's player is White."""
        return tuple(zip(("White", "Black"), names))

    def result_tag(self, winner: int) -> tuple[str, str]:
        return RESULT_TAG, "2-0" if winner == 0 else "0-2"

    def reading(self, rules: Rules, text: str) -> Steps:
        game = yield from draughts_pdn.reading_pdn(text)
        tags = tuple((name, value) for name, value in game.tags.items()
                     if name not in self.MADE_TAGS and (name, value) != ("Event", DEFAULT_EVENT))
        return Record(rules, game.start, tuple(game.played), tags)

    def write(self, record: Record) -> str:
        return drained(self.writing(record))

    def writing(self, record: Record) -> Steps:
        return (yield from draughts_pdn.writing_pdn(record.start, record.move_texts(), dict(record.tags)))


class PegsFormat(Format):
    """The jumps, after the board when it is not the English start."""

    # Jumps name rows by numbers; a board has none, but its counts (``jumps=3``) do.
    BOARD_LINE = re.compile(r"^[^0-9]*$|=")

    def reading(self, rules: Rules, text: str) -> Steps:
        tags, lines = yield from reading_lines(text)
        board, lines = self.board_and_moves(lines)
        start = rules.initial_state()
        if board:
            # Blank lines stand for the others, so a board error names the line of the record.
            numbered_text = [""] * board[-1][0]
            for number, line in board:
                numbered_text[number - 1] = line
            start = rules.state_from_text("\n".join(numbered_text))
        state, moves = start, []
        for number, n, token in move_words(lines, moves):
            yield len(moves), None
            try:
                move = rules.move_from_text(state, token)
            except NotationError:
                raise error(f"{token[:SHOWN]!r} (move {n}) is not a jump like d2-d4", number, "pegs.not_jump", n=n,
                            token=repr(token[:SHOWN])) from None
            check_not_over(rules, state, number, n, token)
            state = applied(rules, state, move, number, n, token)
            moves.append(move)
        return Record(rules, start, tuple(moves), tuple((name, value) for name, value, _ in tags))

    def reading_move_lines(self, text: str) -> Steps:
        return self.board_and_moves((yield from super().reading_move_lines(text)))[1]

    def board_and_moves(self, lines: list[tuple[int, str]]) -> tuple[list, list]:
        """(the board's lines at the top, the lines of jumps after them)."""
        at = next((index for index, (_, line) in enumerate(lines) if not self.BOARD_LINE.search(line)), len(lines))
        return lines[:at], lines[at:]

    def write(self, record: Record) -> str:
        rules, start = record.rules, record.start
        lines = tag_lines(record.tags)
        if start != rules.initial_state():
            lines += board_to_text(start.board, start.marbles, "\n").splitlines()
            counts = rules.state_to_text(start).partition(" ")[2]
            if counts:
                lines.append(counts)
        texts = record.move_texts()
        lines += [" ".join(texts[at:at + PEG_JUMPS_PER_LINE]) for at in range(0, len(texts), PEG_JUMPS_PER_LINE)]
        return "\n".join(lines) + "\n"


class FifteenFormat(Format):
    """The start tiles (and goal), then the tiles moved."""

    def reading(self, rules: Rules, text: str) -> Steps:
        tags, lines = yield from reading_lines(text)
        if not lines:
            raise error("no start tiles: the first line is 16 numbers like 1,2,3,...,15,0", None, "bypuzz.no_start")
        number, line = lines.pop(0)
        tiles, separator, goal = line.partition(GOAL_SEPARATOR)
        start = Fifteen(self.arrangement(tiles, number),
                        self.arrangement(goal, number) if separator else STANDARD_GOAL)
        if not is_solvable(start.tiles, start.goal):
            raise error("these tiles can never reach their goal (two tiles are swapped)", number, "bypuzz.unsolvable")
        state, moves = start, []
        for number, n, token in move_words(lines, moves):
            yield len(moves), None
            try:
                tile = parse_number(token, 1, CELLS - 1)
            except NumberError:
                raise error(f"{token[:SHOWN]!r} (move {n}) is not a tile 1-15", number, "bypuzz.not_tile", n=n,
                            token=repr(token[:SHOWN])) from None
            if tile not in rules.legal_moves(state):
                raise error(f"move {n}: tile {tile} is not next to the gap", number, "bypuzz.not_next", n=n, tile=tile)
            state = rules.apply(state, tile)
            moves.append(tile)
        return Record(rules, start, tuple(moves), tuple((name, value) for name, value, _ in tags))

    def reading_move_lines(self, text: str) -> Steps:
        return (yield from super().reading_move_lines(text))[1:]

    @staticmethod
    def arrangement(text: str, number: int) -> tuple[int, ...]:
        words = text.replace(",", " ").split()
        numbers = []
        for word in words:
            try:
                numbers.append(parse_number(word, 0, CELLS - 1))
            except NumberError:
                raise error(f"{word[:SHOWN]!r} is not a number from 0 to 15", number, "bypuzz.not_number",
                            word=repr(word[:SHOWN])) from None
        if len(numbers) != CELLS:
            raise error(f"the tiles are 16 numbers, got {len(numbers)}", number, "bypuzz.size", n=len(numbers))
        doubled = sorted({n for n in numbers if numbers.count(n) > 1})
        if doubled:
            missing = ", ".join(str(n) for n in range(CELLS) if n not in numbers)
            raise error(f"{', '.join(map(str, doubled))} more than once (missing: {missing})", number, "bypuzz.doubled",
                        doubled=", ".join(map(str, doubled)), missing=missing)
        return tuple(numbers)

    def write(self, record: Record) -> str:
        lines = tag_lines(record.tags) + [record.rules.state_to_text(record.start)]
        texts = record.move_texts()
        lines += [" ".join(texts[at:at + TILES_PER_LINE]) for at in range(0, len(texts), TILES_PER_LINE)]
        return "\n".join(lines) + "\n"

    def label(self, rules: Rules, state, move) -> str:
        """The tile and the arrow of the way it slides into the gap."""
        return f"{move}{SLIDE_ARROWS[state.tiles.index(GAP) - state.tiles.index(move)]}"


FORMATS: dict[str, Format] = {
    CONNECT4.name: Connect4Format(),
    OTHELLO.name: OthelloFormat(),
    DRAUGHTS.name: DraughtsFormat(),
    PEGS.name: PegsFormat(),
    FIFTEEN.name: FifteenFormat(),
}


# The move list of a game with no format: its rules' move texts, numbered by full moves between two.
PLAIN = Format()


def format_of(rules: Rules) -> Format:
    try:
        return FORMATS[rules.name]
    except KeyError:
        raise error(f"{rules.name} keeps no records", None, "no_format", game=rules.name) from None


def keeps_records(rules: Rules) -> bool:
    """The game has a record format (every registered game; a test's toy game may not)."""
    return rules.name in FORMATS


def record_extension(rules: Rules) -> str:
    """How the name of a file of the game's records ends: ``pdn`` for draughts, else ``txt``."""
    return format_of(rules).extension


def moves_written(rules: Rules, text: str) -> int | None:
    """The moves a record's text writes, counted without replaying them (a list of records says
    each one's length at once), or None when the text is too damaged to tell."""
    return drained(counting_moves(rules, text))


def counting_moves(rules: Rules, text: str) -> Steps:
    """:func:`moves_written` a few lines at a time."""
    try:
        return (yield from format_of(rules).counting(text))
    except NotationError:
        return None


def read_record(rules: Rules, text: str) -> Record:
    """The record ``text`` holds, every move checked; RecordError (or PDN's PdnError) names the line and the problem."""
    return drained(reading_record(rules, text))


def reading_record(rules: Rules, text: str) -> Steps:
    """:func:`read_record` a move (or a few lines) at a time, yielding the moves read so far."""
    return (yield from format_of(rules).reading(rules, text))


def write_record(record: Record) -> str:
    """The record in its genre's text; :func:`read_record` gives it back."""
    return format_of(record.rules).write(record)


def writing_record(record: Record) -> Steps:
    """:func:`write_record` a move at a time where writing replays the game."""
    return (yield from format_of(record.rules).writing(record))


def move_label(rules: Rules, state, move) -> str:
    """``move``, played in ``state``, as the move list shows it."""
    return format_of(rules).label(rules, state, move)


def numbered(record: Record) -> list[MoveLine]:
    """The move list: every move with its number (full moves in a two-player game) and label; a
    game that keeps no records of its own (a test's) is listed in its rules' move texts."""
    rules, fmt = record.rules, FORMATS.get(record.rules.name, PLAIN)
    opener = fmt.opener(record)
    lines, state, number = [], record.start, 1
    for index, move in enumerate(record.moves):
        player = rules.to_move(state)
        if opener is None:
            number, opens = index + 1, True
        else:
            opens = player == opener
            if opens and index:
                number += 1
        lines.append(MoveLine(index, number, opens, player, rules.move_to_text(move), fmt.label(rules, state, move),
                              opener is not None))
        state = rules.apply(state, move)
    return lines
