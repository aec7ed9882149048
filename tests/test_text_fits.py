"""No text is cut, crammed or off the screen: every string of every table, in both languages, drawn
where the screens draw it, measured on what ``ui.text``/``ui.reverse`` are asked to draw in that frame
(each glyph's ink from the font itself).

Text is cut when some of it is never drawn; it leaves the screen when a character's cell crosses the
one-character margin; blocks on different lines touch when an ink pixel of one is next to an ink
pixel of the other (a descender on a capital, a key block under a ``g``); text overlaps when two
strings' cells share pixels.
"""

from __future__ import annotations

import re
import string
from collections import defaultdict

import pytest

from pyxel_app.games import GAMES
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.shell import overlays, strings, title, ui
from pyxel_app.shell.glyphs import GLYPHS
from pyxel_app.shell.overlays import Message
from pyxel_app.shell.setup_choices import mode_label

FILLER = "Maximilian12"  # a value put into every {field}: as long as a player's name may be
WORD = re.compile(r"[^\W\d_]+")


class Span:
    def __init__(self, x: int, y: int, text: str, reverse: bool, source: str | None = None, start: int = 0) -> None:
        self.x, self.y, self.text, self.reverse = x, y, text, reverse
        # What a clip left of a longer text (a scroller's): the whole text and where this part starts.
        self.source, self.start = (text if source is None else source), start
        self.x1, self.y1 = x + len(text) * ui.CELL, y + ui.CELL
        self.frame = all("\u2500" <= ch <= "\u257f" for ch in text if ch != " ")  # box lines are meant to join

    def ink(self) -> set[tuple[int, int]]:
        if self.reverse:  # the block is ink against the paper, the letter cut out of it
            return {(x, y) for x in range(self.x, self.x1 - 1) for y in range(self.y, self.y + ui.CELL - 1)}
        points = set()
        for i, ch in enumerate(self.text):
            for row, line in enumerate(GLYPHS.get(ch, GLYPHS["?"])):
                points |= {(self.x + i * ui.CELL + col, self.y + row) for col, mark in enumerate(line) if mark == "#"}
        return points

    def __repr__(self) -> str:
        return f"{self.text!r}@({self.x},{self.y})"

    def clipped(self, box: tuple[int, int, int, int] | None) -> list[Span]:
        """The characters whose whole cell a clip rectangle (inner-screen pixels) leaves visible."""
        if box is None:
            return [self]
        bx, by, bw, bh = box
        if self.y1 <= by or self.y >= by + bh:
            return []
        first = max(0, -(-(bx - self.x) // ui.CELL))
        last = min(len(self.text), (bx + bw - self.x) // ui.CELL)
        if first >= last:
            return []
        return [Span(self.x + first * ui.CELL, self.y, self.text[first:last], self.reverse, self.text, first)]


@pytest.fixture
def recorder(pyxel_screen, monkeypatch):
    """``recorder(app)``: the spans of text one drawn frame leaves on the screen."""
    spans: list[Span] = []
    real_text, real_reverse, real_backdrop, real_clip = ui.text, ui.reverse, overlays.calm_backdrop, ui.clip
    clip_box: list = [None]

    def text(x, y, s, col=0):
        spans.extend(Span(x, y, ui._clean(s), False).clipped(clip_box[0]))
        real_text(x, y, s, col)

    def reverse(x, y, s, col=0, paper=6):
        spans.extend(Span(x, y, ui._clean(s), True).clipped(clip_box[0]))
        real_reverse(x, y, s, col, paper)

    def clip(x=None, y=0, w=0, h=0):
        clip_box[0] = None if x is None else (x, y, w, h)
        real_clip(x, y, w, h)

    def backdrop(top, height):  # a dialog blanks the band of rows it stands in
        band = overlays.dialog_band(top, height)
        spans[:] = [span for span in spans if span.y1 <= band.start * ui.CELL or span.y >= band.stop * ui.CELL]
        real_backdrop(top, height)

    monkeypatch.setattr(ui, "text", text)
    monkeypatch.setattr(ui, "reverse", reverse)
    monkeypatch.setattr(overlays, "calm_backdrop", backdrop)
    monkeypatch.setattr(ui, "clip", clip)

    def drawn(app) -> list[Span]:
        spans.clear()
        app.draw()
        return [span for span in spans if span.text.strip()]

    return drawn


def plain(text: str) -> str:
    return ui._clean(re.sub(r"\s", "", "".join(part for part, _ in ui.split_hotkeys(text))))


def filled(text: str) -> str:
    fields = [name for _, name, _, _ in string.Formatter().parse(text) if name]
    return text.format(**{name: FILLER for name in fields}) if fields else text


def problems(spans: list[Span], subject: str | None = None) -> list[str]:
    """What is wrong with one frame's text; ``subject`` must be there whole."""
    found = []
    side = ui.MARGIN * ui.CELL
    for span in spans:
        if span.x < side or span.x1 > ui.SCREEN_W - side or span.y < side or span.y1 > ui.SCREEN_H:
            found.append(f"{span} leaves the screen or enters the margin")
    if subject is not None and plain(subject) not in "".join(plain(span.text) for span in spans):
        found.append(f"cut: {subject!r} is not drawn whole")
    for i, a in enumerate(spans):
        for b in spans[i + 1 :]:
            if a.frame or b.frame:
                continue
            if a.y == b.y and a.x < b.x1 and b.x < a.x1:
                if a.ink() & b.ink():
                    found.append(f"{a} and {b} overlap")
            elif abs(a.y - b.y) == ui.CELL and a.x < b.x1 and b.x < a.x1:
                found.append(f"{a} and {b} are crammed: lines {ui.CELL} pixels apart, not a line's pitch ({ui.LINE_PITCH})")
            elif a.y != b.y and a.x <= b.x1 and b.x <= a.x1 and a.y <= b.y1 and b.y <= a.y1:
                near = {(x + dx, y + dy) for x, y in a.ink() for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
                if near & b.ink():
                    found.append(f"{a} and {b} touch" if abs(a.y - b.y) >= ui.CELL else f"{a} and {b} overlap")
    return found


def all_texts(language: str) -> dict[str, str]:
    return {key: filled(text) for key, text in strings.table(language).items()}


def whole_dialog(app, recorder) -> list[Span]:
    """A dialog's spans at each of its scroll positions, one after the other."""
    box = app.overlays[-1]
    # the text's lines (not the answer row nor the scroll marks), then each line scrolling brings
    spans = [span for span in recorder(app) if span.y != box.answer_row * ui.CELL and span.text not in "▲▼"]
    last_line = (box.top + 1) * ui.CELL + (box.VISIBLE - 1) * ui.LINE_PITCH
    for first in range(1, box.max_first + 1):  # each step down brings one more line
        box.first = first
        spans += [span for span in recorder(app) if span.y == last_line and span.text not in "▲▼"]
    box.first = 0
    return spans


# Every string as a passing message (the most any string can be asked to be) in every cartridge.

def cartridge_at_play(make_app, key: str, language: str):
    app, driver = make_app()
    strings.set_language(language)
    app.open_cartridge(key)
    app.cartridge.start_playing()
    driver.run(3)
    return app, driver


def cartridge_at_start(make_app, key: str, language: str, **options):
    """A cartridge opened as from the menu, at the first screen a player sees."""
    app, driver = make_app(**options)
    strings.set_language(language)
    app.open_cartridge(key)
    driver.frame()
    return app, driver, app.cartridge


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_every_string_fits_as_a_message_on_every_game_screen(make_app, recorder, key, language):
    app, driver = cartridge_at_play(make_app, key, language)
    cart = app.cartridge
    failures = {}
    for name, text in all_texts(language).items():
        app.overlays.clear()
        app.waiting_dialogs.clear()
        cart.flash(text)
        if app.overlays:  # too long for the status lines: it comes in a box, whole
            assert isinstance(app.overlays[-1], Message) and not cart.message_frames
            spans = whole_dialog(app, recorder)
            found = [p for p in problems(spans, text) if "leaves" in p or "cut" in p] + problems(recorder(app))
        else:
            found = problems(recorder(app), text)
        if found:
            failures[name] = found[:3]
    cart.message_frames = 0
    app.overlays.clear()
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())[:6000]


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_every_string_fits_in_a_confirm_box(make_app, recorder, language):
    app, driver = make_app()
    strings.set_language(language)
    failures = {}
    for name, text in all_texts(language).items():
        app.overlays.clear()
        app.confirm(text, lambda: None)
        spans = whole_dialog(app, recorder)
        found = [p for p in problems(spans, text) if "leaves" in p or "cut" in p] + problems(recorder(app))
        if found:
            failures[name] = found[:3]
    app.overlays.clear()
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())[:6000]


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_the_play_screens_text_keeps_apart_and_inside(make_app, recorder, key, language):
    """The board's screen as it stands, key bars and panel included: no two lines touch."""
    app, driver = cartridge_at_play(make_app, key, language)
    assert problems(recorder(app)) == []


SETUP_PHASES = ("variant", "mode", "level", "name", "colour", "first", "evaluation", "address")


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES if spec.is_match])
def test_every_set_up_screen_keeps_its_lines_apart_and_inside(make_app, recorder, key, language):
    """Each question of the set-up, for each seat, against the computer and between two people:
    a two-line question and the two key bars under the name entry stood 8 px apart."""
    app, driver = make_app(network=True)
    strings.set_language(language)
    app.open_cartridge(key)
    driver.run(2)
    cart = app.cartridge
    cart.begin_setup()
    cart.colours = list(cart.spec.colours[:2])
    failures = {}
    for mode in ("computer", "two"):
        for seat in (0, 1):
            cart.mode, cart.seat = mode, seat
            for phase in SETUP_PHASES:
                if phase == "variant" and not cart.spec.choose_variant:
                    continue
                cart.go_to_phase(phase)
                found = problems(recorder(app))
                if found:
                    failures[(mode, seat, phase)] = found[:3]
    assert failures == {}


