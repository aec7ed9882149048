"""The link to the other computer: its stages, its timeouts and the callers at a host's port.

Sockets come from ``pyxel_app/net/link.py``, imported only when a game is hosted or joined,
never in the browser.  The host's port is open to anyone, so whoever connects is a caller
until the greeting and the resume are done: the game stays as it was, the host goes on
listening (others are told it is busy), and a caller that does wrong, is too slow or hangs
up is turned away, not the game.

:class:`NetLink` knows nothing of what the lines mean: the conversation built on it
(``netplay.NetGame``) takes each command in ``handle`` and hears of the link's changes
through the other hooks at the end of the class.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from ..net import protocol
from ..net.protocol import Command, ProtocolError
from .nettable import NetTable
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
REFUSALS_PER_POLL = 8  # ERRORs answering one frame's lines; a flood's others go unanswered
# Refusals a later try may not meet (the other side was busy, a greeting late): the connection is
# lost and reconnecting offered, not failed as for games that cannot play together.
TRANSIENT = ("busy", "slow")


def room_address(code: str, broker: str) -> str:
    """A game by invite code as its save keeps it: the code, then the broker's address.

    >>> room_address("XR7HJ4MEY", "broker.example.org:1883")
    'XR7-HJ4-MEY@broker.example.org:1883'
    """
    from ..net.room import shown_code

    return f"{shown_code(code)}@{broker}"


def invite_code(code: str) -> str:
    """A code as typed, read out or saved (any case, dashes or not) -> the room's name; "" stays "".
    Every code that reaches a link passes here, so no room is ever named by a shown code.

    >>> invite_code("xr7-hj4-mey"), invite_code("")
    ('XR7HJ4MEY', '')
    """
    from ..net.room import normal_code

    return normal_code(code) if code else ""


def why_lost(link) -> tuple[str, str]:
    """Why ``link`` ended, as (a ``net.why`` word, its detail).  A link through a broker that ended
    with the broker's connection is said as the broker's end, on both sides alike: the broker
    passes on the other side's will as it goes down, which alone would read "the connection was cut"."""
    session = getattr(getattr(getattr(link, "stream", None), "room", None), "session", None)
    if session is not None and session.closed and session.problem:
        return session.problem, session.detail
    return link.problem, link.detail


def protocol_words(error: ProtocolError) -> str:
    """What was wrong with a line from the other computer, in the player's language."""
    key = f"net.bad.{error.reason}"
    return t(key if has(key) else "net.bad.other", **error.values)


def refusal(word: str, english: str) -> Command:
    """An ERROR for the other computer: a word (``net.peer.<word>``) its player reads in their own
    language, then the particulars in English for a log."""
    return protocol.error(f"{word}: {english}")


def describe(error: OSError) -> tuple[str, str]:
    """An error opening a link as (a ``net.why`` word, the system's words); the link module only
    where it could have been loaded."""
    if sys.platform == "emscripten":
        return "other", str(error)
    from ..net.link import describe as link_describe

    return link_describe(error)


def open_room_factory(code: str, **options) -> Callable:
    """``(role, broker, _) -> a RoomHost or a RoomCaller`` in the room of invite code ``code``, on the
    broker at the address ``broker`` (the desktop and the browser alike)."""

    def open_room(role: str, broker: str, port: int):
        from ..net import room

        return room.RoomHost(broker, code, **options) if role == HOST else room.RoomCaller(broker, code, **options)

    return open_room


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


