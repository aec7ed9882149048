"""Write pyxel_app/resources.pyxres: the mouse pointer, the SID-like sound effects and ByPuzz's pictures.

Run from the repository root: ``python tools/make_resources.py``.  The file
stays editable with ``pyxel edit pyxel_app/resources.pyxres``; rerunning this script
overwrites hand edits, so edit one or the other.

Image bank 0 holds the pointer at (0, 0).  ByPuzz's picture tiles are 160x96
(four tiles of 40x24 across and down, the size of a tile's face on the board),
drawn here in C64 colours with chunky shapes; their places must match
``PICTURES`` in ``pyxel_app/cartridges/bypuzz/board.py``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyxel

from pyxel_app.shell.sounds import SLOTS

POINTER = (
    "1.......",
    "11......",
    "1f1.....",
    "1ff1....",
    "1fff1...",
    "1ff11...",
    "1.11....",
    "........",
)

# (notes, tones, volumes, effects, speed) of each effect, under its name in the app's table of
# sounds (pyxel_app/shell/sounds.py), which says which slot holds it.  Notes run C0-B4 (A2 is
# 440 Hz); tones T triangle, S square, P pulse, N noise; effects N none, S slide, V vibrato,
# F fade out; a note lasts speed/120 s.  Every effect sounds about as loud as the others (a
# square is quieter than a triangle at one volume, a pulse quieter still) and ends in a soft note that
# fades out, and noise in a rest too (its held level dies away): tests/test_sound_renders.py
# measures both.  The music is MML in pyxel_app/shell/tunes.py: Pyxel
# saves no MML in a resource file.
SOUNDS = {
    "cursor": ("g3g3", "t", "41", "nf", 3),  # a soft tick
    "refused": ("f1c1c1", "s", "771", "nnf", 8),  # a low square buzz
    "select": ("c3g3g3", "s", "772", "nnf", 4),  # up a fifth, quickly
    "hint": ("e3g3b3b3", "t", "3331", "nnnf", 5),  # three rising triangle notes
    "message": ("a3e4e4", "t", "431", "nnf", 8),  # a two-tone bell: read me
    "your_turn": ("g2c3c3", "s", "772", "nnf", 10),  # up a fourth, calmly: over to you
    "pass": ("d2d2rd2d2", "s", "71071", "nfnnf", 7),  # two level beeps: nothing happens
    "best": ("c3e3g3c4e4g4g4", "s", "7777772", "nnnnnnf", 4),  # a sparkling major run
    "game_over": ("g1e1c1c1", "t", "3331", "nnnf", 14),  # three low falling notes
    "puzzle_solved": ("g2c3e3g3c4c4c4", "s", "7777772", "nnnnvnf", 6),  # a rising run that rings out
    "slide": ("c3e3e3", "s", "772", "snf", 4),  # a tile glides
    "blink": ("a3a3", "t", "41", "nf", 6),  # a tile in place blinks
    "shuffle": ("c2c3rr", "nttt", "6100", "nfnn", 3),  # a tap of noise
    "drop": ("c4g3d3a2a2", "t", "33331", "sssnf", 4),  # a falling whistle
    "land": ("f2c1c1c1r", "tnnnn", "53310", "nnnfn", 5),  # a click and a thud
    "place": ("a3c1c1c1", "nt", "4411", "nnnf", 3),  # a bright click and a soft knock
    "flip": ("g3c4c4", "s", "772", "snf", 2),  # a quick upward tick
    "move": ("d2d1d1c3r", "snntt", "75310", "nnfnn", 3),  # a wooden clack
    "capture": ("a3e3a2a2", "s", "7772", "ssnf", 3),  # knocked off the board
    "crown": ("c3e3g3c4g3c4c4", "t", "3333331", "nnnnnnf", 5),  # a chime
    "pick": ("e2b2b2", "t", "341", "snf", 3),  # a little lift
    "jump": ("c2g2d3a2a2", "t", "33331", "sssnf", 7),  # up and over
    "remove": ("c4c2c3r", "sntt", "7710", "nfnn", 3),  # a pop
    "dead_end": ("g1c1c1", "s", "772", "nnf", 16),  # two low clunks
}

PICTURE_W, PICTURE_H = 160, 96
# (bank, u, v) of each picture: balloon, lighthouse, rocket.
PICTURES = ((1, 0, 0), (1, 0, 96), (2, 0, 0))

BLACK, WHITE, RED, CYAN, PURPLE, GREEN, BLUE, YELLOW = range(8)
ORANGE, BROWN, LIGHT_RED, DARK_GREY, GREY, LIGHT_GREEN, LIGHT_BLUE, LIGHT_GREY = range(8, 16)


def balloon(img, u, v):
    """A hot-air balloon over green hills, under a light blue sky with clouds."""
    img.rect(u, v, PICTURE_W, PICTURE_H, LIGHT_BLUE)
    img.rect(u, v, PICTURE_W, 20, CYAN)
    for cx, cy in ((24, 22), (126, 14), (140, 40)):
        img.elli(u + cx - 14, v + cy - 5, 28, 10, WHITE)
        img.elli(u + cx - 6, v + cy - 9, 16, 10, WHITE)
    img.elli(u - 40, v + 70, 130, 60, GREEN)
    img.elli(u + 60, v + 76, 140, 60, LIGHT_GREEN)
    img.rect(u, v + 88, PICTURE_W, 8, GREEN)
    cx, cy, r = u + 80, v + 34, 26
    img.circ(cx, cy, r, RED)
    for dx in (-17, 0, 17):
        img.elli(cx + dx - 5, cy - r + 1, 10, 2 * r - 2, YELLOW if dx == 0 else ORANGE)
    img.tri(cx - 22, cy + 13, cx + 22, cy + 13, cx, cy + 40, RED)
    img.tri(cx - 6, cy + 20, cx + 6, cy + 20, cx, cy + 40, YELLOW)
    img.line(cx - 9, cy + 32, cx - 7, cy + 46, BLACK)
    img.line(cx + 9, cy + 32, cx + 7, cy + 46, BLACK)
    img.rect(cx - 8, cy + 45, 16, 10, BROWN)
    img.rect(cx - 8, cy + 45, 16, 2, ORANGE)


def lighthouse(img, u, v):
    """A striped lighthouse on a rock by the sea at sunset."""
    bands = (PURPLE, LIGHT_RED, ORANGE, YELLOW)
    for i, colour in enumerate(bands):
        img.rect(u, v + i * 14, PICTURE_W, 14, colour)
    img.circ(u + 118, v + 56, 16, WHITE)
    img.circ(u + 118, v + 56, 14, YELLOW)
    img.rect(u, v + 58, PICTURE_W, 38, BLUE)
    for y in range(62, 96, 6):
        for x in range((y * 7) % 20, PICTURE_W, 24):
            img.rect(u + x, v + y, 10, 1, LIGHT_BLUE)
    img.rect(u + 100, v + 58, 36, 2, YELLOW)
    img.elli(u + 10, v + 66, 70, 34, DARK_GREY)
    img.elli(u + 20, v + 70, 40, 20, GREY)
    left, top, width = u + 36, v + 20, 18
    for i in range(5):
        img.rect(left - i // 2, top + i * 10, width + i, 10, RED if i % 2 == 0 else WHITE)
    img.rect(left + 2, top - 10, width - 4, 10, YELLOW)
    img.rect(left + 5, top - 8, 2, 6, BLACK)
    img.rect(left + 11, top - 8, 2, 6, BLACK)
    img.tri(left - 2, top - 10, left + width + 1, top - 10, left + width // 2, top - 19, RED)
    img.tri(left + width + 2, top - 8, PICTURE_W + u - 40, top - 18, PICTURE_W + u - 40, top + 2, YELLOW)
    img.rect(left + 6, top + 24, 6, 8, BLACK)


def rocket(img, u, v):
    """A rocket climbing past the moon into a starry night."""
    img.rect(u, v, PICTURE_W, PICTURE_H, BLACK)
    for i in range(60):
        x, y = (i * 53 + 17) % PICTURE_W, (i * 37 + 5) % PICTURE_H
        img.pset(u + x, v + y, WHITE if i % 3 else LIGHT_GREY)
        if i % 7 == 0:
            img.pset(u + x + 1, v + y, WHITE)
            img.pset(u + x, v + y + 1, WHITE)
    img.circ(u + 32, v + 28, 18, LIGHT_GREY)
    img.circ(u + 26, v + 22, 5, GREY)
    img.circ(u + 40, v + 34, 4, GREY)
    img.circ(u + 30, v + 38, 3, GREY)
    img.elli(u - 10, v + 82, 180, 40, PURPLE)
    img.elli(u + 90, v + 86, 100, 30, DARK_GREY)
    cx = u + 104
    img.rect(cx - 9, v + 22, 18, 44, WHITE)
    img.rect(cx - 9, v + 22, 4, 44, LIGHT_GREY)
    img.tri(cx - 9, v + 22, cx + 8, v + 22, cx, v + 4, RED)
    img.circ(cx, v + 36, 5, BLUE)
    img.circ(cx, v + 36, 3, CYAN)
    img.rect(cx - 9, v + 50, 18, 3, RED)
    img.tri(cx - 9, v + 50, cx - 9, v + 66, cx - 18, v + 68, RED)
    img.tri(cx + 8, v + 50, cx + 8, v + 66, cx + 17, v + 68, RED)
    img.tri(cx - 7, v + 66, cx + 6, v + 66, cx, v + 90, ORANGE)
    img.tri(cx - 4, v + 66, cx + 3, v + 66, cx, v + 80, YELLOW)


DRAWINGS = (balloon, lighthouse, rocket)


def main() -> None:
    pyxel.init(64, 64, headless=True)
    image = pyxel.images[0]
    image.cls(0)
    for y, row in enumerate(POINTER):
        for x, ch in enumerate(row):
            if ch != ".":
                image.pset(x, y, int(ch, 16))
    for bank in {bank for bank, _, _ in PICTURES}:
        pyxel.images[bank].cls(0)
    for draw, (bank, u, v) in zip(DRAWINGS, PICTURES):
        img = pyxel.images[bank]
        img.clip(u, v, PICTURE_W, PICTURE_H)
        draw(img, u, v)
        img.clip()
    if set(SOUNDS) != set(SLOTS):
        raise SystemExit(f"the sounds here and the table's slots differ: {sorted(set(SOUNDS) ^ set(SLOTS))}")
    for name, (notes, tones, volumes, effects, speed) in SOUNDS.items():
        pyxel.sounds[SLOTS[name]].set(notes, tones, volumes, effects, speed)
    out = Path(__file__).resolve().parent.parent / "pyxel_app" / "resources.pyxres"
    pyxel.save(str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
