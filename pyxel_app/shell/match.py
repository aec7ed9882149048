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

import pyxel

from ..input import Action, Input
from ..rules.base import RulesError
from ..session import Session
from . import palette, ui
from .cartridge import Cartridge, Command
from .chooser import Chooser
from .keyboard import NAME_MAX, NameEntry, clean_name
from .seats import ComputerSeat, PersonSeat, QueueSeat, Seat
from .strings import LANGUAGES, has, t, text_in

MODE_COMPUTER, MODE_TWO = "computer", "two"
MODES = (MODE_COMPUTER, MODE_TWO)
# The set-up puts the person in seat 0, as the original did; after each finished game
# against the computer the other side starts.
HUMAN, COMPUTER = 0, 1

# Search time a frame (the web build has no threads): the frame stays well under 16.7 ms.
THINK_MS_PER_FRAME = 8
CHOICE_PITCH = 2  # text rows from one listed choice to the next
FIRST_CHOICE_ROW = 6
COLOUR_ROW = 8
NAME_ROW = 8
STATUS_ROW = ui.ROWS - 2
KEYS_ROW = ui.ROWS - 4

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


class MatchCartridge(Cartridge):
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
        self.seats: list[Seat] = [PersonSeat(), PersonSeat()]
        self.seat = 0  # whose name or colour the set-up asks for
        self.typed = ""  # a colour typed on the colour screen
        self.entry = NameEntry(self.accept_name, self.refuse)
        self.chooser = Chooser(len(MODES), 0, ui.CELL)
        self.hint_engine = None
        self.frame = 0

    @property
    def screen_ids(self) -> tuple[str, ...]:
        colour = ("colour",) if self.spec.choose_colour else ()
        level = ("level",) if self.spec.levels else ()
        return ("mode",) + level + ("name",) + colour + ("play", "over")

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
        self.go_to_phase("mode")

    def go_to_phase(self, phase: str) -> None:
        self.phase = phase
        self.typed = ""
        self.message_frames = 0
        if phase == "mode":
            self.chooser = self.choice_list(len(MODES), FIRST_CHOICE_ROW, MODES.index(self.mode))
        elif phase == "level":
            self.chooser = self.choice_list(len(self.spec.levels), FIRST_CHOICE_ROW, self.spec.levels.index(self.level))
        elif phase == "colour":
            taken = self.taken_colour()
            first_free = next(i for i, colour in enumerate(self.spec.colours) if colour != taken)
            self.chooser = self.choice_list(len(self.spec.colours), COLOUR_ROW, first_free)
        elif phase == "name":
            self.entry = NameEntry(self.accept_name, self.refuse, self.names[self.seat])

    @staticmethod
    def choice_list(count: int, row: int, index: int) -> Chooser:
        chooser = Chooser(count, row * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, (ui.COLS - 2) * ui.CELL)
        chooser.index = index
        return chooser

    def new_game(self, other_side_starts: bool = False) -> None:
        """A new game with the same players; against the computer, ``other_side_starts``
        hands the first move to whoever moved second."""
        if other_side_starts and self.mode == MODE_COMPUTER:
            self.names.reverse()
            self.colours.reverse()
            self.computer_seat = 1 - self.computer_seat
        meta = {"mode": self.mode, "name1": self.names[0], "colour1": self.colours[0], "colour2": self.colours[1]}
        if self.mode == MODE_COMPUTER:
            meta["level"] = self.level
            meta["computer"] = str(self.computer_seat + 1)
        if self.names[1]:
            meta["name2"] = self.names[1]
        self.session = Session(self.rules, self.rules.initial_state(), meta)
        self.on_session_changed()

    def load_start(self, text: str, meta: dict[str, str]):
        players_from_meta(meta, self.spec)
        return self.rules.state_from_text(text)

    def on_session_changed(self) -> None:
        self.mode, self.level, self.names, self.colours, self.computer_seat = players_from_meta(self.session.meta, self.spec)
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
        return self.seats[seat].kind == "computer"

    def agent_to_move(self) -> bool:
        return self.session is not None and not self.over and self.seats[self.seat_to_move()].is_agent

    def computer_to_move(self) -> bool:
        return self.session is not None and not self.over and self.is_computer(self.seat_to_move())

    @property
    def thinking(self) -> bool:
        """The computer is working on a move (what the panel shows)."""
        return any(getattr(seat, "thinking", False) for seat in self.seats)

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
        if self.phase != "play" or self.session is None:
            return
        self.view.animate(self.ui)
        if self.view.busy(self.ui):
            return
        if self.agent_to_move():
            seat = self.seats[self.seat_to_move()]
            if seat.kind == "computer" and not seat.thinking:
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

    # Set-up screens.

    def update(self, inp: Input) -> None:
        super().update(inp)
        self.frame += 1
        {"mode": self.update_mode, "level": self.update_level, "name": self.update_name,
         "colour": self.update_colour, "play": self.update_play}[self.phase](inp)

    def choice_by_digit(self, count: int) -> int | None:
        for i in range(count):
            if self.app.input.hotkey(str(i + 1)):
                return i
        return None

    def choose(self, inp: Input, count: int) -> int | None:
        """A listed choice by its digit, the arrows, SELECT or a click; other typing is refused."""
        chosen = self.choice_by_digit(count)
        chosen = self.chooser.update(inp) if chosen is None else chosen
        if chosen is None:
            self.refuse_typed(inp.typed(), "123456789"[:count])
        else:
            self.app.sound(SOUND_SELECT)
        return chosen

    def refuse_typed(self, typed: str, allowed: str) -> None:
        """A typed character that chooses nothing gets the original's "Invalid choice!"."""
        if any(not ch.isspace() and ch not in allowed for ch in typed):
            self.refuse(self.word("invalid"))

    def update_mode(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.app.leave_cartridge(ask=False)
            return
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
            return
        chosen = self.choose(inp, len(MODES))
        if chosen is None:
            return
        self.mode = MODES[chosen]
        self.names, self.colours, self.seat = ["", ""], [None, None], 0
        self.go_to_phase("level" if self.mode == MODE_COMPUTER else "name")

    def update_level(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.go_to_phase("mode")
            return
        chosen = self.choose(inp, len(self.spec.levels))
        if chosen is not None:
            self.level = self.spec.levels[chosen]
            self.go_to_phase("name")

    def accept_name(self, name: str) -> None:
        self.names[self.seat] = name  # empty: "Player 1" in the language shown
        self.app.sound(SOUND_SELECT)
        if self.spec.choose_colour:
            self.go_to_phase("colour")
        else:
            self.seat_done()

    def seat_done(self) -> None:
        """One seat is set up: ask for the next, or start the game."""
        if self.seat == 0 and self.mode == MODE_TWO:
            self.seat = 1
            self.go_to_phase("name")
            return
        if not self.spec.choose_colour:
            self.colours = list(self.spec.colours[:2])
        elif self.mode == MODE_COMPUTER:
            chosen = self.colours[HUMAN]
            self.colours[COMPUTER] = self.app.rng.choice([c for c in self.spec.colours if c != chosen])
        self.computer_seat = COMPUTER
        self.new_game()

    def update_name(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.step_back()

    def step_back(self) -> None:
        """ESC in the set-up: one question back."""
        if self.phase == "colour":
            self.go_to_phase("name")
        elif self.seat == 1:
            self.seat = 0
            self.go_to_phase("colour" if self.spec.choose_colour else "name")
        elif self.mode == MODE_COMPUTER:
            self.go_to_phase("level")
        else:
            self.go_to_phase("mode")

    def taken_colour(self) -> str | None:
        return self.colours[0] if self.seat == 1 else None

    def colour_from_text(self, text: str) -> str | None:
        """A colour typed in any of the languages."""
        wanted = text.strip().casefold()
        for colour in self.spec.colours:
            if wanted in {text_in(language, f"{self.key}.colour.{colour}").casefold() for language in LANGUAGES}:
                return colour
        return None

    def choose_colour(self, colour: str | None) -> None:
        if colour is None:
            self.refuse(self.word("invalid"))
            return
        if colour == self.taken_colour():
            self.refuse(self.word("colour_taken", colour=self.colour_name(colour), player=self.player_name(0)))
            return
        self.colours[self.seat] = colour
        self.app.sound(SOUND_SELECT)
        self.seat_done()

    def update_colour(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            if self.typed:
                self.typed = ""
            else:
                self.step_back()
            return
        if inp.hotkey("BACKSPACE"):
            self.typed = self.typed[:-1]
            return
        if self.typed and (inp.hotkey("RETURN") or inp.hotkey("KP_ENTER")):
            self.choose_colour(self.colour_from_text(self.typed))
            self.typed = ""
            return
        colours = self.spec.colours
        chosen = self.choice_by_digit(len(colours))
        if chosen is None and not self.typed:
            chosen = self.chooser.update(inp)
        if chosen is not None:
            self.choose_colour(colours[chosen])
            return
        typed = "".join(ch for ch in inp.typed() if not ch.isdigit())
        if typed.strip() or (typed and self.typed):
            self.typed = (self.typed + clean_name(typed))[:NAME_MAX]
        elif any(ch.isdigit() for ch in inp.typed()):
            self.refuse(self.word("invalid"))

    # Play.

    def update_play(self, inp: Input) -> None:
        if self.handle_common(inp):
            return
        if inp.hotkey("R"):
            self.ask_restart()
            return
        if inp.hotkey("X") or inp.hotkey("Q"):
            self.leave()
            return
        if self.over:
            self.update_over(inp)
            return
        text = self.view.interpret_input(self.state, self.ui, inp)
        if text is not None:
            self.person_move(text)
        else:
            allowed = self.view.keys_typed + self.view.keys_typed.lower() + "HZYRXQNMPhzyrxqnmp"
            self.refuse_typed(inp.typed(), allowed)

    def update_over(self, inp: Input) -> None:
        if self.view.busy(self.ui):
            return
        if inp.hotkey("N") or inp.pressed(Action.SELECT) or (inp.clicked and self.view.on_board(inp)):
            self.app.sound(SOUND_SELECT)
            self.new_game(other_side_starts=True)
        elif inp.hotkey("P"):
            self.begin_setup()
        elif inp.hotkey("M"):
            self.app.leave_cartridge(ask=False)

    # Drawing.

    def draw(self) -> None:
        if self.phase == "play":
            self.draw_play()
        else:
            self.draw_setup()

    def draw_title(self, word: str) -> None:
        ui.title_box(word)
        ui.text_at(14, 1, t(f"{self.key}.title"), palette.WHITE)

    def draw_status(self) -> None:
        if self.message_frames:
            for i, line in enumerate(ui.wrap(self.message, ui.COLS - 2)[:2]):
                ui.text_at(1, STATUS_ROW + i, line, palette.WHITE)

    def draw_choices(self, top_row: int, labels: list[str], disabled: set[int] = frozenset()) -> None:
        for i, label in enumerate(labels):
            row = top_row + i * CHOICE_PITCH
            text = f"[{i + 1}] {label}"
            if i == self.chooser.index:
                pyxel.rect(ui.CELL, row * ui.CELL, (ui.COLS - 2) * ui.CELL, ui.CELL, palette.LIGHT_BLUE)
                ui.hot_at(2, row, text, palette.BLUE, palette.LIGHT_BLUE)
            else:
                ui.hot_at(2, row, text, palette.GREY if i in disabled else palette.TEXT)

    def draw_prompt(self, row: int, text: str, colour: int = palette.TEXT) -> int:
        lines = ui.wrap(text, ui.COLS - 2)
        for i, line in enumerate(lines):
            ui.text_at(1, row + i, line, colour)
        return row + len(lines)

    def draw_setup(self) -> None:
        self.draw_title(self.word("word.setup"))
        if self.phase == "mode":
            self.draw_prompt(4, self.word("choose_mode"))
            self.draw_choices(FIRST_CHOICE_ROW, [self.word("mode.computer"), self.word("mode.two")])
            left, top = 20 * ui.CELL, 10 * ui.CELL
            pyxel.rect(left - 4, top - 4, 56, 40, palette.BLACK)
            self.view.draw_preview(left, top)
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        elif self.phase == "level":
            self.draw_prompt(4, self.word("choose_level"))
            self.draw_choices(FIRST_CHOICE_ROW, [self.level_label(level) for level in self.spec.levels])
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        elif self.phase == "name":
            self.draw_seat_heading()
            self.draw_prompt(5, self.word("enter_name"))
            self.entry.draw(NAME_ROW, self.frame)
            empty = self.word("empty_name", name=self.word("default_name", n=self.seat + 1))
            ui.text_at(ui.COLS - 18, NAME_ROW, empty, palette.GREY)
            ui.hot_at(1, KEYS_ROW, self.word("keys.name"))
            ui.hot_at(1, KEYS_ROW + 1, self.word("keys.name_pad"))
        elif self.phase == "colour":
            self.draw_colour()
        self.draw_status()

    def draw_seat_heading(self) -> None:
        if self.mode == MODE_TWO:
            ui.text_at(1, 4, self.word("seat", n=self.seat + 1), palette.WHITE)

    def draw_colour(self) -> None:
        self.draw_seat_heading()
        colours = self.spec.colours
        taken = self.taken_colour()
        free = [self.colour_name(c) for c in colours if c != taken]
        listed = self.word("or").join([", ".join(free[:-1]), free[-1]])
        self.draw_prompt(5, self.word("choose_colour", colours=listed))
        labels = []
        for colour in colours:
            label = "   " + self.colour_name(colour)
            if colour == taken:
                label += "  " + self.word("taken_by", player=self.player_name(0))
            labels.append(label)
        self.draw_choices(COLOUR_ROW, labels, {colours.index(taken)} if taken else set())
        for i, colour in enumerate(colours):
            self.view.draw_token(7 * ui.CELL, (COLOUR_ROW + i * CHOICE_PITCH) * ui.CELL + 3, colour, 3)
        typed_row = COLOUR_ROW + len(colours) * CHOICE_PITCH + 1
        ui.text_at(1, typed_row, f">> {self.typed}", palette.WHITE)
        if self.frame // 20 % 2 == 0:
            ui.text_at(4 + len(self.typed), typed_row, "█", palette.WHITE)
        ui.hot_at(1, KEYS_ROW, self.word("keys.colour"))

    def draw_play(self) -> None:
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
            row = 4 + seat * 3
            if seat == to_move:
                ui.text_at(col, row, "▶", palette.WHITE)
            self.view.draw_token((col + 1) * ui.CELL + 4, row * ui.CELL + 4, self.colours[seat], 4)
            ui.text_at(col + 3, row, self.player_name(seat)[:NAME_MAX], palette.WHITE if seat == to_move else palette.TEXT)
            ui.text_at(col + 3, row + 1, f"({self.colour_name(self.colours[seat])})", palette.GREY)
        ui.text_at(col, 11, self.word("moves", n=self.session.move_count))
        if self.thinking or self.hinting:
            dots = "." * (self.frame // 10 % 4)
            ui.text_at(col, 13, self.word("hinting" if self.hinting else "thinking") + dots, palette.YELLOW)
        keys = self.word("keys.over") if self.over and not busy else self.word("keys.play")
        for i, line in enumerate(keys.split("\n")):
            ui.hot_at(col, 15 + i, line)
