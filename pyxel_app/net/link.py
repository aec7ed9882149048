"""TCP for network play: non-blocking sockets the app polls once a frame, no threads.

Desktop only: the match layer imports this module when a game is hosted or joined, and
the browser build never offers either (``tests/test_web_rules.py`` allows this module's
``import socket`` and no other).  Every poll is bounded: a listener accepts at most one
peer, a stream reads at most what it is asked and writes what the socket takes.  The
line protocol on top (keep-alive, cutting off garbage) is ``lines.LineLink``'s; the
broker's connection (``mqtt_client.py``) takes a bare ``SocketStream``.
"""

from __future__ import annotations

import errno
import select
import socket
import time
from typing import Callable

from .lines import Clock, LineLink
from .protocol import DEFAULT_PORT
from .stream import Stream

CONNECT_SECONDS = 10.0
LISTEN_BACKLOG = 2


class SocketStream(Stream):
    """A connected socket as a stream."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock
        try:
            self.peer = "%s:%s" % sock.getpeername()[:2]
        except OSError:
            self.peer = "?"

    def send_some(self, data: bytes) -> int:
        try:
            return self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError as error:
            self.close(*describe(error))
            return 0

    def receive_some(self, limit: int) -> bytes | None:
        try:
            return self.sock.recv(limit)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError as error:
            self.close(*describe(error))
            return None

    def release(self, last: bytes) -> None:
        try:
            if last:
                self.sock.send(last)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


def socket_link(sock: socket.socket, **link_options) -> LineLink:
    """The line protocol on a connected socket."""
    stream = SocketStream(sock)
    return LineLink(stream, peer=stream.peer, **link_options)


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

    def poll(self) -> LineLink | None:
        if self.closed:
            return None
        try:
            sock, _ = self.sock.accept()
        except (BlockingIOError, InterruptedError):
            return None
        except OSError as error:
            self.problem, self.detail = describe(error)
            return None
        return socket_link(sock, **self.link_options)

    def close(self) -> None:
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass


class Connector:
    """A connection being made to ``host:port``; ``poll`` gives the link once it stands (with
    ``wrap``, what it makes of the socket: the broker's connection takes a bare stream)."""

    def __init__(self, host: str, port: int, clock: Clock = time.monotonic, connect_seconds: float = CONNECT_SECONDS,
                 wrap: Callable | None = None, **link_options) -> None:
        self.clock, self.link_options = clock, {"clock": clock, **link_options}
        self.wrap = wrap
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

    def poll(self):
        if self.closed:
            return None
        if not connected_or_failed(self.sock):
            if self.clock() - self.started > self.connect_seconds:
                self.fail("silent", f"{self.connect_seconds:g}")
            return None
        code = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self.fail(*describe(OSError(code, errno.errorcode.get(code, "error"))))
            return None
        sock, self.sock = self.sock, None
        self.closed = True
        return self.wrap(sock) if self.wrap is not None else socket_link(sock, **self.link_options)

    def close(self) -> None:
        self.closed = True
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def connected_or_failed(sock: socket.socket) -> bool:
    """A connection begun without waiting has stood up or failed (the socket's error says which).
    poll() where the system has it: select() refuses a descriptor past 1023, as a busy bench makes."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLOUT)
        return bool(poller.poll(0))
    return bool(select.select([], [sock], [], 0)[1])


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
