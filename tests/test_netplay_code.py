"""Two apps play by invite code through a real mosquitto (the repository's configuration on loopback
ports), set up with the keyboard, the pad and the mouse; a drop and a restart resume; the join
screen lists a game hosted on this network (announced on loopback) and joins it; the browser build
offers play by code and not the LAN's; the command line hosts and joins by code."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mosquitto import running_broker
from test_net_lan import on_loopback
from test_netplay import LOOPBACK, frames, net_app, play_random, restarted_joiner, same_game, settled
from test_setup_contract import digit_for

from pyxel_app.net.room import shown_code
from pyxel_app.shell.harness import Driver
from pyxel_app.shell.netplay import HOST
from pyxel_app.shell.overlays import Confirm
from pyxel_app.shell.setup import MODE_CODE_HOST, MODE_CODE_JOIN, MODE_HOST, MODE_JOIN

broker = pytest.fixture(scope="module")(running_broker)


def code_app(make_app, broker, seed: int, storage=None):
    app, cart = net_app(make_app, "connect4", storage=storage, seed=seed)
    app.settings.set("net.broker", broker.address)
    return app, cart


def meet_by_code(make_app, broker):
    """Ann hosts by code and Bob types it, both with the keyboard, until both play."""
    host_app, host = code_app(make_app, broker, 1)
    join_app, join = code_app(make_app, broker, 2)
    ann, bob = Driver(host_app), Driver(join_app)
    ann.key(digit_for(host, MODE_CODE_HOST))
    ann.text("Ann")
    ann.script("RETURN RETURN")  # the name, and No to the evaluation
    assert host.phase == "code_host" and host.net.code and host.net.stage == "listening"
    bob.key(digit_for(join, MODE_CODE_JOIN))
    bob.text("Bob")
    bob.key("RETURN")
    assert join.phase == "code"
    bob.text(shown_code(host.net.code).lower())  # as read out: any case, dashes or not
    bob.key("RETURN")
    assert join.phase == "connecting"
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    return host_app, host, join_app, join


def test_two_apps_play_a_whole_game_by_invite_code(make_app, broker, screen_text):
    host_app, host, join_app, join = meet_by_code(make_app, broker)
    assert host.names == join.names == ["Ann", "Bob"]
    assert host.session.meta["address"] == f"{shown_code(host.net.code)}@{broker.address}"
    assert host.session.meta["mode"] == MODE_CODE_HOST and join.session.meta["mode"] == MODE_CODE_JOIN
    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([host, join], random.Random(1)))
    assert same_game(host, join)


def test_a_game_by_code_resumes_after_a_drop(make_app, broker):
    host_app, host, join_app, join = meet_by_code(make_app, broker)
    rng = random.Random(2)
    frames([host_app, join_app], lambda: host.session.move_count >= 4 and same_game(host, join) and settled(join),
           each=play_random([host, join], rng, 4))
    join.net.link.stream.room.session.stream.sock.shutdown(socket.SHUT_RDWR)  # the line is cut
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")
    assert host.net.problem == "cut"  # the broker passed on the joiner's will at once
    for app in (host_app, join_app):
        assert any(isinstance(overlay, Confirm) for overlay in app.overlays)
        app.overlays.clear()
    host.reconnect()
    join.reconnect()
    frames([host_app, join_app], lambda: settled(host) and settled(join) and same_game(host, join),
           each=lambda: time.sleep(0.001))
    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([host, join], rng))
    assert same_game(host, join)


def test_a_saved_game_by_code_reconnects_after_the_app_restarts(make_app, broker):
    host_app, host, join_app, join = meet_by_code(make_app, broker)
    frames([host_app, join_app], lambda: join.session.move_count >= 3 and same_game(host, join),
           each=play_random([host, join], random.Random(3), 3))
    again_app, again = restarted_joiner(make_app, host_app, host, join_app)
    assert again.net is not None and again.net.code == host.net.code and again.net.local == 1
    # The joiner may knock before the host is back in the room: it knocks again shortly, in real time.
    frames([host_app, again_app], lambda: settled(host) and settled(again), each=lambda: time.sleep(0.001))
    assert same_game(host, again)


def test_the_pad_types_a_code_and_reaches_the_brokers_address(make_app, broker):
    app, cart = code_app(make_app, broker, 4)
    driver = Driver(app)
    driver.script(" ".join(["pad:DPAD_DOWN"] * (int(digit_for(cart, MODE_CODE_JOIN)) - 1)) + " pad:A")
    assert cart.phase == "name"
    driver.script("pad:START")
    assert cart.phase == "code"
    driver.script("pad:A pad:DPAD_RIGHT pad:A pad:DPAD_DOWN pad:A")  # E, H, then the key under H: Y
    assert cart.entry.typed == "EHY"
    driver.script("pad:X")
    assert cart.phase == "broker" and cart.entry.typed == broker.address
    driver.script("pad:START")
    assert cart.phase == "code" and cart.entry.typed == "EHY"
    driver.script("pad:B pad:B pad:B pad:B")  # three deleted, then back
    assert cart.phase == "name"


def test_a_click_on_the_broker_key_and_a_bad_code_refused(make_app, broker, screen_text):
    app, cart = code_app(make_app, broker, 5)
    driver = Driver(app)
    driver.key(digit_for(cart, MODE_CODE_JOIN))
    driver.key("RETURN")
    driver.text("XR7-HJ4-ME0")
    driver.key("RETURN")
    assert cart.phase == "code" and "Not an invite code: XR7-HJ4-ME" in screen_text(app)
    driver.frame()
    (x0, _, y, _), = [span for span in cart.hotkeys.spans if span[3] == "F2"]
    driver.click(x0 + 2, y + 2)
    assert cart.phase == "broker"


@pytest.fixture
def lan_here(monkeypatch):
    on_loopback(monkeypatch)


def test_the_join_screen_lists_a_game_hosted_on_this_network_and_a_click_joins_it(make_app, lan_here, screen_text):
    host_app, host = net_app(make_app, "connect4", seed=6)
    join_app, join = net_app(make_app, "connect4", seed=7)
    host.net_options.update(host=LOOPBACK, port=0)
    host.start_network(HOST, LOOPBACK, 0, "Ann")
    assert host.phase == "host"
    bob = Driver(join_app)
    bob.key(digit_for(join, MODE_JOIN))
    bob.key("RETURN")
    assert join.phase == "lan"
    frames([host_app, join_app], lambda: len(join.setup.shown.labels()) == 2)
    assert f"127.0.0.1:{host.net.listening_port} Ann" in screen_text(join_app)
    bob.click(3 * 8, 9 * 8 + 2)  # the second choice: Ann's game
    assert join.phase == "connecting"
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    assert join.player_name(0) == "Ann" and join.net.local == 1
    host_app.update()
    assert host.setup.screens["host"].announcer is None  # the game is on: no more announcements


def test_the_browser_offers_play_by_code_and_not_the_lans(make_app):
    app, _ = make_app(web=True)
    app.open_cartridge("connect4")
    app.update()
    modes = app.cartridge.mode_choices()
    assert MODE_CODE_HOST in modes and MODE_CODE_JOIN in modes and MODE_HOST not in modes and MODE_JOIN not in modes


@pytest.mark.parametrize("args", [["serve", "connect4", "--broker", "{broker}", "--name", "Ann"],
                                  ["join", "connect4", "xr7-hj4-mey", "--broker", "{broker}"]])
def test_serve_and_join_by_code_run_headless_and_end_cleanly(broker, args):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(Path(__file__).resolve().parent.parent),
               BYPUZZ_HEADLESS_FRAMES="30")
    result = subprocess.run([sys.executable, "-m", "pyxel_app", *[a.format(broker=broker.address) for a in args]],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ran 30 frames headless"


@pytest.mark.parametrize("args, message", [
    (["serve", "connect4", "--broker", "wss://example.org/mqtt"], "a URL is the browser's"),
    (["serve", "connect4", "--broker", "127.0.0.1:1", "--port", "5000"], "--port and --bind are for the local network"),
    (["join", "connect4", "XR7-HJ4-ME0", "--broker", "127.0.0.1:1"], "is not an invite code"),
])
def test_serve_and_join_by_code_refuse_bad_arguments_in_one_line(args, message, capsys):
    from pyxel_app.__main__ import main

    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err, err


def from_command_line(monkeypatch, make_app, args: list[str], seed: int):
    """An app started as ``python -m pyxel_app ARGS`` starts it: the command line read by the real
    ``main``, the window's start (``shell.app.main``) opened here as a test app."""
    from pyxel_app import __main__ as cli
    from pyxel_app.shell import app as app_module

    started = []
    monkeypatch.setattr(app_module, "main", lambda start=None, network=None, files=None: started.append((start, network)))
    assert cli.main(args) == 0
    (start, network), = started
    app, _ = make_app(seed=seed, network=True)
    app.open_cartridge(start, network=network)
    app.update()
    return app, app.cartridge


