"""Connect 4 frame times while the computer thinks: the real cartridge, driven headless.

``ai/connect4_bench.py`` calls this for ``python -m pyxel_app bench``; it lives here
because the ``ai`` package never imports Pyxel.  The human's seat is played by the
Medium level straight into the cartridge (so games reach the middle game), the top
level answers, and every frame in which a search is under way is timed: update +
draw, ``pyxel.flip()`` excluded, as in ``pyxel_app/bench.py``.  Games alternate who
starts, as the cartridge does.
"""

from __future__ import annotations

import random
import time

import pyxel

from .ai.connect4 import Connect4Search
from .bench import headless_app
from .cartridges import connect4 as c4

HUMAN_LEVEL = "medium"


def thinking_frame_times(games: int = 2, seed: int = 5, level: str = "perfect",
                         max_frames: int | None = None) -> tuple[list[float], float]:
    """(seconds of update + draw of every thinking frame, think budget in ms a frame)."""
    app = headless_app(seed)
    app.open_cartridge(c4.Connect4Cartridge)
    cart = app.cartridge
    cart.mode, cart.level = c4.MODE_COMPUTER, level
    cart.names, cart.colours = ["", ""], ["red", "yellow"]
    rng = random.Random(seed)
    samples: list[float] = []
    for game in range(games):
        cart.new_game(other_side_starts=game > 0)
        while (not cart.over or cart.falling) and (max_frames is None or len(samples) < max_frames):
            thinking = cart.search is not None
            start = time.perf_counter()
            app.update()
            app.draw()
            spent = time.perf_counter() - start
            pyxel.flip()
            if thinking or cart.search is not None:
                samples.append(spent)
            if not cart.over and cart.falling is None and cart.search is None and not cart.computer_to_move():
                cart.drop(Connect4Search(cart.state, HUMAN_LEVEL, rng=rng).run())
    app.leave_cartridge(ask=False)
    return samples, c4.THINK_MS_PER_FRAME
