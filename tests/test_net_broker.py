"""Games by invite code through a real mosquitto running the repository's configuration (issue #44).

Two bare tables (``bench/nettables.py``: the conversation with nothing of the app) meet in a
room on the broker and play whole games; a drop on either side resumes; strangers with a wrong
code, guessed codes, no code or the right one read nothing of the game; a code nobody hosts, a
full room and a broker that cannot be reached say so.  The MQTT framing is checked byte for byte
against paho-mqtt and through the broker both ways, and malformed packets end a connection with
a word, never an exception.  Time for the keep-alive moves on the clock the test holds.
"""

from __future__ import annotations

import random
import socket
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mosquitto import running_broker

from pyxel_app.shell.netharness import BareTable
from pyxel_app.net import handshake as hs
from pyxel_app.net import mqtt, room
from pyxel_app.net.handshake import CALLER_SIDE, HOST_SIDE
from pyxel_app.net.mqtt import MqttError, PacketReader
from pyxel_app.net.mqtt_client import MqttSession
from pyxel_app.shell.netplay import HOST, JOIN, NetGame, open_room_factory
from pyxel_app.shell.strings import t

from missing import missing
from test_net_table import converse, same_game
from test_netplay import LOOPBACK, Clock

# Each group looks or sounds alike (in English or German): a code holds one of a group at most.
ALIKE = ["0ODQ", "1IL", "2Z", "5S", "8B", "6G", "UV", "BCDEGPTVZ", "BCDEGPTW", "AJK", "AHK", "MN", "FSX"]


broker = pytest.fixture(scope="module")(running_broker)


# ---- invite codes and room frames (pure) ----


def test_a_code_has_nine_characters_none_of_which_looks_or_sounds_like_another():
    assert not set("0O1IL") & set(room.ALPHABET) and len(set(room.ALPHABET)) == len(room.ALPHABET)
    for group in ALIKE:
        assert len(set(group) & set(room.ALPHABET)) <= 1, group
    rng = random.Random(1)
    codes = {room.new_code(rng) for _ in range(2000)}
    assert len(codes) == 2000 and all(len(code) == 9 and set(code) <= set(room.ALPHABET) for code in codes)
    assert set("".join(codes)) == set(room.ALPHABET)  # every symbol is used


@pytest.mark.parametrize("typed", ["XR7-HJ4-MEY", "xr7hj4mey", " xr7 hj4 mey ", "Xr7-hJ4-MeY", "XR7HJ4-MEY"])
def test_a_code_is_read_in_any_case_with_or_without_its_dashes(typed):
    assert room.normal_code(typed) == "XR7HJ4MEY" and room.shown_code("XR7HJ4MEY") == "XR7-HJ4-MEY"


@pytest.mark.parametrize("typed", ["", "XR7-HJ4-ME", "XR7-HJ4-MEYY", "XR7-HJ4-ME0", "XR7-HJ4-MEO", "XR7-HJ4-ME1",
                                   "XR7-HJ4-MEI", "XR7-HJ4-MEL", "XR7+HJ4+MEY", "ＸR7-HJ4-MEY", "XR7/HJ4/MEY",
                                   "XR7-HJ4-MEN"])
def test_what_is_no_code_is_refused(typed):
    with pytest.raises(room.CodeError):
        room.normal_code(typed)


KEY = bytes(range(32))


@pytest.mark.parametrize("change", ["kind", "number", "tag", "data", "cut short", "key", "direction"])
def test_a_numbered_frame_changed_anywhere_or_sealed_elsewhere_does_not_pass(change):
    sealed = room.numbered(KEY, HOST_SIDE, room.DATA, 7, b"MOVE 1 4\n")
    assert room.read_numbered(sealed, KEY, HOST_SIDE) == (room.DATA, 7, b"MOVE 1 4\n")
    key, side = KEY, HOST_SIDE
    if change == "kind":
        sealed = room.CLOSE + sealed[1:]
    elif change in ("number", "tag", "data"):
        at = {"number": 4, "tag": 10, "data": -2}[change]
        sealed = sealed[:at] + bytes([sealed[at] ^ 1]) + sealed[at + 1:]
    elif change == "cut short":
        sealed = sealed[:-1]
    elif change == "key":
        key = bytes(32)
    else:
        side = CALLER_SIDE  # the host's frame played back to it as the caller's
    assert room.read_numbered(sealed, key, side) is None


