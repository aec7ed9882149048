"""Moves shown moving, not teleported: a draughts move slides, a capture leg by leg with each
taken piece going as it is passed; a peg hops in an arc and the jumped marble goes.  The session
has the move at once (the motion is only the view's picture), the last frame shows the true
position, and a key, button or click pressed meanwhile ends the motion and still does its work."""

from __future__ import annotations

import pyxel
import pytest

from pyxel_app.cartridges.draughts_slide import FRAMES_PER_SQUARE, LEG_FRAMES
from pyxel_app.cartridges.pegs_hop import HOP_FRAMES
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.draughts import square_xy
from pyxel_app.rules.pegs import Jump
from pyxel_app.session import Session
from pyxel_app.shell import palette, ui

CAPTURE_FEN, CAPTURE = "W:W37,46,47:B32,22,12,3,4", "37x28x17x8"  # a man takes three, leg by leg
DRAUGHTS_BOARD = (16, 40, 136, 160)  # x0, y0, x1, y1 of the board on screen
PEGS_BOARD = (80, 40, 240, 168)


def pixel(x: int, y: int) -> int:
    return pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y)


def region(box: tuple[int, int, int, int]) -> tuple[int, ...]:
    x0, y0, x1, y1 = box
    return tuple(pixel(x, y) for y in range(y0, y1) for x in range(x0, x1))


def draughts_at(make_app, fen: str, turned: bool = False):
    """Two people at draughts in the position ``fen``, White to move."""
    app, driver = make_app()
    app.open_cartridge("draughts")
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    cart.adopt(Session(DRAUGHTS, DRAUGHTS.state_from_text(fen, "international"), dict(cart.session.meta)))
    if turned:
        cart.view.turn_round()
    driver.frame()
    return app, driver, cart


def piece_shown(cart, square: int) -> bool:
    """A piece is drawn in the middle of ``square`` (index 0-49)."""
    return pixel(*cart.view.square_centre(square)) in (palette.WHITE, palette.BLACK)


@pytest.mark.parametrize("turned", [False, True])
def test_a_capture_goes_leg_by_leg_and_each_taken_piece_goes_as_it_is_passed(make_app, turned):
    app, driver, cart = draughts_at(make_app, CAPTURE_FEN, turned)
    before = cart.state
    move = DRAUGHTS.move_from_text(before, CAPTURE)
    taken = (31, 21, 11)  # 32, 22 and 12, in the order the capture passes them
    assert cart.submit(CAPTURE)
    # the session has the move at once; the picture is the view's alone
    assert cart.session.move_texts() == [CAPTURE] and cart.state == DRAUGHTS.apply(before, move)
    slide = cart.ui.slide
    assert cart.view.busy(cart.ui) and slide.frames == 3 * (LEG_FRAMES + 2 * FRAMES_PER_SQUARE)
    landings = [square_xy(square) for square in move.path]
    landed, gone_at = [], {}
    while cart.view.busy(cart.ui):
        cart.draw()
        where = slide.where()
        if where in landings:  # the piece stands on a landing square: the pieces passed are gone, no others
            landed.append((landings.index(where), slide.frame))
            passed = len(landed) - 1
            assert [piece_shown(cart, square) for square in taken] == [False] * passed + [True] * (3 - passed)
            assert pixel(*cart.view.cell_centre(*where)) == palette.WHITE
        for square in taken:
            if square not in gone_at and square in slide.gone():
                gone_at[square] = slide.frame
        # the start is left: its middle shows the piece only while the moving piece still covers it
        assert not piece_shown(cart, 36) or abs(where[0] - landings[0][0]) < 0.5
        driver.frame()
    assert [index for index, _ in landed] == [0, 1, 2], "the piece stands on each landing square in turn"
    legs = [frame for _, frame in landed] + [slide.frames]
    assert legs[0] < gone_at[31] < legs[1] < gone_at[21] < legs[2] < gone_at[11] < legs[3]
    cart.draw()  # the last frame: the true position
    assert piece_shown(cart, 7) and not any(piece_shown(cart, square) for square in taken + (36,))


def test_the_slide_ends_on_the_true_position(make_app):
    app, driver, cart = draughts_at(make_app, CAPTURE_FEN)
    assert cart.submit(CAPTURE)
    driver.run(cart.ui.slide.frames)
    assert not cart.view.busy(cart.ui)
    driver.frame()
    slid = region(DRAUGHTS_BOARD)
    # the same game put in place at once, with no move played on screen: the same board
    again, again_driver, fresh = draughts_at(make_app, CAPTURE_FEN)
    fresh.adopt(Session.from_text(cart.session.to_text(), DRAUGHTS, fresh.load_start))
    fresh.ui.cursor, fresh.ui.frame = cart.ui.cursor, cart.ui.frame - 1
    again_driver.frame()
    assert region(DRAUGHTS_BOARD) == slid


