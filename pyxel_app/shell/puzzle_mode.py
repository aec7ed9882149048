"""The puzzle of the day on a game's board: the judge, the defence, hints, the solution shown.

The mode knows no board.  A cartridge in puzzle mode hands it a :class:`PuzzleBoard` (the moves
played, a way to play a move text as the game plays one, to take the last move back and to go
back to the start) and tells it ``moved()`` after every move and ``changed()`` after undo; the
mode asks the puzzle's :class:`~pyxel_app.puzzles.Attempt` about each of the player's moves a
slice a frame (``tick``), plays the defence's reply, says a wrong move, and keeps what the player
did in the settings (``shell/puzzle_record.py``).  Only a puzzle solved without the solution
shown counts as solved.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol

from ..puzzles import Attempt, Puzzle
from ..puzzles.words import moves_used
from .puzzle_record import PuzzleRecord
from .puzzle_words import task_words, wrong_words
from .strings import t

SOUND_SOLVED, SOUND_WRONG, SOUND_HINT = "puzzle_solved", "refused", "hint"
THINK_MS = 6.0  # the judge's slice a frame, under the app's cap for the frame
SHOW_FRAMES = 40  # frames between two moves of the solution shown


class PuzzleBoard(Protocol):
    """What the mode asks of the cartridge that shows the puzzle."""

    app: Any  # the Host: settings, sound, think_ms

    def puzzle_moves(self) -> list[str]: ...  # the moves played from the puzzle's start, as texts

    def puzzle_play(self, text: str) -> None: ...  # play ``text`` for the side to move, as the game does

    def puzzle_undo(self) -> None: ...  # take the player's last move back (the defence's reply with it)

    def puzzle_restart(self) -> None: ...  # back to the puzzle's position

    def puzzle_busy(self) -> bool: ...  # a move is still being animated

    def puzzle_side(self) -> str: ...  # the side the player plays, in words ("" in a one-player game)

    def flash(self, text: str) -> None: ...  # a passing message

    def puzzle_hint(self, text: str) -> str: ...  # mark the hinted move on the board; the game's words for it


class PuzzleMode:
    def __init__(self, board: PuzzleBoard, puzzle: Puzzle, day: date) -> None:
        self.board, self.puzzle, self.day = board, puzzle, day
        self.app = board.app
        self.attempt = Attempt(puzzle)
        self.record = PuzzleRecord(self.app.settings, puzzle.key)
        self.work = None  # the judge's or the hint's question in hand
        self.asked = ""  # "judge" or "hint"
        self.known = 0  # the moves played that the mode has seen
        self.wrong: int | None = None  # the moves on the board when the last one was judged wrong
        self.solved = False  # solved in this visit (the day may have been solved before)
        self.showing: int | None = None  # the solution being shown: the next move's index
        self.shown = False  # the solution was shown: a solve after it does not count
        self.frames = 0
        self.trying = False  # a try is under way: its first move counted it in ``attempts``
        self.hints = 0
        self.hinted: tuple | None = None  # the moves after which the last hint was counted
        self.hint_move: str | None = None
        self.note = ""  # the status line's own words (a wrong move, a hint), else the task
        self.note_at = 0  # the moves on the board the note is about: it goes when they change

    # What the screens show.

    @property
    def working(self) -> bool:
        return self.work is not None

    @property
    def streak(self) -> int:
        return self.record.streak(self.day)

    def task_text(self) -> str:
        return task_words(self.puzzle, self.board.puzzle_side())

    def status_text(self) -> str:
        if self.showing is not None:
            return t("puzzle.showing")
        if self.solved:
            return self.solved_words()
        return self.note or self.task_text()

    def solved_words(self) -> str:
        """"Solved! ..." and, when the task has a par, the moves it took beside it."""
        par = self.puzzle.task.par
        used = moves_used(self.puzzle, self.board.puzzle_moves())
        if par is None or used == par:
            return t("puzzle.solved", n=self.streak)
        return t("puzzle.solved.par", moves=used, par=par, n=self.streak)

    def say(self, note: str) -> None:
        """The status line's words about the position shown now (gone once it changes)."""
        self.note, self.note_at = note, len(self.board.puzzle_moves())

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) for a side panel: the level, the streak, the hints used."""
        solved = t("puzzle.done") if self.record.solved_on(self.day) else ""
        return [(t(f"puzzle.level.{self.puzzle.level}"), solved), (t("puzzle.streak_word"), str(self.streak)),
                (t("puzzle.hints_word"), str(self.hints))]

    def insight_refusal(self) -> str | None:
        """The evaluation (W) and the review (K) would give the answer away: refused until the
        puzzle is solved or its solution shown."""
        return None if self.solved or self.shown else t("puzzle.no_insight")

    def player_may_move(self) -> str | None:
        """Why the player may not move now (a wrong move to take back, the solution playing), or None."""
        if self.showing is not None:
            return t("puzzle.showing")
        if self.wrong is not None:
            return wrong_words(self.puzzle)
        return None

    # What the cartridge tells it.

    def moved(self) -> None:
        """A move was played on the board: judge the player's; the mode's own were counted."""
        moves = self.board.puzzle_moves()
        if len(moves) <= self.known:
            self.known = len(moves)
            return
        self.known = len(moves)
        if self.showing is not None or self.solved or self.wrong is not None:
            return
        if not self.trying:
            self.trying = True
            self.record.add("attempts")
        self.note, self.hint_move = "", None
        self.ask("judge", self.attempt.judge(moves[:-1], moves[-1]))

    def changed(self) -> None:
        """Undo, restart: the position shown is another; what was asked about the old one is dropped."""
        moves = self.board.puzzle_moves()
        self.known = len(moves)
        self.work = None
        if self.wrong is not None and len(moves) < self.wrong:
            self.wrong = None
        if self.note and len(moves) != self.note_at:
            self.note, self.hint_move = "", None  # about a position no longer shown
        if self.showing is None:
            self.solved = self.solved and self.attempt.solved(moves)

    # The player's commands.

    def undo(self) -> None:
        self.showing = None
        if self.board.puzzle_moves():
            self.board.puzzle_undo()
            self.changed()

    def hint(self) -> None:
        if self.solved or self.showing is not None:
            self.board.flash(t("msg.no_hint"))
            return
        if self.wrong is not None:
            self.board.flash(wrong_words(self.puzzle))
            return
        if self.asked != "hint" or self.work is None:
            self.ask("hint", self.attempt.hint(self.board.puzzle_moves()))

    def show_solution(self) -> None:
        """Back to the start, then the solution a move every SHOW_FRAMES."""
        self.work, self.wrong, self.note, self.solved = None, None, "", False
        self.shown = True
        self.board.puzzle_restart()
        self.known = len(self.board.puzzle_moves())
        self.showing, self.frames = 0, SHOW_FRAMES

    # Every frame.

    def ask(self, what: str, work) -> None:
        self.asked, self.work = what, work

    def tick(self) -> None:
        if self.showing is not None:
            self.show_next()
        if self.work is None or self.board.puzzle_busy():
            return
        if self.work.step(self.app.think_ms(THINK_MS)) is None and not self.work.finished:
            return
        work, self.work = self.work, None
        if self.asked == "hint":
            self.hint_ready(work.result)
        else:
            self.judged(work.result)

    def show_next(self) -> None:
        if self.board.puzzle_busy():
            return
        self.frames -= 1
        if self.frames > 0:
            return
        line = self.puzzle.line
        if self.showing >= len(line):
            self.showing = None
            self.say(t("puzzle.shown"))
            return
        self.frames = SHOW_FRAMES
        text, self.showing = line[self.showing], self.showing + 1
        self.known += 1
        self.board.puzzle_play(text)

    def hint_ready(self, move: str | None) -> None:
        if move is None:
            self.board.flash(t("msg.no_hint"))
            return
        moves = tuple(self.board.puzzle_moves())
        if self.hinted != moves:  # one hint a move, however often H is pressed
            self.hinted = moves
            self.hints += 1
            self.record.add("hints")
        self.hint_move = move
        self.say(self.board.puzzle_hint(move))
        self.app.sound(SOUND_HINT)

    def judged(self, judgement) -> None:
        if not judgement.correct:
            self.wrong = len(self.board.puzzle_moves())
            self.trying = False
            self.say(wrong_words(self.puzzle))
            self.app.sound(SOUND_WRONG)
            return
        if judgement.reply is not None:
            self.known += 1
            self.board.puzzle_play(judgement.reply)
        if judgement.solved:
            self.solve()
        else:
            self.say(t("puzzle.right"))

    def solve(self) -> None:
        self.solved, self.trying = True, False
        if not self.shown:
            self.record.mark_solved(self.day)
        self.note = ""
        self.app.sound(SOUND_SOLVED)
