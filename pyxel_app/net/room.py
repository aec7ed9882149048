"""Invite codes: two players meet in a room on an MQTT broker, wherever they are.

Pure (the way to the broker is made by ``connect_broker``: a TCP socket on the desktop, the
page's WebSocket in the browser).  A code such as ``XR7-HJ4-MEY`` names a room: the host
waits in it, the other player knocks, and from then on the game's own lines (``protocol.py``)
travel inside unchanged, each app judging every move itself.  The host's side is a
:class:`RoomHost` (it hands out a link per caller, as a TCP listener does), the other's a
:class:`RoomCaller` (a link once the host opens, as a TCP connector does); either link is a
``lines.LineLink``, so the whole conversation (greeting, resuming, agreements) is the LAN's.

Every client reads one topic, its own inbox ``bypuzz/<code>/<client id>``, and writes only
in its room: the broker's ACL (``broker/bypuzz.acl``) holds it to that, so a client with
another code reads nothing of this room, and a third client with this code reads only what
the host tells it (that the game is full).  The host's client id follows from the code; a
caller's has a random part only the host learns.  Each message (an MQTT payload) is a frame:
a kind letter, the sender's client id, a newline, then for DATA the protocol's bytes.

    K  knock: the sender asks to play          O  open: the host takes the call
    F  full: the host plays with someone else  D  data: the game's lines
    C  close: the sender hangs up              X  cut: the broker saw the sender's connection break (its will)
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable

from .lines import LineLink
from .mqtt_client import MqttSession
from .protocol import check_host, split_address
from .stream import Stream

# Nothing that looks like another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V) or whose name sounds like
# another's in English or German (one of B C D E G P T V W Z, of A H J K, of M N, of F S X).
ALPHABET = "EHJMRUXY3479"
CODE_LENGTH = 9  # 12**9: some 5e9 codes, read aloud in three groups of three
GROUP = 3
CALLER_TAG = 10  # random characters in a caller's client id
TOPIC_ROOT = "bypuzz"
DEFAULT_BROKER_PORT = 1883
KNOCK, OPEN, FULL, DATA, CLOSE, CUT = b"K", b"O", b"F", b"D", b"C", b"X"
KINDS = KNOCK + OPEN + FULL + DATA + CLOSE + CUT
CLIENT_ID = re.compile(r"[%s]{%d}-(host|[%s]{%d})" % (ALPHABET, CODE_LENGTH, ALPHABET, CALLER_TAG))
DATA_CHUNK = 512  # bytes of the game's lines in one frame, well under the broker's packet limit
IN_LIMIT = 64 * 1024  # bytes come for a link and not yet read before the link is taken as flooded
KNOCK_SECONDS = 0.5  # a caller knocks again this often until the host answers (it may be on its way back)
NO_HOST_SECONDS = 6.0  # no answer to the knocks within this: nobody hosts the code
KNOCKS_WAITING = 8  # knocks kept for the host to take; more are dropped
FULL_PER_SECOND = 5  # "full" answers the host sends a second at most (the rest go unanswered)


class CodeError(ValueError):
    """What was typed is no invite code."""


def new_code(rng: random.Random | None = None) -> str:
    rng = rng or random.SystemRandom()
    return "".join(rng.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, with spaces or dashes) -> its characters.

    >>> normal_code(" xr7-hj4 mey "), shown_code("XR7HJ4MEY")
    ('XR7HJ4MEY', 'XR7-HJ4-MEY')
    """
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        raise CodeError(f"{text.strip()[:20]!r} is not an invite code")
    return code


def shown_code(code: str) -> str:
    return "-".join(code[start:start + GROUP] for start in range(0, len(code), GROUP))


def host_id(code: str) -> str:
    return f"{code}-host"


def inbox(code: str, client_id: str) -> str:
    return f"{TOPIC_ROOT}/{code}/{client_id}"


def frame(kind: bytes, sender: str, data: bytes = b"") -> bytes:
    return kind + sender.encode("ascii") + b"\n" + data


def read_frame(payload: bytes) -> tuple[bytes, str, bytes] | None:
    """(kind, sender, data) of a frame; None for anything else, which is dropped unanswered.

    >>> read_frame(frame(DATA, "XR7HJ4MEY-host", b"PING\\n"))
    (b'D', 'XR7HJ4MEY-host', b'PING\\n')
    >>> read_frame(b"K\\xff\\n"), read_frame(frame(KNOCK, "XR7HJ4MEY-host", b"more"))
    (None, None)
    """
    kind, head = payload[:1], payload[1:]
    sender, newline, data = head.partition(b"\n")
    if not kind or kind not in KINDS or not newline or (data and kind != DATA) or len(sender) > 40:
        return None
    try:
        text = sender.decode("ascii")
    except UnicodeDecodeError:
        return None
    return (kind, text, data) if CLIENT_ID.fullmatch(text) else None


