"""The engines' knowledge on screen (issue 41), in every game: the evaluation (W) in the game's
words and both languages, exact where a solver reaches and the engine's score elsewhere; it is
toggled and remembered, follows moves and undo, waits while the game's own search thinks and
asks each slice for the frame's budget; the review page (K, or the game menu by pad) marks a
planted blunder in every game and sums it up.

No timings are asserted: budgets only bound the searches (``EXACT_MS`` is far more than the exact
answers here need), and a slice's budget is checked as the number handed to the engine."""

from __future__ import annotations

import re

import pytest
from test_review import othello_ending, planted, pons_positions
from test_text_fits import cartridge_at_start

from pyxel_app.ai.review import Evaluate, Review
from pyxel_app.ai.verdicts import LOSS, WIN, Verdict
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.fifteen import RULES as FIFTEEN
from pyxel_app.rules.pegs import CENTRE_STARTS
from pyxel_app.rules.pegs import RULES as PEGS
from pyxel_app.session import Session
from pyxel_app.shell import insight as insight_module
from pyxel_app.shell import strings
from pyxel_app.shell.insight_words import summary_words, verdict_words
from pyxel_app.shell.overlays import PauseMenu
from pyxel_app.shell.review_page import ReviewPage

EXACT_MS = 5_000.0  # far beyond what the exact answers here need
ENGINE_MS = 300.0  # the engine's look-ahead: a few plies
MAX_FRAMES = 20_000
GAME_OF = {"connect4": "connect4", "othello": "othello", "draughts-tables": "draughts", "pegs": "pegs",
           "fifteen": "bypuzz"}


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    """Reviews on screen search ENGINE_MS a move here, unless a test asks for more."""
    monkeypatch.setattr(insight_module, "REVIEW_MOVE_MS", ENGINE_MS)


def until(driver, done, limit: int = MAX_FRAMES) -> None:
    for _ in range(limit):
        if done():
            return
        driver.frame()
    raise AssertionError(f"not done after {limit} frames")


def load(cart, start, moves=()) -> None:
    """The game of ``cart`` from ``start`` with ``moves`` played (the rules' move objects)."""
    if cart.key == "bypuzz":
        cart.set_goal(start.goal)
        cart.play(start.tiles, None, check_run=False)
    else:
        meta = dict(cart.session.meta)
        if "variant" in meta:
            meta["variant"] = cart.rules.variant_of(start)
        cart.adopt(Session(cart.rules, start, meta))
    for move in moves:
        cart.session.play(move)
    cart.on_session_changed()


def at_position(make_app, key: str, start=None, moves=(), language: str = "en", storage=None):
    """The app showing ``key`` played by two people here (a puzzle: by the player), from ``start``."""
    app, driver, cart = cartridge_at_start(make_app, key, language, storage=storage)
    cart.start_playing()
    driver.run(2)
    if start is not None:
        load(cart, start, moves)
    driver.run(2)
    return app, driver, cart


def shown(screen_text, app) -> str:
    """The words the frame shows, one line after the other."""
    return re.sub(r"\s+", " ", screen_text(app).replace(" | ", " "))


# ---- the evaluation's words, exact and by the engine, in both languages ----


def connect4_won():
    from pyxel_app.rules.connect4 import RULES as CONNECT4

    sequence = next(sequence for sequence, score in pons_positions("L3_R1", 100) if score > 0)
    return CONNECT4.state_from_text(sequence)


