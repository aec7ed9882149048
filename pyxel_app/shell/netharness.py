"""Network play driven without the app: a desktop tool for the tests and the bench, like ``harness.py``.

A :class:`BareTable` is the table (``shell/nettable.py``) kept in lists, with Connect 4's rules
and no match, no pyxel: the tests of the conversation sit two of them at one game, and the
broker bench sits thousands.
"""

from __future__ import annotations

import random
import socket
import time
from dataclasses import dataclass, field

from ..games import find
from ..rules.base import RulesError
from .netplay import HOST, NetGame
from .nettable import SOUNDS


def count_replies(link, replies: dict[str, int]) -> None:
    """Count, by verb, what the link reads (its PONGs are swallowed before the match layer sees them)."""
    feed = link.decoder.feed

    def counting(data, limit=None):
        commands = feed(data, limit)
        for command in commands:
            replies[command.verb] = replies.get(command.verb, 0) + 1
        return commands

    link.decoder.feed = counting


class Question:
    def __init__(self, text, on_yes, on_no) -> None:
        self.text, self.on_yes, self.on_no = text, on_yes, on_no


class BareTable:
    """Connect 4 with nothing but its rules: the table the conversation needs, kept in lists."""

    def __init__(self, name: str) -> None:
        self.key = "connect4"
        self.rules = find("connect4").rules
        self.chosen = self.rules.variants[0]
        self.names = [name, ""]
        self.states: list | None = None
        self.texts: list[str] = []
        self.agreed: tuple[int | None, str] | None = None
        self.net: NetGame | None = None
        self.said: list[str] = []
        self.questions: list[Question] = []
        self.sounds: list[str] = []
        self.saves = 0
        self.offered = False  # a host's answer at set-up: the evaluation in this game
        self.agreement = False  # the game's: both greetings agreed to it

    @property
    def variant(self) -> str:
        return self.rules.variant_of(self.states[0]) if self.has_game else self.chosen

    @property
    def has_game(self) -> bool:
        return self.states is not None

    @property
    def state(self):
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.agreed is not None or self.rules.is_terminal(self.state)

    def moves(self) -> list[str]:
        return list(self.texts)

    def positions(self) -> list:
        return list(self.states)

    def typed_name(self, seat: int) -> str:
        return self.names[seat]

    def player_name(self, seat: int) -> str:
        return self.names[seat] or f"Player {seat + 1}"

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    @property
    def evaluation(self) -> bool:
        if self.has_game:
            return self.agreement
        return self.offered if self.net.role == HOST else True

    def agree_evaluation(self, agreed: bool) -> None:
        self.agreement = agreed

    def start_game(self, variant: str, local: int, own_name: str, peer_name: str, address: str) -> None:
        self.agreement = self.evaluation
        self.names[local], self.names[1 - local] = own_name, peer_name
        self.states, self.texts, self.agreed = [self.rules.initial_state(variant)], [], None

    def play(self, text: str) -> bool:
        if self.over:
            return False
        mover = self.rules.to_move(self.state)
        try:
            self.states.append(self.rules.apply(self.state, self.rules.move_from_text(self.state, text)))
        except RulesError:
            return False
        self.texts.append(text)
        self.net.moved(mover, text)
        return True

    def take_back_to(self, count: int) -> None:
        del self.states[count + 1:], self.texts[count:]

    def end_by_agreement(self, winner: int | None, reason: str) -> None:
        self.agreed = (winner, reason)

    def autosave(self) -> None:
        self.saves += 1

    def flash(self, text: str) -> None:
        self.said.append(text)

    note = show_message = flash

    def ask(self, text, on_yes, on_no=None, default=False) -> Question:
        self.questions.append(Question(text, on_yes, on_no))
        return self.questions[-1]

    def question_open(self, question) -> bool:
        return any(question is asked for asked in self.questions)

    def withdraw(self, question) -> None:
        self.questions = [asked for asked in self.questions if asked is not question]

    def sound(self, name: str) -> None:
        if name not in SOUNDS:
            raise ValueError(f"no sound {name!r} at the table")
        self.sounds.append(name)

    # What a frame does: the conversation, then the other side's move when it is its turn.

    def update(self) -> None:
        self.net.poll()
        if self.has_game and not self.over and self.rules.to_move(self.state) == self.net.remote:
            text = self.net.seat.step(0)
            if text is not None:
                self.play(text)

    def answer(self, yes: bool) -> None:
        question = self.questions.pop(0)
        (question.on_yes if yes else question.on_no)()

    def my_turn(self) -> bool:
        return self.net.playing and not self.over and self.rules.to_move(self.state) == self.net.local


# ---- a crowd on one broker ----


@dataclass
class Crowd:
    """What became of ``rooms`` games played at once on one broker, and of the strangers beside them."""

    rooms: int
    completed: int = 0  # games both sides saw end, with the same moves
    moves: int = 0
    rounds: int = 0  # frames of every table
    seconds: float = 0.0
    cross_room: int = 0  # frames a room's client had from another room's (the ACL lets none through)
    strangers_read: int = 0  # messages the strangers' clients read (they may read none)
    strangers_cut: int = 0  # strangers the broker hung up on (garbage, oversize messages)
    guesses_unanswered: int = 0  # knocks with guessed codes that found nobody
    problems: list[str] = field(default_factory=list)  # a game that broke off, and why


