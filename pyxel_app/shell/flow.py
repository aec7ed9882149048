"""The match flow: who sits where, the one move path, whose turn, undo policy and the end.

It draws nothing and reads no input.  The seats are a person here, the computer at a level,
or a queue of move texts (a test's, another computer's); every move, whoever makes it, goes
through :meth:`MatchFlow.submit`.  The computer thinks a slice a frame (:meth:`MatchFlow.think`,
as the hint does), undo takes the computer's reply with the move it answered, and the players
may agree on an end (a resignation, a draw).  What happens is told to its owner through the
few callbacks of :class:`FlowEvents`; the match cartridge is that owner, and a test can be.

Who plays is the session's meta, so a saved game comes back with its players: ``mode``,
``level``, ``computer`` (its seat, 1 or 2), ``name1``/``name2``, ``colour1``/``colour2`` and,
for a game whose rules the players choose, ``variant``; a game resigned here keeps it there too
(``Session.resign``), so a saved game comes back lost for that side at that moment.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ..rules.base import Outcome, RulesError
from ..session import Session
from .keyboard import NAME_MAX, clean_name
from .seats import ComputerSeat, PersonSeat, Seat
from .setup import COMPUTER, MODE_COMPUTER, MODE_TWO, SAVED_MODES
from .strings import has, t


class FlowEvents(Protocol):
    """What the flow tells its owner (the match cartridge, or a test)."""

    def moved(self, before, move, mover: int) -> None:
        """``mover``'s seat played ``move`` from the position ``before``; the flow shows the one after."""

    def refused(self, state, text: str, error: RulesError) -> None:
        """``text`` is not a move in ``state`` (illegal or unreadable); nothing changed."""

    def hint_ready(self, move) -> None:
        """The hint asked for is found: ``move`` in the position shown."""

    def changed(self) -> None:
        """Undo or redo moved through the history: the position shown is another one."""

    def ended(self, outcome: Outcome) -> None:
        """The players agreed on ``outcome`` (a resignation, a draw); a move that ends the game comes as ``moved``."""


def players_from_meta(meta: dict[str, str], spec) -> tuple[str, str, list[str], list[str], int]:
    """(mode, level, names, colours, computer's seat) from a save file's meta; ValueError
    names what is wrong.  Saves without ``computer`` have it in seat 1, as before."""
    mode = meta.get("mode", "")
    if mode not in SAVED_MODES:
        raise ValueError(f"unknown mode {mode!r}")
    colours = [meta.get("colour1", ""), meta.get("colour2", "")]
    for colour in colours:
        if colour not in spec.colours:
            raise ValueError(f"unknown colour {colour!r}")
    if colours[0] == colours[1]:
        raise ValueError("both players have the same colour")
    level = meta.get("level", spec.levels[0] if spec.levels else "")
    if mode == MODE_COMPUTER and level not in spec.levels:
        raise ValueError(f"unknown level {level!r}")
    names = [clean_name(meta.get("name1", ""))[:NAME_MAX], clean_name(meta.get("name2", ""))[:NAME_MAX]]
    computer = meta.get("computer", "2")
    if computer not in ("1", "2"):
        raise ValueError(f"unknown computer seat {computer!r}")
    return mode, level, names, colours, int(computer) - 1


