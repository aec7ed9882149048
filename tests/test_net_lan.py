"""Games hosted on this network are found without typing an address (issue #44): the host's
announcement and the join screen's finder, on loopback only (``$BYPUZZ_LAN``, a free port)."""

from __future__ import annotations

import socket
import time

import pytest

from pyxel_app.net import lan

from test_netplay import LOOPBACK, Clock


def on_loopback(monkeypatch) -> tuple[str, int]:
    """Announcements on a loopback port of this test's own."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv(lan.ENV, f"{LOOPBACK}:{port}")
    return LOOPBACK, port


@pytest.fixture
def here(monkeypatch):
    return on_loopback(monkeypatch)


def hear(finder: lan.Finder, until, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "nothing heard"
        finder.poll()
        time.sleep(0.005)


def test_the_tests_announce_on_loopback_only():
    host, _ = lan.target()
    assert host == LOOPBACK and not lan.is_multicast(host)
    assert lan.is_multicast(lan.GROUP)


def test_a_hosted_game_is_heard_and_forgotten_once_its_host_stops(here):
    clock = Clock()
    finder = lan.Finder(clock)
    ann = lan.Announcer(4270, "connect4", "standard", "Ann", clock)
    bob = lan.Announcer(5000, "othello", "standard", "", clock)
    try:
        ann.poll()
        bob.poll()
        hear(finder, lambda: len(finder.found()) == 2)
        assert finder.found() == [lan.Hosted(LOOPBACK, 4270, "connect4", "standard", "Ann"),
                                  lan.Hosted(LOOPBACK, 5000, "othello", "standard", "")]
        assert finder.found("othello") == [lan.Hosted(LOOPBACK, 5000, "othello", "standard", "")]
        ann.poll()  # within the second: nothing sent again
        clock.now += lan.ANNOUNCE_SECONDS
        ann.poll()  # Ann goes on, Bob's host has stopped
        bob.close()
        clock.now += lan.FORGET_SECONDS - lan.ANNOUNCE_SECONDS / 2
        hear(finder, lambda: [hosted.name for hosted in finder.found()] == ["Ann"])
    finally:
        for end in (finder, ann, bob):
            end.close()


@pytest.mark.parametrize("datagram", [b"", b"BYPUZZ", b"BYPUZZ 1 4270 connect4", b"BYPUZZ 2 4270 connect4 standard",
                                      b"BYPUZZ 1 0 connect4 standard", b"BYPUZZ 1 99999 connect4 standard",
                                      b"BYPUZZ 1 4270 conn/ect4 standard", b"BYPUZZ 1 4270 connect4 standard \x07",
                                      b"BYPUZZ 1 4270 connect4 standard \xff", b"HELLO 1 connect4 standard 1",
                                      b"BYPUZZ 1 4270 connect4 standard " + b"n" * 60])
def test_what_is_no_announcement_is_dropped(datagram):
    assert lan.read_announcement(datagram, LOOPBACK) is None


def test_a_flood_of_datagrams_lists_no_more_than_the_limit(here):
    finder = lan.Finder()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
            for port in range(1000, 1000 + 3 * lan.MAX_FOUND):
                sender.sendto(lan.announcement(port, "connect4", "standard", "x"), here)
                sender.sendto(b"\xff" * 300, here)
        hear(finder, lambda: len(finder.found()) == lan.MAX_FOUND)
        for _ in range(20):
            finder.poll()
        assert len(finder.found()) == lan.MAX_FOUND
    finally:
        finder.close()
