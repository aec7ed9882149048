"""The set-up's network screens (the desktop only): hosting (this computer's addresses, the
wait), the address to join, connecting.  The waits take ESC to cancel and, after a failure,
RETURN to try again; the link itself is the match's (``start_hosting``, ``start_joining``)."""

from __future__ import annotations

from ..input import Action, Input
from ..net.protocol import split_address
from ..rules.numbers import NumberError
from . import palette, ui
from .keyboard import ADDRESS_MAX, ADDRESS_ROWS, NameEntry, clean_address
from .netplay import elapsed_text, why_text
from .setup_base import (ADDRESS_SETTING, CHOICE_PITCH, FIRST_CHOICE_ROW, KEYS_ROW, NAME_ROW, QUESTION_ROW,
                         SOUND_SELECT, ChoiceScreen, Screen, Steps, draw_prompt)
from .strings import t

WIDTH = ui.COLS - 2  # the columns a wrapped line takes


def net_block(y: int, rows: list[str], colour: int = palette.TEXT, col: int = 1) -> int:
    """Lines of one block from pixel row ``y``; returns where the next block starts, a blank line under it."""
    return y + ui.lines(col * ui.CELL, y, rows, colour) + 1 + ui.LINE_PITCH


class NetScreen(Screen):
    def draw(self) -> None:
        self.match.hotkeys.clear()
        super().draw()

    def title_word(self) -> str:
        return t("net.word")


class AddressScreen(NetScreen):
    """The host's address, typed; the last one comes back."""

    phase = "address"
    entry: NameEntry | None = None

    @property
    def typed(self) -> str:
        return self.entry.typed if self.entry is not None else ""

    def enter(self) -> None:
        last = self.match.app.settings.get(ADDRESS_SETTING, "")
        self.entry = NameEntry(self.accept, self.match.refuse, last, rows=ADDRESS_ROWS, most=ADDRESS_MAX,
                               clean=clean_address, capitals=False)

    def update(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.steps.go_to_phase("name")

    def accept(self, text: str) -> None:
        match = self.match
        try:
            host, port = split_address(text)
        except NumberError:
            match.refuse(t("net.bad_port"))
            return
        except ValueError:
            match.refuse(t("net.bad_address", address=text.strip()[:40]))
            return
        match.app.settings.set(ADDRESS_SETTING, text.strip())
        match.app.sound(SOUND_SELECT)
        match.start_joining(host, port)

    def draw_body(self) -> None:
        match = self.match
        draw_prompt(QUESTION_ROW, t("net.address", port=match.default_port))
        self.entry.draw(NAME_ROW, match.frame)
        ui.lines(ui.CELL, KEYS_ROW * ui.CELL, [t("net.keys.address"), match.word("keys.name_pad")])


class EvaluationScreen(ChoiceScreen):
    """The host's question: the evaluation (W) and the review (K) for both players, or for none
    (No, the first, is RETURN's answer).  The joiner learns the answer in the greeting."""

    phase = "evaluation"
    question = "net.eval.question"
    NOTE_ROW = FIRST_CHOICE_ROW + 2 * CHOICE_PITCH + 1

    def title_word(self) -> str:
        return t("net.word")

    def labels(self) -> list[str]:
        return [t("net.eval.no"), t("net.eval.yes")]

    def first_index(self) -> int:
        return int(self.match.evaluation_offer)

    def back(self) -> None:
        self.steps.go_to_phase("name")

    def chosen(self, index: int) -> None:
        self.match.evaluation_offer = index == 1
        self.steps.go_to_phase("host")

    def draw_body(self) -> None:
        draw_prompt(QUESTION_ROW, t(self.question))
        self.draw_choices(self.row, self.labels())
        draw_prompt(self.NOTE_ROW, t("net.eval.note"), palette.GREY)
        ui.hot_at(1, KEYS_ROW, self.match.word("keys.choose"))


class WaitScreen(NetScreen):
    """Hosting or connecting: ESC (pad B, a click on it) cancels; after a failure RETURN tries again."""

    back_to = ""  # the question ESC goes back to

    @property
    def failed(self) -> bool:
        net = self.match.net
        return net is None or net.stage in ("lost", "failed")

    def update(self, inp: Input) -> None:
        match = self.match
        clicked = match.hotkeys.clicked(inp)
        if inp.pressed(Action.BACK) or clicked == "ESC":
            match.cancel_network()
            self.steps.go_to_phase(self.back_to)
            return
        if self.failed and (inp.pressed(Action.SELECT) or clicked == "RETURN"):
            match.app.sound(SOUND_SELECT)
            self.try_again()

    def try_again(self) -> None:
        raise NotImplementedError

    def draw_wait(self, y: int) -> None:
        """Under the blocks from pixel row ``y``: why it failed, or how long it has waited."""
        match = self.match
        net = match.net
        if self.failed:
            why = why_text(net.problem, net.detail) if net is not None else ""
            net_block(y, ui.wrap(t("net.not_now", why=why), WIDTH), palette.LIGHT_RED)
            match.hotkeys.line(1, KEYS_ROW + 1, t("net.keys.retry"))
        else:
            waiting = t("net.waiting", time=elapsed_text(net.waiting_seconds)) + "." * (match.frame // 20 % 4)
            net_block(y, [waiting], palette.YELLOW)
            match.hotkeys.line(1, KEYS_ROW + 1, t("net.keys.cancel"))


class HostScreen(WaitScreen):
    """Waiting for the other computer, with the addresses to tell its player."""

    phase = "host"
    back_to = "evaluation"

    def enter(self) -> None:
        self.match.start_hosting()

    def try_again(self) -> None:
        self.match.start_hosting()

    def draw_body(self) -> None:
        match, net = self.match, self.match.net
        y = net_block(QUESTION_ROW * ui.CELL, ui.wrap(t("net.hosting"), WIDTH))
        y = net_block(y, ui.wrap(t("net.tell"), WIDTH))
        port = net.listening_port if net is not None else match.default_port
        # local_addresses(): at most two and the loopback
        y = net_block(y, [f"{address}:{port}" for address in match.host_addresses], palette.WHITE, col=3)
        self.draw_wait(y)


class ConnectingScreen(WaitScreen):
    """Connecting to the address typed (or given on the command line)."""

    phase = "connecting"
    back_to = "address"

    def __init__(self, steps: Steps, address: AddressScreen) -> None:
        super().__init__(steps)
        self.address = address

    def try_again(self) -> None:
        self.address.accept(self.address.typed)

    def draw_body(self) -> None:
        net = self.match.net
        address = net.address if net is not None else self.address.typed
        self.draw_wait(net_block(QUESTION_ROW * ui.CELL, ui.wrap(t("net.connecting", address=address), WIDTH)))