def test_the_two_players_work_out_one_key_and_ids_nobody_else_can_name():
    host, caller = hs.new_exponent(), hs.new_exponent()
    host_public, caller_public = hs.public_value(host), hs.public_value(caller)
    power = hs.Power(hs.read_public(host_public), caller)
    while not power.step():
        pass
    ours = hs.room_key("XR7HJ4MEY", power.value, caller_public, host_public)
    theirs = hs.room_key("XR7HJ4MEY", pow(hs.read_public(caller_public), host, hs.P), caller_public, host_public)
    third = hs.room_key("XR7HJ4MEY", pow(hs.read_public(host_public), hs.new_exponent(), hs.P), caller_public,
                        host_public)
    assert ours == theirs != third
    ids = [hs.client_id(ours, side) for side in (HOST_SIDE, CALLER_SIDE)]
    assert len(set(ids)) == 2 and all(len(each) == 23 and "XR7HJ4MEY" not in each for each in ids)


@pytest.mark.parametrize("text, expected", [
    ("broker.example.org", room.Broker("broker.example.org", 1883)),
    ("10.0.0.2:1999", room.Broker("10.0.0.2", 1999)),
    ("[::1]:1883", room.Broker("::1", 1883)),
    ("wss://example.org/mqtt", room.Broker(url="wss://example.org/mqtt")),
    ("ws://[::1]:8080/", room.Broker(url="ws://[::1]:8080/")),
])
def test_a_brokers_address_is_a_host_and_port_or_a_websocket_url(text, expected):
    assert room.parse_broker(text) == expected


@pytest.mark.parametrize("text", ["", "http://example.org/", "wss://", "wss:///mqtt", "bro ker", "host:99999",
                                  "wss://exa mple.org/"])
def test_what_is_no_brokers_address_is_refused(text):
    with pytest.raises(ValueError):
        room.parse_broker(text)


# ---- MQTT packets (pure): what comes from the broker is checked ----


def test_packets_come_whole_from_pieces_of_any_size():
    stream = (mqtt.encode_publish("a/b", b"x" * 300) + mqtt.PINGRESP + mqtt.packet(mqtt.CONNACK, b"\0\0")
              + mqtt.encode_publish("c", b""))
    for size in (1, 2, 3, 7, 64, len(stream)):
        reader = PacketReader()
        got = []
        for start in range(0, len(stream), size):
            got += reader.feed(stream[start:start + size])
        assert [p.kind for p in got] == [mqtt.PUBLISH, mqtt.PINGRESP_TYPE, mqtt.CONNACK, mqtt.PUBLISH]
        assert mqtt.parse_publish(got[0]) == mqtt.Publish("a/b", b"x" * 300)
        assert mqtt.parse_publish(got[3]) == mqtt.Publish("c", b"")


@pytest.mark.parametrize("data, why", [
    (b"\x30\xff\xff\xff\xff\x01", "longer than four bytes"),
    (b"\x30\x80\x80\x01", "at most"),  # 16 KiB: over the reader's limit, refused before it is read
    (b"\x00\x00", "none of MQTT's"),
    (b"\xf0\x00", "none of MQTT's"),
    (b"\xd1\x00", "flags"),
    (b"\x80\x00", "flags"),  # SUBSCRIBE carries flags 2
    (b"\x28\x02\x00\x00", "flags"),
])
def test_a_malformed_header_is_an_mqtt_error(data, why):
    with pytest.raises(MqttError, match=why):
        PacketReader(max_packet=4096).feed(data)


