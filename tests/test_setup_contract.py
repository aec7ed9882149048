"""The set-up keeps to its contract: of the match it touches only what ``MatchForSetup`` declares.

Every two-seat game's whole set-up is driven (by RETURN alone, for two people with digits and
names, against the computer with the second side where the game asks for a side, ESC back to the
menu, and the network screens where offered) with the set-up holding a
stand-in of the match that allows those members only, and records and refuses any other.
"""

from __future__ import annotations

import pytest

from pyxel_app import games
from pyxel_app.shell import match as match_module
from pyxel_app.shell.match import MatchCartridge
from pyxel_app.shell.setup import MODE_CODE_HOST, MODE_CODE_JOIN, MODE_COMPUTER, MODE_HOST, MODE_JOIN, MODE_TWO, Setup
from pyxel_app.shell.setup_base import MatchForSetup

TWO_SEAT_GAMES = [spec.key for spec in games.GAMES if spec.is_match and spec.rules.players == 2]
MAX_QUESTIONS = 12  # more questions than any set-up asks: a set-up that never ends fails
NAMES = ("Ann", "Bob")
TOUCHED: dict[str, set[str]] = {}  # the members each game's set-up used, for the test that none is spare


def protocol_members(protocol: type) -> tuple[set[str], set[str]]:
    """(writable, readable) names a Protocol declares: its plain annotations are read and written,
    its properties and methods only read."""
    writable = set(protocol.__annotations__)
    read_only = {name for name, value in vars(protocol).items()
                 if not name.startswith("_") and (callable(value) or isinstance(value, property))}
    return writable, writable | read_only


class StrayAccess(AssertionError):
    """The set-up touched a member of the match outside its contract (not an AttributeError, so
    ``hasattr`` and ``getattr(..., default)`` cannot swallow it)."""


class OnlyTheContract:
    """The match as the set-up may see it: the members of ``protocol``; a read of any other or a
    write to a read-only one is recorded in ``strays`` and raises :class:`StrayAccess`."""

    def __init__(self, match, protocol: type = MatchForSetup) -> None:
        writable, readable = protocol_members(protocol)
        object.__setattr__(self, "_match", match)
        object.__setattr__(self, "_writable", writable)
        object.__setattr__(self, "_readable", readable)
        object.__setattr__(self, "strays", [])
        object.__setattr__(self, "touched", set())

    def _stray(self, what: str) -> None:
        self.strays.append(what)
        raise StrayAccess(f"the set-up {what}, which MatchForSetup does not declare")

    def __getattr__(self, name: str):
        if name not in self._readable:
            self._stray(f"read match.{name}")
        self.touched.add(name)
        return getattr(self._match, name)

    def __setattr__(self, name: str, value) -> None:
        if name not in self._writable:
            self._stray(f"wrote match.{name}")
        self.touched.add(name)
        setattr(self._match, name, value)


class FakeWaiter:
    """A listener or connector that waits for ever and opens no port."""

    port = 4321
    problem = detail = ""

    def __init__(self) -> None:
        self.closed = False

    def poll(self):
        return None

    def close(self) -> None:
        self.closed = True


def fake_link(fails: list[bool]):
    """An ``open_link`` that fails (as an unreachable address does) while ``fails`` holds True."""

    def open_link(role: str, host: str, port: int) -> FakeWaiter:
        if fails and fails[0]:
            raise OSError(101, "Network is unreachable")
        return FakeWaiter()

    return open_link


def guarded_app(make_app, monkeypatch):
    """An app (network on) whose matches hand their set-up a stand-in, each kept in the list returned."""
    stand_ins: list[OnlyTheContract] = []

    def guarded_setup(match) -> Setup:
        stand_ins.append(OnlyTheContract(match))
        return Setup(stand_ins[-1])

    monkeypatch.setattr(match_module, "Setup", guarded_setup)
    app, driver = make_app(network=True)
    return app, driver, stand_ins


