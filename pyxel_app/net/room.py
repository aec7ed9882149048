"""Invite codes: two players meet in a room on an MQTT broker, wherever they are.

Pure (the way to the broker is made by ``connect_broker``: a TCP socket on the desktop, the
page's WebSocket in the browser).  A code such as ``XR7-HJ4-MEY`` names a room: the host
waits in it, the other player knocks, and from then on the game's own lines (``protocol.py``)
travel inside unchanged, each app judging every move itself.  The host's side is a
:class:`RoomHost` (it hands out a link per caller, as a TCP listener does), the other's a
:class:`RoomCaller` (a link once the host opens, as a TCP connector does); either link is a
``lines.LineLink``, so the whole conversation (greeting, resuming, agreements) is the LAN's.

The code only lets a client into the room's **lobby** (``bypuzz/<code>/lobby``), which every
client with the code reads (``broker/bypuzz.acl``).  What is said there is public: a knock,
the host's Diffie-Hellman value, the caller's value with its proof (``handshake.py``).  From
the two values the players alone work out a room key; each then connects again under a client
id that only the room key names, reads only its own inbox there, and from then on every frame
is sealed under a key of that connection.  A game that has started is so out of reach of the
code: a third client with it may race the real joiner in the lobby before the game starts,
never after, and resuming (after a drop, or an app restarted with the key in its save) goes
straight to the two secret inboxes.  Each MQTT payload is a frame, a kind letter first:

    in the lobby (public):
    K  knock (nothing more)              H  the host's public value (256 bytes)
    F  full: the game there is on        P  proof: the caller's public value, its nonce, tag
    in a player's inbox (sealed under the room key, or under the connection's link key):
    P  proof of a resuming caller: nonce, tag          O  open: the caller's nonce, the host's, tag
    D  data: number, tag, the game's bytes             C  close: number, tag
    X  cut: the broker saw the sender's connection break (its will): nonce, tag

A DATA or CLOSE frame is taken only in order: one whose tag does not pass (another
connection's, a stranger's, a changed one) is dropped, one seen before too; a frame missing in
the numbers breaks the link (it is then resumed).  The host answers knocks a few times a
second whoever sends them, and checks proofs (a modular power each) one a frame, a few a
second, picked at random from a few waiting: a flood of knocks costs it nothing, one of
proofs only delays the real caller (it proves again every ``KNOCK_SECONDS``).
"""

from __future__ import annotations

import hashlib
import random
import secrets
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass
from typing import Callable

from . import handshake as hs
from .lines import LineLink
from .mqtt_client import MqttSession
from .protocol import check_host, split_address
from .stream import Stream

# Nothing that looks like another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V) or whose name sounds like
# another's in English or German (one of B C D E G P T V W Z, of A H J K, of M N, of F S X).
ALPHABET = "EHJMRUXY3479"
CODE_LENGTH = 9  # 12**9: some 5e9 codes, read aloud in three groups of three
GROUP = 3
TOPIC_ROOT = "bypuzz"
LOBBY = "lobby"
DEFAULT_BROKER_PORT = 1883
KNOCK, HOST_VALUE, FULL, PROOF = b"K", b"H", b"F", b"P"  # the lobby's
OPEN, DATA, CLOSE, CUT = b"O", b"D", b"C", b"X"  # a player's inbox's
NUMBERED = DATA + CLOSE
DATA_CHUNK = 512  # bytes of the game's lines in one frame, well under the broker's packet limit
IN_LIMIT = 64 * 1024  # bytes come for a link and not yet read before the link is taken as flooded
KNOCK_SECONDS = 0.5  # a caller knocks (or proves) again this often until the host answers
NO_HOST_SECONDS = 6.0  # no answer to the knocks (or to the proof) within this: nobody hosts the code
NO_HOST_POLLS = 24  # ... and within this many polls of this side (a third of a second at 60 frames a second)
FULL_SECONDS = 1.5  # "full" heard and no host's value within this: the room is full
ANSWERS_PER_SECOND = 4  # the host's value said in the lobby a second at most, however many knock
FULL_PER_SECOND = 5  # "full" answers the host sends a second at most (the rest go unanswered)
PROOFS_WAITING = 8  # proofs kept for the host to check; a new one takes a place at random (its caller proves again)
PROOFS_PER_SECOND = 20  # proofs checked a second at most, one a frame, taken at random (a modular power each)
HOST_VALUE_SECONDS = 600.0  # a host's public value serves the rooms hosted from one app this long
RECONNECT_SECONDS = 1.0  # a host's broken waiting connection is made again, not more often than this
PROOF_SIZE = hs.NONCE_BYTES + hs.TAG_BYTES
NUMBERED_HEAD = hs.SEQ_BYTES + hs.TAG_BYTES


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


