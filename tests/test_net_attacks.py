"""A client that knows the invite code, through a real mosquitto running the repository's
configuration (issue #49): a game that has started belongs to its two players.

The attacker is a paho-mqtt client with the code (the broker lets it into the room's lobby and
lets it write anywhere in the room).  Each test names the attack and the figure it must hold:
the host's or the caller's client id taken before and during the game, frames captured and
played back, a forged sender, a flood of knocks and of proofs from fresh ids, and a whole game
played while the attacker comes back every two seconds with every id it has seen.  Where an
attack needs what only the broker's operator sees (a player's inbox), the test hands it over.
"""

from __future__ import annotations

import random
import socket
import threading
import time

import pytest
from mosquitto import running_broker

from pyxel_app.net import room
from pyxel_app.net.mqtt_client import MqttSession
from pyxel_app.shell.netharness import BareTable
from pyxel_app.shell.netplay import HOST, JOIN, NetGame

from test_net_broker import RunningClock, paho, random_moves, wait
from test_net_table import converse, same_game
from test_netplay import LOOPBACK

broker = pytest.fixture(scope="module")(running_broker)
FLOOD_PER_SECOND = 30


@pytest.fixture
def clock():
    return RunningClock()


class Attacker:
    """A client with the code: it reads what the broker lets it (the lobby), keeps every topic and
    payload it sees, and connects, publishes and plays back as told."""

    def __init__(self, broker, code: str, client_id: str = "") -> None:
        self.module, self.version = paho()
        self.broker, self.code = broker, code
        self.got: list[tuple[str, bytes]] = []
        self.clients: list = []
        self.lock = threading.Lock()
        self.reader = self.connect(client_id or f"{code}-watch", [f"bypuzz/{code}/#", "#"])

    def connect(self, client_id: str, topics: list[str] = ()):
        client = self.module.Client(self.version, client_id=client_id, protocol=self.module.MQTTv311)
        client.username_pw_set(self.code)

        def keep(_client, _userdata, message) -> None:
            with self.lock:
                self.got.append((message.topic, message.payload))

        client.on_message = keep
        client.connect(LOOPBACK, self.broker.tcp_port)
        client.loop_start()
        wait(client.is_connected)
        for topic in topics:
            client.subscribe(topic)
        self.clients.append(client)
        return client

    def seen_ids(self) -> set[str]:
        """Every client id the attacker can name: the topics' last parts, and the ids the code gave once."""
        with self.lock:
            topics = {topic for topic, _ in self.got}
        return {topic.rpartition("/")[2] for topic in topics} | {f"{self.code}-host", f"{self.code}-JJJJJJJJJJ"}

    def take_every_id(self) -> None:
        """Connect once with every id seen (MQTT's take-over drops whoever held it), read, and play back."""
        with self.lock:
            heard = list(self.got)
        for client_id in sorted(self.seen_ids()):
            self.connect(client_id, [f"bypuzz/{self.code}/{client_id}"])
        sender = self.clients[-1]
        for topic, payload in heard[-40:]:
            sender.publish(topic, payload)
            sender.publish(topic, payload[:1] + b"XR7HJ4MEY-host\nMOVE 7 1\n")

    def stop(self) -> None:
        for client in self.clients:
            client.loop_stop()
            client.disconnect()


def pair(broker, clock, code: str) -> tuple[BareTable, BareTable]:
    ann, bob = BareTable("Ann"), BareTable("Bob")
    ann.net = NetGame(ann, HOST, broker.address, 0, 0, clock=clock, code=code)
    bob.net = NetGame(bob, JOIN, broker.address, 0, None, clock=clock, code=code)
    assert ann.net.open() and bob.net.open()
    return ann, bob


def cut(table: BareTable) -> None:
    table.net.link.stream.session.stream.sock.shutdown(socket.SHUT_RDWR)


def pipe_of(table: BareTable):
    return table.net.link.stream.pipe


def rooms_of(*tables):
    return [table.net.link.stream.pipe.room for table in tables]