@pytest.mark.parametrize("typed", ["dashes", "no dashes", "lower case"])
def test_join_by_code_on_the_command_line_as_the_readme_writes_it(monkeypatch, make_app, broker, typed):
    host_app, host = from_command_line(monkeypatch, make_app, ["serve", "connect4", "--broker", broker.address,
                                                               "--name", "Ann"], seed=1)
    assert host.phase == "code_host" and host.net.stage == "listening"
    code = {"dashes": shown_code(host.net.code), "no dashes": host.net.code,
            "lower case": shown_code(host.net.code).lower()}[typed]
    join_app, join = from_command_line(monkeypatch, make_app, ["join", "connect4", code, "--broker", broker.address,
                                                               "--name", "Bob"], seed=2)
    assert join.net.code == host.net.code
    frames([host_app, join_app], lambda: settled(host) and settled(join), each=lambda: time.sleep(0.001))
    assert host.names == join.names == ["Ann", "Bob"]
    assert join.session.meta["address"] == f"{shown_code(host.net.code)}@{broker.address}"


def test_every_entry_of_a_code_names_the_same_room(make_app, broker):
    """Typed, read from a save or handed to a link: a code with dashes, spaces or small letters is the
    room of its characters (the link's code is what the broker's topics and ACL are made of)."""
    from pyxel_app.shell.netlink import invite_code

    app, cart = code_app(make_app, broker, 3)
    for typed in ("XR7-HJ4-MEY", "xr7hj4mey", " xr7 hj4-MEY "):
        assert invite_code(typed) == "XR7HJ4MEY"
        cart.start_joining_by_code(typed)
        assert cart.net.code == "XR7HJ4MEY" and cart.net.address == f"XR7-HJ4-MEY@{broker.address}"
        cart.cancel_network()
        cart.start_hosting_by_code(typed)
        assert cart.net.code == "XR7HJ4MEY"
        cart.cancel_network()