def inbox(code: str, client_id: str) -> str:
    return f"{TOPIC_ROOT}/{code}/{client_id}"


def lobby(code: str) -> str:
    return inbox(code, LOBBY)


def random_id() -> str:
    """A client id for the lobby: random, never sent, so never taken over (23 characters)."""
    return "r" + secrets.token_hex(11)


def numbered(key: bytes, side: bytes, kind: bytes, number: int, data: bytes = b"") -> bytes:
    """A DATA or CLOSE frame: its number, its tag under the link key, its bytes.

    >>> key = bytes(32)
    >>> read_numbered(numbered(key, hs.HOST_SIDE, DATA, 1, b"PING\\n"), key, hs.HOST_SIDE)
    (b'D', 1, b'PING\\n')
    >>> read_numbered(numbered(key, hs.CALLER_SIDE, DATA, 1, b"PING\\n"), key, hs.HOST_SIDE)  # the other way's
    >>> read_numbered(b"D" + bytes(19), key, hs.HOST_SIDE), read_numbered(b"Z" + bytes(40), key, hs.HOST_SIDE)
    (None, None)
    """
    return kind + number.to_bytes(hs.SEQ_BYTES, "big") + hs.seal(key, kind, number, data, side) + data


def read_numbered(payload: bytes, key: bytes, side: bytes):
    """(kind, number, data) of a numbered frame whose tag passes under ``key`` from ``side``; None otherwise."""
    kind, head = payload[:1], payload[1:1 + NUMBERED_HEAD]
    if not kind or kind not in NUMBERED or len(head) < NUMBERED_HEAD or (kind == CLOSE and len(payload) > 1 + NUMBERED_HEAD):
        return None
    number, data = int.from_bytes(head[:hs.SEQ_BYTES], "big"), payload[1 + NUMBERED_HEAD:]
    if not hs.sealed(key, head[hs.SEQ_BYTES:], kind, number, data, side):
        return None
    return kind, number, data


