"""The network protocol: one command per line of UTF-8 text, nothing else.

Pure (no sockets, no pyxel): the link, the match layer and the fuzz tests share it.
A line is at most ``MAX_LINE`` bytes with its newline; a command is an upper-case verb
and its fields, separated by single spaces.  Nothing read is ever evaluated: every
field is checked against a fixed shape (a bounded number, a short token, printable text).

    HELLO <version> <game> <variant> <side> [<name>] [[eval]]
                           greeting; side 1 moves first; ``[eval]`` (never in a name: a name
                           has no brackets): this side lets both see the evaluation, an
                           optional field an older side never sends
    MOVE <n> <move>        the n-th move (1, 2, ...) in the game's own notation
    UNDO <n>               please take the game back to n moves
    UNDO-OK <n> | UNDO-NO  the answer
    DRAW | DRAW-OK | DRAW-NO   a draw offered, accepted, refused
    RESIGN                 the sender gives up
    NEW | NEW-OK | NEW-NO  after the end: a new game asked (the sides swap), agreed, refused
    RESUME <count> <digest>    after (re)connecting: the moves so far, as a count and a digest
    PING | PONG            keep-alive
    ERROR <text>           something was refused (an illegal move: the game goes on)
    BYE                    the sender leaves

>>> format_command(Command("MOVE", 3, "4"))
'MOVE 3 4\\n'
>>> parse_line("HELLO 1 connect4 standard 1 Ann")
Command(verb='HELLO', number=1, text='connect4 standard 1 Ann')
>>> hello_fields(parse_line("HELLO 1 connect4 standard 1 Ann [eval]"))
Hello(version=1, game='connect4', variant='standard', side=1, name='Ann', evaluation=True)
>>> decoder = Decoder()
>>> decoder.feed(b"PING\\nMOVE 1 ") + decoder.feed(b"d3\\r\\n")
[Command(verb='PING', number=None, text=''), Command(verb='MOVE', number=1, text='d3')]
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from ..rules.numbers import parse_number

VERSION = 1
DEFAULT_PORT = 4270
MAX_LINE = 256  # bytes, newline included; the longest real line (a HELLO with a name) is < 100
MAX_HOST = 253  # a host name's length in DNS
# A label of a host name: letters and digits (any script), "-" inside, "_" as Windows names have it.
HOST_LABEL = re.compile(r"(?!-)[\w-]{1,63}(?<!-)")
MAX_NUMBER = 100_000  # move numbers and counts; far beyond any game
MAX_TEXT = 200  # characters of a move, a name or an error text
DIGEST_CHARS = 16
TOKEN = re.compile(r"[A-Za-z0-9_.\-]{1,32}")
NUMBER = re.compile(r"[0-9]{1,6}")
DIGEST = re.compile(r"[0-9a-f]{%d}" % DIGEST_CHARS)
EVALUATION = "[eval]"  # HELLO's last field: this side agrees to the evaluation (no name holds a bracket)

# verb -> (takes a number, what the text after it is): "" nothing, "text" free text,
# "move" a move (free text, not empty), "hello" the greeting's fields, "digest" a digest.
SHAPES = {
    "HELLO": (True, "hello"),
    "MOVE": (True, "move"),
    "UNDO": (True, ""),
    "UNDO-OK": (True, ""),
    "UNDO-NO": (False, ""),
    "DRAW": (False, ""),
    "DRAW-OK": (False, ""),
    "DRAW-NO": (False, ""),
    "RESIGN": (False, ""),
    "NEW": (False, ""),
    "NEW-OK": (False, ""),
    "NEW-NO": (False, ""),
    "RESUME": (True, "digest"),
    "PING": (False, ""),
    "PONG": (False, ""),
    "ERROR": (False, "text"),
    "BYE": (False, ""),
}


class ProtocolError(ValueError):
    """A line that is not the protocol; the connection is closed with this message.

    ``reason`` names the fault in a word and ``values`` its particulars, so the player
    is told in their own language (``net.bad.<reason>``); the message is for logs.
    """

    def __init__(self, message: str, reason: str = "other", **values) -> None:
        super().__init__(message)
        self.reason, self.values = reason, values


@dataclass(frozen=True)
class Command:
    verb: str
    number: int | None = None
    text: str = ""


@dataclass(frozen=True)
class Hello:
    version: int
    game: str
    variant: str
    side: int  # 1 moves first
    name: str = ""
    evaluation: bool = False  # the sender agrees to the evaluation; an older side never says so


def printable(text: str) -> bool:
    return all(ch.isprintable() for ch in text)


def parse_line(line: str) -> Command:
    """One line (without its newline) -> a Command, or ProtocolError saying what is wrong."""
    verb, _, rest = line.partition(" ")
    if verb not in SHAPES:
        raise ProtocolError(f"unknown command {verb[:20]!r}", "unknown_command", verb=verb[:20])
    takes_number, shape = SHAPES[verb]
    if not printable(rest) or len(rest) > MAX_TEXT + 8:
        raise ProtocolError(f"{verb}: unreadable text", "unreadable", verb=verb)
    number = None
    if takes_number:
        field, _, rest = rest.partition(" ")
        if not NUMBER.fullmatch(field) or int(field) > MAX_NUMBER:
            raise ProtocolError(f"{verb}: {field[:20]!r} is not a number 0-{MAX_NUMBER}", "not_number", verb=verb)
        number = int(field)
    if shape == "" and rest:
        raise ProtocolError(f"{verb} takes no more fields", "extra_fields", verb=verb)
    if shape == "move" and not rest.strip():
        raise ProtocolError("MOVE without a move", "no_move")
    if shape == "digest" and not DIGEST.fullmatch(rest):
        raise ProtocolError(f"RESUME: {rest[:20]!r} is not a digest", "not_digest")
    command = Command(verb, number, rest)
    if shape == "hello":
        hello_fields(command)
    return command


def hello_fields(command: Command) -> Hello:
    """The greeting's fields, checked."""
    parts = command.text.split(" ", 3)
    if len(parts) < 3 or not all(TOKEN.fullmatch(part) for part in parts[:2]) or parts[2] not in ("1", "2"):
        raise ProtocolError("HELLO needs <version> <game> <variant> <side 1|2> [<name>]", "hello")
    name = parts[3].strip() if len(parts) == 4 else ""
    evaluation = name == EVALUATION or name.endswith(" " + EVALUATION)
    if evaluation:
        name = name.removesuffix(EVALUATION).strip()
    return Hello(command.number, parts[0], parts[1], int(parts[2]), name, evaluation)


