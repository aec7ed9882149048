"""The evaluation and the review in a network game (issue 41): never unless both players agreed at
set-up.  The host's answer travels in HELLO as ``[eval]``, a field an older side never sends;
the agreement is kept in the save's meta on both sides and holds after a reconnect; W and K say
why they are refused, and the review comes after the end.  Two apps over loopback, or one app and
a raw socket speaking as an older program."""

from __future__ import annotations

import random
import socket

import pytest

from pyxel_app.net.protocol import Hello, digest, format_command, hello, hello_fields, parse_line
from pyxel_app.shell import insight as insight_module
from pyxel_app.shell.netplay import HOST, JOIN
from pyxel_app.shell.overlays import Confirm
from pyxel_app.shell.review_page import ReviewPage
from pyxel_app.shell.strings import t

from test_netplay import LOOPBACK, RawPeer, frames, net_app, play_random, same_game, settled


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(insight_module, "EVALUATION_MS", 100.0)
    monkeypatch.setattr(insight_module, "REVIEW_MOVE_MS", 20.0)


def agreed(cart) -> bool:
    return cart.session.meta.get("evaluation") == "yes"


def pair(make_app, offered: bool):
    host_app, host = net_app(make_app, "connect4", seed=1)
    join_app, join = net_app(make_app, "connect4", seed=2)
    host.evaluation_offer = offered
    host.start_network(HOST, LOOPBACK, 0, "Ann")
    join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    return host_app, host, join_app, join


def test_hello_says_eval_only_when_it_agrees_and_an_older_greeting_reads_as_no():
    assert format_command(hello("connect4", "standard", 1, "Ann", evaluation=True)) == "HELLO 1 connect4 standard 1 Ann [eval]\n"
    assert format_command(hello("connect4", "standard", 1, "Ann")) == "HELLO 1 connect4 standard 1 Ann\n"
    assert hello_fields(parse_line("HELLO 1 connect4 standard 1 Ann [eval]")) == Hello(1, "connect4", "standard", 1, "Ann",
                                                                                       True)
    assert hello_fields(parse_line("HELLO 1 connect4 standard 2 [eval]")) == Hello(1, "connect4", "standard", 2, "", True)
    assert hello_fields(parse_line("HELLO 1 connect4 standard 2 Bob")).evaluation is False  # an older side
    assert hello("connect4", "standard", 1, "Ann [eval]").text == "connect4 standard 1 Ann eval"  # never from a name


def test_an_agreed_evaluation_holds_on_both_sides_in_the_save_and_after_a_reconnect(make_app):
    host_app, host, join_app, join = pair(make_app, offered=True)
    assert agreed(host) and agreed(join)
    for cart in (host, join):
        cart.insight.toggle()
        assert cart.insight.showing()
    frames([host_app, join_app], lambda: host.insight.answer() and join.insight.answer())
    rng = random.Random(4)
    frames([host_app, join_app], lambda: host.session.move_count >= 4 and same_game(host, join),
           each=play_random([host, join], rng, 4))
    for app, cart in ((host_app, host), (join_app, join)):
        assert "meta.evaluation=yes" in app.storage.read(cart.autosave_name)
    host.net.link.stream.sock.shutdown(socket.SHUT_RDWR)
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")
    for app in (host_app, join_app):
        assert any(isinstance(overlay, Confirm) for overlay in app.overlays)
        app.overlays.clear()
    host.reconnect()
    join.reconnect()
    frames([host_app, join_app], lambda: settled(host) and settled(join) and same_game(host, join))
    assert agreed(host) and agreed(join) and host.insight.showing() and join.insight.showing()
    frames([host_app, join_app], lambda: host.insight.answer() and join.insight.answer())


def test_without_agreement_w_and_k_say_why_and_the_review_comes_after_the_end(make_app):
    from pyxel_app.shell.harness import Driver

    host_app, host, join_app, join = pair(make_app, offered=False)
    assert not agreed(host) and not agreed(join)
    driver = Driver(join_app)
    driver.key("W")
    assert not join.insight.on and join.message == t("eval.net_refused")
    driver.key("K")
    assert not join_app.overlays and join.message == t("review.net_refused")
    join_app.settings.set("evaluation.connect4", True)  # on from a game here: not shown in this one
    assert not join.insight.showing()
    frames([host_app, join_app], lambda: host.over and join.over and not join.view.busy(join.ui), limit=20_000,
           each=play_random([host, join], random.Random(2)))
    driver.key("K")
    assert isinstance(join_app.overlays[-1], ReviewPage)
    frames([join_app], lambda: join.insight.reviewed is not None)
    assert len(join.insight.reviewed.moves) == join.session.move_count


def test_an_older_joiner_never_agrees(make_app):
    app, cart = net_app(make_app, "connect4")
    cart.evaluation_offer = True
    cart.start_network(HOST, LOOPBACK, 0, "Ann")
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs())
    assert peer.got[0].text == "connect4 standard 1 Ann [eval]"
    peer.send_line("HELLO 1 connect4 standard 2 Old")  # as a program from before the evaluation
    peer.send_line(f"RESUME 0 {digest([])}")
    frames([app], lambda: settled(cart))
    assert not agreed(cart) and cart.player_name(1) == "Old"
    cart.insight.toggle()
    assert not cart.insight.on and cart.message == t("eval.net_refused")
    peer.close()


@pytest.mark.parametrize("host_says", [True, False])
def test_a_joiner_agrees_to_what_the_host_offers_and_says_so(make_app, host_says):
    app, cart = net_app(make_app, "connect4")
    listener = socket.create_server((LOOPBACK, 0))
    cart.start_network(JOIN, LOOPBACK, listener.getsockname()[1], "Bob")
    listener.settimeout(5)
    peer = RawPeer(listener.accept()[0])
    peer.send_line("HELLO 1 connect4 standard 1 Ann" + (" [eval]" if host_says else ""))
    frames([app], lambda: peer.read() or "RESUME" in peer.verbs())
    greeting = next(command for command in peer.got if command.verb == "HELLO")
    assert greeting.text == "connect4 standard 2 Bob" + (" [eval]" if host_says else "")
    peer.send_line(f"RESUME 0 {digest([])}")
    frames([app], lambda: settled(cart))
    assert agreed(cart) is host_says and cart.player_name(0) == "Ann"
    peer.close()
    listener.close()
