"""The match layer: everything a two-player board game needs that is not the game itself.

The match cartridge keeps the cartridge's lifecycle, the commands and the input dispatch;
its parts do the rest, each behind a small contract:

- the set-up screens (``shell/setup.py``): the rules' variant, mode, computer level, names
  with the on-screen keyboard, colours;
- the flow (``shell/flow.py``): seats (a person here, the computer at a level, a queue of
  move texts), the one move path ``submit(move_text)`` that every move takes, the computer
  thinking a few milliseconds per frame, undo that takes the computer's reply too, hint,
  an end the players agree on, who is who;
- the play screen (``shell/play_screen.py``): the title, the board, the side panel, whose
  turn, the end and the box for a text too long for the lines under the board;
- the board view's context (``shell/board_context.py``): all a game's board view may use;
- what the evaluation (W) and the review (K) ask of the match (``shell/match_study.py``).

A game brings a spec (``pyxel_app/games``) and a board view: the view turns input into
a move text and draws the board with its own passing UI state (cursor, a disc in
flight), which is never part of the undoable game state.

Who plays is the session's meta (``shell/flow.py`` says which fields), so a saved game
comes back with its players; a network game also keeps ``local`` (the seat played here,
1 or 2) and ``address`` (host:port to reconnect to; for the host where it listens,
``:port`` on every address of the machine).  A network game (``shell/netplay.py``) puts a
remote seat opposite the person here: its moves come from the other computer, checked by
the rules before they are played.

The names in ``FLOW_NAMES``, ``PLAY_SCREEN_NAMES``, ``SETUP_NAMES`` and ``NET_NAMES`` live on
those parts (the network's on ``shell/matchnet.py``'s NetSide) and are answered by the cartridge too (``cart.over``, ``cart.submit(text)``, ``cart.end_text()``), for the
set-up screens, the network game, the title's demo and the tests.
"""

from __future__ import annotations

from ..input import Action, Input
from ..rules.base import Outcome
from . import palette, ui
from .board_context import BoardContext
from .cartridge import Cartridge, Command
from .delegated import delegates
from .flow import MatchFlow, players_from_meta
from .hotkeys import HotkeyBar
from .match_news import MatchNews
from .match_study import MatchStudy
from .matchnet import NetSide, net_from_meta
from .play_screen import PlayScreen
from .seats import PersonSeat, QueueSeat
from .setup import MODE_COMPUTER, MODE_TWO, NET_MODES, Setup, net_phases
from .setup_base import NET_PHASES, sides_have_colours, stray_typing
from .strings import t

# Search time a frame (the web build has no threads): the frame stays well under 16.7 ms.
THINK_MS_PER_FRAME = 8
OVER_KEYS = "NPM"  # new game, new players, menu: after the end only
SETUP_TEXT_ROW = ui.STATUS_ROW - 2  # set-up screens keep their keys above it
SOUND_REFUSED, SOUND_SELECT, SOUND_HINT = "refused", "select", "hint"
# The keys the match layer reads in every game (besides the board view's): the Keys screen warns of them.
MATCH_HOTKEYS = tuple(OVER_KEYS + "RXQHZY")

FLOW_NAMES = ("session", "seats", "agreed", "hint_engine", "mode", "level", "names", "colours", "computer_seat",
              "state", "outcome", "over", "submit", "seat_to_move", "is_computer", "agent_to_move", "thinking",
              "hinting", "stop_thinking", "player_name", "player_label", "person_here", "word", "colour_name",
              "player_names", "record_meta")
PLAY_SCREEN_NAMES = ("draw_play", "draw_replay", "draw_panel", "panel_keys", "info_row", "turn_text", "turn_border", "end_text",
                     "end_word", "prompt", "show_long_texts", "boxed")
SETUP_NAMES = ("phase", "seat", "chooser", "entry", "go_to_phase", "mode_choices", "first_player_phase",
               "accept_address", "broker_from")
