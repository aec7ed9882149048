"""A stranger on the host's port (issue #39, 4): whoever connects is a caller until greeted and
resumed, and nothing a caller or a peer sends changes the host's game, stops it listening, or
opens more than one dialog.  Real sockets on loopback against a hosting app; time moves on the
clock the test holds."""

from __future__ import annotations

import socket

import pytest

from pyxel_app.net.protocol import digest
from pyxel_app.shell.netplay import GREETING_SECONDS, HOST, JOIN, QUESTIONS_PER_MINUTE
from pyxel_app.shell.overlays import Confirm

from test_netplay import LOOPBACK, Clock, RawPeer, frames, net_app, settled, two_moves_then_cut

GOOD_HELLO = "HELLO 1 connect4 standard 2 Raw"
RESUME_FRESH = f"RESUME 0 {digest([])}"


def dialogs(app) -> list:
    """Every dialog showing or waiting its turn."""
    return [overlay for overlay in app.overlays if overlay.queues] + list(app.waiting_dialogs)


def watch_dialogs(monkeypatch, app) -> list:
    """Every dialog the app opens from now on, in order (one may come and go within a frame)."""
    opened = []
    real = app.dialogs.open
    monkeypatch.setattr(app.dialogs, "open", lambda overlay: (opened.append(overlay) if overlay.queues else None,
                                                             real(overlay))[1])
    return opened


def hosting(make_app, clock: Clock):
    app, cart = net_app(make_app, "connect4", clock)
    cart.start_network(HOST, LOOPBACK, 0, "Ann")
    return app, cart


def call(app, cart) -> RawPeer:
    """A raw socket connects to the host and reads its greeting."""
    peer = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: peer.read() or "HELLO" in peer.verbs())
    return peer


def push(peer: RawPeer, data: bytes) -> None:
    """Send what a refusing host may no longer read (its socket is then closed)."""
    try:
        peer.send_line(data)
    except OSError:
        pass


def answer_reconnect(app, cart) -> None:
    """The host's player says yes to "Connection lost. Reconnect?": it listens again."""
    dialog = app.overlays[-1]
    assert isinstance(dialog, Confirm) and len(dialogs(app)) == 1
    dialog.on_yes()
    app.close_overlay(dialog)
    frames([app], lambda: cart.net.stage == "listening")


def raw_game(app, cart, first: str) -> RawPeer:
    """A raw peer joins the fresh host, which plays ``first``."""
    peer = call(app, cart)
    peer.send_line(GOOD_HELLO)
    peer.send_line(RESUME_FRESH)
    frames([app], lambda: settled(cart))
    cart.person_move(first)
    frames([app], lambda: peer.read() or "MOVE" in peer.verbs())
    return peer


def drop(app, cart, peer: RawPeer) -> None:
    """The peer is gone; the host's player chose to reconnect: it listens again with its game."""
    peer.close()
    frames([app], lambda: cart.net.stage == "lost")
    answer_reconnect(app, cart)


def host_in(make_app, state: str):
    """A hosting app in one state of the conversation and the raw peer it talks with.

    waiting: a caller connected, greeted by the host, silent; greeted: the caller's HELLO came;
    resuming: a host with move 1 (its own) and a caller that claims 2 moves, the missing one not
    yet sent; playing: moves 4, 3 played, the host to move; question: the same and the peer's
    DRAW asked here; reconnecting: a host whose peer dropped, listening again, a caller in.
    """
    clock = Clock()
    app, cart = hosting(make_app, clock)
    if state in ("waiting", "greeted"):
        peer = call(app, cart)
        if state == "greeted":
            peer.send_line(GOOD_HELLO)
            frames([app], lambda: peer.read() or "RESUME" in peer.verbs())
        return app, cart, peer, clock
    peer = raw_game(app, cart, "4")
    if state == "resuming":
        drop(app, cart, peer)
        peer = call(app, cart)
        peer.send_line(GOOD_HELLO)
        peer.send_line(f"RESUME 2 {digest(['4', '3'])}")
        frames([app], lambda: cart.net.stage == "syncing")
        return app, cart, peer, clock
    peer.send_line("MOVE 2 3")
    frames([app], lambda: cart.session.move_count == 2)
    if state == "question":
        peer.send_line("DRAW")
        frames([app], lambda: dialogs(app))
    if state == "reconnecting":
        drop(app, cart, peer)
        peer = call(app, cart)
    return app, cart, peer, clock


def saved(app, cart) -> str | None:
    return cart.session.to_text() if cart.session is not None else None


