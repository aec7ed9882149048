"""The border's loading stripes, for a moment as a cartridge starts: the C64's tape loader flashed
its border in bands of colour while a program came in.

Only the border changes: the cartridge runs under the stripes from its first frame, and any key,
button or click ends them at once and still does its own work, so they never slow play.  Their
bands come from a chance of their own, never the app's, so a seeded game is the same with them.
"""

from __future__ import annotations

import random

import pyxel

from . import palette

STRIPE_FRAMES = 24  # under half a second at 60 frames a second
BAND_PX = (1, 6)  # the thinnest and the widest band
COLOURS = (palette.BLUE, palette.LIGHT_BLUE, palette.CYAN, palette.YELLOW, palette.LIGHT_RED, palette.WHITE,
           palette.PURPLE, palette.LIGHT_GREEN)


class LoadingStripes:
    def __init__(self, seed: int = 64, frames: int = STRIPE_FRAMES) -> None:
        self.frames_left = frames
        self.rng = random.Random(seed)

    @property
    def showing(self) -> bool:
        return self.frames_left > 0

    def update(self, inp) -> None:
        if inp.any_key():
            self.frames_left = 0
        elif self.frames_left:
            self.frames_left -= 1

    def draw(self, width: int, height: int) -> None:
        """New bands across the whole window while they show; the screen drawn over them leaves
        them in the border."""
        y = 0 if self.showing else height
        while y < height:
            band = self.rng.randint(*BAND_PX)
            pyxel.rect(0, y, width, band, self.rng.choice(COLOURS))
            y += band
