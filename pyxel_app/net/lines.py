"""The game's line protocol over a byte stream: one link to the other side.

Pure: over a TCP socket on the LAN (``link.py``) or a room on a broker (``room.py``) the
link is the same, and so is everything the match layer builds on it.  A link keeps itself
alive (a PING when it has been quiet ``ping_seconds``) and gives up on a peer silent for
``timeout_seconds``; a peer that sends what is not the protocol, or more than the buffers
hold, is cut off with a message.
"""

from __future__ import annotations

import time
from typing import Callable

from .protocol import Command, Decoder, ProtocolError, format_command
from .protocol import error as protocol_error
from .stream import Stream

READ_LIMIT = 16 * 1024  # bytes read in one poll; the protocol's lines are short
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
        if not self.closed:
            self.last_sent = self.clock()
            self.stream.write(format_command(command).encode("utf-8"))

    def flush(self) -> None:
        self.stream.flush()

    def poll(self) -> list[Command]:
        """What came since the last poll (bounded), after sending what waits."""
        commands: list[Command] = []
        for data in self.stream.pieces(READ_LIMIT):
            self.last_heard = self.clock()
            try:
                commands += self.decoder.feed(data)
            except ProtocolError as error:
                commands += error.commands
                self.send(protocol_error(f"protocol: {error}"))  # the sender is told why, in a word it knows
                self.stream.close("garbage", error)
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
            self.stream.close("silent", f"{self.timeout_seconds:g}")
        elif now - self.last_sent >= self.ping_seconds:
            self.send(Command("PING"))

    def close(self, problem: str = "", detail: "str | ProtocolError" = "") -> None:
        self.stream.close(problem, detail)