NET_NAMES = ("net", "net_options", "evaluation_offer", "host_addresses", "default_port", "broker", "start_hosting",
             "start_joining", "start_hosting_by_code", "start_joining_by_code",
             "start_network", "takes_up_network", "cancel_network", "start_net_session", "reconnect", "offer_draw",
             "ask_resign", "take_back_to", "end_by_agreement")


@delegates(flow=FLOW_NAMES, play_screen=PLAY_SCREEN_NAMES, setup=SETUP_NAMES, netside=NET_NAMES)
class MatchCartridge(Cartridge):
    studied_by = MatchStudy  # what the evaluation and the review ask of the match
    def __init__(self, app, spec) -> None:
        self.flow = MatchFlow(spec, app.rng, self, lambda: app.think_ms(THINK_MS_PER_FRAME))  # holds the session
        super().__init__(app, spec)
        self.setup = Setup(self)
        self.netside = NetSide(self)
        self.view = spec.screen_class()(BoardContext(self))
        self.play_screen = PlayScreen(self)
        self.variant = self.rules.variants[0]
        self.ui = self.view.new_ui()  # after the seats: a view may turn its board for them
        self.hotkeys = HotkeyBar()
        self.frame = 0
        self.resuming = False  # adopting the autosave the player chose to resume
        self.news = MatchNews(self.flow, lambda name: self.app.sound(name))

    @property
    def screen_ids(self) -> tuple[str, ...]:
        colour = ("colour",) if self.spec.choose_colour else ()
        modes = self.mode_choices()
        asked = (("mode",) if len(modes) > 1 else ()) + (("level",) if MODE_COMPUTER in modes else ())
        colour += ("side",) if MODE_COMPUTER in modes and sides_have_colours(self.spec) else ()
        first = ("first",) if self.spec.ask_who_starts else ()
        network = net_phases(modes)
        variant = ("variant",) if self.spec.choose_variant else ()
        return variant + asked + ("name",) + colour + first + ("play", "over") + network

    @property
    def screen_id(self) -> str:
        return "over" if self.phase == "play" and self.over else self.phase

    # Words: the game's own where it has them (``word``, ``colour_name``: the flow's), else the match layer's.

    def help_text(self) -> str:
        """The game's page, and what network play adds where it is offered; on the network's set-up
        screens, how network play works."""
        if self.phase in NET_PHASES:
            return t("net.help_page")
        own = t(f"{self.key}.help")
        networked = self.app.network or self.app.web  # the browser plays by invite code
        return f"{own}\n\n{t('net.help')}" if networked and self.rules.players == 2 else own

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
        self.setup.begin()

    def new_game(self, other_side_starts: bool = False) -> None:
        """A new game with the same players; ``other_side_starts`` hands the first move to
        whoever moved second (after each game against the computer, or when asked)."""
        self.flow.new_session(self.variant, other_side_starts)
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str], variant: str | None = None):
        players_from_meta(meta, self.spec)
        if meta.get("mode") in NET_MODES:
            net_from_meta(meta)
        return self.rules.state_from_text(text, variant or meta.get("variant"))

    def on_session_changed(self) -> None:
        self.flow.take_players()
        self.variant = self.rules.variant_of(self.session.start)
        if self.mode in NET_MODES:
            if self.net is None:  # a saved network game: the same seats, not connected yet
                self.netside.restore()
            self.seats = [PersonSeat(), PersonSeat()]
            self.seats[self.net.remote] = self.net.seat
        else:
            self.flow.seat_players()
        if self.phase != "play":
            self.message_frames = 0  # a set-up's word ("Invalid choice!") ends with the set-up
        self.phase = "play"
        self.stop_thinking()
        self.ui = self.view.new_ui()
        self.news.new_position()

    def adopt(self, session, resumed: bool = False) -> None:
        self.resuming = resumed
        try:
            super().adopt(session)
        finally:
            self.resuming = False

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

    # The flow's events (shell/flow.py).

    def moved(self, before, move, mover: int) -> None:
        self.message_frames = 0
        self.news.moved(mover)
        self.view.on_move(before, move, self.state, self.ui)
        if self.net is not None:
            self.net.moved(mover, self.session.moves[self.session.position])
        self.after_move()

    def refused(self, state, text: str, error) -> None:
        self.refuse(self.view.explain(state, text, error))

    def hint_ready(self, move) -> None:
        self.flash(self.view.show_hint(self.state, self.ui, move))
        self.app.sound(SOUND_HINT)

    def changed(self) -> None:
        self.on_session_changed()
        self.after_move()

    def ended(self, outcome: Outcome) -> None:
        self.after_move()  # the end's sound comes with the next frame's news

    # Moves from here.

    def refuse(self, message: str) -> None:
        self.flash(message)
        self.app.sound(SOUND_REFUSED)

    def open_pause_menu(self) -> None:
        self.app.open_pause_menu(self)

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
        if not self.view.busy(self.ui):
            self.news.tell()
            self.flow.think()

    # Commands: the flow's undo policy, refused where a network game would change one side only.

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo:
            return
        if self.net is not None:  # both must agree: a request to the other side
            if self.agreed is None:
                self.net.ask_undo()
            return
        self.flow.undo()

    def solo_refused(self) -> bool:
        """In a network game a command that would change the game here only is refused."""
        if self.net is None:
            return False
        self.refuse(t("net.only_here"))
        return True

    def play_on_refused(self) -> str | None:
        return t("net.only_here") if self.net is not None else None

    def redo(self) -> None:
        if not self.solo_refused():
            self.flow.redo()

    def hint(self) -> None:
        if self.solo_refused():
            return
        if self.phase != "play" or not self.flow.can_hint():
            self.flash(t("msg.no_hint"))
        elif not self.hinting:
            self.view.finish_animation(self.ui)
            self.flow.start_hint()

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
        if self.session is not None:
            commands = [command for command in commands if self.net is None or not command.solo]
            commands += self.netside.menu_commands()
        return commands + [Command(self.word("new_players"), lambda: self.ask_before_discarding(self.begin_setup))]

    def update(self, inp: Input) -> None:
        super().update(inp)
        self.frame += 1
        if self.phase == "play":
            self.update_play(inp)
        else:
            self.setup.update(inp)

    # Play.

    def update_play(self, inp: Input) -> None:
        if self.view.busy(self.ui) and inp.any_key():
            # A key, button or click first finishes the animation, then does its own work: nothing is lost.
            self.view.finish_animation(self.ui)
        clicked = self.hotkeys.clicked(inp)
        if self.handle_common(inp, clicked):
            return
        if clicked == "TAB":
            self.app.open_pause_menu(self)
            return
        # In a network game redo, hint and restart are refused with a word (they would change one side only).
        commands = {"Z": self.undo, "Y": self.redo, "H": self.hint, "R": self.ask_restart,
                    "X": self.leave, "Q": self.leave, "T": self.view.turn_round}
        if self.over and not self.view.busy(self.ui):
            commands.update(N=self.play_again, M=lambda: self.app.leave_cartridge(ask=False))
            if self.net is None:  # new players here would leave the other computer's game
                commands["P"] = self.begin_setup
        if run_command(commands, inp, clicked, actions="ZYH"):
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
            if stray_typing(inp.typed(), allowed + allowed.lower()):  # it chooses nothing: "Invalid choice!"
                self.refuse(self.word("invalid"))

    def play_again(self) -> None:
        if self.net is not None:
            self.net.ask_new()
            return
        self.app.sound(SOUND_SELECT)
        self.new_game(other_side_starts=self.mode == MODE_COMPUTER)

    # Drawing: the set-up screens' or the play screen's.

    def draw(self) -> None:
        if self.phase == "play":
            self.draw_play()
        else:
            self.setup.draw()

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


def run_command(commands: dict, inp: Input, clicked: str | None, actions: str) -> bool:
    """The command of the mark clicked or of its letter typed; True when one ran.  The letters in
    ``actions`` (undo, redo, hint) come from the keyboard as actions, which may be remapped, so
    only a click on their mark runs them here; a key longer than a letter ("TAB") is a mark only."""
    for key, command in commands.items():
        if clicked == key or (key not in actions and len(key) == 1 and inp.hotkey(key)):
            command()
            return True
    return False
