"""The end tells the truth: every ending of every registered game, in both languages, for every
way of sitting at it (against the computer on either side, two people here, a network game seen
from either computer), says who won in the title box, the end text and the status line.

An ending is played through the game's own move path from a position given in its notation
(``state_from_text``) or, for resigning and an agreed draw, through the match layer's own commands;
the screen is then drawn and every word printed is read."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from pyxel_app import games
from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.rules.fifteen import STANDARD_GOAL
from pyxel_app.session import Session
from pyxel_app.shell import strings, ui
from pyxel_app.shell.netplay import HOST, NetGame
from pyxel_app.shell.overlays import Confirm

from test_netplay import LOOPBACK, MemoryLink, connect_pair, frames

LANGUAGES = ("en", "de")
WON = {"en": ("won", "wins"), "de": ("gewonnen", "gewinnt", "siegt")}
LOST = {"en": ("lost", "resigned", "cannot move"), "de": ("verloren", "aufgegeben", "kann nicht")}
DRAWN = {"en": ("draw",), "de": ("remis", "unentschieden")}
SOLVED = {"en": ("solved",), "de": ("gelöst",)}
NAMES = ("Ann", "Bob")


@dataclass(frozen=True)
class Ending:
    """A game ended by ``moves`` (the game's move texts) from ``start`` (its position text)."""

    reason: str
    winner: int | None
    start: str
    moves: str
    variant: str | None = None

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"seat{self.winner + 1}"
        return f"{self.variant or ''}{self.reason.replace(' ', '_')}-{who}"


KING_WALK = ("48-25 3-12 25-14 12-1 14-10 1-12 10-15 12-1 15-20 1-12 20-24 12-1 24-13 1-12 13-19 12-1 19-14 1-12 "
             "14-10 12-1 10-15 1-12 15-20 12-1 20-24 1-12 24-13 12-1 13-19 1-12 19-2 12-1 2-11 1-12 11-16 12-1 "
             "16-2 1-12 2-11 12-1 11-16 1-12 16-27 12-1 27-21 1-18 21-16 18-13 16-11 13-18")

# Every kind of ending each two-player game on the match layer can reach, for each side.
MATCH_ENDINGS = {
    "connect4": [
        Ending("four", 0, "77111372676733525156246476", "5"),
        Ending("four", 1, "747413544773435252327", "1"),
        Ending("draw", None, "44136567533446633544223266151557777121712", "2"),
    ],
    "othello": [
        Ending("most stones", 0, "-OOOOOOXXOOXXOOXXOXOOOOXXOXOOOOXXOOOXOOXXOXOOXOXXOOOOOXXXOOXXXXX X", "a1", "standard"),
        Ending("most stones", 1, "OOOO-XOOOOXXXOOOOXOXOXOOOOXOOXOOOOOOOXOOOOXOOOOOOXOXXOOOXOOOOOOO O", "e1", "standard"),
        Ending("draw", None, "XXXXXXXOXOOOOX-OXOOOXOOOXXXXXOXXOOOOOXXXOOOOXXOXOOOXOOXXOOXXXXXX O", "g2", "standard"),
        # neither side can move with squares left: the one before the end, and a side wiped out
        Ending("most stones", 1, "-XXXXXXXOOXXXXXXOOOXOXXXOXOOXOXXOXOOOXXOOXXXXXXOOOOOOXXOOOOOOOX- O", "h8", "standard"),
        Ending("most stones", 0, "XO" + "-" * 62 + " X", "c1", "standard"),
    ],
    "draughts": [
        Ending("all_captured", 0, "W:W7:B11", "7x16", "international"),
        Ending("all_captured", 1, "B:W7:B1", "1x12", "international"),
        Ending("blocked", 0, "W:W10,20:B5", "20-14", "international"),
        Ending("blocked", 1, "B:W6:B1,7", "7-12", "international"),
        Ending("repetition", None, "W:WK48:BK3", "48-42 3-9 42-48 9-3 48-42 3-9 42-48 9-3", "international"),
        Ending("king_moves", None, "W:WK48:BK3", KING_WALK, "international"),
        Ending("all_captured", 0, "W:W13:B9", "13x4", "warcaby"),
        Ending("all_captured", 1, "B:W8:B2", "2x13", "warcaby"),
        Ending("blocked", 0, "W:W30,39:B25", "39-34", "warcaby"),
        Ending("blocked", 1, "B:W6:B1,35", "35-40", "warcaby"),
    ],
}
# Who sits where: the computer in seat 1 or 2, two people here, a network game played here in seat 1 or 2.
SEATINGS = [("computer", 0), ("computer", 1), ("two", None), ("host", 0), ("host", 1)]
# The players' own ends: a resignation or an agreed draw, asked here or by the other computer.
AGREEMENTS = ["resign here", "resign there", "draw offered here", "draw offered there"]


def match_keys() -> list[str]:
    return [spec.key for spec in games.GAMES if spec.is_match]


def own_keys() -> list[str]:
    return [spec.key for spec in games.GAMES if not spec.is_match]


def seating_id(seating: tuple[str, int | None]) -> str:
    mode, seat = seating
    return mode if seat is None else f"{mode}-seat{seat + 1}"


def match_cases():
    return [pytest.param(key, ending, seating, id=f"{key}{number}-{ending}-{seating_id(seating)}")
            for key in match_keys() for number, ending in enumerate(MATCH_ENDINGS.get(key, []), 1)
            for seating in SEATINGS]


# ---- reading the screen ----


def has_word(text: str, words) -> bool:
    return any(re.search(r"\b" + re.escape(word), text, re.IGNORECASE) for word in words)


def drawn(app, monkeypatch) -> tuple[str, list[str]]:
    """The title box's word and every other string printed in one frame."""
    titles: list[str] = []
    printed: list[str] = []
    real_title, real_text = ui.title_box, ui.text

    def title_box(word, *args, **kwargs):
        titles.append(word)
        real_title(word, *args, **kwargs)

    def text(x, y, s, col=0):
        printed.append(s)
        real_text(x, y, s, col)

    with monkeypatch.context() as patch:
        patch.setattr(ui, "title_box", title_box)
        patch.setattr(ui, "text", text)
        app.draw()
    assert len(titles) == 1, titles
    layout = ui.last_title  # the title box keeps clear of the heading, and the heading of the edge
    assert not layout.heading or layout.heading_col > ui.MARGIN + layout.width, (titles[0], layout)
    assert layout.heading_col + len(layout.heading) <= ui.COLS - ui.MARGIN, (titles[0], layout)
    return titles[0], [s for s in printed if s.strip() and s != titles[0]]


def named_before(text: str, word_at: int, names: list[str]) -> str | None:
    """The player named last before position ``word_at`` of ``text``."""
    found = [(text.rfind(name, 0, word_at), name) for name in names]
    at, name = max(found)
    return name if at >= 0 else None


def check_sentence(text: str, winner: str, loser: str, language: str) -> None:
    """A result sentence: each word of winning follows the winner's name, each of losing the loser's."""
    for words, who in ((WON[language], winner), (LOST[language], loser)):
        for word in words:
            for match in re.finditer(r"\b" + re.escape(word), text, re.IGNORECASE):
                assert named_before(text, match.start(), [winner, loser]) == who, (text, word)
    assert winner in text and has_word(text, WON[language]), text


def check_match_end(app, cart, monkeypatch, here: int | None) -> None:
    """The screen at the end, in both languages: ``here`` is the seat of the one person at this
    computer facing the computer or the other computer (None: two people here)."""
    outcome = cart.outcome
    assert outcome is not None and not cart.view.busy(cart.ui)
    for language in LANGUAGES:
        strings.set_language(language)
        title, printed = drawn(app, monkeypatch)
        end = cart.end_text()
        names = [cart.player_name(0), cart.player_name(1)]
        if outcome.winner is None:
            for text in (title, end):
                assert has_word(text, DRAWN[language]), text
                assert not has_word(text, WON[language] + LOST[language]), text
                assert not any(name in text for name in names), text
        else:
            check_sentence(end, names[outcome.winner], names[1 - outcome.winner], language)
            if here is None:  # two people here: the title names the winning side
                assert has_word(title, WON[language]) and not has_word(title, LOST[language]), title
                assert cart.colour_name(cart.colours[outcome.winner]) in title, title
                assert cart.colour_name(cart.colours[1 - outcome.winner]) not in title, title
            elif outcome.winner == here:
                assert has_word(title, WON[language]) and not has_word(title, LOST[language]), (title, names)
            else:
                assert has_word(title, LOST[language]) and not has_word(title, WON[language]), (title, names)
        # The end text is on the screen whole; nothing else there speaks of a result or a turn.
        lines = ui.wrap(end, ui.COLS - 2)
        assert all(line in printed for line in lines), (lines, printed)
        others = [s for s in printed if s not in lines]
        assert not [s for s in others if has_word(s, WON[language] + LOST[language] + DRAWN[language])], others
        to_move = [cart.word("to_move", player=cart.player_label(seat)) for seat in (0, 1)]
        assert not set(to_move) & set(printed), printed
    strings.set_language("en")


# ---- building a match in a seating ----


def match_in(make_app, key: str, seating: tuple[str, int | None], variant: str | None, start: str):
    """A match of ``key`` at ``start`` (its position text; "" for the start), seated as asked."""
    app, driver = make_app()
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    spec = cart.spec
    mode, seat = seating
    meta = {"mode": mode, "name1": NAMES[0], "name2": NAMES[1], "colour1": spec.colours[0], "colour2": spec.colours[1]}
    if variant is not None:
        meta["variant"] = variant
    if mode == "computer":
        meta.update(level=spec.levels[0], computer=str(seat + 1))
    elif mode == "host":
        meta.update(local=str(seat + 1), address=f"{LOOPBACK}:1")
        cart.mode, cart.names = mode, list(NAMES)
        cart.net = NetGame(cart.netside.table, HOST, LOOPBACK, 1, seat, clock=lambda: 1000.0)
        cart.net.link, cart.net.stage, cart.net.greeted = MemoryLink(), "playing", True
    state = cart.rules.state_from_text(start, variant) if start else cart.rules.initial_state(variant)
    cart.adopt(Session(cart.rules, state, meta))
    here = None if mode == "two" else (1 - seat if mode == "computer" else seat)
    return app, driver, cart, here


def settle(driver, cart, limit: int = 300) -> None:
    for _ in range(limit):
        driver.frame()
        if not cart.view.busy(cart.ui) and not cart.app.overlays:
            return
    raise AssertionError("the board is still busy")


# ---- the tests ----


def test_every_registered_game_has_its_endings_here():
    """A game added to the registry is added here too, every side winning and, where it can, a draw."""
    for key in match_keys():
        winners = {ending.winner for ending in MATCH_ENDINGS.get(key, [])}
        assert {0, 1} <= winners, f"{key}: add its endings to MATCH_ENDINGS"
    assert set(own_keys()) == set(OWN_ENDINGS), "add the game's endings to OWN_ENDINGS"


@pytest.mark.parametrize("key, ending, seating", match_cases())
def test_every_ending_names_the_right_winner(make_app, monkeypatch, key, ending, seating):
    app, driver, cart, here = match_in(make_app, key, seating, ending.variant, ending.start)
    for text in ending.moves.split():
        assert not cart.over
        assert cart.submit(text), (text, cart.message)
    settle(driver, cart)
    assert (cart.outcome.winner, cart.outcome.reason) == (ending.winner, ending.reason)
    check_match_end(app, cart, monkeypatch, here)


@pytest.mark.parametrize("key, ending, seating", match_cases())
def test_every_ending_sounds_from_the_players_side(make_app, monkeypatch, key, ending, seating):
    """The win's jingle for a winner here (or between two people here), the loss's for the person
    here when the computer or the other computer won, the draw's for a draw: once, at the end."""
    from pyxel_app.shell.match_news import SOUND_DRAW, SOUND_LOST, SOUND_WON

    from sound_log import listen

    app, driver, cart, here = match_in(make_app, key, seating, ending.variant, ending.start)
    played = listen(monkeypatch)
    for text in ending.moves.split():
        assert cart.submit(text), (text, cart.message)
    settle(driver, cart)
    ends = [sound for sound in played.names if sound in (SOUND_WON, SOUND_LOST, SOUND_DRAW)]
    if ending.winner is None:
        assert ends == [SOUND_DRAW]
    elif here is None or ending.winner == here:
        assert ends == [SOUND_WON]
    else:
        assert ends == [SOUND_LOST]


@pytest.mark.parametrize("key", [key for key in match_keys() if games.find(key).rules.players == 2])
@pytest.mark.parametrize("local", [0, 1])
@pytest.mark.parametrize("agreement", AGREEMENTS)
def test_resigning_and_an_agreed_draw_name_the_right_winner(make_app, monkeypatch, key, local, agreement):
    app, driver, cart, here = match_in(make_app, key, ("host", local), None, "")
    link = cart.net.link
    if agreement == "resign here":  # from the game menu: asked first
        cart.ask_resign()
        app.overlays[-1].on_yes()
        app.close_overlay(app.overlays[-1])
        winner = cart.net.remote
    elif agreement == "resign there":
        link.incoming = b"RESIGN\n"
        winner = local
    elif agreement == "draw offered here":
        cart.offer_draw()
        driver.frame()
        link.incoming = b"DRAW-OK\n"
        winner = None
    else:
        link.incoming = b"DRAW\n"
        driver.frame()
        assert isinstance(app.overlays[-1], Confirm)
        app.overlays[-1].on_yes()
        app.close_overlay(app.overlays[-1])
        winner = None
    settle(driver, cart)
    assert cart.over and cart.outcome.winner == winner
    check_match_end(app, cart, monkeypatch, here)


def test_resigning_over_the_network_is_lost_there_and_won_here(make_app, monkeypatch):
    """Two apps on loopback: the one who resigns is told it lost, the other that it won."""
    host_app, host, join_app, join = connect_pair(make_app, "draughts")
    join.ask_resign()
    join_app.overlays[-1].on_yes()
    join_app.close_overlay(join_app.overlays[-1])
    frames([host_app, join_app], lambda: host.over and join.over)
    assert host.outcome.winner == join.outcome.winner == host.net.local
    check_match_end(host_app, host, monkeypatch, host.net.local)
    check_match_end(join_app, join, monkeypatch, join.net.local)


def test_othello_gives_the_winners_count_first(make_app):
    _, driver, cart, _ = match_in(make_app, "othello", ("two", None), "standard", MATCH_ENDINGS["othello"][1].start)
    cart.submit(MATCH_ENDINGS["othello"][1].moves)
    settle(driver, cart)
    state, winner = cart.state, cart.outcome.winner
    counts = sorted((state.count(0), state.count(1)), reverse=True)
    assert state.count(winner) == counts[0] > counts[1]
    for language in LANGUAGES:
        strings.set_language(language)
        numbers = [int(n) for n in re.findall(r"\d+", cart.end_text())]
        assert numbers[-2:] == counts, cart.end_text()


# ---- games with screens of their own: one player ----


def pegs_end(make_app, board: str, jump: tuple):
    app, driver = make_app()
    app.open_cartridge("pegs")
    driver.frame()
    cart = app.cartridge
    cart.custom = board
    cart.play_entry("custom")
    driver.frame()
    cart.release(*jump)
    driver.frame()
    return app, cart


def bypuzz_end(make_app, monkeypatch):
    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 2.0)
    monkeypatch.setattr(ByPuzz, "still_solver_budget_ms", 2.0)
    app, driver = make_app()
    app.open_cartridge("bypuzz")
    driver.frame()
    cart = app.cartridge
    cart.set_goal(STANDARD_GOAL)
    cart.play(STANDARD_GOAL[:14] + (0, 15), None, check_run=False)
    driver.key("LEFT")
    driver.run(200)
    assert cart.solved
    return app, cart