@pytest.mark.parametrize("press", ["keys", "pad", "mouse"])
def test_a_key_button_or_click_ends_the_slide_and_still_does_its_work(make_app, press):
    app, driver, cart = draughts_at(make_app, "W:W37,46,47:B32,3,4")
    assert cart.submit("37x28") and cart.view.busy(cart.ui)
    driver.run(2)
    assert cart.view.busy(cart.ui)
    if press == "keys":
        cursor = cart.ui.cursor
        driver.key("LEFT")
        assert cart.ui.cursor == (cursor[0] - 1, cursor[1])
    elif press == "pad":
        cart.ui.cursor = square_xy(3)  # square 4, Black's: it is Black's turn
        driver.pad("A")
        assert cart.ui.selected == 3
    else:
        driver.click(*cart.view.square_centre(2))  # square 3, Black's
        assert cart.ui.selected == 2
    assert not cart.view.busy(cart.ui) and cart.session.move_count == 1


def test_undo_during_the_slide_takes_the_move_back(make_app):
    app, driver, cart = draughts_at(make_app, CAPTURE_FEN)
    assert cart.submit(CAPTURE)
    driver.run(3)
    driver.key("Z")
    assert cart.session.move_count == 0 and not cart.view.busy(cart.ui)
    driver.frame()
    for square in (36, 31, 21, 11):
        assert piece_shown(cart, square)


# Peg solitaire: the hop.


def pegs_at(make_app):
    app, driver = make_app()
    app.open_cartridge("pegs")
    driver.frame()
    cart = app.cartridge
    cart.play_entry("english")
    driver.frame()
    return app, driver, cart


def marble_shown(cart, cell) -> bool:
    x, y = cart.layout.centre(cell)
    return pixel(x + 2, y + 2) == palette.LIGHT_GREY  # off the hole's middle and the marble's gleam


@pytest.mark.parametrize("direction", ["DOWN", "RIGHT"])
def test_a_peg_hops_in_an_arc_and_the_jumped_marble_goes_as_it_passes(make_app, direction):
    app, driver, cart = pegs_at(make_app)
    start, jump = {"DOWN": ((3, 1), Jump((3, 1), (3, 3))), "RIGHT": ((1, 3), Jump((1, 3), (3, 3)))}[direction]
    before = cart.state
    cart.cursor = start
    driver.key("RETURN")
    pyxel.set_btn(pyxel.KEY_DOWN if direction == "DOWN" else pyxel.KEY_RIGHT, True)
    driver.frame()
    pyxel.set_btn(pyxel.KEY_DOWN if direction == "DOWN" else pyxel.KEY_RIGHT, False)
    hop = cart.hop
    assert hop is not None and hop.jump == jump
    assert cart.session.move_texts() == [str(jump)] and cart.state == cart.rules.apply(before, jump)
    lifted, over_shown = [], []
    while cart.hop is not None:
        cart.draw()
        ground, where = hop.ground(), hop.where()
        lifted.append(ground[1] - where[1])
        over_shown.append(marble_shown(cart, jump.over))
        assert not marble_shown(cart, jump.start)
        driver.frame()
    assert len(lifted) >= HOP_FRAMES - 2 and max(lifted) >= 8 and lifted[0] < max(lifted) > lifted[-1]
    middle = over_shown.index(False)
    assert all(over_shown[:middle]) and not any(over_shown[middle:]) and 0 < middle < len(over_shown) - 1
    assert marble_shown(cart, jump.dest) and not marble_shown(cart, jump.over)


def test_the_hop_ends_on_the_true_position(make_app):
    app, driver, cart = pegs_at(make_app)
    cart.cursor = (3, 1)
    driver.script("RETURN DOWN")
    driver.run(HOP_FRAMES)
    assert cart.hop is None
    hopped = region(PEGS_BOARD)
    again, again_driver, fresh = pegs_at(make_app)
    fresh.adopt(Session.from_text(cart.session.to_text(), cart.rules, fresh.load_start))
    fresh.cursor = cart.cursor
    again_driver.frame()
    assert region(PEGS_BOARD) == hopped


def test_a_dropped_marble_hops_from_where_it_was_let_go(make_app):
    app, driver, cart = pegs_at(make_app)
    x, y = cart.layout.centre((3, 1))
    x2, y2 = cart.layout.centre((3, 3))
    driver.drag(x, y, x2 + 3, y2 - 4)
    assert cart.hop is not None and cart.hop.start_px == (x2 + 3, y2 - 4) and cart.hop.dest_px == (x2, y2)


@pytest.mark.parametrize("press", ["keys", "pad", "mouse"])
def test_a_key_button_or_click_ends_the_hop_and_still_does_its_work(make_app, press, monkeypatch):
    app, driver, cart = pegs_at(make_app)
    played = []
    monkeypatch.setattr(app, "sound", played.append)
    cart.cursor = (3, 1)
    driver.script("RETURN DOWN")
    assert cart.hop is not None and played == ["pick", "jump"]  # picked up, sets off
    if press == "keys":
        driver.key("UP")
        assert cart.cursor == (3, 2)  # d4 up to d3
    elif press == "pad":
        driver.pad("A")
        assert cart.picked == (3, 3)  # the marble just landed, picked
    else:
        driver.press(*cart.layout.centre((3, 5)))
        assert cart.dragging == (3, 5)
    assert cart.hop is None and played[2] == "remove"  # cut short: the jumped marble goes, heard at once