def proof(key: bytes, nonce: bytes) -> bytes:
    """A caller's nonce and its tag under the room key: it knows the key (sent again on each resume)."""
    return nonce + hs.seal(key, PROOF, 0, nonce, hs.CALLER_SIDE)


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
    """The bytes between this side and the other over one connection of the two (``pipe``):
    sealed, numbered frames each way under the link key of the two nonces."""

    def __init__(self, pipe: "Pipe", peer_nonce: bytes, opened: bool) -> None:
        super().__init__()
        self.pipe, self.peer_nonce = pipe, peer_nonce
        caller_nonce, host_nonce = (peer_nonce, pipe.nonce) if pipe.side == hs.HOST_SIDE else (pipe.nonce, peer_nonce)
        self.link_key = hs.link_key(pipe.key, caller_nonce, host_nonce)
        self.opened = opened  # the host's OPEN went out: the caller can read what follows
        self.sent = self.heard = 0  # the numbers of the last frames sent and taken
        self.incoming = bytearray()
        self.gone = b""  # CLOSE or CUT: the other side hung up, or its connection broke

    @property
    def room_key(self) -> bytes:
        """The key the two players share (a saved game keeps it to resume by)."""
        return self.pipe.key

    @property
    def session(self) -> MqttSession:
        return self.pipe.session

    def send_frame(self, kind: bytes, data: bytes = b"") -> None:
        self.sent += 1
        self.session.publish(self.pipe.peer_inbox, numbered(self.link_key, self.pipe.side, kind, self.sent, data))

    def send_some(self, data: bytes) -> int:
        if self.session.closed:
            self.close(self.session.problem, self.session.detail)
            return 0
        if not self.session.ready or not self.opened:
            return 0  # kept until the connection stands and the caller was let in
        for start in range(0, len(data), DATA_CHUNK):
            self.send_frame(DATA, data[start:start + DATA_CHUNK])
        return len(data)

    def receive_some(self, limit: int) -> bytes | None:
        self.pipe.room.pump()
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
        if self.session.closed:
            self.close(self.session.problem, self.session.detail)
        return None

    def take(self, payload: bytes) -> bool:
        """A numbered frame for this link (True), dropped and counted when it came before; False
        when its tag does not pass here (another link's, or forged)."""
        found = read_numbered(payload, self.link_key, self.pipe.peer_side)
        if found is None:
            return False
        kind, number, data = found
        if number <= self.heard:
            self.pipe.room.dropped["replayed"] += 1
        elif number > self.heard + 1:  # one was lost on the way: the lines no longer follow
            self.heard = number
            self.gone = CUT
        else:
            self.heard = number
            if kind == DATA:
                self.incoming += data
            else:
                self.gone = CLOSE
        return True

    def release(self, last: bytes) -> None:
        if self.session.ready:
            if last:
                self.send_some(last)
            if not self.gone and self.opened:
                self.send_frame(CLOSE)
        self.pipe.forget(self)


class Pipe:
    """One connection of this side at the client id the room key names: only the two players can
    name it or its peer's, so only they read or write there.  Its will tells the peer should it break."""

    def __init__(self, room: "Room", key: bytes, side: bytes) -> None:
        self.room, self.key, self.side = room, key, side
        self.peer_side = hs.CALLER_SIDE if side == hs.HOST_SIDE else hs.HOST_SIDE
        self.own_id, self.peer_id = hs.client_id(key, side), hs.client_id(key, self.peer_side)
        self.peer_inbox = inbox(room.code, self.peer_id)
        self.nonce = hs.new_nonce()
        will = (self.peer_inbox, CUT + self.nonce + hs.seal(key, CUT, 0, self.nonce, side))
        self.session = room.new_session(self.own_id, inbox(room.code, self.own_id), will)
        self.streams: dict[bytes, RoomStream] = {}  # by the peer's nonce

    def pump(self) -> None:
        for message in self.session.poll():
            payload = message.payload
            kind, body = payload[:1], payload[1:]
            if kind in NUMBERED:
                taken = any(stream.take(payload) for stream in list(self.streams.values()))
            elif kind == CUT:
                taken = self.take_cut(body)
            else:
                taken = self.room.take_private(self, kind, body)
            if not taken:
                self.room.dropped["forged"] += 1
        if self.session.ready:
            for stream in self.streams.values():
                if not stream.opened:  # the host lets the proven caller in once its connection stands
                    stream.opened = True
                    body = stream.peer_nonce + self.nonce
                    self.session.publish(self.peer_inbox, OPEN + body + hs.seal(self.key, OPEN, 0, body, self.side))

    def take_cut(self, body: bytes) -> bool:
        nonce, tag = body[:hs.NONCE_BYTES], body[hs.NONCE_BYTES:]
        stream = self.streams.get(nonce)
        if stream is None or not hs.sealed(self.key, tag, CUT, 0, nonce, self.peer_side):
            return False
        stream.gone = stream.gone or CUT
        return True

    def link(self, peer_nonce: bytes, opened: bool) -> LineLink:
        stream = self.streams[peer_nonce] = RoomStream(self, peer_nonce, opened)
        return LineLink(stream, peer=self.peer_id, **self.room.link_options)

    def forget(self, stream: RoomStream) -> None:
        self.streams.pop(stream.peer_nonce, None)
        if not self.streams and self is not self.room.waiting_pipe:  # a caller turned away: its pipe goes
            self.close()
            if self in self.room.pipes:
                self.room.pipes.remove(self)
        self.room.end_if_done()

    def close(self) -> None:
        self.session.close()