# Key bars: a reversed key is its word's first letter, or a space parts it from the word.

def glued_words(language: str) -> list[tuple[str, str]]:
    table = strings.table(language)
    words = set()
    for text in table.values():
        loose = re.sub(r"\[[^\]]*\][^\W\d_]*", " ", text.replace("[[", ""))
        words |= {word.lower() for word in WORD.findall(loose)}
    glued = []
    for name, text in table.items():
        parts = ui.split_hotkeys(text)
        for (key, is_key), (after, after_is_key) in zip(parts, parts[1:]):
            letters = WORD.match(after) if is_key and not after_is_key else None
            if letters and (len(key) != 1 or (key + letters.group()).lower() not in words):
                glued.append((name, key + letters.group()))
    return glued


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_no_key_is_glued_to_a_word_it_does_not_begin(language):
    """"[H]int" reads "Hint"; "[F1]help", "[Z]undo" and "[H]Tipp" read "F1help", "Zundo", "HTipp"."""
    assert glued_words(language) == []


# The named cases.


def test_the_german_othello_pass_prompt_is_shown_whole_and_return_passes(make_app, recorder):
    import random

    app, driver = cartridge_at_play(make_app, "othello", "de")
    cart = app.cartridge
    rng = random.Random(3)
    while True:
        cart.new_game()
        while not cart.over and not OTHELLO.must_pass(cart.state):
            cart.session.play(rng.choice(OTHELLO.legal_moves(cart.state)))
        if not cart.over:
            break
    cart.on_session_changed()
    driver.run(3)
    prompt = strings.t("othello.must_pass", player=cart.player_label(OTHELLO.to_move(cart.state)))
    assert "[RETURN] oder klicken" in prompt
    spans = recorder(app)
    assert problems(spans, prompt) == []
    before = cart.session.move_count
    driver.key("RETURN")
    driver.run(2)
    assert cart.session.move_count == before + 1 and cart.session.moves[-1] == "pass"
    assert not app.overlays


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_long_pdn_error_is_shown_whole(make_app, recorder, language):
    app, driver = cartridge_at_play(make_app, "draughts", language)
    app.storage.write("draughts.pdn", '[Event "x"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-98 *\n')
    app.cartridge.import_record()
    driver.key("RETURN")  # the old PDN file, the one row
    assert app.overlays, "the error is too long for the status lines"
    box = app.overlays[-1]
    app.overlays[:] = [box]  # the box alone over the board (the Import page under it hides the board)
    text = " ".join(box.lines)
    assert problems(whole_dialog(app, recorder), text) == []
    assert len(box.lines) > 2


