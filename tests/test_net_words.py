"""What the network's screens say (issue 49): a stopped broker in the broker's words on both sides,
the rules a host plays on its waiting screen and in the LAN's list, no broker set said as such, no
SPACE key where a space means nothing, F1 on the network's screens explains network play, and a
page that cannot reach a broker says so (no crash)."""

from __future__ import annotations

import sys
import time
import types

import pytest
from mosquitto import running_broker
from test_net_lan import on_loopback
from test_netplay import frames, net_app, settled
from test_setup_contract import digit_for

from pyxel_app.net.local_broker import LocalBroker
from pyxel_app.shell.harness import Driver
from pyxel_app.shell.keyboard import NO_SPACE, SPECIALS
from pyxel_app.shell.netplay import why_text
from pyxel_app.shell.overlays import Help
from pyxel_app.shell.setup import MODE_CODE_HOST, MODE_CODE_JOIN, MODE_HOST, MODE_JOIN
from pyxel_app.shell.strings import set_language, t

broker = pytest.fixture(scope="module")(running_broker)


def test_a_stopped_broker_is_said_in_the_brokers_words_on_both_sides(make_app, tmp_path, screen_text):
    """The broker passes on the joiner's will as it goes down: the host must not read that as a cut line."""
    own = LocalBroker(tmp_path)  # stopped here: the module's broker serves the other tests
    try:
        host_app, host = net_app(make_app, "connect4", seed=1)
        join_app, join = net_app(make_app, "connect4", seed=2)
        host.net_options["broker"] = own.address
        host.start_network(MODE_CODE_HOST, own.address, 0, "Ann")
        join.start_network(MODE_CODE_JOIN, f"{host.net.code}@{own.address}", 0, "Bob")
        frames([host_app, join_app], lambda: settled(host) and settled(join), each=lambda: time.sleep(0.001))
    finally:
        own.stop()
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")
    assert host.net.problem == join.net.problem == "broker_lost"
    for app in (host_app, join_app):
        assert why_text("broker_lost") in screen_text(app).replace(" | ", " ")


def draughts_host(make_app, mode: str, variant: str, settings: dict):
    app, cart = net_app(make_app, "draughts", seed=3)
    for key, value in settings.items():
        app.settings.set(key, value)
    driver = Driver(app)
    driver.key(str(cart.rules.variants.index(variant) + 1))
    driver.key(digit_for(cart, mode))
    driver.text("Ann")
    driver.script("RETURN RETURN")  # the name, No to the evaluation
    return app, cart, driver


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("mode", [MODE_HOST, MODE_CODE_HOST])
def test_a_hosts_waiting_screen_says_the_rules(make_app, broker, screen_text, mode, language):
    app, cart, _ = draughts_host(make_app, mode, "warcaby", {"net.broker": broker.address, "language": language})
    assert cart.phase in ("host", "code_host") and cart.net.stage == "listening"
    set_language(language)
    assert t("draughts.rules.warcaby") in screen_text(app)
    cart.cancel_network()


def test_the_lan_list_says_the_rules_each_game_plays(make_app, monkeypatch, screen_text):
    on_loopback(monkeypatch)
    host_app, host, _ = draughts_host(make_app, MODE_HOST, "warcaby", {})
    join_app, join = net_app(make_app, "draughts", seed=4)
    bob = Driver(join_app)
    bob.key("1")  # International here: the host's rules are what the list must say
    bob.key(digit_for(join, MODE_JOIN))
    bob.text("Bob")
    bob.key("RETURN")
    assert join.phase == "lan"
    frames([host_app, join_app], lambda: len(join.setup.shown.labels()) == 2)
    assert f"127.0.0.1:{host.net.listening_port} (Warcaby) Ann" in screen_text(join_app)
    host.cancel_network()


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_broker_set_is_said_with_how_to_set_it(make_app, screen_text, language):
    app, cart, _ = draughts_host(make_app, MODE_CODE_HOST, "international", {"language": language})
    set_language(language)
    shown = screen_text(app).replace(" | ", " ")  # a wrapped line comes in pieces
    assert cart.net.problem == "no_broker" and t("net.why.no_broker") in shown
    assert "F2" in t("net.code.no_broker") and t("net.code.no_broker").split()[0] in shown
    assert t("net.why.broker_address") not in shown