def still_listening(app, cart, before: str | None) -> None:
    """The caller is gone, the game as it was, no dialog, and the next caller is greeted."""
    assert cart.net.stage == "listening" and cart.net.link is None
    assert cart.net.waiter is not None and not cart.net.waiter.closed
    assert saved(app, cart) == before and app.storage.read(cart.autosave_name) == before
    assert dialogs(app) == []
    nxt = call(app, cart)
    assert nxt.got[0].verb == "HELLO"
    nxt.close()
    frames([app], lambda: cart.net.link is None)


# ---- one line must not stop a waiting host from listening ----

STRANGERS = {
    "move before hello": ["MOVE 1 4"],
    "error before hello": ["ERROR mismatch: no"],
    "another version": ["HELLO 9 connect4 standard 2"],
    "another game": ["HELLO 1 othello standard 2"],
    "another variant": ["HELLO 1 connect4 giant 2"],
    "the same side": ["HELLO 1 connect4 standard 1 Eve"],
    "a wrong resume": [GOOD_HELLO, "RESUME 0 0123456789abcdef"],
    "a resume of fewer moves that differ": [GOOD_HELLO, f"RESUME 1 {digest(['7'])}"],
    "hello then closing": [GOOD_HELLO, None],
    "a port scan": [None],
    "garbage": [b"\xff\xfe\x00\n"],
}


@pytest.mark.parametrize("reconnecting", [False, True], ids=["fresh", "reconnecting"])
@pytest.mark.parametrize("name", STRANGERS)
def test_one_line_from_a_stranger_does_not_stop_the_host_and_the_real_peer_gets_in(make_app, name, reconnecting):
    clock = Clock()
    host_app, host = net_app(make_app, "connect4", clock, seed=1)
    join_app, join = net_app(make_app, "connect4", clock, seed=2)
    host.start_network(HOST, LOOPBACK, 0, "Ann")
    if reconnecting:  # two moves, then the line is cut; the host's player chose to reconnect
        join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
        frames([host_app, join_app], lambda: settled(host) and settled(join))
        two_moves_then_cut(host_app, host, join_app, join, "3")
        join_app.overlays.clear()
        answer_reconnect(host_app, host)
    before = saved(host_app, host)
    stranger = call(host_app, host)
    for line in STRANGERS[name]:
        if line is None:
            stranger.close()
        else:
            stranger.send_line(line)
    frames([host_app], lambda: stranger.sock.fileno() < 0 or stranger.read() or "ERROR" in stranger.verbs()
           or host.net.link is None)
    if name == "a resume of fewer moves that differ" and not reconnecting:  # more moves than here: it may send them
        assert host.net.stage == "syncing" and host.session is None
        clock.now += GREETING_SECONDS + 1
    frames([host_app], lambda: host.net.link is None)
    still_listening(host_app, host, before)
    if stranger.sock.fileno() >= 0:  # refused with a word the stranger reads in its own language
        stranger.read()
        assert "ERROR" in stranger.verbs() or name == "error before hello"
        stranger.close()
    if reconnecting:
        join.reconnect()
    else:
        join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join))
    assert host.session.move_texts() == join.session.move_texts() == ([] if before is None else ["4", "3"])
    assert host.player_name(1) == "Bob" and dialogs(host_app) == []


def test_a_refused_caller_leaves_a_short_note_on_the_hosts_screen(make_app, screen_text):
    from pyxel_app.shell import strings

    app, cart = hosting(make_app, Clock())
    strings.set_language("de")
    stranger = call(app, cart)
    stranger.send_line("HELLO 9 connect4 standard 2")
    frames([app], lambda: stranger.read() or "ERROR" in stranger.verbs())
    frames([app], lambda: cart.net.link is None)
    error = next(command for command in stranger.got if command.verb == "ERROR")
    assert error.text.startswith("version: ")
    assert cart.message == "Eine Verbindung wurde abgewiesen: eine andere Protokollversion."
    text = screen_text(app)
    text = text.replace(" | ", " ")
    assert cart.message in text and "Warte, bis der andere Spieler beitritt." in text
    assert dialogs(app) == []
    stranger.close()


def test_while_one_caller_greets_another_is_told_the_host_is_busy(make_app):
    app, cart = hosting(make_app, Clock())
    first = call(app, cart)
    second = RawPeer.join(cart.net.listening_port)
    frames([app], lambda: second.read() or "ERROR" in second.verbs())
    assert second.got[0].verb == "ERROR" and second.got[0].text.startswith("busy: ")
    assert cart.net.stage == "greeting" and cart.net.waiter is not None
    first.send_line(GOOD_HELLO)
    first.send_line(RESUME_FRESH)
    frames([app], lambda: settled(cart))
    assert cart.net.waiter is None  # in: no more listening
    first.close()
    second.close()


