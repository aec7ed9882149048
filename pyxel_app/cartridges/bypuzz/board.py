"""Drawing ByPuzz's boards: the big board with number or picture tiles, and the mini previews.

The big board sits on the 40x25 character grid: tiles of 5x3 characters inside
line-drawn grid lines, so one tile is a 6x4 step of character cells.
"""

from __future__ import annotations

import pyxel

from ...rules.fifteen import CELLS, GAP, SIZE
from ...rules.records import SLIDE_ARROWS
from ...shell import palette, ui

TILE_W, TILE_H = 6, 4  # character cells per tile, grid line included
BOARD_COL, BOARD_ROW = 13, 4  # right of the title box and the side column, one blank column each side
BOARD_X, BOARD_Y = BOARD_COL * ui.CELL, BOARD_ROW * ui.CELL
FACE_W, FACE_H = (TILE_W - 1) * ui.CELL, (TILE_H - 1) * ui.CELL

# Picture tiles: (bank, u, v) of 160x96 pictures in resources.pyxres (tools/make_resources.py
# draws them there); tile t shows the part of the picture at t's cell in the target.
PICTURE_W, PICTURE_H = SIZE * FACE_W, SIZE * FACE_H
PICTURES = ((1, 0, 0), (1, 0, 96), (2, 0, 0))
TILE_STYLES = ("numbers", "picture1", "picture2", "picture3")

# Mini previews: one 8x8 cell per tile, coloured by the tile's row in the standard order.
MINI_CELL = 8
MINI_SIZE = SIZE * MINI_CELL
MINI_COLOURS = (palette.YELLOW, palette.LIGHT_GREEN, palette.CYAN, palette.LIGHT_RED)