def title_app(make_app, language: str):
    """An app at its title screen, in ``language``."""
    from pyxel_app.shell.app import App
    from pyxel_app.shell.storage import MemoryStorage

    make_app()
    strings.set_language(language)
    return App(storage=MemoryStorage(), seed=7, title=True)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_title_scroller_runs_inside_the_margin_and_shows_every_name(make_app, recorder, language):
    app = title_app(make_app, language)
    screen = app.screen
    line = screen.games_line()
    assert plain(line) and ui.plain_length(line) > ui.COLS - 2  # the case: wider than the screen
    seen = defaultdict(set)
    left, right = ui.MARGIN * ui.CELL, ui.SCREEN_W - ui.MARGIN * ui.CELL
    for frame in range((ui.plain_length(line) + 8) * ui.CELL):
        screen.frame = frame
        for span in recorder(app):
            if span.y == title.GAMES_ROW * ui.CELL:
                for i, ch in enumerate(span.text):
                    x = span.x + i * ui.CELL
                    if left <= x and x + ui.CELL <= right:
                        seen[ch].add(x)
        row = title.GAMES_ROW * ui.CELL + ui.BORDER_Y
        stray = [x for x in list(range(ui.BORDER_X, ui.BORDER_X + left)) + list(range(ui.BORDER_X + right, ui.BORDER_X + ui.SCREEN_W))
                 for y in range(row, row + ui.CELL) if app_pixel(x, y) != 6]
        assert stray == [], f"frame {frame}: text in the margin"
    assert set(line.replace(" ", "")) <= set(seen)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_title_scroller_parts_the_last_and_the_first_name_as_every_other_two(make_app, recorder, language):
    """Where the line comes round, the separator stands between the last game's name and the first's."""
    app = title_app(make_app, language)
    screen = app.screen
    names = [strings.t(f"{spec.key}.name") for spec in app.games]
    line = screen.games_line()
    # The frame that brings the line's end to the middle of the screen.
    screen.frame = ui.plain_length(line) * ui.CELL - (ui.COLS // 2) * ui.CELL
    row = {}
    for span in recorder(app):
        if span.y == title.GAMES_ROW * ui.CELL:
            row |= {span.x + i * ui.CELL: ch for i, ch in enumerate(span.text)}
    shown = "".join(row[x] for x in sorted(row))
    assert names[-1] + title.GAMES_SEPARATOR + names[0][:3] in shown, shown


def app_pixel(x: int, y: int) -> int:
    import pyxel

    return pyxel.screen.pget(x, y)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_menu_shows_every_description_whole_inside_its_frame(make_app, recorder, language):
    """Each game's two-line description on the menu is drawn whole, its lines apart, inside its row."""
    from pyxel_app.shell.menu import DESC_W, ROW_HEIGHT

    app, driver = make_app()
    strings.set_language(language)
    for index, spec in enumerate(GAMES):
        app.screen.set_index(index)
        spans = recorder(app)
        description = strings.t(f"{spec.key}.desc")
        assert problems(spans, description) == [], spec.key
        lines = ui.wrap(description, DESC_W)
        assert 17 + ui.block_height(len(lines)) < ROW_HEIGHT - 2, (spec.key, lines)


# Screens of their own: every string that can be drawn in each place, the longest values put in.

LONG_NAME = "Wolfgang Max"  # twelve characters, as long as a player's name may be, wide letters
BIG = 99999  # a count or best as large as any a player reaches


def screen_problems(app, recorder, subjects, tick=None, ran: set[str] | None = None) -> list[str]:
    """What is wrong with the screen as ``app`` draws it now: ``problems`` of the frame, and each
    subject drawn whole.  A subject a scroller runs through its columns counts as whole when every
    character of it shows in them over one loop; ``tick(frame)`` sets the screen's frame counter;
    ``ran`` keeps the running texts already seen whole, so a second check of the screen skips them."""
    spans = recorder(app)
    found = problems(spans)
    drawn = "".join(plain(span.text) for span in spans)
    running = {span.source for span in spans if span.source != span.text}
    for subject in subjects:
        if not plain(subject) or plain(subject) in drawn:
            continue
        source = next((text for text in running if plain(subject) in plain(text)), None)
        if source is None or tick is None:
            found.append(f"cut: {subject!r} is not drawn whole")
            continue
        if ran is not None and source in ran:
            continue
        seen: set[int] = set()
        for frame in range((len(source) + 4) * ui.CELL):
            tick(frame)
            for span in recorder(app):
                if span.source == source:
                    seen |= set(range(span.start, span.start + len(span.text)))
        if {i for i, ch in enumerate(source) if not ch.isspace()} - seen:
            found.append(f"cut: {subject!r} never shows whole as it runs")
        elif ran is not None:
            ran.add(source)
        tick(0)
    return found


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_every_help_page_shows_every_line_a_line_pitch_apart(make_app, recorder, language):
    """Help pages are blocks like every other: lines a LINE_PITCH apart, each line reached by scrolling."""
    from pyxel_app.shell.overlays import Help

    app, driver = make_app()
    strings.set_language(language)
    table = strings.table(language)
    pages = [text for key, text in table.items()
             if re.search(r"(^|\.)help(\.|$)", key) and not key.startswith(("help.", "keys.", "pause."))]
    pages += [table["help.keys"], table["help.menu"]]
    pages += [f"{table[f'{spec.key}.help']}\n\n{table['net.help']}" for spec in GAMES]  # a network game's page
    pages += [f"{table[f'{spec.key}.help']}\n\n{table['insight.help']}" for spec in GAMES]  # with W and K
    failures = {}
    for page in pages:
        app.overlays.clear()
        app.open_overlay(Help(app, page, "HEADING"))
        box = app.overlays[-1]
        top = Help.FIRST_ROW * ui.CELL
        first = recorder(box)  # the page alone: it covers the screen under it
        body = [span for span in first if top <= span.y < Help.FOOTER_ROW * ui.CELL and span.text != "▼"]
        assert {span.y for span in body} <= {top + i * ui.LINE_PITCH for i in range(Help.VISIBLE_LINES)}
        spans, found = list(body), problems(first)
        last_y = top + (Help.VISIBLE_LINES - 1) * ui.LINE_PITCH
        for box.top in range(1, box.max_top + 1):  # each step down brings one more line
            frame = recorder(box)
            found += problems(frame)
            spans += [span for span in frame if span.y == last_y and span.text not in "▲▼"]
        box.top = 0
        found += problems([], None) + [p for p in problems(spans, page) if "cut" in p]
        found += [p for p in problems(spans, table["help.shell"]) if "cut" in p]
        if found:
            failures[page[:30]] = found[:3]
    app.overlays.clear()
    assert failures == {}, failures


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_keys_screen_shows_every_key_list_note_and_refusal_whole(make_app, recorder, language):
    """Each action's keys (the longest names bound), every refusal a key can get and every clash
    warning: on the screen whole, lines apart, or (a refusal too long for the note) in a box."""
    from pyxel_app.input import Action
    from pyxel_app.shell.keys import KEY_NAMES, KeysScreen, action_label, key_label

    app, driver = make_app()
    strings.set_language(language)
    screen = KeysScreen(app)
    app.go_to(screen)
    driver.frame()
    bindings = app.input.bindings
    longest = sorted(KEY_NAMES.values(), key=lambda name: -len(key_label(name)))
    spare = iter(name for name in longest if bindings.owner(name) is None)
    for action in (Action.UNDO, Action.SELECT, Action.MENU):  # the longest names, beside a fixed key too
        bindings.bind(action, next(spare))

    def tick(frame):
        screen.frame = frame

    ran: set[str] = set()

    def check(what):
        keys = [" ".join(key_label(name) for name in bindings.keys[action]) for action in screen.actions]
        found = screen_problems(app, recorder, [action_label(a) for a in screen.actions] + keys + what, tick, ran)
        assert found == [], found

    for index, action in enumerate(screen.actions):
        screen.chooser.index = index
        check([])
        screen.waiting = action
        check([strings.t("keys.waiting", action=action_label(action))])
        screen.waiting = None
        # ESC cancels the wait, F1 opens the help page; every other key another action has is refused
        owned = [name for name in KEY_NAMES.values()
                 if bindings.owner(name, besides=(action,)) and name not in ("ESCAPE", "F1")]
        for name in owned:
            note = screen._refusal(action, name)
            screen.waiting, screen.note = action, ""
            driver.key(name)
            assert screen.waiting is None, name
            if app.overlays:  # too long for the note's lines: a box shows it whole
                assert " ".join(app.overlays[-1].lines).split() == note.split()
                app.overlays.clear()
                assert screen.note == ""
            else:
                assert screen.note == note
                check([note])
            screen.note = ""
    for clash in ("N", "C", "L", "0"):  # keys of four, two, two games and ByPuzz alone
        for action in (Action.UNDO, Action.HINT, Action.HELP):
            saved = dict(bindings.keys)
            if bindings.owner(clash, besides=(action,)) is None:
                bindings.bind(action, clash)
                screen.chooser.index = screen.actions.index(action)
                warning = screen.clash_warning(action)
                assert warning
                check([warning])
            bindings.keys = saved


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_pegs_board_picker_shows_every_board_and_its_warning_whole(make_app, recorder, language):
    app, driver, cart = cartridge_at_start(make_app, "pegs", language)
    assert cart.screen == "pick"
    for index, entry in enumerate(cart.entries()):
        cart.pick_index = index
        subjects = [strings.t(f"pegs.board.{other}") for other in cart.entries()] + [strings.t("pegs.pick.keys")]
        if entry.endswith("_centre"):
            subjects.append(strings.t("pegs.warn.centre"))
        assert screen_problems(app, recorder, subjects) == [], entry


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_bypuzz_side_column_shows_every_label_and_value_whole(make_app, recorder, language, monkeypatch):
    """Counts, level, best, auto check and the goal's word, each level, on and off, the largest
    numbers, on the preview, the shuffle and the play screen."""
    from pyxel_app.cartridges.bypuzz import ByPuzz
    from pyxel_app.cartridges.bypuzz.play import PlayScreen, ShuffleScreen
    from pyxel_app.cartridges.bypuzz.preview import PreviewScreen
    from pyxel_app.session import Session

    monkeypatch.setattr(ByPuzz, "solver_budget_ms", 2.0)
    monkeypatch.setattr(ByPuzz, "still_solver_budget_ms", 2.0)
    app, driver = cartridge_at_play(make_app, "bypuzz", language)
    cart = app.cartridge
    for _ in range(3000):
        if isinstance(cart.screen, PlayScreen) and not cart.screen.checking:
            break
        driver.frame()
    play = cart.screen
    play.in_place = 15
    monkeypatch.setattr(Session, "move_count", property(lambda session: BIG))
    monkeypatch.setattr(cart, "best", lambda *args: BIG)
    screens = [play, PreviewScreen(cart, then_shuffle=True), PreviewScreen(cart, then_shuffle=False), ShuffleScreen(cart)]
    for screen in screens:
        cart.screen = screen
        for level in ("easy", "normal", "hard"):
            for auto in (True, False):
                cart.level = level
                cart.set_auto_check(auto)
                subjects = [strings.t(f"bypuzz.side.{key}") for key in ("level", "best", "auto", "goal")]
                subjects += [strings.t(f"bypuzz.level.{level}"), str(BIG), strings.t("bypuzz.on" if auto else "bypuzz.off")]
                if screen is play:
                    subjects += [strings.t("bypuzz.moves", n=BIG), strings.t("bypuzz.in_place", n=15)]
                elif isinstance(screen, PreviewScreen):
                    subjects.append(strings.t("bypuzz.preview.caption"))
                assert screen_problems(app, recorder, subjects) == [], (type(screen).__name__, level, auto)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_bypuzz_choice_shows_every_set_and_target_name_whole(make_app, recorder, language, monkeypatch):
    """Each set (a dropped file's name is as long as its file's), each target's name with the
    largest best, random, the levels and the footer."""
    from pyxel_app.cartridges.bypuzz.choose import LEVEL_ITEMS, RANDOM, ChooseScreen, distance_text
    from pyxel_app.rules.bypuzz_sets import PuzzleSet

    app, driver, cart = cartridge_at_start(make_app, "bypuzz", language)
    driver.key("RETURN")
    screen = cart.screen
    assert isinstance(screen, ChooseScreen)
    cart.puzzle_sets.append(PuzzleSet("A long file name of a puzzle set " + LONG_NAME, cart.puzzle_sets[0].targets))
    monkeypatch.setattr(cart, "best", lambda *args: BIG)

    def tick(frame):
        screen.frame = frame

    ran: set[str] = set()
    for set_index, puzzle_set in enumerate(cart.puzzle_sets):
        cart.set_index = set_index
        for target in [None] + list(range(len(puzzle_set.targets))):
            cart.target_index = target
            screen.items.index = RANDOM if target is None else target
            name = strings.t("bypuzz.choose.random_name") if target is None else cart.target_name(target)
            subjects = [name if target is None else strings.t("bypuzz.choose.best", name=name, n=BIG),
                        strings.t("bypuzz.choose.set"), strings.t("bypuzz.choose.random"), strings.t("bypuzz.choose.level"),
                        strings.t("bypuzz.choose.footer"),
                        strings.t("bypuzz.choose.set_name", name=puzzle_set.name, n=set_index + 1, of=len(cart.puzzle_sets))]
            subjects += [strings.t(f"bypuzz.level.{level}") for level in LEVEL_ITEMS.values()]
            subjects += [distance_text(level) for level in LEVEL_ITEMS.values()]
            assert screen_problems(app, recorder, subjects, tick, ran) == [], (puzzle_set.name, target)
    for item in LEVEL_ITEMS:  # the marker beside a level
        screen.items.index = item
        assert problems(recorder(app)) == []


MATCH_GAMES = [spec.key for spec in GAMES if spec.levels or spec.choose_colour or spec.ask_who_starts]


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", MATCH_GAMES)
def test_every_set_up_screen_shows_its_question_choices_and_keys_whole(make_app, recorder, key, language):
    """Variant, mode (with the network's), level, both seats' names and colours (the first
    player's twelve-letter name beside the colour taken), who starts."""
    from pyxel_app.shell import setup

    app, driver, cart = cartridge_at_start(make_app, key, language, network=True)
    spec, word = cart.spec, cart.word
    screens = []
    if spec.choose_variant:
        screens.append(("variant", 0, setup.MODE_COMPUTER, [word("choose_variant")]
                        + [word(f"variant.{v}") for v in cart.rules.variants]))
    screens.append(("mode", 0, setup.MODE_COMPUTER, [word("choose_mode")]
                    + [mode_label(cart, m) for m in cart.mode_choices()]))
    if spec.levels:
        screens.append(("level", 0, setup.MODE_COMPUTER, [word("choose_level")] + [cart.level_label(lv) for lv in spec.levels]))
    for seat in (0, 1):
        screens.append(("name", seat, setup.MODE_TWO, [word("enter_name"), word("keys.name"), word("keys.name_pad"),
                                                       word("empty_name", name=word("default_name", n=seat + 1))]))
        if spec.choose_colour:
            screens.append(("colour", seat, setup.MODE_TWO, [word("keys.colour")]))
    if spec.ask_who_starts:
        screens.append(("first", 0, setup.MODE_COMPUTER, [word("choose_first")]))
    for phase, seat, mode, subjects in screens:
        cart.mode, cart.seat, cart.names = mode, seat, [LONG_NAME, LONG_NAME]
        cart.colours = list(spec.colours[:2]) if phase != "colour" else [spec.colours[0], None] if seat else [None, None]
        cart.go_to_phase(phase)
        if phase == "name":
            cart.entry.type_text(LONG_NAME)
        if phase == "colour":
            subjects = subjects + [cart.colour_name(colour) for colour in spec.colours]
            if seat:
                subjects.append(word("taken_by", player=LONG_NAME))
        if phase == "first":
            subjects = subjects + [word("starts", player=cart.player_label(s)) for s in (0, 1)]
        assert screen_problems(app, recorder, subjects) == [], (phase, seat)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_network_screens_show_every_address_and_reason_whole(make_app, recorder, language):
    """Hosting with the most addresses ``local_addresses`` gives (two and the loopback, as long as
    they come), joining, connecting, and every reason a link fails."""
    from types import SimpleNamespace

    from pyxel_app.shell import setup

    app, driver, cart = cartridge_at_start(make_app, "connect4", language, network=True)
    table = strings.table(language)
    cart.mode, cart.names = setup.MODE_HOST, [LONG_NAME, ""]
    cart.host_addresses = ["255.255.255.255", "192.168.100.200", "127.0.0.1"]
    reasons = [key.split(".")[-1] for key in table if key.startswith("net.why.")]
    port = 65535
    for phase in ("host", "connecting"):
        for problem in [None] + reasons:
            stage = "waiting" if problem is None else "failed"
            cart.phase = phase
            cart.net = SimpleNamespace(stage=stage, listening_port=port, waiting_seconds=3599, problem=problem or "",
                                       detail=FILLER, address="bypuzz-arcade.example.org:65535", code="")
            subjects = ([strings.t("net.hosting"), strings.t("net.tell")] + [f"{a}:{port}" for a in cart.host_addresses]
                        if phase == "host" else [strings.t("net.connecting", address=cart.net.address)])
            if problem:
                from pyxel_app.shell.netplay import why_text

                subjects += [strings.t("net.not_now", why=why_text(problem, FILLER)), strings.t("net.keys.retry")]
            else:
                subjects.append(strings.t("net.keys.cancel"))
            assert screen_problems(app, recorder, subjects) == [], (phase, problem)
    cart.net = None
    cart.go_to_phase("evaluation")  # the host's question
    subjects = [strings.t(key) for key in ("net.eval.question", "net.eval.no", "net.eval.yes", "net.eval.note")]
    assert screen_problems(app, recorder, subjects + [cart.word("keys.choose")]) == []
    cart.go_to_phase("address")
    cart.entry.type_text("bypuzz-arcade.example.org:65535")
    subjects = [strings.t("net.address", port=cart.default_port), strings.t("net.keys.address"), cart.entry.typed]
    assert screen_problems(app, recorder, subjects) == []


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_invite_code_screens_show_the_broker_every_reason_and_the_games_found_whole(make_app, recorder, language):
    """Hosting and joining by code with a long broker's URL and every reason a room fails; the code
    and broker entries; the LAN's list with the longest names at the longest addresses."""
    from types import SimpleNamespace

    from pyxel_app.net.lan import Hosted
    from pyxel_app.shell import setup
    from pyxel_app.shell.netplay import why_text
    from pyxel_app.shell.setup_net import LAN_SHOWN

    app, driver, cart = cartridge_at_start(make_app, "connect4", language, network=True)
    table = strings.table(language)
    broker = "wss://bypuzz-arcade.example.org:65535/mqtt"
    app.settings.set("net.broker", broker)
    reasons = [key.split(".")[-1] for key in table if key.startswith("net.why.")]
    for mode, phase in ((setup.MODE_CODE_HOST, "code_host"), (setup.MODE_CODE_JOIN, "connecting")):
        cart.mode, cart.names = mode, [LONG_NAME, ""]
        for problem in [None] + reasons:
            cart.phase = phase
            cart.net = SimpleNamespace(stage="waiting" if problem is None else "failed", listening_port=0,
                                       waiting_seconds=3599, problem=problem or "", detail=FILLER, code="XR7HJ4MEY",
                                       host=broker, address=f"XR7-HJ4-MEY@{broker}")
            told = [strings.t("net.code.tell")] if problem is None else []  # after a failure, why instead
            subjects = (told + [strings.t("net.code.broker", broker=broker), strings.t("net.keys.broker")]
                        if phase == "code_host"
                        else [strings.t("net.code.connecting", code="XR7-HJ4-MEY", broker=broker)])
            subjects += ([strings.t("net.not_now", why=why_text(problem, FILLER)), strings.t("net.keys.retry")] if problem
                         else [strings.t("net.keys.cancel")])
            assert screen_problems(app, recorder, subjects) == [], (phase, problem)
    cart.net = None
    cart.go_to_phase("code")
    cart.entry.type_text("XR7-HJ4-MEY")
    subjects = [strings.t("net.code.prompt"), strings.t("net.code.broker", broker=broker), strings.t("net.keys.code"),
                cart.entry.typed]
    assert screen_problems(app, recorder, subjects) == []
    cart.go_to_phase("broker")
    assert cart.entry.typed == ""  # longer than the line: typed afresh
    app.settings.set("net.broker", broker[:34])
    cart.go_to_phase("broker")
    assert cart.entry.typed == broker[:34]
    assert screen_problems(app, recorder, [strings.t("net.broker.prompt"), strings.t("net.keys.broker_entry")]) == []
    cart.go_to_phase("lan")
    found = [Hosted("255.255.255.25" + str(n), 65535, "connect4", "standard", LONG_NAME) for n in range(LAN_SHOWN)]
    cart.setup.shown.finder.found = lambda game=None: found
    driver.frame()
    assert len(cart.setup.shown.labels()) == LAN_SHOWN + 1
    assert screen_problems(app, recorder, [strings.t("net.lan.question")] + cart.setup.shown.labels()) == []


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES if spec.levels or spec.choose_colour])
def test_the_players_panel_shows_twelve_letter_names_and_every_computer_whole(make_app, recorder, key, language):
    from pyxel_app.shell import setup

    app, driver = cartridge_at_play(make_app, key, language)
    cart = app.cartridge
    cart.mode, cart.names = setup.MODE_TWO, [LONG_NAME, LONG_NAME]
    assert screen_problems(app, recorder, [LONG_NAME]) == []
    cart.mode = setup.MODE_COMPUTER
    for level in cart.spec.levels:
        cart.level = level
        names = [cart.player_name(seat) for seat in (0, 1)]
        assert screen_problems(app, recorder, names) == [], level


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_bypuzz_config_screen_shows_every_setting_whole(make_app, recorder, language):
    """Each layout, device, pad button choice, sound and tile style, as the keys set them."""
    from pyxel_app.cartridges.bypuzz.config import ROWS, ConfigScreen

    app, driver, cart = cartridge_at_start(make_app, "bypuzz", language)
    assert isinstance(cart.screen, ConfigScreen)
    word = lambda key: strings.t(f"bypuzz.{key}")  # noqa: E731
    labels = [word(f"config.{key.lower()}") for key in ROWS[:-1]]
    labels += [word(key) for key in ("config.keys", "config.cursor_too", "config.devices", "config.game", "config.accept",
                                     "config.footer")]
    for steps in ("", "L", "R", "C", "M", "J", "T", "G", "S", "P", "P", "P", "M J"):
        driver.script(steps)
        cart.message_frames = 0
        values = [word(f"config.pad.{app.input.bindings.pad_layout}"), word(f"tiles.{cart.tile_style}")]
        assert screen_problems(app, recorder, labels + values) == [], steps


