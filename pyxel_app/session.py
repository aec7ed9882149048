"""The midend: one game's history with undo/redo/restart, hint, and plain-text save files.

Every cartridge gets these for free, as every game in Tatham's collection gets
them from ``midend.c``.  The history is a list of states with the text of the
move that led to each; ``position`` points at the state shown.  A restart is an
entry of its own, so it can be undone like a move.

A save file is one ``key=value`` field per line, never pickle or eval:

    game=fifteen
    format=1
    variant=standard
    start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15
    meta.goal=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0
    move=15
    position=1

A game given up keeps it in the meta, ``meta.resigned=2@14`` (the seat, 1 or 2, and the
position where it resigned): lost for that side there; a move a player makes drops it.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any, Callable

from .rules.base import NotationError, Outcome, Rules, RulesError, Steps, UnknownVariantError, drained
from .rules.numbers import NumberError, parse_number

RESTART = "restart"
RESIGNED_META = "resigned"
FORMAT_VERSION = "1"
# Moves and restarts in one save; far beyond any real game, small enough to replay at once.
MAX_ENTRIES = 100_000
# Lines read between two yields of the readers below (a caller steps them a few ms a frame).
LINES_A_STEP = 256


class SaveFileError(RulesError):
    """A save text that cannot be read back; the message says which line and why, and the
    code (``save.*``) and fields let a screen say it in the player's language."""


