"""A two-player game's puzzle of the day: the match layer's board and move path, the puzzle's
judge and defence (``shell/puzzle_mode.py``) in the other seat.

The person plays the puzzle's side; the other seat is a :class:`DefenceSeat`, an agent that
never thinks of a move itself: the mode plays the defence's reply the judge gave, through the
one move path, so undo takes the reply back with the move it answered, as against the computer.
The side panel shows the task, the level, the streak and the hints; under the board the
verdicts.  A puzzle is no game in progress: it is never autosaved and leaving asks nothing.
"""

from __future__ import annotations

from datetime import date

from ..input import Input
from ..session import Session
from . import palette, ui
from .cartridge import Command
from .match import MatchCartridge, run_command
from .match_study import MatchStudy
from .play_screen import PlayScreen
from .puzzle_mode import PuzzleMode
from .replay import RECORD_KEY
from .seats import Seat
from .setup import MODE_COMPUTER
from .strings import t

PANEL_TOP = 5
PANEL_RIGHT = 1
GAP = 3  # pixels between the panel's blocks
SOLUTION_KEY = "S"


class DefenceSeat(Seat):
    """The puzzle's defence: its moves come from the judge (``PuzzleMode``), played for it."""

    kind = "computer"
    is_agent = True

    def __init__(self, mode: PuzzleMode) -> None:
        self.mode = mode

    @property
    def thinking(self) -> bool:
        return self.mode.working


class PuzzleStudy(MatchStudy):
    def insight_refusal(self, review: bool) -> str | None:
        return self.match.puzzle_mode.insight_refusal() or super().insight_refusal(review)