def open_game(app, driver, key: str) -> MatchCartridge:
    """``key``'s match, its set-up on the first question, its network opening no port."""
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge) and isinstance(cart.setup.match, OnlyTheContract)
    cart.host_addresses = ["192.0.2.1", "127.0.0.1"]  # no look at this computer's interfaces
    cart.net_options.update(port=4321, open_link=fake_link([]))
    return cart


def question(cart) -> tuple[str, int]:
    return cart.phase, cart.seat


def digit_for(cart, choice: str) -> str:
    return str(cart.mode_choices().index(choice) + 1)


def answer_by_return(cart, driver) -> None:
    driver.key("RETURN")


def answer_by_digits(cart, driver) -> None:
    """Two people: the last variant, the mode by its digit, names typed, the first free colour, the second starts."""
    phase = cart.phase
    if phase == "variant":
        driver.key(str(len(cart.rules.variants)))
    elif phase == "mode":
        driver.key(digit_for(cart, MODE_TWO))
    elif phase == "name":
        driver.text(NAMES[cart.seat])
        driver.key("RETURN")
    elif phase == "colour":
        free = [i for i, colour in enumerate(cart.spec.colours) if cart.seat == 0 or colour != cart.colours[0]]
        driver.key(str(free[0] + 1))
    elif phase == "first":
        driver.key("2")
    else:
        raise AssertionError(f"no answer for {phase}")


def answer_as_the_second_side(cart, driver) -> None:
    """Against the computer: the first variant and level, a name typed, the second side, it starts."""
    phase = cart.phase
    if phase == "mode":
        driver.key(digit_for(cart, MODE_COMPUTER))
    elif phase == "name":
        driver.text(NAMES[0])
        driver.key("RETURN")
    elif phase == "side":
        driver.key("2")
    elif phase == "first":
        driver.key("1")
    elif phase in ("variant", "level"):
        driver.key("RETURN")
    else:
        raise AssertionError(f"no answer for {phase}")


def walk(cart, driver, answer, stop: tuple[str, int] | None = None) -> list[tuple[str, int]]:
    """The questions asked, answering each with ``answer`` until the game starts (or ``stop`` shows)."""
    asked = []
    for _ in range(MAX_QUESTIONS):
        if cart.phase == "play" or question(cart) == stop:
            return asked
        asked.append(question(cart))
        answer(cart, driver)
    raise AssertionError(f"the set-up did not end: {asked}")


def back_to_the_menu(app, driver, cart, asked: list[tuple[str, int]]) -> None:
    """From the last question, ESC goes back through every question asked, then leaves the game."""
    for expected in reversed(asked):
        assert question(cart) == expected
        driver.key("ESCAPE")
    assert app.cartridge is None


def host_and_join(app, driver, cart) -> None:
    """Host: the evaluation asked, the wait, ESC back to the question and the name, hosting again, a
    failure and RETURN to retry; join: an
    address, connecting, a failure retried, ESC back to the address, to the name, to the mode."""
    fails = [False]
    cart.net_options.update(open_link=fake_link(fails))
    driver.key(digit_for(cart, MODE_HOST))
    driver.text(NAMES[0])
    driver.key("RETURN")
    assert cart.phase == "evaluation" and not cart.evaluation_offer  # No is RETURN's answer
    driver.key("2")
    assert cart.phase == "host" and cart.net.stage == "listening" and cart.evaluation_offer
    driver.key("ESCAPE")
    assert cart.phase == "evaluation" and cart.net is None
    driver.key("ESCAPE")
    assert cart.phase == "name"
    fails[0] = True
    driver.script("RETURN RETURN")  # the name, then the answer given before
    assert cart.phase == "host" and cart.net.stage == "lost" and cart.evaluation_offer
    fails[0] = False
    driver.key("RETURN")
    assert cart.phase == "host" and cart.net.stage == "listening"
    driver.script("ESCAPE ESCAPE ESCAPE")
    assert cart.phase == "mode" and cart.mode == MODE_HOST
    driver.key(digit_for(cart, MODE_JOIN))
    driver.key("RETURN")
    assert cart.phase == "lan"  # the games found on this network, or typing an address (the first choice)
    driver.key("RETURN")
    assert cart.phase == "address"
    driver.text("192.0.2.7:4321")
    fails[0] = True
    driver.key("RETURN")
    assert cart.phase == "connecting" and cart.net.stage == "lost"
    fails[0] = False
    driver.key("RETURN")  # again, to the same address
    assert cart.phase == "connecting" and cart.net.stage == "connecting" and cart.net.address == "192.0.2.7:4321"
    driver.key("ESCAPE")
    assert cart.phase == "address" and cart.net is None and cart.entry.typed == "192.0.2.7:4321"
    driver.script("ESCAPE ESCAPE ESCAPE")
    assert cart.phase == "mode"


