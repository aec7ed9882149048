"""The C64 feel, never in the way: the border's loading stripes as a cartridge starts, and the
palette checked against a recognised C64 palette.  (The title's scroller keeps inside the screen's
margin: tests/test_text_fits.py.)"""

from __future__ import annotations

import pyxel

from pyxel_app.shell import loading, palette, ui
from pyxel_app.shell.app import FPS

# Pepto's PAL palette (pepto.de/projects/colorvic/2001, shipped with VICE as pepto-pal.vpl),
# by the C64's names for its colours.
PEPTO_BY_NAME = {
    "black": (0x00, 0x00, 0x00), "white": (0xFF, 0xFF, 0xFF), "red": (0x68, 0x37, 0x2B),
    "cyan": (0x70, 0xA4, 0xB2), "purple": (0x6F, 0x3D, 0x86), "green": (0x58, 0x8D, 0x43),
    "blue": (0x35, 0x28, 0x79), "yellow": (0xB8, 0xC7, 0x6F), "orange": (0x6F, 0x4F, 0x25),
    "brown": (0x43, 0x39, 0x00), "light red": (0x9A, 0x67, 0x59), "dark grey": (0x44, 0x44, 0x44),
    "grey": (0x6C, 0x6C, 0x6C), "light green": (0x9A, 0xD2, 0x84), "light blue": (0x6C, 0x5E, 0xB5),
    "light grey": (0x95, 0x95, 0x95),
}


def rgb(value: int) -> tuple[int, int, int]:
    return value >> 16, value >> 8 & 0xFF, value & 0xFF


def test_the_palette_is_peptos_colour_by_colour_and_name_by_name(pyxel_screen):
    for name, expected in PEPTO_BY_NAME.items():
        index = getattr(palette, name.upper().replace(" ", "_"))
        assert rgb(palette.PEPTO[index]) == expected, name
    assert list(pyxel_screen.colors)[:16] == list(palette.PEPTO)  # and it is what the screen shows


def test_a_colour_off_by_one_or_two_swapped_are_found():
    """The comparison on planted palettes."""
    def differing(colours) -> list[str]:
        return [name for name, expected in PEPTO_BY_NAME.items()
                if rgb(colours[getattr(palette, name.upper().replace(" ", "_"))]) != expected]

    off = list(palette.PEPTO)
    off[palette.CYAN] += 1
    swapped = list(palette.PEPTO)
    swapped[palette.GREY], swapped[palette.DARK_GREY] = swapped[palette.DARK_GREY], swapped[palette.GREY]
    assert differing(off) == ["cyan"] and differing(swapped) == ["dark grey", "grey"]


# The loading stripes.


def border_rows() -> list[int]:
    """The colour of each pixel row of the border's left edge."""
    return [pyxel.screen.pget(0, y) for y in range(ui.WINDOW_H)]


def inner_row(y: int) -> list[int]:
    return [pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y) for x in range(ui.SCREEN_W)]


def test_a_cartridge_starts_with_loading_stripes_in_the_border_for_under_half_a_second(make_app):
    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.frame()
    inside = inner_row(100)
    assert app.stripes.showing and len(set(border_rows())) >= 4  # bands of colour
    assert loading.STRIPE_FRAMES < FPS // 2
    frames = 0
    while app.stripes.showing:
        driver.frame()
        frames += 1
    assert frames < loading.STRIPE_FRAMES
    driver.frame()
    assert set(border_rows()) == {app.border}
    assert inner_row(100) == inside  # only the border ever changed


def test_any_key_ends_the_stripes_at_once_and_still_does_its_work(make_app):
    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.frame()
    cart = app.cartridge
    phase = cart.phase
    driver.key("RETURN")
    assert not app.stripes.showing and cart.phase != phase  # the set-up went on
    assert set(border_rows()) == {app.border}


def test_the_stripes_take_no_chance_from_the_app(make_app):
    app, driver = make_app(seed=3)
    state = app.rng.getstate()
    app.open_cartridge("pegs")
    driver.run(loading.STRIPE_FRAMES)
    assert app.stripes.rng is not app.rng and app.rng.getstate() == state
