"""The puzzle choice: ten target pictures of the current set, "random", and the level.

Items the cursor (pad, arrows) walks: targets 1-10 in two rows of five, then a
row of random / easy / normal / hard.  SELECT or a click on a target starts it;
on a level it sets the level.  Keys: 1-9 and 0 pick a target, Z random,
L the next level, B the next puzzle set, V shows the target big, RETURN starts.
"""

from __future__ import annotations

from ...input import Action, Input
from ...shell import palette, ui
from ...shell.chooser import Chooser
from ...shell.strings import t
from ...shell.cartridge import Command
from ...shell.puzzle_picker import PuzzlePicker
from .board import MINI_SIZE, draw_mini, draw_mini_random
from .shared import DISTANCES, LEVELS
from .screen import Screen

TARGET_COLS = (4, 11, 18, 25, 32)  # the minis' left columns; each number sits two columns left of its mini
NUMBER_GAP = 2
LEVEL_COLS = (14, 22, 30)
TARGET_ROWS = (5, 10)  # character rows of the minis' tops
SET_ROW, SET_COL = 15, TARGET_COLS[0] - NUMBER_GAP
RANDOM = 10
LEVEL_ITEMS = {11: "easy", 12: "normal", 13: "hard"}
BOTTOM_ROW = 18  # the random mini's top row; its label and the levels' sit one row above
# The levels' label, words and distances are one block, its lines a LINE_PITCH apart.
LEVEL_Y = (BOTTOM_ROW - 1) * ui.CELL + ui.LINE_PITCH
NAME_ROW = BOTTOM_ROW + 3  # the chosen target's name and best
NAME_COLS = ui.COLS - ui.MARGIN - LEVEL_COLS[0]
FOOTER_ROW = ui.ROWS - 2
DIGITS = "1234567890"
PUZZLE_KEY = "P"  # the puzzle of the day


def distance_text(level: str) -> str:
    lo, hi = DISTANCES[level]
    return f"{lo}-{hi}" if hi is not None else f"{lo}+"