def format_command(command: Command) -> str:
    """The line for ``command``, newline included; ValueError if it could not be read back."""
    fields = [command.verb]
    if command.number is not None:
        fields.append(str(command.number))
    if command.text:
        fields.append(command.text)
    line = " ".join(fields)
    if "\n" in line or "\r" in line or len(line.encode("utf-8")) + 1 > MAX_LINE:
        raise ValueError(f"cannot send {line[:40]!r}")
    parse_line(line)
    return line + "\n"


def hello(game: str, variant: str, side: int, name: str = "", version: int = VERSION,
          evaluation: bool = False) -> Command:
    """The greeting; ``evaluation`` adds the field saying this side agrees to it (sent only then,
    so a greeting without it is the very line an older side sends and reads)."""
    name = "".join(ch for ch in name if ch.isprintable() and ch not in "[]")[:MAX_TEXT // 2]
    fields = [f"{game} {variant} {side}"] + ([name] if name else []) + ([EVALUATION] if evaluation else [])
    return Command("HELLO", version, " ".join(fields))


def error(text: str) -> Command:
    """An ERROR line whose text is always sendable."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return Command("ERROR", None, text[:MAX_TEXT] or "error")


def digest(moves: list[str]) -> str:
    """The moves so far as a short digest: both sides compare it on resume.

    >>> digest([]) == digest([]) != digest(["4"])
    True
    """
    return hashlib.sha256("\n".join(moves).encode("utf-8")).hexdigest()[:DIGEST_CHARS]


class Decoder:
    """Bytes in any pieces -> commands.  After the first error it takes nothing more:
    ``feed`` then raises that ProtocolError again (the connection is to be closed).

    ``feed`` may stop after ``limit`` commands: the rest waits (``waiting`` bytes) for the next
    ``feed``, an empty one too, so a flood is read a bounded number of lines at a time.

    >>> decoder = Decoder()
    >>> [c.verb for c in decoder.feed(b"PING\\nPING\\nBYE\\n", limit=2)], decoder.waiting, decoder.feed(b"")
    (['PING', 'PING'], 4, [Command(verb='BYE', number=None, text='')])
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.buffer = bytearray()
        self.error: ProtocolError | None = None

    @property
    def waiting(self) -> int:
        """Bytes come and not yet read as commands."""
        return len(self.buffer)

    def feed(self, data: bytes, limit: int | None = None) -> list[Command]:
        """The complete commands in what has come so far (``limit`` at most); ProtocolError at the
        first bad line (the commands before it in the same piece are in ``error.commands``)."""
        if self.error is not None:
            raise self.error
        self.buffer += data
        commands: list[Command] = []
        start = 0  # the lines read are cut off the buffer once, at the end (not one by one)
        try:
            while limit is None or len(commands) < limit:
                end = self.buffer.find(b"\n", start, start + self.max_line)
                if end < 0:
                    if len(self.buffer) - start >= self.max_line:
                        raise ProtocolError(f"a line longer than {self.max_line} bytes", "too_long", n=self.max_line)
                    break
                raw = bytes(self.buffer[start:end])
                start = end + 1
                if raw.endswith(b"\r"):
                    raw = raw[:-1]
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise ProtocolError("a line that is not UTF-8 text", "not_utf8") from None
                commands.append(parse_line(line))
            del self.buffer[:start]
            return commands
        except ProtocolError as problem:
            self.buffer.clear()
            problem.commands = commands
            self.error = problem
            raise


def split_address(text: str, default_port: int = DEFAULT_PORT, any_host: bool = False) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6]:port`` -> (host, port); ValueError names the problem.
    With ``any_host`` the host may be empty (``:port``): a host listening on every address.

    >>> split_address("192.168.1.5:5000"), split_address("pc-anna"), split_address(":4270", any_host=True)
    (('192.168.1.5', 5000), ('pc-anna', 4270), ('', 4270))
    """
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            port = parse_port(rest.removeprefix(":"))
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
        port = parse_port(port_text)
    return check_host(host, any_host, shown=text), port


def check_host(host: str, any_host: bool = False, shown: str | None = None) -> str:
    """``host`` if it is an IP address or a host name (``pc-anna``, ``pc-anna.local``); with
    ``any_host`` empty too (every address).  ValueError quotes ``shown`` (the text typed).

    >>> check_host("fe80::1"), check_host("pc_anna.local."), check_host("", any_host=True)
    ('fe80::1', 'pc_anna.local.', '')
    >>> check_host("999.1.1.1")
    Traceback (most recent call last):
    ...
    ValueError: '999.1.1.1' is not an address
    """
    import ipaddress

    if not host and any_host:
        return host
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.removesuffix(".").split(".")
    looks_numeric = all(label.isdigit() for label in labels)  # an IPv4 address that is none, as 999.1.1.1
    if len(host) > MAX_HOST or looks_numeric or not all(HOST_LABEL.fullmatch(label) for label in labels):
        raise ValueError(f"{(host if shown is None else shown)[:40]!r} is not an address")
    return host


def join_address(host: str, port: int) -> str:
    """(host, port) as text that ``split_address`` reads back (an empty host: every address).

    >>> join_address("::1", 5000), join_address("", 4270), split_address(join_address("::1", 5000))
    ('[::1]:5000', ':4270', ('::1', 5000))
    """
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_port(text: str) -> int:
    return parse_number(text, 1, 65535, "port")
