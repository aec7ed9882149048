"""Frames under a flood from the other side: two headless apps play, on the LAN (real loopback TCP)
or by invite code (a local mosquitto), while the joiner's way also carries a flood of PINGs, of
lines that are the protocol but refused (a move that is not due) or of garbage.

The flooder keeps ``FLOOD_BYTES`` on its way, topped up every frame (the LAN's sockets push back
when the host reads less; a room delivers all and the host cuts off more than it holds).  The
figure is the host's frames' CPU time (this thread's, update and draw), with what the flooder
got back, whether the game played on and how the host's link ended.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .figures import percentiles
from .frames import TimedApp, headless_app

LOOPBACK = "127.0.0.1"
FRAME_LIMIT_S = 1 / 60
FLOOD_BYTES = 16 * 1024
FLOODS = {"PING": b"PING\n", "data": b"MOVE 99999 4\n", "garbage": b"\x01 no protocol \x02\n"}
SETTLE_FRAMES = 3000


@dataclass
class Flooded:
    cpu: list[float] = field(default_factory=list)  # the host's frames while flooded, seconds of CPU
    frames: int = 0
    sent: int = 0  # flood lines the flooder put on its way
    replies: dict[str, int] = field(default_factory=dict)  # lines the flooder got back, by verb
    moves: int = 0  # moves played during the flood
    ended: str = ""  # "" while the game plays on, else why the host's link ended

    @property
    def worst(self) -> float:
        return max(self.cpu, default=0.0)


def meet(way: str, broker: str, seed: int):
    """Two headless apps playing connect4 with each other: (host app, host, joiner app, joiner)."""
    from ..shell.netplay import HOST, JOIN
    from ..shell.setup_base import MODE_CODE_HOST, MODE_CODE_JOIN

    apps = [headless_app(seed + side, network=True) for side in range(2)]
    for app in apps:
        app.overlays.clear()
        app.open_cartridge("connect4")
        app.update()
    host, join = (app.cartridge for app in apps)
    if way == "code":
        host.net_options["broker"] = broker
        host.start_hosting_by_code()
        join.start_network(MODE_CODE_JOIN, f"{host.net.code}@{broker}", 0, "Bob")
        host.mode = MODE_CODE_HOST
    else:
        host.net_options.update(host=LOOPBACK, port=0)
        host.start_network(HOST, LOOPBACK, 0, "Ann")
        join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    for _ in range(SETTLE_FRAMES):
        for app in apps:
            app.update()
        if all(cart.session is not None and cart.net.playing for cart in (host, join)):
            return apps[0], host, apps[1], join
    raise RuntimeError(f"{way}: the two apps did not meet")


def flood(kind: str, way: str, frames: int, broker: str = "", flood_bytes: int = FLOOD_BYTES,
          seed: int = 1) -> Flooded:
    """``frames`` frames of the host while the joiner's way carries a flood of ``kind`` (``FLOODS``)."""
    from ..shell.harness import Driver
    from ..shell.netharness import count_replies

    host_app, host, join_app, join = meet(way, broker, seed)
    rng = random.Random(seed)
    line = FLOODS[kind]
    result = Flooded()
    link = join.net.link
    count_replies(link, result.replies)
    timed = TimedApp(host_app)
    driver = Driver(timed)
    start_moves = host.session.move_count
    for _ in range(frames):
        if not link.closed and len(link.stream.out) < flood_bytes:
            lines = (flood_bytes - len(link.stream.out)) // len(line)
            link.stream.write(line * lines)
            result.sent += lines
        driver.frame()
        join_app.update()
        for cart in (host, join):
            if (cart.net.playing and not cart.over and cart.seat_to_move() == cart.net.local
                    and not cart.view.busy(cart.ui)):
                cart.person_move(cart.rules.move_to_text(rng.choice(cart.rules.legal_moves(cart.state))))
        if host.over:
            host.net.stage = "playing"  # a game over still polls: the flood goes on against the same link
    result.cpu, result.frames = timed.cpu_samples, frames
    result.moves = host.session.move_count - start_moves
    result.ended = "" if host.net.connected else (host.net.problem or "closed")
    for app in (host_app, join_app):
        app.cartridge.close()
    return result


def describe(result: Flooded) -> str:
    late = sum(1 for sample in result.cpu if sample > FRAME_LIMIT_S)
    replies = ", ".join(f"{count} {verb}" for verb, count in sorted(result.replies.items())) or "nothing"
    return (f"CPU {percentiles(result.cpu)}, {late} of {result.frames} frames over {FRAME_LIMIT_S * 1000:.1f} ms; "
            f"{result.sent} lines sent, {replies} back; {result.moves} moves played; "
            + (f"link cut: {result.ended}" if result.ended else "the game plays on"))


def run(report, quick: bool = False) -> None:
    from .broker import local_broker

    frames = 120 if quick else 600
    for kind in FLOODS:
        report(f"host's frames under a {kind} flood on the LAN (16 KiB kept on the way)", describe(flood(kind, "lan", frames)))
    with local_broker(report, "frames under a flood by invite code") as broker:
        for kind in FLOODS if broker is not None else ():
            report(f"host's frames under a {kind} flood by invite code (16 KiB a frame)",
                   describe(flood(kind, "code", frames, broker.address)))