class Room:
    """This side in room ``code``: its connection to the lobby (while it needs one) and its
    pipes (``Pipe``), polled together.  It ends when this side takes no more calls (``door_open``)
    and its last link has closed."""

    def __init__(self, broker: str, code: str, clock: Callable[[], float] = time.monotonic,
                 connect: Callable = connect_broker, **link_options) -> None:
        self.broker, self.code, self.clock, self.connect = broker, code, clock, connect
        self.link_options = {"clock": clock, **link_options}
        self.port = 0  # a room is no port: the match layer reads this of any waiter
        self.door_open = True
        self.lobby: MqttSession | None = None
        self.pipes: list[Pipe] = []
        self.failed = ("", "")
        # Frames dropped: at a player's inbox "forged" (no tag of this room's passes) and "replayed"; in the
        # lobby "lobby" (no frame, or a proof that fails) and "proofs" (no room in the queue).
        self.dropped: Counter[str] = Counter()

    def new_session(self, client_id: str, topics, will: tuple[str, bytes] | None = None) -> MqttSession:
        try:
            connector = self.connect(self.broker, self.clock)
        except BrokerUnusable as error:
            connector = Unconnectable(error.word)
        return MqttSession(connector, client_id, self.code, topics, will, self.clock)

    def enter_lobby(self) -> None:
        self.lobby = self.new_session(random_id(), lobby(self.code))

    @property
    def closed(self) -> bool:
        """No more calls are taken (the waiter's side of a listener or a connector)."""
        return not self.door_open or bool(self.failed[0])

    @property
    def problem(self) -> str:
        return self.failed[0]

    @property
    def detail(self) -> str:
        return self.failed[1]

    def pump(self) -> None:
        if self.lobby is not None:
            for message in self.lobby.poll():
                kind, body = message.payload[:1], message.payload[1:]
                if not self.take_lobby(kind, body):
                    self.dropped["lobby"] += 1
        for pipe in list(self.pipes):
            pipe.pump()

    @property
    def waiting_pipe(self) -> Pipe | None:
        """The pipe callers reach while the door is open (a started game's host, a caller before its link)."""
        return None

    def take_lobby(self, kind: bytes, body: bytes) -> bool:
        """A frame said in the lobby; False when it means nothing here."""
        return False

    def take_private(self, pipe: Pipe, kind: bytes, body: bytes) -> bool:
        """A frame in this side's inbox that is no link's: a proof (the host), an OPEN (the caller)."""
        return False

    def send_lobby(self, session: MqttSession | None, kind: bytes, body: bytes = b"") -> None:
        if session is not None:
            session.publish(lobby(self.code), kind + body)

    def leave_lobby(self) -> None:
        if self.lobby is not None:
            self.lobby.close()
            self.lobby = None

    def end_if_done(self) -> None:
        if self.door_open:
            return
        for pipe in [pipe for pipe in self.pipes if not pipe.streams]:
            pipe.close()
            self.pipes.remove(pipe)
        if not self.pipes:
            self.leave_lobby()

    def fail(self, problem: str, detail: str = "") -> None:
        self.failed = (problem, detail)
        self.close()

    def close(self) -> None:
        """No more calls; the connections go once the links made here have closed."""
        self.door_open = False
        self.end_if_done()


