"""Peg solitaire: the board picker and the board, played as in the TigerJython chapter.

Press on a marble, drag it (its picture follows the pointer), release it over a hole:
an illegal drop snaps back, a legal one lands and the jumped marble goes.  The status
line says what happened in the seed's words.  Keys and pad: a cursor over the holes,
select picks a marble, a direction jumps (else moves the cursor, so a destination can
be selected too).  A jump hops in an arc and the jumped marble goes as it is passed
(``pegs_hop.py``); a key, button or click ends the hop and still does its own work.  The solver
works a few milliseconds per frame from ``tick()`` for the "still solvable?" light and the hint;
the session gives undo, restart and saves.
"""

from __future__ import annotations

import math

import pyxel

from ..ai.pegs import PegSearch, PegSolver, shared_solver
from ..games import GameSpec
from ..input import Action, Input
from ..rules.base import IllegalMoveError
from ..rules.numbers import NumberError, parse_number
from ..rules.pegs import CENTRE_STARTS, PRESETS, RULES, Jump, PegState, board_key, cell_name
from ..rules.records import counting_moves
from ..session import Session
from ..shell import hotkeys, palette, ui
from ..shell.cartridge import Cartridge, Command
from ..shell.host import Host
from ..shell.hotkeys import HotkeyBar
from ..shell.jobs import phase, run_job
from ..shell.puzzle_picker import PuzzlePicker
from ..shell.settings import parsed_by
from ..shell.record_files import RECORD_FILE_BYTES
from ..shell.storage import check_size, problem_text, read_text
from ..shell.strings import error_words, t
from .pegs_hop import GROW_PX, Hop

# The solver's share of a frame: drawing needs little, a 60 fps frame has 16.7 ms.
SOLVER_BUDGET_MS = 4.0
HINT_FRAMES = 180
BOARD_FILE = "pegs-board.txt"
MAX_FILE_BYTES = 4096
ENTRIES = ("english", "french", "french_centre", "wiegleb", "diamond", "diamond_centre", "triangle")
# The entries that start from CENTRE_STARTS: the classic start a warning comes with.
CENTRE_SUFFIX = "_centre"
# Best known for the English board: 18 moves (Bergholt, 1912), counting a chain as one move.
RECORDS = {"english": 18}
# A blank row under the title box, the column letters in row 5, the board in rows 6-19,
# row 20 blank above the keys; the row numbers stand left of the board.
LETTER_ROW = 5
BOARD_TOP, BOARD_H, BOARD_MID_X = (LETTER_ROW + 1) * ui.CELL, 14 * ui.CELL, ui.SCREEN_W // 2 + 8
MAX_CELL_PX = 18
LABEL_GAP = 3  # pixels between the row numbers and the board
DIGIT_MIDDLE = 3  # a digit's ink fills rows 0-6 of its cell
HEADING_COL = 14  # where the other games put their headings too
SIDE_ROW = ui.TITLE_ROW + 3  # the side columns start a blank row under the title box
SIDE_COLS = 10  # the left side column's width, clear of the board's row numbers
KEYS_ROW = 21
STATUS_TOP = (KEYS_ROW + 1) * ui.CELL + 1  # the status lines keep a blank pixel row under the keys
WARNING_ROW = 21  # on the picker, under its last entry (row 19)
# The last jump's mark: a light red centre in the hole it left, a red one on the marble where it landed.
LAST_JUMP, LAST_MARBLE = palette.LIGHT_RED, palette.RED
PUZZLE_KEY = "P"  # on the picker: the puzzle of the day
DIRECTIONS = {Action.UP: (0, -1), Action.DOWN: (0, 1), Action.LEFT: (-1, 0), Action.RIGHT: (1, 0)}


def start_text(entry: str, custom: str | None) -> str:
    if entry == "custom":
        return custom or PRESETS["english"]
    if entry.endswith(CENTRE_SUFFIX):
        return CENTRE_STARTS[entry.removesuffix(CENTRE_SUFFIX)]
    return PRESETS[entry]