def evaluation_agreed(cart) -> bool:
    return cart.session.meta.get("evaluation") == "yes"


@pytest.mark.parametrize("answer", ["no", "yes"])
@pytest.mark.parametrize("mode", [MODE_HOST, MODE_CODE_HOST])
def test_the_hosts_answer_to_the_evaluation_holds_in_every_hosting_mode(make_app, broker, mode, answer):
    """The host says No or Yes at set-up; both sides of the game (and both saves) hold that answer."""
    host_app, host = code_app(make_app, broker, 1)
    join_app, join = code_app(make_app, broker, 2)
    ann = Driver(host_app)
    ann.key(digit_for(host, mode))
    ann.text("Ann")
    ann.key("RETURN")
    assert host.phase == "evaluation"
    ann.script("RETURN" if answer == "no" else "DOWN RETURN")
    assert host.net is not None and host.net.stage == "listening"
    if mode == MODE_CODE_HOST:
        join.start_network(MODE_CODE_JOIN, f"{host.net.code}@{broker.address}", 0, "Bob")
    else:
        join.start_network("join", LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join), each=lambda: time.sleep(0.001))
    frames([host_app, join_app], lambda: join.session.move_count >= 2 and same_game(host, join),
           each=play_random([host, join], random.Random(5), 2))
    for app, cart in ((host_app, host), (join_app, join)):
        assert evaluation_agreed(cart) is (answer == "yes")
        assert ("meta.evaluation=yes" in app.storage.read(cart.autosave_name)) is (answer == "yes")


@pytest.mark.parametrize("flag", [[], ["--evaluation", "no"], ["--evaluation", "yes"]])
def test_serve_by_code_asks_the_evaluation_on_the_command_line(monkeypatch, make_app, broker, flag):
    host_app, host = from_command_line(monkeypatch, make_app, ["serve", "connect4", "--broker", broker.address,
                                                               "--name", "Ann", *flag], seed=1)
    join_app, join = code_app(make_app, broker, 2)
    join.start_network(MODE_CODE_JOIN, f"{host.net.code}@{broker.address}", 0, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join), each=lambda: time.sleep(0.001))
    assert evaluation_agreed(host) is evaluation_agreed(join) is (flag[-1:] == ["yes"])
