"""A game between two computers: the remote seat and the conversation with the other side.

The match layer keeps playing its one way: a move from the other computer is checked
here with the game's own rules and, when legal, fed to a :class:`RemoteSeat` (a queue
seat) whose turn the match layer plays through ``submit`` like any other; an illegal one
is answered with ``ERROR`` and never applied.  A move made here goes out as ``MOVE``.
Undo is a request the other side accepts or refuses, a draw an offer, resigning ends it.

Everything runs in ``poll``, called from the cartridge's ``tick`` every frame (under the
help and pause pages too).  Sockets come from ``pyxel_app/net/link.py``, imported only
when a game is hosted or joined, never in the browser.  After (re)connecting, both sides
send ``RESUME <count> <digest>``: equal games play on; when one list of moves is the start
of the other, the longer side sends the missing moves; anything else is reported.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from ..net import protocol
from ..net.protocol import Command, ProtocolError
from ..rules.base import RulesError
from .seats import QueueSeat
from .strings import has, t, text_in

HOST, JOIN = "host", "join"
ROLES = (HOST, JOIN)
# Stages: waiting for a peer (listening/connecting), greeting, catching up on moves,
# playing; "lost" when a connection dropped (the game stays, reconnecting is offered);
# "failed" when the two sides cannot play together (mismatch); "closed" when left.
WAITING = ("listening", "connecting")


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


def protocol_words(error: ProtocolError) -> str:
    """What was wrong with a line from the other computer, in the player's language."""
    key = f"net.bad.{error.reason}"
    return t(key if has(key) else "net.bad.other", **error.values)


def refusal(word: str, english: str) -> Command:
    """An ERROR for the other computer: a word (``net.peer.<word>``) its player reads in their own
    language, then the particulars in English for a log."""
    return protocol.error(f"{word}: {english}")


def peer_error_text(text: str, player: str) -> str:
    """An ERROR from the other computer in this player's language; a word this side does not
    know (another program's) is shown as it came."""
    word = text.partition(":")[0]
    key = f"net.peer.{word}"
    if protocol.TOKEN.fullmatch(word) and has(key):
        return t(key)
    return t("net.peer_error", player=player, text=text)


def describe(error: OSError) -> tuple[str, str]:
    """An error opening a link as (a ``net.why`` word, the system's words); the link module only
    where it could have been loaded."""
    if sys.platform == "emscripten":
        return "other", str(error)
    from ..net.link import describe as link_describe

    return link_describe(error)


def open_link_factory(**options) -> Callable:
    """``(role, host, port) -> a Listener or a Connector`` from the desktop-only link module."""

    def open_link(role: str, host: str, port: int):
        if sys.platform == "emscripten":  # the browser has no sockets; the options are never shown there
            raise OSError("no network in the browser")
        from ..net import link

        if role == HOST:
            return link.Listener(port, host, **options)
        return link.Connector(host, port, **options)

    return open_link