def test_a_joiner_told_busy_may_try_again_and_gets_in(make_app, screen_text):
    host_app, host = hosting(make_app, Clock())
    stranger = call(host_app, host)
    join_app, join = net_app(make_app, "connect4", seed=2)
    join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: join.net.stage == "lost")
    text = screen_text(join_app).replace(" | ", " ")
    assert "the other computer was greeting another one" in text and "try again" in text
    stranger.close()
    frames([host_app], lambda: host.net.link is None)
    join.start_network(JOIN, LOOPBACK, host.net.listening_port, "Bob")
    frames([host_app, join_app], lambda: settled(host) and settled(join))


# ---- a peer supplies only its own side's moves ----


@pytest.mark.parametrize("host_moves", [[], ["7"]], ids=["fresh", "resumed"])
def test_a_resuming_peer_cannot_play_the_hosts_moves(make_app, host_moves):
    """The issue's case: RESUME 3 <digest of 7,1,7>, then MOVE 1 7, MOVE 2 1, MOVE 3 7."""
    clock = Clock()
    app, cart = hosting(make_app, clock)
    if host_moves:  # a game with the host's first move, its peer gone, listening again
        drop(app, cart, raw_game(app, cart, "7"))
    before = saved(app, cart)
    peer = call(app, cart)
    peer.send_line(GOOD_HELLO)
    peer.send_line(f"RESUME 3 {digest(['7', '1', '7'])}")
    for number, move in enumerate(["7", "1", "7"][len(host_moves):], len(host_moves) + 1):
        push(peer, f"MOVE {number} {move}\n".encode())
    frames([app], lambda: peer.read() or "ERROR" in peer.verbs())
    error = next(command for command in peer.got if command.verb == "ERROR")
    refused = 3 if host_moves else 1  # move 2 is the peer's own: taken, but played only with the rest
    assert error.text.startswith("own_move: ") and f"sent move {refused}," in error.text
    frames([app], lambda: cart.net.link is None)
    still_listening(app, cart, before)
    assert cart.message == "A connection was turned away: it sent a move of this side."
    peer.close()


def test_a_resuming_peer_supplies_its_own_missed_move(make_app):
    clock = Clock()
    app, cart = hosting(make_app, clock)
    drop(app, cart, raw_game(app, cart, "7"))
    peer = call(app, cart)
    peer.send_line(GOOD_HELLO)
    peer.send_line(f"RESUME 2 {digest(['7', '1'])}")
    frames([app], lambda: cart.net.stage == "syncing")
    assert cart.session.move_texts() == ["7"]  # nothing played before all missing moves are in and checked
    peer.send_line("MOVE 2 1")
    frames([app], lambda: settled(cart))
    assert cart.session.move_texts() == ["7", "1"] and app.storage.read(cart.autosave_name) == cart.session.to_text()
    peer.close()


def test_a_playing_peer_cannot_play_the_hosts_move(make_app):
    app, cart, peer, _ = host_in(make_app, "playing")
    before = saved(app, cart)
    legal = cart.rules.move_to_text(cart.rules.legal_moves(cart.state)[0])
    peer.send_line(f"MOVE 3 {legal}")  # the right number, a legal move: but the host's to make
    frames([app], lambda: peer.read() or "ERROR" in peer.verbs())
    error = next(command for command in peer.got if command.verb == "ERROR")
    assert error.text.startswith("move: ") and "not your turn" in error.text
    assert saved(app, cart) == before and cart.net.playing
    peer.close()


def test_a_joiner_takes_only_the_hosts_moves_when_it_catches_up(make_app):
    """The other way round: a host (a raw socket here) that sends the joiner's own move."""
    app, cart = net_app(make_app, "connect4")
    listener = socket.create_server((LOOPBACK, 0))
    cart.start_network(JOIN, LOOPBACK, listener.getsockname()[1], "Bob")
    listener.settimeout(5)
    host = RawPeer(listener.accept()[0])
    host.send_line("HELLO 1 connect4 standard 1 Ann")
    host.send_line(f"RESUME 2 {digest(['4', '3'])}")
    frames([app], lambda: cart.net.stage == "syncing")
    host.send_line("MOVE 1 4")
    host.send_line("MOVE 2 3")
    frames([app], lambda: cart.net.stage == "failed")
    assert cart.session.move_count == 0
    assert "move 2, which is this side's to make" in cart.net.detail
    host.close()
    listener.close()