HARD_PUZZLE = "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1"  # 80 moves from the goal: no short budget solves it
POSITIONS = {
    # game: (start, budget, English, German)
    "connect4 exact": ("connect4", connect4_won, EXACT_MS, r"\b(Red|Green) wins with its \d+(st|nd|rd|th) stone\.",
                       r"\b(Rot|Grün) gewinnt mit seinem \d+\. Stein\."),
    "connect4 engine": ("connect4", None, ENGINE_MS, r"(Even|\+\d\.\d for (Red|Green)) \(\d+ moves? deep\)",
                        r"(Ausgeglichen|\+\d,\d für (Rot|Grün)) \(\d+ Züge? tief\)"),
    "othello exact": ("othello", lambda: othello_ending(5, 9), EXACT_MS,
                      r"(Black|White) wins by \d+ discs?\.|\bDraw\.", r"(Schwarz|Weiß) gewinnt mit \d+ Steinen? Vorsprung\."
                      r"|Unentschieden\."),
    "othello engine": ("othello", None, ENGINE_MS, r"(Even|\+\d\.\d for (Black|White)) \(\d+ moves? deep\)",
                       r"(Ausgeglichen|\+\d,\d für (Schwarz|Weiß)) \(\d+ Züge? tief\)"),
    "draughts exact": ("draughts", lambda: DRAUGHTS.state_from_text("W:WK17,K23,K40,K48:BK45"), EXACT_MS,
                       r"White wins in 2 moves\.", r"Weiß gewinnt in 2 Zügen\."),
    "draughts engine": ("draughts", None, ENGINE_MS, r"(Even|\+\d\.\d for (White|Black)) \(\d+ moves? deep\)",
                        r"(Ausgeglichen|\+\d,\d für (Weiß|Schwarz)) \(\d+ Züge? tief\)"),
    "pegs exact": ("pegs", lambda: PEGS.initial_state("english"), EXACT_MS, r"Solvable: one marble can remain\.",
                   r"Lösbar: eine Murmel kann übrig bleiben\."),
    "pegs unsolvable": ("pegs", lambda: PEGS.state_from_text(CENTRE_STARTS["french"]), EXACT_MS,
                        r"Not solvable: one marble can no longer remain\.",
                        r"Nicht mehr lösbar: mehr als eine Murmel bleibt\."),
    "bypuzz exact": ("bypuzz", lambda: FIFTEEN.state_from_text("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15"), EXACT_MS,
                     r"2 moves to the goal\.", r"2 Züge bis zum Ziel\."),
    "bypuzz bound": ("bypuzz", lambda: FIFTEEN.state_from_text(HARD_PUZZLE), 1.0, r"At least \d+ moves to the goal\.",
                     r"Mindestens \d+ Züge bis zum Ziel\."),
}


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("case", list(POSITIONS))
def test_the_evaluation_speaks_the_games_words(make_app, monkeypatch, screen_text, case, language):
    key, start, budget, english, german = POSITIONS[case]
    monkeypatch.setattr(insight_module, "EVALUATION_MS", budget)
    app, driver, cart = at_position(make_app, key, start() if start else None, language=language)
    assert shown(screen_text, app).count("Thinking") == 0
    driver.key("W")
    until(driver, lambda: cart.insight.answer() is not None)
    driver.frame()
    words, _ = cart.insight.words()
    assert re.fullmatch(english if language == "en" else german, words), words
    assert words in shown(screen_text, app) or " ".join(words.split()) in shown(screen_text, app)
    verdict = cart.insight.answer().verdict
    assert verdict.exact == ("exact" in case or "unsolvable" in case)


def test_a_verdict_with_nothing_found_says_so_and_counts_one_in_the_singular():
    side = ("Red", "Green").__getitem__
    assert verdict_words(Verdict(0), "pegs", side, solo=True) == "Nothing found yet."
    assert verdict_words(Verdict(1, WIN, discs=1), "othello", side) == "Green wins by 1 disc."
    assert verdict_words(Verdict(0, LOSS, moves=1), "draughts", side) == "Green wins in 1 move."
    assert verdict_words(Verdict(0, WIN, moves=0, stone=4), "connect4", side) == "Red has won."
    assert verdict_words(Verdict(0, WIN, moves=1), "bypuzz", side, solo=True) == "1 move to the goal."
    assert verdict_words(Verdict(0, score=0.04, depth=1), "draughts", side) == "Even (1 move deep)"
    assert [verdict_words(Verdict(0, WIN, stone=n, moves=1), "connect4", side).split()[4] for n in (1, 2, 3, 11, 21)] == [
        "1st", "2nd", "3rd", "11th", "21st"]
    strings.set_language("de")
    try:
        assert verdict_words(Verdict(0, score=-1.25, depth=4), "othello", side) == "+1,2 für Green (4 Züge tief)"
        assert verdict_words(Verdict(0, WIN, moves=0), "pegs", side, solo=True) == "Gelöst: eine Murmel bleibt übrig."
    finally:
        strings.set_language("en")