class MatchFlow:
    """One match of a registered two-player game (``spec``): its players and seats, its session.

    ``budget_ms()`` says how long the computer may think in this frame's slice; ``rng`` is the
    computer's and the hint's chance.
    """

    def __init__(self, spec, rng, events: FlowEvents, budget_ms: Callable[[], float]) -> None:
        self.spec, self.rules, self.key = spec, spec.rules, spec.key
        self.rng, self.events, self.budget_ms = rng, events, budget_ms
        self.session: Session | None = None
        # The players, as the set-up and the saved game's meta say them.
        self.mode = MODE_COMPUTER
        self.level = spec.levels[0] if spec.levels else ""
        self.names = ["", ""]
        self.colours: list[str | None] = [None, None]
        self.computer_seat = COMPUTER
        self.seats: list[Seat] = [PersonSeat(), PersonSeat()]
        self.hint_engine = None
        self.agreed: Outcome | None = None  # an end the players agreed on (a resignation, a draw)

    # Words for the players: the game's own where it has them, else the match layer's.

    def word(self, key: str, **values) -> str:
        own = f"{self.key}.{key}"
        return t(own if has(own) else f"match.{key}", **values)

    def colour_name(self, colour: str) -> str:
        return t(f"{self.key}.colour.{colour}")

    # Players and seats.

    def new_session(self, variant: str, other_side_starts: bool = False) -> None:
        """A new game of ``variant`` for the players; ``other_side_starts`` hands the first move to
        whoever moved second."""
        if other_side_starts:
            self.names.reverse()
            if not (self.spec.colours_name_sides or self.spec.start_variants):  # else the colours stay with their sides
                self.colours.reverse()
            self.computer_seat = 1 - self.computer_seat
        self.session = Session(self.rules, self.rules.initial_state(variant), self.players_meta(variant))

    def players_meta(self, variant: str) -> dict[str, str]:
        """The session's meta for the players as they are, in a game of ``variant``."""
        meta = {"mode": self.mode, "name1": self.names[0], "colour1": self.colours[0], "colour2": self.colours[1]}
        if self.mode == MODE_COMPUTER:
            meta["level"] = self.level
            meta["computer"] = str(self.computer_seat + 1)
        if self.names[1]:
            meta["name2"] = self.names[1]
        if self.spec.choose_variant:
            meta["variant"] = variant
        return meta

    def record_meta(self, record) -> dict[str, str]:
        """The meta a record's game is played with: the players of the game shown; while they are
        still being set up, two people here with the first two colours (as ``snap`` starts a game)."""
        if self.session is None:
            self.mode, self.names, self.colours = MODE_TWO, ["", ""], list(self.spec.colours[:2])
        return self.players_meta(self.rules.variant_of(record.start))

    def take_players(self) -> None:
        """The players of the session's meta, with no end agreed yet."""
        players = players_from_meta(self.session.meta, self.spec)
        self.mode, self.level, self.names, self.colours, self.computer_seat = players
        self.agreed = self.session.resignation()

    def seat_players(self) -> None:
        """People here, but the computer in its seat where one plays; between two people a queue of
        move texts (a test's) keeps its seat."""
        if self.mode == MODE_COMPUTER:
            self.seats = [PersonSeat(), PersonSeat()]
            self.seats[self.computer_seat] = ComputerSeat(self.spec, self.level, self.rng)
        else:
            self.seats = [seat if seat.kind == "queue" else PersonSeat() for seat in self.seats]

    # Who is who.

    @property
    def state(self):
        return self.session.state

    @property
    def outcome(self) -> Outcome | None:
        return self.agreed or self.session.outcome

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def seat_to_move(self) -> int:
        return self.rules.to_move(self.state)

    def is_computer(self, seat: int) -> bool:
        if self.session is None:  # still setting up: the seat the computer will take
            return self.mode == MODE_COMPUTER and seat == self.computer_seat
        return self.seats[seat].kind == "computer"

    def agent_to_move(self) -> bool:
        """The side to move is not a person here: the computer, a queue, another computer."""
        return self.session is not None and not self.over and self.seats[self.seat_to_move()].is_agent

    @property
    def thinking(self) -> bool:
        """The computer is working on a move (what the panel shows)."""
        return any(seat.thinking for seat in self.seats)

    @property
    def hinting(self) -> bool:
        return self.hint_engine is not None

    def player_name(self, seat: int) -> str:
        if self.is_computer(seat):
            key = f"{self.key}.ai_name.{self.level}"
            return t(key) if has(key) else t("match.computer")
        # Against the computer the person stays "Player 1", whoever starts.
        number = 1 if self.mode == MODE_COMPUTER else seat + 1
        return self.names[seat] or self.word("default_name", n=number)

    def player_names(self) -> list[str]:
        """Both players' names in seat order, as the panel names them."""
        return [self.player_name(seat) for seat in (0, 1)]

    def player_label(self, seat: int) -> str:
        """"Player 1 (Red)", as the original prints the player."""
        return f"{self.player_name(seat)} ({self.colour_name(self.colours[seat])})"

    def person_here(self) -> int | None:
        """The seat of the one person at this computer, facing the computer or another computer
        (a remote seat); None when two people play here."""
        if self.mode == MODE_COMPUTER:
            return 1 - self.computer_seat
        remote = [seat for seat, player in enumerate(self.seats) if player.kind == "remote"]
        return 1 - remote[0] if remote else None

    # The one move path.

    def submit(self, text: str) -> bool:
        """Play ``text`` (the game's notation) for the side to move; every move comes here: a
        person's, the computer's, another computer's.  An illegal or unreadable move changes
        nothing and is ``refused``."""
        if self.session is None or self.over:
            return False
        before, mover = self.state, self.seat_to_move()
        try:
            move = self.rules.move_from_text(before, text)
            self.session.make_move(move)
        except RulesError as error:
            self.events.refused(before, text, error)
            return False
        self.stop_thinking()
        self.events.moved(before, move, mover)
        return True

    def think(self) -> None:
        """One slice of work: for the seat to move when it is not a person here (what it answers
        is played), else for the hint asked for."""
        if self.agent_to_move():
            seat = self.seats[self.seat_to_move()]
            if not seat.thinking:
                seat.start(self.state)
            text = seat.step(self.budget_ms())
            if text is not None:
                self.submit(text)
        elif self.hint_engine is not None:
            result = self.hint_engine.step(self.budget_ms())
            if result is not None:
                self.hint_engine = None
                self.events.hint_ready(result.move)

    def stop_thinking(self) -> None:
        for seat in self.seats:
            seat.stop()
        self.hint_engine = None

    def can_hint(self) -> bool:
        """A person here is to move in a game not over, and the game has an engine to ask."""
        return self.session is not None and not self.over and not self.agent_to_move() and self.spec.engine is not None

    def start_hint(self) -> None:
        """Ask the engine at the hint's level (else the top one); ``hint_ready`` says its move."""
        if self.hint_engine is None:
            self.hint_engine = self.spec.engine(self.state, self.spec.hint_level or self.spec.levels[-1], self.rng)

    # Undo policy: the computer's reply goes with the move it answered.

    def undo(self) -> bool:
        if self.session is not None and self.session.take_back_resignation():
            self.events.changed()  # the game goes on where it stood
            return True
        if self.session is None or not self.session.undo():
            return False
        while self.agent_to_move() and self.session.can_undo:
            self.session.undo()
        self.events.changed()
        return True

    def redo(self) -> bool:
        if self.session is None or self.agreed is not None or not self.session.redo():
            return False
        if self.agent_to_move() and self.session.can_redo:
            self.session.redo()
        self.events.changed()
        return True

    # An end the players agree on.

    def agree(self, winner: int | None, reason: str) -> None:
        """The game ends as the players agreed: ``winner`` the side that did not resign, None a draw."""
        self.agreed = Outcome(winner, reason)
        self.stop_thinking()
        self.events.ended(self.agreed)

    def resigner(self) -> int:
        """Who resigns here: the person playing the computer; between two people, the side to move."""
        here = self.person_here()
        return self.seat_to_move() if here is None else here

    def resign(self, seat: int) -> None:
        """``seat`` gives the game up here: lost, and kept in the session so a save keeps it."""
        end = self.session.resign(seat)
        self.agree(end.winner, end.reason)
