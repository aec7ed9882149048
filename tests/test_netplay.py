"""Network play on loopback only (127.0.0.1, ports the system picks): two apps in this process
play whole games of every registered two-seat match game over the protocol; a scripted raw
socket plays the other side where a test needs a peer that misbehaves.  Every wait is bounded
in frames and in the machine's time (a busy machine delivers bytes later), and timeouts run on a
clock the test moves."""

from __future__ import annotations

import random
import socket
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyxel_app import games
from pyxel_app.net.protocol import Command, Decoder, ProtocolError, digest, format_command
from pyxel_app.shell.netplay import HOST, JOIN, open_link_factory
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.storage import MemoryStorage

from missing import missing

LOOPBACK = "127.0.0.1"
WAIT_SECONDS = 30.0  # the least time a wait gives the sockets and the clock before it fails
MAX_FRAMES = 3000


def two_seat_games() -> list[str]:
    return [spec.key for spec in games.GAMES if spec.is_match and spec.rules.players == 2]


def game_variants() -> list[tuple[str, str]]:
    """Every variant of every two-seat game: each must travel to the joining side."""
    return [(key, variant) for key in two_seat_games() for variant in games.find(key).rules.variants]


class Clock:
    """Time the test moves: keep-alive and timeouts without waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def net_app(make_app, key: str, clock: Clock | None = None, storage=None, seed: int = 7):
    app, _ = make_app(storage=storage, seed=seed, network=True)
    app.open_cartridge(key)
    app.update()
    cart = app.cartridge
    cart.net_options.update(host=LOOPBACK, port=0)
    if clock is not None:
        cart.net_options.update(clock=clock, open_link=open_link_factory(clock=clock))
    return app, cart


def frames(apps, until, limit: int = MAX_FRAMES, each=None, seconds: float = WAIT_SECONDS) -> int:
    """Update ``apps`` (no drawing: the sockets and the match layer are the subject) until ``until()``:
    at least ``limit`` frames and at least ``seconds`` of the machine's time, for what comes over
    sockets and by the clock comes later on a busy machine, frames or no frames."""
    start, frame = time.monotonic(), 0
    while frame < limit or time.monotonic() - start < seconds:
        for app in apps:
            app.update()
        if each is not None:
            each()
        if until():
            return frame
        frame += 1
    raise AssertionError(f"not done after {frame} frames and {time.monotonic() - start:.1f} s")


def settled(cart) -> bool:
    return cart.session is not None and cart.net is not None and cart.net.playing and not cart.view.busy(cart.ui)


def play_random(carts, rng, upto: int = 10**6):
    """Each side's person plays a random legal move on their turn (until ``upto`` moves)."""

    def each() -> None:
        for cart in carts:
            if (settled(cart) and not cart.over and cart.seat_to_move() == cart.net.local and not cart.agent_to_move()
                    and cart.session.move_count < upto):
                cart.person_move(cart.rules.move_to_text(rng.choice(cart.rules.legal_moves(cart.state))))

    return each


def connect_pair(make_app, key: str, clock: Clock | None = None, variant: str | None = None):
    host_app, host = net_app(make_app, key, clock, seed=1)
    join_app, join = net_app(make_app, key, clock, seed=2)
    host.start_network(HOST, LOOPBACK, 0, "Ann", variant)
    join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    return host_app, host, join_app, join


def same_game(a, b) -> bool:
    return a.session.move_texts() == b.session.move_texts() and a.state == b.state