class Layout:
    """Where a board's holes are on screen: cell size, centres and the cell under a point."""

    def __init__(self, state: PegState) -> None:
        board = self.board = state.board
        self.size = min(MAX_CELL_PX, BOARD_H // max(board.width, board.height))
        self.row_step = int(self.size * 0.9) if board.triangular else self.size
        self.left = BOARD_MID_X - board.width * self.size // 2
        self.top = BOARD_TOP + (BOARD_H - board.height * self.row_step) // 2

    def centre(self, cell: tuple[int, int]) -> tuple[int, int]:
        x, y = cell
        if self.board.triangular:  # the staircase's row y is shifted half a cell per row
            return int(BOARD_MID_X + (x - y / 2) * self.size), self.top + y * self.row_step + self.size // 2
        return self.left + x * self.size + self.size // 2, self.top + y * self.size + self.size // 2

    def label_every(self, span: int = ui.CELL) -> int:
        """Label every n-th column (or row): a label needs ``span`` pixels, a cell may be narrower."""
        return -(-span // self.size)

    def column_labels(self) -> list[tuple[str, int, int]]:
        """(letter, x, y) of each column's label: in the row above a board, under a triangle's
        bottom row (its columns run up the diagonal from there)."""
        board, every = self.board, self.label_every()
        labels = []
        for x in range(0, board.width, every):
            if self.board.triangular:
                cx, cy = self.centre((x, board.height - 1))
                below = -(-(cy + self.size // 2 + 1) // ui.CELL)  # the first text row under the holes
                labels.append((cell_name((x, 0))[0], cx - ui.CELL // 2 + 1, below * ui.CELL))
            else:
                cx, _ = self.centre((x, 0))
                labels.append((cell_name((x, 0))[0], cx - ui.CELL // 2 + 1, LETTER_ROW * ui.CELL))
        return labels

    def row_labels(self) -> list[tuple[str, int, int]]:
        """(number, x, y) of each row's label, right-aligned left of the row's first hole, the digits'
        middle on the holes' middle; two labels at least a line's pitch apart."""
        board = self.board
        every = -(-ui.LINE_PITCH // self.row_step)
        labels = []
        for y in range(0, board.height, every):
            first = min((x for x, row in board.holes if row == y), default=0)
            cx, cy = self.centre((first, y)) if board.triangular else (self.left + self.size // 2, self.centre((0, y))[1])
            number = str(y + 1)
            labels.append((number, cx - self.size // 2 - LABEL_GAP - len(number) * ui.CELL, cy - DIGIT_MIDDLE))
        return labels

    def cell_at(self, px: int, py: int) -> tuple[int, int]:
        """The grid cell under a point (maybe no hole, maybe off the grid), as the seed's toLocationInGrid."""
        y = math.floor((py - self.top) / self.row_step)
        if self.board.triangular:
            return round((px - BOARD_MID_X) / self.size + y / 2), y
        return math.floor((px - self.left) / self.size), y


class PegsCartridge(Cartridge):
    data_files = {BOARD_FILE: MAX_FILE_BYTES}
    screen_ids = ("pick", "play")
    think_ms_per_frame = SOLVER_BUDGET_MS
    restart_hotkey = "SPACE"

    def __init__(self, app: Host, spec: GameSpec) -> None:
        super().__init__(app, spec)
        self.screen = "pick"
        self.pick_index = 0
        self.custom: str | None = None
        self.entry = "english"
        self.hotkeys = HotkeyBar()
        self.peg_solver: PegSolver | None = None
        self.search: PegSearch | None = None
        self.layout: Layout | None = None
        self.reset_ui()
        self.load_board_file()

    def reset_ui(self) -> None:
        """The passing state of the board (never undone): cursor, picked or dragged marble, hint."""
        self.cursor: tuple[int, int] | None = None
        self.picked: tuple[int, int] | None = None
        self.dragging: tuple[int, int] | None = None
        self.hint_jump: Jump | None = None
        self.hint_frames = 0
        self.want_hint = False
        self.hop: Hop | None = None
        self.status = ("status.start", {})

    @property
    def screen_id(self) -> str:
        return self.screen

    @classmethod
    def setting_checks(cls) -> dict:
        def best(key: str, value: str) -> None:
            marbles, _, moves = value.partition("/")
            parse_number(marbles, 1, 99, "marbles")
            parse_number(moves, 1, 9999, "moves")

        return {"pegs.best.": parsed_by(best, NumberError)}

    @classmethod
    def draw_preview(cls, x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        state = RULES.initial_state("english")
        for hx, hy in state.board.holes:
            colour = palette.WHITE if state.has_marble((hx, hy)) else palette.DARK_GREY
            pyxel.circ(x + 10 + hx * 4 + 2, y + 2 + hy * 4 + 2, 1, colour)

    def entries(self) -> list[str]:
        return list(ENTRIES) + (["custom"] if self.custom else [])

    # Lifecycle.

    def start(self) -> None:
        self.session = None
        self.screen = "pick"

    def new_game(self) -> None:
        self.play_entry(self.entry)

    def start_playing(self) -> None:
        self.play_entry("english")

    def play_entry(self, entry: str) -> None:
        self.entry = entry
        state = RULES.state_from_text(start_text(entry, self.custom))
        self.session = Session(RULES, state, {"board": entry})
        self.on_session_changed()
        if entry.endswith(CENTRE_SUFFIX):
            self.flash(t("pegs.warn.centre"), 300)

    def on_session_changed(self) -> None:
        if self.session is None:
            return
        self.screen = "play"
        state = self.session.state
        cursor = self.cursor
        if self.peg_solver is None or self.peg_solver.board != state.board:
            self.peg_solver = shared_solver(state.board)
            self.layout = Layout(state)
            cursor = None
        self.search = None
        self.reset_ui()
        # Undo, redo and restart keep the cursor where the player was; another board starts at its first marble.
        if cursor is None:
            cursor = state.marble_cells()[0] if state.marble_cells() else None
        self.cursor = cursor
        self.status = self.end_status() or ("status.start", {})

    def restart(self) -> None:
        """The start again (undoable); on a board already at its start a picked marble is let go too."""
        super().restart()
        self.picked = self.dragging = self.hint_jump = None
        self.status = self.end_status() or ("status.start", {})

    def end_status(self):
        outcome = self.session.outcome
        if outcome is None:
            return None
        return ({"centre": "status.centre", "won": "status.won"}.get(outcome.reason, "status.lost"), {})

    # The board file (exercise 4: your own boards).

    def load_board_file(self) -> None:
        text = self.app.storage.read(BOARD_FILE)
        if text is None:
            return
        try:
            RULES.state_from_text(text)
        except ValueError as error:
            self.app.storage.set_aside(BOARD_FILE, error_words(error))
            return
        self.custom = text

    def take_dropped(self, path: str) -> None:
        """A file dropped on the window: a board file, or a record of a game (it has jumps), taken
        as Import takes one; a bad one changes nothing and says which line is wrong."""
        from pathlib import Path

        try:
            text = read_text(path, RECORD_FILE_BYTES)
        except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            self.app.show_message(t("pegs.file.bad", name=Path(path).name, why=problem_text(error)))
            return
        # Its jumps counted a slice a frame (the longest file takes many): jumps, or damage too deep
        # to count them, make it a record.
        run_job(self.app, phase("job.read", counting_moves(RULES, text)), Path(path).name,
                lambda jumps: self.take_record_text(text, Path(path).name) if jumps != 0 else self.take_board(text, Path(path)))

    def take_board(self, text: str, path) -> None:
        """A board file dropped (``path``): Custom's board from now on, played after a yes if a game is in progress."""
        try:
            check_size(len(text.encode("utf-8")), MAX_FILE_BYTES)
            RULES.state_from_text(text)
        except (OSError, ValueError) as error:
            self.app.show_message(t("pegs.file.bad", name=path.name, why=problem_text(error)))
            return
        self.app.storage.write(BOARD_FILE, text)
        self.custom = text
        self.flash(t("pegs.file.loaded", name=path.stem))
        self.ask_before_discarding(lambda: self.play_entry("custom"))

    # Best results.

    def best(self) -> tuple[int, int] | None:
        value = self.app.settings.get(f"pegs.best.{board_key(self.state.board)}")
        if not value:
            return None
        marbles, _, moves = value.partition("/")
        try:
            return parse_number(marbles, 1, 99), parse_number(moves, 1, 9999)
        except NumberError:
            return None

    def record_best(self) -> bool:
        """Keep the result of the game just ended if it beats the board's best; True when it does."""
        state = self.state
        result = (state.marble_count, state.moves)
        best = self.best()
        if best is None or result < best:
            self.app.settings.set(f"pegs.best.{board_key(state.board)}", f"{result[0]}/{result[1]}")
            return True
        return False

    # Commands.

    @property
    def state(self) -> PegState:
        return self.session.state

    def commands(self) -> list[Command]:
        if self.screen != "play":
            return [Command(t("puzzle.mode"), self.open_puzzles, PUZZLE_KEY)]
        return super().commands() + [Command(t("pegs.cmd.boards"), self.to_picker, "B")]

    def open_puzzles(self) -> None:
        """The picker's "Puzzle of the day": the puzzle page for peg solitaire, ESC back to the picker."""
        app = self.app
        app.go_to(PuzzlePicker(app, lambda: app.go_to(self), [self.spec]))

    def to_picker(self) -> None:
        self.screen = "pick"
        self.pick_index = self.entries().index(self.entry) if self.entry in self.entries() else 0

    def hint(self) -> None:
        if self.session is None or self.session.outcome is not None:
            self.flash(t("msg.no_hint"))
            return
        self.want_hint = True
        self.show_known_hint()
        if self.want_hint:
            self.flash(t("pegs.hint.wait"))

    def show_known_hint(self) -> None:
        known = self.peg_solver.known(self.state.marbles)
        if known is None:
            return
        self.want_hint = False
        if known:
            self.hint_jump = self.peg_solver.line[self.state.marbles]
            self.hint_frames = HINT_FRAMES
            self.flash(t("pegs.hint", jump=str(self.hint_jump)))
            self.app.sound("hint")
        else:
            self.flash(t("pegs.hint.none"))

    def light(self) -> bool | None:
        return self.peg_solver.known(self.state.marbles) if self.session is not None else None

    # What the evaluation and the review study (shell/insight.py): the board played, beside the light.

    def game_shown(self) -> Session | None:
        return self.session if self.screen == "play" else None

    def engine_busy(self) -> bool:
        return self.want_hint

    def engine_background(self) -> bool:
        return self.game_shown() is not None and self.light() is None

    # The frame.

    def tick(self) -> None:
        """The hop goes on and the solver thinks a slice per frame (under help and menus too) for the
        light and the hint."""
        if self.hop is not None:
            was_past = self.hop.past_middle
            self.hop.step()
            if self.hop.past_middle and not was_past:
                self.app.sound("remove")
            if self.hop.done:
                self.finish_hop()
        if self.session is None or self.screen != "play" or self.light() is not None:
            return
        if self.search is None or self.search.state.marbles != self.state.marbles:
            self.search = PegSearch(self.peg_solver, self.state)
        self.search.step(self.app.think_ms(self.think_ms_per_frame))
        if self.want_hint and self.search.finished:
            self.show_known_hint()

    def update(self, inp: Input) -> None:
        super().update(inp)
        if self.hint_frames:
            self.hint_frames -= 1
        if self.screen == "pick":
            self.update_pick(inp)
        else:
            self.update_play(inp)

    def update_pick(self, inp: Input) -> None:
        entries = self.entries()
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
        elif inp.pressed(Action.BACK):
            self.back_from_picker()
        elif inp.pressed(Action.UP):
            self.pick_index = (self.pick_index - 1) % len(entries)
        elif inp.pressed(Action.DOWN):
            self.pick_index = (self.pick_index + 1) % len(entries)
        elif inp.pressed(Action.SELECT):
            self.pick(entries[self.pick_index])
        elif hotkeys.pressed(inp, PUZZLE_KEY, self.hotkeys.clicked(inp)):
            self.open_puzzles()
        elif inp.clicked:
            row = inp.mouse_y // ui.CELL - 5
            if row >= 0 and row % 2 == 0 and row // 2 < len(entries):
                self.pick_index = row // 2
                self.pick(entries[self.pick_index])

    def pick(self, entry: str) -> None:
        """A board chosen on the picker: a new game on it, after a yes if one is in progress (no keeps it)."""
        self.ask_before_discarding(lambda: self.play_entry(entry), on_no=self.back_from_picker)

    def back_from_picker(self) -> None:
        """ESC on the picker: back to the game it was opened from, or out of peg solitaire."""
        if self.session is not None:
            self.screen = "play"
        else:
            self.leave()

    def finish_hop(self) -> None:
        """The hopper lands: the true position shows, with the end's sounds if the jump ended the
        game (cut short before the middle, the jumped marble's too)."""
        if self.hop is not None:
            hop, self.hop = self.hop, None
            for name in ("remove",) * (not hop.past_middle) + hop.sounds:
                self.app.sound(name)

    def play_keys(self) -> dict:
        """The keys play reads besides the actions (undo, redo, hint), and what each does: Space
        starts again (the chapter's exercise 2; undoable, so it asks nothing)."""
        return {self.restart_hotkey: self.restart, "B": self.to_picker}

    def update_play(self, inp: Input) -> None:
        if self.hop is not None and inp.any_key():
            self.finish_hop()  # and the key still does its own work: nothing pressed is lost
        key = self.hotkeys.clicked(inp)
        for name, command in self.play_keys().items():
            if hotkeys.pressed(inp, name, key):
                command()
                return
        if key in ("Z", "Y", "H"):
            {"Z": self.undo, "Y": self.redo, "H": self.hint}[key]()
            return
        if self.handle_common(inp, key):
            return
        if self.session.outcome is not None:  # the seed: after game over the board takes no input
            self.dragging = self.picked = None
            return
        self.mouse(inp)
        self.keys(inp)

    def mouse(self, inp: Input) -> None:
        layout = self.layout
        if inp.clicked:
            cell = layout.cell_at(inp.mouse_x, inp.mouse_y)
            self.press(cell)
            self.dragging = cell if self.state.has_marble(cell) else None
            self.picked = None
            if self.dragging is not None:
                self.app.sound("pick")
        elif inp.released and self.dragging is not None:
            start, self.dragging = self.dragging, None
            self.release(start, layout.cell_at(inp.mouse_x, inp.mouse_y), (inp.mouse_x, inp.mouse_y))

    def keys(self, inp: Input) -> None:
        if self.cursor is None:
            return
        # The triangle has six directions and four arrows: there an arrow that jumped could bar the
        # cursor's way to a hole a slanting jump reaches, so its arrows only move the cursor.
        arrows_jump = self.picked is not None and not self.state.board.triangular
        for action, direction in DIRECTIONS.items():
            if inp.pressed(action):
                if arrows_jump and self.jump_from_picked(direction):
                    return
                self.move_cursor(direction)
                return
        if inp.pressed(Action.SELECT):
            if self.picked is None or self.picked == self.cursor:
                self.press(self.cursor)
                self.picked = self.cursor if self.state.has_marble(self.cursor) and self.picked is None else None
                if self.picked is not None:
                    self.app.sound("pick")
            elif self.state.has_marble(self.cursor):
                self.press(self.cursor)
                self.picked = self.cursor
                self.app.sound("pick")
            else:
                start, self.picked = self.picked, None
                self.release(start, self.cursor)

    def jump_from_picked(self, direction) -> bool:
        dest = (self.picked[0] + 2 * direction[0], self.picked[1] + 2 * direction[1])
        if Jump(self.picked, dest) not in RULES.legal_moves(self.state):
            return False
        start, self.picked = self.picked, None
        self.release(start, dest)
        return True

    def move_cursor(self, direction) -> None:
        x, y = self.cursor
        board = self.state.board
        for step in range(1, max(board.width, board.height)):
            cell = (x + step * direction[0], y + step * direction[1])
            if cell in board.holes:
                self.cursor = cell
                return

    def where(self, key: str, cell) -> tuple[str, dict]:
        """A status line about ``cell``, named as in the jumps (d2); beside the board it says so."""
        if cell not in self.state.board.holes:
            return key + ".off", {}
        return key, {"cell": cell_name(cell)}

    def press(self, cell) -> None:
        self.status = self.where("status.found" if self.state.has_marble(cell) else "status.none", cell)

    def release(self, start, dest, from_px: tuple[int, int] | None = None) -> None:
        """The marble picked at ``start`` let go over ``dest`` (a drag's at the pointer ``from_px``)."""
        where = self.where("status.valid", dest)[1]
        before, jump = self.state, Jump(start, dest)
        try:
            self.session.play(jump)
        except IllegalMoveError:
            self.status = self.where("status.invalid", dest)
            self.app.sound("refused")
            return
        self.finish_hop()
        self.on_session_changed()
        self.cursor = dest
        self.status = self.end_status() or ("status.valid", where)
        self.app.sound("jump")
        end: tuple[str, ...] = ()
        if self.session.outcome is not None:
            end = ("won" if self.session.outcome.score == 1 else "dead_end",) + (("best",) if self.record_best() else ())
        centre = self.layout.centre
        self.hop = Hop(before, jump, from_px or centre(start), centre(dest), self.layout.size, end)
        self.after_move()

    # Drawing.

    def draw(self) -> None:
        self.hotkeys.clear()
        if self.screen == "pick":
            self.draw_pick()
        else:
            self.draw_play()

    def draw_pick(self) -> None:
        self.title(t("pegs.word.pick"))
        for index, entry in enumerate(self.entries()):
            chosen = index == self.pick_index
            colour = palette.WHITE if chosen else palette.TEXT
            ui.text_at(3, 5 + 2 * index, (">" if chosen else " ") + " " + t(f"pegs.board.{entry}"), colour)
        if self.custom is None:
            ui.text_at(5, 5 + 2 * len(ENTRIES), t("pegs.board.none"), palette.GREY)
        if self.entries()[self.pick_index].endswith(CENTRE_SUFFIX):
            ui.lines(ui.CELL, WARNING_ROW * ui.CELL, ui.wrap(t("pegs.warn.centre"), ui.COLS - 2), palette.YELLOW)
        self.hotkeys.line(1, ui.ROWS - 1, t("pegs.pick.keys"))

    def draw_play(self) -> None:
        word = t("pegs.word.over" if self.session.outcome is not None else "pegs.word.play")
        text = self.message if self.message_frames else t(f"pegs.{self.status[0]}", **self.status[1])
        self.draw_screen(word, t("pegs.keys"), text, self.hotkeys)

    def draw_replay(self, lines) -> None:
        """The board at the replay's moment as undo to it would show it: the cursor where it is, no
        marble picked, no hint."""
        kept = self.picked, self.dragging, self.hint_frames
        self.picked = self.dragging = None
        self.hint_frames = 0
        try:
            self.draw_screen(lines.word, lines.keys, lines.status, lines.bar)
        finally:
            self.picked, self.dragging, self.hint_frames = kept

    def draw_screen(self, word: str, keys: str, status: str, bar: HotkeyBar) -> None:
        state = self.state
        self.title(word)
        self.draw_side(state)
        self.draw_board(state)
        bar.lines(1, ui.lines_above(KEYS_ROW * ui.CELL, keys.count("\n") + 1), keys)  # up from the keys' row
        ui.status_lines(status, STATUS_TOP, palette.WHITE)

    @staticmethod
    def title(word: str) -> None:
        ui.title_box(word, heading=t("pegs.title"), heading_col=HEADING_COL)

    def draw_side(self, state: PegState) -> None:
        rows = [("side.marbles", str(state.marble_count)), ("side.jumps", str(state.jumps)), ("side.moves", str(state.moves))]
        best = self.best()
        rows.append(("side.best", "-" if best is None else f"{best[0]}/{best[1]}"))
        if state.board.name in RECORDS:
            rows.append(("side.record", str(RECORDS[state.board.name])))
        for index, (key, value) in enumerate(rows):
            ui.block(ui.CELL, (SIDE_ROW + 3 * index) * ui.CELL, [(t(f"pegs.{key}"), palette.GREY), (value, palette.WHITE)],
                     SIDE_COLS)
        ui.text_at(30, SIDE_ROW, t("pegs.side.light"), palette.GREY)
        light = self.light()
        colour = palette.GREEN if light else palette.RED if light is False else palette.GREY
        pyxel.circ(31 * ui.CELL + 3, (SIDE_ROW + 2) * ui.CELL + 3, 4, colour)
        word = "light.yes" if light else "light.no" if light is False else "light.wait"
        ui.text_at(33, SIDE_ROW + 2, t(f"pegs.{word}"), palette.WHITE)
        self.insight.draw_column(self.hotkeys, 30, SIDE_ROW + 4, ui.COLS - 31)

    def draw_board(self, state: PegState) -> None:
        layout = self.layout
        radius = layout.size // 2 - 2
        for label, x, y in layout.column_labels() + layout.row_labels():
            ui.text(x, y, label, palette.GREY)
        blink = pyxel.frame_count // 15 % 2 == 0
        hop = self.hop
        last = self.session.last_move()
        marked = (last.start, last.dest) if last is not None else ()
        for cell in state.board.holes:
            cx, cy = layout.centre(cell)
            pyxel.circ(cx, cy, radius, palette.BROWN)
            pyxel.circ(cx, cy, 2, LAST_JUMP if cell in marked else palette.BLACK)
            lifted = cell in (self.dragging, self.picked)
            if (state.has_marble(cell) if hop is None else hop.shown_marble(cell)) and cell != self.dragging:
                self.draw_marble(cx, cy - (1 if lifted else 0), radius - 1, palette.YELLOW if lifted else palette.LIGHT_GREY)
                if cell in marked:
                    pyxel.circ(cx, cy - (1 if lifted else 0), 2, LAST_MARBLE)
            if self.hint_frames and self.hint_jump is not None and cell in (self.hint_jump.start, self.hint_jump.dest) and blink:
                pyxel.circb(cx, cy, radius + 1, palette.WHITE)
            if cell == self.cursor:
                pyxel.rectb(cx - layout.size // 2, cy - layout.size // 2, layout.size, layout.size, palette.CYAN)
        if hop is not None:
            pyxel.circ(*hop.ground(), radius - 2, palette.DARK_GREY)  # its shadow
            self.draw_marble(*hop.where(), radius - 1 + round(GROW_PX * hop.rise()), palette.YELLOW)
        if self.dragging is not None:  # the seed's setLocationOffset: the picture follows the pointer
            self.draw_marble(self.app.input.mouse_x, self.app.input.mouse_y, radius - 1, palette.YELLOW)

    @staticmethod
    def draw_marble(x: int, y: int, radius: int, colour: int) -> None:
        pyxel.circ(x, y, radius, colour)
        pyxel.circb(x, y, radius, palette.DARK_GREY)
        pyxel.pset(x - radius // 3, y - radius // 3, palette.WHITE)