@dataclass
class Session:
    rules: Rules
    start: Any
    meta: dict[str, str] = field(default_factory=dict)
    states: list = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    position: int = 0
    solver: Callable[[Any], Any] | None = None
    # The history's entries that are restarts, in order: a screen asks every frame how many moves
    # the game shows, and a 100,000-move game must not be walked to answer.
    restarts: list[int] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [self.start]
            self.moves = [""]
        self.restarts = [index for index, text in enumerate(self.moves) if text == RESTART]

    @property
    def state(self):
        return self.states[self.position]

    @property
    def can_undo(self) -> bool:
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        return self.position < len(self.states) - 1

    @property
    def move_count(self) -> int:
        """Moves made since the last restart, up to the state shown."""
        return self.position - self.last_restart()

    def last_restart(self) -> int:
        """The history's entry of the last restart up to the state shown (0, the start, when none)."""
        before = bisect.bisect_right(self.restarts, self.position)
        return self.restarts[before - 1] if before else 0

    @property
    def played(self) -> bool:
        """A move was made: undo or redo reach it, even past a restart, so the game is worth keeping."""
        return any(text != RESTART for text in self.moves[1:])

    @property
    def outcome(self):
        return self.rules.outcome(self.state)

    def resign(self, seat: int) -> Outcome:
        """``seat`` gives the game up at the position shown: its end, kept in the meta."""
        self.meta[RESIGNED_META] = f"{seat + 1}@{self.position}"
        return Outcome(1 - seat, "resigned")

    def resignation(self) -> Outcome | None:
        """The end of a game given up at the position shown; None elsewhere or when nobody resigned."""
        seat, _, position = self.meta.get(RESIGNED_META, "").partition("@")
        if seat not in ("1", "2") or position != str(self.position):
            return None
        return Outcome(2 - int(seat), "resigned")

    def take_back_resignation(self) -> bool:
        """The resignation at the position shown is withdrawn; False when there is none."""
        if self.resignation() is None:
            return False
        del self.meta[RESIGNED_META]
        return True

    def make_move(self, move) -> Any:
        """A move played from the position shown, as a player makes one: a resignation further on
        in the history goes with the moves it replaces."""
        state = self.play(move)
        self.meta.pop(RESIGNED_META, None)
        return state

    def _push(self, state, text: str) -> None:
        del self.states[self.position + 1 :]
        del self.moves[self.position + 1 :]
        del self.restarts[bisect.bisect_right(self.restarts, self.position) :]
        self.states.append(state)
        self.moves.append(text)
        self.position += 1
        if text == RESTART:
            self.restarts.append(self.position)

    def play(self, move) -> Any:
        """Apply a move (raises IllegalMoveError and changes nothing if it is illegal)."""
        state = self.rules.apply(self.state, move)
        self._push(state, self.rules.move_to_text(move))
        return state

    def playing(self, moves) -> Steps:
        """:meth:`play` each of ``moves`` in turn, yielding the moves played and how many there are;
        the session."""
        for done, move in enumerate(moves):
            yield done, len(moves)
            self.play(move)
        return self

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.position -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self.position += 1
        return True

    def go_to(self, position: int) -> bool:
        """Show the history's entry ``position`` (0 the start), as undo or redo that many times
        would: the entries after it stay, for redo, until the next move replaces them."""
        if not 0 <= position < len(self.states) or position == self.position:
            return False
        self.position = position
        return True

    def restart(self) -> bool:
        if self.state == self.start:
            return False
        self._push(self.start, RESTART)
        return True

    def last_move_text(self) -> str | None:
        """The move that led to the state shown, after a move, undo, redo or load alike;
        None at the start and right after a restart."""
        text = self.moves[self.position]
        return None if self.position == 0 or text == RESTART else text

    def last_move(self):
        """The move that led to the state shown, as the rules' move; None where
        :meth:`last_move_text` is None."""
        text = self.last_move_text()
        return None if text is None else self.rules.move_from_text(self.states[self.position - 1], text)

    def hint(self):
        """The solver's next move from here, or None when there is no solver or nothing to do."""
        if self.solver is None or self.outcome is not None:
            return None
        return self.solver(self.state)

    def move_texts(self) -> list[str]:
        """The moves since the last restart that led to the state shown."""
        return self.moves[self.last_restart() + 1 : self.position + 1]

    # Save files.

    def to_text(self) -> str:
        lines = [f"game={self.rules.name}", f"format={FORMAT_VERSION}"]
        try:
            lines.append(f"variant={self.rules.variant_of(self.start)}")
        except UnknownVariantError:
            pass  # the moves are worth keeping without it: reading the save back says what is missing
        lines.append(f"start={self.rules.state_to_text(self.start)}")
        lines += [f"meta.{key}={value}" for key, value in sorted(self.meta.items())]
        if len(self.moves) > 1:
            # One join and one replace at C speed: a 100,000-move game is autosaved after every move.
            entries = ("move=" + "\nmove=".join(self.moves[1:]) + "\n").replace(f"move={RESTART}\n", f"{RESTART}\n")
            lines.append(entries[:-1])
        lines.append(f"position={self.position}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(
        cls,
        text: str,
        rules: Rules,
        load_start: Callable[[str, dict[str, str], str | None], Any] | None = None,
        solver: Callable[[Any], Any] | None = None,
    ) -> "Session":
        """Rebuild a session by replaying every move; any bad line raises SaveFileError."""
        return drained(cls.reading(text, rules, load_start, solver))

    @classmethod
    def reading(
        cls,
        text: str,
        rules: Rules,
        load_start: Callable[[str, dict[str, str], str | None], Any] | None = None,
        solver: Callable[[Any], Any] | None = None,
    ) -> Steps:
        """:meth:`from_text` a few lines or a move at a time, yielding the moves replayed and how
        many there are (None while the lines are read)."""
        start_text = start_line = None
        meta: dict[str, str] = {}
        entries: list[tuple[int, str]] = []
        position = position_line = None
        variant = None
        seen_game = False
        for number, raw in enumerate(text.splitlines(), 1):
            if not number % LINES_A_STEP:
                yield 0, None
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line == RESTART:
                entries.append((number, RESTART))
                continue
            key, sep, value = line.partition("=")
            if not sep:
                raise SaveFileError(f"expected key=value, got {line[:40]!r}", number, code="save.not_field", got=line[:40])
            if key == "game":
                if value != rules.name:
                    raise SaveFileError(f"this save is for {value!r}, not {rules.name!r}", number, code="save.other_game",
                                        game=value[:40])
                seen_game = True
            elif key == "format":
                if value != FORMAT_VERSION:
                    raise SaveFileError(f"unknown save format {value!r}", number, code="save.format", format=value[:40])
            elif key == "variant":
                try:
                    variant = rules.check_variant(value)
                except NotationError as error:
                    raise SaveFileError(str(error), number, code="save.inner", problem=error) from None
            elif key == "start":
                start_text, start_line = value, number
            elif key.startswith("meta."):
                meta[key[5:]] = value
            elif key == "move":
                entries.append((number, value))
                if len(entries) > MAX_ENTRIES:
                    raise SaveFileError(f"more than {MAX_ENTRIES} moves", number, code="save.too_many", n=MAX_ENTRIES)
            elif key == "position":
                try:
                    position, position_line = parse_number(value, 0, MAX_ENTRIES, "position"), number
                except NumberError as error:
                    raise SaveFileError(str(error), number, code="save.inner", problem=error) from None
            else:
                raise SaveFileError(f"unknown field {key!r}", number, code="save.unknown_field", field=key[:40])
        if not seen_game:
            raise SaveFileError("no game= line: not a save file", code="save.no_game", field="game=")
        if start_text is None:
            raise SaveFileError("no start= line", code="save.no_start", field="start=")
        try:
            start = load_start(start_text, meta, variant) if load_start else rules.state_from_text(start_text, variant)
        except (NotationError, ValueError) as error:
            raise SaveFileError(f"bad start position: {error}", start_line, code="save.bad_start", problem=error) from None
        try:
            named = rules.variant_of(start)
        except RulesError as error:
            raise SaveFileError(f"bad start position: {error}", start_line, code="save.bad_start", problem=error) from None
        if variant is not None and named != variant:
            raise SaveFileError(f"the start position is not of the variant {variant!r}", start_line,
                                code="save.wrong_variant", variant=variant)
        session = cls(rules, start, meta, solver=solver)
        for done, (number, move_text) in enumerate(entries):
            yield done, len(entries)
            try:
                if move_text == RESTART:
                    session._push(session.start, RESTART)
                else:
                    session.play(rules.move_from_text(session.state, move_text))
            except ValueError as error:
                raise SaveFileError(f"move {move_text[:20]}: {error}", number, code="save.move", move=move_text[:20],
                                    problem=error) from None
        if position is not None:
            if position >= len(session.states):
                raise SaveFileError(f"position {position} is past the last move", position_line, code="save.position",
                                    position=position)
            session.position = position
        return session


def moves_shown(text: str) -> int:
    """The moves a save text shows once loaded (its ``move_count``), counted without replaying
    them: how a list of saves says each one's length at once.

    >>> moves_shown("game=connect4\\nstart=x\\nmove=3\\nrestart\\nmove=4\\nmove=5\\nposition=3\\n")
    1
    """
    return drained(counting_shown(text))


def counting_shown(text: str) -> Steps:
    """:func:`moves_shown` a few lines at a time."""
    entries: list[bool] = []  # True for a move, False for a restart
    position = None
    for number, raw in enumerate(text.splitlines(), 1):
        if not number % LINES_A_STEP:
            yield 0, None
        line = raw.strip()
        if line == RESTART:
            entries.append(False)
        elif line.startswith("move="):
            entries.append(True)
        elif line.startswith("position="):
            try:
                position = parse_number(line[len("position="):].strip(), 0, MAX_ENTRIES)
            except NumberError:
                position = None
    shown = entries[:position] if position is not None else entries
    count = 0
    for is_move in reversed(shown):
        if not is_move:
            break
        count += 1
    return count
