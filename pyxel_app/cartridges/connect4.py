"""Connect 4's board view: the column cursor, the falling disc, the hint and the board.

Rules: ``rules/connect4.py``; engines: ``ai/connect4.py``; spec and words:
``games/connect4.py``.  The match layer (``shell/match.py``) does the set-up, seats,
the computer, undo and the end; this file only turns input into a column and draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from ..input import Action, Input
from ..rules.base import IllegalMoveError
from ..rules.connect4 import COLUMN_LETTERS, HEIGHT, RULES, WIDTH, Connect4
from ..shell import palette, ui
from ..shell.board_view import BoardView
from ..shell.strings import t

# Blue discs cannot be BLUE: that is the screen itself, so they are light blue. A rim at least 3:1
# against the blue screen keeps every disc plain there (the panel, the colour list) as on the black
# board: white for blue, and for red, whose light red was 2.6:1.
DISC_INK = {"red": palette.RED, "green": palette.GREEN, "yellow": palette.YELLOW, "blue": palette.LIGHT_BLUE}
DISC_RIM = {"red": palette.WHITE, "green": palette.LIGHT_GREEN, "yellow": palette.WHITE, "blue": palette.WHITE}
# The border while a side is to move: blue's disc ink is the border's own light blue, so the
# border turns the screen's blue instead and the turn shows.
TURN_BORDER = {**DISC_INK, "blue": palette.BLUE}
# Pepto's red alone reads as brown: a light gleam on the upper left makes the disc a red ball.
DISC_GLEAM = {"red": palette.LIGHT_RED, "green": palette.LIGHT_GREEN, "yellow": palette.WHITE, "blue": palette.WHITE}

# The board keeps to the grid: the drop arrow in row 5 (a blank row under the title box), the
# board from row 6, the column letters in the first row below it, a blank row, then the status
# lines: three of them, for the seed's German end ("... hat mit folgenden Steinen gewonnen: (0|0)
# ...") with a twelve-letter name.  Cells of 18 px leave that room; the letters stay at the end.
CELL_PX = 18
DISC_R = 7
BOARD_X, BOARD_Y = ui.CELL, 6 * ui.CELL
BOARD_W, BOARD_H = WIDTH * CELL_PX, HEIGHT * CELL_PX
CURSOR_ROW = 5
LETTER_ROW = -(-(BOARD_Y + BOARD_H) // ui.CELL)
GRAVITY, START_SPEED = 1.0, 2.0
# The last disc dropped has a dark centre, plain on every colour (undo, redo and the replay show it too).
LAST_MARK, LAST_MARK_R = palette.BLACK, 2


@dataclass
class Falling:
    """The disc on its way down; the session already holds it, the drawing hides it until it lands."""

    column: int
    row: int
    colour: str
    y: float
    speed: float = START_SPEED

    @property
    def target_y(self) -> int:
        return cell_y(self.row)


@dataclass
class BoardUI:
    """What the board shows beyond the game state; never undone."""

    cursor: int = WIDTH // 2
    falling: Falling | None = None
    hint_column: int | None = None
    frame: int = 0


def cell_x(column: int) -> int:
    return BOARD_X + column * CELL_PX


def cell_y(row: int) -> int:
    """Pixel top of row ``row``, counted from 0 at the bottom as in (x|y)."""
    return BOARD_Y + (HEIGHT - 1 - row) * CELL_PX


def draw_disc(x: int, y: int, colour: str, r: int = DISC_R) -> None:
    """A disc centred at (x, y): coloured body, a rim, and a small shine."""
    pyxel.circ(x, y, r, DISC_INK[colour])
    pyxel.circb(x, y, r, DISC_RIM[colour])
    if r >= 4:
        # lit from the upper left: the body light there, in its own colour on the lower right
        pyxel.circ(x - 1, y - 1, r - 2, DISC_GLEAM[colour])
        pyxel.circ(x + 2, y + 2, r - 4, DISC_INK[colour])
        if colour == "blue":
            pyxel.circb(x, y, r - 3, palette.BLUE)
        pyxel.rect(x - r // 2, y - r // 2, 2, 2, palette.WHITE)


class Connect4View(BoardView):
    end_row = LETTER_ROW + 1
    panel_col = 21
    keys_typed = COLUMN_LETTERS + "1234567"

    def new_ui(self) -> BoardUI:
        return BoardUI()

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        pattern = ("       ", "       ", "   r   ", "  rry  ", " ryyr  ", "ryyyrr ")  # rows top down
        for row, line in enumerate(pattern):
            for column, mark in enumerate(line):
                ink = {"r": palette.RED, "y": palette.YELLOW}.get(mark, palette.DARK_GREY)
                pyxel.elli(x + 3 + column * 6, y + 1 + row * 5, 5, 4, ink)

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        draw_disc(x, y, colour, r)

    @staticmethod
    def ink(colour: str) -> int:
        return TURN_BORDER[colour]

    # Input -> a move text.

    def on_board(self, inp: Input) -> bool:
        return self.column_at(inp) is not None

    def move_cells(self, move: int) -> tuple[int, ...]:
        return (move,)

    def column_at(self, inp: Input) -> int | None:
        if not (BOARD_X <= inp.mouse_x < BOARD_X + BOARD_W and CURSOR_ROW * ui.CELL <= inp.mouse_y < BOARD_Y + BOARD_H):
            return None
        return (inp.mouse_x - BOARD_X) // CELL_PX

    def interpret_input(self, state: Connect4, board: BoardUI, inp: Input) -> str | None:
        step = inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        if step:
            board.cursor = (board.cursor + step) % WIDTH
            self.context.sound("cursor")
        column = None
        for x, letter in enumerate(COLUMN_LETTERS):
            if inp.hotkey(letter) or inp.hotkey(str(x + 1)):
                column = x
        if column is None and (inp.pressed(Action.SELECT) or inp.pressed(Action.DOWN)):
            column = board.cursor
        if column is None and inp.mouse_enabled:
            under = self.column_at(inp)
            if under is not None and (inp.mouse_moved or inp.clicked):
                board.cursor = under
            if under is not None and inp.clicked:
                column = under
        if column is None:
            return None
        board.cursor = column
        return RULES.move_to_text(column)

    def explain(self, state: Connect4, text: str, error: Exception) -> str:
        if isinstance(error, IllegalMoveError) and RULES.is_column_full(state, RULES.move_from_text(state, text)):
            return t("connect4.column_full")
        return str(error)

    # Passing pictures: the disc falls, the hint blinks.

    def on_move(self, before: Connect4, move: int, after: Connect4, board: BoardUI) -> None:
        self.finish_animation(board)
        colour = self.context.colours[RULES.to_move(before)]
        row = RULES.landing_row(before, move)
        board.falling = Falling(move, row, colour, float(CURSOR_ROW * ui.CELL - CELL_PX // 2))
        board.hint_column = None
        self.context.sound("drop")

    def busy(self, board: BoardUI) -> bool:
        return board.falling is not None

    def animate(self, board: BoardUI) -> None:
        board.frame += 1
        falling = board.falling
        if falling is None:
            return
        falling.speed += GRAVITY
        falling.y += falling.speed
        if falling.y >= falling.target_y:
            self.finish_animation(board)

    def finish_animation(self, board: BoardUI) -> None:
        if board.falling is None:
            return
        board.falling = None
        self.context.move_sound("land")

    def show_hint(self, state: Connect4, board: BoardUI, move: int) -> str:
        board.hint_column = board.cursor = move
        return t("connect4.hint", column=COLUMN_LETTERS[move])

    def end_text(self, state: Connect4, outcome) -> str | None:
        if outcome.winner is None:
            return None
        stones = RULES.format_stones(RULES.winning_line(state))
        return t("connect4.won", player=self.context.player_label(outcome.winner), stones=stones)

    # Drawing.

    def draw(self, state: Connect4, board: BoardUI, show_end: bool) -> None:
        colours = self.context.colours
        pyxel.rect(BOARD_X, BOARD_Y, BOARD_W, BOARD_H, palette.BLACK)
        falling = board.falling
        hidden = (falling.column, falling.row) if falling else None
        for x in range(WIDTH):
            for y in range(HEIGHT):
                cx, cy = cell_x(x) + CELL_PX // 2, cell_y(y) + CELL_PX // 2
                seat = state.stone_at(x, y)
                if seat is None or (x, y) == hidden:
                    pyxel.circ(cx, cy, DISC_R, palette.DARK_GREY)
                else:
                    draw_disc(cx, cy, colours[seat])
        last = self.last_move()
        if last is not None and falling is None:
            row = max(y for y in range(HEIGHT) if state.stone_at(last, y) is not None)
            pyxel.circ(cell_x(last) + CELL_PX // 2, cell_y(row) + CELL_PX // 2, LAST_MARK_R, LAST_MARK)
        if falling is not None:
            ui.clip(BOARD_X - 2, CURSOR_ROW * ui.CELL - CELL_PX, BOARD_W + 4, BOARD_H + CELL_PX + ui.CELL + 2)
            draw_disc(cell_x(falling.column) + CELL_PX // 2, int(min(falling.y, falling.target_y)) + CELL_PX // 2, falling.colour)
            ui.clip()
        if show_end and RULES.winner(state) is not None:
            blink = board.frame // 15 % 2 == 0
            for x, y in RULES.winning_line(state):
                cx, cy = cell_x(x) + CELL_PX // 2, cell_y(y) + CELL_PX // 2
                pyxel.circb(cx, cy, DISC_R + 1, palette.WHITE if blink else palette.BLACK)
                pyxel.circ(cx, cy, 3, palette.WHITE)
        for column, letter in enumerate(COLUMN_LETTERS):
            colour = palette.WHITE if column == board.cursor and not show_end else palette.TEXT
            ui.text(cell_x(column) + CELL_PX // 2 - ui.CELL // 2, LETTER_ROW * ui.CELL, letter, colour)
        if show_end:
            return
        if falling is None and not self.context.agent_to_move():
            colour = colours[RULES.to_move(state)]
            ax, top = cell_x(board.cursor) + CELL_PX // 2, CURSOR_ROW * ui.CELL
            pyxel.tri(ax - 5, top, ax + 5, top, ax, top + 6, DISC_INK[colour])
            pyxel.trib(ax - 5, top, ax + 5, top, ax, top + 6, DISC_RIM[colour])
        if board.hint_column is not None and board.frame // 10 % 2 == 0:
            pyxel.rectb(cell_x(board.hint_column), BOARD_Y - 1, CELL_PX, BOARD_H + 2, palette.WHITE)
