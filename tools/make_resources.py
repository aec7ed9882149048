"""Write resources.pyxres: the mouse pointer and the SID-like sound effects.

Run from the repository root: ``python tools/make_resources.py``.  The file
stays editable with ``pyxel edit resources.pyxres``; rerunning this script
overwrites hand edits, so edit one or the other.
"""

from pathlib import Path

import pyxel

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

# (notes, tones, volumes, effects, speed): slide, refused, check blink, success jingle, menu move, select
SOUNDS = (
    ("c3e3", "p", "64", "s", 4),
    ("f1c1", "s", "6", "n", 8),
    ("a3", "t", "5", "f", 6),
    ("c3e3g3c4e4g4c4", "p", "6", "n", 7),
    ("g3", "t", "4", "f", 3),
    ("c3g3", "p", "5", "f", 4),
)


def main() -> None:
    pyxel.init(64, 64, headless=True)
    image = pyxel.images[0]
    image.cls(0)
    for y, row in enumerate(POINTER):
        for x, ch in enumerate(row):
            if ch != ".":
                image.pset(x, y, int(ch, 16))
    for number, (notes, tones, volumes, effects, speed) in enumerate(SOUNDS):
        pyxel.sounds[number].set(notes, tones, volumes, effects, speed)
    out = Path(__file__).resolve().parent.parent / "resources.pyxres"
    pyxel.save(str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
