"""The table a network game's conversation plays at (``shell/nettable.py``'s ``NetTable``): the
match seen from the network, its game, its players and the player here to tell or ask."""

from __future__ import annotations

from ..session import Session
from .keyboard import NAME_MAX, clean_name
from .match_study import AGREED, AGREED_META, agreed
from .netplay import NetGame
from .setup_base import HOSTING_MODES

# The save's key of a game by invite code's room key: its two players resume with it, not with the code.
ROOM_KEY_META = "room_key"


class MatchTable:
    """The game of ``match`` as its network conversation sees it; ``side`` (the match's NetSide)
    holds the network game and the host's answer about the evaluation."""

    def __init__(self, match, side) -> None:
        self.match, self.side = match, side

    # The table (shell/nettable.py): the game.

    @property
    def key(self) -> str:
        return self.match.key

    @property
    def rules(self):
        return self.match.rules

    @property
    def variant(self) -> str:
        match = self.match
        return match.rules.variant_of(match.session.start) if match.session is not None else match.variant

    @property
    def has_game(self) -> bool:
        return self.match.session is not None

    @property
    def state(self):
        return self.match.state

    @property
    def over(self) -> bool:
        return self.match.over

    def moves(self) -> list[str]:
        return self.match.session.move_texts() if self.match.session is not None else []

    def positions(self) -> list:
        session = self.match.session
        return session.states[: session.position + 1]

    # The table: who plays.

    def typed_name(self, seat: int) -> str:
        return self.match.names[seat]

    def player_name(self, seat: int) -> str:
        return self.match.player_name(seat)

    def set_name(self, seat: int, name: str) -> None:
        name = clean_name(name)[:NAME_MAX]
        if name:
            self.match.names[seat] = name
            self.match.session.meta[f"name{seat + 1}"] = name

    @property
    def evaluation(self) -> bool:
        match = self.match
        if match.session is not None:
            return agreed(match.session)
        return self.side.evaluation_offer if match.mode in HOSTING_MODES else True

    def agree_evaluation(self, both: bool) -> None:
        meta = self.match.session.meta
        if both:
            meta[AGREED_META] = AGREED
        else:
            meta.pop(AGREED_META, None)

    # The table: changing the game.

    def start_game(self, variant: str, local: int, own_name: str, peer_name: str, address: str) -> None:
        match, colours = self.match, self.match.spec.colours
        names = ["", ""]
        names[local], names[1 - local] = own_name, clean_name(peer_name)[:NAME_MAX]
        meta = {"mode": match.mode, "name1": names[0], "name2": names[1], "colour1": colours[0],
                "colour2": colours[1], "local": str(local + 1), "address": address,
                AGREED_META: AGREED if self.evaluation else "",  # a new game keeps what was agreed
                ROOM_KEY_META: self.side.net.secret if self.side.net is not None and self.side.net.code else ""}
        if match.spec.choose_variant:
            meta["variant"] = variant
        rules = match.rules
        match.session = Session(rules, rules.initial_state(variant), {k: v for k, v in meta.items() if v})
        match.on_session_changed()

    def start_net_session(self, net: NetGame, variant: str, peer_name: str) -> None:
        """A new game with ``net``'s other side, this side in seat ``net.local``."""
        self.start_game(variant, net.local, net.own_name, peer_name, net.address)

    def play(self, text: str) -> bool:
        return self.match.submit(text)

    def take_back_to(self, count: int) -> None:
        match = self.match
        match.view.finish_animation(match.ui)
        match.stop_thinking()
        while match.session.move_count > count and match.session.undo():
            pass
        match.on_session_changed()
        match.after_move()

    def end_by_agreement(self, winner: int | None, reason: str) -> None:
        self.match.flow.agree(winner, reason)

    def autosave(self) -> None:
        net, session = self.side.net, self.match.session
        if net is not None and net.code and net.secret and session is not None:  # a save from before room keys gets one
            session.meta[ROOM_KEY_META] = net.secret
        self.match.autosave()

    # The table: telling and asking the player here.

    def flash(self, text: str) -> None:
        self.match.flash(text)

    def note(self, text: str) -> None:
        self.match.note(text)

    def show_message(self, text: str) -> None:
        self.match.app.show_message(text)

    def ask(self, text: str, on_yes, on_no=None, default: bool = False):
        return self.match.app.confirm(text, on_yes, on_no, default=default)

    def question_open(self, question) -> bool:
        app = self.match.app
        return app.is_open(question)

    def withdraw(self, question) -> None:
        self.match.app.close_overlay(question)

    def sound(self, name: str) -> None:
        self.match.app.sound(name)
