"""What every set-up question is made of, and what the set-up may use of the match.

A question is a :class:`Screen` of its own: made ready when shown (``enter``), answering input
(``update``) and drawing itself.  The widgets it keeps (a choice list, a name being typed) are
its own; what it decides goes to the match through :class:`MatchForSetup`, the one contract
between the two (tests/test_setup_contract.py drives every set-up through a stand-in of the
match that allows nothing else).  A choice is made as in the original terminal game: its
digit, the arrows with SELECT, or a click; other typing is "Invalid choice!".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser

if TYPE_CHECKING:
    from ..games import GameSpec
    from ..rules.base import Rules
    from .board_view import BoardView
    from .hotkeys import HotkeyBar
    from .netplay import NetGame

MODE_COMPUTER, MODE_TWO = "computer", "two"
MODES = (MODE_COMPUTER, MODE_TWO)
# The puzzle of the day: no players to set up, the puzzle page asks the level (shell/puzzle_picker.py).
MODE_PUZZLE = "puzzle"
# Network play on the LAN (not in the browser, which has no sockets) and by invite code through
# a broker (the browser too: it reaches the broker by its WebSocket).
MODE_HOST, MODE_JOIN = "host", "join"
MODE_CODE_HOST, MODE_CODE_JOIN = "code_host", "code_join"
LAN_MODES = (MODE_HOST, MODE_JOIN)
CODE_MODES = (MODE_CODE_HOST, MODE_CODE_JOIN)
NET_MODES = LAN_MODES + CODE_MODES
HOSTING_MODES = (MODE_HOST, MODE_CODE_HOST)
NET_FIRST_PHASE = {MODE_HOST: "host", MODE_JOIN: "lan", MODE_CODE_HOST: "code_host", MODE_CODE_JOIN: "code"}  # after the name
SAVED_MODES = MODES + NET_MODES
NET_PHASES = ("evaluation", "host", "lan", "address", "connecting", "code_host", "code", "broker")
ADDRESS_SETTING = "net.address"
BROKER_SETTING = "net.broker"  # the broker's address: host[:port] on the desktop, a ws:// or wss:// URL in the browser
# The set-up puts the person in seat 0, as the original did; after each finished game
# against the computer the other side starts.
HUMAN, COMPUTER = 0, 1

CHOICE_PITCH = 2  # text rows from one listed choice to the next
# Rows on the grid: the question in row 5 (6 under a "Player 2:" heading), the choices
# from row 7, the keys in rows 20-21 and the status lines in rows 23-24.
QUESTION_ROW = 5
FIRST_CHOICE_ROW = 7
COLOUR_ROW = 9
NAME_ROW = 8
KEYS_ROW = ui.STATUS_ROW - 4
SOUND_SELECT = "select"


class MatchForSetup(Protocol):
    """All the set-up may use of the match it sets up (shell/match.py's MatchCartridge)."""

    # The choices, which the set-up reads and writes.
    mode: str  # who plays: MODE_COMPUTER, MODE_TWO, MODE_HOST or MODE_JOIN
    level: str  # the computer's level, one of spec.levels
    names: list[str]  # the seats' names; "" is "Player 1" or "Player 2" in the language shown
    colours: list[str | None]  # the seats' colours, None while not chosen
    variant: str  # the rules' variant the game starts in
    computer_seat: int  # the seat the computer takes against the person
    message_frames: int  # frames the passing message still shows: a new question clears it
    evaluation_offer: bool  # the host's answer: the evaluation (W) for both players in this network game

    # Read only.
    @property
    def app(self) -> Any: ...  # the app: input settings, sound, rng, network, leaving the game

    @property
    def spec(self) -> GameSpec: ...  # the game: its levels, colours and which questions it asks

    @property
    def rules(self) -> Rules: ...  # the game's rules: their variants and number of players

    @property
    def view(self) -> BoardView: ...  # the board view: the mode screen's preview, the colours' tokens

    @property
    def frame(self) -> int: ...  # frames the cartridge has run: the cursors blink by it

    @property
    def net(self) -> NetGame | None: ...  # the network game hosted or joined, if any: its stage and address

    @property
    def hotkeys(self) -> HotkeyBar: ...  # the clickable keys the network screens draw and read

    @property
    def host_addresses(self) -> list[str]: ...  # this computer's addresses, shown while hosting

    @property
    def default_port(self) -> int: ...  # the port hosted on and joined when an address has none

    @property
    def broker(self) -> str: ...  # the broker's address games by invite code meet at ("" when none is set)

    # Words and drawing.
    def word(self, key: str, **values: Any) -> str: ...  # the game's own words, else the match layer's

    def colour_name(self, colour: str) -> str: ...  # a colour's name in the language shown

    def level_label(self, level: str) -> str: ...  # a level's name in the language shown

    def player_name(self, seat: int) -> str: ...  # a seat's name, or the computer's

    def player_label(self, seat: int) -> str: ...  # "Player 1 (Red)"

    def draw_title(self, word: str) -> None: ...  # the title box with the game's name beside it

    def draw_status(self) -> None: ...  # the passing message on the status lines

    # What the set-up sets going.
    def refuse(self, message: str) -> None: ...  # a refusal: the message and its sound

    def open_pause_menu(self) -> None: ...  # the game menu over the set-up

    def new_game(self, other_side_starts: bool = False) -> None: ...  # the set-up is done: play

    def start_hosting(self) -> None: ...  # listen for the other computer

    def start_joining(self, host: str, port: int) -> None: ...  # connect to a host; shows "connecting"

    def start_hosting_by_code(self, code: str = "") -> None: ...  # wait in the room of ``code`` (or a new one)

    def start_joining_by_code(self, code: str) -> None: ...  # knock in the room of ``code``; shows "connecting"

    def cancel_network(self) -> None: ...  # stop hosting or connecting


class Steps(Protocol):
    """What a question may ask of the set-up it belongs to (shell/setup.py's Setup)."""

    match: MatchForSetup  # the match being set up
    seat: int  # whose name or colour is asked: 0 or 1

    def go_to_phase(self, phase: str) -> None: ...  # show another question

    def step_back(self) -> None: ...  # ESC: one question back

    def seat_done(self) -> None: ...  # a seat is set up: the next one, the sides, who starts, or the game

    def sides_done(self) -> None: ...  # who plays which side is settled: who starts, or the game

    def first_player_phase(self) -> str: ...  # the first question after the variant

    def broker_from(self, phase: str) -> None: ...  # the broker's address asked, then back to ``phase``


def has_computer(spec: GameSpec) -> bool:
    return spec.engine is not None and bool(spec.levels)


def sides_have_colours(spec: GameSpec) -> bool:
    """The colours are the rules' sides (draughts' White and Black, Othello's Black and White), so
    a person playing the computer chooses a side by its colour rather than a colour of a list."""
    return not spec.choose_colour and (spec.colours_name_sides or bool(spec.start_variants))


def mode_choices(match: MatchForSetup) -> tuple[str, ...]:
    """The modes offered: against the computer where the game has one; for a game of two seats
    the LAN's on the desktop, and by invite code on the desktop and in the browser.  One mode
    alone is not asked for.  The puzzle of the day comes last, where the game has puzzles."""
    from .puzzle_record import has_puzzles

    local = MODES if has_computer(match.spec) else (MODE_TWO,)
    puzzle = (MODE_PUZZLE,) if has_puzzles(match.spec) else ()
    if match.rules.players != 2:
        return local + puzzle
    app = match.app
    return local + (LAN_MODES if app.network else ()) + (CODE_MODES if app.network or app.web else ()) + puzzle


def address_problem(key: str, value: str) -> str | None:
    """What is wrong with the last address typed to join (what the address keyboard could not type)."""
    from .keyboard import ADDRESS_MAX, clean_address

    if len(value) > ADDRESS_MAX or clean_address(value) != value:
        return f"not an address {value[:20]!r}"
    return None


def broker_problem(key: str, value: str) -> str | None:
    """What is wrong with the broker's address in the settings (empty: none is set)."""
    from ..net.room import parse_broker

    try:
        if value:
            parse_broker(value)
    except ValueError as error:
        return str(error)
    return None


def net_phases(modes: tuple[str, ...]) -> tuple[str, ...]:
    """The network's set-up screens the ``modes`` offered can reach."""
    lan = ("evaluation", "host", "lan", "address", "connecting") if MODE_HOST in modes else ()
    code = ("evaluation", "code_host", "code", "connecting", "broker") if MODE_CODE_HOST in modes else ()
    return tuple(dict.fromkeys(lan + code))


def choice_list(count: int, row: int, index: int) -> Chooser:
    chooser = Chooser(count, row * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, (ui.COLS - 2) * ui.CELL)
    chooser.index = index
    return chooser


def stray_typing(typed: str, allowed: str) -> bool:
    """Whether ``typed`` holds a character that chooses nothing: the original's "Invalid choice!"."""
    return any(not ch.isspace() and ch not in allowed for ch in typed)


def choice_by_digit(inp: Input, count: int) -> int | None:
    for i in range(count):
        if inp.hotkey(str(i + 1)):
            return i
    return None


def draw_prompt(row: int, text: str, colour: int = palette.TEXT) -> int:
    """``text`` wrapped, its lines a :data:`ui.LINE_PITCH` apart from ``row``; returns the first row under it."""
    height = ui.lines(ui.CELL, row * ui.CELL, ui.wrap(text, ui.COLS - 2), colour)
    return row + -(-height // ui.CELL)


class Screen:
    """One question of the set-up."""

    phase = ""  # the phase it answers ("mode", "name", ...)
    title = "word.setup"  # the title box's word

    def __init__(self, steps: Steps) -> None:
        self.steps = steps

    @property
    def match(self) -> MatchForSetup:
        return self.steps.match

    def enter(self) -> None:
        """The question comes on screen: its widgets start afresh."""

    def leave(self) -> None:
        """Another question comes: what this one opened (a socket listening for games) closes."""

    def update(self, inp: Input) -> None:
        raise NotImplementedError

    def title_word(self) -> str:
        return self.match.word(self.title)

    def draw(self) -> None:
        self.match.draw_title(self.title_word())
        self.draw_body()
        self.match.draw_status()

    def draw_body(self) -> None:
        raise NotImplementedError

    def draw_question(self, text: str) -> None:
        """A seat's question, under "Player 2:" (in white) when two people play here, as one block."""
        match = self.match
        heading = [(match.word("seat", n=self.steps.seat + 1), palette.WHITE)] if match.mode == MODE_TWO else []
        ui.block(ui.CELL, QUESTION_ROW * ui.CELL, heading + [(text, palette.TEXT)], ui.COLS - 2)


class ChoiceScreen(Screen):
    """A question answered from a list."""

    question = ""  # the word asking it
    pause_menu = False  # TAB opens the game menu (on the first questions only)
    row = FIRST_CHOICE_ROW  # where the list starts
    keys_row = KEYS_ROW  # where the keys stand
    chooser: Chooser

    def labels(self) -> list[str]:
        raise NotImplementedError

    def first_index(self) -> int:
        """The choice highlighted when the question comes."""
        return 0

    def chosen(self, index: int) -> None:
        raise NotImplementedError

    def back(self) -> None:
        self.steps.step_back()

    def enter(self) -> None:
        self.chooser = choice_list(len(self.labels()), self.row, self.first_index())

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.back()
            return
        if self.pause_menu and inp.pressed(Action.MENU):
            self.match.open_pause_menu()
            return
        chosen = self.choose(inp, self.chooser.count)
        if chosen is not None:
            self.chosen(chosen)

    def choose(self, inp: Input, count: int) -> int | None:
        """A listed choice by its digit, the arrows, SELECT or a click; other typing is refused."""
        chosen = choice_by_digit(inp, count)
        chosen = self.chooser.update(inp) if chosen is None else chosen
        if chosen is None:
            if stray_typing(inp.typed(), "123456789"[:count]):
                self.match.refuse(self.match.word("invalid"))
        else:
            self.match.app.sound(SOUND_SELECT)
        return chosen

    def draw_body(self) -> None:
        draw_prompt(QUESTION_ROW, self.match.word(self.question))
        self.draw_choices(self.row, self.labels())
        ui.hot_at(1, self.keys_row, self.match.word("keys.choose"))

    def draw_choices(self, top_row: int, labels: list[str], disabled: set[int] = frozenset()) -> None:
        for i, label in enumerate(labels):
            row = top_row + i * CHOICE_PITCH
            text = f"[{i + 1}] {label}"
            if i == self.chooser.index:
                pyxel.rect(ui.CELL, row * ui.CELL, (ui.COLS - 2) * ui.CELL, ui.CELL, palette.LIGHT_BLUE)
                ui.hot_at(2, row, text, palette.BLUE, palette.LIGHT_BLUE)
            else:
                ui.hot_at(2, row, text, palette.GREY if i in disabled else palette.TEXT)
