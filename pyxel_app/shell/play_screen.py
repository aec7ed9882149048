"""A match's play screen: the title box, the board, the side panel and the texts under the board.

The panel lists the players (an arrow at the one to move), the move count, "Thinking" (or
whether the other computer is there) and the keys; under the board come the end, a passing
message, a view's question (Othello's pass) or whose turn, and a text too long for those lines
comes in a box.  It reads the match (its flow, view, network game) and changes nothing in it.
"""

from __future__ import annotations

from ..net.room import shown_code
from . import palette, ui
from .netplay import elapsed_text, why_text
from .replay import key_lines
from .strings import t

PANEL_TOP = 5
COUNT_COL = ui.COLS - 4  # a seat's count (Othello's stones), right of its name and colour
STATE_ROW = PANEL_TOP + 8  # the panel's line for "Thinking" or the network's "Connected"
KEYS_TOP = PANEL_TOP + 10


class PlayScreen:
    def __init__(self, match) -> None:
        self.match = match
        self.flow = match.flow
        self.boxed: tuple[str, int] | None = None  # a prompt or end too long for the status lines, shown in a box

    def draw_play(self) -> None:
        match, flow = self.match, self.flow
        match.hotkeys.clear()
        busy = match.view.busy(match.ui)
        outcome = flow.outcome if not busy else None
        match.draw_title(flow.word("word.play") if outcome is None else self.end_word(outcome))
        match.view.draw(flow.state, match.ui, outcome is not None)
        self.draw_panel(busy)
        if outcome is not None:
            ui.status_lines(self.end_text(), match.text_top, palette.YELLOW)
        elif match.message_frames:
            match.draw_status()
        elif not busy:
            prompt = self.prompt()
            if prompt is not None:
                ui.status_lines(prompt[0], match.text_top, palette.YELLOW)
            elif match.net is None or match.net.playing:  # the evaluation over whose turn, when asked for
                match.insight.draw_status(match.hotkeys, match.text_top, self.turn_text())
            else:
                ui.status_lines(self.turn_text(), match.text_top, palette.WHITE)

    def draw_replay(self, lines) -> None:
        """The play screen at the position the replay shows (the session's, for this draw) as undo to
        it would show it: a fresh passing state, and an end agreed on only at the present."""
        match, flow = self.match, self.flow
        kept = match.ui, flow.agreed
        match.ui = match.view.new_ui()
        if not lines.present:
            flow.agreed = None
        try:
            match.draw_title(lines.word)
            match.view.draw(flow.state, match.ui, flow.over)
            self.draw_panel(False, key_lines(lines.keys, ui.COLS - 1 - match.view.panel_col), lines.bar)
            ui.status_lines(lines.status, match.text_top, palette.WHITE)
        finally:
            match.ui, flow.agreed = kept

    def turn_border(self) -> int:
        """The border in the colour of the side to move, as long as a game is on."""
        match, flow = self.match, self.flow
        if match.phase != "play" or flow.session is None or flow.over:
            return palette.BORDER
        ink = match.view.ink(flow.colours[flow.seat_to_move()])
        return palette.BORDER if ink is None else ink

    # The texts under the board.

    def prompt(self) -> tuple[str, str] | None:
        """The view's question to the person here, and the move that answers it."""
        match, flow = self.match, self.flow
        if flow.session is None or flow.over or flow.agent_to_move() or match.view.busy(match.ui):
            return None
        return match.view.prompt(flow.state)

    def show_long_texts(self) -> None:
        """A prompt or an end that the lines under the board cannot hold comes in a box, once."""
        match, flow = self.match, self.flow
        if match.phase != "play" or flow.session is None or match.view.busy(match.ui):
            return
        prompt = self.prompt()
        text = prompt[0] if prompt else self.end_text() if flow.over else None
        if text is None or len(ui.wrap(text, ui.COLS - 2)) <= match.message_lines:
            self.boxed = None
        elif self.boxed != (text, flow.session.position):
            self.boxed = (text, flow.session.position)
            match.app.show_message(text, (lambda: match.person_move(prompt[1])) if prompt else None)

    def turn_text(self) -> str:
        """Whose turn: "Waiting for Ann 0:12" while the other computer's player thinks."""
        flow, net = self.flow, self.match.net
        seat = flow.seat_to_move()
        if net is None:
            return flow.word("to_move", player=flow.player_label(seat))
        if net.stage == "listening" or net.caller:  # a caller not yet let in may not be the one awaited
            if net.code:
                return t("net.code.back_soon", player=flow.player_name(net.remote), code=shown_code(net.code),
                         time=elapsed_text(net.waiting_seconds))
            return t("net.back_soon", player=flow.player_name(net.remote), port=net.listening_port,
                     time=elapsed_text(net.waiting_seconds))
        if net.stage == "connecting":
            address = shown_code(net.code) if net.code else net.address
            return t("net.connecting", address=address) + " " + elapsed_text(net.waiting_seconds)
        if not net.playing:
            return t("net.lost", why=why_text(net.problem, net.detail)) if net.problem else t("net.not_connected")
        if seat == net.remote:
            return t("net.waiting_for", player=flow.player_name(seat), time=elapsed_text(net.turn_seconds))
        return flow.word("to_move", player=flow.player_label(seat))

    def end_text(self) -> str:
        flow = self.flow
        outcome = flow.outcome
        if outcome is flow.agreed and outcome.winner is None:
            return t("net.draw_agreed")
        if outcome is flow.agreed:
            return t("net.resigned", player=flow.player_name(1 - outcome.winner),
                     winner=flow.player_label(outcome.winner))
        text = self.match.view.end_text(flow.state, outcome)
        if text is not None:
            return text
        if outcome.winner is None:
            return flow.word("draw")
        return flow.word("won", player=flow.player_label(outcome.winner))

    def end_word(self, outcome) -> str:
        """The title box's word at the end, from the person's side: "You won!" or "You lost.";
        between two people here the winning side's colour."""
        flow = self.flow
        if outcome.winner is None:
            return flow.word("word.draw")
        here = flow.person_here()
        if here is None:
            return flow.word("word.side_won", colour=flow.colour_name(flow.colours[outcome.winner]))
        return flow.word("word.won" if outcome.winner == here else "word.lost")

    # The side panel.

    def draw_panel(self, busy: bool, keys: str | None = None, bar=None) -> None:
        """The players, the move count, "Thinking" and the key lines (``keys`` through ``bar`` when
        given, else the play's through the match's hotkeys)."""
        match, flow = self.match, self.flow
        col = match.view.panel_col
        to_move = None if flow.over or busy else flow.seat_to_move()
        counts = match.view.seat_counts(flow.state)
        for seat in (0, 1):
            row = PANEL_TOP + seat * 3
            if seat == to_move:
                ui.text_at(col, row, "▶", palette.WHITE)
            match.view.draw_token((col + 1) * ui.CELL + 4, row * ui.CELL + 4, flow.colours[seat], 4)
            ui.text_at(col + 3, row, flow.player_name(seat), palette.WHITE if seat == to_move else palette.TEXT)
            ui.text((col + 3) * ui.CELL, row * ui.CELL + ui.LINE_PITCH, f"({flow.colour_name(flow.colours[seat])})",
                    palette.GREY)
            if counts is not None:
                ui.text_at(COUNT_COL, row + 1, f"{counts[seat]:2d}", palette.WHITE)
        ui.text_at(col, PANEL_TOP + 6, flow.word("moves", n=flow.session.move_count))
        working = flow.thinking or flow.hinting
        if match.net is not None and not working:
            stage = match.net.stage
            word, ink = (("net.online", palette.LIGHT_GREEN) if stage == "playing" else
                         ("net.offline", palette.LIGHT_RED) if stage in ("lost", "failed", "closed") else
                         ("net.linking", palette.YELLOW))
            ui.text_at(col, STATE_ROW, t(word), ink)
        if working:
            dots = "." * (match.frame // 10 % 4)
            ui.text_at(col, STATE_ROW, flow.word("hinting" if flow.hinting else "thinking") + dots, palette.YELLOW)
        (bar or match.hotkeys).lines(col, KEYS_TOP * ui.CELL, self.panel_keys(busy) if keys is None else keys)

    def panel_keys(self, busy: bool) -> str:
        """The panel's key lines (``\n`` between them).  A network game has no redo, restart or hint
        (they would change one side's game only): its lines offer what it has, undo as a question."""
        net = self.match.net
        if self.flow.over and not busy:
            return self.flow.word("keys.over_net" if net else "keys.over")
        return self.flow.word("keys.net" if net else "keys.play")

    @property
    def info_row(self) -> int:
        """The panel's row for a view's own line (the square under the cursor): the computer's
        "Thinking" row, which the view leaves while the computer thinks; in a network game that row
        says whether the other computer is there, so the view's line goes under the keys."""
        match = self.match
        if match.net is None:
            return STATE_ROW
        keys = self.panel_keys(match.view.busy(match.ui)).count("\n") + 1
        return -(-(KEYS_TOP * ui.CELL + ui.block_height(keys)) // ui.CELL)