def highlight_touches(spans: list[Span], y: int) -> list[str]:
    """What the highlight bar of the row at ``y`` touches of the other rows' text: its white pixels on
    the screen, from a line above the row to a line below it, left of the scroll marks."""
    from pyxel_app.shell import palette
    from pyxel_app.shell.overlays import Page

    band = range(max(0, y - ui.LINE_PITCH), y + ui.CELL + ui.LINE_PITCH)
    keys = {point for span in spans if span.reverse and span.y != y for point in span.ink()}  # white letters
    bar = {(x, yy) for yy in band for x in range(Page.MARK_COL * ui.CELL)
           if app_pixel(ui.BORDER_X + x, ui.BORDER_Y + yy) == palette.WHITE and (x, yy) not in keys}
    assert bar, "no highlight bar"
    near = {(x + dx, yy + dy) for x, yy in bar for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return [f"the highlight bar touches {span}" for span in spans if span.y != y and span.ink() & near]


@pytest.mark.parametrize("web", [False, True])
@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_every_game_menu_reaches_every_entry_its_rows_apart_and_the_ways_out_always_show(make_app, recorder, key,
                                                                                        language, web):
    """The game menu (TAB) at the cartridge's first screen and on its board (ByPuzz's has more
    commands than fit): walked with the arrows it reaches every entry, drawn whole; no two rows
    touch, nor does the highlight bar touch the rows beside it; the way back, help and the ways out
    show at every step."""
    from test_pages import ways_out

    from pyxel_app.shell.overlays import GAP, PauseMenu

    for at_play in (False, True):
        app, driver, cart = cartridge_at_start(make_app, key, language, web=web)
        if at_play:
            cart.start_playing()
            driver.run(3)
        driver.key("TAB")
        menu = app.overlays[-1]
        assert isinstance(menu, PauseMenu)
        entries = [entry[0] for entry in menu.entries if entry != GAP]
        reached = set()
        for _ in entries:
            chosen = menu.entries[menu.chooser.index][0]
            reached.add(chosen)
            spans = recorder(menu)  # the page alone: it covers the screen under it
            found = screen_problems(menu, recorder, ways_out(app) + [chosen])
            found += highlight_touches(spans, menu.chooser.row_y(menu.chooser.index))
            assert found == [], (at_play, chosen, found[:3])
            driver.key("DOWN")
        assert reached == set(entries), at_play


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_export_and_import_pages_show_every_name_count_file_note_and_key_whole(make_app, recorder, language):
    """Export and Import, the list scrolled, twelve-letter names with the most moves, draughts' old
    PDN file, every note under the list, the longest file name a record can have (twelve letters
    each written as ~ and four digits) broken over the lines under it, the name being typed, a
    damaged record's message over the page."""
    from pyxel_app.shell.record_files import RecordShelf
    from pyxel_app.shell.export_page import ExportPage
    from pyxel_app.shell.slots import MAX_SLOTS, Slot

    app, driver = cartridge_at_play(make_app, "draughts", language)
    cart = app.cartridge
    shelf = RecordShelf(app.storage, cart.key, cart.rules, cart.spec.old_record_file)
    for number in range(MAX_SLOTS):
        shelf.save(f"{LONG_NAME[:10]}{number:02}", "1. 32-28 *\n", "")
    app.storage.write("draughts.pdn", "1. 32-28 *\n")
    longest = shelf.file("ÄÖÜäöüßÄÖÜäö")
    word = strings.t
    for saving in (True, False):
        page = ExportPage(cart, saving).open()
        page.slots = [Slot(LONG_NAME, longest, BIG, "") for _ in page.slots[:-1]] + [page.slots[-1]]
        page.rows = ([None] if saving else []) + page.slots
        subjects = [word("records.word.save" if saving else "records.word.load"), word("slots.col.name"),
                    word("slots.col.moves"), word("slots.footer"), LONG_NAME, str(BIG)]
        first, last = [word("records.new_full", n=MAX_SLOTS)] if saving else [], ["draughts.pdn"] if not saving else []
        for note in ("", word("records.full", n=MAX_SLOTS), word("records.deleted", name=LONG_NAME),
                     word("records.nothing_to_delete")):
            for index in (0, len(page.rows) - 1):
                page.note = note
                page.chooser.select(index)
                shown = [note] if note else [] if page.rows[index] is None else [page.rows[index].file]
                found = screen_problems(page, recorder, subjects + shown + (first if index == 0 else last))
                found += highlight_touches(recorder(page), page.chooser.row_y(index))
                assert found == [], (saving, note, index, found[:3])
        app.overlays.clear()
    page = ExportPage(cart, True).open()
    page.slots, page.rows = [], [None]
    page.choose(None)
    page.entry.typed = ""
    page.entry.type_text(LONG_NAME)
    subjects = [word("records.name_question"), word("records.keys.name"), word("match.keys.name_pad"), LONG_NAME]
    assert screen_problems(page, recorder, subjects) == []
    app.overlays.clear()
    app.storage.write(longest, "1. 32-28 32-28 *\n")
    page = ExportPage(cart, False).open()
    page.slots = [slot for slot in page.slots if slot.file == longest]
    page.load(page.slots[0])
    box = app.overlays[-1]
    assert screen_problems(box, recorder, [longest]) == []
    app.overlays.clear()
    for slot in shelf.slots():
        app.storage.delete(slot.file)
    page = ExportPage(cart, False).open()
    assert page.rows == [] and screen_problems(page, recorder, [word("records.none")]) == []


def listed(page):
    """``page`` once its list is read: the job that reads it (shell/jobs.py) run to its end."""
    from pyxel_app.shell.jobs import JobBox

    for box in [overlay for overlay in page.app.overlays + page.app.waiting_dialogs if isinstance(overlay, JobBox)]:
        while not box.advance():
            pass
    return page


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_slot_pages_show_every_name_count_date_note_and_key_whole(make_app, recorder, language):
    """Save and Load, the list scrolled, twelve-letter names with the most moves, the old save,
    every note under the list, the name being typed with its notes; and a question over the page
    never cuts one of its lines in half (they are off the grid the dialog's band clears)."""
    from pyxel_app.shell.overlays import dialog_band
    from pyxel_app.shell.slot_page import SlotPage
    from pyxel_app.shell.slots import MAX_SLOTS, Shelf, Slot

    app, driver = cartridge_at_play(make_app, "connect4", language)
    cart = app.cartridge
    when = "2025-12-31 23:59"
    for number in range(MAX_SLOTS):
        Shelf(app.storage, cart.key).save(f"{LONG_NAME[:10]}{number:02}", cart.session.to_text(), when)
    app.storage.write("save-connect4.txt", cart.session.to_text())
    word = strings.t
    for saving in (True, False):
        page = listed(SlotPage(cart, saving).open())
        page.slots = [Slot(LONG_NAME, "x", BIG, when) for _ in page.slots[:-1]] + [page.slots[-1]]
        page.rows = ([None] if saving else []) + page.slots
        subjects = [word("slots.word.save" if saving else "slots.word.load"), word("slots.col.name"), word("slots.col.moves"),
                    word("slots.col.saved"), word("slots.footer"), LONG_NAME, str(BIG), when]
        first, last = [word("slots.new_full", n=MAX_SLOTS)] if saving else [], [word("slots.old")] if not saving else []
        for note in ("", word("slots.full", n=MAX_SLOTS), word("slots.deleted", name=LONG_NAME), word("slots.nothing_to_delete")):
            for index in (0, len(page.rows) - 1):  # the top of the list and its foot, scrolled there
                page.note = note
                page.chooser.select(index)
                found = screen_problems(page, recorder, subjects + [note] + (first if index == 0 else last))
                found += highlight_touches(recorder(page), page.chooser.row_y(index))
                assert found == [], (saving, note, index, found[:3])
        page.chooser.select(len(page.rows) // 2)
        page.ask_delete()
        box = app.overlays[-1]
        band = dialog_band(box.top, box.height)
        top, bottom = band.start * ui.CELL, band.stop * ui.CELL
        under = recorder(page)
        cut = [span for span in under if span.y < top < span.y1 or span.y < bottom < span.y1]
        assert cut == [], cut
        assert problems([span for span in under if span.y1 <= top or span.y >= bottom] + recorder(box)) == []
        app.overlays.clear()
    page = listed(SlotPage(cart, True).open())
    page.slots, page.rows = [], [None]
    page.choose(None)
    assert page.entry is not None
    page.entry.typed = ""
    page.entry.type_text(LONG_NAME)
    for note in ("", word("slots.no_name"), word("match.name_too_long", n=12)):
        page.note = note
        subjects = [word("slots.name_question"), word("slots.keys.name"), word("match.keys.name_pad"), LONG_NAME, note]
        assert screen_problems(page, recorder, subjects) == [], note
    app.overlays.clear()
    page = SlotPage(cart, False)
    app.storage.delete("save-connect4.txt")
    for slot in Shelf(app.storage, cart.key).slots():
        app.storage.delete(slot.file)
    page.open()
    assert page.rows == [] and screen_problems(page, recorder, [word("msg.no_save")]) == []


# The engines' knowledge: the evaluation where each game shows it, the review page.

# A move label as long as a game's get: a draughts capture of twelve jumps is cut where the row ends.
LONG_LABELS = {"connect4": "7 (6|5)", "othello": "pass", "draughts": "46x37x28x19x10x4x15x24x35x44x33x22x11",
               "pegs": "g4-e4", "bypuzz": "15↓"}


def sample_verdicts(solo: bool) -> list:
    """A verdict of every kind the games give, with the longest counts they reach."""
    from pyxel_app.ai.verdicts import DRAW, LOSS, WIN, Verdict

    if solo:
        return [Verdict(0, WIN, moves=80), Verdict(0, WIN, moves=1), Verdict(0, WIN, moves=0), Verdict(0, LOSS),
                Verdict(0, at_least=80), Verdict(0)]
    return [Verdict(0, WIN, moves=21, stone=21), Verdict(1, LOSS, moves=3, stone=22), Verdict(0, WIN, discs=64),
            Verdict(1, WIN, discs=1), Verdict(0, WIN, moves=99), Verdict(0, WIN), Verdict(0, DRAW),
            Verdict(0, WIN, moves=0), Verdict(0, score=-88.8, depth=60), Verdict(1, score=0.01, depth=1), Verdict(0)]


def longest_sides(cart) -> None:
    """The sides in the colours with the longest names, the players with the longest names."""
    if cart.rules.players == 2:
        by_length = sorted(cart.spec.colours, key=lambda colour: -len(cart.colour_name(colour)))
        cart.colours, cart.names = by_length[:2], [LONG_NAME, LONG_NAME]


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_the_record_page_and_the_replay_show_every_line_whole_and_apart(make_app, recorder, key, language):
    """Each game's record page at its start, its present, a move undone and every page of a long game,
    with a mark and twelve-letter names; its replay at each of those moments, the refusal and the
    footer's and the keys' every word."""
    from test_record_page import seeded_game

    from pyxel_app.shell.record_page import RecordPage
    from pyxel_app.shell.replay import ReplayScreen

    app, driver, cart = seeded_game(make_app, key, language=language)
    if cart.rules.players == 2:
        cart.names = [LONG_NAME, LONG_NAME]
    cart.review_marks.set(cart.session.move_texts(), {0: "?", 5: "??"})
    cart.undo()
    driver.key("F2")
    page = app.overlays[-1]
    assert isinstance(page, RecordPage)
    timeline, sheet = page.timeline, page.current_sheet()
    moments = sorted({0, timeline.present, timeline.last} | {sheet.first_moment(n) for n in range(sheet.pages)})
    assert sheet.pages > 1 or key in ("othello", "pegs", "bypuzz")
    failures = {}
    for moment in moments:
        timeline.look(moment)
        cells = sheet.cells(sheet.page_of(moment))
        subjects = [cell.text + cell.mark for cell in cells] + [timeline.state_word(moment), strings.t("record.footer")]
        found = screen_problems(page, recorder, subjects)
        page.show_board()
        replay = app.overlays[-1]
        assert isinstance(replay, ReplayScreen)
        found += screen_problems(replay, recorder, [timeline.said(moment)] + strings.t("record.keys.replay").split("  "))
        replay.say(strings.t("record.replay.refused"))
        found += screen_problems(replay, recorder, [strings.t("record.replay.refused")])
        replay.close()
        if found:
            failures[moment] = found[:3]
    assert failures == {}


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_every_evaluation_shows_whole_where_its_game_shows_it(make_app, recorder, monkeypatch, key, language):
    """Under the board of a match (over whose turn, which gives way when both do not fit), in peg
    solitaire's side column, on ByPuzz's prompt line: every kind of verdict, thinking and waiting."""
    from pyxel_app.ai.review import Evaluation

    app, driver = cartridge_at_play(make_app, key, language)
    cart, insight = app.cartridge, app.cartridge.insight
    longest_sides(cart)
    app.settings.set(f"evaluation.{key}", True)
    cart.message_frames = 0
    insight.frame = 39  # the most dots
    insight.looked_at = insight.cart.game_shown().state  # as the frame's slice does
    failures = {}
    # Only ByPuzz's solver, cut short, knows a bound.
    verdicts = [verdict for verdict in sample_verdicts(cart.rules.players == 1) if key == "bypuzz" or not verdict.at_least]
    for verdict, waiting in [(verdict, False) for verdict in verdicts] + [
            (None, False), (None, True)]:  # then thinking, and waiting for the game's own search
        monkeypatch.setattr(insight, "answer", lambda verdict=verdict: verdict and Evaluation(verdict))
        insight.waiting = waiting
        words = insight.words(9 if key == "pegs" else ui.COLS - 2)[0]  # peg solitaire's column is 9 wide
        found = problems(recorder(app), words)
        if found:
            failures[words] = found[:3]
    assert failures == {}


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("key", [spec.key for spec in GAMES])
def test_the_review_page_shows_every_row_whole_as_it_scrolls(make_app, recorder, key, language):
    """Its progress while it works, then the summary and every move with the longest labels and
    every kind of verdict, a line pitch apart, each reached by scrolling."""
    from types import SimpleNamespace

    from pyxel_app.ai.review import GameReview, MoveReview
    from pyxel_app.rules.records import MoveLine, Record
    from pyxel_app.shell.review_page import ReviewPage

    app, driver = cartridge_at_play(make_app, key, language)
    cart, insight = app.cartridge, app.cartridge.insight
    longest_sides(cart)
    solo, label = cart.rules.players == 1, LONG_LABELS[key]
    page = ReviewPage(app, insight)
    app.open_overlay(page)  # drawn alone below: it covers the screen under it
    insight.review = SimpleNamespace(progress=(1998, 1999), record=SimpleNamespace(moves=range(999)))
    insight.waiting, insight.frame = True, 39
    body = [text for text, _ in page.body()]
    assert problems(recorder(page), " ".join(body)) == [] and len(body) == 3
    assert [p for p in problems(recorder(page), strings.t("review.footer.working")) if "cut" in p] == []
    moves = []
    for index, verdict in enumerate(sample_verdicts(solo) * 2):
        line = MoveLine(index, 998 + index // 2, index % 2 == 0, index % 2, "x", label, not solo)
        moves.append(MoveReview(line, None, verdict, verdict, index % 3 == 0, "x", "x", label))
    insight.review, insight.waiting = None, False
    insight.reviewed = GameReview(Record(cart.rules, cart.session.start), tuple(moves))
    rows = [text for text, _ in page.body()]
    top = page.FIRST_ROW * ui.CELL
    first = recorder(page)
    spans = [span for span in first if top <= span.y < page.FOOTER_ROW * ui.CELL and span.text not in "▲▼"]
    found = problems(first)
    last_y = top + (page.VISIBLE_LINES - 1) * ui.LINE_PITCH
    assert page.max_top > 0
    for page.top in range(1, page.max_top + 1):  # each step down brings one more line
        frame = recorder(page)
        found += problems(frame)
        spans += [span for span in frame if span.y == last_y and span.text not in "▲▼"]
    drawn = "".join(plain(span.text) for span in spans)
    found += [f"cut: {row!r}" for row in rows if plain(row) not in drawn]
    assert found == [], found[:5]
    assert all(len(row) <= page.BODY_WIDTH for row in rows)
