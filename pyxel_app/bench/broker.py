"""Games by invite code through a local mosquitto (the repository's configuration on loopback
ports, ``net/local_broker.py``): the delay the broker adds to a move, a thousand rooms at once,
the rooms one broker holds (its memory a room) and how long it keeps a connection that never
sends CONNECT.

A move's delay is the time from one table playing it to the other table having it, each
polling as fast as it can: through the broker (two hops, the broker's routing and ACL check
between) and, for the difference, over a plain loopback TCP link.  The crowd plays rooms by
the thousand beside strangers and slow clients (``shell/netharness.crowd``).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from contextlib import contextmanager

from .. import cli
from .figures import percentiles, quantile, report

PROG = "python -m pyxel_app.bench.broker"
MOVES = 400
ROOM_STEPS = (250, 500, 1000, 2000, 2400)  # rooms held open at once (5,000 connections a listener at most)
PROBE_MOVES = 40  # moves timed through random rooms at each step
BAD_DELAY_S = 1 / 60  # a move slower than a frame: one broker holds no more
LOOPBACK = "127.0.0.1"
WAIT_SECONDS = 5.0


def pair_over(kind: str, broker_address: str):
    """Two bare tables greeted and playing, by code on the broker or over loopback TCP."""
    from ..net import room
    from ..shell.netharness import BareTable
    from ..shell.netplay import HOST, JOIN, NetGame

    ann, bob = BareTable("Ann"), BareTable("Bob")
    if kind == "broker":
        code = room.new_code()
        ann.net = NetGame(ann, HOST, broker_address, 0, 0, code=code)
        ann.net.open()
        bob.net = NetGame(bob, JOIN, broker_address, 0, None, code=code)
    else:
        ann.net = NetGame(ann, HOST, LOOPBACK, 0, 0)
        ann.net.open()
        bob.net = NetGame(bob, JOIN, LOOPBACK, ann.net.listening_port, None)
    bob.net.open()
    until(lambda: ann.update() or bob.update() or (ann.net.playing and bob.net.playing))
    return ann, bob


def until(done) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        if time.monotonic() > deadline:
            raise RuntimeError("the other side did not answer in time")


def timed_move(ann, bob, rng: random.Random) -> float:
    """Seconds from a random move played on the side to move to the other side having it."""
    mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
    count = len(mover.moves()) + 1
    start = time.perf_counter()
    mover.play(mover.rules.move_to_text(rng.choice(mover.rules.legal_moves(mover.state))))
    until(lambda: other.update() or len(other.moves()) == count)
    return time.perf_counter() - start


def move_delays(kind: str, broker_address: str, moves: int, seed: int = 1) -> list[float]:
    """Seconds from a move played on one side to the other side having it, ``moves`` times."""
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < moves:
        ann, bob = pair_over(kind, broker_address)
        while not ann.over and len(samples) < moves:
            samples.append(timed_move(ann, bob, rng))
        ann.net.close()
        bob.net.close()
    return samples


@contextmanager
def local_broker(report, what: str):
    """A local mosquitto for the figures of ``what`` (None, said in the report, where there is none)."""
    from ..net.local_broker import BrokerMissing, LocalBroker

    with tempfile.TemporaryDirectory() as folder:
        try:
            broker = LocalBroker(folder)
        except BrokerMissing as error:
            report(what, f"not measured: {error}")
            yield None
            return
        try:
            yield broker
        finally:
            broker.stop()


def resident_kib(pid: int) -> int:
    """A process's resident memory (Linux: /proc), KiB; 0 where it cannot be read."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration, ValueError):
        return 0


def open_rooms(broker_address: str, pairs: list, count: int) -> None:
    """Rooms added until ``count`` are open, each a host and a joiner greeted and playing."""
    from ..net import room
    from ..shell.netharness import BareTable
    from ..shell.netplay import HOST, JOIN, NetGame

    added = []
    while len(pairs) + len(added) < count:
        code = room.new_code()
        ann, bob = BareTable("Ann"), BareTable("Bob")
        ann.net = NetGame(ann, HOST, broker_address, 0, 0, code=code)
        ann.net.open()
        bob.net = NetGame(bob, JOIN, broker_address, 0, None, code=code)
        bob.net.open()
        added.append((ann, bob))
    deadline = time.monotonic() + 60 + count / 20
    while not all(ann.net.playing and bob.net.playing for ann, bob in added):
        for ann, bob in added:
            ann.update()
            bob.update()
        if time.monotonic() > deadline:
            raise RuntimeError(f"{count} rooms did not all open in time")
    pairs += added


