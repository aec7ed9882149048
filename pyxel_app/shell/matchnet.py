"""The match layer's side of a network game: hosting, joining, a saved game's link, and the
table (``shell/nettable.py``) the conversation plays at.

:class:`NetSide` is the only part of the match layer the conversation (``shell/netplay.py``)
holds: what it may do to the match is what the table lists.  The match keeps its network
names (``net``, ``start_network``, ``reconnect``, ``offer_draw``, ...) by handing them here.
"""

from __future__ import annotations

import sys

from ..session import Session
from .cartridge import Command
from .keyboard import NAME_MAX, clean_name
from .match_study import AGREED, AGREED_META, agreed
from .netlink import invite_code
from .netplay import HOST, JOIN, NetGame
from .setup_base import BROKER_SETTING, CODE_MODES, HOSTING_MODES, MODE_CODE_HOST, MODE_CODE_JOIN, MODE_HOST, MODE_JOIN
from .strings import t

# The command line's role -> the mode of the game it starts.
ROLE_MODES = {HOST: MODE_HOST, JOIN: MODE_JOIN, MODE_CODE_HOST: MODE_CODE_HOST, MODE_CODE_JOIN: MODE_CODE_JOIN}


def net_from_meta(meta: dict[str, str]) -> tuple[str, str, int, int, str]:
    """(role, host, port, local seat, invite code) of a saved network game (for a game by invite
    code the host is the broker's address and the port 0); ValueError names what is wrong."""
    from ..net.protocol import split_address
    from ..net.room import normal_code

    local = meta.get("local", "")
    if local not in ("1", "2"):
        raise ValueError(f"unknown local seat {local!r}")
    role = HOST if meta["mode"] in HOSTING_MODES else JOIN
    address = meta.get("address", "")
    if meta["mode"] in CODE_MODES:
        code, at, broker = address.partition("@")
        if not at:
            raise ValueError(f"no invite code in {address[:40]!r}")
        return role, broker, 0, int(local) - 1, normal_code(code)
    host, port = split_address(address, any_host=role == HOST)
    return role, host, port, int(local) - 1, ""


