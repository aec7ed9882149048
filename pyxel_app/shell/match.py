"""The match layer: everything a two-player board game needs that is not the game itself.

Set-up screens (mode, computer level, names with the on-screen keyboard, colours),
seats (a person here, the computer at a level, a queue of move texts), the one move
path ``submit(move_text)`` that every move takes (a person's, the computer's, a hint
followed, a peer's), the computer thinking a few milliseconds per frame, undo that
takes the computer's reply too, hint, the end of the game and autosave with the seats.

A game brings a spec (``pyxel_app/games``) and a board view: the view turns input into
a move text and draws the board with its own passing UI state (cursor, a disc in
flight), which is never part of the undoable game state.

Who plays is the session's meta, so a saved game comes back with its players:
``mode`` (computer/two, or host/join for a network game), ``level``, ``computer`` (its
seat, 1 or 2), ``name1``/``name2`` and ``colour1``/``colour2``; a network game also keeps
``local`` (the seat played here, 1 or 2) and ``address`` (host:port to reconnect to; for
the host where it listens, ``:port`` on every address of the machine); a game
that lets the players choose its rules keeps the ``variant`` there too (and the save's
``variant=`` line says the same).

A network game (``shell/netplay.py``) puts a remote seat opposite the person here: its
moves come from the other computer, checked by the rules before they are played.
"""

from __future__ import annotations

from ..input import Action, Input
from ..rules.base import Outcome, RulesError
from ..session import Session
from . import palette, ui
from .cartridge import Cartridge, Command
from .chooser import Chooser
from .hotkeys import HotkeyBar
from .keyboard import NAME_MAX, NameEntry, clean_name
from .netplay import HOST, JOIN, NetGame, elapsed_text, why_text
from .seats import ComputerSeat, PersonSeat, QueueSeat, Seat
from .setup import (COMPUTER, MODE_COMPUTER, MODE_HOST, MODE_JOIN, MODE_TWO, MODES, NET_MODES, NET_PHASES, SAVED_MODES,
                    SetupScreens)
from .strings import has, t

# Search time a frame (the web build has no threads): the frame stays well under 16.7 ms.
THINK_MS_PER_FRAME = 8
OVER_KEYS = "NPM"  # new game, new players, menu: after the end only
# The keys the match layer reads in every game (besides the board view's): the Keys screen warns of them.
MATCH_HOTKEYS = tuple(OVER_KEYS + "RXQHZY")
STATUS_ROW = ui.STATUS_ROW
PANEL_TOP = 5
STATE_ROW = PANEL_TOP + 8  # the panel's line for "Thinking" or the network's "Connected"
KEYS_TOP = PANEL_TOP + 10
SETUP_TEXT_ROW = ui.STATUS_ROW - 2  # set-up screens keep their keys above it
SOUND_REFUSED, SOUND_SELECT, SOUND_HINT = "refused", "select", "hint"
SOUND_WON, SOUND_LOST = "won", "lost"  # an ending's jingle, from the side of the person at this computer


def players_from_meta(meta: dict[str, str], spec) -> tuple[str, str, list[str], list[str], int]:
    """(mode, level, names, colours, computer's seat) from a save file's meta; ValueError
    names what is wrong.  Saves without ``computer`` have it in seat 1, as before."""
    mode = meta.get("mode", "")
    if mode not in SAVED_MODES:
        raise ValueError(f"unknown mode {mode!r}")
    colours = [meta.get("colour1", ""), meta.get("colour2", "")]
    for colour in colours:
        if colour not in spec.colours:
            raise ValueError(f"unknown colour {colour!r}")
    if colours[0] == colours[1]:
        raise ValueError("both players have the same colour")
    level = meta.get("level", spec.levels[0] if spec.levels else "")
    if mode == MODE_COMPUTER and level not in spec.levels:
        raise ValueError(f"unknown level {level!r}")
    names = [clean_name(meta.get("name1", ""))[:NAME_MAX], clean_name(meta.get("name2", ""))[:NAME_MAX]]
    computer = meta.get("computer", "2")
    if computer not in ("1", "2"):
        raise ValueError(f"unknown computer seat {computer!r}")
    return mode, level, names, colours, int(computer) - 1


