"""What both sides must agree on: undo, a draw, a new game after the end; and resigning.

Undo is a request the other side accepts or refuses, a draw an offer, a new game (the
sides swapped) a question after the end; resigning needs no answer.  A question from the
other side is asked of the player here one at a time, and not too often.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

from ..net.protocol import Command
from .netlink import refusal
from .strings import t

QUESTIONS_PER_MINUTE = 30  # UNDO, DRAW and NEW asked of the player here; more closes the connection
MINUTE = 60.0
# A request from the other side -> the answer that refuses it (a question the player here is asked).
QUESTIONS = {"UNDO": "UNDO-NO", "DRAW": "DRAW-NO", "NEW": "NEW-NO"}


class Agreements:
    """The agreements of ``net`` (a ``netplay.NetGame``) with the other side.

    Of the conversation it uses the table, ``send``, ``playing``, ``local``, ``remote``,
    ``peer_label``, ``lose``, ``clock`` and ``new_game``.
    """

    def __init__(self, net) -> None:
        self.net = net
        self.table = net.table
        self.question = None  # (verb, the question asking the player here what the other side asked)
        self.asked_at: deque[float] = deque()  # when the other side asked something, the last minute
        self.asked_undo: int | None = None
        self.offered_draw = False
        self.asked_new = False
        self.answers = {"UNDO-OK": self.on_undo_ok, "UNDO-NO": self.on_undo_no, "DRAW-OK": self.on_draw_ok,
                        "DRAW-NO": self.on_draw_no, "RESIGN": self.on_resign, "NEW-OK": self.on_new_ok,
                        "NEW-NO": self.on_new_no}

    def forget_asked(self) -> None:
        """Nothing asked of the other side waits for an answer any more."""
        self.asked_undo, self.offered_draw, self.asked_new = None, False, False

    def drop(self) -> None:
        """The link is gone: nothing asked waits, and the question it asked here goes too."""
        self.forget_asked()
        self.withdraw_question()

    def take(self, command: Command) -> None:
        """A question from the other side, or its answer to one asked here (or its resignation)."""
        if command.verb in QUESTIONS:
            self.on_question(command)
        else:
            self.answers[command.verb](command)

    def not_playing(self) -> bool:
        if not self.net.playing:
            self.table.flash(t("net.not_connected"))
        return not self.net.playing

    # Questions from the other side: one dialog at a time, and not too many.

    def on_question(self, command: Command) -> None:
        """UNDO, DRAW or NEW: asked while one is open, the same again is ignored and another is
        refused; more than ``QUESTIONS_PER_MINUTE`` closes the connection."""
        now = self.net.clock()
        self.asked_at.append(now)
        while now - self.asked_at[0] > MINUTE:
            self.asked_at.popleft()
        if len(self.asked_at) > QUESTIONS_PER_MINUTE:
            self.net.send(refusal("asking", f"more than {QUESTIONS_PER_MINUTE} questions a minute"))
            self.net.lose("asking", str(QUESTIONS_PER_MINUTE))
            return
        if self.question_open():
            if command.verb != self.question[0]:
                self.net.send(Command(QUESTIONS[command.verb]))
            return
        {"UNDO": self.on_undo, "DRAW": self.on_draw, "NEW": self.on_new}[command.verb](command)

    def ask(self, verb: str, text: str, on_yes: Callable, default: bool = False) -> None:
        """Ask the player here; No answers the other side with the request's refusal."""
        refuse = QUESTIONS[verb]
        question = self.table.ask(text, on_yes, lambda: self.net.send(Command(refuse)), default=default)
        self.question = (verb, question)

    def question_open(self) -> bool:
        return self.question is not None and self.table.question_open(self.question[1])

    def withdraw_question(self) -> None:
        """The connection is gone: the question it asked goes too (its answer could not be sent)."""
        if self.question_open():
            self.table.withdraw(self.question[1])
        self.question = None

    def agreed(self, verb: str, still: Callable[[], bool], then: Callable[[], None], *values) -> Callable[[], None]:
        """The player's yes to ``verb``: agreed (``verb``-OK, then ``then``) while ``still()`` holds
        and the link is up, else refused after all."""

        def agree() -> None:
            if self.net.playing and still():
                self.net.send(Command(f"{verb}-OK", *values))
                then()
            else:
                self.net.send(Command(QUESTIONS[verb]))

        return agree

    # Undo: asked of the other side.

    def undo_target(self) -> int | None:
        """The move count to go back to: before the last move made here."""
        positions, rules = self.table.positions(), self.table.rules
        for count in range(len(positions) - 2, -1, -1):
            if rules.to_move(positions[count]) == self.net.local:
                return count
        return None

    def ask_undo(self) -> None:
        if self.not_playing():
            return
        target = self.undo_target()
        if target is None:
            return
        self.asked_undo = target
        self.net.send(Command("UNDO", target))
        self.table.flash(t("net.undo_asked", player=self.net.peer_label()))

    def on_undo(self, command: Command) -> None:
        target = command.number
        if target >= len(self.table.moves()):
            self.net.send(Command("UNDO-NO"))
            return
        agree = self.agreed("UNDO", lambda: target < len(self.table.moves()), lambda: self.table.take_back_to(target),
                            target)
        self.ask("UNDO", t("net.ask_undo", player=self.net.peer_label(), n=target), agree)

    def on_undo_ok(self, command: Command) -> None:
        if self.asked_undo is None or command.number != self.asked_undo:
            self.net.send(refusal("asked", "no such undo was asked"))
            return
        self.asked_undo = None
        self.table.take_back_to(command.number)
        self.table.flash(t("net.undo_done"))

    def on_undo_no(self, command: Command) -> None:
        if self.asked_undo is not None:
            self.asked_undo = None
            self.table.flash(t("net.undo_refused", player=self.net.peer_label()))

    # Draw and resign.

    def offer_draw(self) -> None:
        if self.not_playing():
            return
        if self.table.over:
            self.table.flash(t("msg.no_hint"))
            return
        self.offered_draw = True
        self.net.send(Command("DRAW"))
        self.table.flash(t("net.draw_offered", player=self.net.peer_label()))

    def on_draw(self, command: Command) -> None:
        if self.table.over:
            self.net.send(Command("DRAW-NO"))
            return
        agree = self.agreed("DRAW", lambda: not self.table.over, lambda: self.table.end_by_agreement(None, "agreed"))
        self.ask("DRAW", t("net.ask_draw", player=self.net.peer_label()), agree)

    def on_draw_ok(self, command: Command) -> None:
        if not self.offered_draw or self.table.over:
            self.net.send(refusal("asked", "no draw was offered"))
            return
        self.offered_draw = False
        self.table.end_by_agreement(None, "agreed")

    def on_draw_no(self, command: Command) -> None:
        if self.offered_draw:
            self.offered_draw = False
            self.table.flash(t("net.draw_refused", player=self.net.peer_label()))

    def resign(self) -> None:
        if self.table.over:
            return
        self.net.send(Command("RESIGN"))
        self.table.end_by_agreement(self.net.remote, "resigned")

    def on_resign(self, command: Command) -> None:
        if not self.table.over:
            self.table.end_by_agreement(self.net.local, "resigned")

    # After the end: a new game, the sides swapped, when both want it.

    def ask_new(self) -> None:
        if self.not_playing():
            return
        self.asked_new = True
        self.net.send(Command("NEW"))
        self.table.flash(t("net.new_asked", player=self.net.peer_label()))

    def on_new(self, command: Command) -> None:
        if not self.table.over:
            self.net.send(Command("NEW-NO"))
            return
        agree = self.agreed("NEW", lambda: self.table.over, self.net.new_game)
        self.ask("NEW", t("net.ask_new", player=self.net.peer_label()), agree, default=True)

    def on_new_ok(self, command: Command) -> None:
        if not self.asked_new or not self.table.over:
            self.net.send(refusal("asked", "no new game was asked"))
            return
        self.net.new_game()

    def on_new_no(self, command: Command) -> None:
        if self.asked_new:
            self.asked_new = False
            self.table.flash(t("net.new_refused", player=self.net.peer_label()))
