"""How the screens look: reverse-video hotkeys that stay legible, the title screen, motion, ByPuzz's tiles."""

from __future__ import annotations

import string

import pytest

from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.overlays import Confirm
from pyxel_app.shell.glyphs import GLYPHS

INK, PAPER = palette.LIGHT_BLUE, palette.BLUE


def hotkey_characters() -> set[str]:
    """Every character printed reversed: the hotkeys of every string in both languages, plus letters and digits."""
    chars = set(string.ascii_letters + string.digits + "ÄÖÜäöü")
    for language in strings.LANGUAGES:
        for text in strings.table(language).values():
            for part, is_key in ui.split_hotkeys(text):
                if is_key:
                    chars |= set(part)
    return chars & set(GLYPHS)


def draw_reversed(pyxel, x: int, y: int, text: str) -> None:
    pyxel.camera()
    pyxel.cls(PAPER)
    ui.reverse(x, y, text, INK, PAPER)


@pytest.mark.parametrize("ch", sorted(hotkey_characters()))
def test_a_reversed_hotkey_keeps_a_pixel_of_block_around_its_letter(pyxel_screen, ch):
    pyxel = pyxel_screen
    x, y = 16, 16
    draw_reversed(pyxel, x, y, ch)
    block = {(px, py) for px in range(x, x + ui.CELL - 1) for py in range(y, y + ui.CELL - 1)}
    letter = {p for p in block if pyxel.screen.pget(*p) != INK}  # cut out of the block, in a colour that reads on it
    assert letter, f"{ch!r} shows no letter"
    for px, py in letter:
        around = [(px + dx, py + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert all(p in block for p in around), f"{ch!r}: a stroke at {(px - x, py - y)} touches the paper outside"


def test_stacked_reversed_hotkeys_on_adjacent_rows_do_not_touch(pyxel_screen):
    pyxel = pyxel_screen
    x, y = 16, 16
    draw_reversed(pyxel, x, y, "N")
    ui.reverse(x, y + ui.CELL, "P", INK, PAPER)
    ui.reverse(x + ui.CELL, y, "Q", INK, PAPER)
    between_rows = [pyxel.screen.pget(px, y + ui.CELL - 1) for px in range(x - 1, x + 2 * ui.CELL)]
    assert set(between_rows) == {PAPER}
    after_block = [pyxel.screen.pget(x + 2 * ui.CELL - 1, py) for py in range(y, y + ui.CELL)]
    assert set(after_block) == {PAPER}


# ByPuzz's board: coloured number tiles in PETSCII frames, gliding tiles, the hint blinking.

BYPUZZ_SHUFFLED = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15)  # LEFT slides 14, DOWN slides 10


def bypuzz_at(make_app, tiles):
    from pyxel_app.cartridges.bypuzz import ByPuzz

    app, driver = make_app()
    app.open_cartridge("bypuzz")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, ByPuzz)
    cart.new_game(shuffle_moves=1)
    cart.play(tiles, None, check_run=False)
    driver.frame()
    return app, driver, cart


def face_pixel(pyxel, cell: int, dx: int = 1, dy: int = 1) -> int:
    from pyxel_app.cartridges.bypuzz.board import cell_origin

    x, y = cell_origin(cell)
    return pyxel.screen.pget(ui.BORDER_X + x + dx, ui.BORDER_Y + y + dy)


def press(pyxel, driver, key: str) -> None:
    """Hold a key for exactly one frame, and let go."""
    code = getattr(pyxel, f"KEY_{key}")
    pyxel.set_btn(code, True)
    driver.frame()
    pyxel.set_btn(code, False)


