"""The broker's own limits, on the real mosquitto with the repository's configuration: the test
broker listens on loopback only, a keep-alive over the limit is refused where the version can,
connections that never send CONNECT are closed (the WebSocket listener's within 10 s; the TCP
listener's after about 95 s, mosquitto's fixed keep-alive before CONNECT, which
``python -m pyxel_app.bench.broker`` measures: too long for the suite), and a mosquitto older
than the README's minimum is refused by name."""

from __future__ import annotations

import select
import socket
import stat
import time

import pytest
from mosquitto import running_broker

from pyxel_app.net import local_broker
from pyxel_app.net.link import local_addresses
from pyxel_app.net.local_broker import BrokerMissing, LocalBroker, mosquitto_path, mosquitto_version
from pyxel_app.net.mqtt import encode_connect

broker = pytest.fixture(scope="module")(running_broker)
LOOPBACK = "127.0.0.1"
WEBSOCKET_HALF_OPEN_SECONDS = 10  # libwebsockets' own timeout for a connection that never upgrades


def listening_addresses(port: int) -> set[str]:
    """The local addresses listening on TCP ``port`` (Linux: /proc/net/tcp and tcp6), as hex."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as rows:
                for row in list(rows)[1:]:
                    local, state = row.split()[1], row.split()[3]
                    address, _, hex_port = local.partition(":")
                    if state == "0A" and int(hex_port, 16) == port:
                        found.add(address)
        except OSError:
            pytest.skip("no /proc/net/tcp here")
    return found


def test_both_listeners_of_the_test_broker_are_on_loopback_only(broker):
    loopback_v4 = "0100007F"  # 127.0.0.1 as /proc writes it
    for port in (broker.tcp_port, broker.ws_port):
        assert listening_addresses(port) == {loopback_v4}, port
    outside = [address for address in local_addresses() if not address.startswith("127.")]
    for address in outside:  # from this machine's own other address: nobody answers
        with pytest.raises(OSError):
            socket.create_connection((address, broker.ws_port), timeout=2).close()


def connack(port: int, keep_alive: int) -> bytes:
    with socket.create_connection((LOOPBACK, port), timeout=5) as sock:
        sock.sendall(encode_connect("XR7HJ4MEY-host", keep_alive, "XR7HJ4MEY"))
        return sock.recv(4)


@pytest.mark.parametrize("keep_alive", [30, 120, 121, 65535, 0])
def test_a_keep_alive_over_two_minutes_is_refused_where_the_version_can(broker, keep_alive):
    """max_keepalive 120: mosquitto 2.0.12 and later refuse an MQTT 3.1.1 client over it, or with
    none (0), with CONNACK 2; 2.0.11 (Debian bookworm's) applies it to MQTT v5 only (README)."""
    version = mosquitto_version(mosquitto_path())
    over = keep_alive > 120 or keep_alive == 0
    refused = over and version >= (2, 0, 12)
    assert connack(broker.tcp_port, keep_alive) == bytes([0x20, 2, 0, 2 if refused else 0])


def test_connections_that_never_send_connect_are_closed_on_the_websocket_listener(broker):
    """On the WebSocket listener within 10 s; on the TCP listener mosquitto keeps them for its fixed
    60 s keep-alive and a half more (no option shortens it): still open here, closed after about 95 s
    (the bench's figure).  The README gives the firewall rule that bounds how many one address holds."""
    started = time.monotonic()
    web = [socket.create_connection((LOOPBACK, broker.ws_port)) for _ in range(3)]
    tcp = [socket.create_connection((LOOPBACK, broker.tcp_port)) for _ in range(3)]
    closed: set[socket.socket] = set()
    while len(closed) < len(web) and time.monotonic() - started < WEBSOCKET_HALF_OPEN_SECONDS + 5:
        readable, _, _ = select.select([sock for sock in web + tcp if sock not in closed], [], [], 0.5)
        for sock in readable:
            try:
                if sock.recv(16) == b"":
                    closed.add(sock)
            except OSError:
                closed.add(sock)
    assert closed == set(web), "the WebSocket listener holds a connection that never sends CONNECT"
    assert not closed & set(tcp)  # mosquitto's TCP listener: within its 95 s, not yet
    for sock in web + tcp:
        sock.close()


def test_a_mosquitto_older_than_the_minimum_is_refused_by_name(tmp_path, monkeypatch):
    old = tmp_path / "mosquitto"
    old.write_text("#!/bin/sh\necho 'mosquitto version 1.6.9'\nexit 3\n")
    old.chmod(old.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(local_broker, "mosquitto_path", lambda: str(old))
    with pytest.raises(BrokerMissing, match=r"mosquitto 1\.6\.9 is older than 2\.0: install mosquitto 2\.0 or later"):
        LocalBroker(tmp_path)
