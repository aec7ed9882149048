"""A draughts move shown moving: the piece slides along its path, a capture leg by leg, and each
piece it takes goes as it is passed.

Only a picture: the session has the move at once, and the board view draws the position before
it (less the moving piece and the pieces passed) with the piece where the slide has it.  When the
slide ends the view draws the true position again.  No pyxel here: a test can follow a slide
frame by frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.draughts import Draughts, Move, square_xy, squares_of, xy_square

# Frames of one leg: a pause-free start and landing, plus a little more for each square flown.
LEG_FRAMES, FRAMES_PER_SQUARE = 6, 2


@dataclass(frozen=True)
class Leg:
    start: tuple[int, int]  # board cells (x, y), y down
    end: tuple[int, int]
    first_frame: int
    frames: int
    taken: tuple[tuple[int, int], ...]  # (square index, squares from the leg's start) of the pieces it jumps

    @property
    def squares(self) -> int:
        return abs(self.end[0] - self.start[0])


def legs_of(move: Move) -> tuple[Leg, ...]:
    """The move's legs, one per landing, with the pieces each one takes."""
    captured, legs, frame = set(squares_of(move.captured)), [], 0
    for a, b in zip(move.path, move.path[1:]):
        (x0, y0), (x1, y1) = square_xy(a), square_xy(b)
        squares = abs(x1 - x0)
        dx, dy = (x1 - x0) // squares, (y1 - y0) // squares
        on_the_way = ((xy_square(x0 + k * dx, y0 + k * dy), k) for k in range(1, squares))
        taken = tuple((square, k) for square, k in on_the_way if square in captured)
        frames = LEG_FRAMES + FRAMES_PER_SQUARE * squares
        legs.append(Leg((x0, y0), (x1, y1), frame, frames, taken))
        frame += frames
    return tuple(legs)


def eased(progress: float) -> float:
    """Slow off, fast between, slow in: each landing reads as one."""
    return progress * progress * (3 - 2 * progress)


class Slide:
    """One move under way on screen, ``frame`` frames in."""

    def __init__(self, before: Draughts, move: Move, crowned: bool = False) -> None:
        self.before, self.move, self.crowned = before, move, crowned
        self.piece = before.piece_at(move.start)  # (side, king) as it sets off; a crown shows at the end
        self.taken = len(squares_of(move.captured))
        self.taken_heard = 0  # the pieces passed whose sound has played
        self.legs = legs_of(move)
        self.frames = self.legs[-1].first_frame + self.legs[-1].frames
        self.frame = 0

    @property
    def done(self) -> bool:
        return self.frame >= self.frames

    def step(self) -> None:
        self.frame += 1

    def leg_now(self) -> tuple[Leg, float]:
        """The leg under way and how far along it the piece is (0 to 1, eased)."""
        for leg in self.legs:
            if self.frame < leg.first_frame + leg.frames:
                return leg, eased(max(0, self.frame - leg.first_frame) / leg.frames)
        return self.legs[-1], 1.0

    def where(self) -> tuple[float, float]:
        """The moving piece's place in board cells (x, y), between two landings."""
        leg, along = self.leg_now()
        (x0, y0), (x1, y1) = leg.start, leg.end
        return x0 + (x1 - x0) * along, y0 + (y1 - y0) * along

    def gone(self) -> set[int]:
        """The squares whose taken pieces the moving piece has passed."""
        current, along = self.leg_now()
        gone = set()
        for leg in self.legs:
            if leg.first_frame > current.first_frame:
                break
            reached = leg.squares if leg is not current else along * leg.squares
            gone.update(square for square, k in leg.taken if k <= reached)
        return gone

    def standing(self) -> list[tuple[int, tuple[int, bool]]]:
        """(square, piece) of the pieces that stand still: the position before the move, less the
        moving piece and the pieces passed."""
        hidden = self.gone() | {self.move.start}
        pieces = ((square, self.before.piece_at(square)) for square in range(50) if square not in hidden)
        return [(square, piece) for square, piece in pieces if piece is not None]