class PuzzleMatch(MatchCartridge):
    """The match cartridge playing one puzzle (``start_puzzle``) instead of a set-up game."""

    puzzle_mode: PuzzleMode
    studied_by = PuzzleStudy

    @property
    def screen_id(self) -> str:
        return "puzzle"

    def help_text(self) -> str:
        return f"{t('puzzle.help')}\n\n{t(f'{self.key}.help')}"

    def start_puzzle(self, puzzle, day: date) -> None:
        self.puzzle_mode = PuzzleMode(self, puzzle, day)
        self.play_screen = PuzzlePlayScreen(self)
        self.info_below: int | None = None
        flow = self.flow
        flow.mode, flow.level, flow.names = MODE_COMPUTER, self.spec.levels[-1], ["", ""]
        flow.colours = list(self.spec.colours[:2])
        flow.computer_seat = 1 - puzzle.to_move
        start = self.puzzle_mode.attempt.start
        self.adopt(Session(self.rules, start, flow.players_meta(self.rules.variant_of(start))))

    # The board the mode plays on (shell/puzzle_mode.py's PuzzleBoard).

    def puzzle_moves(self) -> list[str]:
        return self.session.move_texts()

    def puzzle_play(self, text: str) -> None:
        self.submit(text)

    def puzzle_undo(self) -> None:
        self.flow.undo()

    def puzzle_restart(self) -> None:
        self.view.finish_animation(self.ui)
        if self.session.restart():
            self.on_session_changed()

    def puzzle_busy(self) -> bool:
        return self.view.busy(self.ui)

    def puzzle_hint(self, text: str) -> str:
        return self.view.show_hint(self.state, self.ui, self.rules.move_from_text(self.state, text))

    def puzzle_side(self) -> str:
        return self.colour_name(self.colours[self.puzzle_mode.puzzle.to_move])

    def play_as_player(self, text: str) -> None:
        """A move the player makes, as the board's input makes it (tests, tools)."""
        self.person_move(text)

    # The match's events and commands, in puzzle mode.

    def on_session_changed(self) -> None:
        super().on_session_changed()
        self.seats[self.computer_seat] = DefenceSeat(self.puzzle_mode)

    def moved(self, before, move, mover: int) -> None:
        super().moved(before, move, mover)
        self.puzzle_mode.moved()

    def changed(self) -> None:
        super().changed()
        self.puzzle_mode.changed()

    def tick(self) -> None:
        super().tick()
        self.puzzle_mode.tick()

    def in_progress(self) -> bool:
        return False

    def autosave(self) -> bool:
        return True

    def person_move(self, text: str) -> None:
        why = self.puzzle_mode.player_may_move()
        if why is not None:
            self.refuse(why)
        elif not self.over:
            super().person_move(text)

    def undo(self) -> None:
        self.puzzle_mode.undo()

    def redo(self) -> None:
        """Nothing to redo in a puzzle: a move taken back is played again, and judged again."""

    def hint(self) -> None:
        self.puzzle_mode.hint()

    def commands(self) -> list[Command]:
        return [Command(t("pause.undo"), self.undo, "Z"), Command(t("pause.hint"), self.hint, "H"),
                Command(t("puzzle.cmd.solution"), self.puzzle_mode.show_solution, SOLUTION_KEY),
                Command(t("pause.record"), self.open_record, RECORD_KEY)] + self.view.commands()

    def update_play(self, inp: Input) -> None:
        if self.view.busy(self.ui) and inp.any_key():
            self.view.finish_animation(self.ui)
        clicked = self.hotkeys.clicked(inp)
        if self.handle_common(inp, clicked):
            return
        commands = {"Z": self.undo, "H": self.hint, SOLUTION_KEY: self.puzzle_mode.show_solution, "X": self.leave,
                    "Q": self.leave, "T": self.view.turn_round, "TAB": self.open_pause_menu}
        if run_command(commands, inp, clicked, actions="ZH"):
            return
        text = self.view.interpret_input(self.state, self.ui, inp) if not self.over else None
        if text is not None:
            self.person_move(text)

    # Drawing: the board, the task in the panel, the verdicts under the board.

    def draw_play(self) -> None:
        mode = self.puzzle_mode
        self.hotkeys.clear()
        self.draw_title(t("puzzle.word.solved" if mode.solved else "puzzle.word"))
        self.draw_puzzle_panel()  # first: it says where the view's own line goes
        self.view.draw(self.state, self.ui, self.over and not self.view.busy(self.ui))
        if self.message_frames:
            self.draw_status()
        elif mode.working and mode.asked == "judge":
            ui.status_lines(t("puzzle.checking") + "." * (self.frame // 10 % 4), self.text_top, palette.YELLOW)
        else:
            colour = palette.YELLOW if mode.solved or mode.wrong is not None else palette.WHITE
            ui.status_lines(mode.status_text() if (mode.note or mode.solved or mode.showing is not None) else
                            self.flow.word("to_move", player=self.player_label(self.seat_to_move())),
                            self.text_top, colour)

    def draw_puzzle_panel(self) -> None:
        """The side, the task, the level (solved today?), the streak and hints, the keys; the view's
        own line (draughts' square under the cursor) under them where it fits."""
        mode, col = self.puzzle_mode, self.view.panel_col
        x, width = col * ui.CELL, ui.COLS - PANEL_RIGHT - col
        self.view.draw_token(x + 4, PANEL_TOP * ui.CELL + 4, self.colours[mode.puzzle.to_move], 4)
        ui.text_at(col + 2, PANEL_TOP, self.puzzle_side(), palette.WHITE)
        y = (PANEL_TOP + 2) * ui.CELL
        y += ui.lines(x, y, ui.wrap(mode.task_text(), width), palette.TEXT) + GAP
        counts = self.view.seat_counts(self.state)
        if counts is not None:
            y += self.draw_counts(col, y, counts) + GAP
        (level, solved), (streak, n), (hints, used) = mode.lines()
        stats = [f"{level} {solved}".strip(), f"{streak} {n}  {hints} {used}"]
        y += ui.lines(x, y, stats, palette.LIGHT_BLUE) + GAP
        y += self.hotkeys.lines(col, y, t("puzzle.keys"))
        row = -(-y // ui.CELL)
        # A line's pitch above the rows under the board (draughts' rule set stands in the one above them).
        self.info_below = row if row < self.view.end_row - 2 else None

    def draw_counts(self, col: int, y: int, counts: tuple[int, int]) -> int:
        """"Stones: ● 15 ○ 37": what each side has, each after its colour's token; the line's height."""
        label = self.word("counted")
        ui.text(col * ui.CELL, y, label, palette.LIGHT_BLUE)
        at = col + len(label) + 1
        for seat, count in enumerate(counts):
            self.view.draw_token(at * ui.CELL + 4, y + 3, self.colours[seat], 3)
            ui.text((at + 2) * ui.CELL, y, f"{count:>2}", palette.WHITE)
            at += 5
        return ui.block_height(1)


class PuzzlePlayScreen(PlayScreen):
    """The play screen's parts a puzzle still uses, with the view's own line under the puzzle's panel."""

    @property
    def info_row(self) -> int | None:
        return self.match.info_below