# ---- the broker's address ----


@dataclass(frozen=True)
class Broker:
    """Where the broker is: a TCP host and port (the desktop) or a WebSocket URL (the browser)."""

    host: str = ""
    port: int = DEFAULT_BROKER_PORT
    url: str = ""

    def __str__(self) -> str:
        from .protocol import join_address

        return self.url or join_address(self.host, self.port)


def parse_broker(text: str) -> Broker:
    """``host``, ``host:port`` or a ``ws://`` / ``wss://`` URL; ValueError names the problem.

    >>> parse_broker("broker.example.org"), parse_broker("wss://example.org/mqtt").url
    (Broker(host='broker.example.org', port=1883, url=''), 'wss://example.org/mqtt')
    """
    text = text.strip()
    scheme, found, rest = text.partition("://")
    if found:
        host = rest.split("/", 1)[0].rpartition("@")[2]
        if scheme.lower() not in ("ws", "wss") or not host:
            raise ValueError(f"{text[:40]!r} is not a broker's address")
        hostname = host[1:].partition("]")[0] if host.startswith("[") else host.partition(":")[0]
        check_host(hostname, shown=text)
        return Broker(url=text)
    host, port = split_address(text, DEFAULT_BROKER_PORT)
    return Broker(host, port)


class BrokerUnusable(OSError):
    """No way to the broker can be made from its address: ``word`` says why (``net.why.<word>``)."""

    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


def connect_broker(address: str, clock: Callable[[], float]):
    """A connector to the broker at ``address``: the page's WebSocket in the browser, a TCP socket
    elsewhere; BrokerUnusable when the address is none, or of the other kind."""
    try:
        broker = parse_broker(address)
    except ValueError:
        raise BrokerUnusable("broker_address") from None
    if sys.platform == "emscripten":
        from .websocket import WebSocketConnector

        if not broker.url:
            raise BrokerUnusable("broker_kind")
        return WebSocketConnector(broker.url, clock)
    if broker.url:
        raise BrokerUnusable("broker_kind")
    from .link import Connector, SocketStream

    return Connector(broker.host, broker.port, clock, wrap=SocketStream)


# ---- a room on the broker ----


class RoomStream(Stream):
    """The bytes between this client and one other in the room."""

    def __init__(self, room: "Room", peer: str) -> None:
        super().__init__()
        self.room, self.peer = room, peer
        self.incoming = bytearray()
        self.gone = b""  # CLOSE or CUT: the other side hung up, or its connection broke

    def send_some(self, data: bytes) -> int:
        if self.room.session.closed:
            self.close(self.room.session.problem, self.room.session.detail)
            return 0
        for start in range(0, len(data), DATA_CHUNK):
            self.room.send(self.peer, DATA, data[start:start + DATA_CHUNK])
        return len(data)

    def receive_some(self, limit: int) -> bytes | None:
        self.room.pump()
        if len(self.incoming) > IN_LIMIT:
            self.close("flood")
            return None
        if self.incoming:
            data = bytes(self.incoming[:limit])
            del self.incoming[:limit]
            return data
        if self.gone:
            self.close("closed" if self.gone == CLOSE else "cut")
            return None
        if self.room.session.closed:
            self.close(self.room.session.problem, self.room.session.detail)
        return None

    def release(self, last: bytes) -> None:
        if not self.room.session.closed:
            if last:
                self.send_some(last)
            if not self.gone:
                self.room.send(self.peer, CLOSE)
        self.room.forget(self.peer)


