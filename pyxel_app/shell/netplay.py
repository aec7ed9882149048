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

The host's port is open to anyone, so whoever connects is a caller until the greeting and
the resume are done: the game here stays as it was, the host goes on listening (others are
told it is busy), and a caller that does wrong, is too slow or hangs up is turned away, not
the game.  A peer only ever supplies its own side's moves, and asks one question at a time.
"""

from __future__ import annotations

import sys
import time
from collections import deque
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
GREETING = ("greeting", "syncing")
GREETING_SECONDS = 10.0  # a caller greets and catches up within this, or the seat is free again
CALLERS_PER_FRAME = 4  # connections taken from the listener in one frame (the others wait their turn)
QUESTIONS_PER_MINUTE = 30  # UNDO, DRAW and NEW asked of the player here; more closes the connection
MINUTE = 60.0
# Refusals a later try may not meet (the other side was busy, a greeting late): the connection is
# lost and reconnecting offered, not failed as for games that cannot play together.
TRANSIENT = ("busy", "slow")
# A request from the other side -> the answer that refuses it (a question the player here is asked).
QUESTIONS = {"UNDO": "UNDO-NO", "DRAW": "DRAW-NO", "NEW": "NEW-NO"}


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
        self.waiter = None  # the Listener or Connector while waiting for the other side (a host: until it is in)
        self.link = None
        self.since = clock()  # when the current wait began
        self.called = clock()  # when the current link came: the greeting's deadline runs from here
        self.turn_since = clock()
        self.peer_name = ""
        self.greeted = False  # the other side's HELLO has come and was good
        self.resume_target: tuple[int, str] | None = None  # catching up to (count, digest)
        self.caught_up: list[str] = []  # the missing moves come so far, checked, not yet played
        self.catch_state = None  # the state after them
        self.question = None  # the dialog asking the player here what the other side asked
        self.asked_at: deque[float] = deque()  # when the other side asked something, the last minute
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
    def caller(self) -> bool:
        """The host's link is someone not yet let in (greeting or catching up): a failure turns
        them away and the host listens on."""
        return self.role == HOST and self.stage in GREETING

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
        self.forget_caller()
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

    def forget_caller(self) -> None:
        """Nothing of the last greeting stays: the next link starts afresh."""
        self.greeted = False
        self.resume_target, self.caught_up, self.catch_state = None, [], None
        self.peer_name = ""
        self.asked_at.clear()

    def fail_stage(self, stage: str, problem: str, detail: str = "") -> None:
        self.drop_link()
        self.stage, self.problem, self.detail = stage, problem, detail
        self.seat.queue.clear()
        self.asked_undo, self.offered_draw, self.asked_new = None, False, False
        self.withdraw_question()

    def hang_up(self, word: str = "") -> None:
        """The host turns a caller away and listens on; why (a refusal's ``word``) shows briefly here,
        short enough for the status lines (the caller was told the whole)."""
        if self.link is not None:
            self.link.close()
        self.link = None
        self.forget_caller()
        self.stage = "listening"
        if self.waiter is None or self.waiter.closed:
            self.open()
        if word:
            key = f"net.away.{word}"
            self.cart.note(t("net.turned_away", why=t(key if has(key) else "net.away.other")))

    def lose(self, problem: str, detail: str = "") -> None:
        """The connection dropped: the game stays (autosaved), reconnecting is offered."""
        was_playing = self.cart.session is not None
        self.fail_stage("lost", problem, detail)
        self.cart.on_net_lost(was_playing)

    def refuse_peer(self, key: str, **values) -> None:
        """The two sides cannot play together: say so to both (each in their own language) and hang up.
        A host turns a caller away and listens on."""
        text, word = t(key, **values), key.rpartition(".")[2]
        if self.link is not None and not self.link.closed:
            self.link.send(refusal(word, text_in("en", key).format(**values)))
            self.link.flush()
        if self.caller:
            self.hang_up(word)
        elif word in TRANSIENT:
            self.lose(word, values.get("seconds", ""))
        else:
            self.fail_stage("failed", "other", text)
            self.cart.on_net_lost(self.cart.session is not None)

    def send(self, command: Command) -> None:
        if self.connected:
            self.link.send(command)

    # Every frame.

    def poll(self) -> None:
        if self.waiter is not None and (self.stage in WAITING or self.caller):
            self.answer_callers()
        if self.link is None:
            return
        if self.stage in GREETING and self.clock() - self.called > GREETING_SECONDS:
            self.refuse_peer("net.slow", seconds=f"{GREETING_SECONDS:g}")
            return
        for command in self.link.poll():
            self.handle(command)
            if self.link is None:
                return
        if self.link.closed:
            if self.caller:  # a caller that came and went (a port scan): nothing to say
                self.hang_up()
            else:
                self.lose(self.link.problem, self.link.detail)

    def answer_callers(self) -> None:
        """A new link from the waiter; a host busy greeting one caller tells the others so."""
        for _ in range(CALLERS_PER_FRAME):
            link = self.waiter.poll()
            if link is None:
                if self.waiter.closed and self.stage in WAITING:
                    self.lose(self.waiter.problem, self.waiter.detail)
                return
            if self.link is not None:
                link.send(refusal("busy", "another computer is being greeted: try again shortly"))
                link.close()
                continue
            self.link, self.stage, self.called = link, "greeting", self.clock()
            if self.role == JOIN:
                self.waiter = None
                return
            self.send_hello()

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
            if self.caller:
                self.hang_up()
                return
            self.fail_stage("lost", "left")
            self.cart.on_net_lost(self.cart.session is not None, left=True)
        elif verb == "ERROR" and self.caller:
            self.hang_up("refused")
        elif verb == "ERROR":
            text = peer_error_text(command.text, self.peer_label())
            self.cart.note(text)
            word = command.text.partition(":")[0]
            if self.stage in GREETING and word in TRANSIENT:
                self.lose(word, f"{GREETING_SECONDS:g}")
            elif self.stage in GREETING:
                self.fail_stage("failed", "other", text)
                self.cart.on_net_lost(self.cart.session is not None)
        elif self.stage in GREETING:
            self.greet(command)
        elif verb in ("HELLO", "RESUME"):
            self.send(refusal("order", f"{verb}: the game is on"))
        elif verb == "MOVE":
            self.on_move(command.number, command.text)
        elif verb in QUESTIONS:
            self.on_question(command)
        else:
            {"UNDO-OK": self.on_undo_ok, "UNDO-NO": self.on_undo_no, "DRAW-OK": self.on_draw_ok,
             "DRAW-NO": self.on_draw_no, "RESIGN": self.on_resign, "NEW-OK": self.on_new_ok,
             "NEW-NO": self.on_new_no}[verb](command)

    # Greeting and resuming: HELLO, then RESUME, then the missing moves, in that order only.

    def greet(self, command: Command) -> None:
        expected = "HELLO" if not self.greeted else "RESUME" if self.resume_target is None else "MOVE"
        if command.verb != expected:
            why = "net.bad.before_hello" if not self.greeted else "net.bad.out_of_turn"
            self.refuse_peer("net.why.protocol", detail=t(why, verb=command.verb))
        elif expected == "HELLO":
            self.on_hello(command)
        elif expected == "RESUME":
            self.on_resume(command.number, command.text)
        else:
            self.catch_up(command.number, command.text)

    def moves_here(self) -> list[str]:
        return self.cart.session.move_texts() if self.cart.session is not None else []

    def on_hello(self, command: Command) -> None:
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
        if self.role == JOIN:  # a host's game changes only once the caller is in (``let_in``)
            if session is None:
                self.cart.start_net_session(self, hello.variant, hello.name)
            else:
                self.cart.set_peer_name(self.remote, hello.name)
            self.send_hello()
        moves = self.moves_here()
        self.send(Command("RESUME", len(moves), protocol.digest(moves)))

    def on_resume(self, count: int, their_digest: str) -> None:
        moves = self.moves_here()
        here = len(moves)
        if count > here:
            self.resume_target = (count, their_digest)
            self.stage = "syncing"
            self.catch_state = self.cart.state if self.cart.session is not None else self.cart.rules.initial_state(
                self.variant())
            return
        if protocol.digest(moves[:count]) != their_digest:
            self.refuse_peer("net.mismatch", here=here, there=count)
            return
        self.let_in()
        for number in range(count + 1, here + 1):
            self.send(Command("MOVE", number, moves[number - 1]))
        self.start_playing()

    def catch_up(self, number: int, text: str) -> None:
        """A move this side missed: checked on a copy (whose side, legal); played once all are in
        and the digest agrees, so a caller turned away half-way leaves the game as it was."""
        rules, state = self.cart.rules, self.catch_state
        here = len(self.moves_here())
        target, their_digest = self.resume_target
        if number != here + len(self.caught_up) + 1 or rules.is_terminal(state):
            self.refuse_peer("net.mismatch", here=here, there=target)
            return
        if rules.to_move(state) != self.remote:
            self.refuse_peer("net.own_move", n=number)
            return
        try:
            self.catch_state = rules.apply(state, rules.move_from_text(state, text))
        except RulesError:
            self.refuse_peer("net.mismatch", here=here, there=target)
            return
        self.caught_up.append(text)
        if len(self.caught_up) < target - here:
            return
        if protocol.digest(self.moves_here() + self.caught_up) != their_digest:
            self.refuse_peer("net.mismatch", here=here, there=target)
            return
        self.let_in()
        caught_up, self.caught_up, self.resume_target = self.caught_up, [], None
        for move in caught_up:
            self.apply_now(move)
        self.start_playing()

    def let_in(self) -> None:
        """The greeting and the resume were good: a host stops listening and its game takes the caller."""
        if self.role == HOST:
            if self.waiter is not None:
                self.waiter.close()
                self.waiter = None
            if self.cart.session is None:
                self.cart.start_net_session(self, self.variant(), self.peer_name)
            else:
                self.cart.set_peer_name(self.remote, self.peer_name)

    def start_playing(self) -> None:
        self.stage = "playing"
        self.turn_since = self.clock()
        self.cart.on_net_playing()

    # Moves.

    def on_move(self, number: int, text: str) -> None:
        cart = self.cart
        count = cart.session.move_count
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
            cart.note(t("net.refused_move", n=number, player=self.peer_label()))
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

    # Questions from the other side: one dialog at a time, and not too many.

    def on_question(self, command: Command) -> None:
        """UNDO, DRAW or NEW: asked while one is open, the same again is ignored and another is
        refused; more than ``QUESTIONS_PER_MINUTE`` closes the connection."""
        now = self.clock()
        self.asked_at.append(now)
        while now - self.asked_at[0] > MINUTE:
            self.asked_at.popleft()
        if len(self.asked_at) > QUESTIONS_PER_MINUTE:
            self.send(refusal("asking", f"more than {QUESTIONS_PER_MINUTE} questions a minute"))
            self.lose("asking", str(QUESTIONS_PER_MINUTE))
            return
        if self.question_open():
            if command.verb != self.question[0]:
                self.send(Command(QUESTIONS[command.verb]))
            return
        {"UNDO": self.on_undo, "DRAW": self.on_draw, "NEW": self.on_new}[command.verb](command)

    def ask(self, verb: str, text: str, on_yes: Callable, default: bool = False) -> None:
        """Ask the player here; No answers the other side with the request's refusal."""
        refuse = QUESTIONS[verb]
        dialog = self.cart.app.confirm(text, on_yes, lambda: self.send(Command(refuse)), default=default)
        self.question = (verb, dialog)

    def question_open(self) -> bool:
        if self.question is None:
            return False
        app, dialog = self.cart.app, self.question[1]
        return app.is_open(dialog)

    def withdraw_question(self) -> None:
        """The connection is gone: the question it asked goes too (its answer could not be sent)."""
        if self.question_open():
            self.cart.app.close_overlay(self.question[1])
        self.question = None

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

        self.ask("UNDO", t("net.ask_undo", player=self.peer_label(), n=target), agree)

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

        self.ask("DRAW", t("net.ask_draw", player=self.peer_label()), accept)

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

        self.ask("NEW", t("net.ask_new", player=self.peer_label()), agree, default=True)

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