# ---- on and off, remembered, following the game ----


def test_w_toggles_the_evaluation_and_each_game_remembers_it(make_app, monkeypatch, screen_text):
    monkeypatch.setattr(insight_module, "EVALUATION_MS", ENGINE_MS)
    app, driver, cart = at_position(make_app, "connect4")
    assert not cart.insight.on and not cart.insight.showing()
    driver.key("W")
    assert cart.insight.on and app.settings.get("evaluation.connect4") == "on"
    assert "Thinking" in shown(screen_text, app)
    until(driver, lambda: cart.insight.answer() is not None)
    driver.frame()
    words = cart.insight.words()[0]
    assert words in shown(screen_text, app)
    # The mark is a key: a click on it turns the evaluation off, with a word.
    x0, x1, y, _ = next(span for span in cart.hotkeys.spans if span[3] == "W")
    driver.click(x0 + 2, y + 2)
    assert not cart.insight.on and cart.message == strings.t("eval.now_off")
    driver.run(200)
    assert words not in shown(screen_text, app) and "to move" in shown(screen_text, app)
    # The game menu offers it too, with its state.
    assert [command.label for command in cart.commands()].count("Evaluation: off") == 1
    driver.key("W")
    storage = app.storage.backend
    again, again_driver = make_app(storage=storage)
    again.open_cartridge("connect4")
    again_driver.frame()
    assert again.cartridge.insight.on
    again.leave_cartridge(ask=False)
    again_driver.frame()
    again.open_cartridge("othello")
    again_driver.frame()
    assert not again.cartridge.insight.on


def test_the_evaluation_follows_moves_and_comes_back_at_once_after_undo(make_app, monkeypatch):
    monkeypatch.setattr(insight_module, "EVALUATION_MS", ENGINE_MS)
    app, driver, cart = at_position(make_app, "othello")
    driver.key("W")
    until(driver, lambda: cart.insight.answer() is not None)
    before, first = cart.state, cart.insight.answer()
    cart.submit("d3")
    assert cart.insight.answer() is None
    until(driver, lambda: cart.insight.answer() is not None and not cart.view.busy(cart.ui))
    assert cart.insight.known[cart.state] is cart.insight.answer() and cart.state != before
    driver.key("Z")
    assert cart.state == before and cart.insight.answer() is first
    driver.frame()
    assert cart.insight.evaluation is None  # known: no search again


def test_a_moment_the_replay_draws_shows_its_evaluation_only_when_known(make_app, monkeypatch):
    """The record's replay draws earlier moments (the session's position, for one draw): their
    evaluation shows when it was found, and no "Thinking" for a moment nobody thinks about."""
    monkeypatch.setattr(insight_module, "EVALUATION_MS", ENGINE_MS)
    app, driver, cart = at_position(make_app, "othello")
    driver.key("W")
    until(driver, lambda: cart.insight.answer() is not None)
    cart.submit("d3")
    until(driver, lambda: cart.insight.answer() is not None and not cart.view.busy(cart.ui))
    session, present = cart.session, cart.session.position
    session.position = 0  # as the replay draws the start
    try:
        assert cart.insight.drawn() and cart.insight.answer() is cart.insight.known[session.state]
        cart.insight.known.pop(session.state)
        assert not cart.insight.drawn()
    finally:
        session.position = present
    assert cart.insight.drawn()


def computer_game(make_app):
    """Connect 4 against the perfect computer, the person to move first."""
    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.script("1 5 RETURN 1 wait:5")
    cart = app.cartridge
    assert cart.phase == "play" and cart.is_computer(1) and not cart.agent_to_move()
    return app, driver, cart