class Room:
    """One connection to the broker in room ``code`` as ``own_id``: the frames that come, sorted
    by who sent them.  The session ends when this side takes no more calls (``door_open``) and
    its last link has closed."""

    def __init__(self, broker: str, code: str, own_id: str, will: bytes | None = None,
                 clock: Callable[[], float] = time.monotonic, connect: Callable = connect_broker, **link_options) -> None:
        self.code, self.own_id, self.clock = code, own_id, clock
        self.link_options = {"clock": clock, **link_options}
        self.port = 0  # a room is no port: the match layer reads this of any waiter
        self.streams: dict[str, RoomStream] = {}
        self.door_open = True
        self.cross_room = 0  # frames from another room's client, dropped
        try:
            connector = connect(broker, clock)
        except BrokerUnusable as error:
            connector = Unconnectable(error.word)
        will_frame = (inbox(code, host_id(code)), will) if will else None
        self.session = MqttSession(connector, own_id, code, inbox(code, own_id), will_frame, clock)

    @property
    def closed(self) -> bool:
        """No more calls are taken (the waiter's side of a listener or a connector)."""
        return not self.door_open or self.session.closed

    @property
    def problem(self) -> str:
        return self.session.problem

    @property
    def detail(self) -> str:
        return self.session.detail

    def pump(self) -> None:
        for message in self.session.poll():
            found = read_frame(message.payload)
            if found is not None:
                self.take(*found)

    def take(self, kind: bytes, sender: str, data: bytes) -> None:
        if not sender.startswith(self.code + "-"):  # the broker's ACL lets none through; if one came, it is dropped
            self.cross_room += 1
            return
        stream = self.streams.get(sender)
        if stream is not None and kind == DATA:
            stream.incoming += data
        elif stream is not None and kind in (CLOSE, CUT):
            stream.gone = kind
        elif stream is None:
            self.on_frame(kind, sender)

    def on_frame(self, kind: bytes, sender: str) -> None:
        """A frame from a client this side has no link with: a knock, the host's answer."""
        raise NotImplementedError

    def send(self, to: str, kind: bytes, data: bytes = b"") -> None:
        self.session.publish(inbox(self.code, to), frame(kind, self.own_id, data))

    def link_to(self, peer: str) -> LineLink:
        stream = self.streams[peer] = RoomStream(self, peer)
        return LineLink(stream, peer=peer, **self.link_options)

    def forget(self, peer: str) -> None:
        self.streams.pop(peer, None)
        self.end_if_done()

    def end_if_done(self) -> None:
        if not self.door_open and not self.streams:
            self.session.close()

    def close(self) -> None:
        """No more calls; the session goes once the links made here have closed."""
        self.door_open = False
        self.end_if_done()


class RoomHost(Room):
    """The host in room ``code``: waits for knocks and hands out a link for each, as a listener
    hands out a connection; with the door closed (the game is on) a knock is told "full"."""

    def __init__(self, broker: str, code: str, **options) -> None:
        super().__init__(broker, code, host_id(code), **options)
        self.knocks: deque[str] = deque()
        self.fulls: deque[float] = deque()  # when "full" was said, the last second

    def poll(self) -> LineLink | None:
        self.pump()
        if self.closed or not self.knocks:
            return None
        caller = self.knocks.popleft()
        link = self.link_to(caller)
        self.send(caller, OPEN)
        return link

    def on_frame(self, kind: bytes, sender: str) -> None:
        if kind != KNOCK or sender == self.own_id:
            return
        if self.door_open:
            if sender not in self.knocks and len(self.knocks) < KNOCKS_WAITING:
                self.knocks.append(sender)
            return
        now = self.clock()
        while self.fulls and now - self.fulls[0] >= 1.0:
            self.fulls.popleft()
        if len(self.fulls) < FULL_PER_SECOND:
            self.fulls.append(now)
            self.send(sender, FULL)


class RoomCaller(Room):
    """The other player knocking in room ``code``: the link once the host opens, as a connector
    gives the connection once it stands; "full" or no answer ends it with that word."""

    def __init__(self, broker: str, code: str, rng: random.Random | None = None, **options) -> None:
        rng = rng or random.SystemRandom()
        own_id = f"{code}-" + "".join(rng.choice(ALPHABET) for _ in range(CALLER_TAG))
        super().__init__(broker, code, own_id, will=frame(CUT, own_id), **options)
        self.host = host_id(code)
        self.ready_since: float | None = None
        self.knocked: float | None = None
        self.link: LineLink | None = None
        self.full = False
        self.failed = ("", "")

    @property
    def problem(self) -> str:
        return self.failed[0] or self.session.problem

    @property
    def detail(self) -> str:
        return self.failed[1] or self.session.detail

    def poll(self) -> LineLink | None:
        if self.closed:
            return None
        self.pump()
        if self.link is not None:
            self.door_open = False
            return self.link
        if self.full:
            return self.fail("full")
        if not self.session.ready:
            return None
        now = self.clock()
        if self.ready_since is None:
            self.ready_since = now
        elif now - self.ready_since > NO_HOST_SECONDS:
            return self.fail("no_host", f"{NO_HOST_SECONDS:g}")
        if self.knocked is None or now - self.knocked >= KNOCK_SECONDS:
            self.knocked = now
            self.send(self.host, KNOCK)
        return None

    def on_frame(self, kind: bytes, sender: str) -> None:
        """The host's answer; the link stands from OPEN on, so the lines after it in the same poll are its."""
        if sender != self.host or self.link is not None or self.full:
            return
        if kind == OPEN:
            self.link = self.link_to(self.host)
        elif kind == FULL:
            self.full = True

    def fail(self, problem: str, detail: str = "") -> None:
        self.failed = (problem, detail)
        self.close()


class Unconnectable:
    """A connector that failed before it began: the broker's address is none, or of the other
    kind (a URL on the desktop, a host and port in the browser)."""

    closed = True
    detail = ""

    def __init__(self, problem: str) -> None:
        self.problem = problem

    def poll(self) -> None:
        return None

    def close(self) -> None:
        pass