@pytest.mark.parametrize("data, parse, why", [
    (b"\x36\x04\x00\x01tx", mqtt.parse_publish, "QoS 3"),
    (b"\x32\x06\x00\x01t\x00\x01x", mqtt.parse_publish, "QoS 1"),
    (b"\x30\x03\x00\x05t", mqtt.parse_publish, "longer than its packet"),
    (b"\x30\x01\x00", mqtt.parse_publish, "cut short"),
    (b"\x30\x04\x00\x02\xff\xfe", mqtt.parse_publish, "not UTF-8"),
    (b"\x30\x04\x00\x02t\x00", mqtt.parse_publish, "null"),
    (b"\x30\x03\x00\x01#", mqtt.parse_publish, "no single topic"),
    (b"\x30\x02\x00\x00", mqtt.parse_publish, "no single topic"),
    (b"\x20\x03\x00\x00\x00", mqtt.parse_connack, "wrong shape"),
    (b"\x20\x02\x02\x00", mqtt.parse_connack, "wrong shape"),
    (b"\x90\x02\x00\x01", mqtt.parse_suback, "wrong shape"),
    (b"\x90\x03\x00\x01\x03", mqtt.parse_suback, "unknown return code"),
])
def test_a_malformed_body_is_an_mqtt_error(data, parse, why):
    (found,) = PacketReader().feed(data)
    with pytest.raises(MqttError, match=why):
        parse(found)


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(pieces=st.lists(st.binary(max_size=64), max_size=8))
def test_random_bytes_are_packets_or_an_mqtt_error_never_anything_else(pieces):
    reader = PacketReader(max_packet=4096)
    try:
        for piece in pieces:
            for found in reader.feed(piece):
                for parse in (mqtt.parse_publish, mqtt.parse_connack, mqtt.parse_suback):
                    try:
                        parse(found)
                    except MqttError:
                        pass
    except MqttError:
        pass


# ---- the framing beside paho-mqtt's ----


def paho():
    try:
        import paho.mqtt.client as client
        from paho.mqtt.enums import CallbackAPIVersion
    except ImportError:
        missing("the framing tests compare with paho-mqtt", 'pip install -e ".[test]" (paho-mqtt)')
    return client, CallbackAPIVersion.VERSION2


class FakeBroker:
    """A loopback server that records what a client sends and answers as a broker would, with
    bytes written here by hand from the standard (not with the code under test)."""

    def __init__(self) -> None:
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.received = bytearray()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conn, _ = self.server.accept()
        conn.settimeout(5)
        reader = PacketReader()
        answers = {mqtt.CONNECT: b"\x20\x02\x00\x00", mqtt.SUBSCRIBE: None, mqtt.PINGREQ_TYPE: b"\xd0\x00"}
        with conn:
            while True:
                try:
                    data = conn.recv(4096)
                except OSError:
                    return
                if not data:
                    return
                self.received += data
                for found in reader.feed(data):
                    if found.kind == mqtt.SUBSCRIBE:  # SUBACK with the packet id, QoS 0 granted
                        conn.sendall(b"\x90\x03" + found.body[:2] + b"\x00")
                    elif answers.get(found.kind):
                        conn.sendall(answers[found.kind])
                    elif found.kind == mqtt.DISCONNECT_TYPE:
                        return


def test_the_packets_a_game_sends_are_byte_for_byte_paho_mqtts():
    client_module, version = paho()
    fake = FakeBroker()
    client = client_module.Client(version, client_id="XR7HJ4MEY-host", protocol=client_module.MQTTv311,
                                  clean_session=True)
    client.username_pw_set("XR7HJ4MEY")
    client.will_set("bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", b"XXR7HJ4MEY-JJJJJJJJJJ\n", qos=0, retain=False)
    client.connect(LOOPBACK, fake.port, keepalive=30)
    client.loop_start()
    deadline = time.monotonic() + 5
    while not client.is_connected() and time.monotonic() < deadline:
        time.sleep(0.01)
    _, mid = client.subscribe("bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", qos=0)
    client.publish("bypuzz/XR7HJ4MEY/XR7HJ4MEY-JJJJJJJJJJ", b"DXR7HJ4MEY-host\nMOVE 1 4\n" + b"x" * 200, qos=0)
    time.sleep(0.2)
    client.disconnect()
    client.loop_stop()
    fake.thread.join(5)
    ours = (mqtt.encode_connect("XR7HJ4MEY-host", 30, "XR7HJ4MEY",
                                ("bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", b"XXR7HJ4MEY-JJJJJJJJJJ\n"))
            + mqtt.encode_subscribe(mid, "bypuzz/XR7HJ4MEY/XR7HJ4MEY-host")
            + mqtt.encode_publish("bypuzz/XR7HJ4MEY/XR7HJ4MEY-JJJJJJJJJJ", b"DXR7HJ4MEY-host\nMOVE 1 4\n" + b"x" * 200)
            + mqtt.DISCONNECT)
    assert bytes(fake.received) == ours