def attacked(broker, clock, before=None):
    """Two tables by code with an attacker in the room from the start (``before`` done first)."""
    code = room.new_code()
    attacker = Attacker(broker, code)
    if before is not None:
        before(attacker)
    ann, bob = pair(broker, clock, code)
    return attacker, (ann, bob)


def test_the_hosts_old_ids_taken_before_the_game_change_nothing_and_a_host_knocked_off_comes_back(broker, clock):
    """Figure: the host whose lobby connection broke before the game is back by itself (one
    reconnect) and the joiner gets in at its first try; the ids a code gives are nobody's."""
    code = room.new_code()
    attacker = Attacker(broker, code, client_id=f"{code}-host")  # the id the code gave the host once
    ann = BareTable("Ann")
    ann.net = NetGame(ann, HOST, broker.address, 0, 0, clock=clock, code=code)
    try:
        assert ann.net.open()
        converse([ann], lambda: ann.net.waiter.waiting.ready)
        first_id = ann.net.waiter.lobby.client_id
        ann.net.waiter.lobby.stream.sock.shutdown(socket.SHUT_RDWR)  # knocked off
        converse([ann], lambda: ann.net.waiter.reconnects == 1 and ann.net.waiter.waiting.ready)
        assert ann.net.stage == "listening" and ann.net.waiter.lobby.client_id != first_id
        attacker.take_every_id()
        bob = BareTable("Bob")
        bob.net = NetGame(bob, JOIN, broker.address, 0, None, clock=clock, code=code)
        assert bob.net.open()
        converse([ann, bob], lambda: ann.net.playing and bob.net.playing)
        assert bob.sounds.count("refused") == 0 and ann.net.waiter is None
    finally:
        attacker.stop()
        ann.net.close()


def test_a_resuming_host_knocked_off_comes_back_by_itself_and_the_game_resumes(broker, clock):
    """Figure: a host waiting with the room key whose connection breaks is back under the same
    key-named id by itself (one reconnect), and the joiner's resume gets in at its first try."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        converse(tables, lambda: len(ann.moves()) >= 3, random_moves(tables, random.Random(9), 3))
        cut(bob)
        converse(tables, lambda: ann.net.stage == bob.net.stage == "lost")
        ann.answer(yes=True)
        waiter = ann.net.waiter
        converse([ann], lambda: waiter.waiting.ready)
        assert waiter.lobby is None and waiter.key
        waiter.waiting.stream.sock.shutdown(socket.SHUT_RDWR)
        converse([ann], lambda: waiter.reconnects == 1 and waiter.waiting.ready)
        assert ann.net.stage == "listening" and ann.net.waiter is waiter
        bob.answer(yes=True)
        converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob))
        assert bob.sounds.count("refused") == 1  # the drop's; the resume went through at once
    finally:
        attacker.stop()
        ann.net.close()
        bob.net.close()


def test_every_id_a_code_holder_sees_taken_during_the_game_changes_nothing(broker, clock):
    """Figure: the game goes on to its end, the same on both sides, and the attacker never reads a
    line of it (no DATA frame, nothing but the lobby)."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        converse(tables, lambda: len(ann.moves()) >= 4, random_moves(tables, random.Random(1), 4))
        attacker.take_every_id()
        converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), random_moves(tables, random.Random(2)))
        assert ann.net.stage == bob.net.stage == "playing"
    finally:
        attacker.stop()
        ann.net.close()
        bob.net.close()
    assert {topic for topic, _ in attacker.got} == {f"bypuzz/{ann.net.code}/lobby"}
    assert not any(payload.startswith(room.DATA) for _, payload in attacker.got if len(payload) > 21)


