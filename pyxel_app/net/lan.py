"""Games hosted on this network, found without typing an address: a UDP announcement the host
sends while it waits, and a finder the join screen polls.

Desktop only (sockets; the browser never hosts or joins on the LAN).  The host sends one short
datagram a second to a site-local multicast group (TTL 1: it never leaves the network); every
app on the join screen listens there and lists what it heard in the last few seconds, with
the sender's address.  Nothing waits and nothing is evaluated: a datagram that is not an
announcement of the protocol's shape is dropped.  ``$BYPUZZ_LAN`` (``host:port``) sends and
listens elsewhere: the tests keep it on loopback.

    BYPUZZ <version> <port> <game> <variant> [<name>]
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
import time
from dataclasses import dataclass
from typing import Callable

from .protocol import MAX_TEXT, TOKEN, VERSION, printable, split_address

GROUP, GROUP_PORT = "239.255.42.70", 4271  # administratively scoped (RFC 2365): this site only
ENV = "BYPUZZ_LAN"
WORD = b"BYPUZZ"
ANNOUNCE_SECONDS = 1.0
FORGET_SECONDS = 3.5  # an announcement not heard again for this long: the game is gone
MAX_DATAGRAM = 256
READS_PER_POLL = 32
MAX_FOUND = 16


@dataclass(frozen=True)
class Hosted:
    """A game someone hosts on this network."""

    host: str  # the address the announcement came from
    port: int
    game: str
    variant: str
    name: str


def target() -> tuple[str, int]:
    """Where announcements go and are listened for: the group, or ``$BYPUZZ_LAN``."""
    override = os.environ.get(ENV, "")
    return split_address(override, GROUP_PORT) if override else (GROUP, GROUP_PORT)


def announcement(port: int, game: str, variant: str, name: str = "") -> bytes:
    """
    >>> announcement(4270, "connect4", "standard", "Ann")
    b'BYPUZZ 1 4270 connect4 standard Ann'
    >>> read_announcement(announcement(4270, "connect4", "standard", "Ann"), "192.168.1.5")
    Hosted(host='192.168.1.5', port=4270, game='connect4', variant='standard', name='Ann')
    """
    name = "".join(ch for ch in name if ch.isprintable())[:MAX_TEXT // 4]
    return b" ".join([WORD, str(VERSION).encode(), str(port).encode(), game.encode(), variant.encode()]
                     + ([name.encode("utf-8")] if name else []))


def read_announcement(data: bytes, sender: str) -> Hosted | None:
    """The game announced in ``data``, or None for anything else (another version too)."""
    try:
        fields = data.decode("utf-8").split(" ", 5)
    except UnicodeDecodeError:
        return None
    if len(fields) < 5 or fields[0] != WORD.decode() or fields[1] != str(VERSION):
        return None
    port, game, variant = fields[2], fields[3], fields[4]
    name = fields[5] if len(fields) == 6 else ""
    if not (port.isdigit() and 0 < int(port) < 65536 and TOKEN.fullmatch(game) and TOKEN.fullmatch(variant)):
        return None
    if not printable(name) or len(name) > MAX_TEXT // 4:
        return None
    return Hosted(sender, int(port), game, variant, name)


def is_multicast(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_multicast
    except ValueError:
        return False


class Announcer:
    """Says once a second that a game is hosted here on ``port``, until closed."""

    def __init__(self, port: int, game: str, variant: str, name: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.message = announcement(port, game, variant, name)
        self.clock, self.sent = clock, None
        self.to = target()
        self.sock = None
        try:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self.sock.setblocking(False)
            if is_multicast(self.to[0]):
                self.sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
                self.sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        except OSError:
            self.close()

    def poll(self) -> None:
        if self.sock is None or (self.sent is not None and self.clock() - self.sent < ANNOUNCE_SECONDS):
            return
        self.sent = self.clock()
        try:
            self.sock.sendto(self.message, self.to)
        except OSError:
            pass  # no network now: the next second tries again

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


class Finder:
    """Listens for announcements; ``found`` lists the games heard of in the last few seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.heard: dict[tuple[str, int], tuple[Hosted, float]] = {}
        self.sock = None
        host, port = target()
        try:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):  # every app on the join screen hears it, not only the first
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            if is_multicast(host):
                self.sock.bind(("", port))
                membership = struct.pack("4s4s", socket.inet_aton(host), socket.inet_aton("0.0.0.0"))
                self.sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
            else:
                self.sock.bind((host, port))
            self.sock.setblocking(False)
        except OSError:
            self.close()

    def poll(self) -> None:
        now = self.clock()
        for _ in range(READS_PER_POLL):
            if self.sock is None:
                break
            try:
                data, (sender, _) = self.sock.recvfrom(MAX_DATAGRAM)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self.close()
                break
            hosted = read_announcement(data, sender)
            if hosted is not None and (len(self.heard) < MAX_FOUND or (sender, hosted.port) in self.heard):
                self.heard[(sender, hosted.port)] = (hosted, now)
        self.heard = {key: (hosted, seen) for key, (hosted, seen) in self.heard.items() if now - seen < FORGET_SECONDS}

    def found(self, game: str | None = None) -> list[Hosted]:
        """The games heard of (of ``game`` only, when given), in the order of their addresses."""
        return sorted((hosted for hosted, _ in self.heard.values() if game in (None, hosted.game)),
                      key=lambda hosted: (hosted.host, hosted.port))

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
