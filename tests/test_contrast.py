"""Every text is legible on what it is drawn on: the WCAG contrast ratio of each (text colour,
colour under it) pair that the screens draw, in both languages, recorded from the drawing itself.

A hotkey (reversed), a selected line, a message: 3:1 at least.  Plain text below it only where
ALLOWED says why (the C64's own light blue on blue is the look of every screen).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest

from pyxel_app.games import GAMES
from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.palette import contrast

LEAST = palette.LEGIBLE  # WCAG's least contrast for large text and for the parts of a control
# Plain text (never a key) allowed under LEAST, and why.
ALLOWED = {
    (palette.LIGHT_BLUE, palette.BLUE): "the C64's power-on colours: the body text of every screen",
    (palette.GREY, palette.BLUE): "secondary text: a label over its value, the rules in force, a choice that cannot be "
                                  "taken now (WCAG asks no contrast of an inactive control)",
}
SETUP_STEPS = 10
MOVES = 400  # enough to end a game of each kind: its end message shows


def test_the_measure_knows_the_extremes():
    assert round(contrast(palette.WHITE, palette.BLACK), 1) == 21.0
    assert contrast(palette.BLUE, palette.BLUE) == 1.0
    assert 2.2 < contrast(palette.LIGHT_BLUE, palette.BLUE) < 2.3  # why the look needs its place in ALLOWED
    assert all(contrast(fg, bg) < LEAST for fg, bg in ALLOWED)  # no entry without a need


class PairRecorder:
    """Hooks Pyxel's text drawing: each text's colour, the colour most of its cells show before
    it is drawn, and whether it is a key (drawn reversed), with an example of each."""

    def __init__(self, pyxel, monkeypatch) -> None:
        self.pyxel = pyxel
        self.found: dict[tuple[int, int, bool], set[str]] = defaultdict(set)
        self.screen = ""
        self.reversing = False
        real_text, real_reverse = pyxel.text, ui.reverse

        def text(x, y, s, col, *font):
            self.note(x, y, s, col)
            return real_text(x, y, s, col, *font)

        def reverse(*args, **kwargs):
            self.reversing = True
            try:
                real_reverse(*args, **kwargs)
            finally:
                self.reversing = False

        monkeypatch.setattr(pyxel, "text", text)
        monkeypatch.setattr(ui, "reverse", reverse)

    def note(self, x: int, y: int, s: str, col: int) -> None:
        if not s.strip() or all("\u2500" <= ch <= "\u257f" for ch in s if ch != " "):
            return  # box lines are drawing, not text
        screen = self.pyxel.screen
        left, top = x + ui.BORDER_X, y + ui.BORDER_Y  # the inner screen's camera
        under = Counter(screen.pget(px, py) for px in range(max(0, left), min(screen.width, left + len(s) * ui.CELL - 1))
                        for py in range(max(0, top), min(screen.height, top + ui.CELL - 1)))
        if under:
            self.found[(col, under.most_common(1)[0][0], self.reversing)].add(f"{self.screen}: {s.strip()[:24]!r}")

    def draw(self, app, name: str) -> None:
        self.screen = name
        app.draw()
        self.screen = f"frames after {name}"


def every_screen(make_app, recorder: PairRecorder, language: str) -> None:
    """The menu, its pages, every game's set-up screens (with a refused key's message), help, the
    game menu, play and a game's end, and the puzzles' pages."""
    app, driver = make_app()
    strings.set_language(language)
    recorder.draw(app, "menu")
    for key, name in (("K", "keys"), ("S", "sound")):
        driver.key(key)
        recorder.draw(app, name)
        driver.key("ESCAPE")
    for spec in GAMES:
        app, driver = make_app()
        strings.set_language(language)
        app.open_cartridge(spec)
        driver.frame()
        cart = app.cartridge
        for step in range(SETUP_STEPS):
            recorder.draw(app, f"{spec.key} set-up {step}")
            driver.key("DOWN")
            recorder.draw(app, f"{spec.key} set-up {step}, the second line chosen")
            driver.key("UP")
            if getattr(cart, "phase", "play") == "play":
                break
            driver.text("+")
            recorder.draw(app, f"{spec.key} set-up {step}, a refused key")
            driver.key("RETURN")
        driver.key("F1")
        recorder.draw(app, f"{spec.key} help")
        driver.key("ESCAPE")
        driver.key("TAB")
        recorder.draw(app, f"{spec.key} game menu")
        driver.key("ESCAPE")
        cart.start_playing()
        driver.run(2)
        recorder.draw(app, f"{spec.key} play")
        play_to_the_end(cart, driver)
        recorder.draw(app, f"{spec.key} end")


def play_to_the_end(cart, driver) -> None:
    rng = random.Random(1)
    session = cart.session
    for _ in range(MOVES):
        moves = sorted(session.rules.legal_moves(session.state), key=session.rules.move_to_text)
        if session.outcome is not None or not moves:
            break
        if hasattr(cart, "submit"):
            cart.submit(session.rules.move_to_text(rng.choice(moves)))
        else:
            session.play(rng.choice(moves))
    if hasattr(cart, "on_session_changed"):
        cart.on_session_changed()
    driver.run(90)


@pytest.fixture
def pairs(make_app, pyxel_screen, monkeypatch):
    recorder = PairRecorder(pyxel_screen, monkeypatch)
    for language in strings.LANGUAGES:
        every_screen(make_app, recorder, language)
    return recorder.found


def test_every_key_selection_and_message_stands_out_from_what_it_is_drawn_on(pairs):
    listed = sorted((round(contrast(fg, bg), 2), fg, bg, key) for fg, bg, key in pairs)
    print("\n".join(f"{ratio:5.2f}  text {fg:2} on {bg:2}{'  (key)' if key else ''}" for ratio, fg, bg, key in listed))
    low = {(fg, bg, key): sorted(pairs[(fg, bg, key)])[:3] for ratio, fg, bg, key in listed
           if ratio < LEAST and (key or (fg, bg) not in ALLOWED)}
    assert low == {}, "under 3:1"
    assert len(pairs) > 10  # the recorder saw the screens


def test_the_border_of_the_side_to_move_stands_out_from_the_screen_in_every_colour_a_player_picks(make_app):
    """The border shows whose turn it is in that side's colour: never one that melts into the
    screen it frames (Connect 4's Blue was the screen's own blue)."""
    seen = {}
    for spec in GAMES:
        if not (spec.is_match and spec.colours):
            continue
        app, driver = make_app()
        app.open_cartridge(spec)
        cart = app.cartridge
        cart.start_playing()
        for colour in spec.colours:
            cart.flow.colours = [colour, next(other for other in spec.colours if other != colour)]
            driver.frame()
            assert cart.flow.seat_to_move() == 0
            seen[(spec.key, colour)] = app.border
    low = {key: border for key, border in seen.items() if contrast(border, palette.BACKGROUND) < palette.BORDER_LEAST}
    assert low == {} and len(seen) >= 8, seen