def cell_origin(cell: int) -> tuple[int, int]:
    """Top-left pixel of a cell's tile face."""
    return (BOARD_X + (cell % SIZE) * TILE_W * ui.CELL + ui.CELL, BOARD_Y + (cell // SIZE) * TILE_H * ui.CELL + ui.CELL)


def cell_under(x: int, y: int) -> int | None:
    """The board cell under a screen pixel, or None off the board."""
    col, row = (x - BOARD_X) // (TILE_W * ui.CELL), (y - BOARD_Y) // (TILE_H * ui.CELL)
    if x < BOARD_X or y < BOARD_Y or col >= SIZE or row >= SIZE:
        return None
    return row * SIZE + col


def picture_number(style: str) -> int | None:
    return int(style[len("picture"):]) - 1 if style.startswith("picture") else None


def tile_colour(tile: int) -> int:
    """A number tile's face, as in the thumbnails: one colour per row of the standard order."""
    return MINI_COLOURS[(tile - 1) // SIZE]


def draw_board(
    tiles: tuple[int, ...],
    goal: tuple[int, ...],
    style: str = "numbers",
    colours: dict[int, int] | None = None,
    gap_colour: int = palette.BACKGROUND,
    offsets: dict[int, tuple[int, int]] | None = None,
    mark: tuple[int, str] | None = None,
) -> None:
    """The whole board; ``colours`` gives some cells a face colour of their own (blink, hint);
    ``offsets`` draws the tiles of some cells that far from their cell, on their way in; ``mark``
    (a cell, an arrow) marks the last move in the gap it left (:func:`slide_mark`)."""
    colours = colours or {}
    offsets = offsets or {}
    goal_cell = {tile: cell for cell, tile in enumerate(goal)}
    pyxel.rect(BOARD_X, BOARD_Y, GRID_W * ui.CELL, GRID_H * ui.CELL, palette.BLACK)
    for cell in range(CELLS):
        x, y = cell_origin(cell)
        if tiles[cell] == 0 or cell in offsets:
            pyxel.rect(x, y, FACE_W, FACE_H, gap_colour)
        else:
            draw_face(x, y, tiles[cell], goal_cell[tiles[cell]], style, colours.get(cell))
    if mark is not None:
        x, y = cell_origin(mark[0])
        ui.text(x + (FACE_W - ui.CELL) // 2 + 1, y + ui.CELL, mark[1], palette.TEXT)
    for cell, (dx, dy) in offsets.items():
        x, y = cell_origin(cell)
        draw_face(x + dx, y + dy, tiles[cell], goal_cell[tiles[cell]], style, colours.get(cell))
    for row, line in enumerate(GRID_LINES):
        ui.text(BOARD_X, BOARD_Y + row * ui.CELL, line, palette.GREY)


def slide_mark(tiles: tuple[int, ...], tile: int | None) -> tuple[int, str] | None:
    """The mark of the last move, the tile ``tile`` (None: none): the gap it left, and the arrow of
    the way it slid, pointing at it."""
    if tile is None:
        return None
    gap = tiles.index(GAP)
    return gap, SLIDE_ARROWS[tiles.index(tile) - gap]


def draw_face(x: int, y: int, tile: int, home: int, style: str, colour: int | None) -> None:
    """One tile's face at pixel (x, y): a number in a PETSCII frame, or its part of a picture."""
    picture = picture_number(style)
    label = str(tile)
    if picture is None:
        face = tile_colour(tile) if colour is None else colour
        pyxel.rect(x, y, FACE_W, FACE_H, face)
        for row, line in enumerate(FACE_FRAME):
            ui.text(x, y + row * ui.CELL, line, palette.BLUE)
        ui.text(x + (FACE_W - len(label) * ui.CELL) // 2 + 1, y + ui.CELL, label, palette.legible(palette.BLUE, face))
        return
    bank, u, v = PICTURES[picture]
    pyxel.blt(x, y, bank, u + (home % SIZE) * FACE_W, v + (home // SIZE) * FACE_H, FACE_W, FACE_H)
    if colour is not None:
        pyxel.rectb(x, y, FACE_W, FACE_H, colour)
        pyxel.rectb(x + 1, y + 1, FACE_W - 2, FACE_H - 2, colour)
    pyxel.rect(x + 1, y + 1, len(label) * 4 + 1, 7, palette.BLACK)
    pyxel.text(x + 2, y + 2, label, palette.WHITE)


def draw_mini(x: int, y: int, target: tuple[int, ...], frame: int | None = None) -> None:
    """A 32x32 preview of a target: coloured blocks with the tile number in hex (A-F for 10-15)."""
    if frame is not None:
        pyxel.rectb(x - 2, y - 2, MINI_SIZE + 3, MINI_SIZE + 3, frame)
    for cell, tile in enumerate(target):
        cx, cy = x + (cell % SIZE) * MINI_CELL, y + (cell // SIZE) * MINI_CELL
        if tile == 0:
            pyxel.rect(cx, cy, MINI_CELL - 1, MINI_CELL - 1, palette.BLACK)
            continue
        pyxel.rect(cx, cy, MINI_CELL - 1, MINI_CELL - 1, tile_colour(tile))
        pyxel.text(cx + 2, cy + 1, f"{tile:X}", palette.BLACK)


def draw_mini_random(x: int, y: int, frame: int | None = None) -> None:
    """The "random" choice: a grey board with a big question mark."""
    if frame is not None:
        pyxel.rectb(x - 2, y - 2, MINI_SIZE + 3, MINI_SIZE + 3, frame)
    for cell in range(CELLS):
        cx, cy = x + (cell % SIZE) * MINI_CELL, y + (cell // SIZE) * MINI_CELL
        pyxel.rect(cx, cy, MINI_CELL - 1, MINI_CELL - 1, palette.GREY if (cell + cell // SIZE) % 2 else palette.DARK_GREY)
    ui.text(x + 12, y + 12, "?", palette.WHITE)


def _grid_char(col: int, row: int, width: int, height: int) -> str:
    on_v, on_h = col % TILE_W == 0, row % TILE_H == 0
    if not (on_v or on_h):
        return ""
    if on_v and not on_h:
        return "│"
    if on_h and not on_v:
        return "─"
    top, bottom, left, right = row == 0, row == height - 1, col == 0, col == width - 1
    if top:
        return "┌" if left else "┐" if right else "┬"
    if bottom:
        return "└" if left else "┘" if right else "┴"
    return "├" if left else "┤" if right else "┼"


FACE_FRAME = ("╔═══╗", "║   ║", "╚═══╝")  # PETSCII double lines round a number tile's face
GRID_W, GRID_H = SIZE * TILE_W + 1, SIZE * TILE_H + 1
GRID_LINES = ["".join(_grid_char(col, row, GRID_W, GRID_H) or " " for col in range(GRID_W)) for row in range(GRID_H)]
