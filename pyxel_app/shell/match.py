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
``mode`` (computer/two), ``level``, ``computer`` (its seat, 1 or 2), ``name1``/``name2``
and ``colour1``/``colour2``.
"""

from __future__ import annotations

from ..input import Action, Input
from ..rules.base import RulesError
from ..session import Session
from . import palette, ui
from .cartridge import Cartridge, Command
from .chooser import Chooser
from .hotkeys import HotkeyBar
from .keyboard import NAME_MAX, NameEntry, clean_name
from .seats import ComputerSeat, PersonSeat, QueueSeat, Seat
from .setup import COMPUTER, MODE_COMPUTER, MODE_TWO, MODES, SetupScreens
from .strings import has, t

# Search time a frame (the web build has no threads): the frame stays well under 16.7 ms.
THINK_MS_PER_FRAME = 8
OVER_KEYS = "NPM"  # new game, new players, menu: after the end only
STATUS_ROW = ui.STATUS_ROW
PANEL_TOP = 5
SOUND_REFUSED, SOUND_SELECT, SOUND_HINT = 1, 5, 7


def players_from_meta(meta: dict[str, str], spec) -> tuple[str, str, list[str], list[str], int]:
    """(mode, level, names, colours, computer's seat) from a save file's meta; ValueError
    names what is wrong.  Saves without ``computer`` have it in seat 1, as before."""
    mode = meta.get("mode", "")
    if mode not in MODES:
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


class MatchCartridge(SetupScreens, Cartridge):
    def __init__(self, app, spec) -> None:
        super().__init__(app, spec)
        self.view = spec.screen_class()(self)
        self.ui = self.view.new_ui()
        self.phase = "mode"
        self.mode = MODE_COMPUTER
        self.level = spec.levels[0] if spec.levels else ""
        self.names = ["", ""]
        self.colours: list[str | None] = [None, None]
        self.computer_seat = COMPUTER
        self.variant: str | None = None
        self.seats: list[Seat] = [PersonSeat(), PersonSeat()]
        self.seat = 0  # whose name or colour the set-up asks for
        self.typed = ""  # a colour typed on the colour screen
        self.entry = NameEntry(self.accept_name, self.refuse)
        self.chooser = Chooser(len(MODES), 0, ui.CELL)
        self.hint_engine = None
        self.hotkeys = HotkeyBar()
        self.frame = 0

    @property
    def screen_ids(self) -> tuple[str, ...]:
        colour = ("colour",) if self.spec.choose_colour else ()
        computer = ("mode", "level") if self.spec.engine is not None and self.spec.levels else ()
        first = ("first",) if self.spec.ask_who_starts else ()
        return computer + ("name",) + colour + first + ("play", "over")

    @property
    def screen_id(self) -> str:
        return "over" if self.phase == "play" and self.over else self.phase

    # Words: the game's own where it has them, else the match layer's.

    def word(self, key: str, **values) -> str:
        own = f"{self.key}.{key}"
        return t(own if has(own) else f"match.{key}", **values)

    def help_text(self) -> str:
        return t(f"{self.key}.help")

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
        self.session = None
        self.stop_thinking()
        self.ui = self.view.new_ui()
        self.names, self.colours, self.seat = ["", ""], [None, None], 0
        self.computer_seat = COMPUTER
        self.variant = None
        if self.spec.engine is None or not self.spec.levels:
            self.mode = MODE_TWO  # no computer to play against: straight to the names
            self.go_to_phase("name")
        else:
            self.go_to_phase("mode")

    def new_game(self, other_side_starts: bool = False) -> None:
        """A new game with the same players; ``other_side_starts`` hands the first move to
        whoever moved second (after each game against the computer, or when asked)."""
        if other_side_starts:
            self.names.reverse()
            if not self.spec.start_variants:  # else the colours stay with their sides
                self.colours.reverse()
            self.computer_seat = 1 - self.computer_seat
        meta = {"mode": self.mode, "name1": self.names[0], "colour1": self.colours[0], "colour2": self.colours[1]}
        if self.mode == MODE_COMPUTER:
            meta["level"] = self.level
            meta["computer"] = str(self.computer_seat + 1)
        if self.names[1]:
            meta["name2"] = self.names[1]
        self.session = Session(self.rules, self.rules.initial_state(self.variant), meta)
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str]):
        players_from_meta(meta, self.spec)
        return self.rules.state_from_text(text)

    def on_session_changed(self) -> None:
        self.mode, self.level, self.names, self.colours, self.computer_seat = players_from_meta(self.session.meta, self.spec)
        self.variant = self.rules.variant_of(self.session.start)
        if self.mode == MODE_COMPUTER:
            self.seats = [PersonSeat(), PersonSeat()]
            self.seats[self.computer_seat] = ComputerSeat(self.spec, self.level, self.app.rng)
        else:
            self.seats = [seat if seat.kind == "queue" else PersonSeat() for seat in self.seats]
        self.phase = "play"
        self.stop_thinking()
        self.ui = self.view.new_ui()

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
    def over(self) -> bool:
        return self.session.outcome is not None

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

    def end_text(self) -> str:
        outcome = self.session.outcome
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
        try:
            move = self.rules.move_from_text(state, text)
            self.session.play(move)
        except RulesError as error:
            self.refuse(self.view.explain(state, text, error))
            return False
        self.message_frames = 0
        self.stop_thinking()
        self.view.on_move(state, move, self.state, self.ui)
        self.after_move()
        return True

    def refuse(self, message: str) -> None:
        self.flash(message)
        self.app.sound(SOUND_REFUSED)

    def person_move(self, text: str) -> None:
        """A move from the board view: only when a person here is to move."""
        if self.agent_to_move():
            self.flash(self.word("wait_thinking"))
            return
        self.submit(text)

    # Every frame, under overlays too: animation, the computer, a hint.

    def tick(self) -> None:
        self.app.border = self.turn_border()
        if self.phase != "play" or self.session is None:
            return
        self.view.animate(self.ui)
        if self.view.busy(self.ui):
            return
        if self.agent_to_move():
            seat = self.seats[self.seat_to_move()]
            if not seat.thinking:
                seat.start(self.state)
            text = seat.step(THINK_MS_PER_FRAME)
            if text is not None:
                self.submit(text)
        elif self.hint_engine is not None:
            result = self.hint_engine.step(THINK_MS_PER_FRAME)
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
        self.session.undo()
        while self.agent_to_move() and self.session.can_undo:
            self.session.undo()
        self.on_session_changed()
        self.after_move()

    def redo(self) -> None:
        if self.session is None or not self.session.redo():
            return
        if self.agent_to_move() and self.session.can_redo:
            self.session.redo()
        self.on_session_changed()
        self.after_move()

    def hint(self) -> None:
        if self.session is None or self.phase != "play" or self.over or self.agent_to_move() or self.spec.engine is None:
            self.flash(t("msg.no_hint"))
            return
        if self.hint_engine is None:
            self.view.finish_animation(self.ui)
            self.hint_engine = self.spec.engine(self.state, self.spec.hint_level or self.spec.levels[-1], self.app.rng)

    def commands(self) -> list[Command]:
        commands = super().commands() if self.session is not None else []
        return commands + [Command(self.word("new_players"), self.begin_setup)]

    def update(self, inp: Input) -> None:
        super().update(inp)
        self.frame += 1
        {"mode": self.update_mode, "level": self.update_level, "name": self.update_name,
         "colour": self.update_colour, "first": self.update_first, "play": self.update_play}[self.phase](inp)

    # Play.

    def update_play(self, inp: Input) -> None:
        clicked = self.hotkeys.clicked(inp)
        if self.handle_common(inp):
            return
        commands = {"Z": self.undo, "Y": self.redo, "H": self.hint, "R": self.ask_restart,
                    "X": self.leave, "Q": self.leave}
        if self.over and not self.view.busy(self.ui):
            commands.update(N=self.play_again, P=self.begin_setup, M=lambda: self.app.leave_cartridge(ask=False))
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

    def draw_status(self) -> None:
        if self.message_frames:
            lines = ui.wrap(self.message, ui.COLS - 2)[:2]
            for i, line in enumerate(lines, start=STATUS_ROW + 1 - len(lines)):
                ui.text_at(1, i, line, palette.WHITE)

    def draw_play(self) -> None:
        self.hotkeys.clear()
        busy = self.view.busy(self.ui)
        outcome = self.session.outcome if not busy else None
        if outcome is None:
            word = self.word("word.play")
        else:
            word = self.word("word.draw") if outcome.winner is None else self.word("word.won")
        self.draw_title(word)
        self.view.draw(self.state, self.ui, outcome is not None)
        self.draw_panel(busy)
        if outcome is not None:
            for i, line in enumerate(ui.wrap(self.end_text(), ui.COLS - 2)[:3]):
                ui.text_at(1, self.view.end_row + i, line, palette.YELLOW)
        elif self.message_frames:
            self.draw_status()
        elif not busy:
            ui.text_at(1, STATUS_ROW, self.word("to_move", player=self.player_label(self.seat_to_move())), palette.WHITE)

    def draw_panel(self, busy: bool) -> None:
        col = self.view.panel_col
        to_move = None if self.over or busy else self.seat_to_move()
        for seat in (0, 1):
            row = PANEL_TOP + seat * 3
            if seat == to_move:
                ui.text_at(col, row, "▶", palette.WHITE)
            self.view.draw_token((col + 1) * ui.CELL + 4, row * ui.CELL + 4, self.colours[seat], 4)
            ui.text_at(col + 3, row, self.player_name(seat)[:NAME_MAX], palette.WHITE if seat == to_move else palette.TEXT)
            ui.text_at(col + 3, row + 1, f"({self.colour_name(self.colours[seat])})", palette.GREY)
        ui.text_at(col, PANEL_TOP + 6, self.word("moves", n=self.session.move_count))
        if self.thinking or self.hinting:
            dots = "." * (self.frame // 10 % 4)
            ui.text_at(col, PANEL_TOP + 8, self.word("hinting" if self.hinting else "thinking") + dots, palette.YELLOW)
        keys = self.word("keys.over") if self.over and not busy else self.word("keys.play")
        for i, line in enumerate(keys.split("\n")):
            self.hotkeys.line(col, PANEL_TOP + 10 + i, line)
