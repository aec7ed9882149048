"""The set-up's screens for a game by invite code (the desktop and the browser): hosting shows
the code, big, while it waits in the room on the broker; joining takes the code typed (or picked
on the on-screen keyboard); either may change the broker's address (F2, pad X, or a click).
The rooms themselves are the match's (``start_hosting_by_code``, ``start_joining_by_code``)."""

from __future__ import annotations

import pyxel

from ..input import Input
from ..net.room import ALPHABET, CodeError, normal_code, parse_broker, shown_code
from . import palette, ui
from .glyphs import GLYPHS
from .hotkeys import pressed
from .keyboard import ADDRESS_MAX, NO_SPACE, NameEntry
from .setup_base import BROKER_SETTING, KEYS_ROW, NAME_ROW, QUESTION_ROW, SOUND_SELECT, draw_prompt
from .setup_net import NetScreen, WaitScreen, fit_lines, hosted_rules, net_block
from .strings import t

BIG = 2  # the code is drawn at twice the font's size: read across a room
CODE_ROWS = (ALPHABET[:6], ALPHABET[6:])  # the on-screen keyboard: the code's twelve symbols
CODE_MOST = 11  # nine symbols and two dashes
BROKER_ROWS = ("1234567890", "abcdefghij", "klmnopqrst", "uvwxyz.:/-")
BROKER_KEY = "F2"
BROKER_ROW = 16  # under the code's on-screen keyboard


def clean_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch in ALPHABET or ch in "- ")


def clean_broker(text: str) -> str:
    """What a broker's address may hold: a host and port, or a ws:// or wss:// URL."""
    return "".join(ch for ch in text if ch.isascii() and (ch.isalnum() or ch in ".:-_[]/"))


def draw_big(col: int, y: int, text: str, colour: int) -> None:
    """``text`` at ``BIG`` times the font's size, from character column ``col``, ``y`` pixels down."""
    for index, ch in enumerate(text):
        left = (col + index * BIG) * ui.CELL
        for row, line in enumerate(GLYPHS.get(ch, GLYPHS["?"])):
            for column, ink in enumerate(line):
                if ink == "#":
                    pyxel.rect(left + column * BIG, y + row * BIG, BIG, BIG, colour)


def wants_broker(inp: Input, clicked: str | None) -> bool:
    return pressed(inp, BROKER_KEY, clicked) or inp.pad_button("X")


class CodeHostScreen(WaitScreen):
    """Waiting in the room of a new invite code, the code shown big to be read out."""

    phase = "code_host"
    back_to = "evaluation"

    def enter(self) -> None:
        self.match.start_hosting_by_code()

    def try_again(self) -> None:
        """The same code again: the other player may have been told it already."""
        net = self.match.net
        self.match.start_hosting_by_code(net.code if net is not None else "")

    def update(self, inp: Input) -> None:
        if wants_broker(inp, self.match.hotkeys.clicked(inp)):
            self.match.cancel_network()
            self.steps.broker_from(self.phase)
            return
        super().update(inp)

    def draw_body(self) -> None:
        match, net = self.match, self.match.net
        y = QUESTION_ROW * ui.CELL
        if not self.failed:  # the code to tell; after a failure, why (trying again keeps the code)
            y = net_block(y, fit_lines(t("net.code.tell")))
            code = shown_code(net.code)
            draw_big((ui.COLS - len(code) * BIG) // 2, y, code, palette.WHITE)
            y += 8 * BIG + ui.LINE_PITCH
        y = net_block(y, hosted_rules(match) + broker_lines(match.broker), palette.GREY)
        self.draw_wait(y)  # its keys in the last row of the key bar: this one a line's pitch above
        match.hotkeys.line_at(1, (KEYS_ROW + 1) * ui.CELL - ui.LINE_PITCH, t("net.keys.broker"))


class CodeEntry(NameEntry):
    """A code's symbols stay capitals, as the code is shown."""

    def letter(self, key: str) -> str:
        return key.upper()


class CodeScreen(NetScreen):
    """The invite code, typed or picked on the on-screen keyboard of the code's symbols."""

    phase = "code"
    entry: NameEntry | None = None

    @property
    def typed(self) -> str:
        return self.entry.typed if self.entry is not None else ""

    def enter(self) -> None:
        self.entry = CodeEntry(self.accept, self.match.refuse, self.typed, rows=CODE_ROWS, most=CODE_MOST,
                               clean=clean_code, specials=NO_SPACE,
                               offer=False)  # the code typed before the broker's page

    def update(self, inp: Input) -> None:
        if wants_broker(inp, self.match.hotkeys.clicked(inp)):
            self.steps.broker_from(self.phase)
        elif not self.entry.update(inp):
            self.steps.go_to_phase("name")

    def accept(self, text: str) -> None:
        match = self.match
        try:
            code = normal_code(text)
        except CodeError:
            match.refuse(t("net.code.bad", code=text.strip()[:20]))
            return
        match.app.sound(SOUND_SELECT)
        match.start_joining_by_code(code)

    def draw_body(self) -> None:
        match = self.match
        draw_prompt(QUESTION_ROW, t("net.code.prompt"))
        self.entry.draw(NAME_ROW, match.frame)
        net_block(BROKER_ROW * ui.CELL, broker_lines(match.broker), palette.GREY)
        match.hotkeys.lines(1, KEYS_ROW * ui.CELL, f"{t('net.keys.code')}\n{match.word('keys.name_pad')}")


class BrokerScreen(NetScreen):
    """The broker's address, typed; kept in the settings (``net.broker``)."""

    phase = "broker"
    back_to = "code"
    entry: NameEntry | None = None

    def enter(self) -> None:
        broker = self.match.broker  # one longer than the line holds (settings.txt takes any) is typed afresh
        self.entry = NameEntry(self.accept, self.match.refuse, broker if len(broker) <= ADDRESS_MAX else "",
                               rows=BROKER_ROWS, most=ADDRESS_MAX, clean=clean_broker, capitals=False, specials=NO_SPACE)

    def update(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.steps.go_to_phase(self.back_to)

    def accept(self, text: str) -> None:
        match = self.match
        try:
            parse_broker(text)
        except ValueError:
            match.refuse(t("net.broker.bad", address=text.strip()[:40]))
            return
        match.app.settings.set(BROKER_SETTING, text.strip())
        match.app.sound(SOUND_SELECT)
        self.steps.go_to_phase(self.back_to)

    def draw_body(self) -> None:
        match = self.match
        draw_prompt(QUESTION_ROW, t("net.broker.prompt"))
        self.entry.draw(NAME_ROW, match.frame)
        ui.lines(ui.CELL, KEYS_ROW * ui.CELL, [t("net.keys.broker_entry"), match.word("keys.name_pad")])


def broker_lines(broker: str) -> list[str]:
    """Where the game meets, wrapped; an address longer than a line (a URL) is cut across lines."""
    return fit_lines(t("net.code.broker", broker=broker) if broker else t("net.code.no_broker"))
