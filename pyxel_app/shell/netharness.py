"""Network play driven without the app: a desktop tool for the tests and the bench, like ``harness.py``.

A :class:`BareTable` is the table (``shell/nettable.py``) kept in lists, with Connect 4's rules
and no match, no pyxel: the tests of the conversation sit two of them at one game, and the
broker bench sits thousands.
"""

from __future__ import annotations

from ..games import find
from ..rules.base import RulesError
from .netplay import NetGame
from .nettable import SOUNDS


class Question:
    def __init__(self, text, on_yes, on_no) -> None:
        self.text, self.on_yes, self.on_no = text, on_yes, on_no


class BareTable:
    """Connect 4 with nothing but its rules: the table the conversation needs, kept in lists."""

    def __init__(self, name: str) -> None:
        self.key = "connect4"
        self.rules = find("connect4").rules
        self.chosen = self.rules.variants[0]
        self.names = [name, ""]
        self.states: list | None = None
        self.texts: list[str] = []
        self.agreed: tuple[int | None, str] | None = None
        self.net: NetGame | None = None
        self.said: list[str] = []
        self.questions: list[Question] = []
        self.sounds: list[str] = []
        self.saves = 0

    @property
    def variant(self) -> str:
        return self.rules.variant_of(self.states[0]) if self.has_game else self.chosen

    @property
    def has_game(self) -> bool:
        return self.states is not None

    @property
    def state(self):
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.agreed is not None or self.rules.is_terminal(self.state)

    def moves(self) -> list[str]:
        return list(self.texts)

    def positions(self) -> list:
        return list(self.states)

    def typed_name(self, seat: int) -> str:
        return self.names[seat]

    def player_name(self, seat: int) -> str:
        return self.names[seat] or f"Player {seat + 1}"

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def start_game(self, variant: str, local: int, own_name: str, peer_name: str, address: str) -> None:
        self.names[local], self.names[1 - local] = own_name, peer_name
        self.states, self.texts, self.agreed = [self.rules.initial_state(variant)], [], None

    def play(self, text: str) -> bool:
        if self.over:
            return False
        mover = self.rules.to_move(self.state)
        try:
            self.states.append(self.rules.apply(self.state, self.rules.move_from_text(self.state, text)))
        except RulesError:
            return False
        self.texts.append(text)
        self.net.moved(mover, text)
        return True

    def take_back_to(self, count: int) -> None:
        del self.states[count + 1:], self.texts[count:]

    def end_by_agreement(self, winner: int | None, reason: str) -> None:
        self.agreed = (winner, reason)

    def autosave(self) -> None:
        self.saves += 1

    def flash(self, text: str) -> None:
        self.said.append(text)

    note = show_message = flash

    def ask(self, text, on_yes, on_no=None, default=False) -> Question:
        self.questions.append(Question(text, on_yes, on_no))
        return self.questions[-1]

    def question_open(self, question) -> bool:
        return any(question is asked for asked in self.questions)

    def withdraw(self, question) -> None:
        self.questions = [asked for asked in self.questions if asked is not question]

    def sound(self, name: str) -> None:
        if name not in SOUNDS:
            raise ValueError(f"no sound {name!r} at the table")
        self.sounds.append(name)

    # What a frame does: the conversation, then the other side's move when it is its turn.

    def update(self) -> None:
        self.net.poll()
        if self.has_game and not self.over and self.rules.to_move(self.state) == self.net.remote:
            text = self.net.seat.step(0)
            if text is not None:
                self.play(text)

    def answer(self, yes: bool) -> None:
        question = self.questions.pop(0)
        (question.on_yes if yes else question.on_no)()

    def my_turn(self) -> bool:
        return self.net.playing and not self.over and self.rules.to_move(self.state) == self.net.local
