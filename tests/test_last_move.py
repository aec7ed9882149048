"""The last move stays marked after undo, redo and load, and the marks and discs can be seen
(issue 38, part 7): the mark is read from the session's history, not from a field that only a
move sets; Othello's mark shows on black and on white stones; every Connect 4 disc stands out
on the blue screen."""

from __future__ import annotations

import pytest

from pyxel_app.games import GAMES, find
from pyxel_app.shell import palette, ui
from pyxel_app.shell.match import MatchCartridge

MARKED = {  # a game whose board marks the last move, and two opening moves
    "othello": ("f5", "d6"),
    "draughts": ("32-28", "19-23"),
}


def luminance(colour: int) -> float:
    rgb = palette.PEPTO[colour]
    channels = [((rgb >> shift) & 255) / 255 for shift in (16, 8, 0)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: int, b: int) -> float:
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def pixel(pyxel, x: int, y: int) -> int:
    return pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y)


def open_two_players(make_app, key, storage=None):
    app, driver = make_app(storage=storage) if storage is not None else make_app()
    app.open_cartridge(key)
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge)
    if cart.session is None:
        cart.start_playing()
    driver.frame()
    return app, driver, cart


def marked_squares(pyxel, cart) -> set[int]:
    """The squares the board shows marked as the last move, read from the pixels."""
    view = cart.view
    if cart.key == "othello":
        from pyxel_app.cartridges.othello import LAST_MARK

        return {square for square in range(64) if pixel(pyxel, *view.square_centre(square)) == LAST_MARK}
    from pyxel_app.cartridges.draughts import LAST_MOVE

    # a corner inside the square: off the piece, inside the cursor's frame
    return {square for square in range(50) if pixel(pyxel, *(v + 1 for v in view.square_left(square))) == LAST_MOVE}


def squares_of(cart, move) -> set[int]:
    return {move} if cart.key == "othello" else {move.start, move.end}


def shown_last(cart) -> str | None:
    move = cart.view.last_move()
    return None if move is None else cart.rules.move_to_text(move)


@pytest.mark.parametrize("key", sorted(MARKED))
def test_the_last_move_stays_marked_after_undo_redo_and_load(make_app, pyxel_screen, key):
    first, second = MARKED[key]
    app, driver, cart = open_two_players(make_app, key)
    for text in (first, second):
        assert cart.submit(text)
    driver.run(30)  # any animation ends
    assert shown_last(cart) == second
    second_squares = squares_of(cart, cart.view.last_move())
    assert marked_squares(pyxel_screen, cart) == second_squares
    driver.key("Z")
    assert cart.session.position == 1 and shown_last(cart) == first
    assert marked_squares(pyxel_screen, cart) == squares_of(cart, cart.view.last_move())
    driver.key("Y")
    driver.run(30)
    assert shown_last(cart) == second and marked_squares(pyxel_screen, cart) == second_squares
    storage = app.storage
    app.leave_cartridge(ask=False)
    driver.run(2)
    again, again_driver = make_app(storage=storage)
    again.open_cartridge(key)  # the autosave is offered: yes
    again_driver.frame()
    while again.overlays:
        again_driver.key("Y")
    again_driver.run(2)
    assert again.cartridge.session.move_count == 2 and shown_last(again.cartridge) == second
    assert again.screen is again.cartridge and not again.overlays, [o.lines for o in again.overlays]
    assert marked_squares(pyxel_screen, again.cartridge) == second_squares


def test_othellos_last_move_shows_on_black_and_on_white_stones(make_app, pyxel_screen):
    from pyxel_app.cartridges.othello import STONE_INK

    app, driver, cart = open_two_players(make_app, "othello")
    for text, colour in (("f5", "black"), ("d6", "white")):
        assert cart.submit(text)
        driver.run(30)
        x, y = cart.view.square_centre(cart.rules.move_from_text(None, text))
        ink = STONE_INK[colour]
        standing_out = [(dx, dy) for dx in range(-3, 4) for dy in range(-3, 4)
                        if contrast(pixel(pyxel_screen, x + dx, y + dy), ink) >= 3]
        assert len(standing_out) >= 9, f"the mark on a {colour} stone is {len(standing_out)} pixels that stand out"


@pytest.mark.parametrize("key", [spec.key for spec in GAMES if spec.colours])
def test_every_sides_piece_stands_out_on_the_blue_screen(make_app, pyxel_screen, key):
    """Each side's piece as the panel and the colour list draw it: its outline (the rim, or the
    body just inside it) at least 3:1 against the blue screen, on all four sides. The red
    Connect 4 disc's light rim was 2.6:1, a black draughts piece's 1.3:1."""
    app, driver = make_app()
    app.open_cartridge(key)
    driver.frame()
    view = app.cartridge.view
    x, y, r = 100, 100, 4
    pyxel_screen.camera(-ui.BORDER_X, -ui.BORDER_Y)
    try:
        for colour in find(key).colours:
            pyxel_screen.rect(x - 12, y - 12, 24, 24, palette.BACKGROUND)
            view.draw_token(x, y, colour, r)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                edge = next(d for d in range(12, 0, -1) if pixel(pyxel_screen, x + d * dx, y + d * dy) != palette.BACKGROUND)
                outline = [pixel(pyxel_screen, x + d * dx, y + d * dy) for d in (edge, edge - 1)]
                assert max(contrast(ink, palette.BACKGROUND) for ink in outline) >= 3, f"{key} {colour}: outline {outline}"
    finally:
        pyxel_screen.camera()


def test_the_border_shows_whose_turn_it_is_in_every_colour(make_app):
    """While a game is on, the border takes the colour of the side to move: never the border's
    own colour (Connect 4's blue disc is light blue, as the border), and two sides never alike."""
    for spec in GAMES:
        if not spec.colours:
            continue
        app, driver = make_app()
        app.open_cartridge(spec.key)
        driver.frame()
        view = app.cartridge.view
        inks = {colour: view.ink(colour) for colour in spec.colours}
        if all(ink is None for ink in inks.values()):
            continue
        assert palette.BORDER not in inks.values(), f"{spec.key}: {inks}"
        assert len(set(inks.values())) == len(inks), f"{spec.key}: {inks}"
