"""The 40x25 grid on the screens of the menu and every registered game, in both languages: a
one-character margin that no pixel of text, frame or board enters (the last row is the
status line, inside the side margins too), and the title box in rows 1-3."""

from __future__ import annotations

import pyxel
import pytest

from pyxel_app.cartridges.bypuzz import ByPuzz
from pyxel_app.cartridges.bypuzz.screens import PlayScreen
from pyxel_app.games import GAMES
from pyxel_app.rules.fifteen import STANDARD_GOAL
from pyxel_app.rules.records import write_record
from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.overlays import Message
from pyxel_app.shell.review_page import ReviewPage

ALMOST = STANDARD_GOAL[:14] + (0, 15)


@pytest.fixture(autouse=True)
def small_solver_budget(monkeypatch):
    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 2.0)
    monkeypatch.setattr(ByPuzz, "still_solver_budget_ms", 2.0)


def in_margin(x: int, y: int) -> bool:
    side = ui.MARGIN * ui.CELL
    return x < side or x >= ui.SCREEN_W - side or y < side


MARGIN_PIXELS = [(x, y) for y in range(ui.SCREEN_H) for x in range(ui.SCREEN_W) if in_margin(x, y)]


def stray_pixels() -> list[tuple[int, int]]:
    pget = pyxel.screen.pget
    return [(x, y) for x, y in MARGIN_PIXELS if pget(ui.BORDER_X + x, ui.BORDER_Y + y) != palette.BACKGROUND]


def tour(driver, steps: list[tuple[str, str]], shots: dict) -> dict:
    """Each step's script (snap's steps), then the margin checked on the screen it leads to."""
    for name, script in steps:
        driver.script(script + " move:160,-12")  # the pointer off the screen
        shots[name] = stray_pixels()[:5]
    return shots


BYPUZZ_STEPS = [("menu", ""), ("config", "RETURN"), ("choose", "RETURN"), ("view", "V"),
                ("preview", "SPACE RETURN"), ("shuffle", "RETURN wait:3")]
CONNECT4_STEPS = [("mode", ""), ("level", "1"), ("name", "5"), ("colour", "RETURN"), ("play", "1 wait:30")]
TWO_PLAYER_STEPS = [("second colour", "2 RETURN 1 RETURN"), ("won", "RETURN" + " A wait:40 B wait:40" * 3 + " A wait:60")]


def menu_and_bypuzz_shots(make_app, language: str) -> dict:
    app, driver = make_app()
    strings.set_language(language)
    shots = tour(driver, BYPUZZ_STEPS, {})
    cart = app.cartridge
    for _ in range(3000):
        if isinstance(cart.screen, PlayScreen) and not cart.screen.checking:
            break
        driver.frame()
    tour(driver, [("play", ""), ("evaluation", "W wait:30"), ("review", "K wait:30")], shots)
    assert isinstance(app.overlays[-1], ReviewPage)
    tour(driver, [("review closed", "ESCAPE W")], shots)
    cart.set_goal(STANDARD_GOAL)
    cart.play(ALMOST, None, check_run=False)
    return tour(driver, [("solved", "LEFT wait:200")], shots)


def connect4_shots(make_app, language: str) -> dict:
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge("connect4")
    shots = tour(driver, CONNECT4_STEPS, {})
    app.cartridge.flash("x " * 60)  # longer than the lines under the board: it comes in a box
    tour(driver, [("message", ""), ("message read", "RETURN")], shots)
    assert not app.overlays
    app.leave_cartridge(ask=False)
    app.open_cartridge("connect4")
    tour(driver, TWO_PLAYER_STEPS, shots)
    assert app.cartridge.over
    return shots


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_nothing_enters_the_margin_on_the_menu_and_bypuzz(make_app, language):
    shots = menu_and_bypuzz_shots(make_app, language)
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_nothing_enters_the_margin_on_connect4(make_app, language):
    shots = connect4_shots(make_app, language)
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_nothing_enters_the_margin_on_peg_solitaire(make_app, language):
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge("pegs")
    shots = tour(driver, [("boards", "")], {})
    for entry in ("english", "french_centre", "wiegleb", "diamond", "diamond_centre", "triangle"):
        app.cartridge.play_entry(entry)
        tour(driver, [(entry, "wait:2")], shots)
    tour(driver, [("evaluation", "W wait:30"), ("review", "K wait:30")], shots)
    assert app.cartridge.insight.on and isinstance(app.overlays[-1], ReviewPage)
    tour(driver, [("review closed", "ESCAPE")], shots)
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


