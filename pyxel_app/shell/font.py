"""The project's own 8x8 font, handed to Pyxel as a BDF font built from ``glyphs.GLYPHS``.

Pyxel draws BDF fonts natively (any Unicode character, any colour), so the font
costs nothing per frame; the BDF text is generated at start-up and written to a
temporary file because ``pyxel.Font`` reads from a path (MEMFS on the web).
"""

from __future__ import annotations

import os
import tempfile

from .glyphs import GLYPHS

CELL = 8


def glyph_bytes(rows: tuple[str, ...]) -> list[int]:
    return [int(row.replace("#", "1").replace(".", "0"), 2) for row in rows]


def bdf_text(glyphs: dict[str, tuple[str, ...]] = GLYPHS) -> str:
    lines = [
        "STARTFONT 2.1",
        "FONT -bypuzz-c64ish-medium-r-normal--8-80-75-75-c-80-iso10646-1",
        "SIZE 8 75 75",
        "FONTBOUNDINGBOX 8 8 0 0",
        "STARTPROPERTIES 2",
        "FONT_ASCENT 8",
        "FONT_DESCENT 0",
        "ENDPROPERTIES",
        f"CHARS {len(glyphs)}",
    ]
    for char, rows in sorted(glyphs.items(), key=lambda item: ord(item[0])):
        lines += [
            f"STARTCHAR U+{ord(char):04X}",
            f"ENCODING {ord(char)}",
            "SWIDTH 500 0",
            "DWIDTH 8 0",
            "BBX 8 8 0 0",
            "BITMAP",
        ]
        lines += [f"{value:02X}" for value in glyph_bytes(rows)]
        lines.append("ENDCHAR")
    lines.append("ENDFONT")
    return "\n".join(lines) + "\n"


def load_font(glyphs: dict[str, tuple[str, ...]] = GLYPHS):
    import pyxel

    handle, path = tempfile.mkstemp(suffix=".bdf", prefix="bypuzz-font-")
    try:
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(bdf_text(glyphs))
        return pyxel.Font(path)
    finally:
        os.unlink(path)
