"""A game between two computers: the remote seat and the conversation with the other side.

The table (``shell/nettable.py``, the game as the conversation sees it) keeps playing its
one way: a move from the other computer is checked here with the game's own rules and, when
legal, fed to a :class:`RemoteSeat` (a queue seat) whose turn the table plays through its
one move path like any other; an illegal one is answered with ``ERROR`` and never applied.
A move made here goes out as ``MOVE``.

Everything runs in ``poll``, called every frame (under the help and pause pages too).  The
conversation comes in parts: the link and its stages (``netlink``), the greeting and
catching up (``netgreet``), the agreements on undo, draw and a new game (``netagree``);
:class:`NetGame` puts them together and plays the moves.  A peer only ever supplies its own
side's moves, and asks one question at a time.
"""

from __future__ import annotations

import time
from typing import Callable

from ..net import protocol
from ..net.protocol import Command, ProtocolError
from ..rules.base import RulesError
from .netagree import QUESTIONS_PER_MINUTE, Agreements
from .netgreet import Greeting
from .netlink import (GREETING, GREETING_SECONDS, HOST, JOIN, ROLES, TRANSIENT, NetLink, describe, open_link_factory,
                      open_room_factory, protocol_words, refusal)
from .nettable import NetTable
from .seats import QueueSeat
from .strings import has, t

__all__ = ["GREETING_SECONDS", "HOST", "JOIN", "QUESTIONS_PER_MINUTE", "ROLES", "NetGame", "RemoteSeat", "describe",
           "elapsed_text", "open_link_factory", "open_room_factory", "peer_error_text", "why_text"]


class RemoteSeat(QueueSeat):
    """The player at the other computer: moves come from the network, already checked."""

    kind = "remote"