def test_a_game_client_and_paho_exchange_messages_through_the_broker(broker):
    client_module, version = paho()
    clock = Clock()
    from pyxel_app.net.room import connect_broker

    ours = MqttSession(connect_broker(broker.address, clock), "XR7HJ4MEY-host", "XR7HJ4MEY",
                       "bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", clock=clock)
    got: list[bytes] = []
    other = client_module.Client(version, client_id="XR7HJ4MEY-JJJJJJJJJJ", protocol=client_module.MQTTv311)
    other.username_pw_set("XR7HJ4MEY")
    other.on_message = lambda client, userdata, message: got.append(message.payload)
    other.connect(LOOPBACK, broker.tcp_port)
    other.subscribe("bypuzz/XR7HJ4MEY/XR7HJ4MEY-JJJJJJJJJJ")
    other.loop_start()
    try:
        received: list[bytes] = []
        wait(lambda: ours.poll() or ours.ready)
        # Sizes either side of the length's one- and two-byte forms, and every byte value.
        payloads = [b"", b"a", bytes(range(256)), b"y" * (127 - 37), b"z" * (128 - 37), b"w" * 600]
        for payload in payloads:
            other.publish("bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", payload)
            ours.publish("bypuzz/XR7HJ4MEY/XR7HJ4MEY-JJJJJJJJJJ", payload)
        wait(lambda: received.extend(m.payload for m in ours.poll()) or len(received) == len(got) == len(payloads))
        assert received == got == payloads
    finally:
        other.loop_stop()
        other.disconnect()
        ours.close()


def test_a_poll_hands_on_at_most_its_share_and_the_rest_waits_for_the_next(broker):
    """200 messages come at once: each poll hands on MESSAGES_PER_POLL at most, all arrive in order."""
    from pyxel_app.net.mqtt_client import MESSAGES_PER_POLL

    client_module, version = paho()
    ours = MqttSession(room.connect_broker(broker.address, time.monotonic), room.random_id(), "XR7HJ4MEY",
                       "bypuzz/XR7HJ4MEY/lobby")
    other = client_module.Client(version, client_id=room.random_id(), protocol=client_module.MQTTv311)
    other.username_pw_set("XR7HJ4MEY")
    other.connect(LOOPBACK, broker.tcp_port)
    other.loop_start()
    try:
        wait(lambda: ours.poll() or ours.ready)
        for number in range(200):
            other.publish("bypuzz/XR7HJ4MEY/lobby", b"%d" % number)
        time.sleep(0.5)  # all of them at the broker and in the socket before the next poll
        got, sizes = [], []
        wait(lambda: sizes.append(len(batch := ours.poll())) or got.extend(m.payload for m in batch) or len(got) == 200)
        assert got == [b"%d" % number for number in range(200)]
        assert max(sizes) == MESSAGES_PER_POLL and len([size for size in sizes if size]) >= 200 // MESSAGES_PER_POLL
    finally:
        other.loop_stop()
        other.disconnect()
        ours.close()