def crowd(broker: str, rooms: int, seed: int = 1, slow_every: int = 5, slow_frames: int = 8, strangers: int = 20,
          max_seconds: float = 600.0) -> Crowd:
    """``rooms`` Connect 4 games by invite code at once on the broker at ``broker`` (host:port),
    each side playing a random move on its turn.  Every ``slow_every``-th room's joiner reads
    only every ``slow_frames`` frames (a slow client).  Beside them, ``strangers`` of each kind:
    clients that send bytes that are no MQTT, clients with a room's code that send garbage
    frames and oversize messages to its host, and clients with guessed codes that subscribe to
    every topic they may name and knock."""
    from ..net import room

    rng = random.Random(seed)
    result = Crowd(rooms)
    codes: list[str] = []
    while len(codes) < rooms:
        code = room.new_code(rng)
        if code not in codes:
            codes.append(code)
    pairs = []
    for number, code in enumerate(codes):
        host, join = BareTable(f"H{number}"), BareTable(f"J{number}")
        host.net = NetGame(host, "host", broker, 0, 0, code=code)
        join.net = NetGame(join, "join", broker, 0, None, code=code)
        host.net.open()
        join.net.open()
        pairs.append((host, join))
    strays = Strangers(broker, codes, strangers, rng)
    started = time.monotonic()
    done: set[int] = set()
    while len(done) < rooms and time.monotonic() - started < max_seconds:
        result.rounds += 1
        strays.poll()
        for number, (host, join) in enumerate(pairs):
            if number in done:
                continue
            slow = number % slow_every == 0 and result.rounds % slow_frames
            for table in (host,) if slow else (host, join):
                table.update()
                if table.my_turn() and table.moves() == (join if table is host else host).moves():
                    table.play(table.rules.move_to_text(rng.choice(table.rules.legal_moves(table.state))))
            if host.has_game and join.has_game and host.over and join.over and host.moves() == join.moves():
                done.add(number)
                result.completed += 1
                result.moves += len(host.moves())
            elif host.net.stage in ("lost", "failed") or join.net.stage in ("lost", "failed"):
                done.add(number)
                result.problems.append(f"room {number}: {host.net.problem or '-'} / {join.net.problem or '-'}")
    result.seconds = time.monotonic() - started
    for host, join in pairs:
        for table in (host, join):
            ends = [table.net.waiter, table.net.link.stream.room if table.net.link is not None else None]
            result.cross_room += sum(end.cross_room for end in ends if hasattr(end, "cross_room"))
            table.net.close()
    strays.finish(result)
    return result


class Strangers:
    """The clients of a crowd that are no player: see ``crowd``."""

    def __init__(self, broker: str, codes: list[str], count: int, rng: random.Random) -> None:
        from ..net import mqtt, room
        from ..net.mqtt_client import MqttSession

        host, _, port = broker.rpartition(":")
        self.rng, self.mqtt, self.room = rng, mqtt, room
        self.raw = [socket.create_connection((host, int(port))) for _ in range(count)]
        for sock in self.raw:
            sock.setblocking(False)
        guessed = [room.new_code(rng) for _ in range(count)]
        self.watchers = [MqttSession(room.connect_broker(broker, time.monotonic), f"{code}-watch", code, topic)
                         for code, topic in zip(guessed, ("#", "bypuzz/#") * count)]
        self.knockers = [room.RoomCaller(broker, code) for code in guessed]
        targets = [rng.choice(codes) for _ in range(count)]
        self.senders = [(MqttSession(room.connect_broker(broker, time.monotonic), f"{code}-{'E' * room.CALLER_TAG}",
                                     code, room.inbox(code, f"{code}-{'E' * room.CALLER_TAG}")), code)
                        for code in targets]
        self.read = 0

    def poll(self) -> None:
        for sock in self.raw:
            try:
                sock.send(self.rng.randbytes(64))
            except OSError:
                pass
        for watcher in self.watchers:
            self.read += len(watcher.poll())
        for knocker in self.knockers:
            knocker.poll()
        for session, code in self.senders:
            session.poll()
            host_inbox = self.room.inbox(code, self.room.host_id(code))
            garbage = self.rng.choice([self.rng.randbytes(40), b"D" + self.rng.randbytes(30),
                                       self.room.frame(b"D", f"{code}-{'J' * self.room.CALLER_TAG}", b"MOVE 1 4\n"),
                                       self.room.frame(b"K", f"{code}-host"), b"x" * 2000])
            session.publish(host_inbox, garbage)

    def finish(self, result: Crowd) -> None:
        from ..net.room import NO_HOST_SECONDS

        deadline = time.monotonic() + NO_HOST_SECONDS + 2
        while time.monotonic() < deadline and not all(knocker.closed for knocker in self.knockers):
            self.poll()
            time.sleep(0.01)
        result.strangers_read = self.read
        result.strangers_cut = sum(session.closed for session, _ in self.senders)
        result.strangers_cut += sum(self.cut_off(sock) for sock in self.raw)
        result.guesses_unanswered = sum(knocker.problem == "no_host" for knocker in self.knockers)
        for session in self.watchers + [session for session, _ in self.senders]:
            session.close()
        for knocker in self.knockers:
            knocker.close()

    @staticmethod
    def cut_off(sock: socket.socket) -> bool:
        try:
            cut = sock.recv(1) == b""
        except BlockingIOError:
            cut = False
        except OSError:
            cut = True
        sock.close()
        return cut
