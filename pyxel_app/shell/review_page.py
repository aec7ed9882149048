"""The review page (K, or the game menu's Review): every move of the game shown, judged.

A full-screen page like help and the game menu.  While the review works (``shell/insight.py``
steps it a slice a frame, under this page too) the page says how far it is; then it lists the
summary and the moves in the game's notation, a ``?`` after each mistake with what the
position became and the best move.  The arrows, the d-pad and the wheel scroll (left and right
a page at a time); ESC, pad B, K, RETURN, pad A or a click go back.  Closed early, the review
goes on and its marks come when it is done.
"""

from __future__ import annotations

from ..input import Action, Input
from . import palette, ui
from .hotkeys import unbound
from .overlays import Page
from .strings import language, t

KEY = "K"
MARK = "?"  # after a mistake, here and in the record's move list
UNPROVEN_MARK = "~"  # after a move neither the solver nor the engine could judge: not clean


class ReviewPage(Page):
    def __init__(self, app, insight) -> None:
        super().__init__(app, t("review.word"), " ".join(insight.cart.name().upper()))
        self.insight = insight
        self.top = 0
        self.built: tuple = ()  # (language, review) the rows were built for
        self.rows: list[tuple[str, int]] = []

    # What the page lists.

    def body(self) -> list[tuple[str, int]]:
        insight = self.insight
        if insight.review is not None:
            rows = [(insight.progress_text() + "." * (insight.frame // 10 % 4), palette.YELLOW)]
            return rows + ([("", palette.TEXT), (t("eval.waits"), palette.GREY)] if insight.waiting else [])
        reviewed = insight.reviewed
        if reviewed is None:
            return []
        if not self.built or self.built[0] != language() or self.built[1] is not reviewed:
            self.built, self.rows = (language(), reviewed), self.judged(reviewed)
        return self.rows

    def judged(self, reviewed) -> list[tuple[str, int]]:
        """The summary, then a row a move; a mistake's verdict and best move under it."""
        if not reviewed.moves:
            return [(t("review.empty"), palette.WHITE)]
        insight, width = self.insight, self.BODY_WIDTH
        rows = [(line, palette.YELLOW) for line in fitted(insight.summary_text(), width)] + [("", palette.TEXT)]
        number_width = max(len(move.line.number_text) for move in reviewed.moves)
        indent = " " * (number_width + 1)
        for move in reviewed.moves:
            mark = f" {MARK}" if move.mistake else "" if move.proven else f" {UNPROVEN_MARK}"
            head = f"{move.line.number_text:>{number_width}} {move.line.label}{mark}"
            rows += [(line, palette.LIGHT_RED if move.mistake else palette.TEXT) for line in fitted(head, width)]
            if move.mistake:
                told = [(insight.move_words(move), palette.WHITE)]
                if move.best_label:
                    told.append((t("review.best", move=move.best_label), palette.LIGHT_GREEN))
                rows += [(indent + line, ink) for text, ink in told for line in fitted(text, width - len(indent))]
        return rows

    # Input and drawing.

    @property
    def max_top(self) -> int:
        return max(0, len(self.body()) - self.VISIBLE_LINES)

    def update(self, inp: Input) -> None:
        steps = {Action.UP: -1, Action.DOWN: 1, Action.LEFT: -self.VISIBLE_LINES, Action.RIGHT: self.VISIBLE_LINES}
        step = next((step for action, step in steps.items() if inp.pressed(action)), -inp.wheel)
        if step:
            self.top = min(self.max_top, max(0, self.top + step))
        elif (inp.pressed(Action.BACK) or inp.pressed(Action.SELECT) or inp.pressed(Action.MENU) or inp.clicked
              or unbound(inp, KEY)):
            inp.consume()
            self.close()

    def draw(self) -> None:
        rows = self.body()
        self.top = min(self.top, self.max_top)
        shown = rows[self.top: self.top + self.VISIBLE_LINES]
        footer = "review.footer.working" if self.insight.review is not None else (
            "review.footer.scroll" if self.max_top else "review.footer")
        more_below = self.top < self.max_top
        self.draw_page(t(footer), self.line_y(0) if self.top else None,
                       self.line_y(len(shown) - 1) if more_below else None)
        for index, (text, ink) in enumerate(shown):
            ui.text(self.BODY_COL * ui.CELL, self.line_y(index), text, ink)


def fitted(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width``: wrapped between words, a longer word (a draughts
    capture of many jumps) cut where the line ends."""
    rows = []
    for line in ui.wrap(text, width):
        while len(line) > width:
            rows.append(line[:width])
            line = line[width:]
        rows.append(line)
    return rows