def wait(until, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "not done in time"
        time.sleep(0.002)


# ---- two tables meet by code ----


def pair(broker, clock: Clock, code: str | None = None) -> tuple[BareTable, BareTable]:
    code = code or room.new_code()
    ann, bob = BareTable("Ann"), BareTable("Bob")
    ann.net = NetGame(ann, HOST, broker.address, 0, 0, clock=clock, code=code)
    bob.net = NetGame(bob, JOIN, broker.address, 0, None, clock=clock, code=code)
    assert ann.net.open() and bob.net.open()
    return ann, bob


class RunningClock(Clock):
    """The tests' clock, running with the machine's too: a knock sent before the host's
    subscription took hold at the broker is knocked again as in play (a frozen clock never knocks
    again: seen on a busy machine); a test still jumps it (past a keep-alive, a silence)."""

    def __init__(self) -> None:
        super().__init__()
        self.started = time.monotonic()

    def __call__(self) -> float:
        return self.now + time.monotonic() - self.started


@pytest.fixture
def clock():
    return RunningClock()


@pytest.fixture
def tables(broker, clock):
    ann, bob = pair(broker, clock)
    yield ann, bob
    ann.net.close()
    bob.net.close()


def random_moves(tables, rng, upto: int = 10**6):
    ann, bob = tables

    def each() -> None:
        for table in tables:
            if table.my_turn() and same_game(ann, bob) and len(table.moves()) < upto:
                table.play(table.rules.move_to_text(rng.choice(table.rules.legal_moves(table.state))))

    return each


def test_two_tables_play_a_whole_game_by_invite_code_and_agree_on_an_undo(tables):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    assert (ann.net.local, bob.net.local) == (0, 1) and ann.names == bob.names == ["Ann", "Bob"]
    assert ann.net.address == bob.net.address and "@127.0.0.1:" in ann.net.address
    ann.play("4")
    converse(tables, lambda: same_game(ann, bob))
    bob.play("3")
    converse(tables, lambda: same_game(ann, bob))
    bob.net.ask_undo()
    converse(tables, lambda: ann.questions)
    ann.answer(yes=True)
    converse(tables, lambda: ann.moves() == bob.moves() == ["4"])
    converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), random_moves(tables, random.Random(2)))
    assert ann.rules.outcome(ann.state) == bob.rules.outcome(bob.state) is not None


def cut(table: BareTable) -> None:
    """The connection to the broker breaks without a word (a cable pulled): the socket is shut."""
    table.net.link.stream.session.stream.sock.shutdown(socket.SHUT_RDWR)


def test_the_joiner_dropping_is_noticed_at_once_and_the_game_resumes(tables, clock):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    converse(tables, lambda: len(ann.moves()) >= 5, random_moves(tables, random.Random(3), 5))
    cut(bob)
    converse(tables, lambda: ann.net.stage == bob.net.stage == "lost")
    assert ann.net.problem == "cut"  # the broker published the joiner's will: no wait for a timeout
    for table in tables:
        table.questions.pop(0).on_yes()  # "Connection lost. Reconnect?" - yes
    converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob))
    converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), random_moves(tables, random.Random(4)))


def test_the_host_dropping_is_noticed_by_the_keep_alive_and_the_game_resumes(tables, clock):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    converse(tables, lambda: len(ann.moves()) >= 4, random_moves(tables, random.Random(5), 4))
    mover = ann if ann.my_turn() else bob
    cut(ann)
    mover.play(mover.rules.move_to_text(mover.rules.legal_moves(mover.state)[0]))  # the other side misses it
    clock.now += 13  # past the link's keep-alive
    converse(tables, lambda: ann.net.stage == bob.net.stage == "lost")
    for table in tables:
        table.questions.pop(0).on_yes()
    converse(tables, lambda: ann.net.playing and bob.net.playing and same_game(ann, bob))
    assert len(ann.moves()) == 5


