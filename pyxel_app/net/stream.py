"""A byte stream the app polls once a frame: what every way to the other side has in common.

Pure: a TCP socket (``link.SocketStream``, the desktop), the page's WebSocket
(``websocket.WebSocketStream``, the browser) and a room on a broker (``room.RoomStream``)
each fill in the two hooks.  Writing queues and sends what the way takes now; a stream with
more than ``OUT_LIMIT`` bytes waiting (the other end does not read) ends itself.  Reading
takes what has come, never more than asked.  ``closed``, ``problem`` and ``detail`` say when
it is over and why: a word the match layer shows in the player's language (``net.why.<word>``;
"" when this side closed it).
"""

from __future__ import annotations

OUT_LIMIT = 64 * 1024  # bytes waiting to be sent before a peer that does not read is dropped


class Stream:
    out_limit = OUT_LIMIT

    def __init__(self) -> None:
        self.out = bytearray()
        self.closed = False
        self.problem = self.detail = ""

    def write(self, data: bytes) -> None:
        if self.closed:
            return
        self.out += data
        if len(self.out) > self.out_limit:
            self.close("flood")
        else:
            self.flush()

    def flush(self) -> None:
        while self.out and not self.closed:
            sent = self.send_some(bytes(self.out))
            if not sent:
                return
            del self.out[:sent]

    def read(self, limit: int) -> bytes:
        """What has come (at most ``limit`` bytes), after sending what waits; b"" when nothing
        has, or the stream is closed (``closed`` tells which)."""
        self.flush()
        if self.closed:
            return b""
        data = self.receive_some(limit)
        if data == b"":
            self.close("closed")
        return data or b""

    def pieces(self, limit: int):
        """What has come, piece by piece, at most ``limit`` bytes in all: one poll's worth."""
        got = 0
        while got < limit and not self.closed:
            data = self.read(limit - got)
            if not data:
                return
            got += len(data)
            yield data

    def close(self, problem: str = "", detail: object = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.problem, self.detail = problem, detail
        self.release(bytes(self.out) if not problem else b"")

    # The way's own part.

    def send_some(self, data: bytes) -> int:
        """Send from ``data`` what the way takes now; the bytes taken (0: none now, or it failed
        and the stream is closed)."""
        raise NotImplementedError

    def receive_some(self, limit: int) -> bytes | None:
        """At most ``limit`` bytes that have come; None when none has (or it failed and the stream
        is closed); b"" when the other end closed."""
        raise NotImplementedError

    def release(self, last: bytes) -> None:
        """Let the way go; ``last`` is what still waits to be sent when this side closed it (a BYE),
        sent if the way takes it at once."""
        raise NotImplementedError
