"""Screens that sit on top of another one: help, yes/no confirm, messages and the pause menu."""

from __future__ import annotations

from typing import Callable

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .host import GameOnScreen, Host
from .strings import t


class Overlay:
    # A dialog waits its turn behind the one showing; help and the pause menu open at once.
    queues = False

    def update(self, inp: Input) -> None:
        raise NotImplementedError

    def draw(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.close_overlay(self)


def dialog_band(top: int, height: int) -> range:
    """The rows a dialog box of ``height`` rows from row ``top`` clears: its own and a blank row
    above and below, across the whole width (never the title box)."""
    return range(max(ui.TITLE_ROW + 2, top - 1), min(ui.ROWS, top + height + 1))


def calm_backdrop(top: int, height: int) -> None:
    """A dialog stands in a band of whole rows cleared across the screen, so no word shows
    half-hidden beside the box, and the board stays visible above and below it."""
    band = dialog_band(top, height)
    pyxel.rect(0, band.start * ui.CELL, ui.SCREEN_W, len(band) * ui.CELL, palette.BACKGROUND)


class Page(Overlay):
    """A calm full-screen page over the current screen: help and the pause menu.

    Nothing of the screen under it shows, except that its title box and heading stay
    exactly where they were (the box holds the page's word instead), so nothing jumps.
    The body keeps a one-character margin, a blank row parts it from the title and
    from the footer, and the footer says how to scroll and how to leave.
    """

    FIRST_ROW = ui.TITLE_ROW + 3  # a blank row under the title box
    FOOTER_ROW = ui.ROWS - 2
    # A text's lines and a list's rows are a block's, a LINE_PITCH apart; the last keeps the blank row above the footer.
    VISIBLE_LINES = ui.lines_fit(FIRST_ROW * ui.CELL, (FOOTER_ROW - 1) * ui.CELL - ui.LINE_PITCH)
    BODY_COL, BODY_WIDTH = 1, ui.COLS - 4  # column 37 stays clear, 38 holds the scroll marks
    MARK_COL = ui.COLS - 2

    def __init__(self, app: Host, word: str, heading: str) -> None:
        self.app = app
        self.word = word
        self.heading = heading

    def draw_page(self, footer: str, first_y: int | None, last_y: int | None) -> None:
        """The page round the body; ``first_y``, the top of the first line that scrolls, gets the mark
        that more is above, ``last_y``, the last one's, the mark that more is below."""
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)
        under = ui.last_title  # the screen under this page was drawn just before it
        if under.heading:
            ui.title_box(self.word, width=under.width, heading=under.heading, heading_col=under.heading_col)
        else:
            ui.title_box(self.word, heading=self.heading, heading_col=(ui.COLS - len(self.heading)) // 2)
        if first_y is not None:
            ui.text(self.MARK_COL * ui.CELL, first_y, "▲", palette.WHITE)
        if last_y is not None:
            ui.text(self.MARK_COL * ui.CELL, last_y, "▼", palette.WHITE)
        ui.hot_at(self.BODY_COL, self.FOOTER_ROW, footer, palette.WHITE)

    def line_y(self, index: int) -> int:
        """The pixel top of the body's line ``index`` (0 the first shown)."""
        return self.FIRST_ROW * ui.CELL + index * ui.LINE_PITCH


class Help(Page):
    """F1 anywhere: the current cartridge's page, then the shell's keys; ESC (or any other key) leaves.

    A page longer than the screen scrolls with up/down (which then do not leave).
    """

    def __init__(self, app: Host, page: str = "", heading: str = "") -> None:
        super().__init__(app, t("help.word"), heading or t("menu.title"))
        self.lines = (ui.wrap(page, self.BODY_WIDTH) + [""]) if page else []
        self.lines += ui.wrap(t("help.shell"), self.BODY_WIDTH)
        self.top = 0
        self.max_top = max(0, len(self.lines) - self.VISIBLE_LINES)

    def update(self, inp: Input) -> None:
        if self.max_top and (inp.pressed(Action.UP) or inp.pressed(Action.DOWN) or inp.wheel):
            step = -1 if inp.pressed(Action.UP) else 1 if inp.pressed(Action.DOWN) else -inp.wheel
            self.top = min(self.max_top, max(0, self.top + step))
        elif inp.any_key():
            inp.consume()
            self.close()

    def draw(self) -> None:
        footer = t("help.footer.scroll" if self.max_top else "help.footer")
        first_y, last_y = self.line_y(0), self.line_y(self.VISIBLE_LINES - 1)
        self.draw_page(footer, first_y if self.top > 0 else None, last_y if self.top < self.max_top else None)
        ui.lines(self.BODY_COL * ui.CELL, self.line_y(0), self.lines[self.top : self.top + self.VISIBLE_LINES])


class TextBox(Overlay):
    """A dialog's box: its text wrapped, a :data:`ui.LINE_PITCH` apart, a blank row, the answer row.

    The box grows with the text; a text longer than the screen holds scrolls with up/down
    (or the wheel) between marks, so no word of it is ever cut off.
    """

    queues = True
    TEXT_COL, BOX_COL = 3, 2
    WIDTH = ui.COLS - 2 * TEXT_COL
    MARK_COL = ui.COLS - TEXT_COL - 1
    FIRST_ROW = ui.TITLE_ROW + 2  # under the title, which the calm backdrop keeps
    MAX_TEXT_ROWS = ui.STATUS_ROW - 1 - FIRST_ROW - 3  # the frame, a blank row and the answer row
    VISIBLE = ui.lines_fit(0, (MAX_TEXT_ROWS - 1) * ui.CELL)

    def __init__(self, app: Host, text: str) -> None:
        self.app = app
        self.lines = ui.wrap(text, self.WIDTH)
        if len(self.lines) > self.VISIBLE:  # the scroll marks take the last column
            self.lines = ui.wrap(text, self.WIDTH - 2)
        self.first = 0
        self.max_first = max(0, len(self.lines) - self.VISIBLE)
        shown = min(len(self.lines), self.VISIBLE)
        text_rows = -(-ui.block_height(shown) // ui.CELL)
        self.height = text_rows + 4
        self.top = max(self.FIRST_ROW, (ui.ROWS - self.height) // 2)
        self.answer_row = self.top + self.height - 2

    def scrolled(self, inp: Input) -> bool:
        """Up/down (or the wheel) moved a long text; True when the input was that."""
        if not self.max_first or not (inp.pressed(Action.UP) or inp.pressed(Action.DOWN) or inp.wheel):
            return False
        step = -1 if inp.pressed(Action.UP) else 1 if inp.pressed(Action.DOWN) else -inp.wheel
        self.first = min(self.max_first, max(0, self.first + step))
        inp.consume()
        return True

    def draw_box(self) -> None:
        calm_backdrop(self.top, self.height)
        ui.box_at(self.BOX_COL, self.top, ui.COLS - 2 * self.BOX_COL, self.height, palette.WHITE, fill=palette.BLUE)
        shown = self.lines[self.first : self.first + self.VISIBLE]
        y = (self.top + 1) * ui.CELL
        ui.lines(self.TEXT_COL * ui.CELL, y, shown, palette.WHITE, palette.BLUE)
        if self.first > 0:
            ui.text_at(self.MARK_COL, self.top + 1, "▲", palette.WHITE)
        if self.first < self.max_first:
            ui.text(self.MARK_COL * ui.CELL, y + (len(shown) - 1) * ui.LINE_PITCH, "▼", palette.WHITE)


class Message(TextBox):
    """A message in a box that waits for RETURN, a pad button or a click; ``on_close`` runs then."""

    def __init__(self, app: Host, text: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app, text)
        self.on_close = on_close
        self.heard = False  # its sound plays as it first takes the input: when it shows, not while it waits

    def update(self, inp: Input) -> None:
        if not self.heard:
            self.heard = True
            self.app.sound("message")
        if self.scrolled(inp):
            return
        if inp.pressed(Action.SELECT) or inp.pressed(Action.BACK) or inp.clicked:
            inp.consume()
            self.close()
            if self.on_close:
                self.on_close()

    def draw(self) -> None:
        self.draw_box()
        ui.hot_at(self.TEXT_COL, self.answer_row, t("msg.ok"), palette.YELLOW, palette.BLUE)


class Confirm(TextBox):
    """Yes/no: Y (or J in German) / N / ESC, left/right + SELECT, pad A/B, or a click."""

    def __init__(self, app: Host, question: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 default: bool = False) -> None:
        """``default`` is the answer RETURN gives before the arrows move: No unless asked otherwise."""
        super().__init__(app, question)
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_selected = default

    def _answer_spans(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Pixel x ranges [start, end) of the yes and the no answer on the answer row."""
        starts, width = [], 0
        for part, is_key in ui.split_hotkeys(t("confirm.yes_no")):
            if is_key:
                starts.append(width)
            width += len(part)
        left = 3 * ui.CELL
        yes, no = (left + starts[0] * ui.CELL, left + starts[1] * ui.CELL), (left + starts[1] * ui.CELL, left + width * ui.CELL)
        return yes, no

    def _answer(self, yes: bool) -> None:
        self.close()
        callback = self.on_yes if yes else self.on_no
        if callback:
            callback()

    def update(self, inp: Input) -> None:
        if self.scrolled(inp):
            return
        (yes_start, yes_end), (no_start, no_end) = self._answer_spans()
        row_y = self.answer_row * ui.CELL
        on_row = row_y <= inp.mouse_y < row_y + ui.CELL
        if inp.hotkey("Y") or inp.hotkey("J"):
            self._answer(True)
        elif inp.hotkey("N") or inp.pressed(Action.BACK):
            self._answer(False)
        elif inp.pressed(Action.LEFT) or inp.pressed(Action.RIGHT):
            self.yes_selected = not self.yes_selected
        elif inp.pressed(Action.SELECT):
            self._answer(self.yes_selected)
        elif inp.clicked and on_row and yes_start <= inp.mouse_x < yes_end:
            self._answer(True)
        elif inp.clicked and on_row and no_start <= inp.mouse_x < no_end:
            self._answer(False)
        else:
            return
        inp.consume()

    def draw(self) -> None:
        self.draw_box()
        (yes_start, _), (no_start, _) = self._answer_spans()
        y = self.answer_row * ui.CELL
        answers = t("confirm.yes_no")
        split = answers.index("[", 1)  # the second key begins the No answer
        # The answer RETURN gives is bright and underlined, the other dim: one of them plainly stands out.
        for x, text, chosen in ((yes_start, answers[:split], self.yes_selected),
                                (no_start, answers[split:], not self.yes_selected)):
            ui.hot(x, y, text.rstrip(), palette.YELLOW if chosen else palette.TEXT, palette.BLUE)
        pyxel.rect((yes_start if self.yes_selected else no_start), y + ui.CELL, ui.CELL * 3, 1, palette.WHITE)


GAP = ("", None)  # a blank row between two groups of the pause menu: the highlight skips it


class PauseMenu(Page):
    """The game menu (TAB/F10, pad START): every cartridge command, reachable by pad and mouse.

    One way back ("Back to the game"), one way out of the game ("Leave <game>", which
    saves), and the app's Quit only where the app can quit (never in the browser).
    When the game's commands do not fit, they scroll between the way back at the top
    and help and the ways out at the bottom, which always show.
    """

    HOTKEY_COL = ui.COLS - 6

    def __init__(self, app: Host, cartridge: GameOnScreen) -> None:
        super().__init__(app, t("pause.word"), " ".join(cartridge.name().upper()))
        # Three groups, a blank row apart: the way back, the game's commands, help and the ways out.
        commands = [(command.label, command.run, command.hotkey) for command in cartridge.commands()]
        back = [(t("pause.resume"), lambda: None, "")] + ([(*GAP, "")] if commands else [])
        ways_out = [(*GAP, ""), (t("pause.help"), lambda: app.open_help(), ""),
                    (t("pause.leave", game=cartridge.name()), cartridge.leave, cartridge.leave_hotkey)]
        if not app.web:
            ways_out.append((t("pause.quit"), app.ask_quit, ""))
        rows = back + commands + ways_out
        self.entries: list[tuple[str, Callable[[], None] | None]] = [(label, run) for label, run, _ in rows]
        self.hotkeys: list[str] = [hotkey for _, _, hotkey in rows]
        # The highlight bar keeps column 37 clear, between it and the scroll marks.
        self.chooser = Chooser(len(rows), self.line_y(0), ui.LINE_PITCH, self.BODY_COL * ui.CELL,
                               self.BODY_WIDTH * ui.CELL, self.VISIBLE_LINES, pinned=(len(back), len(ways_out)),
                               skip=lambda index: self.entries[index] == GAP)

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK) or inp.pressed(Action.MENU):
            inp.consume()
            self.close()
            return
        chosen = self.chooser.update(inp)
        if chosen is not None:  # never a gap: the arrows, the wheel and the mouse pass over them
            inp.consume()
            self.close()
            self.entries[chosen][1]()

    def draw(self) -> None:
        chooser = self.chooser
        scrolling = chooser.scrolling_rows()
        self.draw_page(t("pause.footer.scroll" if chooser.max_offset else "pause.footer"),
                       chooser.row_y(scrolling.start) if chooser.more_above else None,
                       chooser.row_y(scrolling.stop - 1) if chooser.more_below else None)
        for i in chooser.shown():
            if self.entries[i] == GAP:
                continue
            y = chooser.row_y(i)
            ink, paper = palette.LIGHT_BLUE, palette.BACKGROUND
            if i == chooser.index:  # a cell high: a pixel clear of the rows above and below
                ink, paper = palette.BLUE, palette.WHITE
                pyxel.rect(chooser.left, y, chooser.width, ui.CELL, paper)
            ui.hot((self.BODY_COL + 1) * ui.CELL, y, self.entries[i][0], ink, paper)
            if self.hotkeys[i]:  # a long one (SPACE) ends where the others could, clear of the scroll marks
                col = min(self.HOTKEY_COL, self.MARK_COL - 1 - len(self.hotkeys[i]))
                ui.hot(col * ui.CELL, y, f"[{self.hotkeys[i]}]", ink, paper)