class RawPeer:
    """The other side as a plain socket, scripted line by line."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sock.setblocking(False)
        self.decoder = Decoder()
        self.got: list[Command] = []

    @classmethod
    def join(cls, port: int) -> "RawPeer":
        return cls(socket.create_connection((LOOPBACK, port), timeout=5))

    def send_line(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else (line + "\n").encode("utf-8")
        self.sock.setblocking(True)
        self.sock.sendall(data)
        self.sock.setblocking(False)

    def read(self) -> list[Command]:
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return []
        except OSError:
            return []
        commands = self.decoder.feed(data) if data else []
        self.got += commands
        return commands

    def verbs(self) -> list[str]:
        return [command.verb for command in self.got]

    def close(self) -> None:
        self.sock.close()


def raw_join(make_app, key: str, clock: Clock | None = None):
    """A hosting app and a raw peer that greeted it as side 2 on a fresh game."""
    app, cart = net_app(make_app, key, clock)
    cart.start_network(HOST, LOOPBACK, 0, "Ann")
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs(), each=None)
    variant = cart.rules.variant_of(cart.rules.initial_state())
    peer.send_line(f"HELLO 1 {key} {variant} 2 Raw")
    peer.send_line(f"RESUME 0 {digest([])}")
    frames([app], lambda: settled(cart))
    return app, cart, peer


# ---- whole games ----


@pytest.mark.parametrize("key, variant", game_variants())
def test_two_apps_play_a_whole_game_over_the_network(make_app, key, variant):
    host_app, host, join_app, join = connect_pair(make_app, key, variant=variant)
    assert host.rules.variant_of(host.session.start) == join.rules.variant_of(join.session.start) == variant
    assert (host.net.local, join.net.local) == (0, 1)
    assert host.player_name(1) == "Bob" and join.player_name(0) == "Ann"
    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([host, join], random.Random(key)))
    assert same_game(host, join)
    assert host.end_text() == join.end_text()
    assert host_app.crashes == join_app.crashes == 0


@pytest.mark.parametrize("key", two_seat_games())
def test_undo_is_asked_and_a_draw_agreed(make_app, key):
    host_app, host, join_app, join = connect_pair(make_app, key)
    rng = random.Random(1)
    frames([host_app, join_app], lambda: host.session.move_count >= 3 and same_game(host, join) and settled(host)
           and settled(join), each=play_random([host, join], rng, 3))
    before = host.session.move_count
    asker = host if host.seat_to_move() == host.net.remote else join  # the one who moved last
    other_app = join_app if asker is host else host_app
    asker.undo()
    frames([host_app, join_app], lambda: any(isinstance(o, Confirm) for o in other_app.overlays))
    other_app.overlays[-1].on_yes()
    other_app.close_overlay(other_app.overlays[-1])
    frames([host_app, join_app], lambda: host.session.move_count == join.session.move_count == before - 1)
    assert same_game(host, join)
    host.offer_draw()
    frames([host_app, join_app], lambda: any(isinstance(o, Confirm) for o in join_app.overlays))
    join_app.overlays[-1].on_yes()
    frames([host_app, join_app], lambda: host.over and join.over)
    assert host.end_text() == join.end_text() == "The game is drawn by agreement."
    assert host_app.storage.read(host.autosave_name) is None  # a finished game is not kept


def test_resigning_ends_the_game_on_both_sides_and_a_new_game_swaps_them(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    join.net.resign()
    frames([host_app, join_app], lambda: host.over)
    assert host.outcome.winner == 0 and join.outcome.winner == 0
    assert "Bob resigned" in host.end_text()
    host.play_again()  # N after the end: a new game asked, the sides swapped
    frames([host_app, join_app], lambda: any(isinstance(o, Confirm) for o in join_app.overlays))
    join_app.overlays[-1].on_yes()
    frames([host_app, join_app], lambda: not host.over and not join.over and settled(host) and settled(join))
    assert (host.net.local, join.net.local) == (1, 0)
    assert host.session.move_count == join.session.move_count == 0
    assert [host.player_name(0), host.player_name(1)] == [join.player_name(0), join.player_name(1)] == ["Bob", "Ann"]
    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([host, join], random.Random(2)))
    assert same_game(host, join)


# ---- a peer that does wrong ----


@pytest.mark.parametrize("key", two_seat_games())
def test_an_illegal_move_is_refused_with_an_error_and_the_game_goes_on(make_app, key):
    app, cart, peer = raw_join(make_app, key)
    first = cart.rules.move_to_text(cart.rules.legal_moves(cart.state)[0])
    cart.person_move(first)
    frames([app], lambda: peer.read() or "MOVE" in peer.verbs())
    assert Command("MOVE", 1, first) in peer.got
    before = cart.state
    for line in ("MOVE 2 not-a-move", "MOVE 7 " + first, "MOVE 2 " + "x" * 150):
        peer.send_line(line)
        errors = peer.verbs().count("ERROR")
        frames([app], lambda: peer.read() or peer.verbs().count("ERROR") > errors)
        assert cart.state == before and cart.net.playing
    reply = cart.rules.move_to_text(cart.rules.legal_moves(cart.state)[-1])
    peer.send_line(f"MOVE 2 {reply}")
    frames([app], lambda: cart.session.move_count == 2)
    assert cart.session.move_texts() == [first, reply] and cart.net.playing
    peer.close()


def test_a_megabyte_of_garbage_is_cut_off_and_the_game_stays(make_app):
    app, cart, peer = raw_join(make_app, "connect4")
    cart.person_move("4")
    frames([app], lambda: peer.read() or "MOVE" in peer.verbs())
    before = cart.session.to_text()
    garbage = random.Random(1).randbytes(1_000_000)
    sent = 0

    def push() -> None:
        nonlocal sent
        try:
            sent += peer.sock.send(garbage[sent:sent + 65536])
        except (BlockingIOError, OSError):
            pass

    frames([app], lambda: cart.net.stage == "lost", each=push)
    assert cart.net.problem == "garbage"
    assert cart.session.to_text() == before and app.storage.read(cart.autosave_name) == before
    assert any(isinstance(o, Confirm) and "unreadable" in " ".join(o.lines) for o in app.overlays)
    assert sent < len(garbage)  # cut off long before the end
    peer.close()


def test_a_silent_peer_is_noticed_by_the_keep_alive(make_app):
    clock = Clock()
    app, cart, peer = raw_join(make_app, "connect4", clock)
    clock.now += 3.5
    frames([app], lambda: peer.read() or "PING" in peer.verbs())
    peer.send_line("PONG")
    clock.now += 8  # heard 8 s ago: still there
    frames([app], lambda: True)
    assert cart.net.playing
    clock.now += 13  # and then nothing
    frames([app], lambda: cart.net.stage == "lost")
    assert cart.net.problem == "silent"
    assert any(isinstance(o, Confirm) and "no answer for 12 s" in " ".join(o.lines) for o in app.overlays)
    peer.close()


def test_two_apps_that_answer_each_others_pings_stay_connected(make_app):
    clock = Clock()
    host_app, host, join_app, join = connect_pair(make_app, "connect4", clock)

    def tick() -> None:
        clock.now += 0.5

    frames([host_app, join_app], lambda: clock.now > 1060, each=tick)
    assert host.net.playing and join.net.playing


@pytest.mark.parametrize("hello, why", [
    ("HELLO 9 connect4 standard 1", "protocol version 9, this one 1"),
    ("HELLO 1 othello-x standard 1", "playing othello-x, not connect4"),
    ("HELLO 1 connect4 giant 1", "variant giant"),
    ("MOVE 1 4", "protocol"),
    ("HELO", "unreadable"),
])
def test_a_greeting_that_does_not_fit_closes_with_a_clear_message(make_app, screen_text, hello, why):
    cart, text = greeted_with(make_app, screen_text, hello)
    assert why in text and cart.session is None and cart.phase == "connecting"


def greeted_with(make_app, screen_text, line: str, language: str = "en"):
    """A joining app whose host says ``line`` first: the cartridge and the screen's text once it gave up."""
    from pyxel_app.shell import strings

    app, cart = net_app(make_app, "connect4")
    strings.set_language(language)
    listener = socket.create_server((LOOPBACK, 0))
    cart.start_network(JOIN, LOOPBACK, listener.getsockname()[1], "Bob")
    listener.settimeout(5)
    peer = RawPeer(listener.accept()[0])
    peer.send_line(line)
    frames([app], lambda: cart.net.stage in ("lost", "failed"))
    frames([app], lambda: True)
    text = screen_text(app).replace(" | ", " ")
    peer.close()
    listener.close()
    return cart, text