# ---- one question at a time ----


@pytest.mark.parametrize("question", ["DRAW", "UNDO 0", "UNDO 1", "NEW"])
def test_a_question_sent_5000_times_opens_one_dialog_and_a_flood_closes(make_app, monkeypatch, question):
    app, cart, peer, _ = host_in(make_app, "playing")
    if question == "NEW":  # asked after the end
        peer.send_line("RESIGN")
        frames([app], lambda: cart.over)
    before, kept = saved(app, cart), app.storage.read(cart.autosave_name)  # a finished game is not kept
    opened = watch_dialogs(monkeypatch, app)
    push(peer, (question + "\n").encode() * 5000)
    frames([app], lambda: cart.net.stage == "lost")
    asked = [dialog for dialog in opened if dialog is not opened[-1] or cart.over]
    assert len(asked) == 1 and "?" in asked[0].lines[-1] and asked[0] not in dialogs(app)  # gone with the connection
    if cart.over:  # after the end nothing is offered: the panel says "Not connected"
        assert dialogs(app) == [] and cart.net.problem == "asking"
    else:
        assert dialogs(app) == [opened[-1]]
        assert f"asked more than {QUESTIONS_PER_MINUTE} questions a minute" in " ".join(opened[-1].lines)
    assert saved(app, cart) == before and app.storage.read(cart.autosave_name) == kept
    peer.read()
    assert any(command.text.startswith("asking: ") for command in peer.got if command.verb == "ERROR")
    peer.close()


def test_while_a_question_is_open_a_repeat_is_ignored_and_another_refused(make_app):
    app, cart, peer, _ = host_in(make_app, "question")
    for _ in range(5):
        peer.send_line("DRAW")
    peer.send_line("UNDO 1")
    peer.send_line("PING")
    frames([app], lambda: peer.read() or "PONG" in peer.verbs())
    assert len(dialogs(app)) == 1 and "offers a draw" in " ".join(dialogs(app)[0].lines)
    assert "UNDO-NO" in peer.verbs() and "DRAW-NO" not in peer.verbs()  # the repeats wait for the answer asked
    dialog = dialogs(app)[0]
    dialog.on_no()
    app.close_overlay(dialog)
    frames([app], lambda: peer.read() or "DRAW-NO" in peer.verbs())
    assert peer.verbs().count("DRAW-NO") == 1
    peer.send_line("UNDO 1")  # answered: the next question is asked
    frames([app], lambda: dialogs(app))
    assert "back to move 1" in " ".join(dialogs(app)[0].lines) and cart.net.playing
    peer.close()


def test_a_question_goes_with_the_connection(make_app):
    app, cart, peer, _ = host_in(make_app, "question")
    peer.close()
    frames([app], lambda: cart.net.stage == "lost")
    assert len(dialogs(app)) == 1 and "Reconnect?" in " ".join(dialogs(app)[0].lines)


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_word_from_the_other_side_fits_the_status_lines(language):
    """A peer's words come as passing notes, never as dialogs: this side's own fit uncut."""
    from pyxel_app.shell import strings, ui

    strings.set_language(language)
    try:
        keys = [key for key in strings.table(language) if key.startswith(("net.peer.", "net.away."))]
        texts = [strings.t(key) if key.startswith("net.peer.") else strings.t("net.turned_away", why=strings.t(key))
                 for key in keys]
        texts.append(strings.t("net.refused_move", n=99999, player="W" * 12))
        assert len(keys) > 20
        assert [text for text in texts if len(ui.wrap(text, ui.COLS - 2)) > 2] == []
    finally:
        strings.set_language("en")


# ---- a greeting deadline ----


@pytest.mark.parametrize("how", ["answers pings", "drips a byte a second"])
def test_a_caller_that_never_greets_is_turned_away_after_the_deadline(make_app, how):
    clock = Clock()
    app, cart = hosting(make_app, clock)
    peer = call(app, cart)
    line = GOOD_HELLO.encode()
    for second in range(int(GREETING_SECONDS)):
        clock.now += 1
        if how == "answers pings":
            frames([app], lambda: True)
            if peer.read() and "PING" in peer.verbs():
                peer.got.clear()
                peer.send_line("PONG")
        else:
            peer.send_line(line[second:second + 1])
        frames([app], lambda: True)
        assert cart.net.stage == "greeting" and cart.net.link is not None
    clock.now += 1
    frames([app], lambda: cart.net.link is None)
    peer.read()
    assert any(command.text.startswith("slow: ") for command in peer.got if command.verb == "ERROR")
    still_listening(app, cart, None)
    peer.close()