@pytest.mark.parametrize("mode, phase, specials", [(MODE_CODE_JOIN, "code", NO_SPACE), (MODE_JOIN, "address", NO_SPACE)])
def test_keyboards_where_a_space_means_nothing_have_no_space_key(make_app, screen_text, mode, phase, specials):
    app, cart = net_app(make_app, "connect4", seed=5)
    driver = Driver(app)
    driver.key(digit_for(cart, mode))
    assert cart.phase == "name" and cart.entry.specials == SPECIALS and t("match.key.space") in screen_text(app)
    driver.text("Bob")
    driver.key("RETURN")
    if phase == "address":
        driver.key("RETURN")  # "Type the host's address", the first of the LAN's list
    assert cart.phase == phase and cart.entry.specials == specials
    assert t("match.key.space") not in screen_text(app)
    if phase == "code":
        driver.key("F2")
        assert cart.phase == "broker" and cart.entry.specials == NO_SPACE
        assert t("match.key.space") not in screen_text(app)


@pytest.mark.parametrize("mode", [MODE_HOST, MODE_JOIN, MODE_CODE_HOST, MODE_CODE_JOIN])
def test_f1_on_the_networks_screens_explains_network_play(make_app, mode):
    app, cart = net_app(make_app, "connect4", seed=6)
    app.settings.set("net.broker", "127.0.0.1:1")
    driver = Driver(app)
    driver.key("F1")
    game_page = wrapped(app.overlays[-1], t("connect4.help"))
    assert isinstance(app.overlays[-1], Help) and app.overlays[-1].lines[:len(game_page)] == game_page
    app.overlays.clear()
    driver.key(digit_for(cart, mode))
    driver.text("Ann")
    driver.key("RETURN")
    driver.key("F1")
    page = app.overlays[-1]
    network_page = wrapped(page, t("net.help_page"))
    assert isinstance(page, Help) and page.lines[:len(network_page)] == network_page
    assert game_page[0] not in page.lines
    cart.cancel_network()


def wrapped(page: Help, text: str) -> list[str]:
    from pyxel_app.shell import ui

    return ui.wrap(text, page.BODY_WIDTH)


class Location:
    def __init__(self, protocol: str, host: str) -> None:
        self.protocol, self.host = protocol, host


@pytest.mark.parametrize("page, expected", [
    (None, ""),  # no js module: not in a page at all
    (types.SimpleNamespace(), ""),  # a worker: no location
    (types.SimpleNamespace(location=Location("file:", "")), ""),  # a page opened from a file
    (types.SimpleNamespace(location=Location("https:", "games.example.org")), "wss://games.example.org/mqtt"),
    (types.SimpleNamespace(location=Location("http:", "pc-anna:8000")), "ws://pc-anna:8000/mqtt"),
])
def test_the_pages_own_broker_only_where_the_page_has_a_server(monkeypatch, page, expected):
    from pyxel_app.net.websocket import page_broker

    monkeypatch.setitem(sys.modules, "js", page)
    assert page_broker() == expected


def test_a_page_without_a_broker_says_so_on_the_code_screens(make_app, monkeypatch, screen_text):
    """The browser build (``web``) on a page with no location: the code screens open and say that no
    broker is set (no crash), and a page without WebSocket says it cannot reach a broker."""
    from pyxel_app.net import room
    from pyxel_app.net.websocket import WebSocketConnector

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace())
    monkeypatch.setattr(sys, "platform", "emscripten")
    app, driver = make_app(web=True)
    app.open_cartridge("connect4")
    app.update()
    cart = app.cartridge
    driver.key(digit_for(cart, MODE_CODE_JOIN))
    driver.text("Bob")
    driver.key("RETURN")
    assert cart.phase == "code" and t("net.code.no_broker").split(":")[0] in screen_text(app)
    connector = WebSocketConnector("wss://games.example.org/mqtt")
    assert connector.closed and connector.problem == "no_websocket"
    assert why_text(connector.problem) == t("net.why.no_websocket")
    assert isinstance(room.connect_broker("wss://games.example.org/mqtt", time.monotonic), WebSocketConnector)