def test_the_evaluation_waits_for_the_computer_and_thinks_the_frames_budget(make_app, monkeypatch):
    monkeypatch.setattr(insight_module, "EVALUATION_MS", ENGINE_MS)
    app, driver, cart = computer_game(make_app)
    budgets: list[float] = []
    real_step = Evaluate.step
    monkeypatch.setattr(Evaluate, "step", lambda self, ms: budgets.append(ms) or real_step(self, ms))
    monkeypatch.setattr(app, "think_ms", lambda wanted: 2.5)  # this frame's budget, as the app would cut it
    driver.key("W")
    until(driver, lambda: cart.insight.answer() is not None)
    assert budgets and set(budgets) == {2.5}
    driver.key("D")  # the person's disc; the computer thinks next
    assert cart.agent_to_move()
    asked = len(budgets)
    waited = 0
    while cart.agent_to_move():
        driver.frame()
        waited += 1
        assert len(budgets) == asked and cart.insight.waiting, "the evaluation thought while the computer did"
    assert waited > 1 and cart.session.move_count == 2
    until(driver, lambda: cart.insight.answer() is not None)
    assert len(budgets) > asked and set(budgets) == {2.5}


def test_the_evaluation_shares_the_frame_with_a_search_in_the_background(make_app, monkeypatch):
    """ByPuzz searches the par of a hard start in the background: each gets half the frame's time."""
    monkeypatch.setattr(insight_module, "EVALUATION_MS", 50.0)
    app, driver, cart = at_position(make_app, "bypuzz", FIFTEEN.state_from_text(HARD_PUZZLE))
    assert cart.engine_background()
    budgets: list[float] = []
    real_step = Evaluate.step
    monkeypatch.setattr(Evaluate, "step", lambda self, ms: budgets.append(ms) or real_step(self, ms))
    monkeypatch.setattr(app, "think_ms", lambda wanted: wanted)
    driver.key("W")
    until(driver, lambda: cart.insight.answer() is not None)
    assert cart.engine_background() and not cart.insight.waiting  # the par is still sought, beside it
    assert set(budgets) == {insight_module.THINK_MS / 2}


def test_the_review_thinks_the_frames_budget(make_app, monkeypatch):
    app, driver, cart = at_position(make_app, "connect4")
    for column in "4455":
        cart.submit(column)
    budgets: list[float] = []
    real_step = Review.step
    monkeypatch.setattr(Review, "step", lambda self, ms: budgets.append(ms) or real_step(self, ms))
    monkeypatch.setattr(app, "think_ms", lambda wanted: 3.0)
    driver.key("K")
    until(driver, lambda: cart.insight.reviewed is not None)
    assert len(budgets) > 1 and set(budgets) == {3.0}


# ---- the review page: a planted blunder in every game, by keys and by pad ----


def open_by_pad(app, driver) -> None:
    """START, down to Review, A."""
    driver.pad("START")
    menu = app.overlays[-1]
    assert isinstance(menu, PauseMenu)
    wanted = [label for label, _ in menu.entries].index(strings.t("review.cmd"))
    for _ in range(len(menu.entries)):
        if menu.chooser.index == wanted:
            break
        driver.pad("DPAD_DOWN")
    driver.pad("A")