class ChooseScreen(Screen):
    help_key = "bypuzz.help.choose"
    word_key = "bypuzz.word.choose"

    def __init__(self, cart) -> None:
        super().__init__(cart)
        self.items = Chooser(14, boxes=self.item_box, navigate=self.neighbour)
        self.items.index = RANDOM if cart.target_index is None else cart.target_index

    @property
    def index(self) -> int:
        return self.items.index

    # What each item is and where it is drawn.

    @staticmethod
    def item_box(item: int) -> tuple[int, int, int, int]:
        """Pixel rectangle (x, y, w, h) of an item, for the mouse."""
        if item < RANDOM:
            x, y = TARGET_COLS[item % 5] * ui.CELL, TARGET_ROWS[item // 5] * ui.CELL
            return x - NUMBER_GAP * ui.CELL - 2, y - 2, MINI_SIZE + NUMBER_GAP * ui.CELL + 4, MINI_SIZE + 4
        if item == RANDOM:
            x = (TARGET_COLS[0] - NUMBER_GAP) * ui.CELL
            return x - 2, (BOTTOM_ROW - 1) * ui.CELL - 2, MINI_SIZE + NUMBER_GAP * ui.CELL + 4, MINI_SIZE + ui.CELL + 4
        col = LEVEL_COLS[item - RANDOM - 1]
        return col * ui.CELL - 4, LEVEL_Y - 2, 8 * ui.CELL, ui.block_height(2) + 4

    @staticmethod
    def neighbour(item: int, action: Action) -> int:
        """The item next to ``item`` in the direction of ``action``: two rows of five targets,
        then random and the three levels."""
        row, col = (item // 5, item % 5) if item < RANDOM else (2, item - RANDOM)
        if action is Action.LEFT:
            col -= 1
        elif action is Action.RIGHT:
            col += 1
        elif action is Action.UP:
            row -= 1
        else:
            row += 1
        row %= 3
        width = 4 if row == 2 else 5
        col = min(col % width if action in (Action.LEFT, Action.RIGHT) else col, width - 1)
        return RANDOM + col if row == 2 else row * 5 + col

    # Commands.

    def pick(self, item: int) -> None:
        """SELECT on an item: a target or random starts, a level is set."""
        if item in LEVEL_ITEMS:
            self.set_level(LEVEL_ITEMS[item])
            return
        self.cart.target_index = None if item == RANDOM else item
        self.start()

    def start(self) -> None:
        cart = self.cart
        cart.save_choices()
        index = cart.target_index if cart.target_index is not None else self.app.rng.randrange(len(cart.current_set.targets))
        cart.sound("select")
        cart.begin(cart.current_set.targets[index])

    def set_level(self, level: str) -> None:
        self.cart.level = level
        self.cart.save_choices()
        self.cart.sound("select")

    def next_level(self) -> None:
        self.set_level(LEVELS[(LEVELS.index(self.cart.level) + 1) % len(LEVELS)])

    def select_target(self, item: int) -> None:
        self.items.select(item)
        self.cart.target_index = None if item == RANDOM else item
        self.cart.save_choices()
        self.cart.sound("cursor")

    def next_set(self) -> None:
        self.cart.cycle_set()
        self.cart.sound("select")

    def view(self) -> None:
        cart = self.cart
        if cart.target_index is None:
            cart.flash(t("bypuzz.choose.random_view"))
            return
        cart.set_goal(cart.current_set.targets[cart.target_index])
        cart.show_target()

    def commands(self) -> list[Command]:
        return [
            Command(t("bypuzz.cmd.start"), self.start),
            Command(t("bypuzz.cmd.random"), lambda: self.pick(RANDOM), "Z"),
            Command(t("bypuzz.cmd.level"), self.next_level, "L"),
            Command(t("bypuzz.cmd.set"), self.next_set, "B"),
            Command(t("bypuzz.cmd.view"), self.view, "V"),
            Command(t("bypuzz.cmd.config"), self.cart.start, "C"),
            Command(t("puzzle.mode"), self.open_puzzles, PUZZLE_KEY),
        ]

    def open_puzzles(self) -> None:
        """"Puzzle of the day": the puzzle page for ByPuzz, ESC back to this choice."""
        app, cart = self.app, self.cart
        app.go_to(PuzzlePicker(app, lambda: app.go_to(cart), [cart.spec]))

    # The frame.

    def update(self, inp: Input) -> None:
        super().update(inp)
        clicked = self.clicked_key(inp)
        for i, digit in enumerate(DIGITS):
            if self.key(inp, digit, clicked):
                self.select_target(i)
                return
        if self.return_key(inp):
            self.start()
        elif self.key(inp, "Z", clicked):
            self.pick(RANDOM)
        elif self.key(inp, "L", clicked):
            self.next_level()
        elif self.key(inp, "B", clicked):
            self.next_set()
        elif self.key(inp, "V", clicked):
            self.view()
        elif self.key(inp, "C", clicked):
            self.cart.start()
        elif self.key(inp, PUZZLE_KEY, clicked):
            self.open_puzzles()
        elif self.key(inp, "X", clicked) or self.key(inp, "Q", clicked) or inp.pressed(Action.BACK):
            self.cart.ask_quit()
        elif self.key(inp, "R", clicked):
            self.cart.ask_new_target()
        else:
            chosen = self.items.update(inp)
            if self.items.moved:
                self.cart.sound("cursor")
            if chosen is not None:
                self.pick(chosen)

    def draw(self) -> None:
        cart = self.cart
        self.title()
        puzzle_set = cart.current_set
        count = len(cart.puzzle_sets)
        label = t("bypuzz.choose.set")
        self.hot_line(SET_COL, SET_ROW, label)
        col = SET_COL + ui.plain_length(label) + 1
        ui.scroller(SET_ROW * ui.CELL, t("bypuzz.choose.set_name", name=puzzle_set.name, n=cart.set_index + 1, of=count), self.frame,
                    col=col, cols=ui.COLS - ui.MARGIN - col, centre=False)
        for item, target in enumerate(puzzle_set.targets):
            col, row = TARGET_COLS[item % 5], TARGET_ROWS[item // 5]
            chosen = cart.target_index == item
            frame = palette.WHITE if item == self.index else palette.GREEN if chosen else None
            self.hot_line(col - NUMBER_GAP, row, f"[{DIGITS[item]}]", palette.GREEN if chosen else palette.TEXT)
            draw_mini(col * ui.CELL, row * ui.CELL, target, frame)
        chosen = cart.target_index is None
        frame = palette.WHITE if self.index == RANDOM else palette.GREEN if chosen else None
        self.hot_line(TARGET_COLS[0] - NUMBER_GAP, BOTTOM_ROW - 1, t("bypuzz.choose.random"), palette.GREEN if chosen else palette.TEXT)
        draw_mini_random(TARGET_COLS[0] * ui.CELL, BOTTOM_ROW * ui.CELL, frame)
        self.hot_line(LEVEL_COLS[0], BOTTOM_ROW - 1, t("bypuzz.choose.level"))
        for item, level in LEVEL_ITEMS.items():
            col = LEVEL_COLS[item - RANDOM - 1]
            colour = palette.GREEN if cart.level == level else palette.TEXT
            if item == self.index:
                ui.text((col - 1) * ui.CELL, LEVEL_Y, "▶", palette.WHITE)
            ui.lines(col * ui.CELL, LEVEL_Y, [t(f"bypuzz.level.{level}")], colour)
            ui.lines(col * ui.CELL, LEVEL_Y + ui.LINE_PITCH, [distance_text(level)], palette.GREY)
        name = t("bypuzz.choose.random_name") if cart.target_index is None else cart.target_name(cart.target_index)
        best = None if cart.target_index is None else cart.best(puzzle_set.targets[cart.target_index])
        line = name if best is None else t("bypuzz.choose.best", name=name, n=best)
        # A set's name is the file's: a long one runs through its columns.
        ui.scroller(NAME_ROW * ui.CELL, line, self.frame, palette.WHITE, col=LEVEL_COLS[0], cols=NAME_COLS, centre=False)
        self.hot_line(1, FOOTER_ROW, t("bypuzz.choose.footer"))
        self.prompt()
