"""Connect 4 (Vier gewinnt): choosing the players, then the board.

The rules live in ``rules/connect4.py`` and the opponents in ``ai/connect4.py``;
this file keeps what the player sees and touches: the setup screens (mode,
computer level, names, colours), the column cursor, the falling disc and the
search that the computer (or a hint) advances a few milliseconds per frame.
Who plays is the session's meta, so a saved game comes back with its players.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from ..ai.connect4 import LEVELS, Connect4Search, primitive_move
from ..input import Action, Input
from ..input.mapping import pad_code
from ..rules.base import IllegalMoveError
from ..rules.connect4 import HEIGHT, RULES, WIDTH, Connect4
from ..session import Session
from ..shell import palette, ui
from ..shell.chooser import Chooser
from ..shell.glyphs import GLYPHS
from ..shell.strings import STRINGS, t
from .base import Cartridge, Command

MODE_COMPUTER, MODE_TWO = "computer", "two"
MODES = (MODE_COMPUTER, MODE_TWO)
COLOURS = ("red", "green", "yellow", "blue")
# Blue discs cannot be BLUE: that is the screen itself, so they are light blue with a dark rim.
DISC_INK = {"red": palette.RED, "green": palette.GREEN, "yellow": palette.YELLOW, "blue": palette.LIGHT_BLUE}
DISC_RIM = {"red": palette.LIGHT_RED, "green": palette.LIGHT_GREEN, "yellow": palette.WHITE, "blue": palette.BLUE}
LEVEL_KEYS = tuple(key for key, _ in LEVELS)
# Seats are the order of play (0 drops first).  The setup puts the human in seat 0, as in
# the original; after each finished game against the computer the other side starts.
HUMAN, COMPUTER = 0, 1

NAME_MAX = 12
NAME_FORBIDDEN = set("[]")  # brackets would turn into hotkey marks where text is drawn
KEYBOARD_ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZÄÖÜ-", "0123456789")
KEYBOARD_SPECIALS = ("space", "delete", "done")
KEY_PITCH_COLS, KEY_PITCH_ROWS = 3, 2
KEYBOARD_COL, KEYBOARD_ROW = 5, 10
NAME_ROW = 8
SPECIAL_COLS = (5, 15, 25)  # left cell of each wide key on the last keyboard row
SPECIAL_WIDTH = 9
KEYBOARD_WIDTH = len(KEYBOARD_ROWS[0])

CHOICE_PITCH = 2  # text rows from one listed choice to the next
COLOUR_ROW = 8

CELL_PX = 3 * ui.CELL
DISC_R = 10
BOARD_X, BOARD_Y = ui.CELL, 4 * ui.CELL
BOARD_W, BOARD_H = WIDTH * CELL_PX, HEIGHT * CELL_PX
CURSOR_ROW = 3
LETTER_ROW = BOARD_Y // ui.CELL + BOARD_H // ui.CELL
PANEL_COL = 24
STATUS_ROW = ui.ROWS - 2

# Search time a frame (the web build has no threads).  A step overshoots by well under
# 1 ms and the board draws in under 1 ms: frames stay near 10 ms at p99 (see the bench),
# and the top level's 2 s of search take about 4 s of play, not 8 s as at 4 ms.
THINK_MS_PER_FRAME = 8
HINT_BUDGET_MS = 500
MIN_THINK_FRAMES = 20  # so the player sees the computer "think" even when it knows at once
GRAVITY, START_SPEED = 1.0, 2.0

SOUND_DROP, SOUND_REFUSED, SOUND_WON, SOUND_CHOOSE, SOUND_SELECT, SOUND_HINT = 0, 1, 3, 4, 5, 7

COLUMN_LETTERS = "ABCDEFG"
COMMAND_LETTERS = "HZYRXQNMP"


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
        pyxel.circb(x, y, r - 3, DISC_RIM[colour] if colour == "blue" else DISC_INK[colour])
        pyxel.pset(x - r // 2, y - r // 2, palette.WHITE)


def colour_name(colour: str) -> str:
    return t(f"connect4.colour.{colour}")


def level_label(level: str) -> str:
    key = f"connect4.level.{level}"
    return t(key) if key in STRINGS["en"] else dict(LEVELS)[level]


def pad_pressed(inp: Input, action: Action) -> bool:
    """``action`` from the gamepad alone: on the name screen the keyboard types instead."""
    if not inp.pad_enabled:
        return False
    return any(pyxel.btnp(pad_code(name)) for name in inp.bindings.pad_buttons(action))


def special_under(key_col: int) -> int:
    """The wide key (space, delete, done) nearest below letter column ``key_col``."""
    centre = KEYBOARD_COL + key_col * KEY_PITCH_COLS
    return min(range(len(SPECIAL_COLS)), key=lambda i: abs(SPECIAL_COLS[i] + SPECIAL_WIDTH // 2 - centre))


def letter_over(special: int) -> int:
    """The letter column nearest above the middle of wide key ``special``."""
    centre = SPECIAL_COLS[special] + SPECIAL_WIDTH // 2
    return min(range(KEYBOARD_WIDTH), key=lambda c: abs(KEYBOARD_COL + c * KEY_PITCH_COLS - centre))


def clean_name(text: str) -> str:
    return "".join(ch for ch in text if ch in GLYPHS and ch not in NAME_FORBIDDEN and ch.isprintable())


class Connect4Cartridge(Cartridge):
    key = "connect4"
    rules = RULES

    def __init__(self, app) -> None:
        super().__init__(app)
        self.phase = "mode"
        self.mode = MODE_COMPUTER
        self.level = LEVEL_KEYS[0]
        self.names = ["", ""]
        self.colours: list[str | None] = [None, None]
        self.computer_seat = COMPUTER
        self.seat = 0  # whose name or colour the setup asks for
        self.typed = ""
        self.key_row = self.key_col = 0
        self.chooser = Chooser(len(MODES), 0, ui.CELL)
        self.cursor = WIDTH // 2
        self.falling: Falling | None = None
        self.search: Connect4Search | None = None
        self.search_is_hint = False
        self.think_frames = 0
        self.hint_column: int | None = None
        self.frame = 0

    # What the menu shows.

    @classmethod
    def draw_preview(cls, x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        pattern = ("       ", "       ", "   r   ", "  rry  ", " ryyr  ", "ryyyrr ")  # rows top down
        for row, line in enumerate(pattern):
            for column, mark in enumerate(line):
                ink = {"r": palette.RED, "y": palette.YELLOW}.get(mark, palette.DARK_GREY)
                pyxel.elli(x + 3 + column * 6, y + 1 + row * 5, 5, 4, ink)

    def help_text(self) -> str:
        return t("connect4.help")

    # Lifecycle.

    def start(self) -> None:
        self.begin_setup()

    def begin_setup(self) -> None:
        self.session = None
        self.stop_thinking()
        self.falling = None
        self.names, self.colours, self.seat = ["", ""], [None, None], 0
        self.computer_seat = COMPUTER
        self.go_to_phase("mode")

    def go_to_phase(self, phase: str) -> None:
        self.phase = phase
        self.typed = ""
        self.message_frames = 0
        if phase == "mode":
            self.chooser = Chooser(len(MODES), 6 * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, 38 * ui.CELL)
            self.chooser.index = MODES.index(self.mode)
        elif phase == "level":
            self.chooser = Chooser(len(LEVEL_KEYS), 6 * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, 38 * ui.CELL)
            self.chooser.index = LEVEL_KEYS.index(self.level)
        elif phase == "colour":
            self.chooser = Chooser(len(COLOURS), COLOUR_ROW * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, 38 * ui.CELL)
            taken = self.colours[1 - self.seat] if self.seat else None
            self.chooser.index = next(i for i, c in enumerate(COLOURS) if c != taken)
        elif phase == "name":
            self.key_row = self.key_col = 0

    def new_game(self, other_side_starts: bool = False) -> None:
        """A new game with the same players; against the computer, ``other_side_starts``
        hands the first move to whoever moved second."""
        if other_side_starts and self.mode == MODE_COMPUTER:
            self.names.reverse()
            self.colours.reverse()
            self.computer_seat = 1 - self.computer_seat
        meta = {"mode": self.mode, "name1": self.names[0], "colour1": self.colours[0], "colour2": self.colours[1]}
        if self.mode == MODE_COMPUTER:
            meta["level"] = self.level
            meta["computer"] = str(self.computer_seat + 1)
        if self.names[1]:
            meta["name2"] = self.names[1]
        self.session = Session(RULES, RULES.initial_state(), meta)
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str]) -> Connect4:
        players_from_meta(meta)
        return RULES.state_from_text(text)

    def on_session_changed(self) -> None:
        self.mode, self.level, self.names, self.colours, self.computer_seat = players_from_meta(self.session.meta)
        self.phase = "play"
        self.stop_thinking()
        self.falling = None
        self.hint_column = None

    # Who is who.

    @property
    def state(self) -> Connect4:
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session.outcome is not None

    def player_name(self, seat: int) -> str:
        if self.is_computer(seat):
            return t(f"connect4.ai_name.{self.level}") if f"connect4.ai_name.{self.level}" in STRINGS["en"] else "AI"
        # Against the computer the human stays "Player 1", whoever starts.
        number = 1 if self.mode == MODE_COMPUTER else seat + 1
        return self.names[seat] or t("connect4.default_name", n=number)

    def player_label(self, seat: int) -> str:
        """"Player 1 (Red)", as the original prints the player."""
        return f"{self.player_name(seat)} ({colour_name(self.colours[seat])})"

    def is_computer(self, seat: int) -> bool:
        return self.mode == MODE_COMPUTER and seat == self.computer_seat

    def computer_to_move(self) -> bool:
        return not self.over and self.is_computer(RULES.to_move(self.state))

    def end_text(self) -> str:
        outcome = self.session.outcome
        if outcome.winner is None:
            return t("connect4.draw")
        stones = RULES.format_stones(RULES.winning_line(self.state))
        return t("connect4.won", player=self.player_label(outcome.winner), stones=stones)

    # Setup screens.

    def update(self, inp: Input) -> None:
        super().update(inp)
        self.frame += 1
        {"mode": self.update_mode, "level": self.update_level, "name": self.update_name,
         "colour": self.update_colour, "play": self.update_play}[self.phase](inp)

    def choice_by_digit(self, count: int) -> int | None:
        for i in range(count):
            if self.app.input.hotkey(str(i + 1)):
                return i
        return None

    def update_mode(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.app.leave_cartridge(ask=False)
            return
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
            return
        chosen = self.choice_by_digit(len(MODES))
        chosen = self.chooser.update(inp) if chosen is None else chosen
        if chosen is None:
            self.refuse_typed(inp.typed(), "12")
            return
        self.app.sound(SOUND_SELECT)
        self.mode = MODES[chosen]
        self.names, self.colours, self.seat = ["", ""], [None, None], 0
        self.go_to_phase("level" if self.mode == MODE_COMPUTER else "name")

    def update_level(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.go_to_phase("mode")
            return
        chosen = self.choice_by_digit(len(LEVEL_KEYS))
        chosen = self.chooser.update(inp) if chosen is None else chosen
        if chosen is None:
            self.refuse_typed(inp.typed(), "12345"[: len(LEVEL_KEYS)])
            return
        self.app.sound(SOUND_SELECT)
        self.level = LEVEL_KEYS[chosen]
        self.go_to_phase("name")

    def refuse_typed(self, typed: str, allowed: str) -> None:
        """A typed character that chooses nothing gets the original's "Invalid choice!"."""
        if any(not ch.isspace() and ch not in allowed for ch in typed):
            self.flash(t("connect4.invalid"))
            self.app.sound(SOUND_REFUSED)

    def keyboard_keys(self) -> list[tuple[str, int, int, int]]:
        """(key, col, row, width in cells) of every key of the on-screen keyboard."""
        keys = []
        for r, letters in enumerate(KEYBOARD_ROWS):
            for c, letter in enumerate(letters):
                keys.append((letter, KEYBOARD_COL + c * KEY_PITCH_COLS, KEYBOARD_ROW + r * KEY_PITCH_ROWS, 1))
        special_row = KEYBOARD_ROW + len(KEYBOARD_ROWS) * KEY_PITCH_ROWS
        for special, col in zip(KEYBOARD_SPECIALS, SPECIAL_COLS):
            keys.append((special, col, special_row, SPECIAL_WIDTH))
        return keys

    def keyboard_letter(self, letter: str) -> str:
        """Letters come out capital at the start of a word, small after that."""
        if not letter.isalpha():
            return letter
        capital = not self.typed or self.typed[-1] in " -"
        return letter.upper() if capital else letter.lower()

    def move_keyboard_cursor(self, inp: Input) -> None:
        """The pad's d-pad walks the keyboard; the wide keys sit under the letters they cover."""
        rows = len(KEYBOARD_ROWS) + 1
        if inp.pressed(Action.UP):
            self.key_row = (self.key_row - 1) % rows
        if inp.pressed(Action.DOWN):
            self.key_row = (self.key_row + 1) % rows
        step = inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        if not step:
            return
        if self.key_row < len(KEYBOARD_ROWS):
            self.key_col = (self.key_col + step) % KEYBOARD_WIDTH
        else:
            special = (special_under(self.key_col) + step) % len(KEYBOARD_SPECIALS)
            self.key_col = letter_over(special)

    @property
    def keyboard_index(self) -> int:
        """Index into ``keyboard_keys()`` of the key under the cursor."""
        if self.key_row < len(KEYBOARD_ROWS):
            return self.key_row * KEYBOARD_WIDTH + self.key_col
        return len(KEYBOARD_ROWS) * KEYBOARD_WIDTH + special_under(self.key_col)

    @keyboard_index.setter
    def keyboard_index(self, index: int) -> None:
        letters = len(KEYBOARD_ROWS) * KEYBOARD_WIDTH
        if index < letters:
            self.key_row, self.key_col = divmod(index, KEYBOARD_WIDTH)
        else:
            self.key_row, self.key_col = len(KEYBOARD_ROWS), letter_over(index - letters)

    def press_keyboard_key(self, key: str) -> None:
        if key == "space":
            self.type_text(" ")
        elif key == "delete":
            self.typed = self.typed[:-1]
        elif key == "done":
            self.accept_name()
        else:
            self.type_text(self.keyboard_letter(key))

    def type_text(self, text: str) -> None:
        text = clean_name(text)
        if not self.typed:
            text = text.lstrip()  # a name never starts with a space
        if len(self.typed) + len(text) > NAME_MAX:
            self.flash(t("connect4.name_too_long", n=NAME_MAX))
            self.app.sound(SOUND_REFUSED)
            text = text[: max(0, NAME_MAX - len(self.typed))]
        self.typed += text

    def accept_name(self) -> None:
        self.names[self.seat] = self.typed.strip()  # empty: "Player 1" in the language shown
        self.app.sound(SOUND_SELECT)
        self.go_to_phase("colour")

    def update_name(self, inp: Input) -> None:
        if inp.hotkey("RETURN") or inp.hotkey("KP_ENTER") or inp.pressed(Action.MENU):
            self.accept_name()
            return
        if inp.hotkey("ESCAPE") or (pad_pressed(inp, Action.BACK) and not self.typed):
            self.step_back()
            return
        if inp.hotkey("BACKSPACE") or pad_pressed(inp, Action.BACK):
            self.typed = self.typed[:-1]
            return
        typed = inp.typed()
        if typed:
            self.type_text(typed)
        self.move_keyboard_cursor(inp)
        keys = self.keyboard_keys()
        if pad_pressed(inp, Action.SELECT):
            self.press_keyboard_key(keys[self.keyboard_index][0])
        elif inp.clicked:
            for index, (key, col, row, width) in enumerate(keys):
                if col * ui.CELL <= inp.mouse_x < (col + width) * ui.CELL and row * ui.CELL <= inp.mouse_y < (row + 1) * ui.CELL:
                    self.keyboard_index = index
                    self.press_keyboard_key(key)
                    break

    def step_back(self) -> None:
        """ESC in the setup: one question back."""
        if self.phase == "colour":
            self.go_to_phase("name")
            self.typed = self.names[self.seat]
        elif self.seat == 1:
            self.seat = 0
            self.go_to_phase("colour")
        elif self.mode == MODE_COMPUTER:
            self.go_to_phase("level")
        else:
            self.go_to_phase("mode")

    def colour_from_text(self, text: str) -> str | None:
        wanted = text.strip().casefold()
        for colour in COLOURS:
            names = {STRINGS[language][f"connect4.colour.{colour}"].casefold() for language in STRINGS}
            if wanted in names:
                return colour
        return None

    def choose_colour(self, colour: str | None) -> None:
        taken = self.colours[0] if self.seat == 1 else None
        if colour is None:
            self.flash(t("connect4.invalid"))
            self.app.sound(SOUND_REFUSED)
            return
        if colour == taken:
            self.flash(t("connect4.colour_taken", colour=colour_name(colour), player=self.player_name(0)))
            self.app.sound(SOUND_REFUSED)
            return
        self.colours[self.seat] = colour
        self.app.sound(SOUND_SELECT)
        if self.seat == 0 and self.mode == MODE_TWO:
            self.seat = 1
            self.go_to_phase("name")
            return
        if self.mode == MODE_COMPUTER:
            self.colours[COMPUTER] = self.app.rng.choice([c for c in COLOURS if c != colour])
            self.computer_seat = COMPUTER
        self.new_game()

    def update_colour(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            if self.typed:
                self.typed = ""
            else:
                self.step_back()
            return
        if inp.hotkey("BACKSPACE"):
            self.typed = self.typed[:-1]
            return
        if self.typed and (inp.hotkey("RETURN") or inp.hotkey("KP_ENTER")):
            self.choose_colour(self.colour_from_text(self.typed))
            self.typed = ""
            return
        chosen = self.choice_by_digit(len(COLOURS))
        if chosen is None and not self.typed:
            chosen = self.chooser.update(inp)
        if chosen is not None:
            self.choose_colour(COLOURS[chosen])
            return
        typed = "".join(ch for ch in inp.typed() if not ch.isdigit())
        if typed.strip() or (typed and self.typed):
            self.typed = (self.typed + clean_name(typed))[:NAME_MAX]
        elif any(ch.isdigit() for ch in inp.typed()):
            self.flash(t("connect4.invalid"))
            self.app.sound(SOUND_REFUSED)

    # Play.

    def update_play(self, inp: Input) -> None:
        self.advance_fall()
        self.advance_search()
        if self.handle_common(inp):
            return
        if inp.hotkey("R"):
            self.ask_restart()
            return
        if inp.hotkey("X") or inp.hotkey("Q"):
            self.leave()
            return
        if self.over:
            self.update_over(inp)
            return
        if inp.pressed(Action.LEFT):
            self.cursor = (self.cursor - 1) % WIDTH
            self.app.sound(SOUND_CHOOSE)
        if inp.pressed(Action.RIGHT):
            self.cursor = (self.cursor + 1) % WIDTH
            self.app.sound(SOUND_CHOOSE)
        column = self.column_chosen(inp)
        if column is not None:
            self.drop(column)
        else:
            self.refuse_typed(inp.typed(), COLUMN_LETTERS + COLUMN_LETTERS.lower() + "1234567" + COMMAND_LETTERS + COMMAND_LETTERS.lower())

    def update_over(self, inp: Input) -> None:
        if self.falling is not None:
            return
        if inp.hotkey("N") or inp.pressed(Action.SELECT) or (inp.clicked and self.board_column_at(inp) is not None):
            self.app.sound(SOUND_SELECT)
            self.new_game(other_side_starts=True)
        elif inp.hotkey("P"):
            self.begin_setup()
        elif inp.hotkey("M"):
            self.app.leave_cartridge(ask=False)

    def board_column_at(self, inp: Input) -> int | None:
        if not (BOARD_X <= inp.mouse_x < BOARD_X + BOARD_W and CURSOR_ROW * ui.CELL <= inp.mouse_y < BOARD_Y + BOARD_H):
            return None
        return (inp.mouse_x - BOARD_X) // CELL_PX

    def column_chosen(self, inp: Input) -> int | None:
        for column, letter in enumerate(COLUMN_LETTERS):
            if inp.hotkey(letter) or inp.hotkey(str(column + 1)):
                return column
        if inp.pressed(Action.SELECT) or inp.pressed(Action.DOWN):
            return self.cursor
        if inp.mouse_enabled:
            under = self.board_column_at(inp)
            if under is not None and (inp.mouse_moved or inp.clicked):
                self.cursor = under
            if under is not None and inp.clicked:
                return under
        return None

    def drop(self, column: int) -> None:
        if self.computer_to_move():
            self.flash(t("connect4.wait_thinking"))
            return
        if RULES.is_column_full(self.state, column):
            self.flash(t("connect4.column_full"))
            self.app.sound(SOUND_REFUSED)
            return
        self.cursor = column
        self.play(column)

    def play(self, column: int) -> None:
        self.land()
        self.stop_thinking()
        row = RULES.landing_row(self.state, column)
        colour = self.colours[RULES.to_move(self.state)]
        self.session.play(column)
        self.hint_column = None
        self.message_frames = 0
        self.falling = Falling(column, row, colour, float(CURSOR_ROW * ui.CELL - CELL_PX // 2))
        self.after_move()

    def advance_fall(self) -> None:
        falling = self.falling
        if falling is None:
            return
        falling.speed += GRAVITY
        falling.y += falling.speed
        if falling.y >= falling.target_y:
            self.land()

    def land(self) -> None:
        if self.falling is None:
            return
        self.falling = None
        self.app.sound(SOUND_WON if self.over and self.session.outcome.winner is not None else SOUND_DROP)

    def stop_thinking(self) -> None:
        self.search = None
        self.search_is_hint = False
        self.think_frames = 0

    def advance_search(self) -> None:
        if self.search is None and self.falling is None and self.computer_to_move():
            self.start_search(self.level, hint=False)
        if self.search is None:
            return
        self.think_frames += 1
        done = self.search.step(THINK_MS_PER_FRAME)
        if not done or (not self.search_is_hint and self.think_frames < MIN_THINK_FRAMES):
            return
        move, is_hint = self.search.best_move, self.search_is_hint
        self.stop_thinking()
        if is_hint:
            self.hint_column = self.cursor = move
            self.flash(t("connect4.hint", column=COLUMN_LETTERS[move]))
            self.app.sound(SOUND_HINT)
            return
        if move is None or RULES.is_column_full(self.state, move):
            move = primitive_move(self.state, self.app.rng)
        try:
            self.play(move)
        except IllegalMoveError:
            self.play(primitive_move(self.state, self.app.rng))

    def start_search(self, level: str, hint: bool) -> None:
        budget = HINT_BUDGET_MS if hint else None
        self.search = Connect4Search(self.state, level, budget_ms=budget, rng=self.app.rng)
        self.search_is_hint = hint
        self.think_frames = 0

    # Shared commands, adjusted: the computer's reply goes with the move it answered.

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo:
            return
        self.session.undo()
        while self.computer_to_move() and self.session.can_undo:
            self.session.undo()
        self.on_session_changed()
        self.after_move()

    def redo(self) -> None:
        if self.session is None or not self.session.redo():
            return
        if self.computer_to_move() and self.session.can_redo:
            self.session.redo()
        self.on_session_changed()
        self.after_move()

    def hint(self) -> None:
        if self.session is None or self.phase != "play" or self.over or self.computer_to_move():
            self.flash(t("msg.no_hint"))
            return
        if self.search is None:
            self.land()
            self.start_search("perfect", hint=True)

    def commands(self) -> list[Command]:
        commands = super().commands() if self.session is not None else []
        return commands + [Command(t("connect4.new_players"), self.begin_setup)]

    # Drawing.

    def draw(self) -> None:
        if self.phase == "play":
            self.draw_play()
        else:
            self.draw_setup()

    def draw_title(self, word: str) -> None:
        ui.title_box(word)
        ui.text_at(14, 1, t("connect4.title"), palette.WHITE)

    def draw_status(self) -> None:
        if self.message_frames:
            for i, line in enumerate(ui.wrap(self.message, ui.COLS - 2)[:2]):
                ui.text_at(1, STATUS_ROW + i, line, palette.WHITE)

    def draw_choices(self, top_row: int, labels: list[str], disabled: set[int] = frozenset()) -> None:
        for i, label in enumerate(labels):
            row = top_row + i * CHOICE_PITCH
            text = f"[{i + 1}] {label}"
            if i == self.chooser.index:
                pyxel.rect(ui.CELL, row * ui.CELL, 38 * ui.CELL, ui.CELL, palette.LIGHT_BLUE)
                ui.hot_at(2, row, text, palette.BLUE, palette.LIGHT_BLUE)
            else:
                ui.hot_at(2, row, text, palette.GREY if i in disabled else palette.TEXT)

    def draw_prompt(self, row: int, text: str, colour: int = palette.TEXT) -> int:
        lines = ui.wrap(text, ui.COLS - 2)
        for i, line in enumerate(lines):
            ui.text_at(1, row + i, line, colour)
        return row + len(lines)

    def draw_setup(self) -> None:
        self.draw_title(t("connect4.word.setup"))
        if self.phase == "mode":
            self.draw_prompt(4, t("connect4.choose_mode"))
            self.draw_choices(6, [t("connect4.mode.computer"), t("connect4.mode.two")])
            self.draw_preview_board()
            ui.hot_at(1, ui.ROWS - 4, t("connect4.keys.choose"))
        elif self.phase == "level":
            self.draw_prompt(4, t("connect4.choose_level"))
            self.draw_choices(6, [level_label(level) for level in LEVEL_KEYS])
            ui.hot_at(1, ui.ROWS - 4, t("connect4.keys.choose"))
        elif self.phase == "name":
            self.draw_name()
        elif self.phase == "colour":
            self.draw_colour()
        self.draw_status()

    def draw_preview_board(self) -> None:
        left, top = 20 * ui.CELL, 10 * ui.CELL
        pyxel.rect(left - 4, top - 4, 56, 40, palette.BLACK)
        self.draw_preview(left, top)

    def draw_seat_heading(self) -> None:
        if self.mode == MODE_TWO:
            ui.text_at(1, 4, t("connect4.seat", n=self.seat + 1), palette.WHITE)

    def draw_name(self) -> None:
        self.draw_seat_heading()
        self.draw_prompt(5, t("connect4.enter_name"))
        cursor = "█" if self.frame // 20 % 2 == 0 else " "
        ui.text_at(1, NAME_ROW, f">> {self.typed}", palette.WHITE)
        ui.text_at(4 + len(self.typed), NAME_ROW, cursor, palette.WHITE)
        ui.text_at(ui.COLS - 18, NAME_ROW, t("connect4.empty_name", name=t("connect4.default_name", n=self.seat + 1)), palette.GREY)
        for index, (key, col, key_row, width) in enumerate(self.keyboard_keys()):
            label = t(f"connect4.key.{key}").center(width) if width > 1 else self.keyboard_letter(key)
            if index == self.keyboard_index:
                ui.reverse(col * ui.CELL, key_row * ui.CELL, label, palette.WHITE)
            else:
                ui.text_at(col, key_row, label, palette.TEXT)
        ui.hot_at(1, ui.ROWS - 4, t("connect4.keys.name"))
        ui.hot_at(1, ui.ROWS - 3, t("connect4.keys.name_pad"))

    def draw_colour(self) -> None:
        self.draw_seat_heading()
        taken = self.colours[0] if self.seat == 1 else None
        free = [colour_name(c) for c in COLOURS if c != taken]
        listed = t("connect4.or").join([", ".join(free[:-1]), free[-1]])
        self.draw_prompt(5, t("connect4.choose_colour", colours=listed))
        labels = []
        for colour in COLOURS:
            label = "   " + colour_name(colour)
            if colour == taken:
                label += "  " + t("connect4.taken_by", player=self.player_name(0))
            labels.append(label)
        self.draw_choices(COLOUR_ROW, labels, {COLOURS.index(taken)} if taken else set())
        for i, colour in enumerate(COLOURS):
            draw_disc(7 * ui.CELL, (COLOUR_ROW + i * CHOICE_PITCH) * ui.CELL + 3, colour, 3)
        typed_row = COLOUR_ROW + len(COLOURS) * CHOICE_PITCH + 1
        ui.text_at(1, typed_row, f">> {self.typed}", palette.WHITE)
        if self.frame // 20 % 2 == 0:
            ui.text_at(4 + len(self.typed), typed_row, "█", palette.WHITE)
        ui.hot_at(1, ui.ROWS - 4, t("connect4.keys.colour"))

    def draw_play(self) -> None:
        outcome = self.session.outcome if self.falling is None else None
        if outcome is None:
            word = t("connect4.word.play")
        else:
            word = t("connect4.word.draw") if outcome.winner is None else t("connect4.word.won")
        self.draw_title(word)
        self.draw_board(outcome is not None)
        self.draw_panel()
        if outcome is not None:
            # The stones listed need up to three lines; the column letters make room.
            for i, line in enumerate(ui.wrap(self.end_text(), ui.COLS - 2)[:3]):
                ui.text_at(1, LETTER_ROW + i, line, palette.YELLOW)
        elif self.message_frames:
            self.draw_status()
        elif self.falling is None:
            seat = RULES.to_move(self.state)
            ui.text_at(1, STATUS_ROW, t("connect4.to_move", player=self.player_label(seat)), palette.WHITE)

    def draw_board(self, show_end: bool) -> None:
        state = self.state
        pyxel.rect(BOARD_X, BOARD_Y, BOARD_W, BOARD_H, palette.BLACK)
        hidden = (self.falling.column, self.falling.row) if self.falling else None
        for x in range(WIDTH):
            for y in range(HEIGHT):
                cx, cy = cell_x(x) + CELL_PX // 2, cell_y(y) + CELL_PX // 2
                seat = state.stone_at(x, y)
                if seat is None or (x, y) == hidden:
                    pyxel.circ(cx, cy, DISC_R, palette.DARK_GREY)
                else:
                    draw_disc(cx, cy, self.colours[seat])
        if self.falling is not None:
            f = self.falling
            pyxel.clip(BOARD_X - 2, CURSOR_ROW * ui.CELL - CELL_PX, BOARD_W + 4, BOARD_H + CELL_PX + ui.CELL + 2)
            draw_disc(cell_x(f.column) + CELL_PX // 2, int(min(f.y, f.target_y)) + CELL_PX // 2, f.colour)
            pyxel.clip()
        if show_end and self.session.outcome.winner is not None:
            blink = self.frame // 15 % 2 == 0
            for x, y in RULES.winning_line(state):
                cx, cy = cell_x(x) + CELL_PX // 2, cell_y(y) + CELL_PX // 2
                pyxel.circb(cx, cy, DISC_R + 1, palette.WHITE if blink else palette.BLACK)
                pyxel.circ(cx, cy, 3, palette.WHITE)
        for column, letter in enumerate(COLUMN_LETTERS if not show_end else ""):
            colour = palette.WHITE if column == self.cursor else palette.TEXT
            ui.text(cell_x(column) + CELL_PX // 2 - ui.CELL // 2, LETTER_ROW * ui.CELL, letter, colour)
        if not show_end and self.falling is None and not self.computer_to_move():
            colour = self.colours[RULES.to_move(state)]
            ax = cell_x(self.cursor) + CELL_PX // 2
            pyxel.tri(ax - 5, CURSOR_ROW * ui.CELL, ax + 5, CURSOR_ROW * ui.CELL, ax, CURSOR_ROW * ui.CELL + 6, DISC_INK[colour])
            pyxel.trib(ax - 5, CURSOR_ROW * ui.CELL, ax + 5, CURSOR_ROW * ui.CELL, ax, CURSOR_ROW * ui.CELL + 6, DISC_RIM[colour])
        if self.hint_column is not None and not show_end and self.frame // 10 % 2 == 0:
            x = cell_x(self.hint_column)
            pyxel.rectb(x, BOARD_Y - 1, CELL_PX, BOARD_H + 2, palette.WHITE)

    def draw_panel(self) -> None:
        to_move = None if self.over or self.falling else RULES.to_move(self.state)
        for seat in (0, 1):
            row = 4 + seat * 3
            if seat == to_move:
                ui.text_at(PANEL_COL, row, "▶", palette.WHITE)
            draw_disc((PANEL_COL + 1) * ui.CELL + 4, row * ui.CELL + 4, self.colours[seat], 4)
            ui.text_at(PANEL_COL + 3, row, self.player_name(seat)[:NAME_MAX], palette.WHITE if seat == to_move else palette.TEXT)
            ui.text_at(PANEL_COL + 3, row + 1, f"({colour_name(self.colours[seat])})", palette.GREY)
        ui.text_at(PANEL_COL, 11, t("connect4.moves", n=self.session.move_count))
        if self.search is not None:
            dots = "." * (self.frame // 10 % 4)
            word = t("connect4.hinting") if self.search_is_hint else t("connect4.thinking")
            ui.text_at(PANEL_COL, 13, word + dots, palette.YELLOW)
        keys = t("connect4.keys.over") if self.over and not self.falling else t("connect4.keys.play")
        for i, line in enumerate(keys.split("\n")):
            ui.hot_at(PANEL_COL, 15 + i, line)


def players_from_meta(meta: dict[str, str]) -> tuple[str, str, list[str], list[str], int]:
    """(mode, level, names, colours, computer's seat) from a save file's meta; ValueError
    names what is wrong.  Saves without ``computer`` have it in seat 1, as before."""
    mode = meta.get("mode", "")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    colours = [meta.get("colour1", ""), meta.get("colour2", "")]
    for colour in colours:
        if colour not in COLOURS:
            raise ValueError(f"unknown colour {colour!r}")
    if colours[0] == colours[1]:
        raise ValueError("both players have the same colour")
    level = meta.get("level", LEVEL_KEYS[0])
    if mode == MODE_COMPUTER and level not in LEVEL_KEYS:
        raise ValueError(f"unknown level {level!r}")
    names = [clean_name(meta.get("name1", ""))[:NAME_MAX], clean_name(meta.get("name2", ""))[:NAME_MAX]]
    computer = meta.get("computer", "2")
    if computer not in ("1", "2"):
        raise ValueError(f"unknown computer seat {computer!r}")
    return mode, level, names, colours, int(computer) - 1
