"""The engines' knowledge on screen, for every game: the evaluation of the position shown (W)
and the review of the game shown (K), worked a slice a frame.

One :class:`Insight` belongs to each cartridge (``cart.insight``); the app steps it once a
frame, before the cartridge's own tick.  It studies what the cartridge says through the few
members of :class:`Studied` (the match layer answers them from ``shell/match_study.py``), so a
game gets both without code of its own.

- The evaluation is off by default; W (or the game menu) turns it on, and the choice is kept
  per game in the settings (``evaluation.<game>=on``).  It follows the position shown through
  moves, undo and loads; answers are kept, so undo shows them again at once.
- It never competes with the game's own search.  While the computer thinks on its move or a
  hint is sought, it waits (and says so).  A search the game runs in the background (ByPuzz's
  par, peg solitaire's light), which may take long, it shares with fairly: each takes half of
  the frame's time.  Else it thinks ``app.think_ms(THINK_MS)`` a frame, as every search of the
  app does; it runs before the game's own tick, which then has what is left of the frame.
- The review judges every move of the game shown (``ai/review.py``); the mistakes' marks go
  into ``cart.review_marks`` (``shell/timeline.py``'s Marks: move index -> "?" for the moves
  reviewed), which the record page shows beside the moves the game still shares with them.
- In a network game neither is shown unless both players agreed at set-up (the session's meta
  ``evaluation=yes``); the review also after the end.  The cartridge says why not.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..ai.review import EVALUATION_MS, Evaluate, Evaluation, GameReview, Review
from ..rules.base import Rules
from ..rules.records import Record
from . import palette, ui
from .hotkeys import HotkeyBar
from .insight_words import progress_words, summary_words, verdict_words
from .review_page import MARK, ReviewPage
from .strings import t
from .timeline import Marks

THINK_MS = 8.0  # a frame's slice, as the computer's
REVIEW_MOVE_MS = 100.0  # each search of a review on screen
KNOWN_MOST = 512  # evaluations kept for positions seen before (undo, redo)
KEY_EVALUATE, KEY_REVIEW = "W", "K"
SETTING = "evaluation."


class Studied(Protocol):
    """What the knowledge asks of the cartridge it belongs to."""

    # The game's registry key and rules (its words, its engines).
    key: str
    rules: Rules
    # The app: settings, the frame's think budget, overlays, messages.
    app: Any
    # The record page's marks beside the moves: the review's "?".
    review_marks: Marks

    def game_shown(self) -> Any:
        """The session whose position and game are studied, or None on a screen without a board."""

    def engine_busy(self) -> bool:
        """The game's own search thinks for the player this frame (the computer's move, a hint)."""

    def engine_background(self) -> bool:
        """The game searches in the background this frame (a solver for a light or a par)."""

    def insight_refusal(self, review: bool) -> str | None:
        """Why the evaluation (or, ``review``, the review) may not be shown here, or None."""

    def side_name(self, player: int) -> str:
        """The side ``player`` (0 moves first) as the player reads it: "Red", "Black"."""

    def flash(self, text: str) -> None:
        """A passing message on the status lines."""

    def name(self) -> str:
        """The game's name, in the language shown."""

    def help_text(self) -> str:
        """The help page of the screen shown."""


class StudiedItself:
    """What a cartridge answers of :class:`Studied` by itself unless it says otherwise: its session,
    no search of its own, nothing refused, the sides by their numbers."""

    session: Any

    def game_shown(self) -> Any:
        return self.session

    def engine_busy(self) -> bool:
        return False

    def engine_background(self) -> bool:
        return False

    def insight_refusal(self, review: bool) -> str | None:
        return None

    def side_name(self, player: int) -> str:
        return t("match.default_name", n=player + 1)


