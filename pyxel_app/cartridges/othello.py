"""Othello's board view: the square cursor, legal-move markers, the last move, the flips.

Rules: ``rules/othello.py``; engines: ``ai/othello.py``; spec and words: ``games/othello.py``.
The match layer does the set-up, seats, the computer, undo and the end; this file turns
input into a square (or ``pass`` when the side to move has none) and draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from ..input import Action, Input
from ..rules.base import IllegalMoveError
from ..rules.othello import BLACK, COLUMN_LETTERS, PASS, PASS_TEXT, RULES, SIZE, Othello, bits_to_squares, square_name
from ..shell import palette, ui
from ..shell.board_view import BoardView
from ..shell.strings import t

# The board keeps to the grid: column letters in row 5, the board from row 6 (16 px a
# square: two characters), row numbers in column 1, the end text under the board.
CELL_PX = 16
STONE_R = 6
BOARD_X, BOARD_Y = 2 * ui.CELL, 6 * ui.CELL
BOARD_PX = SIZE * CELL_PX
LETTER_ROW = BOARD_Y // ui.CELL - 1
STONE_INK = {"black": palette.BLACK, "white": palette.WHITE}
STONE_RIM = {"black": palette.GREY, "white": palette.LIGHT_GREY}
# Off the board, on the blue screen (the panel, the colour list), a black stone's grey rim is
# weak (2.3:1): there it is light grey (4:1).
TOKEN_RIM = {"black": palette.LIGHT_GREY, "white": palette.LIGHT_GREY}
# The last move's mark: light red stands out on black and on white stones alike (about 4.5:1 on each).
LAST_MARK, LAST_MARK_R = palette.LIGHT_RED, 2
FLIP_FRAMES = 12


@dataclass
class BoardUI:
    """What the board shows beyond the game state; never undone."""

    cursor: int = 19  # d3, a first move of Black
    markers: bool = True
    flipping: int = 0  # the stones turning (a bitboard)
    flip_frame: int = 0
    hint_square: int | None = None
    frame: int = 0


def draw_stone(x: int, y: int, colour: str, r: int = STONE_R) -> None:
    pyxel.circ(x, y, r, STONE_INK[colour])
    pyxel.circb(x, y, r, STONE_RIM[colour])


class OthelloView(BoardView):
    end_row = 22
    panel_col = 21
    can_turn = True  # T: h8 at the top left, the labels turned with it
    keys_typed = "L"

    def new_ui(self) -> BoardUI:
        return BoardUI()

    def seat_counts(self, state: Othello) -> tuple[int, int]:
        return state.count(0), state.count(1)

    def shown(self, square: int) -> int:
        """Where ``square`` is drawn (or which square is drawn there): turned half a circle, a1 and
        h8 change places."""
        return SIZE * SIZE - 1 - square if self.upside_down() else square

    def square_at(self, x: int, y: int) -> int | None:
        if not (BOARD_X <= x < BOARD_X + BOARD_PX and BOARD_Y <= y < BOARD_Y + BOARD_PX):
            return None
        return self.shown((y - BOARD_Y) // CELL_PX * SIZE + (x - BOARD_X) // CELL_PX)

    def square_centre(self, square: int) -> tuple[int, int]:
        row, column = divmod(self.shown(square), SIZE)
        return BOARD_X + column * CELL_PX + CELL_PX // 2, BOARD_Y + row * CELL_PX + CELL_PX // 2

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.GREEN)
        pattern = ("      ", "  xo  ", " xxx  ", "  ox  ")
        for row, line in enumerate(pattern):
            for column, mark in enumerate(line):
                if mark != " ":
                    pyxel.circ(x + 4 + column * 8, y + 4 + row * 8, 3, palette.BLACK if mark == "x" else palette.WHITE)

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        draw_stone(x, y, colour, r)
        pyxel.circb(x, y, r, TOKEN_RIM[colour])

    @staticmethod
    def ink(colour: str) -> int:
        return STONE_INK[colour]

    # Input -> a move text.

    def on_board(self, inp: Input) -> bool:
        return self.square_at(inp.mouse_x, inp.mouse_y) is not None

    def move_cells(self, move: int) -> tuple[int, ...]:
        return () if move == PASS else (move,)

    def interpret_input(self, state: Othello, board: BoardUI, inp: Input) -> str | None:
        if inp.hotkey("L"):
            board.markers = not board.markers
            self.context.flash(t("othello.markers", state=t("othello.on" if board.markers else "othello.off")))
            return None
        must_pass = RULES.must_pass(state)
        row, column = divmod(self.shown(board.cursor), SIZE)
        column += inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        row += inp.pressed(Action.DOWN) - inp.pressed(Action.UP)
        moved = (row, column) != divmod(self.shown(board.cursor), SIZE)
        if moved:
            board.cursor = self.shown(row % SIZE * SIZE + column % SIZE)
            self.context.sound("cursor")
        square = None
        if inp.pressed(Action.SELECT):
            square = board.cursor
        elif inp.mouse_enabled:
            under = self.square_at(inp.mouse_x, inp.mouse_y)
            if under is not None and (inp.mouse_moved or inp.clicked):
                board.cursor = under
            if under is not None and inp.clicked:
                square = under
        if square is None:
            return None
        # With no legal square the only move is the pass: any square chosen confirms it.
        return PASS_TEXT if must_pass else square_name(square)

    def explain(self, state: Othello, text: str, error: Exception) -> str:
        if not isinstance(error, IllegalMoveError):
            return str(error)
        move = RULES.move_from_text(state, text)
        if move == PASS:
            return t("othello.no_pass")
        key = "othello.taken" if state.stone_at(move) is not None else "othello.illegal"
        return t(key, square=square_name(move))

    # Passing pictures: the stones turn, the pass is said.

    def on_move(self, before: Othello, move: int, after: Othello, board: BoardUI) -> None:
        board.hint_square = None
        if move == PASS:
            board.flipping = 0
            self.context.flash(t("othello.passed", player=self.context.player_label(RULES.to_move(before))))
            self.context.sound("pass")
            return
        board.cursor = move
        board.flipping = RULES.flips(before, move)
        board.flip_frame = 0
        self.context.sound("place")
        self.context.sound("flip", times=board.flipping.bit_count())  # a ripple: one for each stone

    def busy(self, board: BoardUI) -> bool:
        return bool(board.flipping)

    def animate(self, board: BoardUI) -> None:
        board.frame += 1
        if board.flipping:
            board.flip_frame += 1
            if board.flip_frame >= FLIP_FRAMES:
                self.finish_animation(board)

    def finish_animation(self, board: BoardUI) -> None:
        if not board.flipping:
            return
        board.flipping = 0
        self.context.move_sound(None)

    def prompt(self, state: Othello) -> tuple[str, str] | None:
        if not RULES.must_pass(state):
            return None
        return t("othello.must_pass", player=self.context.player_label(RULES.to_move(state))), PASS_TEXT

    def show_hint(self, state: Othello, board: BoardUI, move: int) -> str:
        if move == PASS:
            return t("othello.hint", square=PASS_TEXT)
        board.hint_square = board.cursor = move
        return t("othello.hint", square=square_name(move))

    def end_text(self, state: Othello, outcome) -> str | None:
        first = BLACK if outcome.winner is None else outcome.winner  # the winner's count first: "won, 44 to 20"
        count = t("othello.count", first=state.count(first), second=state.count(1 - first))
        if outcome.winner is None:
            return t("othello.draw", count=count)
        return t("othello.won", player=self.context.player_label(outcome.winner), count=count)

    # Drawing.

    def draw(self, state: Othello, board: BoardUI, show_end: bool) -> None:
        colours = self.context.colours
        pyxel.rect(BOARD_X, BOARD_Y, BOARD_PX, BOARD_PX, palette.GREEN)
        for i in range(SIZE + 1):
            pyxel.line(BOARD_X + i * CELL_PX, BOARD_Y, BOARD_X + i * CELL_PX, BOARD_Y + BOARD_PX - 1, palette.DARK_GREY)
            pyxel.line(BOARD_X, BOARD_Y + i * CELL_PX, BOARD_X + BOARD_PX - 1, BOARD_Y + i * CELL_PX, palette.DARK_GREY)
        for column, letter in enumerate(COLUMN_LETTERS):
            x, _ = self.square_centre(column)
            ui.text(x - CELL_PX // 2 + 4, LETTER_ROW * ui.CELL, letter)
        for row in range(SIZE):
            _, y = self.square_centre(row * SIZE)
            ui.text(ui.CELL, y - CELL_PX // 2, str(row + 1))
        half = FLIP_FRAMES // 2
        for square in range(SIZE * SIZE):
            colour = state.stone_at(square)
            if colour is None:
                continue
            x, y = self.square_centre(square)
            if board.flipping >> square & 1:
                # The stone turns over: it narrows in the old colour, widens in the new one.
                shown = colours[colour] if board.flip_frame >= half else colours[1 - colour]
                width = max(1, STONE_R * abs(board.flip_frame - half) // half)
                pyxel.elli(x - width, y - STONE_R, 2 * width + 1, 2 * STONE_R + 1, STONE_INK[shown])
                pyxel.ellib(x - width, y - STONE_R, 2 * width + 1, 2 * STONE_R + 1, STONE_RIM[shown])
            else:
                draw_stone(x, y, colours[colour])
        last = self.last_move()
        if last is not None and last != PASS and not board.flipping:
            x, y = self.square_centre(last)
            pyxel.circ(x, y, LAST_MARK_R, LAST_MARK)
        if show_end:
            return
        if board.markers and not board.flipping and not self.context.agent_to_move():
            ink = STONE_INK[colours[RULES.to_move(state)]]
            for square in bits_to_squares(RULES.legal_squares(state)):
                x, y = self.square_centre(square)
                pyxel.circb(x, y, 2, ink)
        if board.hint_square is not None and board.frame // 10 % 2 == 0:
            x, y = self.square_centre(board.hint_square)
            pyxel.rectb(x - CELL_PX // 2 + 1, y - CELL_PX // 2 + 1, CELL_PX - 1, CELL_PX - 1, palette.WHITE)
        if not self.context.agent_to_move():
            x, y = self.square_centre(board.cursor)
            pyxel.rectb(x - CELL_PX // 2, y - CELL_PX // 2, CELL_PX + 1, CELL_PX + 1, palette.YELLOW)