class NetSide:
    """The network game of ``match`` (a MatchCartridge), and the table its conversation plays at."""

    def __init__(self, match) -> None:
        self.match = match
        self.net: NetGame | None = None  # a game with another computer
        self.net_options: dict = {}  # for tests: the NetGame's clock and link maker, the host's address and port
        self.host_addresses: list[str] = []
        self.evaluation_offer = False  # the host's answer at set-up: the evaluation in this game?

    @property
    def default_port(self) -> int:
        from ..net.protocol import DEFAULT_PORT

        return self.net_options.get("port", DEFAULT_PORT)

    @property
    def broker(self) -> str:
        """The broker games by invite code meet at: the command line's, else the setting; in the
        browser without one, the page's own server."""
        chosen = self.net_options.get("broker") or self.match.app.settings.get(BROKER_SETTING, "")
        if not chosen and self.match.app.web and sys.platform == "emscripten":
            from ..net.websocket import page_broker

            return page_broker()
        return chosen

    @property
    def link_options(self) -> dict:
        """The NetGame's clock and link maker, where a test set them."""
        return {k: v for k, v in self.net_options.items() if k in ("clock", "open_link")}

    # Hosting, joining, leaving.

    def start_hosting(self) -> None:
        self.cancel_network()
        self.match.message_frames = 0  # a word about an earlier try does not belong on a fresh wait
        if not self.host_addresses:
            from ..net.link import local_addresses

            self.host_addresses = local_addresses()
        self.net = NetGame(self, HOST, self.net_options.get("host", ""), self.default_port, 0, **self.link_options)
        self.net.open()

    def start_joining(self, host: str, port: int) -> None:
        self.cancel_network()
        self.match.message_frames = 0
        self.net = NetGame(self, JOIN, host, port, None, **self.link_options)
        self.match.go_to_phase("connecting")
        self.net.open()

    def start_hosting_by_code(self, code: str = "") -> None:
        """Wait in the room of ``code``, or of a new one (a test may fix it: ``net_options["code"]``)."""
        from ..net.room import new_code

        self.cancel_network()
        self.match.message_frames = 0
        code = code or self.net_options.get("code") or new_code()
        self.net = NetGame(self, HOST, self.broker, 0, 0, code=code, **self.link_options)
        self.net.open()

    def start_joining_by_code(self, code: str) -> None:
        self.cancel_network()
        self.match.message_frames = 0
        self.net = NetGame(self, JOIN, self.broker, 0, None, code=code, **self.link_options)
        self.match.go_to_phase("connecting")
        self.net.open()

    def start_network(self, role: str, host: str, port: int, name: str = "", variant: str | None = None,
                      evaluation: bool | None = None) -> None:
        """Straight into hosting or joining (the command line's ``serve`` and ``join``); the host
        plays ``variant`` (the rules' first without one) and offers the evaluation when
        ``evaluation`` (``serve --evaluation yes|no``; None: as set before), a joiner learns both
        from the host.  By
        invite code (``role`` a code mode) ``host`` is the broker's address, a joiner's with its
        code before it (``XR7-HJ4-MEY@broker:1883``)."""
        match = self.match
        match.session = None
        match.variant = match.rules.check_variant(variant)
        match.mode, match.names, match.seat = ROLE_MODES[role], [name, ""], 0
        match.colours = list(match.spec.colours[:2])
        if evaluation is not None:
            self.evaluation_offer = evaluation
        if role in CODE_MODES:
            code, _, broker = host.rpartition("@")
            self.net_options["broker"] = broker
            if role == MODE_CODE_HOST:
                match.go_to_phase("code_host")
            else:
                self.start_joining_by_code(code)
        elif role == HOST:
            self.net_options.setdefault("port", port)
            self.net_options.setdefault("host", host)
            match.go_to_phase("host")
        else:
            self.start_joining(host, port)

    def takes_up_network(self, session, network) -> bool:
        """Whether the command line's ``serve`` or ``join`` (``network``) goes on with ``session``, a
        saved game: one of this side's network games of the same variant.  It then listens or
        connects where the command line says."""
        from ..net.protocol import join_address

        role, host, port, _, variant = network[:5]
        mode = ROLE_MODES[role]
        if session.meta.get("mode") != mode or variant not in (None, self.rules.variant_of(session.start)):
            return False
        if mode in CODE_MODES:  # the saved game's code (a joiner must name it), on the broker named now
            saved_code = session.meta.get("address", "").partition("@")[0]
            code, _, broker = host.rpartition("@")
            try:
                if mode == MODE_CODE_JOIN and invite_code(code) != invite_code(saved_code):
                    return False
            except ValueError:  # a save whose code is none: not this game
                return False
            session.meta["address"] = f"{saved_code}@{broker}"
            return True
        session.meta["address"] = join_address(host, port)
        return True

    def cancel_network(self) -> None:
        if self.net is not None:
            self.net.close()
            self.net = None

    def restore(self) -> None:
        """A saved network game: the same seats, not connected yet.  It connects at once when the
        player chose to resume it, and asks first when it was only loaded."""
        match = self.match
        role, host, port, local, code = net_from_meta(match.session.meta)
        self.net = NetGame(self, role, host, port, local, code=code, **self.link_options)
        self.net.stage = "lost"
        if match.over:
            return
        if match.resuming:  # "Resume?" was the question: yes means connect, no second question
            self.reconnect()
        else:
            match.app.confirm(t("net.ask_back", player=match.player_name(self.net.remote)), self.reconnect,
                              default=True)

    def reconnect(self) -> None:
        if self.net is not None:
            self.net.reconnect()

    def offer_draw(self) -> None:
        if self.net is not None:
            self.net.offer_draw()

    def menu_commands(self) -> list[Command]:
        """What a game on adds to the game menu: reconnecting after a drop, a draw over the network,
        and resigning anywhere."""
        commands: list[Command] = []
        if self.net is not None and self.net.stage == "lost":
            commands.append(Command(t("net.cmd.reconnect"), self.reconnect))
        if not self.match.over:
            if self.net is not None:
                commands.append(Command(t("net.cmd.draw"), self.offer_draw))
            commands.append(Command(t("net.cmd.resign"), self.ask_resign))
        return commands

    def ask_resign(self) -> None:
        """The game menu's Resign, asked first: over the network the other side is told; here the
        person playing the computer, or between two people the side to move, loses."""
        match = self.match
        if match.session is None or match.over:
            return
        if self.net is not None:
            match.app.confirm(t("net.confirm_resign"), self.net.resign)
            return
        seat = match.flow.resigner()
        match.app.confirm(t("match.confirm_resign", player=match.player_label(seat)), lambda: match.flow.resign(seat))

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
        return self.evaluation_offer if match.mode in HOSTING_MODES else True

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
                AGREED_META: AGREED if self.evaluation else ""}  # a new game keeps what was agreed
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
