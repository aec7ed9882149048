"""The game shown as a line of moments, for its record page and its replay.

The line is the session's history from the last restart at or before the position shown (or
from the start) up to the last move before the next restart: the moves played to the present
and those undone after it, which redo would bring back.  Moment 0 is the position the line
starts from, moment ``k`` the one after its ``k``-th move.  Looking at a moment changes nothing;
drawing it sets the session's position for that one draw (:meth:`Timeline.showing`), so the
board shown is the one undo to that moment would show.  Playing on from a moment is the one
change, and the cartridge makes it (``Cartridge.play_on_from``).

Marks (the review's ``?``) are kept with the moves they judge, in :class:`Marks`: a mark shows
beside a move only while the line still holds the same moves up to it.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Sequence

from ..rules.records import MoveLine, Record, numbered
from ..session import RESTART, Session
from .sheet import number_written
from .strings import t


class Marks:
    """Marks beside moves of the record (``"?"``), each for the move texts it was given with."""

    def __init__(self) -> None:
        self.moves: tuple[str, ...] = ()
        self.marks: dict[int, str] = {}

    def set(self, moves: Sequence[str], marks: dict[int, str]) -> None:
        """``marks`` (move index from 0 -> its mark) for the line of ``moves`` (move texts from the
        start, or since the last restart, as ``Session.move_texts`` gives them)."""
        self.moves, self.marks = tuple(moves), dict(marks)

    def clear(self) -> None:
        self.moves, self.marks = (), {}

    def get(self, index: int, moves: Sequence[str]) -> str:
        """The mark of move ``index`` of the line ``moves``, or "" when it has none or the line
        differs from the marked one up to that move."""
        mark = self.marks.get(index, "")
        if mark and tuple(moves[: index + 1]) == self.moves[: index + 1]:
            return mark
        return ""


def line_span(session: Session) -> tuple[int, int]:
    """(first, last) history entries of the line through the session's position: ``first`` the
    start or the restart it begins at, ``last`` its last move (the position, or past it in redo)."""
    moves, position = session.moves, session.position
    first = next((index for index in range(position, 0, -1) if moves[index] == RESTART), 0)
    last = position
    while last + 1 < len(moves) and moves[last + 1] != RESTART:
        last += 1
    return first, last


class Timeline:
    """The line of the cartridge's game and the moment looked at; it follows the game as it changes
    (a move by the computer or the other computer while it shows), and keeps to the present when
    it was looking at it."""

    def __init__(self, cart) -> None:
        self.cart = cart
        self.session: Session | None = None
        self.first = 0
        self.texts: tuple[str, ...] = ()
        self.lines: list[MoveLine] = []
        self.present = 0
        self.moment = 0
        self.refresh()
        self.moment = self.present

    def refresh(self) -> bool:
        """Read the game again; False when there is none any more."""
        session = self.cart.session
        if session is None:
            return False
        at_present = self.moment == self.present
        first, last = line_span(session)
        texts = tuple(session.moves[first + 1 : last + 1])
        if session is not self.session or first != self.first or texts != self.texts:
            self.session, self.first, self.texts = session, first, texts
            start = session.states[first]
            moves = [self.cart.rules.move_from_text(session.states[first + index], text)
                     for index, text in enumerate(texts)]
            self.lines = numbered(Record(self.cart.rules, start, tuple(moves)))
        self.present = session.position - first
        self.moment = self.present if at_present else min(self.moment, len(self.lines))
        return True

    @property
    def last(self) -> int:
        """The last moment: after the last move of the line, undone or not."""
        return len(self.lines)

    def look(self, moment: int) -> None:
        self.moment = max(0, min(self.last, moment))

    def step(self, moves: int) -> None:
        self.look(self.moment + moves)

    def line(self, moment: int) -> MoveLine | None:
        """The move that led to ``moment`` (None for the start)."""
        return self.lines[moment - 1] if moment > 0 else None

    def mark(self, index: int) -> str:
        return self.cart.review_marks.get(index, self.texts)

    def move_name(self, moment: int) -> str:
        """"12... f5": the move that led to ``moment`` as the record writes it."""
        line = self.line(moment)
        return "" if line is None else f"{number_written(line)} {line.label}"

    def where(self, moment: int) -> str:
        """"After 12... f5" or "The start of the game"."""
        return t("record.after", move=self.move_name(moment)) if moment else t("record.at_start")

    def said(self, moment: int) -> str:
        """The moment in words, with who moved there in a two-player game."""
        line = self.line(moment)
        if line is None or self.cart.rules.players != 2:
            return self.where(moment) + "."
        return t("record.moved", at=self.where(moment), player=self.cart.player_label(line.player))

    def state_word(self, moment: int) -> str:
        """The moment, and whether the game stands there or it was undone."""
        at = self.where(moment)
        if moment == self.present:
            return t("record.in_play", at=at)
        return t("record.undone", at=at) if moment > self.present else at

    @contextmanager
    def showing(self) -> Iterator[None]:
        """Within: the session shows the moment looked at (for one draw; nothing else may run)."""
        session = self.session
        kept = session.position
        session.position = self.first + self.moment
        try:
            yield
        finally:
            session.position = kept

    def question(self) -> str:
        """"Play on from move 12... f5?": what is asked before the game goes to the moment."""
        if self.moment == 0:
            return t("record.ask_play_on_start")
        return t("record.ask_play_on", move=self.move_name(self.moment))

    def play_on(self) -> None:
        """The game goes to the moment looked at; the moves after it stay, for redo."""
        self.cart.play_on_from(self.first + self.moment)