def screen_digest() -> int:
    return hash(bytes(pyxel.screen.pget(x, y) for y in range(0, ui.SCREEN_H, 2) for x in range(0, ui.SCREEN_W, 2)))


GENERIC_STEPS = ([("opened", "")] + [(f"select {n}", "RETURN wait:12") for n in range(1, 7)]
                 + [("help", "F1 wait:2"), ("help closed", "ESCAPE wait:2"), ("pause menu", "TAB wait:2"),
                    ("pause closed", "ESCAPE wait:2"), ("evaluation", "W wait:30"), ("review", "K wait:30"),
                    ("review closed", "ESCAPE wait:2")])


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_every_registered_game_keeps_the_margin(make_app, language, key):
    """Every game in the registry, toured the same way: Return through its set-up to play, its help,
    its pause menu and a long message -- so a new game's screens are checked without a tour of their own."""
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge(key)
    shots, looks = {}, set()
    for name, script in GENERIC_STEPS:
        tour(driver, [(name, script)], shots)
        looks.add(screen_digest())
    assert app.cartridge is not None and app.cartridge.spec.key == key
    app.cartridge.flash("x " * 60)
    tour(driver, [("long message", "")], shots)
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}
    assert len(looks) >= 5, "the tour saw too few different screens to have reached play"


@pytest.mark.parametrize("pages", ["slots", "records"])
@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_the_save_load_export_and_import_pages_keep_the_margin(make_app, language, key, pages):
    """Save (Export), a new name, a question over the list, Load (Import) scrolled through a long
    list of 25 and the old save (a damaged record, whose message shows over the page at the end)."""
    from pyxel_app.shell.export_page import ExportPage
    from pyxel_app.shell.slot_page import SlotPage
    from test_board_turn import two_people

    app, driver, cart = two_people(make_app, key, language)
    driver.run(2)
    if pages == "records":
        page_class, text = ExportPage, write_record(cart.game_record())
        shelf, open_save, open_load = ExportPage(cart, True).shelf, cart.export_record, cart.import_record
        shelf.save("Broken", "[Broken\n" + text, "")
    else:
        page_class, text = SlotPage, cart.session.to_text()
        shelf, open_save, open_load = SlotPage(cart, True).shelf, cart.save_game, cart.load_game
        app.storage.write(f"save-{key}.txt", text)
    for number in range(25):
        shelf.save(f"Wolfgang{number:03}", text, "2025-12-31 23:59")
    open_save()
    shots = tour(driver, [("save", "wait:2"), ("name", "RETURN"), ("name wiped", "BACKSPACE " * 12),
                          ("overwrite?", "text:Wolfgang000 RETURN"), ("kept", "N"), ("list", "ESCAPE")], {})
    assert isinstance(app.overlays[-1], page_class)
    driver.key("ESCAPE")
    assert not app.overlays and app.cartridge is cart
    open_load()
    steps = [("load", "")] + [(f"down {n}", "DOWN") for n in range(1, 27)] + [("delete?", "DELETE"), ("kept", "N")]
    tour(driver, steps, shots)
    page = app.overlays[-1]
    assert isinstance(page, page_class) and len(page.slots) == 26
    if pages == "records":
        page.chooser.select([slot.name for slot in page.slots].index("Broken"))
        tour(driver, [("damaged", "RETURN")], shots)
        assert isinstance(app.overlays[-1], Message)
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}


RECORD_STEPS = [("record", "F2 wait:2"), ("record start", "HOME wait:2"), ("record next page", "PAGEDOWN wait:2"),
                ("replay", "RETURN wait:2"), ("replay stepped", "RIGHT wait:2"), ("replay refused", "A wait:2"),
                ("play on asked", "RETURN wait:2"), ("play on declined", "N wait:2"), ("record again", "ESCAPE wait:2"),
                ("record closed", "ESCAPE wait:2")]


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_the_record_page_and_the_replay_keep_the_margin(make_app, language, key):
    """Every game's record page (a game long enough to page), its replay, the question to play on."""
    from test_record_page import seeded_game

    app, driver, cart = seeded_game(make_app, key, language=language)
    shots = tour(driver, RECORD_STEPS, {})
    assert not app.overlays and app.cartridge is cart
    assert {name: pixels for name, pixels in shots.items() if pixels} == {}
