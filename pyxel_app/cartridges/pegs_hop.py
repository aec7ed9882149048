"""A peg jump shown moving: the marble hops in an arc to its hole, and the marble it jumps goes
as the hopper passes over it.

Only a picture: the session has the jump at once; the board draws the position before it (less
the hopper, and the jumped marble once passed) with the hopper where the arc has it, and the true
position again when the hop ends.  No pyxel here.
"""

from __future__ import annotations

from ..rules.pegs import Jump, PegState

HOP_FRAMES = 14
ARC_HEIGHT = 0.6  # the arc's top above the board, in cells
GROW_PX = 2  # the hopper's radius grows by this much at the top: nearer the eye


class Hop:
    """One jump under way, ``frame`` frames in; the hopper sets off from ``start_px`` (its hole, or
    where a drag let it go) and lands on ``dest_px``; ``sounds`` are played as it lands (the end's)."""

    def __init__(self, before: PegState, jump: Jump, start_px: tuple[int, int], dest_px: tuple[int, int],
                 cell_px: int, sounds: tuple[str, ...] = ()) -> None:
        self.before, self.jump, self.sounds = before, jump, sounds
        self.start_px, self.dest_px, self.height = start_px, dest_px, ARC_HEIGHT * cell_px
        self.frame = 0

    @property
    def done(self) -> bool:
        return self.frame >= HOP_FRAMES

    def step(self) -> None:
        self.frame += 1

    @property
    def past_middle(self) -> bool:
        """The hopper has passed over the marble it jumps, which is gone from the board."""
        return 2 * self.frame >= HOP_FRAMES

    def rise(self) -> float:
        """How high the hopper is, 0 on the board to 1 at the arc's top."""
        along = min(1.0, self.frame / HOP_FRAMES)
        return 4 * along * (1 - along)

    def ground(self) -> tuple[int, int]:
        """The pixel under the hopper, on the straight line from start to hole: its shadow's place."""
        along = min(1.0, self.frame / HOP_FRAMES)
        (x0, y0), (x1, y1) = self.start_px, self.dest_px
        return round(x0 + (x1 - x0) * along), round(y0 + (y1 - y0) * along)

    def where(self) -> tuple[int, int]:
        """The hopper's pixel: over its shadow, lifted on the arc (seen from above and in front, so a
        hop reads as one whichever way it goes)."""
        x, y = self.ground()
        return x, round(y - self.height * self.rise())

    def shown_marble(self, cell: tuple[int, int]) -> bool:
        """Whether the board shows a marble standing in ``cell`` now: the position before the jump,
        without the hopper, and without the jumped marble once the hopper is past its middle."""
        if cell == self.jump.start or (cell == self.jump.over and self.past_middle):
            return False
        return self.before.has_marble(cell)
