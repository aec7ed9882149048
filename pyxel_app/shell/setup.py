"""The match layer's set-up: the questions before a game, one screen each (the rules' variant,
mode, computer level, names, colours, the person's side against the computer, who starts; on
the desktop also hosting a network game and joining one), and the way between them.

One question a screen, as in the original terminal game: ESC goes one question back.  The
set-up is an object the match owns (``match.setup``); of the match it uses only what
:class:`~pyxel_app.shell.setup_base.MatchForSetup` declares.  The screens are in
setup_choices.py (lists), setup_players.py (names, colours) and setup_net.py (the network's).
"""

from __future__ import annotations

from ..input import Input
from .chooser import Chooser
from .keyboard import NameEntry
from .setup_base import (CHOICE_PITCH, COLOUR_ROW, COMPUTER, HUMAN, MODE_CODE_HOST, MODE_CODE_JOIN, MODE_COMPUTER, MODE_HOST,
                         MODE_JOIN, MODE_TWO, MODES, NET_MODES, NET_PHASES, SAVED_MODES, MatchForSetup, Screen, mode_choices,
                         net_phases, sides_have_colours)
from .setup_code import BrokerScreen, CodeHostScreen, CodeScreen
from .setup_choices import FirstScreen, LevelScreen, ModeScreen, VariantScreen
from .setup_net import AddressScreen, ConnectingScreen, EvaluationScreen, HostScreen, LanScreen
from .setup_players import ColourScreen, NameScreen, SideScreen

# Re-exported: the match, the board views and tests know them from here.
__all__ = ["CHOICE_PITCH", "COLOUR_ROW", "COMPUTER", "MODES", "MODE_CODE_HOST", "MODE_CODE_JOIN", "MODE_COMPUTER",
           "MODE_HOST", "MODE_JOIN", "MODE_TWO", "NET_MODES", "NET_PHASES", "SAVED_MODES", "Setup", "net_phases"]


class Setup:
    """The questions and the way between them: which one shows (``phase``), whose seat it asks
    about, where ESC goes back to, and when the game starts."""

    def __init__(self, match: MatchForSetup) -> None:
        self.match = match
        self.phase = "mode"  # the question shown; "play" once the match plays (the match sets it)
        self.seat = 0  # whose name or colour is asked
        self.address = AddressScreen(self)
        self.broker = BrokerScreen(self)
        screens = (VariantScreen(self), ModeScreen(self), LevelScreen(self), NameScreen(self), ColourScreen(self),
                   SideScreen(self), FirstScreen(self), EvaluationScreen(self), HostScreen(self), LanScreen(self),
                   self.address, ConnectingScreen(self, self.address), CodeHostScreen(self), CodeScreen(self), self.broker)
        self.screens: dict[str, Screen] = {screen.phase: screen for screen in screens}

    # The question shown and its widgets (tests type into them).

    @property
    def shown(self) -> Screen | None:
        return self.screens.get(self.phase)

    @property
    def chooser(self) -> Chooser | None:
        return getattr(self.shown, "chooser", None)

    @property
    def entry(self) -> NameEntry | None:
        return getattr(self.shown, "entry", None)

    def mode_choices(self) -> tuple[str, ...]:
        return mode_choices(self.match)

    # The way between the questions.

    def begin(self) -> None:
        """A new set-up: no players yet, the first question."""
        match = self.match
        match.names, match.colours, self.seat = ["", ""], [None, None], 0
        match.computer_seat = COMPUTER
        if match.spec.start_variants:
            match.variant = match.spec.start_variants[0]  # who starts picks it again
        # no other mode to choose (no computer, no network): straight to the names
        self.go_to_phase("variant" if match.spec.choose_variant else self.first_player_phase())

    def go_to_phase(self, phase: str) -> None:
        if self.phase in self.screens:
            self.screens[self.phase].leave()
        self.phase = phase
        self.match.message_frames = 0
        self.screens[phase].enter()

    def first_player_phase(self) -> str:
        """The first question after the variant: the mode, or the names where there is no other mode."""
        if len(self.mode_choices()) == 1:
            self.match.mode = MODE_TWO
            return "name"
        return "mode"

    def seat_done(self) -> None:
        """One seat is set up: ask for the next, the person's side, or start the game."""
        match, spec = self.match, self.match.spec
        if self.seat == 0 and match.mode == MODE_TWO:
            self.seat = 1
            self.go_to_phase("name")
            return
        if not spec.choose_colour:
            match.colours = list(spec.colours[:2])
        elif match.mode == MODE_COMPUTER:
            chosen = match.colours[HUMAN]
            match.colours[COMPUTER] = match.app.rng.choice([c for c in spec.colours if c != chosen])
        match.computer_seat = COMPUTER
        if match.mode == MODE_COMPUTER and sides_have_colours(spec):
            self.go_to_phase("side")
        else:
            self.sides_done()

    def sides_done(self) -> None:
        """Who plays which side is settled: ask who starts, or start the game."""
        if self.match.spec.ask_who_starts:
            self.go_to_phase("first")
        else:
            self.match.new_game()

    def step_back(self) -> None:
        """ESC in the set-up: one question back."""
        match = self.match
        alone = len(self.mode_choices()) == 1  # the only mode: it was not asked
        if match.mode in NET_MODES:
            self.go_to_phase("mode")
        elif self.phase == "colour":
            self.go_to_phase("name")
        elif self.seat == 1:
            self.seat = 0
            self.go_to_phase("colour" if match.spec.choose_colour else "name")
        elif match.mode == MODE_COMPUTER:
            self.go_to_phase("level")
        elif alone and match.spec.choose_variant:
            self.go_to_phase("variant")
        elif alone:
            match.app.leave_cartridge(ask=False)
        else:
            self.go_to_phase("mode")

    def broker_from(self, phase: str) -> None:
        """The broker's address asked (F2 on a code's screen), then back to ``phase``."""
        self.broker.back_to = phase
        self.go_to_phase("broker")

    def accept_address(self, text: str) -> None:
        """Join the host at ``text``, as RETURN on the address screen does."""
        self.address.accept(text)

    def update(self, inp: Input) -> None:
        self.screens[self.phase].update(inp)

    def draw(self) -> None:
        self.screens[self.phase].draw()
