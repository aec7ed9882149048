"""ByPuzz, the C64 15-puzzle: the board screen.

The rules live in ``rules/fifteen.py``; this file keeps only what the player
sees and touches: the board drawing, the direction keys, mouse slides and the
move counter (which is the session's).
"""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from ..rules.fifteen import CELLS, DOWN, LEFT, RIGHT, RULES, SIZE, STANDARD_GOAL, UP, Fifteen
from ..session import Session
from ..shell import palette, ui
from ..shell.strings import t
from .base import Cartridge

SHUFFLE_MOVES = 80
TILE_W, TILE_H = 6, 4  # character cells per tile, grid line included
BOARD_COL, BOARD_ROW = 7, 4
BOARD_X, BOARD_Y = BOARD_COL * ui.CELL, BOARD_ROW * ui.CELL
DIRECTIONS = {Action.UP: UP, Action.DOWN: DOWN, Action.LEFT: LEFT, Action.RIGHT: RIGHT}
SOUND_SLIDE, SOUND_REFUSED, SOUND_SOLVED = 0, 1, 3


class ByPuzz(Cartridge):
    key = "bypuzz"
    rules = RULES

    def __init__(self, app) -> None:
        super().__init__(app)
        self.goal = STANDARD_GOAL
        self.shuffle_moves = SHUFFLE_MOVES

    @classmethod
    def draw_preview(cls, x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        for cell, tile in enumerate(STANDARD_GOAL):
            if tile:
                cx, cy = x + 1 + (cell % SIZE) * 12, y + 1 + (cell // SIZE) * 8
                pyxel.rect(cx, cy, 10, 6, palette.LIGHT_BLUE if (cell // SIZE) % 2 else palette.CYAN)

    def new_game(self, shuffle_moves: int | None = None) -> None:
        moves = self.shuffle_moves if shuffle_moves is None else shuffle_moves
        start = RULES.shuffled(self.goal, moves, self.app.rng)
        self.session = Session(RULES, start, {"goal": ",".join(map(str, self.goal))})
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str]) -> Fifteen:
        from ..rules.fifteen import arrangement_from_text, is_solvable

        goal = arrangement_from_text(meta["goal"], "goal") if "goal" in meta else STANDARD_GOAL
        tiles = arrangement_from_text(text)
        if not is_solvable(tiles, goal):
            raise ValueError("this position cannot reach its goal")
        self.goal = goal
        return Fifteen(tiles, goal)

    @property
    def state(self) -> Fifteen:
        return self.session.state

    @property
    def solved(self) -> bool:
        return self.session.outcome is not None

    def play_tiles(self, tiles: list[int]) -> None:
        for tile in tiles:
            self.session.play(tile)
        self.app.sound(SOUND_SOLVED if self.solved else SOUND_SLIDE)
        self.after_move()

    def refuse(self) -> None:
        self.app.sound(SOUND_REFUSED)

    def update(self, inp: Input) -> None:
        super().update(inp)
        if self.handle_common(inp):
            return
        if inp.hotkey("R"):
            self.ask_restart()
            return
        if inp.hotkey("X") or inp.hotkey("Q"):
            self.leave()
            return
        if self.solved:
            if inp.hotkey("N") or inp.pressed(Action.SELECT) or inp.clicked:
                self.new_game()
            return
        for action, direction in DIRECTIONS.items():
            if inp.pressed(action):
                tile = RULES.tile_for_direction(self.state, direction)
                if tile is None:
                    self.refuse()
                else:
                    self.play_tiles([tile])
                return
        if inp.clicked:
            cell = inp.cell_at(BOARD_X, BOARD_Y, TILE_W * ui.CELL, TILE_H * ui.CELL, SIZE, SIZE)
            if cell is not None:
                path = RULES.slide_path(self.state, cell[1] * SIZE + cell[0])
                if path:
                    self.play_tiles(path)
                else:
                    self.refuse()

    def in_place(self) -> int:
        state = self.state
        return sum(1 for tile, want in zip(state.tiles, state.goal) if tile and tile == want)

    def draw(self) -> None:
        word = t("bypuzz.word.solved") if self.solved else t("bypuzz.word.play")
        ui.title_box(word)
        ui.text_at(14, 1, "B Y P U Z Z", palette.WHITE)
        ui.box_at(31, 0, 9, 4)
        ui.text_at(32, 1, f"{t('bypuzz.in_place')} {self.in_place():>4}")
        ui.text_at(32, 2, t("bypuzz.in_place2"))
        count = self.session.move_count
        ui.text_at(1, 3, t("bypuzz.moves.one") if count == 1 else t("bypuzz.moves", n=count), palette.WHITE)
        self.draw_board()
        ui.hot_at(0, ui.ROWS - 2, t("bypuzz.keys"))
        if self.solved:
            ui.hot_at(1, ui.ROWS - 1, t("bypuzz.solved", n=self.session.move_count), palette.YELLOW)
        elif self.message_frames:
            ui.text_at(1, ui.ROWS - 1, self.message, palette.WHITE)

    def draw_board(self) -> None:
        pyxel.rect(BOARD_X, BOARD_Y, GRID_W * ui.CELL, GRID_H * ui.CELL, palette.BLACK)
        tile_colour = palette.GREEN if self.solved else palette.LIGHT_BLUE
        for cell in range(CELLS):
            tile = self.state.tiles[cell]
            x = BOARD_X + (cell % SIZE) * TILE_W * ui.CELL + ui.CELL
            y = BOARD_Y + (cell // SIZE) * TILE_H * ui.CELL + ui.CELL
            if tile == 0:
                pyxel.rect(x, y, (TILE_W - 1) * ui.CELL, (TILE_H - 1) * ui.CELL, palette.BACKGROUND)
                continue
            pyxel.rect(x, y, (TILE_W - 1) * ui.CELL, (TILE_H - 1) * ui.CELL, tile_colour)
            label = str(tile)
            ui.text(x + ((TILE_W - 1) * ui.CELL - len(label) * ui.CELL) // 2, y + ui.CELL, label, palette.BLUE)
        for row, line in enumerate(GRID_LINES):
            ui.text(BOARD_X, BOARD_Y + row * ui.CELL, line, palette.GREY)


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


GRID_W, GRID_H = SIZE * TILE_W + 1, SIZE * TILE_H + 1
GRID_LINES = ["".join(_grid_char(col, row, GRID_W, GRID_H) or " " for col in range(GRID_W)) for row in range(GRID_H)]