class Watcher:
    """A stranger's MQTT client (paho) subscribed to whatever it likes; it keeps all it reads."""

    def __init__(self, broker, client_id: str, username: str | None, topics: list[str]) -> None:
        client_module, version = paho()
        self.got: list[tuple[str, bytes]] = []
        self.client = client_module.Client(version, client_id=client_id, protocol=client_module.MQTTv311)
        if username is not None:
            self.client.username_pw_set(username)
        self.client.on_message = lambda client, userdata, message: self.got.append((message.topic, message.payload))
        self.subscribed = threading.Event()
        self.acks = 0

        def on_subscribe(*args) -> None:
            self.acks += 1
            if self.acks == len(topics):
                self.subscribed.set()

        self.client.on_subscribe = on_subscribe
        self.client.connect(LOOPBACK, broker.tcp_port)
        self.client.loop_start()
        for topic in topics:
            self.client.subscribe(topic)

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def test_strangers_with_a_wrong_guessed_or_no_code_read_nothing_and_a_third_with_it_is_told_full(tables, broker):
    ann, bob = tables
    code = ann.net.code
    rng = random.Random(6)
    guessed = [room.new_code(rng) for _ in range(5)]
    wrong = code[:-1] + next(ch for ch in room.ALPHABET if ch != code[-1])  # one letter off
    everything = ["#", "bypuzz/#", f"bypuzz/{code}/#", f"bypuzz/{code}/+", f"bypuzz/{code}/lobby"]
    watchers = [Watcher(broker, f"{name}-watch", name, everything + [f"bypuzz/{name}/#"])
                for name in [wrong, *guessed]]
    watchers.append(Watcher(broker, "anonymous-watch", None, everything))
    watchers.append(Watcher(broker, f"{code}-JJJJJJJJJJ", code, everything))  # the right code: the lobby
    try:
        for watcher in watchers:
            assert watcher.subscribed.wait(5)
        converse(tables, lambda: ann.net.playing and bob.net.playing)
        third = BareTable("Eve")
        third.net = NetGame(third, JOIN, broker.address, 0, None, clock=ann.net.clock, code=code)
        assert third.net.open()
        converse([ann, bob, third], lambda: third.net.stage == "lost")
        assert third.net.problem == "full" and not third.has_game
        converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), random_moves(tables, rng))
        assert len(ann.moves()) >= 7
    finally:
        for watcher in watchers:
            watcher.stop()
    *strangers, holder = watchers
    assert [watcher.got for watcher in strangers] == [[]] * len(strangers)
    # The code's holder read the lobby only: knocks, public values, proofs, "full"; never a line of the game.
    assert holder.got and {topic for topic, _ in holder.got} == {f"bypuzz/{code}/lobby"}
    assert {payload[:1] for _, payload in holder.got} == {b"K", b"H", b"P", b"F"}


def test_the_strangers_check_finds_a_planted_acl_that_lets_a_room_be_read(tmp_path, clock):
    from pyxel_app.net.local_broker import ACL, LocalBroker

    looser = tmp_path / "looser.acl"
    looser.write_text(ACL.read_text(encoding="utf-8").replace("pattern read bypuzz/%u/%c", "pattern read bypuzz/%u/#"))
    planted = LocalBroker(tmp_path, acl=looser)
    try:
        ann, bob = pair(planted, clock)
        watcher = Watcher(planted, f"{ann.net.code}-MMMMMMMMMM", ann.net.code, [f"bypuzz/{ann.net.code}/#"])
        assert watcher.subscribed.wait(5)
        converse([ann, bob], lambda: ann.net.playing and bob.net.playing and watcher.got)
        watcher.stop()
        assert any(payload.startswith(b"D") for _, payload in watcher.got)  # the game's lines, read by a third
        ann.net.close()
        bob.net.close()
    finally:
        planted.stop()


def test_a_code_nobody_hosts_says_so(broker, clock):
    lonely = BareTable("Bob")
    lonely.net = NetGame(lonely, JOIN, broker.address, 0, None, clock=clock, code=room.new_code())
    assert lonely.net.open()
    converse([lonely], lambda: lonely.net.link is None and lonely.net.waiter.waiting.ready)
    converse([lonely], lambda: lonely.net.stage == "lost", each=lambda: setattr(clock, "now", clock.now + 0.25))
    assert lonely.net.problem == "no_host"


@pytest.mark.parametrize("address, problem", [
    ("{free}", "broker_down"),  # nothing listens there
    ("no-such-broker.invalid", "broker_unknown"),
    ("wss://broker.example.org/mqtt", "broker_kind"),  # the desktop speaks TCP to a broker
    ("not an address", "broker_address"),
])
def test_a_broker_that_cannot_be_reached_says_so(clock, address, problem):
    free = socket.create_server((LOOPBACK, 0))
    address = address.format(free=f"{LOOPBACK}:{free.getsockname()[1]}")
    free.close()
    for role in (HOST, JOIN):
        table = BareTable("Ann")
        table.net = NetGame(table, role, address, 0, 0 if role == HOST else None, clock=clock, code=room.new_code())
        table.net.open()
        converse([table], lambda: table.net.stage == "lost")
        assert table.net.problem == problem
        assert t(f"net.why.{problem}") != f"net.why.{problem}"


