"""A flood from the other side is handled a bounded amount a frame, and the game plays on: any
number of PINGs is answered by one PONG a frame, a frame handles ``LINES_PER_POLL`` lines at most
and says what it says in one write (one broker message by code), a flood of refused lines gets
``REFUSALS_PER_POLL`` ERRORs a frame, garbage ends the link.  Counted here, never timed (the
frames' CPU is ``python -m pyxel_app bench``'s: ``bench/flood.py``)."""

from __future__ import annotations

import random
import time

import pytest
from mosquitto import running_broker
from test_netplay import connect_pair, frames, net_app, play_random, same_game, settled

from pyxel_app.net.lines import LINES_PER_POLL, READ_LIMIT, LineLink
from pyxel_app.net.protocol import Command
from pyxel_app.net.stream import Stream
from pyxel_app.shell.netharness import count_replies
from pyxel_app.shell.netlink import REFUSALS_PER_POLL
from pyxel_app.shell.setup import MODE_CODE_HOST, MODE_CODE_JOIN

broker = pytest.fixture(scope="module")(running_broker)


class MessageStream(Stream):
    """A way like a room on a broker: each send is one message; what comes waits in ``incoming``."""

    def __init__(self) -> None:
        super().__init__()
        self.incoming = bytearray()
        self.messages: list[bytes] = []

    def send_some(self, data: bytes) -> int:
        self.messages.append(data)
        return len(data)

    def receive_some(self, limit: int) -> bytes | None:
        data = bytes(self.incoming[:limit])
        del self.incoming[:limit]
        return data or None

    def release(self, last: bytes) -> None:
        if last:
            self.messages.append(last)


def test_a_ping_flood_is_read_a_bounded_number_of_lines_a_poll_and_answered_once_a_poll():
    stream = MessageStream()
    link = LineLink(stream, clock=lambda: 0.0)
    stream.incoming += b"PING\n" * (16 * 1024 // 5) + b"MOVE 1 4\n"
    polls, came = 0, []
    while not came:
        came = link.poll()
        link.flush()
        polls += 1
        assert link.decoder.waiting <= READ_LIMIT and not link.closed
    assert [command.verb for command in came] == ["MOVE"]  # the line after the flood still comes, in order
    assert polls >= 16 * 1024 // 5 // LINES_PER_POLL  # never more than LINES_PER_POLL lines in one poll
    assert stream.messages == [b"PONG\n"] * polls  # one message a poll, one PONG in it


def test_what_a_poll_says_goes_out_in_one_write():
    stream = MessageStream()
    link = LineLink(stream, clock=lambda: 0.0)
    link.poll()
    for n in range(5):
        link.send(Command("ERROR", None, f"move: {n}"))
    assert stream.messages == []
    link.flush()
    assert len(stream.messages) == 1 and stream.messages[0].count(b"\n") == 5


def pair_by_code(make_app, broker_address: str):
    host_app, host = net_app(make_app, "connect4", seed=1)
    join_app, join = net_app(make_app, "connect4", seed=2)
    host.net_options["broker"] = broker_address
    host.start_network(MODE_CODE_HOST, broker_address, 0, "Ann")
    join.start_network(MODE_CODE_JOIN, f"{host.net.code}@{broker_address}", 0, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join), each=lambda: time.sleep(0.001))
    return host_app, host, join_app, join


def flooded_game(make_app, line: bytes, per_frame: int, seed: int, broker_address: str = ""):
    """A whole game on the LAN (or by code through ``broker_address``) while the joiner's way also
    carries ``per_frame`` flood lines a frame: (host, joiner, frames, what the joiner read back by verb)."""
    if broker_address:
        host_app, host, join_app, join = pair_by_code(make_app, broker_address)
    else:
        host_app, host, join_app, join = connect_pair(make_app, "connect4")
    replies: dict[str, int] = {}
    count_replies(join.net.link, replies)
    rng = random.Random(seed)
    played = play_random([host, join], rng)
    polls = [0]

    def each() -> None:
        polls[0] += 1
        if join.net.connected:
            join.net.link.stream.write(line * per_frame)
        played()

    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=each)
    return host, join, polls[0], replies


def test_the_game_plays_to_its_end_through_a_ping_flood_with_a_pong_a_frame_at_most(make_app):
    host, join, polls, replies = flooded_game(make_app, b"PING\n", LINES_PER_POLL // 2, seed=1)
    assert same_game(host, join) and host.net.connected and join.net.connected
    assert 0 < replies["PONG"] <= polls + 1  # one a frame of the host's (and its own keep-alive's)


def test_by_code_too_the_game_plays_to_its_end_through_a_ping_flood_with_a_pong_a_frame_at_most(make_app, broker):
    host, join, polls, replies = flooded_game(make_app, b"PING\n", LINES_PER_POLL // 2, seed=3,
                                              broker_address=broker.address)
    assert same_game(host, join) and host.net.connected and join.net.connected
    assert 0 < replies["PONG"] <= polls + 1  # one broker message a frame, one PONG in it


def test_the_game_plays_to_its_end_through_a_flood_of_refused_moves_with_few_errors_a_frame(make_app):
    host, join, polls, replies = flooded_game(make_app, b"MOVE 99999 4\n", 2 * REFUSALS_PER_POLL, seed=2)
    assert same_game(host, join) and host.net.connected and join.net.connected
    assert 0 < replies["ERROR"] <= REFUSALS_PER_POLL * (polls + 1)


def test_garbage_ends_the_link_with_one_error(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    replies: dict[str, int] = {}
    count_replies(join.net.link, replies)
    join.net.link.stream.write(b"\x01 no protocol\n" * 1000)
    frames([host_app, join_app], lambda: not host.net.connected and not join.net.connected)
    assert host.net.problem == "garbage" and replies.get("ERROR") == 1
    assert host.session is not None  # the game stays, to be resumed


def test_a_peer_whose_lines_wait_to_be_handled_is_not_taken_for_silent():
    now = [0.0]
    stream = MessageStream()
    link = LineLink(stream, clock=lambda: now[0])
    stream.incoming += b"PING\n" * (READ_LIMIT // 5)  # read at once, handled over many polls
    link.poll()
    while link.decoder.waiting:
        now[0] += 1.0  # a slow frame each poll: far past the link's silence timeout in all
        link.poll()
        link.flush()
        assert not link.closed, link.problem
