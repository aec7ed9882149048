"""The set-up's network screens on the LAN (the desktop only): hosting (this computer's addresses,
the wait, an announcement the other computers' join screens hear), the games found on this
network or the address to join, connecting.  The waits take ESC to cancel and, after a failure,
RETURN to try again; the link itself is the match's (``start_hosting``, ``start_joining``).
The screens of a game by invite code are in ``setup_code.py``."""

from __future__ import annotations

from ..input import Action, Input
from ..net.protocol import DEFAULT_PORT, join_address, split_address
from ..rules.numbers import NumberError
from . import palette, ui
from .keyboard import ADDRESS_MAX, ADDRESS_ROWS, NO_SPACE, NameEntry, clean_address
from .netplay import elapsed_text, why_text
from .setup_base import (ADDRESS_SETTING, CHOICE_PITCH, FIRST_CHOICE_ROW, KEYS_ROW, MODE_CODE_JOIN, NAME_ROW,
                         NET_FIRST_PHASE, QUESTION_ROW,
                         SOUND_SELECT, ChoiceScreen, Screen, Steps, choice_list, draw_prompt)
from .strings import has, t

LAN_SHOWN = 5  # games found on this network listed at once (the rest come as others go)
LABEL_MAX = ui.COLS - 6  # a listed game's label after "[n] ", inside the margin

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
                               clean=clean_address, capitals=False, specials=NO_SPACE)

    def update(self, inp: Input) -> None:
        if not self.entry.update(inp):
            self.steps.go_to_phase("lan")

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
        self.steps.go_to_phase(NET_FIRST_PHASE[self.match.mode])

    def draw_body(self) -> None:
        draw_prompt(QUESTION_ROW, t(self.question))
        self.draw_choices(self.row, self.labels())
        draw_prompt(self.NOTE_ROW, t("net.eval.note"), palette.GREY)
        ui.hot_at(1, KEYS_ROW, self.match.word("keys.choose"))



class LanScreen(ChoiceScreen):
    """The games hosted on this network (heard as the hosts announce them), and typing an address."""

    phase = "lan"
    question = "net.lan.question"
    finder = None

    def title_word(self) -> str:
        return t("net.word")

    def found(self) -> list:
        return self.finder.found(self.match.spec.key)[:LAN_SHOWN] if self.finder is not None else []

    def labels(self) -> list[str]:
        return [t("net.lan.type")] + [self.label(hosted) for hosted in self.found()]

    def label(self, hosted) -> str:
        """A game found: its address, the rules it plays (where the game has more than one) and who hosts."""
        name, address = hosted.name or t("net.other_player"), lan_address(hosted)
        match = self.match
        if match.spec.choose_variant and hosted.variant in match.rules.variants:
            variant = variant_word(match, "variant_name", hosted.variant)
            return t("net.lan.game_variant", address=address, variant=variant, name=name)[:LABEL_MAX]
        return t("net.lan.game", name=name, address=address)[:LABEL_MAX]

    def enter(self) -> None:
        from ..net.lan import Finder

        self.leave()
        self.finder = Finder()
        super().enter()

    def leave(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def update(self, inp: Input) -> None:
        self.finder.poll()
        count = len(self.labels())
        if count != self.chooser.count:  # a game came or went: the list follows, the choice stays where it can
            self.chooser = choice_list(count, FIRST_CHOICE_ROW, min(self.chooser.index, count - 1))
        super().update(inp)

    def back(self) -> None:
        self.steps.go_to_phase("name")

    def chosen(self, index: int) -> None:
        if index == 0:
            self.steps.go_to_phase("address")
        else:
            hosted = self.found()[index - 1]
            self.match.start_joining(hosted.host, hosted.port)

    def draw_body(self) -> None:
        match = self.match
        draw_prompt(QUESTION_ROW, t(self.question))
        labels = self.labels()
        self.draw_choices(FIRST_CHOICE_ROW, labels)
        if len(labels) == 1:
            searching = t("net.lan.searching") + "." * (match.frame // 20 % 4)
            ui.text_at(2, FIRST_CHOICE_ROW + CHOICE_PITCH, searching, palette.GREY)
        ui.hot_at(1, KEYS_ROW, match.word("keys.choose"))


def variant_word(match, kind: str, variant: str) -> str:
    """A variant's ``rules`` line or short ``variant_name``, where the game words them; else its label."""
    key = f"{match.spec.key}.{kind}.{variant}"
    return t(key) if has(key) else match.word(f"variant.{variant}")


def hosted_rules(match) -> list[str]:
    """The line a host's waiting screen says the rules in, where the game has more than one."""
    return [variant_word(match, "rules", match.variant)] if match.spec.choose_variant else []


def lan_address(hosted) -> str:
    """A game found's address as it is typed: the port only when it is not the usual one."""
    return hosted.host if hosted.port == DEFAULT_PORT else join_address(hosted.host, hosted.port)


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

    announcer = None  # while it waits, the other computers' join screens hear of the game

    def enter(self) -> None:
        self.start()

    def try_again(self) -> None:
        self.start()

    def start(self) -> None:
        from ..net.lan import Announcer

        match = self.match
        match.start_hosting()
        self.leave()
        net = match.net
        if net is not None and net.stage == "listening":
            self.announcer = Announcer(net.listening_port, match.spec.key, match.variant, match.names[0])

    def leave(self) -> None:
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None

    def update(self, inp: Input) -> None:
        net = self.match.net
        if self.announcer is not None and (net is None or net.stage != "listening"):
            self.leave()
        if self.announcer is not None:
            self.announcer.poll()
        super().update(inp)

    def draw_body(self) -> None:
        match, net = self.match, self.match.net
        y = net_block(QUESTION_ROW * ui.CELL, ui.wrap(t("net.hosting"), WIDTH) + hosted_rules(match))
        y = net_block(y, ui.wrap(t("net.tell"), WIDTH))
        port = net.listening_port if net is not None else match.default_port
        # local_addresses(): at most two and the loopback
        y = net_block(y, [f"{address}:{port}" for address in match.host_addresses], palette.WHITE, col=3)
        self.draw_wait(y)


class ConnectingScreen(WaitScreen):
    """Connecting to the address typed (or given on the command line)."""

    phase = "connecting"

    def __init__(self, steps: Steps, address: AddressScreen) -> None:
        super().__init__(steps)
        self.address = address

    @property
    def back_to(self) -> str:
        return "code" if self.match.mode == MODE_CODE_JOIN else "address"

    def try_again(self) -> None:
        net = self.match.net
        if net is not None and net.code:
            self.match.start_joining_by_code(net.code)
        else:
            self.address.accept(self.address.typed)

    def draw_body(self) -> None:
        net = self.match.net
        if net is not None and net.code:
            from ..net.room import shown_code

            text = t("net.code.connecting", code=shown_code(net.code), broker=net.host)
        else:
            text = t("net.connecting", address=net.address if net is not None else self.address.typed)
        self.draw_wait(net_block(QUESTION_ROW * ui.CELL, fit_lines(text)))


def fit_lines(text: str) -> list[str]:
    """``text`` wrapped to the screen; a word longer than a line (a broker's URL) is cut across lines."""
    return [line[start:start + WIDTH] for line in ui.wrap(text, WIDTH) for start in range(0, max(len(line), 1), WIDTH)]