def net_from_meta(meta: dict[str, str]) -> tuple[str, str, int, int]:
    """(role, host, port, local seat) of a saved network game; ValueError names what is wrong."""
    from ..net.protocol import split_address

    local = meta.get("local", "")
    if local not in ("1", "2"):
        raise ValueError(f"unknown local seat {local!r}")
    role = HOST if meta["mode"] == MODE_HOST else JOIN
    host, port = split_address(meta.get("address", ""), any_host=role == HOST)
    return role, host, port, int(local) - 1


class MatchCartridge(SetupScreens, Cartridge):
    def __init__(self, app, spec) -> None:
        super().__init__(app, spec)
        self.view = spec.screen_class()(self)
        self.phase = "mode"
        self.variant = self.rules.variants[0]
        self.mode = MODE_COMPUTER
        self.level = spec.levels[0] if spec.levels else ""
        self.names = ["", ""]
        self.colours: list[str | None] = [None, None]
        self.computer_seat = COMPUTER
        self.seats: list[Seat] = [PersonSeat(), PersonSeat()]
        self.ui = self.view.new_ui()  # after the seats: a view may turn its board for them
        self.seat = 0  # whose name or colour the set-up asks for
        self.typed = ""  # a colour typed on the colour screen
        self.entry = NameEntry(self.accept_name, self.refuse)
        self.chooser = Chooser(len(MODES), 0, ui.CELL)
        self.hint_engine = None
        self.hotkeys = HotkeyBar()
        self.frame = 0
        self.net: NetGame | None = None  # a game with another computer
        self.resuming = False  # adopting the autosave the player chose to resume
        self.agreed: Outcome | None = None  # an end the players agreed on (a resignation, a draw)
        self.net_options: dict = {}  # for tests: the NetGame's clock and link maker
        self.host_addresses: list[str] = []
        self.boxed: tuple[str, int] | None = None  # a prompt or end too long for the status lines, shown in a box

    @property
    def default_port(self) -> int:
        from ..net.protocol import DEFAULT_PORT

        return self.net_options.get("port", DEFAULT_PORT)

    @property
    def link_options(self) -> dict:
        """The NetGame's clock and link maker, where a test set them."""
        return {k: v for k, v in self.net_options.items() if k in ("clock", "open_link")}

    @property
    def screen_ids(self) -> tuple[str, ...]:
        colour = ("colour",) if self.spec.choose_colour else ()
        modes = self.mode_choices()
        asked = (("mode",) if len(modes) > 1 else ()) + (("level",) if MODE_COMPUTER in modes else ())
        first = ("first",) if self.spec.ask_who_starts else ()
        network = NET_PHASES if NET_MODES[0] in modes else ()
        variant = ("variant",) if self.spec.choose_variant else ()
        return variant + asked + ("name",) + colour + first + ("play", "over") + network

    @property
    def screen_id(self) -> str:
        return "over" if self.phase == "play" and self.over else self.phase

    # Words: the game's own where it has them, else the match layer's.

    def word(self, key: str, **values) -> str:
        own = f"{self.key}.{key}"
        return t(own if has(own) else f"match.{key}", **values)

    def help_text(self) -> str:
        """The game's page; on the desktop what network play adds (in the browser there is none)."""
        own = t(f"{self.key}.help")
        return f"{own}\n\n{t('net.help')}" if self.app.network and self.rules.players == 2 else own

    def colour_name(self, colour: str) -> str:
        return t(f"{self.key}.colour.{colour}")

    def level_label(self, level: str) -> str:
        return t(f"{self.key}.level.{level}")

    # Lifecycle.

    def start(self) -> None:
        self.begin_setup()

    def start_playing(self) -> None:
        """Straight to a board (``snap``): two people, the first two colours."""
        self.mode, self.names = MODE_TWO, ["", ""]
        self.colours = list(self.spec.colours[:2])
        self.new_game()

    def begin_setup(self) -> None:
        self.cancel_network()
        self.session = None
        self.stop_thinking()
        self.ui = self.view.new_ui()
        self.names, self.colours, self.seat = ["", ""], [None, None], 0
        self.computer_seat = COMPUTER
        if self.spec.start_variants:
            self.variant = self.spec.start_variants[0]  # who starts picks it again
        if self.spec.choose_variant:
            self.go_to_phase("variant")
        else:
            # no other mode to choose (no computer, no network): straight to the names
            self.go_to_phase(self.first_player_phase())

    def new_game(self, other_side_starts: bool = False) -> None:
        """A new game with the same players; ``other_side_starts`` hands the first move to
        whoever moved second (after each game against the computer, or when asked)."""
        if other_side_starts:
            self.names.reverse()
            if not (self.spec.colours_name_sides or self.spec.start_variants):  # else the colours stay with their sides
                self.colours.reverse()
            self.computer_seat = 1 - self.computer_seat
        meta = {"mode": self.mode, "name1": self.names[0], "colour1": self.colours[0], "colour2": self.colours[1]}
        if self.mode == MODE_COMPUTER:
            meta["level"] = self.level
            meta["computer"] = str(self.computer_seat + 1)
        if self.names[1]:
            meta["name2"] = self.names[1]
        if self.spec.choose_variant:
            meta["variant"] = self.variant
        self.session = Session(self.rules, self.rules.initial_state(self.variant), meta)
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str]):
        players_from_meta(meta, self.spec)
        if meta.get("mode") in NET_MODES:
            net_from_meta(meta)
        return self.rules.state_from_text(text, meta.get("variant"))

    def on_session_changed(self) -> None:
        self.mode, self.level, self.names, self.colours, self.computer_seat = players_from_meta(self.session.meta, self.spec)
        self.variant = self.rules.variant_of(self.session.start)
        self.agreed = None
        if self.mode == MODE_COMPUTER:
            self.seats = [PersonSeat(), PersonSeat()]
            self.seats[self.computer_seat] = ComputerSeat(self.spec, self.level, self.app.rng)
        elif self.mode in NET_MODES:
            if self.net is None:  # a saved network game: the same seats, not connected yet
                role, host, port, local = net_from_meta(self.session.meta)
                self.net = NetGame(self, role, host, port, local, **self.link_options)
                self.net.stage = "lost"
                if self.over:
                    pass
                elif self.resuming:  # "Resume?" was the question: yes means connect, no second question
                    self.reconnect()
                else:
                    self.app.confirm(t("net.ask_back", player=self.player_name(self.net.remote)), self.reconnect,
                                     default=True)
            self.seats = [PersonSeat(), PersonSeat()]
            self.seats[self.net.remote] = self.net.seat
        else:
            self.seats = [seat if seat.kind == "queue" else PersonSeat() for seat in self.seats]
        self.phase = "play"
        self.stop_thinking()
        self.ui = self.view.new_ui()

    # Network play (shell/netplay.py calls these).

    def start_hosting(self) -> None:
        self.cancel_network()
        self.message_frames = 0  # a word about an earlier try does not belong on a fresh wait
        if not self.host_addresses:
            from ..net.link import local_addresses

            self.host_addresses = local_addresses()
        self.net = NetGame(self, HOST, self.net_options.get("host", ""), self.default_port, 0, **self.link_options)
        self.net.open()

    def start_joining(self, host: str, port: int) -> None:
        self.cancel_network()
        self.message_frames = 0
        self.net = NetGame(self, JOIN, host, port, None, **self.link_options)
        self.go_to_phase("connecting")
        self.net.open()

    def start_network(self, role: str, host: str, port: int, name: str = "", variant: str | None = None) -> None:
        """Straight into hosting or joining (the command line's ``serve`` and ``join``); the host
        plays ``variant`` (the rules' first without one), a joiner learns it from the host."""
        self.session = None
        self.variant = self.rules.check_variant(variant)
        self.mode, self.names, self.seat = (MODE_HOST if role == HOST else MODE_JOIN), [name, ""], 0
        self.colours = list(self.spec.colours[:2])
        if role == HOST:
            self.net_options.setdefault("port", port)
            self.net_options.setdefault("host", host)
            self.go_to_phase("host")
        else:
            self.start_joining(host, port)

    def takes_up_network(self, session, network) -> bool:
        """Whether the command line's ``serve`` or ``join`` (``network``) goes on with ``session``, a
        saved game: one of this side's network games of the same variant.  It then listens or
        connects where the command line says."""
        from ..net.protocol import join_address

        role, host, port, _, variant = network
        mode = MODE_HOST if role == HOST else MODE_JOIN
        if session.meta.get("mode") != mode or variant not in (None, self.rules.variant_of(session.start)):
            return False
        session.meta["address"] = join_address(host, port)
        return True

    def cancel_network(self) -> None:
        if self.net is not None:
            self.net.close()
            self.net = None

    def start_net_session(self, net: NetGame, variant: str, peer_name: str) -> None:
        """The greeting is done: a new game, this side in seat ``net.local``."""
        names = ["", ""]
        names[net.local], names[net.remote] = net.own_name, clean_name(peer_name)[:NAME_MAX]
        meta = {"mode": self.mode, "name1": names[0], "name2": names[1], "colour1": self.spec.colours[0],
                "colour2": self.spec.colours[1], "local": str(net.local + 1), "address": net.address}
        if self.spec.choose_variant:
            meta["variant"] = variant
        self.session = Session(self.rules, self.rules.initial_state(variant), {k: v for k, v in meta.items() if v})
        self.on_session_changed()

    def set_peer_name(self, seat: int, name: str) -> None:
        name = clean_name(name)[:NAME_MAX]
        if name:
            self.names[seat] = name
            self.session.meta[f"name{seat + 1}"] = name

    def on_net_playing(self) -> None:
        self.app.sound(SOUND_SELECT)
        self.autosave()

    def on_net_lost(self, was_playing: bool, left: bool = False) -> None:
        """The other computer is gone: the game stays (it is autosaved after every move)."""
        net = self.net
        if not was_playing:  # still setting up: the waiting screen says why and offers to try again
            self.app.sound(SOUND_REFUSED)
            return
        self.autosave()
        if left:
            self.flash(t("net.left", player=self.player_name(net.remote)))
        elif net.stage == "failed":
            self.app.show_message(why_text(net.problem, net.detail))
        elif not self.over:
            self.app.confirm(t("net.ask_reconnect", why=why_text(net.problem, net.detail)), self.reconnect, default=True)
        self.app.sound(SOUND_REFUSED)

    def adopt(self, session, resumed: bool = False) -> None:
        self.resuming = resumed
        try:
            super().adopt(session)
        finally:
            self.resuming = False

    def reconnect(self) -> None:
        if self.net is not None and not self.net.connected and self.net.stage != "playing":
            self.net.open()

    def take_back_to(self, count: int) -> None:
        """Both sides agreed: the game goes back to ``count`` moves."""
        self.view.finish_animation(self.ui)
        self.stop_thinking()
        while self.session.move_count > count and self.session.undo():
            pass
        self.on_session_changed()
        self.after_move()

    def end_by_agreement(self, winner: int | None, reason: str) -> None:
        self.agreed = Outcome(winner, reason)
        self.stop_thinking()
        self.after_move()
        self.app.sound(SOUND_HINT)

    def offer_draw(self) -> None:
        if self.net is not None:
            self.net.offer_draw()

    def ask_resign(self) -> None:
        if self.net is not None and not self.over:
            self.app.confirm(t("net.confirm_resign"), self.net.resign)

    def close(self) -> None:
        """The cartridge is left or the app quits: say goodbye to the other computer."""
        self.cancel_network()

    def in_progress(self) -> bool:
        return super().in_progress() and self.agreed is None

    def seat_queue(self, seat: int) -> QueueSeat:
        """Let moves for ``seat`` come from outside as texts (a peer, a test)."""
        queue = QueueSeat()
        self.seats[seat] = queue
        return queue

    # Who is who.

    @property
    def state(self):
        return self.session.state

    @property
    def outcome(self) -> Outcome | None:
        return self.agreed or self.session.outcome

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def seat_to_move(self) -> int:
        return self.rules.to_move(self.state)

    def is_computer(self, seat: int) -> bool:
        if self.session is None:  # still setting up: the seat the computer will take
            return self.mode == MODE_COMPUTER and seat == self.computer_seat
        return self.seats[seat].kind == "computer"

    def agent_to_move(self) -> bool:
        return self.session is not None and not self.over and self.seats[self.seat_to_move()].is_agent

    @property
    def thinking(self) -> bool:
        """The computer is working on a move (what the panel shows)."""
        return any(seat.thinking for seat in self.seats)

    def player_name(self, seat: int) -> str:
        if self.is_computer(seat):
            key = f"{self.key}.ai_name.{self.level}"
            return t(key) if has(key) else t("match.computer")
        # Against the computer the person stays "Player 1", whoever starts.
        number = 1 if self.mode == MODE_COMPUTER else seat + 1
        return self.names[seat] or self.word("default_name", n=number)

    def player_label(self, seat: int) -> str:
        """"Player 1 (Red)", as the original prints the player."""
        return f"{self.player_name(seat)} ({self.colour_name(self.colours[seat])})"

    def person_here(self) -> int | None:
        """The seat of the one person at this computer, facing the computer or the other
        computer; None when two people play here."""
        if self.mode == MODE_COMPUTER:
            return 1 - self.computer_seat
        return self.net.local if self.net is not None else None

    def end_word(self, outcome: Outcome) -> str:
        """The title box's word at the end, from the person's side: "You won!" or "You lost.";
        between two people here the winning side's colour."""
        if outcome.winner is None:
            return self.word("word.draw")
        here = self.person_here()
        if here is None:
            return self.word("word.side_won", colour=self.colour_name(self.colours[outcome.winner]))
        return self.word("word.won" if outcome.winner == here else "word.lost")

    def move_sound(self, sound: str | None) -> None:
        """A move's own ``sound`` (None: silent), or the end's when the move ended the game: the
        win's jingle, but the loss's for the person here when the computer (or the other computer)
        won; a draw keeps the move's sound."""
        outcome = self.outcome
        if outcome is not None and outcome.winner is not None:
            here = self.person_here()
            sound = SOUND_LOST if here is not None and outcome.winner != here else SOUND_WON
        if sound is not None:
            self.app.sound(sound)

    def end_text(self) -> str:
        outcome = self.outcome
        if outcome is self.agreed and outcome.winner is None:
            return t("net.draw_agreed")
        if outcome is self.agreed:
            return t("net.resigned", player=self.player_name(1 - outcome.winner), winner=self.player_label(outcome.winner))
        text = self.view.end_text(self.state, outcome)
        if text is not None:
            return text
        if outcome.winner is None:
            return self.word("draw")
        return self.word("won", player=self.player_label(outcome.winner))

    # The one move path.

    def submit(self, text: str) -> bool:
        """Play ``text`` (the game's notation) for the side to move; every move comes here.

        An illegal or unreadable move changes nothing and is said on the status line.
        """
        if self.session is None or self.over:
            return False
        state = self.state
        mover = self.seat_to_move()
        try:
            move = self.rules.move_from_text(state, text)
            self.session.play(move)
        except RulesError as error:
            self.refuse(self.view.explain(state, text, error))
            return False
        self.message_frames = 0
        self.stop_thinking()
        self.view.on_move(state, move, self.state, self.ui)
        if self.net is not None:
            self.net.moved(mover, self.session.moves[self.session.position])
        self.after_move()
        return True

    def refuse(self, message: str) -> None:
        self.flash(message)
        self.app.sound(SOUND_REFUSED)

    def person_move(self, text: str) -> None:
        """A move from the board view: only when a person here is to move."""
        if self.agent_to_move():
            seat = self.seat_to_move()
            remote = self.seats[seat].kind == "remote"
            self.flash(t("net.wait_turn", player=self.player_name(seat)) if remote else self.word("wait_thinking"))
            return
        if self.net is not None and not self.net.playing:
            self.refuse(t("net.not_connected"))
            return
        self.submit(text)

    # Every frame, under overlays too: animation, the computer, a hint.

    def tick(self) -> None:
        if self.net is not None:
            self.net.poll()  # here, so the help and pause pages do not stop the conversation
        self.app.set_border(self.turn_border())
        if self.phase != "play" or self.session is None:
            return
        self.view.animate(self.ui)
        self.show_long_texts()
        if self.view.busy(self.ui):
            return
        if self.agent_to_move():
            seat = self.seats[self.seat_to_move()]
            if not seat.thinking:
                seat.start(self.state)
            text = seat.step(self.app.think_ms(THINK_MS_PER_FRAME))
            if text is not None:
                self.submit(text)
        elif self.hint_engine is not None:
            result = self.hint_engine.step(self.app.think_ms(THINK_MS_PER_FRAME))
            if result is not None:
                self.hint_engine = None
                self.flash(self.view.show_hint(self.state, self.ui, result.move))
                self.app.sound(SOUND_HINT)

    def stop_thinking(self) -> None:
        for seat in self.seats:
            seat.stop()
        self.hint_engine = None

    @property
    def hinting(self) -> bool:
        return self.hint_engine is not None

    # Commands: the computer's reply goes with the move it answered.

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo:
            return
        if self.net is not None:  # both must agree: a request to the other side
            if self.agreed is None:
                self.net.ask_undo()
            return
        self.session.undo()
        while self.agent_to_move() and self.session.can_undo:
            self.session.undo()
        self.on_session_changed()
        self.after_move()

    def solo_refused(self) -> bool:
        """In a network game a command that would change the game here only is refused."""
        if self.net is None:
            return False
        self.refuse(t("net.only_here"))
        return True

    def redo(self) -> None:
        if self.solo_refused():
            return
        if self.session is None or not self.session.redo():
            return
        if self.agent_to_move() and self.session.can_redo:
            self.session.redo()
        self.on_session_changed()
        self.after_move()

    def hint(self) -> None:
        if self.solo_refused():
            return
        if self.session is None or self.phase != "play" or self.over or self.agent_to_move() or self.spec.engine is None:
            self.flash(t("msg.no_hint"))
            return
        if self.hint_engine is None:
            self.view.finish_animation(self.ui)
            self.hint_engine = self.spec.engine(self.state, self.spec.hint_level or self.spec.levels[-1], self.app.rng)

    def restart(self) -> None:
        if not self.solo_refused():
            super().restart()

    def ask_restart(self) -> None:
        if not self.solo_refused():
            super().ask_restart()

    def load_game(self) -> None:
        if not self.solo_refused():
            super().load_game()

    def commands(self) -> list[Command]:
        commands = super().commands() + self.view.commands() if self.session is not None else []
        if self.net is not None and self.session is not None:
            commands = [command for command in commands if not command.solo]
            if self.net.stage in ("lost",):
                commands.append(Command(t("net.cmd.reconnect"), self.reconnect))
            if not self.over:
                commands += [Command(t("net.cmd.draw"), self.offer_draw), Command(t("net.cmd.resign"), self.ask_resign)]
        return commands + [Command(self.word("new_players"), lambda: self.ask_before_discarding(self.begin_setup))]

    def update(self, inp: Input) -> None:
        super().update(inp)
        self.frame += 1
        {"variant": self.update_variant, "mode": self.update_mode, "level": self.update_level, "name": self.update_name,
         "colour": self.update_colour, "first": self.update_first, "play": self.update_play,
         "address": self.update_address, "host": self.update_net_wait,
         "connecting": self.update_net_wait}[self.phase](inp)

    # Play.

    def update_play(self, inp: Input) -> None:
        if self.view.busy(self.ui) and inp.any_key():
            # A key, button or click first finishes the animation, then does its own work: nothing is lost.
            self.view.finish_animation(self.ui)
        clicked = self.hotkeys.clicked(inp)
        if self.handle_common(inp):
            return
        if clicked == "TAB":
            self.app.open_pause_menu(self)
            return
        # In a network game redo, hint and restart are refused with a word (they would change one side only).
        commands = {"Z": self.undo, "Y": self.redo, "H": self.hint, "R": self.ask_restart,
                    "X": self.leave, "Q": self.leave}
        if self.over and not self.view.busy(self.ui):
            commands.update(N=self.play_again, M=lambda: self.app.leave_cartridge(ask=False))
            if self.net is None:  # new players here would leave the other computer's game
                commands["P"] = self.begin_setup
        for key, command in commands.items():
            # Z, Y and H come as actions (remappable) from the keyboard; every mark takes a click.
            if clicked == key or (key not in "ZYH" and inp.hotkey(key)):
                command()
                return
        if self.over:
            if not self.view.busy(self.ui) and (inp.pressed(Action.SELECT) or (inp.clicked and self.view.on_board(inp))):
                self.play_again()
            return
        text = self.view.interpret_input(self.state, self.ui, inp)
        if text is not None:
            self.person_move(text)
        else:
            allowed = self.view.keys_typed + "".join(commands) + OVER_KEYS
            self.refuse_typed(inp.typed(), allowed + allowed.lower())

    def play_again(self) -> None:
        if self.net is not None:
            self.net.ask_new()
            return
        self.app.sound(SOUND_SELECT)
        self.new_game(other_side_starts=self.mode == MODE_COMPUTER)

    # Drawing.

    def turn_border(self) -> int:
        """The border in the colour of the side to move, as long as a game is on."""
        if self.phase != "play" or self.session is None or self.over:
            return palette.BORDER
        ink = self.view.ink(self.colours[self.seat_to_move()])
        return palette.BORDER if ink is None else ink

    def draw(self) -> None:
        if self.phase == "play":
            self.draw_play()
        else:
            self.draw_setup()

    def draw_title(self, word: str) -> None:
        ui.title_box(word, heading=t(f"{self.key}.title"), heading_col=14)

    @property
    def text_top(self) -> int:
        """The highest pixel row the status texts may take: a blank pixel row under the board
        (or under the set-up screen's keys)."""
        row = self.view.end_row if self.phase == "play" else SETUP_TEXT_ROW
        return row * ui.CELL + 1

    @property
    def message_lines(self) -> int:
        return ui.lines_fit(self.text_top, ui.STATUS_Y)

    def draw_status(self) -> None:
        if self.message_frames:
            ui.status_lines(self.message, self.text_top, palette.WHITE)

    def draw_play(self) -> None:
        self.hotkeys.clear()
        busy = self.view.busy(self.ui)
        outcome = self.outcome if not busy else None
        self.draw_title(self.word("word.play") if outcome is None else self.end_word(outcome))
        self.view.draw(self.state, self.ui, outcome is not None)
        self.draw_panel(busy)
        if outcome is not None:
            ui.status_lines(self.end_text(), self.text_top, palette.YELLOW)
        elif self.message_frames:
            self.draw_status()
        elif not busy:
            prompt = self.prompt()
            if prompt is not None:
                ui.status_lines(prompt[0], self.text_top, palette.YELLOW)
            else:
                ui.status_lines(self.turn_text(), self.text_top, palette.WHITE)

    def prompt(self) -> tuple[str, str] | None:
        """The view's question to the person here, and the move that answers it."""
        if self.session is None or self.over or self.agent_to_move() or self.view.busy(self.ui):
            return None
        return self.view.prompt(self.state)

    def show_long_texts(self) -> None:
        """A prompt or an end that the lines under the board cannot hold comes in a box, once."""
        if self.phase != "play" or self.session is None or self.view.busy(self.ui):
            return
        prompt = self.prompt()
        text = prompt[0] if prompt else self.end_text() if self.over else None
        if text is None or len(ui.wrap(text, ui.COLS - 2)) <= self.message_lines:
            self.boxed = None
        elif self.boxed != (text, self.session.position):
            self.boxed = (text, self.session.position)
            self.app.show_message(text, (lambda: self.person_move(prompt[1])) if prompt else None)

    def turn_text(self) -> str:
        """Whose turn: "Waiting for Ann 0:12" while the other computer's player thinks."""
        seat = self.seat_to_move()
        net = self.net
        if net is None:
            return self.word("to_move", player=self.player_label(seat))
        if net.stage == "listening" or net.caller:  # a caller not yet let in may not be the one awaited
            return t("net.back_soon", player=self.player_name(net.remote), port=net.listening_port,
                     time=elapsed_text(net.waiting_seconds))
        if net.stage == "connecting":
            return t("net.connecting", address=net.address) + " " + elapsed_text(net.waiting_seconds)
        if not net.playing:
            return t("net.lost", why=why_text(net.problem, net.detail)) if net.problem else t("net.not_connected")
        if seat == net.remote:
            return t("net.waiting_for", player=self.player_name(seat), time=elapsed_text(net.turn_seconds))
        return self.word("to_move", player=self.player_label(seat))

    def draw_panel(self, busy: bool) -> None:
        col = self.view.panel_col
        to_move = None if self.over or busy else self.seat_to_move()
        for seat in (0, 1):
            row = PANEL_TOP + seat * 3
            if seat == to_move:
                ui.text_at(col, row, "▶", palette.WHITE)
            self.view.draw_token((col + 1) * ui.CELL + 4, row * ui.CELL + 4, self.colours[seat], 4)
            ui.text_at(col + 3, row, self.player_name(seat), palette.WHITE if seat == to_move else palette.TEXT)
            ui.text((col + 3) * ui.CELL, row * ui.CELL + ui.LINE_PITCH, f"({self.colour_name(self.colours[seat])})",
                    palette.GREY)
        ui.text_at(col, PANEL_TOP + 6, self.word("moves", n=self.session.move_count))
        if self.net is not None and not (self.thinking or self.hinting):
            stage = self.net.stage
            word, ink = (("net.online", palette.LIGHT_GREEN) if stage == "playing" else
                         ("net.offline", palette.LIGHT_RED) if stage in ("lost", "failed", "closed") else
                         ("net.linking", palette.YELLOW))
            ui.text_at(col, STATE_ROW, t(word), ink)
        if self.thinking or self.hinting:
            dots = "." * (self.frame // 10 % 4)
            ui.text_at(col, STATE_ROW, self.word("hinting" if self.hinting else "thinking") + dots, palette.YELLOW)
        self.hotkeys.lines(col, KEYS_TOP * ui.CELL, self.panel_keys(busy))

    def panel_keys(self, busy: bool) -> str:
        """The panel's key lines (``\n`` between them).  A network game has no redo, restart or hint
        (they would change one side's game only): its lines offer what it has, undo as a question."""
        if self.over and not busy:
            return self.word("keys.over_net" if self.net else "keys.over")
        return self.word("keys.net" if self.net else "keys.play")

    @property
    def info_row(self) -> int:
        """The panel's row for a view's own line (the square under the cursor): the computer's
        "Thinking" row, which the view leaves while the computer thinks; in a network game that row
        says whether the other computer is there, so the view's line goes under the keys."""
        if self.net is None:
            return STATE_ROW
        keys = self.panel_keys(self.view.busy(self.ui)).count("\n") + 1
        return -(-(KEYS_TOP * ui.CELL + ui.block_height(keys)) // ui.CELL)