# (what the player did, whether it is a win, how to get there)
OWN_ENDINGS = {
    "pegs": [
        ("one marble left", True, lambda make_app, _: pegs_end(make_app, "_____/_____/_oo._/_____/_____", ((1, 2), (3, 2)))),
        ("one marble in the centre", True, lambda make_app, _: pegs_end(make_app, "_____/_____/oo.__/_____/_____",
                                                                         ((0, 2), (2, 2)))),
        ("no jump left", False, lambda make_app, _: pegs_end(make_app, "oo._o", ((0, 0), (2, 0)))),
    ],
    "bypuzz": [("solved", True, bypuzz_end)],
}


@pytest.mark.parametrize("key, name, won, reach", [(key, *ending) for key, endings in OWN_ENDINGS.items()
                                                   for ending in endings])
def test_a_one_player_game_says_won_or_lost(make_app, monkeypatch, key, name, won, reach):
    app, _ = reach(make_app, monkeypatch)
    for language in LANGUAGES:
        strings.set_language(language)
        title, printed = drawn(app, monkeypatch)
        words = " | ".join([title] + printed)
        good = WON[language] + SOLVED[language]
        if won:
            assert has_word(words, good) and not has_word(words, LOST[language]), words
        else:
            assert has_word(words, LOST[language]) and not has_word(words, good), words
    strings.set_language("en")