class Insight:
    def __init__(self, cart: Studied) -> None:
        self.cart = cart
        self.evaluation: Evaluate | None = None  # the search under way, for ``evaluated``
        self.evaluated = None  # the position the evaluation is of
        self.known: dict[Any, Evaluation] = {}
        self.review: Review | None = None  # the review under way
        self.reviewed: GameReview | None = None  # the last review finished
        self.review_line: tuple = ()  # (start, move texts) of the review under way or finished
        self.waiting = False  # this frame the game's own search had the time
        self.looked_at = None  # the position the last frame's slice was for (the replay draws others)
        self.frame = 0

    @property
    def solo(self) -> bool:
        return self.cart.rules.players == 1

    def help_text(self) -> str:
        """The screen's help page, and on a screen with a board what W and K do."""
        page = self.cart.help_text()
        return f"{page}\n\n{t('insight.help')}" if self.cart.game_shown() is not None else page

    # The evaluation (W).

    @property
    def on(self) -> bool:
        return self.cart.app.settings.get_bool(SETTING + self.cart.key, False)

    def toggle(self) -> None:
        refusal = self.cart.insight_refusal(False)
        if refusal is not None and not self.on:
            self.cart.flash(refusal)
            return
        self.cart.app.settings.set(SETTING + self.cart.key, not self.on)
        if not self.on:  # on, the evaluation's own line says so
            self.cart.flash(t("eval.now_off"))

    def showing(self) -> bool:
        """The evaluation is on, allowed and there is a position to evaluate."""
        return self.on and self.cart.game_shown() is not None and self.cart.insight_refusal(False) is None

    def drawn(self) -> bool:
        """The evaluation has something to say of the position drawn: its answer, or the work on it
        (the record's replay draws earlier moments, which it looks at only when known)."""
        return self.showing() and (self.answer() is not None or self.cart.game_shown().state == self.looked_at)

    def answer(self) -> Evaluation | None:
        """The evaluation of the position shown, once found."""
        session = self.cart.game_shown()
        return self.known.get(session.state) if session is not None else None

    def words(self, width: int = ui.COLS - 2) -> tuple[str, int]:
        """The evaluation (without its key) and its colour; thinking, its dots run as far as ``width`` lets them."""
        answer = self.answer()
        if answer is not None:
            return verdict_words(answer.verdict, self.cart.key, self.cart.side_name, self.solo), palette.CYAN
        if self.waiting:
            return t("eval.waits"), palette.GREY
        thinking = t("eval.thinking")
        last_word = len(thinking.split()[-1])
        return thinking + "." * min(self.frame // 10 % 4, max(0, width - last_word)), palette.YELLOW

    def draw_status(self, hotkeys: HotkeyBar, top_y: int, text: str = "", colour: int = palette.WHITE) -> None:
        """The status lines from ``top_y``: the evaluation, and ``text`` (whose turn) under it when
        both fit; else the evaluation alone, the player having asked for it."""
        if not self.drawn():
            ui.status_lines(text, top_y, colour)
            return
        words, ink = self.words()
        rows = ui.wrap(f"[{KEY_EVALUATE}] {words}", ui.COLS - 2)
        below = ui.wrap(text, ui.COLS - 2) if text else []
        if len(rows) + len(below) > ui.lines_fit(top_y, ui.STATUS_Y):
            below = []
        y = ui.lines_above(ui.STATUS_Y, len(rows) + len(below))
        hotkeys.line_at(ui.MARGIN, y, rows[0], ink)
        ui.lines(ui.MARGIN * ui.CELL, y + ui.LINE_PITCH, rows[1:], ink)
        ui.lines(ui.MARGIN * ui.CELL, y + len(rows) * ui.LINE_PITCH, below, colour)

    def draw_column(self, hotkeys: HotkeyBar, col: int, row: int, width: int) -> None:
        """The evaluation in a side column ``width`` wide: its key, the words wrapped under it
        (every game's words fit the column it gives: tests/test_text_fits.py)."""
        if not self.drawn():
            return
        words, ink = self.words(width)
        y = row * ui.CELL
        hotkeys.line_at(col, y, f"[{KEY_EVALUATE}]", palette.GREY)
        ui.lines(col * ui.CELL, y + ui.LINE_PITCH, ui.wrap(words, width), ink)

    # The review (K).

    def record(self) -> Record | None:
        session = self.cart.game_shown()
        if session is None:
            return None
        return Record.from_texts(self.cart.rules, session.start, session.move_texts())

    def ask_review(self) -> bool:
        """Review the game shown (if it is not reviewed already); False, with a word, where not allowed."""
        refusal = self.cart.insight_refusal(True)
        if refusal is not None or self.cart.game_shown() is None:
            self.cart.flash(refusal or t("review.no_game"))
            return False
        record = self.record()
        line = (record.start, tuple(record.move_texts()))
        if line != self.review_line or (self.review is None and self.reviewed is None):
            self.review_line = line
            self.reviewed = None
            self.review = Review(record, REVIEW_MOVE_MS) if record.moves else None
            if self.review is None:
                self.reviewed = GameReview(record, ())
        return True

    def open_review(self) -> None:
        """K, the game menu's Review: the review page (``shell/review_page.py``)."""
        if self.ask_review():
            self.cart.app.open_overlay(ReviewPage(self.cart.app, self))

    def progress_text(self) -> str:
        done, searches = self.review.progress
        return progress_words(done, searches, len(self.review.record.moves))

    def summary_text(self) -> str:
        return summary_words(self.reviewed, self.cart.key, self.cart.side_name, self.solo)

    def move_words(self, move) -> str:
        return verdict_words(move.verdict, self.cart.key, self.cart.side_name, self.solo)

    # The frame.

    def command_label(self) -> str:
        """The game menu's entry for the evaluation, with its state."""
        return t("eval.cmd", state=t("eval.state.on" if self.on else "eval.state.off"))

    def tick(self) -> None:
        """One slice of work: the review asked for, else the evaluation of the position shown;
        none while the game's own search thinks."""
        self.frame += 1
        evaluating = self.showing()
        self.looked_at = self.cart.game_shown().state if evaluating else None
        if self.review is None and not evaluating:
            return
        self.waiting = self.cart.engine_busy()
        if self.waiting:
            return
        budget = THINK_MS / 2 if self.cart.engine_background() else THINK_MS
        if self.review is not None:
            result = self.review.step(self.cart.app.think_ms(budget))
            if result is not None:
                self.review, self.reviewed = None, result
                self.cart.review_marks.set(self.review_line[1], {move.line.index: MARK for move in result.mistakes})
            return
        if evaluating:
            self.evaluate(self.looked_at, budget)

    def evaluate(self, state, budget: float) -> None:
        if state in self.known:
            self.evaluation = None
            return
        if self.evaluation is None or self.evaluated != state:
            self.evaluation, self.evaluated = Evaluate(self.cart.rules, state, EVALUATION_MS), state
        answer = self.evaluation.step(self.cart.app.think_ms(budget))
        if answer is not None:
            if len(self.known) >= KNOWN_MOST:
                self.known.pop(next(iter(self.known)))
            self.known[state] = answer
            self.evaluation = None
