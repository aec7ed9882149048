"""Peg solitaire's puzzle of the day: the board, the hop and the input of ``pegs.py``; the judge,
hints and the solution shown by the shell's puzzle mode (``shell/puzzle_mode.py``).

Every jump the player makes goes through ``release`` as in a game; in puzzle mode it is refused
while a wrong jump waits to be taken back or the solution plays, and judged after.  The side
column shows the level, the streak and the hints instead of the best results; a puzzle is never
autosaved and never a best result of its board.
"""

from __future__ import annotations

from datetime import date

from ..input import Input
from ..rules.pegs import RULES
from ..session import Session
from ..shell import hotkeys, palette, ui
from ..shell.cartridge import Command
from ..shell.puzzle_mode import PuzzleMode
from ..shell.replay import RECORD_KEY
from ..shell.strings import t
from .pegs import HINT_FRAMES, SIDE_COLS, SIDE_ROW, PegsCartridge

SOLUTION_KEY = "S"


class PuzzlePegs(PegsCartridge):
    puzzle_mode: PuzzleMode

    @property
    def screen_id(self) -> str:
        return "puzzle"

    def help_text(self) -> str:
        return f"{t('puzzle.help')}\n\n{t('pegs.help')}"

    def insight_refusal(self, review: bool) -> str | None:
        return self.puzzle_mode.insight_refusal()

    def start_puzzle(self, puzzle, day: date) -> None:
        self.puzzle_mode = PuzzleMode(self, puzzle, day)
        self.entry = "puzzle"
        self.session = Session(RULES, self.puzzle_mode.attempt.start, {"board": puzzle.variant})
        self.on_session_changed()

    # The board the mode plays on (shell/puzzle_mode.py's PuzzleBoard).

    def puzzle_moves(self) -> list[str]:
        return self.session.move_texts()

    def puzzle_play(self, text: str) -> None:
        jump = RULES.move_from_text(self.state, text)
        super().release(jump.start, jump.dest)

    def puzzle_undo(self) -> None:
        super().undo()

    def puzzle_restart(self) -> None:
        self.finish_hop()
        super().restart()

    def puzzle_busy(self) -> bool:
        return self.hop is not None

    def puzzle_hint(self, text: str) -> str:
        self.hint_jump, self.hint_frames = RULES.move_from_text(self.state, text), HINT_FRAMES
        return t("pegs.hint", jump=text)

    def puzzle_side(self) -> str:
        return ""

    def play_as_player(self, text: str) -> None:
        """A jump the player makes, as the board's input makes it (tests, tools)."""
        jump = RULES.move_from_text(self.state, text)
        self.release(jump.start, jump.dest)

    # The game's commands, in puzzle mode.

    def release(self, start, dest, from_px=None) -> None:
        why = self.puzzle_mode.player_may_move()
        if why is not None:  # the status line says why
            self.app.sound("refused")
            return
        before = len(self.session.moves)
        super().release(start, dest, from_px)
        if len(self.session.moves) != before:
            self.puzzle_mode.moved()

    def undo(self) -> None:
        self.puzzle_mode.undo()

    def redo(self) -> None:
        """Nothing to redo in a puzzle: a jump taken back is made again, and judged again."""

    def restart(self) -> None:
        super().restart()
        self.puzzle_mode.changed()

    def hint(self) -> None:
        self.puzzle_mode.hint()

    def to_picker(self) -> None:
        self.leave()

    def record_best(self) -> bool:
        """A puzzle's position is no game of its board: no best result."""
        return False

    def in_progress(self) -> bool:
        return False

    def autosave(self) -> bool:
        return True

    def commands(self) -> list[Command]:
        return [Command(t("pause.undo"), self.undo, "Z"), Command(t("pause.hint"), self.hint, "H"),
                Command(t("puzzle.cmd.solution"), self.puzzle_mode.show_solution, SOLUTION_KEY),
                Command(t("pause.record"), self.open_record, RECORD_KEY)]

    def tick(self) -> None:
        super().tick()
        self.puzzle_mode.tick()

    def update_play(self, inp: Input) -> None:
        clicked = self.hotkeys.clicked(inp)
        if hotkeys.pressed(inp, SOLUTION_KEY, clicked):
            self.finish_hop()
            self.puzzle_mode.show_solution()
        elif hotkeys.pressed(inp, "X", clicked):
            self.leave()
        else:
            super().update_play(inp)

    # Drawing.

    def draw_play(self) -> None:
        mode = self.puzzle_mode
        word = t("puzzle.word.solved" if mode.solved else "puzzle.word")
        text = self.message if self.message_frames else mode.status_text()
        self.draw_screen(word, t("puzzle.keys.line"), text, self.hotkeys)

    def draw_side(self, state) -> None:
        rows = [(t("pegs.side.marbles"), str(state.marble_count)), (t("pegs.side.moves"), str(state.moves))]
        rows += self.puzzle_mode.lines()
        for index, (label, value) in enumerate(rows):
            ui.block(ui.CELL, (SIDE_ROW + 3 * index) * ui.CELL, [(label, palette.GREY), (value, palette.WHITE)],
                     SIDE_COLS)