class NetLink:
    """Listening or connecting, the one link to the other side, and what ends it.

    With an invite ``code`` the two meet in a room on the broker at ``host`` (its address; no
    port): the links are the same.  ``clock`` and ``open_link`` are there for tests (quick
    timeouts, loopback ports).
    """

    def __init__(self, table: NetTable, role: str, host: str, port: int,
                 clock: Callable[[], float] = time.monotonic, open_link: Callable | None = None, code: str = "") -> None:
        self.table = table
        self.role, self.host, self.port, self.code = role, host, port, invite_code(code)
        self.clock = clock
        default = open_room_factory(self.code, clock=clock) if self.code else open_link_factory(clock=clock)
        self.open_link = open_link or default
        self.stage = "closed"
        self.problem = self.detail = ""
        self.waiter = None  # the Listener or Connector while waiting for the other side (a host: until it is in)
        self.link = None
        self.polling = False  # in poll: what is said waits for the poll's one write
        self.refusals = 0  # ERRORs said in this poll
        self.last_note = ""  # the poll's passing note: only the last shows, so only it is drawn
        self.since = clock()  # when the current wait began
        self.called = clock()  # when the current link came: the greeting's deadline runs from here

    @property
    def listening_port(self) -> int:
        return getattr(self.waiter, "port", self.port)

    @property
    def address(self) -> str:
        """Where the other side is met, as the save keeps it: ``host:port``, or ``CODE@broker``."""
        return room_address(self.code, self.host) if self.code else protocol.join_address(self.host, self.port)

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

    # Opening and closing.

    def open(self) -> bool:
        """Listen (host) or connect (join); False, with ``problem`` set, when that fails at once."""
        self.drop_link()
        self.forget_caller()
        self.since = self.clock()
        if self.code and not self.host:  # by code with no broker set (or none the page can name)
            self.fail_stage("lost", "no_broker")
            return False
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

    def reconnect(self) -> None:
        """Listen or connect again after the link was lost; nothing once this side left (``close``)."""
        if not self.connected and self.stage not in ("playing", "closed"):
            self.open()

    def drop_link(self) -> None:
        for end in (self.waiter, self.link):
            if end is not None:
                end.close()
        self.waiter = self.link = None

    def stop_listening(self) -> None:
        """The caller is in: no one else is answered."""
        if self.waiter is not None:
            self.waiter.close()
            self.waiter = None

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
        self.on_dropped()

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
            self.note(t("net.turned_away", why=t(key if has(key) else "net.away.other")))

    def lose(self, problem: str, detail: str = "") -> None:
        """The connection dropped: the game stays (autosaved), reconnecting is offered."""
        was_playing = self.table.has_game
        self.fail_stage("lost", problem, detail)
        self.on_lost(was_playing)

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
            self.on_lost(self.table.has_game)

    def send(self, command: Command) -> None:
        """Say ``command``: at once, or with the rest of the poll's answers when polling (where
        ``REFUSALS_PER_POLL`` ERRORs at most answer a flood)."""
        if not self.connected:
            return
        if self.polling and command.verb == "ERROR":
            self.refusals += 1
            if self.refusals > REFUSALS_PER_POLL:
                return
        self.link.send(command)
        if not self.polling:
            self.link.flush()

    def note(self, text: str) -> None:
        """A passing note on the player's status lines; of a poll's many, the last."""
        if self.polling:
            self.last_note = text
        else:
            self.table.note(text)

    # Every frame.

    def poll(self) -> None:
        """A frame's work on the link: what came is handled, and all it makes this side say goes out
        in one write at the end."""
        self.polling, self.refusals, self.last_note = True, 0, ""
        try:
            self.poll_link()
        finally:
            self.polling = False
            if self.link is not None:
                self.link.flush()
            if self.last_note:
                self.table.note(self.last_note)

    def poll_link(self) -> None:
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
                self.lose(*why_lost(self.link))

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
                link.close()  # the refusal goes first
                continue
            self.link, self.stage, self.called = link, "greeting", self.clock()
            if self.role == JOIN:
                self.waiter = None
                return
            self.greet_caller()

    # What the conversation on this link is told (it overrides these).

    def handle(self, command: Command) -> None:
        """A command from the other side, in the order it came."""
        raise NotImplementedError

    def greet_caller(self) -> None:
        """A caller reached the host: the host speaks first."""
        raise NotImplementedError

    def forget_caller(self) -> None:
        """A new link starts afresh: nothing of the last greeting stays."""
        raise NotImplementedError

    def on_dropped(self) -> None:
        """The link is gone: what was under way with it (a move coming, a question) goes too."""
        raise NotImplementedError

    def on_lost(self, was_playing: bool, left: bool = False) -> None:
        """The other side is gone (``left``: it said so); ``was_playing``: a game was on the table."""
        raise NotImplementedError