def test_the_players_ids_taken_by_the_operator_cut_the_link_but_the_game_resumes(broker, clock):
    """Who knows a player's id (the broker's operator) may cut its connection, never play in its
    name: figure, after the caller's id and then the host's are taken, the game resumes each time
    and ends the same on both sides."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        for victim in (bob, ann):
            converse(tables, lambda: same_game(ann, bob) and ann.net.playing, random_moves(tables, random.Random(3), 6))
            thief = attacker.connect(pipe_of(victim).own_id)
            thief.publish(pipe_of(victim).peer_inbox, b"D\x00\x00\x00\x09" + bytes(16) + b"MOVE 7 1\n")
            converse(tables, lambda: ann.net.stage == bob.net.stage == "lost")
            for table in tables:
                table.answer(yes=True)  # "Connection lost. Reconnect?"
            converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob))
        converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), random_moves(tables, random.Random(4)))
    finally:
        attacker.stop()
        ann.net.close()
        bob.net.close()


def test_frames_captured_and_played_back_are_dropped_in_that_link_and_the_next(broker, clock):
    """Figure: every frame played back is dropped and counted (replayed in its own link, forged in
    the next one), and neither side's game changes."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    sent: list[bytes] = []
    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        pipe = pipe_of(ann)
        publish = pipe.session.publish
        pipe.session.publish = lambda topic, payload: (sent.append(payload), publish(topic, payload))[1]
        converse(tables, lambda: len(ann.moves()) >= 6, random_moves(tables, random.Random(5), 6))
        before = (ann.moves(), bob.moves())
        captured = [payload for payload in sent if payload[:1] == room.DATA]
        assert len(captured) >= 3
        inbox = pipe.peer_inbox  # the caller's inbox: the operator's knowledge
        for payload in captured:
            attacker.clients[0].publish(inbox, payload)
        joiner_room = rooms_of(bob)[0]
        converse(tables, lambda: joiner_room.dropped["replayed"] == len(captured))
        converse(tables, lambda: same_game(ann, bob))
        assert (ann.moves(), bob.moves()) == before and bob.net.playing
        cut(bob)
        converse(tables, lambda: ann.net.stage == bob.net.stage == "lost")
        for table in tables:
            table.answer(yes=True)
        converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob))
        for payload in captured:
            attacker.clients[0].publish(inbox, payload)
        later = rooms_of(bob)[0]
        converse(tables, lambda: later.dropped["forged"] == len(captured))
        assert (ann.moves(), bob.moves()) == before and same_game(ann, bob)
    finally:
        attacker.stop()
        ann.net.close()
        bob.net.close()


def test_a_forged_sender_is_dropped_and_counted(broker, clock):
    """The old way's frames that name a sender, and sealed-looking frames with a wrong tag, sent
    where the attacker may write (the lobby) and where only the operator could (an inbox).
    Figure: all dropped and counted, no move played, no ERROR sent."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    code = ann.net.code
    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        ann.play("4")
        converse(tables, lambda: same_game(ann, bob))
        host_room, joiner_room = rooms_of(ann, bob)
        forged = [f"D{code}-host\nMOVE 2 3\n".encode(), b"D" + (2).to_bytes(4, "big") + bytes(16) + b"MOVE 2 3\n",
                  b"D" + (3).to_bytes(4, "big") + random.Random(6).randbytes(16) + b"MOVE 2 3\n", b"C" + bytes(20)]
        for payload in forged:
            attacker.clients[0].publish(f"bypuzz/{code}/lobby", payload)
            attacker.clients[0].publish(pipe_of(bob).peer_inbox, payload)
            attacker.clients[0].publish(pipe_of(ann).peer_inbox, payload)
        converse(tables, lambda: host_room.dropped["forged"] == joiner_room.dropped["forged"] == len(forged))
        assert host_room.dropped["lobby"] == len(forged)
        assert ann.moves() == bob.moves() == ["4"] and ann.net.playing and bob.net.playing
        assert not ann.said and not bob.said
    finally:
        attacker.stop()
        ann.net.close()
        bob.net.close()


class Flood:
    """``FLOOD_PER_SECOND`` knocks (or proofs) a second into a room's lobby, each from a fresh client id."""

    def __init__(self, broker, code: str, payload) -> None:
        self.broker, self.code, self.payload = broker, code, payload
        self.sessions: list[MqttSession] = []
        self.sent = 0
        self.started = time.monotonic()

    def poll(self) -> None:
        due = int((time.monotonic() - self.started) * FLOOD_PER_SECOND)
        while len(self.sessions) < due:
            self.sessions.append(MqttSession(room.connect_broker(self.broker.address, time.monotonic), room.random_id(),
                                             self.code, f"bypuzz/{self.code}/nothing"))
        for session in self.sessions:
            if not session.closed:
                session.poll()
                if session.ready:
                    session.publish(room.lobby(self.code), self.payload())
                    self.sent += 1
                    session.close()

    def stop(self) -> None:
        for session in self.sessions:
            session.close()


