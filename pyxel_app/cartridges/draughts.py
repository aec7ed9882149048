"""Draughts' board view: the cursor, picking a piece and its squares, capture routes, the board.

Rules: ``rules/draughts.py``; engines: ``ai/draughts.py``; spec and words:
``games/draughts.py``.  The match layer does the set-up (rules first), seats, the
computer, undo and the end; this file turns input into a move text and draws.

A move is made by picking a piece and then the squares it lands on in turn (each one is
kept in ``BoardUI.path`` and drawn); the last one plays it, sent as its whole route,
``28x19x10``.  A square no route lands on next may stand for the end of a capture, when
it names one move; a square off the way picked goes back along it to where the piece can
go there.  Picking the piece again lets it go, unless the squares picked so far land on
it next: a capture that comes back to its start is entered square by square.

A move played slides there (``draughts_slide.py``), a capture leg by leg; the board can be
turned round (T) and show the squares' numbers as the notation names them (S).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pyxel

from ..input import Action, Input
from ..rules.base import IllegalMoveError
from ..rules.draughts import RULES, SIZE, SQUARES, Draughts, Move, square_xy, xy_square
from ..shell import palette, ui
from ..shell.board_view import BoardView
from ..shell.cartridge import Command
from ..shell.strings import t
from .draughts_slide import Slide

# The board keeps to the grid: a blank row under the title box, then 10 squares of 12 px
# (rows 5-19), a blank row, the end text from row 21; the panel from column 18.
SQUARE_PX = 12
BOARD_X, BOARD_Y = 2 * ui.CELL, 5 * ui.CELL
BOARD_PX = SIZE * SQUARE_PX
PIECE_R = 5
LANDING_R = 4  # the ring on a square a capture lands on and goes on from
RULES_ROW = 21  # the rule set, under the panel's keys while the game is on (the end text's place)
LIGHT_SQUARE, DARK_SQUARE, LAST_MOVE = palette.LIGHT_GREY, palette.ORANGE, palette.BROWN
SIDE_COLOURS = ("white", "black")  # White moves first: seat 1 is always White
PIECE_INK = {"white": palette.WHITE, "black": palette.BLACK}
PIECE_RIM = {"white": palette.GREY, "black": palette.DARK_GREY}
# Off the board, on the blue screen (the panel, the colour list), a black piece's dark grey rim
# is lost (1.3:1): there it is light grey (4:1).
TOKEN_RIM = {"white": palette.GREY, "black": palette.LIGHT_GREY}
# A square's number in Pyxel's small font (digits 3x5 with a pixel between): white on a dark
# square, dark on a white man, white on a black man, on a king's crown yellow (kings stay told apart).
DIGIT_W, DIGIT_H = 4, 5
NUMBER_INK = {None: palette.WHITE, ("white", False): palette.BLACK, ("black", False): palette.WHITE,
              ("white", True): palette.BLACK, ("black", True): palette.BLACK}


@dataclass
class BoardUI:
    """What the board shows beyond the game state; never undone."""

    cursor: tuple[int, int] = (3, 6)  # square 32
    selected: int | None = None  # the square index of the picked piece
    path: list[int] = field(default_factory=list)  # landing squares picked so far
    hint: Move | None = None
    frame: int = 0
    slide: Slide | None = None  # the last move under way on screen


def draw_piece(x: int, y: int, colour: str, king: bool, r: int = PIECE_R) -> None:
    pyxel.circ(x, y, r, PIECE_INK[colour])
    pyxel.circb(x, y, r, PIECE_RIM[colour])
    if king:
        # a crown: a yellow ring with a red jewel, plain on either colour
        pyxel.circb(x, y, max(1, r - 2), palette.YELLOW)
        pyxel.pset(x, y, palette.RED)


def taken_between(start: int, end: int, state: Draughts) -> int | None:
    """The piece a jump from ``start`` to ``end`` goes over (the first piece on the way)."""
    (x0, y0), (x1, y1) = square_xy(start), square_xy(end)
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    x, y = x0 + dx, y0 + dy
    while (x, y) != (x1, y1):
        square = xy_square(x, y)
        if square is not None and state.piece_at(square) is not None:
            return square
        x, y = x + dx, y + dy
    return None


class DraughtsView(BoardView):
    @property
    def end_row(self) -> int:
        """The end takes the rule set's row, which it leaves empty: three lines for the German
        "... hat gewonnen: ... kann nicht mehr ziehen." with twelve-letter names."""
        return RULES_ROW if self.context.end_shown else RULES_ROW + 1

    panel_col = 18
    keys_typed = "S"
    routes_of: tuple | None = None  # (state, its routes)
    numbers_shown = False  # S: the squares' numbers, kept through undo and the games that follow
    # Seen from White's side; from Black's when the one person here plays Black, and turned by T.
    can_turn = faces_person = True

    def new_ui(self) -> BoardUI:
        board = BoardUI()
        board.cursor = self.turned(*board.cursor)
        return board

    def turned(self, x: int, y: int) -> tuple[int, int]:
        """The board cell (x, y) as it is shown, or the other way round: turned half a circle
        when the board is seen from Black's side."""
        return (SIZE - 1 - x, SIZE - 1 - y) if self.upside_down() else (x, y)

    def square_left(self, index: int) -> tuple[int, int]:
        x, y = self.turned(*square_xy(index))
        return BOARD_X + x * SQUARE_PX, BOARD_Y + y * SQUARE_PX

    def square_centre(self, index: int) -> tuple[int, int]:
        return self.cell_centre(*square_xy(index))

    def cell_centre(self, x: float, y: float) -> tuple[int, int]:
        """The pixel at the middle of board cell (x, y), or between cells for a piece on its way."""
        x, y = self.turned(x, y)
        return BOARD_X + round(x * SQUARE_PX) + SQUARE_PX // 2, BOARD_Y + round(y * SQUARE_PX) + SQUARE_PX // 2

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        for row in range(8):
            for column in range(12):
                dark = (row + column) % 2
                pyxel.rect(x + column * 4, y + row * 4, 4, 4, DARK_SQUARE if dark else LIGHT_SQUARE)
                if dark and row < 3:
                    pyxel.circ(x + column * 4 + 1, y + row * 4 + 1, 1, palette.BLACK)
                elif dark and row > 4:
                    pyxel.circ(x + column * 4 + 1, y + row * 4 + 1, 1, palette.WHITE)

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        draw_piece(x, y, colour, False, r)
        pyxel.circb(x, y, r, TOKEN_RIM[colour])

    @staticmethod
    def ink(colour: str) -> int:
        return palette.WHITE if colour == "white" else palette.BLACK

    # Input -> a move text.

    def cell_at(self, inp: Input) -> tuple[int, int] | None:
        x, y = inp.mouse_x - BOARD_X, inp.mouse_y - BOARD_Y
        if 0 <= x < BOARD_PX and 0 <= y < BOARD_PX:
            return self.turned(x // SQUARE_PX, y // SQUARE_PX)
        return None

    def on_board(self, inp: Input) -> bool:
        return self.cell_at(inp) is not None

    def choices(self, state: Draughts) -> list[Move]:
        return RULES.routes(state) if RULES.outcome(state) is None else []

    def move_cells(self, move: Move) -> tuple[tuple[int, int], ...]:
        return tuple(square_xy(square) for square in move.path)

    def routes(self, state: Draughts) -> list[Move]:
        """The choices, kept for the last state asked about, so a frame does not generate them again."""
        if self.routes_of is None or self.routes_of[0] is not state:
            self.routes_of = (state, self.choices(state))
        return self.routes_of[1]

    def toggle_numbers(self) -> None:
        """S (or the game menu): the squares' numbers on the board, or not."""
        self.numbers_shown = not self.numbers_shown
        self.context.sound("cursor")

    def interpret_input(self, state: Draughts, board: BoardUI, inp: Input) -> str | None:
        if inp.hotkey("S"):
            self.toggle_numbers()
            return None
        dx = inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        dy = inp.pressed(Action.DOWN) - inp.pressed(Action.UP)
        if self.upside_down():
            dx, dy = -dx, -dy
        if dx or dy:
            x, y = board.cursor
            board.cursor = ((x + dx) % SIZE, (y + dy) % SIZE)
            self.context.sound("cursor")
        target = board.cursor if inp.pressed(Action.SELECT) else None
        if target is None and inp.mouse_enabled:
            cell = self.cell_at(inp)
            if cell is not None and (inp.mouse_moved or inp.clicked):
                board.cursor = cell
            if cell is not None and inp.clicked:
                target = cell
        if target is None:
            return None
        return self.pick(state, board, xy_square(*target))

    def consistent(self, state: Draughts, board: BoardUI) -> list[Move]:
        """The selected piece's routes that pass through the landing squares picked so far."""
        depth = len(board.path)
        return [route for route in self.routes(state)
                if route.start == board.selected and list(route.path[1 : 1 + depth]) == board.path]

    def pick(self, state: Draughts, board: BoardUI, square: int | None) -> str | None:
        """A square picked with the cursor or the mouse: select, go on a route, or move.

        A square some route lands on next always goes on (so every route can be entered
        square by square, even one that passes a square twice or comes back to its start);
        a route is played when its last landing square is picked.  The piece's own square
        otherwise lets it go.  Only another square no route lands on next may stand for a
        whole route's end, and only when it names one move."""
        if square is None:
            self.context.refuse(t("draughts.not_there"))
            return None
        if board.selected is not None:
            consistent = self.consistent(state, board)
            depth = len(board.path)
            if any(route.path[depth + 1] == square for route in consistent):
                board.path.append(square)
                done = [route for route in consistent if len(route.path) == depth + 2 and route.end == square]
                if done:
                    self.deselect(board)
                    return RULES.move_to_text(done[0])
                self.context.sound("cursor")
                return None
            if square == board.selected:
                self.deselect(board)  # let go: the piece's own square is never a short cut to an end
                return None
            ends = [route for route in consistent if route.end == square]
            if ends:
                if len({route.key for route in ends}) == 1:
                    self.deselect(board)
                    return RULES.move_to_text(ends[0])
                self.context.refuse(t("draughts.which_route"))
                return None
            back = self.way_back(state, board, square)
            if back is not None:
                board.path = back  # off the way picked: back along it to where the piece can go there
                return self.pick(state, board, square)
        self.select(state, board, square)
        return None

    def way_back(self, state: Draughts, board: BoardUI, square: int) -> list[int] | None:
        """The longest part of the landing squares picked from which a route of the selected
        piece lands on ``square`` next or ends there; None if there is none (or none shorter)."""
        for keep in range(len(board.path) - 1, -1, -1):
            kept = board.path[:keep]
            if any(route.start == board.selected and list(route.path[1 : 1 + keep]) == kept
                   and square in (route.path[keep + 1], route.end) for route in self.routes(state)):
                return kept
        return None

    def select(self, state: Draughts, board: BoardUI, square: int) -> None:
        """A square that is no route's next step: one's own piece to move, or a refusal that
        says why."""
        routes = self.routes(state)
        piece = state.piece_at(square)
        if piece is not None and piece[0] == state.turn:
            if any(route.start == square for route in routes):
                board.selected, board.path = square, []
                self.context.sound("cursor")
            elif routes and routes[0].captured:
                # it may take pieces, but the majority rule wants a longer capture
                takes_fewer = RULES.can_capture_from(state, square)
                self.context.refuse(t("draughts.must_take_most" if takes_fewer else "draughts.must_capture"))
            else:
                self.context.refuse(t("draughts.cannot_move"))
            return
        self.context.refuse(t("draughts.not_there") if board.selected is not None else t("draughts.not_yours"))

    @staticmethod
    def deselect(board: BoardUI) -> None:
        board.selected, board.path = None, []

    def explain(self, state: Draughts, text: str, error: Exception) -> str:
        message = str(error)
        if "most pieces" in message:
            return t("draughts.must_take_most")
        if "compulsory" in message:
            return t("draughts.must_capture")
        if isinstance(error, IllegalMoveError):
            return t("draughts.illegal", move=text[:20])
        return message

    def on_move(self, before: Draughts, move: Move, after: Draughts, board: BoardUI) -> None:
        self.finish_animation(board)
        board.hint = None
        self.deselect(board)
        crowned = not before.piece_at(move.start)[1] and after.piece_at(move.end)[1]
        board.slide = Slide(before, move, crowned)

    def busy(self, board: BoardUI) -> bool:
        return board.slide is not None

    def animate(self, board: BoardUI) -> None:
        board.frame += 1
        if board.slide is not None:
            board.slide.step()
            self.sound_taken(board.slide, len(board.slide.gone()))
            if board.slide.done:
                self.finish_animation(board)

    def sound_taken(self, slide: Slide, passed: int) -> None:
        """A capture's sound for each piece the moving piece has passed since the last one."""
        if passed > slide.taken_heard:
            self.context.sound("capture", times=passed - slide.taken_heard)
            slide.taken_heard = passed

    def finish_animation(self, board: BoardUI) -> None:
        if board.slide is None:
            return
        slide, board.slide = board.slide, None
        self.sound_taken(slide, slide.taken)  # cut short, the pieces not yet passed are heard now
        self.context.move_sound("crown" if slide.crowned else "move")

    def show_hint(self, state: Draughts, board: BoardUI, move: Move) -> str:
        board.hint = move
        board.cursor = square_xy(move.end)
        return t("draughts.hint", move=RULES.move_to_text(move))

    def end_text(self, state: Draughts, outcome) -> str | None:
        if outcome.winner is None:
            return t(f"draughts.draw.{outcome.reason}")
        return t(f"draughts.won.{outcome.reason}", player=self.context.player_label(outcome.winner),
                 loser=self.context.player_label(1 - outcome.winner))

    def commands(self) -> list[Command]:
        return super().commands() + [Command(t("draughts.cmd.numbers"), self.toggle_numbers, "S")]

    # Drawing.

    def draw(self, state: Draughts, board: BoardUI, show_end: bool) -> None:
        if not show_end:
            ui.text_at(self.panel_col, RULES_ROW, t(f"draughts.rules.{state.variant}"), palette.GREY)
        pieces = self.draw_position(state, board.slide)
        if self.numbers_shown:
            self.draw_numbers(pieces)
        if board.slide is not None:
            side, king = board.slide.piece
            draw_piece(*self.cell_centre(*board.slide.where()), SIDE_COLOURS[side], king)
        blink = board.frame // 12 % 2 == 0
        playing = not show_end and not self.context.agent_to_move()
        routes = self.routes(state) if not show_end else []
        if playing and board.slide is None and board.selected is None and routes and routes[0].captured:
            # the pieces that must capture flash
            for start in {route.start for route in routes}:
                x, y = self.square_centre(start)
                pyxel.circb(x, y, PIECE_R + 1, palette.RED if blink else palette.YELLOW)
        if playing and board.selected is not None:
            self.draw_selection(state, board)
        if board.hint is not None and not show_end and blink:
            for square in board.hint.path:
                left, top = self.square_left(square)
                pyxel.rectb(left, top, SQUARE_PX, SQUARE_PX, palette.WHITE)
        if playing:
            x, y = self.turned(*board.cursor)
            pyxel.rectb(BOARD_X + x * SQUARE_PX, BOARD_Y + y * SQUARE_PX, SQUARE_PX, SQUARE_PX, palette.YELLOW)
            self.draw_info(state, board, routes)

    def draw_position(self, state: Draughts, slide: Slide | None) -> dict[int, tuple[int, bool]]:
        """The squares, the last move's mark and the pieces standing: the position's, or while a move
        slides the one before it less what has gone.  Returns the pieces drawn by square."""
        pyxel.rectb(BOARD_X - 1, BOARD_Y - 1, BOARD_PX + 2, BOARD_PX + 2, palette.BLACK)
        for y in range(SIZE):
            for x in range(SIZE):
                colour = DARK_SQUARE if (x + y) % 2 else LIGHT_SQUARE
                pyxel.rect(BOARD_X + x * SQUARE_PX, BOARD_Y + y * SQUARE_PX, SQUARE_PX, SQUARE_PX, colour)
        last = self.last_move() if slide is None else None
        if last is not None:
            for square in (last.start, last.end):
                left, top = self.square_left(square)
                pyxel.rect(left, top, SQUARE_PX, SQUARE_PX, LAST_MOVE)
        if slide is not None:
            pieces = dict(slide.standing())
        else:
            pieces = {square: piece for square in range(SQUARES) if (piece := state.piece_at(square)) is not None}
        for square, (side, king) in pieces.items():
            draw_piece(*self.square_centre(square), SIDE_COLOURS[side], king)
        return pieces

    def draw_numbers(self, pieces: dict[int, tuple[int, bool]]) -> None:
        """Each dark square's number (1-50, as the moves name them) in the square's middle."""
        for square in range(SQUARES):
            piece = pieces.get(square)
            shown = None if piece is None else (SIDE_COLOURS[piece[0]], piece[1])
            number = str(square + 1)
            x, y = self.square_centre(square)
            left, top = x - (len(number) * DIGIT_W - 1) // 2, y - DIGIT_H // 2
            if shown is not None and shown[1]:
                pyxel.rect(left - 1, top - 1, len(number) * DIGIT_W + 1, DIGIT_H + 2, palette.YELLOW)
            pyxel.text(left, top, number, NUMBER_INK[shown])

    def draw_selection(self, state: Draughts, board: BoardUI) -> None:
        left, top = self.square_left(board.selected)
        pyxel.rectb(left, top, SQUARE_PX, SQUARE_PX, palette.LIGHT_GREEN)
        consistent = self.consistent(state, board)
        depth = len(board.path)
        # the landing squares picked so far, and the pieces those jumps take
        previous = board.selected
        for square in board.path:
            x, y = self.square_centre(square)
            pyxel.circb(x, y, 2, palette.CYAN)
            taken = taken_between(previous, square, state)
            if taken is not None:
                tx, ty = self.square_centre(taken)
                pyxel.line(tx - 3, ty - 3, tx + 3, ty + 3, palette.RED)
                pyxel.line(tx - 3, ty + 3, tx + 3, ty - 3, palette.RED)
            previous = square
        # a dot where a route ends; a ring round the dot's place where one lands and goes on
        for route in consistent:
            x, y = self.square_centre(route.end)
            pyxel.circ(x, y, 2, palette.LIGHT_GREEN)
            if len(route.path) > depth + 2:
                x, y = self.square_centre(route.path[depth + 1])
                pyxel.circb(x, y, LANDING_R, palette.LIGHT_GREEN)

    def draw_info(self, state: Draughts, board: BoardUI, routes: list[Move]) -> None:
        row = self.context.info_row
        if row is None:
            return
        square = xy_square(*board.cursor)
        words = t("draughts.square", n=square + 1) if square is not None else ""
        if routes and routes[0].captured:
            words = f"{words:<10}{t('draughts.must')}"
        ui.text_at(self.panel_col, row, words, palette.TEXT)