def test_a_host_that_never_greets_is_given_up_by_the_joiner(make_app, screen_text):
    clock = Clock()
    app, cart = net_app(make_app, "connect4", clock)
    listener = socket.create_server((LOOPBACK, 0))
    cart.start_network(JOIN, LOOPBACK, listener.getsockname()[1], "Bob")
    listener.settimeout(5)
    host = RawPeer(listener.accept()[0])
    frames([app], lambda: cart.net.stage == "greeting")
    clock.now += GREETING_SECONDS + 1
    frames([app], lambda: cart.net.stage == "lost")  # may be better next time: try again is offered
    text = screen_text(app).replace(" | ", " ")
    assert "Not connected: no greeting within 10 s" in text and "try again" in text
    host.close()
    listener.close()


# ---- every state of the conversation against every kind of hostile line ----

HOSTILE = {
    "hello": GOOD_HELLO, "hello same side": "HELLO 1 connect4 standard 1 Eve", "hello version": "HELLO 9 connect4 standard 2",
    "hello game": "HELLO 1 othello standard 2", "hello variant": "HELLO 1 connect4 giant 2",
    "resume fresh": RESUME_FRESH, "resume wrong": "RESUME 1 0123456789abcdef", "resume ahead": "RESUME 9 0123456789abcdef",
    "move 1": "MOVE 1 4", "move next": "MOVE 3 5", "move far": "MOVE 99 4", "move unreadable": "MOVE 2 zz",
    "undo 0": "UNDO 0", "undo far": "UNDO 99", "undo-ok": "UNDO-OK 0", "undo-no": "UNDO-NO",
    "draw": "DRAW", "draw-ok": "DRAW-OK", "draw-no": "DRAW-NO", "resign": "RESIGN",
    "new": "NEW", "new-ok": "NEW-OK", "new-no": "NEW-NO", "error": "ERROR version: no", "error unknown": "ERROR ???",
    "error long": "ERROR " + "y " * 95,
    "pong": "PONG", "bye": "BYE", "unknown": "EVAL 1", "not utf-8": b"\xff\xfe\n", "too long": "x" * 300,
    "flood draw": "DRAW\n" * 5000, "flood undo": "UNDO 0\n" * 5000, "flood new": "NEW\n" * 5000,
    "flood move": "MOVE 3 5\n" * 5000, "close": None,
}
BEFORE_IN = ("waiting", "greeted", "resuming", "reconnecting")
IN = ("playing", "question")
# What the state expects next, the one line that is not hostile there.
EXPECTED = {"waiting": "hello", "reconnecting": "hello", "greeted": "resume fresh", "playing": "resign",
            "question": "resign"}
# Lines that end a connection in play, as documented: the peer leaves, breaks the protocol, floods.
ENDS = {"bye", "unknown", "not utf-8", "too long", "flood draw", "flood undo", "flood new", "close"}


@pytest.mark.parametrize(("name", "state"), [(name, state) for name in HOSTILE for state in BEFORE_IN + IN
                                              if EXPECTED.get(state) != name])
def test_no_hostile_line_in_any_state_changes_the_hosts_game(make_app, state, name):
    app, cart, peer, clock = host_in(make_app, state)
    before, open_before = saved(app, cart), len(dialogs(app))
    line = HOSTILE[name]
    if line is None:
        peer.close()
    else:
        push(peer, line if isinstance(line, bytes) else (line if line.endswith("\n") else line + "\n").encode())
        push(peer, b"PING\n")  # answered once all before it was read
    most = len(dialogs(app))

    def count() -> None:
        nonlocal most
        most = max(most, len(dialogs(app)))

    frames([app], lambda: cart.net.link is None or cart.net.link.closed or peer.read() or "PONG" in peer.verbs(),
           each=count)
    frames([app], lambda: True, each=count)
    if state in BEFORE_IN:
        clock.now += GREETING_SECONDS + 1  # whatever the caller did, its time is up
        frames([app], lambda: cart.net.link is None, each=count)
        assert most == 0
        still_listening(app, cart, before)
    else:
        assert saved(app, cart) == before and cart.agreed is None and most <= 1
        if name in ENDS:
            assert cart.net.stage == "lost"
        elif name != "flood move":  # 5000 refusals: answered each, or cut off if they are not read
            assert cart.net.playing and len(dialogs(app)) == (open_before or name in ("draw", "undo 0"))
    if peer.sock.fileno() >= 0:
        peer.close()
