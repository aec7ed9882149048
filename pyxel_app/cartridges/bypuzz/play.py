"""Shuffling, the check run, play and the solved animation.

The shuffle shows tiles sliding at random while ``PositionMaker`` looks, a few
milliseconds per frame, for a start whose *optimal* solution length fits the
level (easy 10-20, normal 25-35, hard at least 45 by an admissible bound); then
the board is built ("Aufbauen") from that start, and the check run counts the
tiles already in place.  Harder levels shuffle longer, as on the C64.
"""

from __future__ import annotations

import random

import pyxel

from ...ai.fifteen import NEIGHBOURS, PositionMaker
from ...input import Action, Input
from ...rules.fifteen import CELLS, DOWN, LEFT, RIGHT, UP
from ...shell import palette, ui
from ...shell.strings import t
from ...shell.cartridge import Command
from ...shell.replay import RECORD_KEY
from .board import BOARD_COL, FACE_H, FACE_W, cell_origin, cell_under, draw_board, draw_mini, slide_mark
from .shared import DISTANCES
from .screen import KEYS_Y, PROMPT_ROW, Screen

SHUFFLE_FRAMES = {"easy": 60, "normal": 120, "hard": 200}
SLIDE_EVERY = 3
BLINK_FRAMES = 20  # the title word's black/white period while shuffling
BUILD_FRAMES_PER_CELL = 2
CHECK_FRAMES_PER_TILE = 5
CHECK_TAIL_FRAMES = 30
SOLVED_FRAMES = 120
HINT_FRAMES = 120
SLIDE_FRAMES = 4  # a moved tile glides into its cell; any key finishes the glide at once
DIRECTIONS = {Action.UP: UP, Action.DOWN: DOWN, Action.LEFT: LEFT, Action.RIGHT: RIGHT}
SPINNER = "|/-\\"
# The side column (columns 1-11, left of the board) and the two key lines under the board.
SIDE_TOP, GOAL_ROW = 5, 17
GOAL_COL = 6  # the goal's word, right of its mini picture
HINT_COLOUR = palette.WHITE  # apart from the rows' colours, so the hinted tile stands out as it blinks