class NetGame:
    """One network game of a match cartridge: who is where, and the link to the other side.

    ``local`` is the seat played here (0 moves first); a fresh join learns it from the
    host's greeting.  ``clock`` and ``open_link`` are there for tests (quick timeouts,
    loopback ports).
    """

    def __init__(self, cartridge, role: str, host: str, port: int, local: int | None = 0,
                 clock: Callable[[], float] = time.monotonic, open_link: Callable | None = None) -> None:
        self.cart = cartridge
        self.role, self.host, self.port = role, host, port
        self.local = local
        self.seat = RemoteSeat()
        self.clock = clock
        self.open_link = open_link or open_link_factory(clock=clock)
        self.stage = "closed"
        self.problem = self.detail = ""
        self.waiter = None  # the Listener or Connector while waiting for the other side
        self.link = None
        self.since = clock()  # when the current wait began
        self.turn_since = clock()
        self.peer_name = ""
        self.greeted = False  # the other side's HELLO has come and was good
        self.resume_target: tuple[int, str] | None = None  # catching up to (count, digest)
        self.asked_undo: int | None = None
        self.offered_draw = False
        self.asked_new = False
        self.own_name = cartridge.names[local or 0] if cartridge.session is not None else cartridge.names[0]
        self.applying = False  # a move from the other side going through submit: not sent back

    # Who plays where.

    @property
    def remote(self) -> int:
        return 1 - (self.local or 0)

    @property
    def listening_port(self) -> int:
        return getattr(self.waiter, "port", self.port)

    @property
    def address(self) -> str:
        return protocol.join_address(self.host, self.port)

    @property
    def connected(self) -> bool:
        return self.link is not None and not self.link.closed

    @property
    def playing(self) -> bool:
        return self.stage == "playing"

    @property
    def waiting_seconds(self) -> float:
        return self.clock() - self.since

    @property
    def turn_seconds(self) -> float:
        return self.clock() - self.turn_since

    def peer_label(self) -> str:
        if self.cart.session is not None:
            return self.cart.player_name(self.remote)
        return self.peer_name or t("net.other_player")

    # Opening and closing.

    def open(self) -> bool:
        """Listen (host) or connect (join); False, with ``problem`` set, when that fails at once."""
        self.drop_link()
        self.greeted = False
        self.resume_target = None
        self.since = self.clock()
        try:
            self.waiter = self.open_link(self.role, self.host, self.port)
        except OSError as error:
            self.fail_stage("lost", *describe(error))
            return False
        if self.waiter.closed:
            self.fail_stage("lost", self.waiter.problem, self.waiter.detail)
            return False
        if self.role == HOST:
            self.port = self.waiter.port
        self.stage = "listening" if self.role == HOST else "connecting"
        return True

    def drop_link(self) -> None:
        for end in (self.waiter, self.link):
            if end is not None:
                end.close()
        self.waiter = self.link = None

    def close(self) -> None:
        """This side leaves: a BYE if connected, then nothing more."""
        if self.link is not None and not self.link.closed:
            self.link.send(Command("BYE"))
            self.link.flush()
        self.drop_link()
        self.stage = "closed"

    def fail_stage(self, stage: str, problem: str, detail: str = "") -> None:
        self.drop_link()
        self.stage, self.problem, self.detail = stage, problem, detail
        self.seat.queue.clear()
        self.asked_undo, self.offered_draw, self.asked_new = None, False, False

    def lose(self, problem: str, detail: str = "") -> None:
        """The connection dropped: the game stays (autosaved), reconnecting is offered."""
        was_playing = self.cart.session is not None
        self.fail_stage("lost", problem, detail)
        self.cart.on_net_lost(was_playing)

    def refuse_peer(self, key: str, **values) -> None:
        """The two sides cannot play together: say so to both (each in their own language) and hang up."""
        text = t(key, **values)
        if self.link is not None and not self.link.closed:
            self.link.send(refusal(key.rpartition(".")[2], text_in("en", key).format(**values)))
            self.link.flush()
        self.fail_stage("failed", "other", text)
        self.cart.on_net_lost(self.cart.session is not None)

    def send(self, command: Command) -> None:
        if self.connected:
            self.link.send(command)

    # Every frame.

    def poll(self) -> None:
        if self.stage in WAITING and self.waiter is not None:
            link = self.waiter.poll()
            if link is None:
                if self.waiter.closed:
                    self.lose(self.waiter.problem, self.waiter.detail)
                return
            self.waiter.close()
            self.waiter, self.link = None, link
            self.stage = "greeting"
            if self.role == HOST:
                self.send_hello()
        if self.link is None:
            return
        for command in self.link.poll():
            self.handle(command)
            if self.link is None:
                return
        if self.link.closed:
            self.lose(self.link.problem, self.link.detail)

    def variant(self) -> str | None:
        """The variant this side plays: its game's; before one, the host's choice (a joiner learns it)."""
        if self.cart.session is not None:
            return self.cart.rules.variant_of(self.cart.session.start)
        return self.cart.variant if self.role == HOST else None

    def send_hello(self) -> None:
        variant = self.variant() or self.cart.variant
        self.send(protocol.hello(self.cart.key, variant, (self.local or 0) + 1, self.cart.names[self.local or 0]))

    def handle(self, command: Command) -> None:
        verb = command.verb
        if verb == "BYE":
            self.fail_stage("lost", "left")
            self.cart.on_net_lost(self.cart.session is not None, left=True)
        elif verb == "ERROR":
            text = peer_error_text(command.text, self.peer_label())
            self.cart.flash(text)
            if not self.greeted or self.stage == "syncing":
                self.fail_stage("failed", "other", text)
                self.cart.on_net_lost(self.cart.session is not None)
        elif verb == "HELLO":
            self.on_hello(command)
        elif not self.greeted:
            self.refuse_peer("net.why.protocol", detail=t("net.bad.before_hello", verb=verb))
        elif verb == "RESUME":
            self.on_resume(command.number, command.text)
        elif verb == "MOVE":
            self.on_move(command.number, command.text)
        elif self.stage != "playing":
            self.send(refusal("order", f"{verb}: the games are not in step yet"))
        else:
            {"UNDO": self.on_undo, "UNDO-OK": self.on_undo_ok, "UNDO-NO": self.on_undo_no,
             "DRAW": self.on_draw, "DRAW-OK": self.on_draw_ok, "DRAW-NO": self.on_draw_no,
             "RESIGN": self.on_resign, "NEW": self.on_new, "NEW-OK": self.on_new_ok, "NEW-NO": self.on_new_no}[verb](command)

    # Greeting and resuming.

    def on_hello(self, command: Command) -> None:
        if self.greeted:
            self.send(refusal("order", "HELLO twice"))
            return
        try:
            hello = protocol.hello_fields(command)
        except ProtocolError as error:  # already checked by the decoder; kept for a direct caller
            self.refuse_peer("net.why.protocol", detail=protocol_words(error))
            return
        rules = self.cart.rules
        if hello.version != protocol.VERSION:
            self.refuse_peer("net.version", theirs=hello.version, ours=protocol.VERSION)
            return
        if hello.game != self.cart.key:
            self.refuse_peer("net.other_game", theirs=hello.game, ours=self.cart.key)
            return
        try:
            rules.check_variant(hello.variant)
        except RulesError:
            self.refuse_peer("net.variant", theirs=hello.variant)
            return
        session = self.cart.session
        ours = self.variant()
        if ours is not None and ours != hello.variant:
            self.refuse_peer("net.variant_differs", theirs=hello.variant, ours=ours)
            return
        their_seat = hello.side - 1
        if self.role == JOIN and session is None:
            self.local = 1 - their_seat
        if their_seat == self.local:
            self.refuse_peer("net.same_side", side=hello.side)
            return
        self.greeted = True
        self.peer_name = hello.name
        if session is None:
            self.cart.start_net_session(self, hello.variant, hello.name)
        else:
            self.cart.set_peer_name(self.remote, hello.name)
        if self.role == JOIN:
            self.send_hello()
        moves = self.cart.session.move_texts()
        self.send(Command("RESUME", len(moves), protocol.digest(moves)))

    def on_resume(self, count: int, their_digest: str) -> None:
        if self.resume_target is not None or self.stage not in ("greeting",):
            self.send(refusal("order", "RESUME out of turn"))
            return
        moves = self.cart.session.move_texts()
        here = len(moves)
        if count > here:
            self.resume_target = (count, their_digest)
            self.stage = "syncing"
            return
        if protocol.digest(moves[:count]) != their_digest:
            self.refuse_peer("net.mismatch", here=here, there=count)
            return
        for number in range(count + 1, here + 1):
            self.send(Command("MOVE", number, moves[number - 1]))
        self.start_playing()

    def start_playing(self) -> None:
        self.stage = "playing"
        self.turn_since = self.clock()
        self.cart.on_net_playing()

    # Moves.

    def on_move(self, number: int, text: str) -> None:
        cart = self.cart
        count = cart.session.move_count
        if self.stage == "syncing":
            target, their_digest = self.resume_target
            if number != count + 1 or not self.apply_now(text):
                self.refuse_peer("net.mismatch", here=count, there=target)
                return
            if cart.session.move_count == target:
                self.resume_target = None
                if protocol.digest(cart.session.move_texts()) != their_digest:
                    self.refuse_peer("net.mismatch", here=target, there=target)
                    return
                self.start_playing()
            return
        if self.stage != "playing":
            self.send(refusal("order", f"move {number}: the games are not in step yet"))
            return
        state = cart.state
        why = ""
        if cart.over:
            why = "the game is over"
        elif number != count + 1 or self.seat.queue:
            why = f"expected move {count + 1}"
        elif cart.rules.to_move(state) != self.remote:
            why = "not your turn"
        else:
            try:
                cart.rules.apply(state, cart.rules.move_from_text(state, text))
            except RulesError as error:
                why = str(error) or type(error).__name__
        if why:
            self.send(refusal("move", f"move {number} {text[:40]} refused: {why}"))
            cart.flash(t("net.refused_move", n=number, player=self.peer_label()))
            return
        self.seat.feed(text)

    def apply_now(self, text: str) -> bool:
        self.applying = True
        try:
            return self.cart.submit(text)
        finally:
            self.applying = False

    def moved(self, seat: int, text: str) -> None:
        """A move was played here (the match layer's one path): send it if it was ours."""
        self.turn_since = self.clock()
        if seat == self.local and not self.applying:
            self.send(Command("MOVE", self.cart.session.move_count, text))

    # Undo: asked of the other side.

    def undo_target(self) -> int | None:
        """The move count to go back to: before the last move made here."""
        session = self.cart.session
        for count in range(session.position - 1, -1, -1):
            if self.cart.rules.to_move(session.states[count]) == self.local:
                return count
        return None

    def ask_undo(self) -> None:
        if not self.playing:
            self.cart.flash(t("net.not_connected"))
            return
        target = self.undo_target()
        if target is None:
            return
        self.asked_undo = target
        self.send(Command("UNDO", target))
        self.cart.flash(t("net.undo_asked", player=self.peer_label()))

    def on_undo(self, command: Command) -> None:
        target = command.number
        if target >= self.cart.session.move_count:
            self.send(Command("UNDO-NO"))
            return

        def agree() -> None:
            if self.playing and target < self.cart.session.move_count:
                self.send(Command("UNDO-OK", target))
                self.cart.take_back_to(target)
            else:
                self.send(Command("UNDO-NO"))

        self.cart.app.confirm(t("net.ask_undo", player=self.peer_label(), n=target), agree,
                              lambda: self.send(Command("UNDO-NO")))

    def on_undo_ok(self, command: Command) -> None:
        if self.asked_undo is None or command.number != self.asked_undo:
            self.send(refusal("asked", "no such undo was asked"))
            return
        self.asked_undo = None
        self.cart.take_back_to(command.number)
        self.cart.flash(t("net.undo_done"))

    def on_undo_no(self, command: Command) -> None:
        if self.asked_undo is not None:
            self.asked_undo = None
            self.cart.flash(t("net.undo_refused", player=self.peer_label()))

    # Draw and resign.

    def offer_draw(self) -> None:
        if not self.playing or self.cart.over:
            self.cart.flash(t("net.not_connected") if not self.playing else t("msg.no_hint"))
            return
        self.offered_draw = True
        self.send(Command("DRAW"))
        self.cart.flash(t("net.draw_offered", player=self.peer_label()))

    def on_draw(self, command: Command) -> None:
        if self.cart.over:
            self.send(Command("DRAW-NO"))
            return

        def accept() -> None:
            if self.playing and not self.cart.over:
                self.send(Command("DRAW-OK"))
                self.cart.end_by_agreement(None, "agreed")
            else:
                self.send(Command("DRAW-NO"))

        self.cart.app.confirm(t("net.ask_draw", player=self.peer_label()), accept, lambda: self.send(Command("DRAW-NO")))

    def on_draw_ok(self, command: Command) -> None:
        if not self.offered_draw or self.cart.over:
            self.send(refusal("asked", "no draw was offered"))
            return
        self.offered_draw = False
        self.cart.end_by_agreement(None, "agreed")

    def on_draw_no(self, command: Command) -> None:
        if self.offered_draw:
            self.offered_draw = False
            self.cart.flash(t("net.draw_refused", player=self.peer_label()))

    def resign(self) -> None:
        if self.cart.over:
            return
        self.send(Command("RESIGN"))
        self.cart.end_by_agreement(self.remote, "resigned")

    def on_resign(self, command: Command) -> None:
        if not self.cart.over:
            self.cart.end_by_agreement(self.local, "resigned")

    # After the end: a new game, the sides swapped, when both want it.

    def ask_new(self) -> None:
        if not self.playing:
            self.cart.flash(t("net.not_connected"))
            return
        self.asked_new = True
        self.send(Command("NEW"))
        self.cart.flash(t("net.new_asked", player=self.peer_label()))

    def on_new(self, command: Command) -> None:
        if not self.cart.over:
            self.send(Command("NEW-NO"))
            return

        def agree() -> None:
            if self.playing and self.cart.over:
                self.send(Command("NEW-OK"))
                self.new_game()
            else:
                self.send(Command("NEW-NO"))

        self.cart.app.confirm(t("net.ask_new", player=self.peer_label()), agree, lambda: self.send(Command("NEW-NO")),
                              default=True)

    def on_new_ok(self, command: Command) -> None:
        if not self.asked_new or not self.cart.over:
            self.send(refusal("asked", "no new game was asked"))
            return
        self.new_game()

    def on_new_no(self, command: Command) -> None:
        if self.asked_new:
            self.asked_new = False
            self.cart.flash(t("net.new_refused", player=self.peer_label()))

    def new_game(self) -> None:
        self.asked_new = self.offered_draw = False
        self.asked_undo = None
        peer_name = self.cart.names[self.remote]
        variant = self.cart.rules.variant_of(self.cart.session.start)
        self.local = self.remote  # who moved second moves first
        self.seat.queue.clear()
        self.cart.start_net_session(self, variant, peer_name)
        self.turn_since = self.clock()
        self.cart.autosave()