def elapsed_text(seconds: float) -> str:
    """m:ss (h:mm:ss past an hour).

    >>> elapsed_text(0.4), elapsed_text(75), elapsed_text(3725)
    ('0:00', '1:15', '1:02:05')
    """
    seconds = int(max(0, seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def why_text(problem: str, detail: "str | ProtocolError" = "") -> str:
    """A link's problem word in the player's language."""
    if isinstance(detail, ProtocolError):
        detail = protocol_words(detail)
    key = f"net.why.{problem or 'closed'}"
    return t(key if has(key) else "net.why.other", detail=detail)


def peer_error_text(text: str, player: str) -> str:
    """An ERROR from the other computer in this player's language; a word this side does not
    know (another program's) is shown as it came."""
    word = text.partition(":")[0]
    key = f"net.peer.{word}"
    if protocol.TOKEN.fullmatch(word) and has(key):
        return t(key)
    return t("net.peer_error", player=player, text=text)


class NetGame(NetLink):
    """One network game at ``table``: who is where, the link to the other side and what is said on it.

    ``local`` is the seat played here (0 moves first); a fresh join learns it from the
    host's greeting.  ``clock`` and ``open_link`` are there for tests (quick timeouts,
    loopback ports).
    """

    def __init__(self, table: NetTable, role: str, host: str, port: int, local: int | None = 0,
                 clock: Callable[[], float] = time.monotonic, open_link: Callable | None = None, code: str = "") -> None:
        super().__init__(table, role, host, port, clock, open_link, code)
        self.local = local
        self.seat = RemoteSeat()
        self.turn_since = clock()
        self.own_name = table.typed_name(local or 0) if table.has_game else table.typed_name(0)
        self.applying = False  # a move from the other side going through the move path: not sent back
        self.greeting = Greeting(self)
        self.agreements = Agreements(self)

    # Who plays where.

    @property
    def remote(self) -> int:
        return 1 - (self.local or 0)

    @property
    def turn_seconds(self) -> float:
        return self.clock() - self.turn_since

    @property
    def greeted(self) -> bool:
        return self.greeting.greeted

    @greeted.setter
    def greeted(self, value: bool) -> None:
        self.greeting.greeted = value

    def peer_label(self) -> str:
        if self.table.has_game:
            return self.table.player_name(self.remote)
        return self.greeting.peer_name or t("net.other_player")

    # What the link tells.

    def greet_caller(self) -> None:
        self.greeting.send_hello()

    def forget_caller(self) -> None:
        self.greeting.forget()
        self.agreements.asked_at.clear()

    def on_dropped(self) -> None:
        self.seat.queue.clear()
        self.agreements.drop()

    def on_lost(self, was_playing: bool, left: bool = False) -> None:
        """The other computer is gone: the game stays (it is autosaved after every move); the
        player is told why, and asked whether to connect again where that may help."""
        table = self.table
        if not was_playing:  # still setting up: the waiting screen says why and offers to try again
            table.sound("refused")
            return
        table.autosave()
        if left:
            table.flash(t("net.left", player=table.player_name(self.remote)))
        elif self.stage == "failed":
            table.show_message(why_text(self.problem, self.detail))
        elif not table.over:
            table.ask(t("net.ask_reconnect", why=why_text(self.problem, self.detail)), self.reconnect, default=True)
        table.sound("refused")

    def handle(self, command: Command) -> None:
        verb = command.verb
        if verb == "BYE":
            if self.caller:
                self.hang_up()
                return
            self.fail_stage("lost", "left")
            self.on_lost(self.table.has_game, left=True)
        elif verb == "ERROR":
            self.on_error(command.text)
        elif self.stage in GREETING:
            self.greeting.take(command)
        elif verb in ("HELLO", "RESUME"):
            self.send(refusal("order", f"{verb}: the game is on"))
        elif verb == "MOVE":
            self.on_move(command.number, command.text)
        else:
            self.agreements.take(command)

    def on_error(self, text: str) -> None:
        """The other side refused something: a caller is turned away; while greeting it ends the
        link (lost when trying again may help); while playing it is only said."""
        if self.caller:
            self.hang_up("refused")
            return
        said = peer_error_text(text, self.peer_label())
        self.note(said)
        word = text.partition(":")[0]
        if self.stage in GREETING and word in TRANSIENT:
            self.lose(word, f"{GREETING_SECONDS:g}")
        elif self.stage in GREETING:
            self.fail_stage("failed", "other", said)
            self.on_lost(self.table.has_game)

    def start_game(self, variant: str, peer_name: str) -> None:
        """A new game at the table with the other side, this side in seat ``local``."""
        self.table.start_game(variant, self.local, self.own_name, peer_name, self.address)

    def start_playing(self) -> None:
        self.stage = "playing"
        self.turn_since = self.clock()
        self.table.sound("select")
        self.table.autosave()

    # Moves.

    def on_move(self, number: int, text: str) -> None:
        table = self.table
        why = self.move_refused(number, text) if not table.over else "the game is over"
        if why:
            self.send(refusal("move", f"move {number} {text[:40]} refused: {why}"))
            self.note(t("net.refused_move", n=number, player=self.peer_label()))
            return
        self.seat.feed(text)

    def move_refused(self, number: int, text: str) -> str:
        """Why the other side's move ``number`` cannot be played ("" if it can)."""
        rules, state = self.table.rules, self.table.state
        count = len(self.table.moves())
        if number != count + 1 or self.seat.queue:
            return f"expected move {count + 1}"
        if rules.to_move(state) != self.remote:
            return "not your turn"
        try:
            rules.apply(state, rules.move_from_text(state, text))
        except RulesError as error:
            return str(error) or type(error).__name__
        return ""

    def apply_now(self, text: str) -> bool:
        self.applying = True
        try:
            return self.table.play(text)
        finally:
            self.applying = False

    def moved(self, seat: int, text: str) -> None:
        """A move was played here (the table's one move path): send it if it was ours."""
        self.turn_since = self.clock()
        if seat == self.local and not self.applying:
            self.send(Command("MOVE", len(self.table.moves()), text))

    # Agreements asked from here.

    def ask_undo(self) -> None:
        self.agreements.ask_undo()

    def offer_draw(self) -> None:
        self.agreements.offer_draw()

    def resign(self) -> None:
        self.agreements.resign()

    def ask_new(self) -> None:
        self.agreements.ask_new()

    def new_game(self) -> None:
        """Both want another game: the sides swap (who moved second moves first)."""
        self.agreements.forget_asked()
        peer_name = self.table.typed_name(self.remote)
        variant = self.table.variant
        self.local = self.remote
        self.seat.queue.clear()
        self.start_game(variant, peer_name)
        self.turn_since = self.clock()
        self.table.autosave()
