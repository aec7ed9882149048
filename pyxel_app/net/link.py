"""TCP for network play: non-blocking sockets the app polls once a frame, no threads.

Desktop only: the match layer imports this module when a game is hosted or joined, and
the browser build never offers either (``tests/test_web_rules.py`` allows this module's
``import socket`` and no other).  Every poll is bounded: a listener accepts at most one
peer, a link reads at most ``READ_LIMIT`` bytes and writes what the socket takes.  A link
keeps itself alive (a PING when it has been quiet ``ping_seconds``) and gives up on a
peer silent for ``timeout_seconds``; a peer that sends what is not the protocol, or more
than the buffers hold, is cut off with a message.
"""

from __future__ import annotations

import errno
import select
import socket
import time
from typing import Callable

from .protocol import DEFAULT_PORT, Command, Decoder, ProtocolError, format_command
from .protocol import error as protocol_error

READ_LIMIT = 16 * 1024  # bytes read in one poll; the protocol's lines are short
OUT_LIMIT = 64 * 1024  # bytes waiting to be sent before a peer that does not read is dropped
PING_SECONDS = 3.0
TIMEOUT_SECONDS = 12.0
CONNECT_SECONDS = 10.0
LISTEN_BACKLOG = 2
Clock = Callable[[], float]


class Link:
    """One connection: ``send`` queues a command, ``poll`` moves bytes and returns what came.

    PING is answered and PONG swallowed here; ``closed`` and ``problem`` say when it is
    over and why: a word the match layer shows in the player's language (``net.why.<word>``;
    "" when this side closed it), with ``detail`` (a number of seconds, the system's error
    code, or the ProtocolError itself, which the match layer words).
    """

    def __init__(self, sock: socket.socket, clock: Clock = time.monotonic, ping_seconds: float = PING_SECONDS,
                 timeout_seconds: float = TIMEOUT_SECONDS) -> None:
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock
        self.clock = clock
        self.ping_seconds, self.timeout_seconds = ping_seconds, timeout_seconds
        self.decoder = Decoder()
        self.out = bytearray()
        self.closed = False
        self.problem = self.detail = ""
        self.last_heard = self.last_sent = clock()
        try:
            self.peer = "%s:%s" % sock.getpeername()[:2]
        except OSError:
            self.peer = "?"

    def send(self, command: Command) -> None:
        if self.closed:
            return
        self.out += format_command(command).encode("utf-8")
        self.last_sent = self.clock()
        if len(self.out) > OUT_LIMIT:
            self.close("flood")
        else:
            self.flush()

    def flush(self) -> None:
        while self.out and not self.closed:
            try:
                sent = self.sock.send(self.out)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                self.close(*describe(error))
                return
            del self.out[:sent]

    def poll(self) -> list[Command]:
        """What came since the last poll (bounded), after sending what waits."""
        if self.closed:
            return []
        self.flush()
        commands: list[Command] = []
        got = 0
        while got < READ_LIMIT and not self.closed:
            try:
                data = self.sock.recv(READ_LIMIT - got)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                self.close(*describe(error))
                break
            if not data:
                self.close("closed")
                break
            got += len(data)
            self.last_heard = self.clock()
            try:
                commands += self.decoder.feed(data)
            except ProtocolError as error:
                commands += error.commands
                self.send(protocol_error(f"protocol: {error}"))  # the sender is told why, in a word it knows
                self.close("garbage", error)
        answered = []
        for command in commands:
            if command.verb == "PING":
                self.send(Command("PONG"))
            elif command.verb != "PONG":
                answered.append(command)
        self.keep_alive()
        return answered

    def keep_alive(self) -> None:
        now = self.clock()
        if self.closed:
            return
        if now - self.last_heard > self.timeout_seconds:
            self.close("silent", f"{self.timeout_seconds:g}")
        elif now - self.last_sent >= self.ping_seconds:
            self.send(Command("PING"))

    def close(self, problem: str = "", detail: "str | ProtocolError" = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.problem, self.detail = problem, detail
        try:
            if self.out and not problem:
                self.sock.send(self.out)  # a last BYE, if the socket takes it at once
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


class Listener:
    """Waits for one peer on ``port`` (0: any free port; ``port`` then says which)."""

    def __init__(self, port: int = DEFAULT_PORT, host: str = "", **link_options) -> None:
        self.link_options = link_options
        # Every address of the machine, IPv4 and IPv6 alike, where the system can listen on both at once.
        dual = not host and socket.has_dualstack_ipv6()
        family = socket.AF_INET6 if dual or ":" in host else socket.AF_INET
        self.sock = socket.create_server((host, port), family=family, backlog=LISTEN_BACKLOG, dualstack_ipv6=dual)
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]
        self.closed = False
        self.problem = self.detail = ""

    def poll(self) -> Link | None:
        if self.closed:
            return None
        try:
            sock, _ = self.sock.accept()
        except (BlockingIOError, InterruptedError):
            return None
        except OSError as error:
            self.problem, self.detail = describe(error)
            return None
        return Link(sock, **self.link_options)

    def close(self) -> None:
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass


class Connector:
    """A connection being made to ``host:port``; ``poll`` gives the Link once it stands."""

    def __init__(self, host: str, port: int, clock: Clock = time.monotonic, connect_seconds: float = CONNECT_SECONDS,
                 **link_options) -> None:
        self.clock, self.link_options = clock, {"clock": clock, **link_options}
        self.started = clock()
        self.connect_seconds = connect_seconds
        self.closed = False
        self.problem = self.detail = ""
        self.sock = None
        try:
            # A numeric address resolves at once; a name may ask the resolver (once, here).
            family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
            self.sock = socket.socket(family, kind, proto)
            self.sock.setblocking(False)
            code = self.sock.connect_ex(address)
            if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY, getattr(errno, "WSAEWOULDBLOCK", -1)):
                self.fail(*describe(OSError(code, errno.errorcode.get(code, "error"))))
        except OSError as error:
            self.fail(*describe(error))

    def fail(self, problem: str, detail: str = "") -> None:
        self.problem, self.detail = problem, detail
        self.close()

    def poll(self) -> Link | None:
        if self.closed:
            return None
        _, writable, _ = select.select([], [self.sock], [], 0)
        if not writable:
            if self.clock() - self.started > self.connect_seconds:
                self.fail("silent", f"{self.connect_seconds:g}")
            return None
        code = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self.fail(*describe(OSError(code, errno.errorcode.get(code, "error"))))
            return None
        sock, self.sock = self.sock, None
        self.closed = True
        return Link(sock, **self.link_options)

    def close(self) -> None:
        self.closed = True
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


# errno -> the word the match layer shows for it (``net.why.<word>``)
WHY = {errno.ECONNREFUSED: "refused", errno.ECONNRESET: "cut", errno.EPIPE: "cut", errno.ECONNABORTED: "cut",
       errno.EADDRINUSE: "port_in_use", errno.EACCES: "port_denied", errno.EPERM: "port_denied",
       errno.ETIMEDOUT: "unreachable",
       errno.EHOSTUNREACH: "unreachable", errno.ENETUNREACH: "unreachable", errno.ENETDOWN: "unreachable",
       errno.EHOSTDOWN: "unreachable", errno.EADDRNOTAVAIL: "not_here"}

LOOKUP_ERRORS = {getattr(socket, name) for name in ("EAI_NONAME", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA") if hasattr(socket, name)}


def describe(error: OSError) -> tuple[str, str]:
    """An OSError as (a word the match layer shows, the system's code for any other error:
    the system's own words would be English whatever the player's language)."""
    # socket.create_server passes a failed name lookup on as a plain OSError with the lookup's code.
    if isinstance(error, socket.gaierror) or error.errno in LOOKUP_ERRORS:
        return "unknown_host", ""
    if error.errno in WHY:
        return WHY[error.errno], ""
    return "network", errno.errorcode.get(error.errno, "") if error.errno else type(error).__name__


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses another computer may reach, found without waiting on DNS:
    a UDP socket 'connected' to an outside address (nothing is sent) names the outgoing one."""
    found = []
    for probe in ("192.0.2.1", "10.255.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address not in found and not address.startswith("0."):
            found.append(address)
    return found + ["127.0.0.1"]