@pytest.mark.parametrize("via", ["keys", "pad"])
@pytest.mark.parametrize("game", list(GAME_OF))
def test_the_review_page_marks_a_planted_blunder(make_app, monkeypatch, game, via):
    monkeypatch.setattr(insight_module, "REVIEW_MOVE_MS", EXACT_MS)
    record, index = planted(game)
    app, driver, cart = at_position(make_app, GAME_OF[game], record.start, record.moves)
    if via == "keys":
        driver.key("K")
    else:
        open_by_pad(app, driver)
    page = app.overlays[-1]
    assert isinstance(page, ReviewPage)
    until(driver, lambda: cart.insight.reviewed is not None)
    assert cart.review_marks.marks == {index: "?"} and cart.review_marks.get(index, cart.session.move_texts()) == "?"
    rows = [text for text, _ in page.body()]
    blunder = cart.insight.reviewed.moves[index]
    marked = [row for row in rows if row.endswith(" ?")]
    assert len(marked) == 1 and marked[0].split()[-2] == blunder.line.label.split()[-1]
    assert strings.t("review.best", move=blunder.best_label) in " ".join(row.strip() for row in rows)
    assert " ".join(rows).startswith(cart.insight.summary_text().split()[0])
    driver.pad("B") if via == "pad" else driver.key("ESCAPE")
    assert not app.overlays


SUMMARIES = {
    "connect4": ("1 mistake, the first at move 1: {move}, {after} after it; {best} kept the win.",
                 "1 Fehler, der erste bei Zug 1: {move}, danach {after}; {best} hätte den Sieg gehalten."),
    "fifteen": ("1 move went away from the goal, the first at move 1: {best} led towards it.",
                "1 Zug führte vom Ziel weg, der erste bei Zug 1: {best} führte hin."),
    "pegs": ("After jump {n} ({move}) one marble could no longer remain; {best} kept it solvable.",
             "Nach Sprung {n} ({move}) konnte keine Murmel mehr allein übrig bleiben; {best} hielt es lösbar."),
}


@pytest.mark.parametrize("game", list(SUMMARIES))
def test_the_summary_names_the_first_mistake_and_the_move_that_was_better(game):
    record, index = planted(game)
    review = Review(record, EXACT_MS).run_to_end()
    first = review.moves[index]
    key = GAME_OF[game]
    side = ("Red", "Green").__getitem__
    for language, text in zip(strings.LANGUAGES, SUMMARIES[game]):
        strings.set_language(language)
        try:
            after = strings.t(f"review.after.{first.verdict.result}") if first.verdict.exact else ""
            expected = text.format(best=first.best_label, n=first.line.number, move=first.line.label, after=after)
            assert summary_words(review, key, side, solo=record.rules.players == 1) == expected
        finally:
            strings.set_language("en")


def test_the_marks_go_to_the_record_for_the_moves_reviewed(make_app, monkeypatch):
    monkeypatch.setattr(insight_module, "REVIEW_MOVE_MS", EXACT_MS)
    record, index = planted("fifteen")
    app, driver, cart = at_position(make_app, "bypuzz", record.start, record.moves)
    driver.key("K")
    until(driver, lambda: cart.insight.reviewed is not None)
    driver.key("ESCAPE")
    marks, moves = cart.review_marks, cart.session.move_texts()
    assert [marks.get(i, moves) for i in range(len(moves))] == ["?", "", "", ""]
    assert marks.get(0, ["14"] + moves[1:]) == ""  # another first move: not the move judged


def test_the_knowledge_is_offered_only_with_a_board(make_app):
    app, driver = make_app()
    app.open_cartridge("pegs")
    driver.frame()
    cart = app.cartridge
    assert cart.screen == "pick" and strings.t("review.cmd") not in [command.label for command in cart.commands()]
    cart.insight.open_review()
    assert not app.overlays and cart.message == strings.t("review.no_game")
    driver.key("RETURN")
    assert cart.screen == "play" and strings.t("review.cmd") in [command.label for command in cart.commands()]
    driver.key("F1")
    assert strings.t("insight.help")[:40] in " ".join(app.overlays[-1].lines)


def test_the_match_and_every_cartridge_answer_what_the_knowledge_asks(make_app):
    from test_host import missing_members

    from pyxel_app.shell.insight import Studied

    app, driver = make_app()
    for key in ("connect4", "pegs", "bypuzz"):
        app.open_cartridge(key)
        driver.frame()
        assert missing_members(app.cartridge.studied(), Studied) == [], key
        app.leave_cartridge(ask=False)
        driver.frame()
    assert "engine_background" in missing_members(object(), Studied)
