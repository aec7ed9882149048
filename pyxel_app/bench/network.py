"""Frames during a network game: two apps in this process play each other over loopback TCP.

Each app stands for one computer; the figure is the update+draw time of each app's own
frames (``pyxel.flip`` excluded), with the sockets polled in every update as in play.  The
people move after a few frames of "thinking", so the frames in between (waiting for the
other player, keep-alive) are timed too.
"""

from __future__ import annotations

import random

from .figures import percentiles, quantile
from .frames import TimedApp, headless_app

LOOPBACK = "127.0.0.1"
FRAME_LIMIT_S = 1 / 60
MAX_FRAMES_PER_GAME = 20_000


def network_frame_times(key: str, games: int, seed: int = 1) -> list[float]:
    from ..shell.harness import Driver
    from ..shell.netplay import HOST, JOIN

    rng = random.Random(seed)
    samples: list[float] = []
    for _ in range(games):
        apps = [headless_app(rng.randrange(2**32), network=True) for _ in range(2)]
        for app in apps:
            app.overlays.clear()
            app.open_cartridge(key)
            app.update()
        host, join = (app.cartridge for app in apps)
        host.net_options.update(host=LOOPBACK, port=0)
        host.start_network(HOST, LOOPBACK, 0, "Ann")
        join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
        timed = [TimedApp(app) for app in apps]
        drivers = [Driver(t) for t in timed]
        pause = [0, 0]
        for _ in range(MAX_FRAMES_PER_GAME):
            for side, (cart, driver) in enumerate(zip((host, join), drivers)):
                driver.frame()
                ready = (cart.session is not None and cart.net.playing and not cart.over
                         and cart.seat_to_move() == cart.net.local and not cart.view.busy(cart.ui))
                if ready:
                    pause[side] += 1
                    if pause[side] > rng.randrange(5, 40):
                        pause[side] = 0
                        cart.person_move(cart.rules.move_to_text(rng.choice(cart.rules.legal_moves(cart.state))))
            if host.session is not None and host.over and join.over:
                break
        else:
            raise RuntimeError(f"{key}: the network game did not end in {MAX_FRAMES_PER_GAME} frames")
        if host.session.move_texts() != join.session.move_texts():
            raise RuntimeError(f"{key}: the two sides' games differ")
        for app in apps:
            app.cartridge.close()
        samples += timed[0].samples + timed[1].samples
    return samples


def run(report, quick: bool = False) -> None:
    from ..games import GAMES

    for spec in GAMES:
        if spec.is_match and spec.rules.players == 2:
            samples = network_frame_times(spec.key, 1 if quick else 5)
            late = sum(1 for sample in samples if sample > FRAME_LIMIT_S)
            report(f"{spec.key} update+draw during a network game (loopback, both sides)",
                   f"{percentiles(samples)}, {late} over {FRAME_LIMIT_S * 1000:.1f} ms; "
                   f"p99 {'within' if quantile(samples, 0.99) <= FRAME_LIMIT_S else 'OVER'} a 60 fps frame")