class HostValue:
    """The host's exponent and public value, kept a while for every room hosted from this app: a
    modular power saved per room (a room key still differs by the caller's value and the code)."""

    exponent, public, made = 0, b"", float("-inf")

    @classmethod
    def kept(cls) -> tuple[int, bytes]:
        if time.monotonic() - cls.made < HOST_VALUE_SECONDS:
            return cls.exponent, cls.public
        return hs.new_exponent(), b""

    @classmethod
    def keep(cls, exponent: int, public: bytes) -> None:
        cls.exponent, cls.public, cls.made = exponent, public, time.monotonic()


class RoomHost(Room):
    """The host in room ``code``: in the lobby it says its public value to whoever knocks and
    hands out a link for each caller that proves the key (as a listener hands out a connection);
    with the door closed (the game is on) a knock is told "full".  With the room ``key`` of a
    game already started it waits at its own inbox only, for that game's other player."""

    def __init__(self, broker: str, code: str, key: bytes = b"", **options) -> None:
        super().__init__(broker, code, **options)
        self.links: deque[LineLink] = deque()  # proven callers, not yet handed out
        self.proofs: list[tuple[bytes, bytes]] = []  # (public value, proof) to check, in no order
        self.chance = random.Random()
        self.proven: dict[bytes, Pipe] = {}  # the caller's public value's digest -> its pipe
        self.answers: deque[float] = deque()  # when the value, or "full", was said, the last second
        self.checked: deque[float] = deque()  # when a proof was checked, the last second
        self.exponent, self.public = HostValue.kept()
        self.power: hs.Power | None = None  # the modular power under way, a part a frame
        self.checking: tuple[bytes, bytes] | None = None  # the proof whose power that is
        self.key = key
        self.unanswered = False  # a knock came before the value was worked out
        self.waiting_up = False  # the waiting connection stood once: should it break, it is made again
        self.started = self.clock()
        self.reconnects = 0
        if key:
            self.pipes.append(Pipe(self, key, hs.HOST_SIDE))
        else:
            self.enter_lobby()

    @property
    def waiting(self) -> MqttSession:
        """The connection callers reach: the lobby's, or for a game's key its own inbox's."""
        return self.pipes[0].session if self.key else self.lobby

    @property
    def waiting_pipe(self) -> Pipe | None:
        return self.pipes[0] if self.key and self.door_open and self.pipes else None

    def poll(self) -> LineLink | None:
        self.pump()
        if not self.closed:
            self.heal()
        if self.closed:
            return None
        if self.power is not None:  # a part of a modular power is this frame's work
            if self.power.step():
                self.powered()
        elif self.waiting.ready and not self.public and not self.key:
            self.power = hs.Power(hs.G, self.exponent)
        else:
            self.check_proof()
        return self.links.popleft() if self.links else None

    def heal(self) -> None:
        """A waiting connection that broke after it stood is made again under a fresh id; one that
        never stood ends the room with its problem."""
        waiting = self.waiting
        if waiting.ready:
            self.waiting_up = True
        if not waiting.closed:
            return
        if not self.waiting_up:
            self.fail(waiting.problem, waiting.detail)
        elif self.clock() - self.started >= RECONNECT_SECONDS:
            self.waiting_up, self.started = False, self.clock()
            self.reconnects += 1
            if self.key:
                self.pipes[0] = Pipe(self, self.key, hs.HOST_SIDE)
            else:
                self.enter_lobby()

    def take_lobby(self, kind: bytes, body: bytes) -> bool:
        if kind == KNOCK and not body:
            self.answer()
        elif kind == PROOF and len(body) == hs.PUBLIC_BYTES + PROOF_SIZE:
            public = body[:hs.PUBLIC_BYTES]
            if hashlib.sha256(public).digest() in self.proven or any(public == waiting for waiting, _ in self.proofs):
                return True  # proved again while on its way: the first one counts
            if not self.door_open:
                self.dropped["proofs"] += 1
            elif len(self.proofs) >= PROOFS_WAITING:  # one waiting at random makes room: a flood cannot keep a caller out
                self.dropped["proofs"] += 1
                self.proofs[self.chance.randrange(PROOFS_WAITING)] = (public, body[hs.PUBLIC_BYTES:])
            else:
                self.proofs.append((public, body[hs.PUBLIC_BYTES:]))
        else:
            return kind in (HOST_VALUE, FULL)  # another host's, or the host's own
        return True

    def answer(self) -> None:
        """A knock: the public value (or "full"), a few times a second at most whoever knocks."""
        now = self.clock()
        while self.answers and now - self.answers[0] >= 1.0:
            self.answers.popleft()
        if self.door_open and not self.public:
            self.unanswered = True  # said once the value is worked out
        elif self.door_open and len(self.answers) < ANSWERS_PER_SECOND:
            self.answers.append(now)
            self.send_lobby(self.lobby, HOST_VALUE, self.public)
        elif not self.door_open and len(self.answers) < FULL_PER_SECOND:
            self.answers.append(now)
            self.send_lobby(self.lobby, FULL)

    def check_proof(self) -> None:
        """A waiting proof, a few a second, taken at random: its power starts (and goes on a part a frame)."""
        now = self.clock()
        while self.checked and now - self.checked[0] >= 1.0:
            self.checked.popleft()
        if not self.proofs or len(self.checked) >= PROOFS_PER_SECOND or not (self.public or self.key):
            return
        self.checked.append(now)
        checking = self.proofs.pop(self.chance.randrange(len(self.proofs)))
        value = hs.read_public(checking[0])
        if value is None:
            self.dropped["lobby"] += 1
        else:
            self.checking, self.power = checking, hs.Power(value, self.exponent)

    def powered(self) -> None:
        """A power is done: this side's public value, or a proof's key (a caller that knows it gets a
        pipe and a link)."""
        power, self.power = self.power, None
        if self.checking is None:
            self.public = hs.as_bytes(power.value)
            HostValue.keep(self.exponent, self.public)
            if self.unanswered:
                self.answer()
            return
        (public, body), self.checking = self.checking, None
        key = hs.room_key(self.code, power.value, public, self.public)
        nonce = body[:hs.NONCE_BYTES]
        if body != proof(key, nonce):
            self.dropped["lobby"] += 1
            return
        pipe = Pipe(self, key, hs.HOST_SIDE)
        self.pipes.append(pipe)
        self.proven[hashlib.sha256(public).digest()] = pipe
        self.links.append(pipe.link(nonce, opened=False))

    def take_private(self, pipe: Pipe, kind: bytes, body: bytes) -> bool:
        """A resuming caller's proof at the game's own inbox."""
        if kind != PROOF or len(body) != PROOF_SIZE or body != proof(pipe.key, body[:hs.NONCE_BYTES]):
            return False
        nonce = body[:hs.NONCE_BYTES]
        if self.door_open and nonce not in pipe.streams:
            self.links.append(pipe.link(nonce, opened=False))
        return True

    def close(self) -> None:
        while self.links:
            self.links.popleft().close()
        super().close()


