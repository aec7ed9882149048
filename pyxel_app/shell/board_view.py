"""What a two-player game's board view is, in the manner of a puzzle backend.

``interpret_input(state, ui, inp)`` turns input into a move text (or None) without
touching the session; ``draw(state, ui, show_end)`` draws the state plus the view's own
passing UI state (cursor, a disc in flight, a flip under way), made by ``new_ui`` and
never undone.  The defaults below suit a board with no animation that is never turned.  All a
view may use of the match it shows is its ``context`` (``shell/board_context.py``).

A board that looks different from the two sides (draughts, Othello) says ``can_turn``: T or
the game menu draws it from the other side (``upside_down``), its labels too, and input still
picks the square under the cursor or the pointer.  One that ``faces_person`` is drawn from the
side of the one person here by default (draughts: Black's, when they play Black); T turns it
from there.  ``choices``,
``move_cells`` and ``cursor_cell`` say what a player points at to enter each move, so one
test (tests/test_move_input.py) can prove every view lets every move be entered.
"""

from __future__ import annotations

from typing import Any

import pyxel

from . import palette
from .cartridge import Command
from .strings import t


class BoardView:
    panel_col = 24  # where the match layer draws the players, the move count and the keys
    # The first row under the board free for the match layer's texts (the end, whose turn, a
    # message): they keep to the bottom, a blank pixel row under whatever is drawn above this row.
    end_row = 20
    keys_typed = ""  # typed characters the board takes (others are an "Invalid choice!")
    # The files of its own it reads from the data folder, with the most bytes each format allows.
    data_files: dict[str, int] = {}
    can_turn = False  # T draws the board from the other side (Connect 4's stand looks the same from both)
    faces_person = False  # drawn from the side of the one person here

    def __init__(self, context) -> None:
        self.context = context
        self._last_key, self._last = None, None
        self.turned_round = False  # T: the player's own view, kept through undo and the games that follow

    def upside_down(self) -> bool:
        """The board is drawn turned half a circle, as the second seat sees it."""
        facing = self.faces_person and self.context.person_seat == 1
        return self.can_turn and facing != self.turned_round

    def turn_round(self) -> None:
        """T (or the game menu): the board drawn from the other side; a board that looks the same
        from both sides says so."""
        if not self.can_turn:
            self.context.refuse(t("match.no_turn"))
            return
        self.turned_round = not self.turned_round
        self.context.sound("cursor")

    def new_ui(self) -> Any:
        return None

    def seat_counts(self, state) -> tuple[int, int] | None:
        """What each seat has on the board, where the game counts it (Othello's stones): the panel
        writes it beside each player, a puzzle's panel on a line of its own; None where nothing is counted."""
        return None

    def interpret_input(self, state, ui, inp) -> str | None:
        raise NotImplementedError

    def choices(self, state) -> list:
        """Every move a player can tell apart on the board: the legal moves, or finer ones (a
        draughts capture's routes to one end)."""
        return self.context.rules.legal_moves(state)

    def move_cells(self, move) -> tuple:
        """The cells a player points at, in order, to enter ``move``, as ``cursor_cell`` names
        them; () for a move said with any cell (Othello's pass when it is the only move)."""
        raise NotImplementedError

    def cursor_cell(self, ui) -> Any:
        """The cell the keyboard cursor is on."""
        return ui.cursor

    def on_board(self, inp) -> bool:
        """The mouse is over the board (a click there after the end starts a new game)."""
        return False

    def prompt(self, state) -> tuple[str, str] | None:
        """A question the person to move must answer before playing on (Othello's pass), as
        (the words, the move text that answers it); the match layer shows it."""
        return None

    def explain(self, state, text: str, error: Exception) -> str:
        """The words for a refused move."""
        return str(error)

    def last_move(self):
        """The move that led to the position shown, read from the session's history (so undo,
        redo and load show it too), or None; kept while the position stays."""
        session = self.context.session
        if session is None:
            return None
        key = (session, session.position, session.state)
        if self._last_key != key:
            self._last_key, self._last = key, session.last_move()
        return self._last

    def on_move(self, before, move, after, ui) -> None:
        """A move was played: start its animation."""

    def busy(self, ui) -> bool:
        """An animation runs that the next move must wait for."""
        return False

    def animate(self, ui) -> None:
        """One frame of animation."""

    def finish_animation(self, ui) -> None:
        """Jump to the end of any animation."""

    def show_hint(self, state, ui, move) -> str:
        """Mark the hinted move on the board; returns the words for the status line."""
        return self.context.rules.move_to_text(move)

    def commands(self) -> list[Command]:
        """The game's own entries for the game menu: turning the board where it turns."""
        return [Command(t("match.cmd.turn"), self.turn_round, "T")] if self.can_turn else []

    def end_text(self, state, outcome) -> str | None:
        """The game's own words for the end, or None for the match layer's."""
        return None

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        """A side's piece at (x, y), radius about ``r``: the panel and the colour list use it."""
        pyxel.circ(x, y, r, palette.WHITE)

    @staticmethod
    def ink(colour: str) -> int | None:
        """The palette colour of a side, for the border while it is to move; None keeps the border."""
        return None

    def draw(self, state, ui, show_end: bool) -> None:
        raise NotImplementedError