def test_joining_where_nobody_hosts_says_so_and_offers_to_try_again(make_app, screen_text):
    app, cart = net_app(make_app, "connect4")
    free = socket.create_server((LOOPBACK, 0))
    port = free.getsockname()[1]
    free.close()
    cart.start_network(JOIN, LOOPBACK, port, "Bob")
    frames([app], lambda: cart.net.stage == "lost")
    text = screen_text(app).replace(" | ", " ")
    assert "Not connected: nobody is hosting a game there" in text and "try again" in text


# ---- dropped and resumed ----


def test_a_cut_connection_resumes_after_reconnecting_with_the_same_game(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    rng = random.Random(5)
    frames([host_app, join_app], lambda: host.session.move_count >= 6 and same_game(host, join) and settled(host)
           and settled(join), each=play_random([host, join], rng, 6))
    # The side to move plays, and the line is cut before the other side hears of it.
    mover, other = (host, join) if host.seat_to_move() == host.net.local else (join, host)
    mover.person_move(mover.rules.move_to_text(mover.rules.legal_moves(mover.state)[0]))
    mover.net.link.stream.sock.shutdown(socket.SHUT_RDWR)
    mover.net.link.stream.out.clear()
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")
    assert mover.session.move_count == other.session.move_count + 1
    for app in (host_app, join_app):  # both offer to reconnect; the game stays saved on both sides
        assert any(isinstance(o, Confirm) for o in app.overlays)
        app.overlays.clear()
        assert app.storage.read(app.cartridge.autosave_name) == app.cartridge.session.to_text()
    host.reconnect()
    join.reconnect()
    frames([host_app, join_app], lambda: settled(host) and settled(join) and same_game(host, join))
    frames([host_app, join_app], lambda: host.over and join.over and not host.view.busy(host.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([host, join], rng))
    assert same_game(host, join)


def restarted_joiner(make_app, host_app, host, join_app):
    """The joiner quits (BYE), the host offers to reconnect and does; the joiner's app starts again on
    its data and says yes to resuming the saved game.  Its app and cartridge."""
    storage = join_app.storage.backend
    join_app.quit()
    frames([host_app], lambda: host.net.stage == "lost")
    host.reconnect()
    again_app, _ = make_app(storage=MemoryStorage(dict(storage.blobs)), seed=3, network=True)
    confirm = again_app.overlays[-1]
    assert isinstance(confirm, Confirm)
    confirm.on_yes()
    again_app.close_overlay(confirm)
    again_app.update()
    return again_app, again_app.cartridge


def test_a_saved_network_game_reconnects_after_the_app_restarts(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    rng = random.Random(9)
    frames([host_app, join_app], lambda: join.session.move_count >= 5 and same_game(host, join),
           each=play_random([host, join], rng, 5))
    again_app, again = restarted_joiner(make_app, host_app, host, join_app)
    assert "Bob left the game." in host.message
    assert again.net is not None and again.net.local == 1
    assert not again_app.overlays, "yes to 'Resume?' connects: no second question"
    frames([host_app, again_app], lambda: settled(host) and settled(again))
    assert same_game(host, again)


def test_a_network_game_loaded_from_its_save_asks_before_connecting(make_app):
    from pyxel_app.shell.harness import Driver

    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    host.person_move("4")
    frames([host_app, join_app], lambda: join.session.move_count == 1 and settled(join))
    join.save_game()
    Driver(join_app).key("RETURN")  # a new slot
    Driver(join_app).key("RETURN")  # named as offered
    blobs = dict(join_app.storage.backend.blobs)
    del blobs[join.autosave_name]
    again_app, again_driver = make_app(storage=MemoryStorage(blobs), seed=3, network=True)
    again_app.open_cartridge("connect4")
    again_driver.frame()
    again_app.cartridge.load_game()
    again_driver.key("RETURN")  # the slot saved: nothing is in progress, so no question
    assert again_app.cartridge.net is not None and again_app.cartridge.net.stage == "lost"
    offer = again_app.overlays[-1]
    assert isinstance(offer, Confirm) and "A network game with Ann: reconnect now?" in " ".join(offer.lines)


def two_moves_then_cut(host_app, host, join_app, join, reply: str) -> None:
    """The host plays 4, the joiner ``reply``; then the line is cut and both sides notice."""
    host.person_move("4")
    frames([host_app, join_app], lambda: join.session.move_count == 1 and settled(join))
    join.person_move(reply)
    frames([host_app, join_app], lambda: host.session.move_count == 2)
    join.net.link.stream.sock.shutdown(socket.SHUT_RDWR)
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")


def test_games_that_differ_are_reported_not_resumed(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    two_moves_then_cut(host_app, host, join_app, join, "1")
    for app in (host_app, join_app):
        app.overlays.clear()
    join.netside.table.take_back_to(1)
    join.net.applying = True  # a different second move, as if one side's save were another game's
    join.submit("7")
    join.net.applying = False
    host.reconnect()
    join.reconnect()
    frames([host_app, join_app], lambda: join.net.stage == "failed")
    assert any(isinstance(o, Message) and "differ" in " ".join(o.lines) for o in join_app.overlays)
    # The host turns the caller away with a note and listens on: the right game may still come.
    frames([host_app], lambda: host.net.stage == "listening" and host.net.link is None)
    assert host.message == "A connection was turned away: the moves of another game." and not host_app.overlays
    assert host.session.move_texts() == ["4", "1"] and join.session.move_texts() == ["4", "7"]


# ---- the screens ----


def test_host_and_join_are_offered_on_the_desktop_only(make_app, screen_text):
    app, cart = net_app(make_app, "connect4")
    assert cart.phase == "mode" and "Host a network game" in screen_text(app)
    web_app, _ = make_app(web=True, network=True)
    web_app.open_cartridge("connect4")
    web_app.update()
    assert "Host a network game" not in screen_text(web_app)


def test_the_host_screen_shows_addresses_and_the_waiting_time_and_cancels(make_app, screen_text):
    clock = Clock()
    app, cart = net_app(make_app, "connect4", clock)
    for key in ("3", "RETURN", "RETURN"):  # Host, then an empty name, no evaluation
        _tap(app, key)
    assert cart.phase == "host" and cart.net.stage == "listening"
    clock.now += 75
    text = screen_text(app)
    assert f"127.0.0.1:{cart.net.listening_port}" in text and "Waiting 1:15" in text
    _tap(app, "ESCAPE")
    assert cart.phase == "evaluation" and cart.net is None


def test_the_join_screen_remembers_the_last_address(make_app, screen_text):
    app, cart = net_app(make_app, "connect4")
    _tap(app, "4")
    _tap(app, "RETURN")
    assert cart.phase == "lan"
    _tap(app, "RETURN")  # the first choice: typing an address
    assert cart.phase == "address"
    app.input.consume()
    cart.entry.type_text("127.0.0.1:1")
    _tap(app, "RETURN")
    assert cart.phase == "connecting"
    assert app.settings.get("net.address") == "127.0.0.1:1"
    cart.cancel_network()
    cart.go_to_phase("address")
    assert cart.entry.typed == "127.0.0.1:1"
    assert "Address of the computer that hosts" in screen_text(app)


def _tap(app, key: str) -> None:
    import pyxel

    from pyxel_app.shell.harness import Driver

    Driver(app).key(key)
    pyxel.set_btn(getattr(pyxel, f"KEY_{key}"), False)


# ---- fuzz: bytes from the network never change the game ----


class MemoryLink:
    """A link without a socket: bytes go through the real decoder, what is sent is kept."""

    def __init__(self) -> None:
        self.decoder = Decoder()
        self.sent: list[str] = []
        self.closed = False
        self.problem = self.detail = ""
        self.incoming = b""

    def send(self, command: Command) -> None:
        self.sent.append(format_command(command))

    def flush(self) -> None:
        pass

    def poll(self) -> list[Command]:
        data, self.incoming = self.incoming, b""
        if self.closed or not data:
            return []
        try:
            return [c for c in self.decoder.feed(data) if c.verb not in ("PING", "PONG")]
        except ProtocolError as error:
            self.closed, self.problem, self.detail = True, "garbage", str(error)
            return [c for c in error.commands if c.verb not in ("PING", "PONG")]

    def close(self, problem: str = "", detail: str = "") -> None:
        self.closed = True


TRICKY = [b"NEW-OK\n", b"NEW-NO\n", b"NEW\n", b"MOVE 3 4\n", b"MOVE 0 4\n", b"MOVE 2 99\n", b"MOVE 2 \xff\n", b"UNDO-OK 1\n", b"DRAW-OK\n", b"UNDO-NO\n",
          b"DRAW-NO\n", b"RESUME 0 0000000000000000\n", b"HELLO 1 connect4 standard 1\n", b"ERROR x\n", b"PONG\n",
          b"UNDO 99\n", b"\r\n", b"\n", b"MOVE 2 4 4\n"]


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(pieces=st.lists(st.one_of(st.binary(max_size=200), st.sampled_from(TRICKY)), max_size=10))
def test_random_bytes_from_the_network_never_change_the_game(make_app, pieces):
    app, cart = _fuzz_app(make_app)
    before = cart.session.to_text()
    link = MemoryLink()
    cart.net.link, cart.net.stage = link, "playing"
    for piece in pieces:
        link.incoming = piece
        app.update()
        app.overlays.clear()  # an UNDO or DRAW asked is left unanswered
    assert cart.session.to_text() == before
    assert cart.agreed is None and app.crashes == 0


def _fuzz_app(make_app):
    """One hosting app with a game in progress (hypothesis runs the test body many times)."""
    app, cart = net_app(make_app, "connect4")
    cart.mode, cart.names = "host", ["Ann", ""]
    from pyxel_app.shell.netplay import NetGame

    cart.net = NetGame(cart.netside.table, HOST, LOOPBACK, 1, 0)
    cart.net.greeted = True
    cart.netside.table.start_net_session(cart.net, "standard", "Raw")
    cart.net.applying = True
    cart.submit("4")
    cart.net.applying = False
    cart.net.stage = "playing"
    return app, cart


# ---- the command line ----


@pytest.mark.parametrize("args, message", [
    (["serve", "pegs"], "pegs is not a game for two players; choose from"),
    (["serve", "nosuch"], "unknown game 'nosuch'"),
    (["serve", "connect4", "--port", "0"], "--port must be from 1 to 65535"),
    (["serve", "draughts", "--variant", "giant"], "--variant 'giant' is not a variant of draughts; choose from international, warcaby"),
    (["join", "connect4", "host:99999"], "port must be from 1 to 65535, got 99999"),
    (["join", "connect4", "a b"], "'a b' is not an address"),
    (["join", "connect4"], "required: HOST[:PORT]"),
])
def test_serve_and_join_refuse_bad_arguments_in_one_line_with_exit_2(args, message, capsys):
    from pyxel_app.__main__ import main

    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err, err


@pytest.mark.parametrize("args", [["serve", "connect4", "--port", "{port}", "--bind", LOOPBACK, "--name", "Ann"],
                                  ["join", "connect4", "127.0.0.1:{port}"]])
def test_serve_and_join_run_headless_and_end_cleanly(args):
    import os
    import subprocess
    import sys
    from pathlib import Path

    free = socket.create_server((LOOPBACK, 0))
    port = free.getsockname()[1]
    free.close()
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(Path(__file__).resolve().parent.parent),
               BYPUZZ_HEADLESS_FRAMES="30")
    result = subprocess.run([sys.executable, "-m", "pyxel_app", *[a.format(port=port) for a in args]],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ran 30 frames headless"


# ---- every screen: keyboard, pad, mouse, the grid ----


def test_the_pad_alone_joins_and_cancels(make_app):
    from pyxel_app.shell.harness import Driver

    app, cart = net_app(make_app, "connect4")
    driver = Driver(app)
    driver.script("pad:DPAD_DOWN pad:DPAD_DOWN pad:DPAD_DOWN pad:A")  # Join
    assert cart.phase == "name"
    driver.script("pad:START")  # an empty name
    assert cart.phase == "lan"
    driver.script("pad:A")  # typing an address
    assert cart.phase == "address"
    cart.entry.typed = ""
    driver.script("pad:A pad:DPAD_RIGHT pad:DPAD_RIGHT pad:A")  # the keys "1" and "3"
    assert cart.entry.typed == "13"
    driver.script("pad:B pad:B pad:B")  # delete, delete, then back
    assert cart.phase == "lan"
    driver.script("pad:B")
    assert cart.phase == "name"


def test_the_mouse_hosts_and_cancels(make_app):
    from pyxel_app.shell import ui
    from pyxel_app.shell.harness import Driver

    app, cart = net_app(make_app, "connect4")
    driver = Driver(app)
    driver.click(3 * ui.CELL, 11 * ui.CELL + 2)  # the third choice: Host
    assert cart.phase == "name"
    driver.key("RETURN")
    assert cart.phase == "evaluation"
    driver.click(3 * ui.CELL, 7 * ui.CELL + 2)  # the first choice: No
    assert cart.phase == "host" and cart.net.stage == "listening" and not cart.evaluation_offer
    driver.frame()
    (x0, _, y, key), = [span for span in cart.hotkeys.spans if span[3] == "ESC"]
    driver.click(x0 + 2, y + 2)
    assert cart.phase == "evaluation" and cart.net is None


@pytest.mark.parametrize("language", ["en", "de"])
def test_nothing_enters_the_margin_on_the_network_screens(make_app, language):
    from test_grid import stray_pixels

    from pyxel_app.shell import strings
    from pyxel_app.shell.harness import Driver

    host_app, host = net_app(make_app, "connect4", seed=1)
    join_app, join = net_app(make_app, "connect4", seed=2)
    strings.set_language(language)
    shots = {}
    Driver(join_app).frame()
    shots["mode, with the network's"] = stray_pixels()[:5]
    Driver(join_app).script("4 RETURN")
    Driver(join_app).frame()
    shots["games on this network"] = stray_pixels()[:5]
    Driver(join_app).script("RETURN")
    Driver(join_app).frame()
    shots["address"] = stray_pixels()[:5]
    host.start_network(HOST, LOOPBACK, 0, "Annemarie Kim")
    Driver(host_app).frame()
    shots["host"] = stray_pixels()[:5]
    join.entry.typed = f"127.0.0.1:{host.net.listening_port}"
    join.accept_address(join.entry.typed)
    Driver(join_app).frame()
    shots["connecting"] = stray_pixels()[:5]
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    host.person_move("4")
    frames([host_app, join_app], lambda: settled(host) and host.session.move_count == 1)
    Driver(host_app).frame()
    shots["waiting for the other player"] = stray_pixels()[:5]
    join.net.link.stream.sock.shutdown(socket.SHUT_RDWR)
    frames([host_app, join_app], lambda: host.net.stage == "lost")
    host_app.overlays.clear()
    Driver(host_app).frame()
    shots["lost"] = stray_pixels()[:5]
    host.reconnect()
    Driver(host_app).frame()
    shots["back soon"] = stray_pixels()[:5]
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


# ---- any two-seat game: one without a computer player gets the network modes too ----


@pytest.fixture
def tictactoe_without_engine():
    import test_match_layer as ttt

    spec = games.GameSpec(key="tictactoe", rules=ttt.RULES, strings=ttt.STRINGS, view=ttt.SPEC.view,
                          colours=ttt.SPEC.colours)
    games.register(spec)
    yield spec
    games.unregister(spec.key)


def test_a_game_without_a_computer_offers_two_players_host_and_join(make_app, screen_text, tictactoe_without_engine):
    app, cart = net_app(make_app, "tictactoe")
    assert cart.phase == "mode" and cart.mode_choices() == ("two", "host", "join", "code_host", "code_join")
    assert cart.screen_ids[0] == "mode" and "level" not in cart.screen_ids
    text = screen_text(app)
    assert "Two players" in text and "Join a network game" in text and "against the computer" not in text
    local_app, local = net_app(make_app, "tictactoe")
    local_app.network = False
    local.begin_setup()
    assert local.phase == "name"  # nothing to choose: straight to the names, as before
    host_app, host, join_app, join = connect_pair(make_app, "tictactoe")
    frames([host_app, join_app], lambda: host.over and join.over, each=play_random([host, join], random.Random(4)))
    assert same_game(host, join)


def test_in_the_browser_no_link_is_opened_and_the_socket_module_never_loaded():
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "sys.platform = 'emscripten'\n"
        "from pyxel_app.shell.netplay import describe, open_link_factory\n"
        "try:\n"
        "    open_link_factory()('join', '127.0.0.1', 1)\n"
        "except OSError as error:\n"
        "    print(describe(error))\n"
        "print('pyxel_app.net.link' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parent.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["('other', 'no network in the browser')", "False"]


def test_a_network_game_offers_its_own_keys_and_a_click_on_tab_opens_the_game_menu(make_app):
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.overlays import PauseMenu

    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    driver = Driver(host_app)
    driver.frame()
    keys = {span[3] for span in host.hotkeys.spans}
    assert {"Z", "TAB", "X"} <= keys and not keys & {"Y", "R", "H"}  # no redo, restart or hint to offer
    (x0, _, y, _), = [span for span in host.hotkeys.spans if span[3] == "TAB"]
    driver.click(x0 + 2, y + 2)
    assert isinstance(host_app.overlays[-1], PauseMenu)


def needs_dual_stack() -> None:
    if not socket.has_dualstack_ipv6():
        missing("this machine cannot listen on IPv4 and IPv6 at once", "enable IPv6 on loopback")


@pytest.mark.parametrize("address", [LOOPBACK, "::1"])
def test_a_host_on_every_address_is_reached_over_ipv4_and_ipv6(make_app, address):
    needs_dual_stack()
    host_app, host = net_app(make_app, "connect4", seed=1)
    host.net_options.update(host="")
    host.start_network(HOST, "", 0, "Ann")
    join_app, join = net_app(make_app, "connect4", seed=2)
    join.start_network(JOIN, address, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    host.person_move("4")
    frames([host_app, join_app], lambda: join.session.move_count == 1)
    assert same_game(host, join)


def test_an_ipv6_address_with_a_port_is_typed_in_brackets(make_app):
    needs_dual_stack()
    host_app, host = net_app(make_app, "connect4", seed=1)
    host.net_options.update(host="")
    host.start_network(HOST, "", 0, "Ann")
    join_app, join = net_app(make_app, "connect4", seed=2)
    _tap(join_app, "4")
    _tap(join_app, "RETURN")
    _tap(join_app, "RETURN")  # the games found: typing an address
    assert join.phase == "address"
    join_app.input.consume()
    join.entry.type_text(f"[::1]:{host.net.listening_port}")
    assert join.entry.typed == f"[::1]:{host.net.listening_port}"
    _tap(join_app, "RETURN")
    frames([host_app, join_app], lambda: settled(host) and settled(join))


# ---- network games stay whole: the variant travels, a restarted host resumes, nothing changes one side ----


def test_the_variant_chosen_in_the_menu_is_the_one_hosted_and_the_joiner_learns_it(make_app):
    from pyxel_app.shell.harness import Driver

    app, cart = net_app(make_app, "draughts")
    assert cart.phase == "variant"
    Driver(app).script("2 3 RETURN RETURN")  # Warcaby, Host, an empty name, no evaluation
    assert cart.phase == "host" and cart.variant == "warcaby"
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs())
    assert peer.got[0] == Command("HELLO", 1, "draughts warcaby 1")
    join_app, join = net_app(make_app, "draughts", seed=2)
    assert join.variant == "international"  # chosen nowhere: a joiner learns the host's
    peer.close()
    frames([app], lambda: cart.net.stage == "listening" and cart.net.waiter is not None)
    join.start_network(JOIN, LOOPBACK, cart.net.listening_port, "Bob")
    frames([app, join_app], lambda: settled(cart) and settled(join))
    assert join.variant == "warcaby" and join.state.variant == "warcaby" and join.session.meta["variant"] == "warcaby"


def test_a_joiner_with_another_variant_is_refused_by_the_host(make_app, screen_text):
    app, cart = net_app(make_app, "draughts")
    cart.start_network(HOST, LOOPBACK, 0, "Ann", "warcaby")
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs())
    peer.send_line("HELLO 1 draughts international 2 Raw")
    frames([app], lambda: peer.read() or "ERROR" in peer.verbs())
    error = next(command for command in peer.got if command.verb == "ERROR")
    assert error.text.startswith("variant_differs: ") and "international" in error.text
    assert cart.session is None
    peer.close()


def restart(make_app, app, via: str, network=None):
    """The app's process ends without a word (its sockets just close) and starts again on the same files."""
    cart = app.cartridge
    cart.net.drop_link()
    storage = MemoryStorage(dict(app.storage.backend.blobs))
    if via == "serve":  # as `main` starts it
        from pyxel_app.shell.app import open_app

        again_app = open_app(cart.key, network, storage)
    else:
        again_app, _ = make_app(storage=storage, seed=3, network=True)
    assert len(again_app.overlays) == 1 and not again_app.waiting_dialogs, "the saved game is offered once"
    confirm = again_app.overlays[-1]
    assert isinstance(confirm, Confirm)
    confirm.on_yes()
    again_app.close_overlay(confirm)
    again_app.update()
    return again_app, again_app.cartridge


@pytest.mark.parametrize("via", ["menu", "serve"])
@pytest.mark.parametrize("key, variant", [("draughts", "warcaby"), ("othello", "white-starts"), ("connect4", "standard")])
def test_a_restarted_host_resumes_its_game_and_the_other_side_reconnects(make_app, key, variant, via):
    host_app, host = net_app(make_app, key, seed=1)
    join_app, join = net_app(make_app, key, seed=2)
    host.net_options.update(host="")  # every address of the machine, as `serve` and the menu listen
    host.start_network(HOST, "", 0, "Ann", variant)
    port = host.net.listening_port
    join.start_network(JOIN, LOOPBACK, port, "Bob")
    rng = random.Random(key)
    frames([host_app, join_app], lambda: settled(host) and settled(join) and host.session.move_count >= 6
           and same_game(host, join), each=play_random([host, join], rng, 6))
    saved = host_app.storage.read(host.autosave_name)
    assert f"meta.address=:{port}\n" in saved and f"variant={variant}\n" in saved
    again_app, again = restart(make_app, host_app, via, ("host", "", port, "Ann", variant))
    assert not [name for name in again_app.storage.backend.blobs if name.endswith(".bad")]
    assert again.net is not None and again.net.role == HOST and again.net.stage == "listening"
    assert again.session.move_texts() == host.session.move_texts() and again.variant == variant
    frames([again_app, join_app], lambda: join.net.stage == "lost")
    join_app.overlays.clear()
    join.reconnect()
    frames([again_app, join_app], lambda: settled(again) and settled(join) and same_game(again, join))
    frames([again_app, join_app], lambda: again.over and join.over and not again.view.busy(again.ui)
           and not join.view.busy(join.ui), limit=20_000, each=play_random([again, join], rng))
    assert same_game(again, join) and again.end_text() == join.end_text()


def test_serve_starts_afresh_beside_a_saved_game_of_another_variant(make_app):
    host_app, host, join_app, join = connect_pair(make_app, "draughts", variant="warcaby")
    frames([host_app, join_app], lambda: host.session.move_count >= 2 and same_game(host, join),
           each=play_random([host, join], random.Random(3), 2))
    blobs = dict(host_app.storage.backend.blobs)
    again_app, _ = make_app(storage=MemoryStorage(blobs), seed=3, network=True, offer=False)
    again_app.open_start("draughts", ("host", LOOPBACK, 0, "Ann", "international"))
    again = again_app.cartridge
    assert not again_app.overlays and again.phase == "host" and again.variant == "international"
    assert again_app.storage.read(again.autosave_name) == blobs[again.autosave_name]  # kept until a first move
    again.cancel_network()


def solo_labels(cart) -> set[str]:
    return {command.label for command in cart.commands() if command.solo}


@pytest.mark.parametrize("key", two_seat_games())
def test_a_network_game_offers_nothing_that_changes_one_side_only(make_app, key):
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.strings import t

    local_app, local = net_app(make_app, key, seed=4)
    local.start_playing()
    local.submit(local.rules.move_to_text(local.rules.legal_moves(local.state)[0]))
    solo = solo_labels(local)
    assert {t("pause.redo"), t("pause.restart"), t("pause.hint"), t("pause.load")} <= solo
    local.save_game()
    Driver(local_app).key("RETURN")  # a new slot
    Driver(local_app).key("RETURN")  # named as offered
    for command in local.view.commands():  # the game's own files too (a PDN), so each load would find one
        if not command.solo:
            command.run()
    host_app, host, join_app, join = connect_pair(make_app, key)
    for app in (host_app, join_app):
        for name, blob in local_app.storage.backend.blobs.items():
            if name != local.autosave_name:
                app.storage.backend.blobs[name] = blob
    frames([host_app, join_app], lambda: host.session.move_count >= 2 and same_game(host, join),
           each=play_random([host, join], random.Random(key), 2))
    for app, cart in ((host_app, host), (join_app, join)):
        labels = {command.label for command in cart.commands()}
        assert not labels & solo and not solo_labels(cart), labels & solo
        before = cart.session.to_text()
        Driver(app).frame()
        shown = {span[3] for span in cart.hotkeys.spans}
        assert not shown & {"Y", "R", "H"}, shown
        for key_name in ("Y", "R", "H"):
            Driver(app).key(key_name)
            assert not app.overlays and cart.hint_engine is None and cart.session.to_text() == before
            assert cart.message == t("net.only_here")
        for command in (cart.load_game, cart.restart, cart.hint, cart.redo):
            command()
        assert cart.session.to_text() == before and cart.net.playing
    assert same_game(host, join)


def drawn_texts(monkeypatch, app) -> list[tuple[int, int, int, str]]:
    """Every text drawn in a frame as (row, first column, last column, text)."""
    import pyxel

    from pyxel_app.shell import ui

    drawn = []
    real = pyxel.text
    monkeypatch.setattr(pyxel, "text", lambda x, y, s, col, font=None: drawn.append((x, y, s)) or real(x, y, s, col, font))
    try:
        app.draw()
    finally:
        monkeypatch.setattr(pyxel, "text", real)
    return [(y, x // ui.CELL, (x + len(s) * ui.CELL - 1) // ui.CELL, s) for x, y, s in drawn if s.strip()]


def overlaps(texts) -> list[tuple[str, str]]:
    found = []
    for i, (row, first, last, text) in enumerate(texts):
        for other_row, other_first, other_last, other in texts[i + 1:]:
            if abs(row - other_row) < 8 and first <= other_last and other_first <= last:
                found.append((text, other))
    return found


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key, variant", game_variants())
def test_the_panel_of_a_network_game_draws_no_line_over_another(make_app, monkeypatch, key, variant, language):
    from pyxel_app.shell import strings

    host_app, host, join_app, join = connect_pair(make_app, key, variant=variant)
    strings.set_language(language)
    found = {}
    for app, cart in ((host_app, host), (join_app, join)):
        found[f"{cart.net.role} connected"] = overlaps(drawn_texts(monkeypatch, app))
    join.net.link.stream.sock.shutdown(socket.SHUT_RDWR)
    frames([host_app, join_app], lambda: host.net.stage == join.net.stage == "lost")
    for app, cart in ((host_app, host), (join_app, join)):
        app.overlays.clear()
        found[f"{cart.net.role} not connected"] = overlaps(drawn_texts(monkeypatch, app))
    assert {name: pairs for name, pairs in found.items() if pairs} == {}


def test_a_fresh_wait_shows_nothing_of_the_player_who_came_and_went(make_app, screen_text):
    app, cart = net_app(make_app, "connect4")
    cart.start_network(HOST, LOOPBACK, 0, "Ann")
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs())
    peer.send_line("BYE")
    frames([app], lambda: cart.net.stage == "listening" and cart.net.link is None)
    text = screen_text(app)
    assert "Waiting for the other player to join." in text and "left" not in text, text
    peer.close()


@pytest.mark.parametrize("line, german, english", [
    ("HELO", "ein unbekannter Befehl \"HELO\"", "unknown command"),
    ("x" * 300, "eine Zeile länger als 256 Bytes", "longer than"),
    ("ERROR mismatch: the two games differ", "Der andere Rechner hat ein anderes Spiel", "differ"),
    ("ERROR variant_differs: The other computer plays the variant warcaby, this one international.",
     "Der andere Rechner spielt eine andere Variante.", "The other computer"),
])
def test_network_errors_come_in_the_players_language(make_app, screen_text, line, german, english):
    _, text = greeted_with(make_app, screen_text, line, "de")
    assert german in text and english not in text, text


@pytest.mark.parametrize("code, words", [(__import__("errno").EADDRNOTAVAIL, ("not_here", "")),
                                         (__import__("errno").ENOBUFS, ("network", "ENOBUFS"))])
def test_a_system_error_is_a_word_or_its_code_never_the_systems_english(code, words):
    import os

    from pyxel_app.net.link import describe
    from pyxel_app.shell import strings
    from pyxel_app.shell.netplay import why_text

    assert describe(OSError(code, os.strerror(code))) == words
    strings.set_language("de")
    try:
        assert os.strerror(code) not in why_text(*words)
        assert why_text(*words) in (strings.t("net.why.not_here"), "ein Netzwerkfehler (ENOBUFS)")
    finally:
        strings.set_language("en")


def test_a_bad_address_is_said_in_german(make_app, screen_text):
    from pyxel_app.shell import strings

    app, cart = net_app(make_app, "connect4")
    strings.set_language("de")
    cart.go_to_phase("address")
    cart.accept_address("pc:99999")
    assert cart.message == "Der Port muss eine Zahl von 1 bis 65535 sein."
    cart.accept_address("a b")
    assert cart.message == "Keine Adresse: a b"


def test_serve_checks_its_variant_and_greets_with_it():
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    free = socket.create_server((LOOPBACK, 0))
    port = free.getsockname()[1]
    free.close()
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(Path(__file__).resolve().parent.parent),
               BYPUZZ_HEADLESS_FRAMES="1000000")
    process = subprocess.Popen([sys.executable, "-m", "pyxel_app", "serve", "draughts", "--variant", "warcaby",
                                "--port", str(port), "--bind", LOOPBACK, "--name", "Ann"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        peer = None
        deadline = time.monotonic() + 60  # the other process starting; a bound on the wait, not a measurement
        while peer is None and time.monotonic() < deadline and process.poll() is None:
            try:
                peer = RawPeer.join(port)
            except OSError:
                time.sleep(0.1)
        assert peer is not None, process.stderr.read() if process.poll() is not None else "no listener"
        while "HELLO" not in peer.verbs() and time.monotonic() < deadline:
            peer.read() or time.sleep(0.05)
        assert peer.got[0] == Command("HELLO", 1, "draughts warcaby 1 Ann")
        peer.close()
    finally:
        process.kill()
        process.communicate(timeout=30)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_end_of_a_network_game_offers_no_new_players_and_undo_as_a_question(make_app, language):
    """After the end a network game's keys are its own: a new game is asked of the other player,
    undo is a question, and P (new players here) is neither offered nor taken."""
    from pyxel_app.shell import strings
    from pyxel_app.shell.harness import Driver

    strings.set_language(language)
    host_app, host, join_app, join = connect_pair(make_app, "connect4")
    join.ask_resign()
    join_app.overlays[-1].on_yes()
    join_app.close_overlay(join_app.overlays[-1])
    frames([host_app, join_app], lambda: host.over and join.over)
    for app, cart in ((host_app, host), (join_app, join)):
        Driver(app).frame()
        shown = {span[3] for span in cart.hotkeys.spans}
        assert "P" not in shown and {"N", "M", "Z"} <= shown, shown
        assert cart.panel_keys(False) == strings.t("match.keys.over_net")
        Driver(app).key("P")
        assert cart.phase == "play" and cart.net is not None and cart.over