class RoomCaller(Room):
    """The other player knocking in room ``code``: the link once the host opens, as a connector
    gives the connection once it stands; "full" or no answer ends it with that word.  With the
    room ``key`` of a game already started it proves the key at the host's inbox, not in the lobby."""

    def __init__(self, broker: str, code: str, key: bytes = b"", **options) -> None:
        super().__init__(broker, code, **options)
        self.exponent, self.public = hs.new_exponent(), b""
        self.power: hs.Power | None = None  # the modular power under way, a part a frame
        self.host_public = b""  # the value the host said in the lobby
        self.pipe: Pipe | None = None
        self.ready_since: float | None = None
        self.polls = 0  # this side's polls since then
        self.knocked: float | None = None
        self.full_since: float | None = None  # when "full" was first heard
        self.link: LineLink | None = None
        if key:
            self.add_pipe(key)
        else:
            self.enter_lobby()

    def add_pipe(self, key: bytes) -> None:
        self.pipe = Pipe(self, key, hs.CALLER_SIDE)
        self.pipes.append(self.pipe)

    @property
    def waiting_pipe(self) -> Pipe | None:
        return self.pipe if self.door_open else None

    @property
    def waiting(self) -> MqttSession:
        return self.lobby if self.lobby is not None else self.pipe.session

    def poll(self) -> LineLink | None:
        if self.closed:
            return None
        self.pump()
        if self.link is not None:
            self.door_open = False
            self.leave_lobby()
            return self.link
        waiting = self.waiting
        if waiting.closed:
            return self.fail(waiting.problem, waiting.detail)
        if not waiting.ready:
            return None
        now = self.clock()
        self.polls += 1
        if self.ready_since is None:
            self.ready_since, self.polls = now, 0
        elif self.polls < NO_HOST_POLLS:  # a caller that polls seldom (a slow machine) gives the host its turns
            pass
        elif self.full_since is not None and now - self.full_since > FULL_SECONDS and not self.host_public:
            return self.fail("full")
        elif now - self.ready_since > NO_HOST_SECONDS:
            return self.fail("no_host", f"{NO_HOST_SECONDS:g}")
        self.step(now)
        return None

    def step(self, now: float) -> None:
        """The next step towards the host, a part of a modular power a frame at most."""
        if self.power is not None:
            if self.power.step():
                self.powered()
        elif self.pipe is None and not self.public:
            self.power = hs.Power(hs.G, self.exponent)
        elif self.pipe is None and self.host_public:
            self.power = hs.Power(hs.read_public(self.host_public), self.exponent)
        elif self.pipe is not None and not self.pipe.session.ready:
            return
        elif self.knocked is None or now - self.knocked >= KNOCK_SECONDS:
            self.knocked = now
            if self.pipe is None:
                self.send_lobby(self.lobby, KNOCK)
            elif self.public:  # the first meeting: the proof is said in the lobby, where the host reads
                self.send_lobby(self.pipe.session, PROOF, self.public + proof(self.pipe.key, self.pipe.nonce))
                self.leave_lobby()
            else:
                self.pipe.session.publish(self.pipe.peer_inbox, PROOF + proof(self.pipe.key, self.pipe.nonce))

    def powered(self) -> None:
        """A power is done: this side's public value, or the room key (then its pipe)."""
        power, self.power = self.power, None
        if not self.public:
            self.public = hs.as_bytes(power.value)
            return
        self.add_pipe(hs.room_key(self.code, power.value, self.public, self.host_public))
        self.ready_since = self.knocked = None  # a host is there: the proof goes at once, the wait for OPEN anew

    def take_lobby(self, kind: bytes, body: bytes) -> bool:
        if kind == HOST_VALUE and not self.host_public and hs.read_public(body) is not None:
            self.host_public = body
        elif kind == FULL and not body:
            self.full_since = self.full_since or self.clock()
        else:
            return kind in (KNOCK, PROOF, HOST_VALUE)  # another caller's, or a second host's
        return True

    def take_private(self, pipe: Pipe, kind: bytes, body: bytes) -> bool:
        """The host's OPEN: the link stands from here, so the lines after it in the same poll are its."""
        nonces = body[:2 * hs.NONCE_BYTES]
        if kind != OPEN or body[:hs.NONCE_BYTES] != pipe.nonce or len(body) != 2 * hs.NONCE_BYTES + hs.TAG_BYTES:
            return False
        if not hs.sealed(pipe.key, body[2 * hs.NONCE_BYTES:], OPEN, 0, nonces, hs.HOST_SIDE):
            return False
        if self.link is None:
            self.link = pipe.link(nonces[hs.NONCE_BYTES:], opened=True)
        return True

    def fail(self, problem: str, detail: str = "") -> None:
        super().fail(problem, detail)
        if self.link is None:
            for pipe in self.pipes:
                pipe.close()
            self.leave_lobby()


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
