"""The interface every game's rules implement, plus what they share.

A game is a stateless ``Rules`` object; its states are immutable and hashable.
``apply`` returns a new state or raises :class:`IllegalMoveError`, so a UI, the
session, the CLI and the AI all go through the same door.  Text formats (one
line per state, one token per move) are how states travel to save files, the
CLI and tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generator, Generic, Hashable, Iterable, TypeVar

from .numbers import NumberError, parse_number

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


class RulesError(ValueError):
    """Base of every error the rules raise; a ValueError so callers may catch that.

    ``str()`` is the English (for the command line and logs).  ``code`` names the kind of problem
    and ``fields`` its values (an error inside another is a field too), so a screen can say it in
    the player's language; ``line`` is the line of a text it is on, if any.

    >>> error = NotationError("no rows", line=3, code="pegs.no_rows")
    >>> str(error), error.code, error.line, error.fields
    ('line 3: no rows', 'pegs.no_rows', 3, {})
    """

    def __init__(self, message: str = "", line: int | None = None, *, code: str = "", **fields: object) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line, self.code, self.fields = line, code, fields


class IllegalMoveError(RulesError):
    """A move that is not legal in the given state."""


class NotationError(RulesError):
    """Text that is not a valid state or move in the game's notation."""


class UnknownVariantError(RulesError):
    """A state that belongs to no variant the rules can name."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winner`` is a player index, or None for a draw or a solved puzzle; ``reason`` is the
    kind of ending in the game's words ("four", "draw", "solved", "stuck"); ``score`` is a
    number the game keeps beside the winner where it has one (Othello's disc difference,
    the pegs left in peg solitaire), else None.
    """

    winner: int | None
    reason: str
    score: int | None = None

    @property
    def kind(self) -> str:
        return self.reason


class Rules(Generic[S, M]):
    """One game's rules.  Subclasses fill in every method that raises here."""

    name: str = ""
    title: str = ""
    players: int = 1
    variants: tuple[str, ...] = ("standard",)

    def initial_state(self, variant: str | None = None) -> S:
        raise NotImplementedError

    def legal_moves(self, state: S) -> list[M]:
        raise NotImplementedError

    def apply(self, state: S, move: M) -> S:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""
        raise NotImplementedError

    def to_move(self, state: S) -> int:
        return 0

    def state_to_text(self, state: S) -> str:
        raise NotImplementedError

    def state_from_text(self, text: str, variant: str | None = None) -> S:
        raise NotImplementedError

    def move_to_text(self, move: M) -> str:
        return str(move)

    def move_from_text(self, state: S, text: str) -> M:
        """The move ``text`` names in ``state``; the state is there for games whose moves
        can only be read against a position (a draughts capture path)."""
        raise NotImplementedError

    def variant_of(self, state: S) -> str:
        """The variant a state belongs to; saves record it and check it on load.  Rules with more
        than one variant tell them apart themselves, and raise UnknownVariantError for a state
        of none they know: never a guess."""
        if len(self.variants) == 1:
            return self.variants[0]
        raise UnknownVariantError(f"{self.name} has {len(self.variants)} variants and no way to tell them apart")

    def is_terminal(self, state: S) -> bool:
        """True where no move may follow (perft counts no children there)."""
        return self.outcome(state) is not None

    def position_key(self, state: S) -> Hashable:
        """Equal for states that differ only in how they were reached (a search's table key)."""
        return state

    def check_variant(self, variant: str | None) -> str:
        if variant is None:
            return self.variants[0]
        if variant not in self.variants:
            raise NotationError(
                f"unknown variant {variant!r} for {self.name}; choose from {', '.join(self.variants)}",
                code="variant", variant=variant, variants=", ".join(self.variants),
            )
        return variant

    def perft(self, state: S, depth: int) -> int:
        """Number of move sequences of exactly ``depth`` moves; a finished game has no children."""
        if depth == 0:
            return 1
        if self.is_terminal(state):
            return 0
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.apply(state, move), depth - 1) for move in moves)


def parse_int_list(text: str, sep: str = ",", low: int = -(10**9), high: int = 10**9, most: int = 1000) -> list[int]:
    """At most ``most`` integers in ``low..high`` separated by ``sep`` (spaces around them allowed)."""
    parts = text.strip().split(sep, most)
    if len(parts) > most:
        raise NotationError(f"more than {most} numbers")
    try:
        return [parse_number(part.strip(), low, high) for part in parts]
    except NumberError as error:
        raise NotationError(str(error)) from None


def replay(rules: Rules[S, M], state: S, moves: Iterable[M]) -> S:
    for move in moves:
        state = rules.apply(state, move)
    return state


# A long reading (a record, a save) yields between two looks at the clock: (moves done, moves in
# all or None while it cannot tell), so a caller may step it a few milliseconds a frame.
Steps = Generator[tuple[int, "int | None"], None, Any]


def drained(steps: Generator):
    """Run a generator (a reading that yields its progress, a search) to its end in one go, and
    return what it returned."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