class ShuffleScreen(Screen):
    help_key = "bypuzz.help.shuffle"
    word_key = "bypuzz.word.shuffle"

    def __init__(self, cart) -> None:
        super().__init__(cart)
        lo, hi = DISTANCES[cart.level]
        self.maker = PositionMaker(cart.goal, lo, hi, random.Random(cart.app.rng.random()))
        self.tiles = list(cart.goal)
        self.last_gap = -1
        self.shuffle_frames = SHUFFLE_FRAMES[cart.level]
        self.build_frame = 0

    def slide_at_random(self) -> None:
        gap = self.tiles.index(0)
        choices = [cell for cell in NEIGHBOURS[gap] if cell != self.last_gap]
        cell = self.app.rng.choice(choices)
        self.tiles[gap], self.tiles[cell] = self.tiles[cell], 0
        self.last_gap = gap

    @property
    def building(self) -> bool:
        return self.maker.finished and self.frame >= self.shuffle_frames

    def update(self, inp: Input) -> None:
        super().update(inp)
        if inp.hotkey("X") or inp.hotkey("Q") or inp.pressed(Action.BACK):
            self.cart.ask_quit()
            return
        if inp.any_key():  # no board to play on yet: the key is refused, and the player hears and reads why
            self.cart.sound("refused")
            self.cart.flash(t("bypuzz.busy.shuffle"))
        if not self.maker.finished and self.maker.step(self.cart.app.think_ms(self.cart.solver_budget_ms)):
            self.cart.start_chosen(self.maker.tiles, self.maker.solution)
        if not self.building:
            if self.frame % SLIDE_EVERY == 0:
                self.slide_at_random()
                if self.frame % (SLIDE_EVERY * 4) == 0:
                    self.cart.sound("shuffle")
            return
        self.build_frame += 1
        if self.build_frame >= CELLS * BUILD_FRAMES_PER_CELL:
            self.cart.play(self.maker.tiles, self.maker.length)

    def draw(self) -> None:
        cart = self.cart
        if self.building:
            self.title(t("bypuzz.word.build"))
            built = self.build_frame // BUILD_FRAMES_PER_CELL
            tiles = tuple(tile if cell < built else 0 for cell, tile in enumerate(self.maker.tiles))
            draw_board(tiles, cart.goal, cart.tile_style)
        else:
            black = (self.frame // BLINK_FRAMES) % 2 == 0
            self.title(word_colour=palette.BLACK if black else palette.WHITE)
            draw_board(tuple(self.tiles), cart.goal, cart.tile_style)
        draw_side(cart)
        self.prompt()


def draw_side(cart, counts: tuple[str, ...] = ()) -> None:
    """The column left of the board, in blocks a blank row apart: the counts (moves, tiles
    in place), the level, the best result, auto check, and the target as a mini picture."""
    side_block(SIDE_TOP, [(line, palette.WHITE) for line in counts])
    best = cart.best()
    auto = t("bypuzz.on") if cart.auto_check else t("bypuzz.off")
    for row, label, value, colour in (
        (SIDE_TOP + 3, t("bypuzz.side.level"), t(f"bypuzz.level.{cart.level}"), palette.WHITE),
        (SIDE_TOP + 6, t("bypuzz.side.best"), "-" if best is None else str(best), palette.WHITE),
        (SIDE_TOP + 9, t("bypuzz.side.auto"), auto, palette.GREEN if cart.auto_check else palette.WHITE),
    ):
        side_block(row, [(label, palette.GREY), (value, colour)])
    draw_mini(ui.CELL, GOAL_ROW * ui.CELL, cart.goal)
    side_block(GOAL_ROW, [(t("bypuzz.side.goal"), palette.GREY)], GOAL_COL)


def side_block(row: int, parts: list[tuple[str, int]], col: int = 1) -> None:
    """One block of the side column, wrapped to the columns left of the board (a blank one before it)."""
    ui.block(col * ui.CELL, row * ui.CELL, parts, BOARD_COL - 1 - col)


class PlayScreen(Screen):
    """Playing, with the check run (after the shuffle and on P) and the solved state inside."""

    def __init__(self, cart, check_run: bool = True) -> None:
        super().__init__(cart)
        self.in_place = 0  # the count in the box top right, as of the last check
        self.checked: dict[int, tuple] = {}  # history position -> (the board, its count) of each check run ended there
        self.check_cells: list[int] = []
        self.check_frame = -1
        self.won = False
        self.won_frames = 0
        self.new_best = False
        self.hint_wanted = False
        self.hint_cell: int | None = None
        self.hint_frames = 0
        self.slides: dict[int, int] = {}  # cell a tile is gliding into -> the cell it left
        self.slide_frame = 0
        # The session and position whose result was recorded: a redo back onto it is no new result.
        self.recorded_at: tuple = (None, -1)
        if check_run:
            self.start_check()
        else:
            self.board_changed()

    @property
    def word_key(self) -> str:
        if self.won:
            return "bypuzz.word.solved"
        return "bypuzz.word.check" if self.checking else "bypuzz.word.play"

    @property
    def help_key(self) -> str:
        return "bypuzz.help.solved" if self.won else "bypuzz.help.play"

    @property
    def checking(self) -> bool:
        return self.check_frame >= 0

    @property
    def still(self) -> bool:
        """No check run blinking, no solved animation, no hint blinking, no tile gliding."""
        return not self.checking and not self.won_frames and not self.hint_frames and not self.slides

    def count_in_place(self) -> int:
        state = self.cart.state
        return sum(1 for tile, want in zip(state.tiles, state.goal) if tile and tile == want)

    def last_checked(self) -> int:
        """With the automatic check off, the box's count at the position shown: that of the last
        check run on the way there (0 before any), so undo and the replay show the same."""
        session = self.cart.session
        for position in sorted(self.checked, reverse=True):
            board, count = self.checked[position]
            if position <= session.position and session.states[position] == board:
                return count
        return 0

    # The check run.

    def start_check(self) -> None:
        state = self.cart.state
        self.check_cells = [cell for cell, (tile, want) in enumerate(zip(state.tiles, state.goal)) if tile and tile == want]
        self.check_frame = 0
        self.in_place = 0

    def advance_check(self) -> None:
        self.check_frame += 1
        counted = min(len(self.check_cells), self.check_frame // CHECK_FRAMES_PER_TILE)
        if counted > self.in_place:
            self.in_place = counted
            self.cart.sound("blink")
        if self.check_frame >= len(self.check_cells) * CHECK_FRAMES_PER_TILE + CHECK_TAIL_FRAMES:
            self.finish_check()

    def finish_check(self) -> None:
        """The check run ends: every tile in place counted, and a solved board is a win."""
        self.in_place = len(self.check_cells)
        self.checked[self.cart.session.position] = (self.cart.state, self.in_place)
        self.check_frame = -1
        if self.cart.solved:
            self.win()

    def check_colours(self) -> dict[int, int]:
        """Counted tiles blink green: lit on even quarter-periods, as the C64 did with POKEs."""
        counted = self.check_cells[: self.in_place]
        lit = (self.check_frame // 4) % 2 == 0
        return {cell: palette.GREEN for cell in counted} if lit else {}

    # Moves.

    def play_tiles(self, tiles: list[int]) -> None:
        cart = self.cart
        before = cart.state.tiles
        for tile in tiles:
            cart.session.play(tile)
        cart.sound("slide")
        cart.on_session_changed()
        cart.after_move()
        after = cart.state.tiles
        self.slides = {after.index(tile): before.index(tile) for tile in tiles}
        self.slide_frame = 0

    def advance_slide(self, inp: Input) -> None:
        """The glide moves on a frame; a key, button or click ends it, and still does its own work."""
        if not self.slides:
            return
        self.slide_frame += 1
        if self.slide_frame >= SLIDE_FRAMES or inp.any_key():
            self.slides = {}

    def slide_offsets(self) -> dict[int, tuple[int, int]]:
        """How far each gliding tile still is from its cell, in pixels."""
        left = SLIDE_FRAMES - self.slide_frame
        offsets = {}
        for cell, came_from in self.slides.items():
            (x, y), (from_x, from_y) = cell_origin(cell), cell_origin(came_from)
            offsets[cell] = ((from_x - x) * left // SLIDE_FRAMES, (from_y - y) * left // SLIDE_FRAMES)
        return offsets

    def board_changed(self) -> None:
        """The one path after every change of the board (move, click-slide, undo, redo, restart,
        load, resume): the hint and a check run in hand are stale; with auto check on, recount
        and notice a win."""
        cart = self.cart
        self.hint_cell = None
        self.check_frame = -1
        self.slides = {}
        if self.won and not cart.solved:
            self.won = False
            self.app.set_border()
        if cart.auto_check:
            self.in_place = self.count_in_place()
            if cart.solved and not self.won:
                self.win()
        else:
            self.in_place = self.last_checked()

    def refuse(self) -> None:
        self.cart.sound("refused")

    def win(self) -> None:
        cart = self.cart
        self.won = True
        self.won_frames = SOLVED_FRAMES
        self.in_place = CELLS - 1
        self.hint_wanted = False
        session = cart.session
        recorded_session, recorded_position = self.recorded_at
        if recorded_session is not session or recorded_position != session.position:
            self.new_best = cart.record_best(session.move_count)
            self.recorded_at = (session, session.position)
            if self.new_best:
                cart.sound("best")
        cart.sound("won")
        cart.autosave()

    # Commands.

    def check(self) -> None:
        if not self.won:
            self.start_check()

    def toggle_auto(self) -> None:
        cart = self.cart
        cart.set_auto_check(not cart.auto_check)
        cart.flash(t("bypuzz.auto.on") if cart.auto_check else t("bypuzz.auto.off"))
        if cart.auto_check and not self.checking:
            self.board_changed()  # recount now, and a board solved meanwhile is a win

    def ask_hint(self) -> None:
        if self.won or self.cart.solved:
            self.cart.flash(t("msg.no_hint"))
            return
        self.hint_wanted = True
        self.follow_hint()

    def follow_hint(self) -> None:
        """Show the hint once the solver knows the way from the position shown."""
        cart = self.cart
        tiles = cart.state.tiles
        answer = cart.searcher.answer(tiles)
        if answer is None:
            start = cart.session.start.tiles
            for search in list(cart.searcher.searches):
                if search.tiles not in (tiles, start):
                    cart.searcher.drop(search.tiles)  # the player moved on; that question is stale
            # The start is at most move_count moves away, so its par (or the length its search has
            # ruled out so far) less move_count is a lower bound from here.
            at_least = cart.searcher.lower_bound(start) - cart.session.move_count
            cart.searcher.want(tiles, first=True, at_least=at_least)
            return
        self.hint_wanted = False
        if not answer:
            return
        cart.hints_used += 1
        self.hint_cell = tiles.index(answer[0])
        self.hint_frames = HINT_FRAMES
        cart.flash(t("bypuzz.hint", tile=answer[0], n=len(answer)), HINT_FRAMES)
        cart.sound("hint")

    def commands(self) -> list[Command]:
        cart = self.cart
        record = Command(t("pause.record"), cart.open_record, RECORD_KEY)
        if self.won:
            return [
                Command(t("bypuzz.cmd.new"), cart.choose_target, "N"),
                Command(t("bypuzz.cmd.view"), cart.show_target, "V"),
                record,
            ] + cart.record_commands()
        return [
            Command(t("bypuzz.cmd.view"), cart.show_target, "V"),
            Command(t("bypuzz.cmd.check"), self.check, "P"),
            Command(t("bypuzz.cmd.auto"), self.toggle_auto, "S"),
            Command(t("pause.hint"), self.ask_hint, "H"),
            Command(t("pause.undo"), cart.undo, "Z"),
            Command(t("pause.redo"), cart.redo, "Y"),
            Command(t("bypuzz.cmd.reshuffle"), cart.ask_restart),
            Command(t("bypuzz.cmd.restart"), cart.ask_new_target, "R"),
            Command(t("bypuzz.cmd.mouse"), lambda: cart.set_devices(mouse=True), "M"),
            Command(t("bypuzz.cmd.joystick"), lambda: cart.set_devices(pad=True), "J"),
            Command(t("bypuzz.cmd.keys"), lambda: cart.set_devices(mouse=False, pad=False), "T"),
            Command(t("pause.save"), cart.save_game),
            Command(t("pause.load"), cart.load_game),
            record,
        ] + cart.record_commands()

    # The frame.

    def update(self, inp: Input) -> None:
        super().update(inp)
        cart = self.cart
        self.advance_slide(inp)
        if self.hint_frames:
            self.hint_frames -= 1
            if not self.hint_frames:
                self.hint_cell = None
        if self.hint_wanted:
            self.follow_hint()
        if cart.par is None and cart.session is not None:
            answer = cart.searcher.answer(cart.session.start.tiles)
            if answer is not None:
                cart.par = len(answer)
        clicked = self.clicked_key(inp)
        if self.won:
            self.update_won(inp, clicked)
            return
        if self.checking:
            # A key, button or click ends the check run at once (the count complete) and still
            # does its own work, as it ends a tile's glide: nothing pressed is lost.
            if inp.any_key():
                self.finish_check()
            else:
                self.advance_check()
            if self.checking or self.won:
                return
        if cart.handle_common(inp, clicked):
            return
        if self.key(inp, "V", clicked):
            cart.show_target()
        elif self.key(inp, "P", clicked) or inp.pad_button("X"):
            self.check()
        elif self.key(inp, "S", clicked):
            self.toggle_auto()
        elif self.key(inp, "M", clicked):
            cart.set_devices(mouse=True)
        elif self.key(inp, "J", clicked):
            cart.set_devices(pad=True)
        elif self.key(inp, "T", clicked):
            cart.set_devices(mouse=False, pad=False)
        elif self.key(inp, "R", clicked):
            cart.ask_new_target()
        elif self.key(inp, "X", clicked) or self.key(inp, "Q", clicked):
            cart.ask_quit()
        elif clicked == "H":
            self.ask_hint()
        elif clicked in ("Z", "Y"):
            (cart.undo if clicked == "Z" else cart.redo)()
        else:
            self.update_moves(inp)

    def update_moves(self, inp: Input) -> None:
        cart = self.cart
        for action, direction in DIRECTIONS.items():
            if inp.pressed(action):
                tile = cart.rules.tile_for_direction(cart.state, direction)
                if tile is None:
                    self.refuse()
                else:
                    self.play_tiles([tile])
                return
        if inp.clicked:
            cell = cell_under(inp.mouse_x, inp.mouse_y)
            if cell is None:
                return
            path = cart.rules.slide_path(cart.state, cell)
            if path:
                self.play_tiles(path)
            else:
                self.refuse()

    def celebrating(self, inp: Input) -> bool:
        """The solved board's flashing border, a frame on; True while it still goes on.  A key
        ends the celebration and still does its own work."""
        if self.won_frames:
            self.won_frames -= 1
            self.app.set_border((self.won_frames // 3) % 16 if self.won_frames else None)
            if not inp.any_key():
                return True
            self.won_frames = 0
            self.app.set_border()
        return False

    def update_won(self, inp: Input, clicked: str | None) -> None:
        cart = self.cart
        if self.celebrating(inp):
            return
        if self.key(inp, "N", clicked) or inp.pressed(Action.SELECT):
            cart.choose_target()
        elif self.key(inp, "V", clicked):
            cart.show_target()
        elif self.key(inp, "X", clicked) or self.key(inp, "Q", clicked) or inp.pressed(Action.BACK):
            cart.ask_quit()
        elif inp.clicked and cell_under(inp.mouse_x, inp.mouse_y) is not None:
            cart.choose_target()
        else:
            cart.handle_common(inp, clicked)

    def draw(self) -> None:
        cart = self.cart
        self.title()
        colours = self.check_colours() if self.checking else {}
        if self.won:
            colours = {cell: palette.GREEN for cell in range(CELLS)}
        elif self.hint_cell is not None and (self.hint_frames // 8) % 2 == 0:
            colours[self.hint_cell] = HINT_COLOUR
        self.draw_board(colours, self.slide_offsets())
        self.draw_hover()
        draw_side(cart, (moves_text(cart.session.move_count), t("bypuzz.in_place", n=self.in_place)))
        if self.won:
            self.draw_won()
            return
        self.key_lines(t("bypuzz.keys.play1"), t("bypuzz.keys.play2"))
        if self.hint_wanted:
            ui.text_at(1, PROMPT_ROW, t("bypuzz.thinking") + " " + SPINNER[(self.frame // 6) % 4], palette.YELLOW)
        elif cart.message_frames:
            self.prompt()
        else:
            cart.insight.draw_status(self.hotkeys, ui.STATUS_Y)

    def draw_board(self, colours: dict[int, int], offsets: dict[int, tuple[int, int]]) -> None:
        cart = self.cart
        tiles = cart.state.tiles
        mark = slide_mark(tiles, cart.session.last_move())
        draw_board(tiles, cart.state.goal, cart.tile_style, colours, offsets=offsets, mark=mark)

    def draw_replay(self, lines) -> None:
        """The board at the replay's moment as undo to it would show it (``board_changed``): no
        hint, check run nor glide, and all green where the win is noticed there."""
        cart = self.cart
        won = cart.solved and (self.won if lines.present else cart.auto_check)
        in_place = self.count_in_place() if cart.auto_check else self.last_checked()
        self.title(lines.word)
        self.draw_board({cell: palette.GREEN for cell in range(CELLS)} if won else {}, {})
        draw_side(cart, (moves_text(cart.session.move_count), t("bypuzz.in_place", n=in_place)))
        lines.bar.line_at(1, KEYS_Y + ui.LINE_PITCH, lines.keys)
        ui.status_lines(lines.status, ui.STATUS_Y, palette.WHITE)

    def draw_hover(self) -> None:
        inp = self.app.input
        if not inp.mouse_enabled or self.checking:
            return
        cell = cell_under(inp.mouse_x, inp.mouse_y)
        if cell is not None and self.cart.rules.slide_path(self.cart.state, cell):
            x, y = cell_origin(cell)
            pyxel.rectb(x - 1, y - 1, FACE_W + 2, FACE_H + 2, palette.WHITE)

    def draw_won(self) -> None:
        cart = self.cart
        moves = cart.session.move_count
        if cart.par is None:
            par = t("bypuzz.par.thinking") + " " + SPINNER[(self.frame // 6) % 4]
        else:
            par = str(cart.par)
        ui.text(ui.CELL, KEYS_Y, t("bypuzz.solved.line", moves=moves_text(moves), par=par), palette.YELLOW)
        if not self.won_frames:
            self.key_lines(None, t("bypuzz.solved.keys"), palette.WHITE)
        if self.new_best:
            ui.text_at(1, PROMPT_ROW, t("bypuzz.solved.best"), palette.LIGHT_GREEN)
        elif cart.best() is not None:
            ui.text_at(1, PROMPT_ROW, t("bypuzz.solved.old_best", n=cart.best()), palette.WHITE)


def moves_text(count: int) -> str:
    """"1 move", "7 moves": the count in words, singular for one."""
    return t("bypuzz.moves.one") if count == 1 else t("bypuzz.moves", n=count)
