"""ByPuzz's puzzle of the day: the play screen's board, slides and glide; the judge, hints and
the solution shown by the shell's puzzle mode (``shell/puzzle_mode.py``).

The puzzle's start is played as a game without the check run, and a par known: every slide the
player makes (a click may slide a row of tiles) is judged after it, refused while a wrong one
waits to be taken back or the solution plays.  The side column shows the level, the streak and
the hints; the task and the verdicts stand where the key lines are, the keys on the bottom line.
A puzzle is never autosaved and never a best result of the target.
"""

from __future__ import annotations

from datetime import date

from ...input import Action, Input
from ...rules.fifteen import RULES
from ...session import Session
from ...shell import palette, ui
from ...shell.cartridge import Cartridge, Command
from ...shell.puzzle_mode import PuzzleMode
from ...shell.replay import RECORD_KEY
from ...shell.strings import t
from .board import draw_mini
from .play import GOAL_COL, GOAL_ROW, HINT_COLOUR, HINT_FRAMES, SIDE_TOP, PlayScreen, moves_text, side_block
from .screen import KEYS_Y, PROMPT_ROW
from .screens import ByPuzz

SOLUTION_KEY = "S"


class PuzzlePlayScreen(PlayScreen):
    help_key = "puzzle.help"

    def __init__(self, cart) -> None:
        super().__init__(cart, check_run=False)

    @property
    def word_key(self) -> str:
        return "puzzle.word.solved" if self.cart.puzzle_mode.solved else "puzzle.word"

    def play_tiles(self, tiles: list[int]) -> None:
        mode = self.cart.puzzle_mode
        why = mode.player_may_move()
        if why is not None:  # the status line says why
            self.refuse()
            return
        super().play_tiles(tiles)
        mode.moved()

    def ask_hint(self) -> None:
        self.cart.puzzle_mode.hint()

    def commands(self) -> list[Command]:
        cart = self.cart
        return [Command(t("pause.undo"), cart.undo, "Z"), Command(t("pause.hint"), self.ask_hint, "H"),
                Command(t("puzzle.cmd.solution"), cart.puzzle_mode.show_solution, SOLUTION_KEY),
                Command(t("pause.record"), cart.open_record, RECORD_KEY)]

    def update(self, inp: Input) -> None:
        clicked = self.clicked_key(inp)
        if self.key(inp, SOLUTION_KEY, clicked):
            self.slides = {}
            self.cart.puzzle_mode.show_solution()
            return
        if self.key(inp, "X", clicked) or self.key(inp, "Q", clicked):
            self.cart.leave()
            return
        if self.won:
            self.advance_slide(inp)
            self.update_solved(inp, clicked)
            return
        super().update(inp)

    def update_solved(self, inp: Input, clicked: str | None) -> None:
        """Solved: the celebration (a key ends it), then RETURN leaves and Z takes the last slide back."""
        self.frame += 1
        if self.celebrating(inp):
            return
        if inp.pressed(Action.SELECT):
            self.cart.leave()
        elif not self.cart.handle_common(inp, clicked) and clicked == "Z":
            self.cart.undo()

    def draw(self) -> None:
        cart, mode = self.cart, self.cart.puzzle_mode
        self.title()
        colours = {cell: palette.GREEN for cell in range(16)} if self.won or mode.solved else {}
        if self.hint_cell is not None and (self.hint_frames // 8) % 2 == 0:
            colours[self.hint_cell] = HINT_COLOUR
        self.draw_board(colours, self.slide_offsets())
        self.draw_hover()
        side_block(SIDE_TOP, [(moves_text(cart.session.move_count), palette.WHITE)])
        for index, (label, value) in enumerate(mode.lines()):
            side_block(SIDE_TOP + 3 + 3 * index, [(label, palette.GREY), (value, palette.WHITE)])
        draw_mini(ui.CELL, GOAL_ROW * ui.CELL, cart.state.goal)
        side_block(GOAL_ROW, [(t("bypuzz.side.goal"), palette.GREY)], GOAL_COL)
        text = cart.message if cart.message_frames else mode.status_text()
        colour = palette.YELLOW if mode.solved or mode.wrong is not None else palette.WHITE
        ui.lines(ui.CELL, KEYS_Y, ui.wrap(text, ui.COLS - 2)[:2], colour)
        self.hotkeys.line(1, PROMPT_ROW, t("puzzle.keys.line"))


class PuzzleByPuzz(ByPuzz):
    screen_classes = dict(ByPuzz.screen_classes, play=PuzzlePlayScreen)
    puzzle_mode: PuzzleMode

    def start_puzzle(self, puzzle, day: date) -> None:
        self.puzzle_mode = PuzzleMode(self, puzzle, day)
        start = self.puzzle_mode.attempt.start
        self.set_goal(start.goal)
        self.session = Session(RULES, start, self.session_meta(puzzle.task.par))
        self.screen, self.next_screen = PuzzlePlayScreen(self), None

    def insight_refusal(self, review: bool) -> str | None:
        return self.puzzle_mode.insight_refusal()

    @property
    def screen_id(self) -> str:
        return "puzzle"

    def help_text(self) -> str:
        return f"{t('puzzle.help')}\n\n{t('bypuzz.help.play')}"

    # The board the mode plays on (shell/puzzle_mode.py's PuzzleBoard).

    def puzzle_moves(self) -> list[str]:
        return self.session.move_texts()

    def puzzle_play(self, text: str) -> None:
        PlayScreen.play_tiles(self.screen, [RULES.move_from_text(self.state, text)])

    def puzzle_undo(self) -> None:
        Cartridge.undo(self)

    def puzzle_restart(self) -> None:
        self.screen.slides = {}
        Cartridge.restart(self)

    def puzzle_busy(self) -> bool:
        return bool(self.screen.slides)

    def puzzle_hint(self, text: str) -> str:
        screen = self.screen
        screen.hint_cell, screen.hint_frames = self.state.tiles.index(int(text)), HINT_FRAMES
        return t("puzzle.hint", move=text)

    def puzzle_side(self) -> str:
        return ""

    def play_as_player(self, text: str) -> None:
        """A slide the player makes, as the board's input makes it (tests, tools)."""
        self.screen.play_tiles([RULES.move_from_text(self.state, text)])

    # ByPuzz's commands, in puzzle mode.

    def undo(self) -> None:
        self.puzzle_mode.undo()

    def redo(self) -> None:
        """Nothing to redo in a puzzle: a slide taken back is made again, and judged again."""

    def restart(self) -> None:
        Cartridge.restart(self)
        self.puzzle_mode.changed()

    def ask_restart(self) -> None:
        self.restart()

    def leave(self) -> None:
        self.app.leave_cartridge(ask=False)

    def record_best(self, moves: int) -> bool:
        return False

    def in_progress(self) -> bool:
        return False

    def autosave(self) -> bool:
        return True

    def tick(self) -> None:
        super().tick()
        self.puzzle_mode.tick()
