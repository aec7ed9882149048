"""Games by invite code through a local mosquitto (the repository's configuration on loopback
ports, ``net/local_broker.py``): the delay the broker adds to a move, and a thousand rooms at once.

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

from .. import cli
from .figures import percentiles, quantile, report

PROG = "python -m pyxel_app.bench.broker"
MOVES = 400
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


def move_delays(kind: str, broker_address: str, moves: int, seed: int = 1) -> list[float]:
    """Seconds from a move played on one side to the other side having it, ``moves`` times."""
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < moves:
        ann, bob = pair_over(kind, broker_address)
        while not ann.over and len(samples) < moves:
            mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
            count = len(mover.moves()) + 1
            start = time.perf_counter()
            mover.play(mover.rules.move_to_text(rng.choice(mover.rules.legal_moves(mover.state))))
            until(lambda: other.update() or len(other.moves()) == count)
            samples.append(time.perf_counter() - start)
        ann.net.close()
        bob.net.close()
    return samples


def meetings(broker_address: str, count: int) -> tuple[list[float], list[float]]:
    """Seconds from both sides opening to both playing, ``count`` times; and the CPU seconds of a whole
    modular power (the Diffie-Hellman exchange's unit, ``net/handshake.py``), 50 times."""
    from ..net import handshake

    seconds = []
    for _ in range(count):
        start = time.perf_counter()
        ann, bob = pair_over("broker", broker_address)
        seconds.append(time.perf_counter() - start)
        ann.net.close()
        bob.net.close()
    powers = []
    for _ in range(50):
        exponent = handshake.new_exponent()
        start = time.thread_time()
        handshake.public_value(exponent)
        powers.append(time.thread_time() - start)
    return seconds, powers


def run(report, quick: bool = False) -> None:
    from ..net.local_broker import BrokerMissing, LocalBroker
    from ..shell.netharness import crowd

    with tempfile.TemporaryDirectory() as folder:
        try:
            broker = LocalBroker(folder)
        except BrokerMissing as error:
            report("games by invite code", f"not measured: {error}")
            return
        try:
            moves = MOVES // 4 if quick else MOVES
            direct = move_delays("tcp", broker.address, moves)
            through = move_delays("broker", broker.address, moves)
            report("a move over loopback TCP (one side plays, the other has it)", percentiles(direct))
            report("a move through the local broker", percentiles(through))
            meeting, powers = meetings(broker.address, 5 if quick else 20)
            report("two sides meeting by code (knock, keys, proof, greeting)", percentiles(meeting))
            report("a modular power of the key exchange (CPU; spread over 8 frames)", percentiles(powers))
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
        finally:
            broker.stop()



def build_parser() -> cli.Parser:
    parser = cli.Parser(prog=PROG, description="A move's delay through a local mosquitto, and a thousand rooms at once.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run (100 moves, 100 rooms)")
    return parser


def play(args) -> None:
    run(report, args.quick)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