def probe_delays(pairs: list, rng: random.Random) -> list[float]:
    """A move's delay through random rooms while every room is open (the others polled between)."""
    samples = []
    for _ in range(PROBE_MOVES):
        ann, bob = rng.choice(pairs)
        if not ann.over:
            samples.append(timed_move(ann, bob, rng))
    for ann, bob in pairs:  # the rest keep their keep-alives
        ann.update()
        bob.update()
    return samples


def rooms_at_once(report, broker, steps=ROOM_STEPS) -> None:
    """Rooms held open at once, step by step, until a move is slower than a frame: mosquitto's
    resident memory and a move's delay at each step."""
    rng = random.Random(7)
    pairs: list = []
    idle = resident_kib(broker.process.pid)
    report("mosquitto resident, no room", f"{idle / 1024:.1f} MiB")
    try:
        for count in steps:
            open_rooms(broker.address, pairs, count)
            delays = probe_delays(pairs, rng)
            held = resident_kib(broker.process.pid)
            report(f"{count} rooms open at once (2 clients each)",
                   f"mosquitto resident {held / 1024:.1f} MiB, {(held - idle) / count:.1f} KiB a room; "
                   f"a move through one {percentiles(delays)}")
            if quantile(delays, 0.5) > BAD_DELAY_S:
                break
    finally:
        for ann, bob in pairs:
            ann.net.close()
            bob.net.close()


def half_open_seconds(broker, count: int = 5, most: float = 200.0) -> dict[str, list[float]]:
    """Seconds until the broker closes connections that never send CONNECT, by listener."""
    import select
    import socket

    held = {sock: kind for kind, port in (("TCP", broker.tcp_port), ("WebSocket", broker.ws_port))
            for sock in [socket.create_connection((LOOPBACK, port)) for _ in range(count)]}
    started, closed = time.monotonic(), {"TCP": [], "WebSocket": []}
    while held and time.monotonic() - started < most:
        for sock in select.select(list(held), [], [], 1.0)[0]:
            try:
                sock.recv(16)
            except OSError:
                pass
            closed[held.pop(sock)].append(time.monotonic() - started)
            sock.close()
    for sock in held:
        sock.close()
    return closed


def run(report, quick: bool = False) -> None:
    from ..shell.netharness import crowd

    with local_broker(report, "games by invite code") as broker:
        if broker is not None:
            moves = MOVES // 4 if quick else MOVES
            direct = move_delays("tcp", broker.address, moves)
            through = move_delays("broker", broker.address, moves)
            report("a move over loopback TCP (one side plays, the other has it)", percentiles(direct))
            report("a move through the local broker", percentiles(through))
            report("delay the broker adds to a move",
                   f"p50 {(quantile(through, 0.5) - quantile(direct, 0.5)) * 1000:.3f} ms, "
                   f"p99 {(quantile(through, 0.99) - quantile(direct, 0.99)) * 1000:.3f} ms")
            rooms = 100 if quick else 1000
            result = crowd(broker.address, rooms, strangers=20)
            report(f"{rooms} rooms at once through one broker",
                   f"{result.completed} games completed ({result.moves} moves) in {result.seconds:.1f} s, "
                   f"{result.rounds} frames of every table; {len(result.problems)} broke off"
                   + (f" ({'; '.join(result.problems[:3])})" if result.problems else ""))
            report("beside them",
                   f"{result.cross_room} frames from another room, {result.strangers_read} messages read by "
                   f"strangers, {result.strangers_cut} strangers cut off by the broker, "
                   f"{result.guesses_unanswered} guessed codes unanswered")



def limits(report, quick: bool = False) -> None:
    """On a fresh broker (the crowd's memory is not given back): rooms held at once, and how long it
    keeps connections that never send CONNECT."""
    with local_broker(report, "rooms one broker holds") as broker:
        if broker is None:
            return
        rooms_at_once(report, broker, ROOM_STEPS[:2] if quick else ROOM_STEPS)
        if not quick:
            for kind, seconds in half_open_seconds(broker).items():
                report(f"connections that never send CONNECT, {kind} listener",
                       f"{len(seconds)} of 5 closed by the broker, after "
                       + (f"{min(seconds):.1f}-{max(seconds):.1f} s" if seconds else "none within 200 s"))


def build_parser() -> cli.Parser:
    parser = cli.Parser(prog=PROG, description="A move's delay through a local mosquitto, a thousand rooms at once, "
                                               "the rooms one broker holds and how long it keeps a silent connection.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run (100 moves, 100 rooms, 500 held)")
    return parser


def play(args) -> None:
    run(report, args.quick)
    limits(report, args.quick)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