def test_number_tiles_take_their_rows_colour_like_the_thumbnails_inside_a_petscii_frame(make_app, pyxel_screen):
    from pyxel_app.cartridges.bypuzz.board import MINI_COLOURS

    app, driver, cart = bypuzz_at(make_app, BYPUZZ_SHUFFLED)
    for cell, tile in enumerate(BYPUZZ_SHUFFLED):
        if tile:
            assert face_pixel(pyxel_screen, cell) == MINI_COLOURS[(tile - 1) // 4], tile
            assert face_pixel(pyxel_screen, cell, 2, 2) == palette.BLUE  # the frame's corner
    assert len({MINI_COLOURS[(tile - 1) // 4] for tile in BYPUZZ_SHUFFLED if tile}) == 4


def test_a_moved_tile_glides_into_its_cell_and_a_key_finishes_the_glide_at_once(make_app, pyxel_screen):
    from pyxel_app.cartridges.bypuzz.board import MINI_COLOURS
    from pyxel_app.cartridges.bypuzz.play import SLIDE_FRAMES

    pyxel = pyxel_screen
    app, driver, cart = bypuzz_at(make_app, BYPUZZ_SHUFFLED)
    fourteen = MINI_COLOURS[3]
    press(pyxel, driver, "LEFT")
    assert cart.state.tiles[13] == 14 and cart.session.move_count == 1  # the move counts at once
    assert face_pixel(pyxel, 13) == palette.BACKGROUND  # ... while the tile is still on its way
    assert face_pixel(pyxel, 14) == fourteen
    driver.run(SLIDE_FRAMES)
    assert face_pixel(pyxel, 13) == fourteen and face_pixel(pyxel, 14) == palette.BACKGROUND

    press(pyxel, driver, "RIGHT")  # 14 goes back
    driver.frame()
    press(pyxel, driver, "DOWN")  # during 14's glide: it ends, and DOWN moves 10 down in the same frame
    assert cart.session.move_count == 3 and cart.state.tiles[13] == 10
    assert face_pixel(pyxel, 14) == fourteen  # home at once
    assert face_pixel(pyxel, 13) == palette.BACKGROUND  # 10 sets off from above


def test_the_hinted_tile_blinks_on_the_board_in_a_colour_no_row_has(make_app, pyxel_screen):
    from pyxel_app.cartridges.bypuzz.board import MINI_COLOURS

    app, driver, cart = bypuzz_at(make_app, BYPUZZ_SHUFFLED)
    cart.searcher.remember(BYPUZZ_SHUFFLED, [14, 15])
    cart.screen.ask_hint()
    seen = set()
    for _ in range(20):
        driver.frame()
        seen.add(face_pixel(pyxel_screen, 14))
    assert MINI_COLOURS[3] in seen
    blink = seen - {MINI_COLOURS[3]}
    assert len(blink) == 1 and not blink & set(MINI_COLOURS)


# Connect 4's drop.


def test_a_connect4_disc_lands_with_a_thud_of_its_own(make_app, pyxel_screen, monkeypatch):
    from pyxel_app.shell.sounds import slot

    from sound_log import listen

    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    played = listen(monkeypatch)
    press(pyxel_screen, driver, "D")
    assert cart.session.move_count == 1 and cart.ui.falling is not None
    assert played.names == ["drop"]  # let go: the land's not yet, the disc is still falling
    while cart.ui.falling is not None:
        driver.frame()
    assert played.names == ["drop", "land"]
    sound = pyxel_screen.sounds[slot("land")]
    assert len(sound.notes) and max(sound.volumes) > 0
    assert slot("land") != slot("slide")  # its own sound, not ByPuzz's slide chime
    assert pyxel_screen.TONE_NOISE in sound.tones


# The title screen.


def title_app(make_app, storage=None):
    from pyxel_app.shell.app import App
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.storage import MemoryStorage
    from pyxel_app.shell.title import TitleScreen

    make_app()  # the fixture's clean-up (keys released, English) covers this app too
    app = App(storage=storage if storage is not None else MemoryStorage(), seed=7, title=True)
    driver = Driver(app)
    driver.frame()
    assert isinstance(app.screen, TitleScreen) and not app.overlays
    return app, driver


@pytest.mark.parametrize("how", ["key:RETURN", "key:N", "key:F1", "key:TAB", "pad:A", "pad:START", "pad:BACK", "click"])
def test_the_title_gives_way_to_the_menu_on_any_key_button_or_click(make_app, how):
    from pyxel_app.shell.menu import Menu

    app, driver = title_app(make_app)
    driver.run(30)
    kind, _, name = how.partition(":")
    if kind == "click":
        driver.click(160, 100)
    else:
        getattr(driver, kind)(name)
    driver.frame()
    assert isinstance(app.screen, Menu) and not app.overlays  # straight there: no help page, no game opened
    assert app.menu.index == 0


def test_apps_made_directly_and_snap_start_at_the_menu(make_app, tmp_path):
    from pyxel_app.shell.app import App
    from pyxel_app.shell.menu import Menu
    from pyxel_app.shell.snap import snap
    from pyxel_app.shell.storage import MemoryStorage
    from pyxel_app.shell.title import TitleScreen

    app, driver = make_app()
    assert isinstance(app.screen, Menu)
    assert isinstance(App(storage=MemoryStorage(), title=True).screen, TitleScreen)
    picture, _ = snap(None, ["wait:2"], str(tmp_path / "menu.png"), scale=1)
    assert (tmp_path / "menu.png").is_file() and picture.endswith("menu.png")


def test_after_idle_seconds_the_computer_plays_itself_and_any_key_still_leads_to_the_menu(make_app, monkeypatch):
    from pyxel_app.shell import title
    from pyxel_app.shell.menu import Menu

    monkeypatch.setattr(title, "ATTRACT_AFTER_FRAMES", 10)
    app, driver = title_app(make_app)
    driver.run(10)
    demo = app.screen.demo
    assert demo is not None and app.cartridge is None
    for _ in range(300):
        driver.frame()
        if demo.match.session.move_count >= 2:
            break
    assert demo.match.session.move_count >= 2  # both computers have moved
    assert app.storage.read("autosave-connect4.txt") is None  # a demo never saves
    driver.key("SPACE")
    driver.frame()
    assert isinstance(app.screen, Menu) and app.cartridge is None and not app.overlays


def test_a_saved_game_is_offered_after_the_title_and_the_key_that_left_the_title_does_not_answer(make_app, pyxel_screen):
    from pyxel_app.shell.menu import Menu

    first, first_driver = make_app()
    first.open_cartridge("bypuzz")
    first_driver.frame()
    first.cartridge.new_game(shuffle_moves=30)
    for key in ("UP", "DOWN"):  # one of them moves a tile
        press(pyxel_screen, first_driver, key)
        first_driver.frame()
    storage = first.storage
    assert storage.read("autosave-bypuzz.txt") is not None

    app, driver = title_app(make_app, storage)
    driver.key("N")  # "no" to the question to come: must only leave the title
    driver.run(3)
    assert isinstance(app.screen, Menu)
    assert isinstance(app.overlays[-1], Confirm)
    assert storage.read("autosave-bypuzz.txt") is not None
    driver.key("Y")
    driver.frame()
    assert app.cartridge is not None and app.cartridge.session is not None