def by_code(app, driver, cart) -> None:
    """Host by code: its wait, F2 to the broker's address and back, ESC back to the name; join by
    code: a wrong code refused, a good one connecting, ESC back to the code, to the name, to the mode."""
    cart.net_options.update(open_link=fake_link([]), code="XR7HJ4MEY")
    app.settings.set("net.broker", "192.0.2.9:1883")  # with none set, hosting by code says so and waits for F2
    driver.key(digit_for(cart, MODE_CODE_HOST))
    driver.text(NAMES[0])
    driver.key("RETURN")
    assert cart.phase == "evaluation"  # asked of a host by code as of a host on the LAN
    driver.key("RETURN")
    assert cart.phase == "code_host" and cart.net.stage == "listening" and cart.net.code == "XR7HJ4MEY"
    driver.key("F2")
    assert cart.phase == "broker" and cart.net is None and cart.entry.typed == "192.0.2.9:1883"
    cart.entry.typed = ""
    driver.text("192.0.2.8:1883")
    driver.key("RETURN")
    assert cart.phase == "code_host" and cart.net.host == "192.0.2.8:1883" == app.settings.get("net.broker")
    driver.script("ESCAPE ESCAPE ESCAPE")
    assert cart.phase == "mode" and cart.mode == MODE_CODE_HOST
    driver.key(digit_for(cart, MODE_CODE_JOIN))
    driver.key("RETURN")
    assert cart.phase == "code"
    driver.text("xr7-hj4-me")
    driver.key("RETURN")
    assert cart.phase == "code" and "Not an invite code" in cart.message
    driver.text("y")
    driver.key("RETURN")
    assert cart.phase == "connecting" and cart.net.code == "XR7HJ4MEY" and cart.net.stage == "connecting"
    driver.key("ESCAPE")
    assert cart.phase == "code" and cart.net is None
    driver.script("ESCAPE ESCAPE")
    assert cart.phase == "mode"


def drive_every_screen(make_app, monkeypatch, key: str) -> list[OnlyTheContract]:
    """The whole set-up of ``key`` every way; the stand-ins it went through."""
    app, driver, stand_ins = guarded_app(make_app, monkeypatch)
    cart = open_game(app, driver, key)
    first = question(cart)
    driver.text("x")  # other typing: "Invalid choice!"
    assert cart.message == cart.word("invalid") and question(cart) == first
    driver.key("TAB")  # the game menu over the first question, and back
    assert app.overlays
    driver.key("ESCAPE")
    assert not app.overlays and question(cart) == first

    by_return = walk(cart, driver, answer_by_return)
    assert cart.phase == "play" and cart.session is not None
    by_digits = []
    if MODE_TWO in cart.mode_choices():
        cart.begin_setup()
        by_digits = walk(cart, driver, answer_by_digits)
        assert cart.phase == "play" and cart.mode == MODE_TWO
        assert sorted(cart.names) == sorted(NAMES) and len(set(cart.colours)) == 2
        if cart.spec.choose_variant:
            assert cart.variant == cart.rules.variants[-1]
    by_side = []
    if "side" in cart.screen_ids:
        cart.begin_setup()
        by_side = walk(cart, driver, answer_as_the_second_side)
        assert ("side", 0) in by_side and cart.mode == MODE_COMPUTER
        # the person has the second seat and its colour, the computer the first
        assert cart.computer_seat == 0 and cart.names == ["", NAMES[0]] and cart.session.meta["computer"] == "1"
        assert cart.player_label(1) == f"{NAMES[0]} ({cart.colour_name(cart.spec.colours[1])})"
    if MODE_HOST in cart.mode_choices():
        cart.begin_setup()
        walk(cart, driver, answer_by_return, stop=("mode", 0))
        host_and_join(app, driver, cart)
        by_code(app, driver, cart)

    for asked, answer in ((by_return, answer_by_return), (by_digits, answer_by_digits),
                          (by_side, answer_as_the_second_side)):
        if asked:
            cart = open_game(app, driver, key)
            walk(cart, driver, answer, stop=asked[-1])
            back_to_the_menu(app, driver, cart, asked)
    assert app.crashes == 0
    return stand_ins


