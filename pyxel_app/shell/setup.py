"""The match layer's set-up screens: the rules' variant (for a game that offers a choice),
mode, computer level, names, colours; on the desktop also hosting a network game (this
machine's addresses, waiting) and joining one (an address).

One question a screen, as in the original terminal game: ESC goes one question back,
a digit, the arrows with SELECT, or a click chooses, other typing is "Invalid choice!".
Names are typed, or picked from the on-screen keyboard with a pad.  Mixed into
:class:`~pyxel_app.shell.match.MatchCartridge`, whose state it sets up.
"""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .keyboard import ADDRESS_MAX, ADDRESS_ROWS, NAME_MAX, NameEntry, clean_address, clean_name
from .strings import LANGUAGES, t, text_in

MODE_COMPUTER, MODE_TWO = "computer", "two"
MODES = (MODE_COMPUTER, MODE_TWO)
# Network play: not in the browser, which has no sockets.
MODE_HOST, MODE_JOIN = "host", "join"
NET_MODES = (MODE_HOST, MODE_JOIN)
SAVED_MODES = MODES + NET_MODES
NET_PHASES = ("host", "address", "connecting")
ADDRESS_SETTING = "net.address"
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
ADDRESS_LIST_ROW = 10


class SetupScreens:
    def go_to_phase(self, phase: str) -> None:
        self.phase = phase
        self.typed = ""
        self.message_frames = 0
        if phase == "variant":
            variants = self.rules.variants
            self.chooser = self.choice_list(len(variants), FIRST_CHOICE_ROW, variants.index(self.variant))
        elif phase == "mode":
            modes = self.mode_choices()
            self.chooser = self.choice_list(len(modes), FIRST_CHOICE_ROW, modes.index(self.mode) if self.mode in modes else 0)
        elif phase == "level":
            self.chooser = self.choice_list(len(self.spec.levels), FIRST_CHOICE_ROW, self.spec.levels.index(self.level))
        elif phase == "colour":
            taken = self.taken_colour()
            first_free = next(i for i, colour in enumerate(self.spec.colours) if colour != taken)
            self.chooser = self.choice_list(len(self.spec.colours), COLOUR_ROW, first_free)
            self.chooser.skip = lambda index: self.spec.colours[index] == taken
        elif phase == "name":
            self.entry = NameEntry(self.accept_name, self.refuse, self.names[self.seat])
        elif phase == "first":
            self.chooser = self.choice_list(2, FIRST_CHOICE_ROW, 0)
        elif phase == "address":
            last = self.app.settings.get(ADDRESS_SETTING, "")
            self.entry = NameEntry(self.accept_address, self.refuse, last, rows=ADDRESS_ROWS, most=ADDRESS_MAX,
                                   clean=clean_address, capitals=False)
        elif phase == "host":
            self.start_hosting()

    @property
    def has_computer(self) -> bool:
        return self.spec.engine is not None and bool(self.spec.levels)

    def mode_choices(self) -> tuple[str, ...]:
        """The modes offered: against the computer where the game has one; the network's on
        the desktop only, for a game of two seats.  One mode alone is not asked for."""
        local = MODES if self.has_computer else (MODE_TWO,)
        if not self.app.network or self.rules.players != 2:
            return local
        return local + NET_MODES
    @staticmethod
    def choice_list(count: int, row: int, index: int) -> Chooser:
        chooser = Chooser(count, row * ui.CELL, CHOICE_PITCH * ui.CELL, ui.CELL, (ui.COLS - 2) * ui.CELL)
        chooser.index = index
        return chooser

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

    def update_variant(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.app.leave_cartridge(ask=False)
            return
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
            return
        chosen = self.choose(inp, len(self.rules.variants))
        if chosen is not None:
            self.variant = self.rules.variants[chosen]
            self.go_to_phase(self.first_player_phase())

    def first_player_phase(self) -> str:
        """The first question after the variant: the mode, or the names where there is no other mode."""
        if len(self.mode_choices()) == 1:
            self.mode = MODE_TWO
            return "name"
        return "mode"

    def update_mode(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            if self.spec.choose_variant:
                self.go_to_phase("variant")
            else:
                self.app.leave_cartridge(ask=False)
            return
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
            return
        modes = self.mode_choices()
        chosen = self.choose(inp, len(modes))
        if chosen is None:
            return
        self.mode = modes[chosen]
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
        if self.mode in NET_MODES:  # the sides' colours are the game's first two
            self.colours = list(self.spec.colours[:2])
            self.go_to_phase("host" if self.mode == MODE_HOST else "address")
        elif self.spec.choose_colour:
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
        if self.spec.ask_who_starts:
            self.go_to_phase("first")
        else:
            self.new_game()

    def update_first(self, inp: Input) -> None:
        """Who starts: the second choice hands the first move to the other seat."""
        if inp.pressed(Action.BACK):
            self.go_to_phase("colour" if self.spec.choose_colour else "name")
            return
        chosen = self.choose(inp, 2)
        if chosen is None:
            return
        if self.spec.start_variants:
            self.variant = self.spec.start_variants[chosen]
            self.new_game()
        else:
            self.new_game(other_side_starts=chosen == 1)

    def update_name(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.step_back()

    # Network: host (wait for the other computer) or join (type its address, connect).

    def accept_address(self, text: str) -> None:
        from ..net.protocol import split_address
        from ..rules.numbers import NumberError

        try:
            host, port = split_address(text)
        except NumberError:
            self.refuse(t("net.bad_port"))
            return
        except ValueError:
            self.refuse(t("net.bad_address", address=text.strip()[:40]))
            return
        self.app.settings.set(ADDRESS_SETTING, text.strip())
        self.app.sound(SOUND_SELECT)
        self.start_joining(host, port)

    def update_address(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.go_to_phase("name")

    def update_net_wait(self, inp: Input) -> None:
        """Hosting or connecting: ESC (pad B, a click on it) cancels; after a failure RETURN tries again."""
        clicked = self.hotkeys.clicked(inp)
        if inp.pressed(Action.BACK) or clicked == "ESC":
            self.cancel_network()
            self.go_to_phase("name" if self.phase == "host" else "address")
            return
        failed = self.net is None or self.net.stage in ("lost", "failed")
        if failed and (inp.pressed(Action.SELECT) or clicked == "RETURN"):
            self.app.sound(SOUND_SELECT)
            if self.phase == "host":
                self.start_hosting()
            else:
                self.accept_address(self.entry.typed)

    def step_back(self) -> None:
        """ESC in the set-up: one question back."""
        if self.mode in NET_MODES:
            self.go_to_phase("mode")
        elif self.phase == "colour":
            self.go_to_phase("name")
        elif self.seat == 1:
            self.seat = 0
            self.go_to_phase("colour" if self.spec.choose_colour else "name")
        elif self.mode == MODE_COMPUTER:
            self.go_to_phase("level")
        elif len(self.mode_choices()) == 1 and self.spec.choose_variant:
            self.go_to_phase("variant")
        elif len(self.mode_choices()) == 1:
            self.app.leave_cartridge(ask=False)
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
        """``text`` wrapped, its lines a :data:`ui.LINE_PITCH` apart from ``row``; returns the first row under it."""
        height = ui.lines(ui.CELL, row * ui.CELL, ui.wrap(text, ui.COLS - 2), colour)
        return row + -(-height // ui.CELL)

    def draw_setup(self) -> None:
        if self.phase in NET_PHASES:
            self.draw_network()
            return
        # the rules question is not about the players yet
        self.draw_title(self.word("word.rules" if self.phase == "variant" else "word.setup"))
        if self.phase == "variant":
            self.draw_prompt(QUESTION_ROW, self.word("choose_variant"))
            self.draw_choices(FIRST_CHOICE_ROW, [self.word(f"variant.{variant}") for variant in self.rules.variants])
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        elif self.phase == "mode":
            self.draw_prompt(QUESTION_ROW, self.word("choose_mode"))
            modes = self.mode_choices()
            self.draw_choices(FIRST_CHOICE_ROW, [self.word(f"mode.{mode}") if mode in MODES else t(f"net.mode.{mode}")
                                                 for mode in modes])
            # Under the choices: beside two of them, or under the four with the network's.
            left, top = 20 * ui.CELL, (12 if len(modes) == 2 else 15) * ui.CELL
            pyxel.rect(left - 4, top - 4, 56, 40, palette.BLACK)
            self.view.draw_preview(left, top)
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        elif self.phase == "level":
            self.draw_prompt(QUESTION_ROW, self.word("choose_level"))
            self.draw_choices(FIRST_CHOICE_ROW, [self.level_label(level) for level in self.spec.levels])
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        elif self.phase == "name":
            self.draw_question(self.word("enter_name"))
            self.entry.draw(NAME_ROW, self.frame)
            empty = self.word("empty_name", name=self.word("default_name", n=self.seat + 1))
            ui.text_at(ui.COLS - 18, NAME_ROW, empty, palette.GREY)
            ui.lines(ui.CELL, KEYS_ROW * ui.CELL, [self.word("keys.name"), self.word("keys.name_pad")])
        elif self.phase == "colour":
            self.draw_colour()
        elif self.phase == "first":
            self.draw_prompt(QUESTION_ROW, self.word("choose_first"))
            self.draw_choices(FIRST_CHOICE_ROW, [self.word("starts", player=self.player_label(seat)) for seat in (0, 1)])
            ui.hot_at(1, KEYS_ROW, self.word("keys.choose"))
        self.draw_status()

    def draw_network(self) -> None:
        from .netplay import elapsed_text, why_text

        self.hotkeys.clear()
        self.draw_title(t("net.word"))
        net = self.net
        failed = net is None or net.stage in ("lost", "failed")
        if self.phase == "address":
            self.draw_prompt(QUESTION_ROW, t("net.address", port=self.default_port))
            self.entry.draw(NAME_ROW, self.frame)
            ui.lines(ui.CELL, KEYS_ROW * ui.CELL, [t("net.keys.address"), self.word("keys.name_pad")])
            self.draw_status()
            return
        # Blocks a blank line apart, from the question's row down to the keys.
        y = QUESTION_ROW * ui.CELL
        if self.phase == "host":
            y = net_block(y, ui.wrap(t("net.hosting"), ui.COLS - 2))
            y = net_block(y, ui.wrap(t("net.tell"), ui.COLS - 2))
            port = net.listening_port if net is not None else self.default_port
            # local_addresses(): at most two and the loopback
            y = net_block(y, [f"{address}:{port}" for address in self.host_addresses], palette.WHITE, col=3)
        else:
            address = net.address if net is not None else self.entry.typed
            y = net_block(y, ui.wrap(t("net.connecting", address=address), ui.COLS - 2))
        if failed:
            why = why_text(net.problem, net.detail) if net is not None else ""
            net_block(y, ui.wrap(t("net.not_now", why=why), ui.COLS - 2), palette.LIGHT_RED)
            self.hotkeys.line(1, KEYS_ROW + 1, t("net.keys.retry"))
        else:
            waiting = t("net.waiting", time=elapsed_text(net.waiting_seconds)) + "." * (self.frame // 20 % 4)
            net_block(y, [waiting], palette.YELLOW)
            self.hotkeys.line(1, KEYS_ROW + 1, t("net.keys.cancel"))
        self.draw_status()

    def draw_question(self, text: str) -> None:
        """A seat's question, under "Player 2:" (in white) when two people play here, as one block."""
        heading = [(self.word("seat", n=self.seat + 1), palette.WHITE)] if self.mode == MODE_TWO else []
        ui.block(ui.CELL, QUESTION_ROW * ui.CELL, heading + [(text, palette.TEXT)], ui.COLS - 2)

    def draw_colour(self) -> None:
        colours = self.spec.colours
        taken = self.taken_colour()
        free = [self.colour_name(c) for c in colours if c != taken]
        listed = self.word("or").join([", ".join(free[:-1]), free[-1]])
        self.draw_question(self.word("choose_colour", colours=listed))
        labels = []
        for colour in colours:
            label = "  " + self.colour_name(colour)
            if colour == taken:
                label += "  " + self.word("taken_by", player=self.player_name(0))
            labels.append(label)
        self.draw_choices(COLOUR_ROW, labels, {colours.index(taken)} if taken else set())
        for i, colour in enumerate(colours):
            self.view.draw_token(4 * ui.CELL + 3, (COLOUR_ROW + i * CHOICE_PITCH) * ui.CELL + 3, colour, 3)
        typed_row = COLOUR_ROW + len(colours) * CHOICE_PITCH + 1
        ui.text_at(1, typed_row, f">> {self.typed}", palette.WHITE)
        if self.frame // 20 % 2 == 0:
            ui.text_at(4 + len(self.typed), typed_row, "█", palette.WHITE)
        ui.hot_at(1, KEYS_ROW, self.word("keys.colour"))


def net_block(y: int, rows: list[str], colour: int = palette.TEXT, col: int = 1) -> int:
    """Lines of one block from pixel row ``y``; returns where the next block starts, a blank line under it."""
    return y + ui.lines(col * ui.CELL, y, rows, colour) + 1 + ui.LINE_PITCH
