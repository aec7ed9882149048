"""The game's line protocol over a byte stream: one link to the other side.

Pure: over a TCP socket on the LAN (``link.py``) or a room on a broker (``room.py``) the
link is the same, and so is everything the match layer builds on it.  A link keeps itself
alive (a PING when it has been quiet ``ping_seconds``) and gives up on a peer silent for
``timeout_seconds``; a peer that sends what is not the protocol, or more than the buffers
hold, is cut off with a message.

A poll's work is bounded whatever the peer sends: at most ``LINES_PER_POLL`` commands are
read (the rest wait, at most ``READ_LIMIT`` bytes, and a peer sending faster fills its own
way), any number of PINGs is answered by one PONG, and what is said goes out in one write
when the poll's caller flushes (``flush``), not a write (a broker's message) a line.
"""

from __future__ import annotations

import time
from typing import Callable

from .protocol import Command, Decoder, ProtocolError, format_command
from .protocol import error as protocol_error
from .stream import Stream

READ_LIMIT = 8 * 1024  # bytes read and not yet handled, at most; the protocol's lines are short
LINES_PER_POLL = 64  # commands handled in one poll (a frame): a resume's missing moves take a few
PING_SECONDS = 3.0
TIMEOUT_SECONDS = 12.0
Clock = Callable[[], float]


class LineLink:
    """One connection: ``send`` queues a command, ``poll`` moves bytes and returns what came.

    PING is answered and PONG swallowed here; ``closed`` and ``problem`` say when it is
    over and why: a word the match layer shows in the player's language (``net.why.<word>``;
    "" when this side closed it), with ``detail`` (a number of seconds, the system's error
    code, or the ProtocolError itself, which the match layer words).
    """

    def __init__(self, stream: Stream, clock: Clock = time.monotonic, ping_seconds: float = PING_SECONDS,
                 timeout_seconds: float = TIMEOUT_SECONDS, peer: str = "?") -> None:
        self.stream = stream
        self.clock = clock
        self.ping_seconds, self.timeout_seconds = ping_seconds, timeout_seconds
        self.decoder = Decoder()
        self.pending = bytearray()  # said and not yet flushed
        self.peer = peer
        self.last_heard = self.last_sent = clock()

    @property
    def closed(self) -> bool:
        return self.stream.closed

    @property
    def problem(self) -> str:
        return self.stream.problem

    @property
    def detail(self):
        return self.stream.detail

    def send(self, command: Command) -> None:
        """Queue ``command``; it goes out at the next ``flush`` (with all said since)."""
        if not self.closed:
            self.last_sent = self.clock()
            self.pending += format_command(command).encode("utf-8")
            if len(self.pending) > self.stream.out_limit:
                self.stream.close("flood")

    def flush(self) -> None:
        """Send what was said since the last flush, in one write."""
        if self.pending and not self.closed:
            said, self.pending = bytes(self.pending), bytearray()
            self.stream.write(said)
        self.stream.flush()

    def poll(self) -> list[Command]:
        """What came since the last poll, ``LINES_PER_POLL`` commands at most (the rest wait for the
        next); PINGs answered by one PONG.  Nothing is sent before the caller flushes."""
        if self.closed:
            return []
        commands = self.decode(b"", LINES_PER_POLL)
        if commands:  # lines that waited were heard too: a backlog being handled is no silence
            self.last_heard = self.clock()
        if len(commands) < LINES_PER_POLL and self.decoder.waiting < READ_LIMIT:
            for data in self.stream.pieces(READ_LIMIT - self.decoder.waiting):
                self.last_heard = self.clock()
                commands += self.decode(data, LINES_PER_POLL - len(commands))
                if len(commands) >= LINES_PER_POLL:
                    break
        answered = [command for command in commands if command.verb not in ("PING", "PONG")]
        if any(command.verb == "PING" for command in commands):
            self.send(Command("PONG"))
        self.keep_alive()
        return answered

    def decode(self, data: bytes, limit: int) -> list[Command]:
        """The commands in ``data`` and what waited before it; a line that is not the protocol
        ends the link, with the commands before it."""
        try:
            return self.decoder.feed(data, limit)
        except ProtocolError as error:
            self.send(protocol_error(f"protocol: {error}"))  # the sender is told why, in a word it knows
            self.flush()
            self.stream.close("garbage", error)
            return error.commands

    def keep_alive(self) -> None:
        now = self.clock()
        if self.closed:
            return
        if now - self.last_heard > self.timeout_seconds:
            self.stream.close("silent", f"{self.timeout_seconds:g}")
        elif now - self.last_sent >= self.ping_seconds:
            self.send(Command("PING"))

    def close(self, problem: str = "", detail: "str | ProtocolError" = "") -> None:
        """End the link; what was said goes first when this side closes it (a BYE)."""
        if not problem:
            self.flush()
        self.stream.close(problem, detail)