def test_the_broker_cuts_off_an_oversize_message_and_a_retained_one(broker, tables):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    client_module, version = paho()
    for payload, retain in ((b"x" * 2000, False), (b"y", True)):
        sender = client_module.Client(version, client_id=f"{ann.net.code}-MMMMMMMMMM", protocol=client_module.MQTTv311)
        sender.username_pw_set(ann.net.code)
        sender.connect(LOOPBACK, broker.tcp_port)
        sender.loop_start()
        wait(sender.is_connected)
        sender.publish(f"bypuzz/{ann.net.code}/lobby", payload, retain=retain)
        wait(lambda: not sender.is_connected())  # the broker hung up on it
        sender.loop_stop()
    ann.play("4")
    converse(tables, lambda: same_game(ann, bob))  # the game never heard of it
    assert ann.net.playing and bob.net.playing


def test_the_room_factory_opens_a_host_or_a_caller(broker, clock):
    opened = [open_room_factory("XR7HJ4MEY", clock=clock)(role, broker.address, 0) for role in (HOST, JOIN)]
    assert [type(end).__name__ for end in opened] == ["RoomHost", "RoomCaller"]
    for end in opened:
        end.close()


# ---- a crowd ----


def test_a_crowd_of_rooms_with_strangers_and_slow_clients_all_complete_and_stay_apart(broker):
    """The issue's load: a thousand rooms at once through one broker (about 2,100 sockets in this
    process), 20 strangers of each kind beside them."""
    import resource

    from pyxel_app.shell.netharness import crowd

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard == resource.RLIM_INFINITY or hard >= 2500, f"raise the hard limit of open files (ulimit -Hn {hard})"
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    try:
        result = crowd(broker.address, rooms=1000, seed=3, strangers=20)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert result.problems == [] and result.completed == 1000 and result.moves >= 1000 * 7
    assert result.cross_room == result.strangers_read == 0
    assert result.strangers_cut == 40 and result.guesses_unanswered == 20


# ---- a broker that misbehaves ----


class ScriptedBroker:
    """A loopback server that answers a client's first packet with ``reply`` (nothing: silence)."""

    def __init__(self, reply: bytes) -> None:
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.reply = reply
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conn, _ = self.server.accept()
        with conn:
            conn.settimeout(5)
            try:
                conn.recv(4096)
                if self.reply:
                    conn.sendall(self.reply)
                conn.recv(4096)  # until the client hangs up
            except OSError:
                pass
        self.server.close()


@pytest.mark.parametrize("reply, problem, detail", [
    (b"\x20\x02\x00\x05", "broker_refused", "5"),  # CONNACK: not authorised
    (b"\x20\x03\x00\x00\x00", "broker_garbage", "a CONNACK of the wrong shape"),
    (b"\x30\x03\x00\x01t", "broker_garbage", "packet type 3 out of turn"),  # a PUBLISH before CONNACK
    (b"\x20\x02\x00\x00\x90\x03\x00\x01\x80", "broker_refused", "128"),  # the subscription refused
    (b"\x20\x02\x00\x00\x90\x03\x00\x01\x00\x30\xff\xff\xff\xff\x01", "broker_garbage", "longer than four bytes"),
    (b"\x20\x02\x00\x00\x90\x03\x00\x01\x00\x30\xff\x7f", "broker_garbage", "at most"),  # a 16 KiB packet announced
    (b"", "broker_silent", "10"),
])
def test_a_broker_that_refuses_or_sends_what_is_no_mqtt_ends_the_session_with_a_word(clock, reply, problem, detail):
    from pyxel_app.net.room import connect_broker

    fake = ScriptedBroker(reply)
    session = MqttSession(connect_broker(f"{LOOPBACK}:{fake.port}", clock), "XR7HJ4MEY-host", "XR7HJ4MEY",
                          "bypuzz/XR7HJ4MEY/XR7HJ4MEY-host", clock=clock)
    deadline = time.monotonic() + 5
    while not session.closed and time.monotonic() < deadline:
        assert session.poll() == []
        if not reply:
            clock.now += 1
        time.sleep(0.002)
    assert session.problem == problem
    assert detail in session.detail if problem == "broker_garbage" else session.detail == detail
    fake.thread.join(5)