@pytest.mark.parametrize("kind", ["knocks", "proofs"])
def test_the_real_joiner_gets_in_at_its_first_try_during_a_flood_from_fresh_ids(broker, clock, kind):
    """Figure: with 30 knocks (or proofs that fail) a second from fresh ids for the whole test, the
    joiner gets in at its first try, so within its NO_HOST_SECONDS (6 s) of knocking; the host
    checked at most PROOFS_PER_SECOND proofs a second."""
    rng = random.Random(7)
    code = room.new_code()
    payload = (lambda: room.KNOCK) if kind == "knocks" else (lambda: room.PROOF + rng.randbytes(288))
    flood = Flood(broker, code, payload)
    ann = BareTable("Ann")
    ann.net = NetGame(ann, HOST, broker.address, 0, 0, clock=clock, code=code)
    assert ann.net.open()
    host = ann.net.waiter
    try:
        converse([ann], lambda: flood.sent >= FLOOD_PER_SECOND, each=flood.poll)  # a second of it first
        bob = BareTable("Bob")
        bob.net = NetGame(bob, JOIN, broker.address, 0, None, clock=clock, code=code)
        assert bob.net.open()
        started = time.monotonic()
        converse([ann, bob], lambda: (ann.net.playing and bob.net.playing) or bob.net.stage == "lost", each=flood.poll)
        assert bob.net.playing and bob.net.problem == "" and "refused" not in bob.sounds, bob.net.problem
        seconds = time.monotonic() - started
        assert flood.sent >= FLOOD_PER_SECOND * seconds * 0.5  # the flood kept up while the joiner came in
        if kind == "proofs":
            assert host.dropped["lobby"] + host.dropped["proofs"] > 0
        ann.net.close()
        bob.net.close()
    finally:
        flood.stop()


def test_a_whole_game_completes_while_a_code_holder_comes_back_every_two_seconds(broker, clock):
    """Figure: a game of more than ten seconds and a resume in it, both complete while the attacker
    takes every id it has seen, plays back what it read and knocks, every two seconds."""
    attacker, tables = attacked(broker, clock)
    ann, bob = tables
    rng = random.Random(8)
    last = {"attack": 0.0, "move": 0.0}
    knocker: list[room.RoomCaller] = []

    def each() -> None:
        now = time.monotonic()
        if now - last["attack"] >= 2.0:
            last["attack"] = now
            attacker.take_every_id()
            knocker.append(room.RoomCaller(broker.address, ann.net.code))
        for caller in knocker:
            caller.poll()
        if now - last["move"] >= 0.25:
            last["move"] = now
            random_moves(tables, rng)()

    try:
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        converse(tables, lambda: len(ann.moves()) >= 8, each)
        cut(ann)
        converse(tables, lambda: ann.net.stage == bob.net.stage == "lost", each)
        for table in tables:
            table.answer(yes=True)
        converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob), each)
        converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), each)
        assert len(knocker) >= 3 and all(caller.link is None for caller in knocker)
        assert ann.rules.outcome(ann.state) == bob.rules.outcome(bob.state) is not None
    finally:
        attacker.stop()
        for caller in knocker:
            caller.close()
        ann.net.close()
        bob.net.close()
