"""The set-up's questions to each seat: the name (typed, or picked from the on-screen
keyboard with a pad), the colour (from the list, or typed in any language) and, against the
computer in a game whose colours are its sides, the person's side."""

from __future__ import annotations

from ..input import Action, Input
from . import palette, ui
from .keyboard import NAME_MAX, NameEntry, clean_name
from .setup_base import (CHOICE_PITCH, COLOUR_ROW, COMPUTER, HOSTING_MODES, KEYS_ROW, NAME_ROW, NET_FIRST_PHASE,
                         NET_MODES, SOUND_SELECT, ChoiceScreen, MatchForSetup, Screen, choice_by_digit, choice_list)
from .strings import LANGUAGES, text_in


class NameScreen(Screen):
    phase = "name"
    entry: NameEntry

    def enter(self) -> None:
        self.entry = NameEntry(self.accept, self.match.refuse, self.match.names[self.steps.seat])

    def update(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.steps.step_back()

    def accept(self, name: str) -> None:
        match = self.match
        match.names[self.steps.seat] = name  # empty: "Player 1" in the language shown
        match.app.sound(SOUND_SELECT)
        if match.mode in NET_MODES:  # the sides' colours are the game's first two
            match.colours = list(match.spec.colours[:2])
            self.steps.go_to_phase("evaluation" if match.mode in HOSTING_MODES else NET_FIRST_PHASE[match.mode])
        elif match.spec.choose_colour:
            self.steps.go_to_phase("colour")
        else:
            self.steps.seat_done()

    def draw_body(self) -> None:
        match, seat = self.match, self.steps.seat
        self.draw_question(match.word("enter_name"))
        self.entry.draw(NAME_ROW, match.frame)
        empty = match.word("empty_name", name=match.word("default_name", n=seat + 1))
        ui.text_at(ui.COLS - 18, NAME_ROW, empty, palette.GREY)
        ui.lines(ui.CELL, KEYS_ROW * ui.CELL, [match.word("keys.name"), match.word("keys.name_pad")])


class ColourScreen(ChoiceScreen):
    """A colour from the list, or its name typed; the second seat cannot take the first's."""

    phase = "colour"
    row = COLOUR_ROW
    typed = ""  # a colour's name being typed

    def taken(self) -> str | None:
        return self.match.colours[0] if self.steps.seat == 1 else None

    def enter(self) -> None:
        self.typed = ""
        colours, taken = self.match.spec.colours, self.taken()
        first_free = next(i for i, colour in enumerate(colours) if colour != taken)
        self.chooser = choice_list(len(colours), COLOUR_ROW, first_free)
        self.chooser.skip = lambda index: colours[index] == taken

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            if self.typed:
                self.typed = ""
            else:
                self.steps.step_back()
            return
        if inp.hotkey("BACKSPACE"):
            self.typed = self.typed[:-1]
            return
        if self.typed and (inp.hotkey("RETURN") or inp.hotkey("KP_ENTER")):
            self.choose_colour(self.colour_from_text(self.typed))
            self.typed = ""
            return
        colours = self.match.spec.colours
        chosen = choice_by_digit(inp, len(colours))
        if chosen is None and not self.typed:
            chosen = self.chooser.update(inp)
        if chosen is not None:
            self.choose_colour(colours[chosen])
            return
        typed = "".join(ch for ch in inp.typed() if not ch.isdigit())
        if typed.strip() or (typed and self.typed):
            self.typed = (self.typed + clean_name(typed))[:NAME_MAX]
        elif any(ch.isdigit() for ch in inp.typed()):
            self.match.refuse(self.match.word("invalid"))

    def colour_from_text(self, text: str) -> str | None:
        """A colour typed in any of the languages."""
        wanted = text.strip().casefold()
        spec = self.match.spec
        for colour in spec.colours:
            if wanted in {text_in(language, f"{spec.key}.colour.{colour}").casefold() for language in LANGUAGES}:
                return colour
        return None

    def choose_colour(self, colour: str | None) -> None:
        match = self.match
        if colour is None:
            match.refuse(match.word("invalid"))
            return
        if colour == self.taken():
            match.refuse(match.word("colour_taken", colour=match.colour_name(colour), player=match.player_name(0)))
            return
        match.colours[self.steps.seat] = colour
        match.app.sound(SOUND_SELECT)
        self.steps.seat_done()

    def draw_body(self) -> None:
        match = self.match
        colours, taken = match.spec.colours, self.taken()
        free = [match.colour_name(c) for c in colours if c != taken]
        listed = match.word("or").join([", ".join(free[:-1]), free[-1]])
        self.draw_question(match.word("choose_colour", colours=listed))
        labels = []
        for colour in colours:
            label = "  " + match.colour_name(colour)
            if colour == taken:
                label += "  " + match.word("taken_by", player=match.player_name(0))
            labels.append(label)
        self.draw_choices(COLOUR_ROW, labels, {colours.index(taken)} if taken else set())
        draw_tokens(match, colours, COLOUR_ROW)
        typed_row = COLOUR_ROW + len(colours) * CHOICE_PITCH + 1
        ui.text_at(1, typed_row, f">> {self.typed}", palette.WHITE)
        if match.frame // 20 % 2 == 0:
            ui.text_at(4 + len(self.typed), typed_row, "█", palette.WHITE)
        ui.hot_at(1, KEYS_ROW, match.word("keys.colour"))


class SideScreen(ChoiceScreen):
    """Against the computer, where the colours are the sides (``sides_have_colours``): the
    person's pieces, and with them the person's seat; the computer takes the other.  The name
    typed goes with the person to that seat."""

    phase = "side"
    question = "choose_side"

    def labels(self) -> list[str]:
        return ["  " + self.match.colour_name(colour) for colour in self.match.colours]

    def first_index(self) -> int:
        return 1 - self.match.computer_seat

    def person_name(self) -> str:
        return self.match.names[1 - self.match.computer_seat]

    def chosen(self, index: int) -> None:
        match, name = self.match, self.person_name()
        match.names = [name, ""] if index == 0 else ["", name]
        match.computer_seat = 1 - index
        self.steps.sides_done()

    def back(self) -> None:
        """To the name, which is asked of the first seat."""
        match = self.match
        match.names = [self.person_name(), ""]
        match.computer_seat = COMPUTER
        self.steps.go_to_phase("name")

    def draw_body(self) -> None:
        super().draw_body()
        draw_tokens(self.match, self.match.colours, self.row)


def draw_tokens(match: MatchForSetup, colours, row: int) -> None:
    """Each colour's piece beside its choice in a list from ``row``."""
    for i, colour in enumerate(colours):
        match.view.draw_token(4 * ui.CELL + 3, (row + i * CHOICE_PITCH) * ui.CELL + 3, colour, 3)