@pytest.mark.parametrize("key", TWO_SEAT_GAMES)
def test_the_whole_set_up_uses_only_the_match_it_declares(make_app, monkeypatch, key):
    stand_ins = drive_every_screen(make_app, monkeypatch, key)
    assert len(stand_ins) >= 2  # each match opened had its set-up guarded
    assert [stray for stand_in in stand_ins for stray in stand_in.strays] == []
    TOUCHED[key] = set().union(*(stand_in.touched for stand_in in stand_ins))


def test_the_contract_declares_nothing_the_set_up_does_not_use(make_app, monkeypatch):
    """Every member is used by some game's set-up, and the match has each of them."""
    _, readable = protocol_members(MatchForSetup)
    for key in TWO_SEAT_GAMES:
        if key not in TOUCHED:  # this test run alone
            TOUCHED[key] = set().union(*(s.touched for s in drive_every_screen(make_app, monkeypatch, key)))
    assert readable - set().union(*TOUCHED.values()) == set()
    app, _ = make_app(network=True)
    app.open_cartridge(TWO_SEAT_GAMES[0])
    assert [name for name in sorted(readable) if not hasattr(app.cartridge, name)] == []


def test_the_stand_in_refuses_what_the_contract_does_not_declare(make_app):
    app, _ = make_app(network=True)
    app.open_cartridge(TWO_SEAT_GAMES[0])
    stand_in = OnlyTheContract(app.cartridge)
    assert stand_in.mode == app.cartridge.mode and stand_in.spec is app.cartridge.spec  # declared: passed through
    stand_in.mode = MODE_TWO
    assert app.cartridge.mode == MODE_TWO
    with pytest.raises(StrayAccess):
        _ = stand_in.session  # a member the set-up has no business with
    with pytest.raises(StrayAccess):
        hasattr(stand_in, "seats")
    with pytest.raises(StrayAccess):
        stand_in.spec = None  # read only
    assert stand_in.strays == ["read match.session", "read match.seats", "wrote match.spec"]


@pytest.mark.crashes
def test_a_set_up_that_reaches_past_its_contract_is_caught(make_app, monkeypatch):
    """A planted reach into the match (its session) from the level question is found by the drive."""
    from pyxel_app.shell.setup_choices import LevelScreen

    def labels(screen) -> list[str]:
        _ = screen.match.session  # the planted access
        return [screen.match.level_label(level) for level in screen.match.spec.levels]

    monkeypatch.setattr(LevelScreen, "labels", labels)
    key = next(key for key in TWO_SEAT_GAMES if games.find(key).levels)
    app, driver, stand_ins = guarded_app(make_app, monkeypatch)
    cart = open_game(app, driver, key)
    walk(cart, driver, answer_by_return, stop=("level", 0))
    assert stand_ins[-1].strays == ["read match.session"]
    assert app.crashes == 1  # the crash guard turned it into a message, as it does any bug
