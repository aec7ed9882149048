"""No game is lost without asking, in every registered game.

A game with a few moves (and a saved game to load, made a move earlier) meets every action
a player has: every entry of the game menu, every key and pad button (alone and followed by
RETURN, as a board picker is answered), and a file dropped on the window.  After it, the game
is what it was, or a question was asked and No kept the game and its autosave, or undo (redo
for the undo key itself) brings the game back.  Whatever says "saved" has a save behind it.
"""

from __future__ import annotations

import inspect
import random
import string

import pytest

from pyxel_app import games
from pyxel_app.session import Session
from pyxel_app.shell import strings
from pyxel_app.shell.overlays import Confirm, Message
from pyxel_app.shell.slot_page import SlotPage
from pyxel_app.shell.slots import Shelf
from pyxel_app.shell.storage import DataFolder, FileStorage

KEYS = (tuple(string.ascii_uppercase) + tuple(string.digits)
        + ("SPACE", "RETURN", "ESCAPE", "TAB", "F10", "BACKSPACE", "UP", "DOWN", "LEFT", "RIGHT"))
PADS = ("A", "B", "X", "Y", "START", "BACK")
ACTIONS = [("key", key) for key in KEYS] + [("pad", pad) for pad in PADS]
# A file each game takes when dropped on its window (a game that reads dropped files brings one):
# a record of a game (tests/test_record_files.py drops records in every game), a Pegs board, a ByPuzz set.
DROPPED = {
    "connect4": "4453\n",
    "othello": "f5d6c3\n",
    "draughts": "1. 32-28 19-23 2. 28x19 14x23 *\n",
    "pegs": "# a small board\n_ooo_\nooooo\noo.oo\nooooo\n_ooo_\n",
    "bypuzz": "\n".join(
        " ".join(str((tile + shift) % 16) for tile in range(row * 4 + 1, row * 4 + 5))
        for shift in range(10) for row in range(4)
    ) + "\n",
}
MOVES_BEFORE_SAVE, MOVES_AFTER_SAVE = 1, 3
NEGATIONS = ("not saved", "could not", "cannot")


def game_of(session: Session) -> tuple:
    return session.start, tuple(session.move_texts())


def saved_games(cart) -> set:
    """The games the autosave and every slot hold."""
    slots = Shelf(cart.app.storage, cart.key).slots()
    return {stored_game(cart, cart.autosave_name)} | {stored_game(cart, slot.file) for slot in slots}


def stored_game(cart, name: str) -> tuple | None:
    text = cart.app.storage.read(name)
    return None if text is None else game_of(Session.from_text(text, cart.rules, cart.load_start))


def play_moves(cart, rng: random.Random, count: int) -> None:
    """``count`` legal moves, none ending the game or going back to a position, the way undo and
    redo reach a cartridge."""
    rules = cart.rules
    for _ in range(count):
        state = cart.session.state
        moves = [move for move in rules.legal_moves(state)
                 if rules.outcome(rules.apply(state, move)) is None and rules.apply(state, move) not in cart.session.states]
        cart.session.play(rng.choice(moves))
        cart.on_session_changed()
        cart.after_move()


def open_game(make_app, spec, storage=None):
    """``spec``'s board with a game in progress and, a move earlier, every kind of save it offers."""
    strings.set_language("en")
    app, driver = make_app(storage=storage)
    app.open_cartridge(spec)
    driver.frame()
    cart = app.cartridge
    cart.start_playing()
    driver.frame()
    rng = random.Random(spec.key)
    play_moves(cart, rng, MOVES_BEFORE_SAVE)
    for command in cart.commands():
        if command.label.lower().startswith("save"):  # "Save game", draughts' "Save as PDN"
            command.run()
            if app.overlays and isinstance(app.overlays[-1], SlotPage):
                driver.key("RETURN")  # "New slot ..."
                driver.key("RETURN")  # its name as offered
    assert Shelf(app.storage, cart.key).slots(), "the game menu's Save saved nothing"
    cart.message_frames = 0  # "Game saved." was about that save
    play_moves(cart, rng, MOVES_AFTER_SAVE)
    driver.run(2)
    return app, driver, cart


def claims_saved(text: str) -> bool:
    lowered = text.lower()
    return "saved" in lowered and not any(negation in lowered for negation in NEGATIONS)


def check_claims(app, cart, game: tuple) -> None:
    """A dialog or message that says the game is saved: the autosave or a slot holds it."""
    texts = [" ".join(overlay.lines) for overlay in app.overlays if isinstance(overlay, (Confirm, Message))]
    texts += [cart.message] if cart.message_frames else []
    shown = game_of(cart.session) if cart.session is not None else game
    for text in texts:
        if claims_saved(text):
            assert shown in saved_games(cart), f"{text!r} but no save holds the game"


def answer_no(app, driver, cart, game: tuple) -> list[str]:
    """Close whatever is shown (No to every question), checking each first; the questions asked."""
    asked = []
    for _ in range(10):
        if not app.overlays:
            break
        check_claims(app, cart, game)
        top = app.overlays[-1]
        if isinstance(top, Confirm):
            asked.append(" ".join(top.lines))
            # Before the answer, the game and its autosave are still whole.
            assert game_of(cart.session) == game and stored_game(cart, cart.autosave_name) == game, asked[-1]
        driver.key("ESCAPE")  # No to a question; closes help, the game menu and messages
    driver.run(2)
    return asked


def brought_back(driver, cart, game: tuple) -> bool:
    """Undo (or, after the undo key itself, redo) brings ``game`` back."""
    for key in ("Z",) * 3 + ("Y",) * 6:
        if cart.session is not None and game_of(cart.session) == game:
            return True
        driver.key(key)
    return cart.session is not None and game_of(cart.session) == game


def check_nothing_lost(app, driver, cart, game: tuple, what: str) -> None:
    asked = answer_no(app, driver, cart, game)
    if app.cartridge is None:  # left without a question: the game must be in its autosave
        assert stored_game(cart, cart.autosave_name) == game, f"{what}: left and the game is gone"
        return
    assert app.cartridge is cart
    assert brought_back(driver, cart, game), f"{what}: the game is gone (asked: {asked})"
    driver.run(2)
    assert stored_game(cart, cart.autosave_name) == game, f"{what}: the autosave lost the game"


def menu_entries(app, cart) -> list[str]:
    app.open_pause_menu(cart)
    labels = [label for label, run in app.overlays[-1].entries if run is not None]
    app.overlays.clear()
    return labels


def leave_keeps_the_game(app, driver, cart, what: str) -> None:
    """Leaving from where the player is now (the game menu's Leave, yes to every question) keeps the
    game shown in the autosave."""
    game = game_of(cart.session)
    cart.leave()
    for _ in range(3):
        if not app.overlays:
            break
        check_claims(app, cart, game)
        driver.key("Y")
    driver.run(2)
    assert app.cartridge is None, what
    assert stored_game(cart, cart.autosave_name) == game, f"{what}, then leaving: the autosave lost the game"


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_no_key_or_button_loses_a_game_in_progress(make_app, spec):
    lost = []
    for kind, name in ACTIONS:
        for then_return in (False, True):
            what = f"{kind} {name}{' RETURN' if then_return else ''}"
            app, driver, cart = open_game(make_app, spec)
            game = game_of(cart.session)
            assert stored_game(cart, cart.autosave_name) == game
            try:
                getattr(driver, kind)(name)
                check_claims(app, cart, game)
                # RETURN after a key that left the game as it was (a picker opened, say), as a player
                # answers it; after one that moved, RETURN only plays on and ends a redo branch.
                unchanged = app.cartridge is cart and cart.session is not None and game_of(cart.session) == game
                if then_return and not app.overlays and unchanged:
                    driver.key("RETURN")
                elif then_return:
                    continue
                unchanged = app.cartridge is cart and not app.overlays and game_of(cart.session) == game
                check_nothing_lost(app, driver, cart, game, what)
                if unchanged:  # wherever the key led (a picker, the target's view), leaving keeps the game
                    leave_keeps_the_game(app, driver, cart, what)
            except AssertionError as error:
                lost.append(str(error).splitlines()[0])
    assert not lost, "\n".join(lost)


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_no_game_menu_command_loses_a_game_in_progress(make_app, spec):
    app, driver, cart = open_game(make_app, spec)
    labels = menu_entries(app, cart)
    assert strings.t("pause.load") in labels
    lost = []
    for index, label in enumerate(labels):
        app, driver, cart = open_game(make_app, spec)
        game = game_of(cart.session)
        driver.key("TAB")
        menu = app.overlays[-1]
        menu.chooser.index = [i for i, (_, run) in enumerate(menu.entries) if run is not None][index]
        driver.key("RETURN")
        if app.overlays and isinstance(app.overlays[-1], SlotPage):
            driver.key("RETURN")  # Load: the slot saved a move earlier; Save: a new slot's name
        try:
            check_claims(app, cart, game)
            check_nothing_lost(app, driver, cart, game, f"the game menu's {label!r}")
        except AssertionError as error:
            lost.append(str(error).splitlines()[0])
    assert not lost, "\n".join(lost)


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_a_file_dropped_on_the_window_asks_before_it_replaces_the_game(make_app, spec, tmp_path, monkeypatch):
    import pyxel

    from pyxel_app.shell.match import MatchCartridge

    opened = MatchCartridge if spec.is_match else spec.screen_class()  # what the app opens for the game
    reads_drops = any("dropped_files" in inspect.getsource(inspect.getmodule(part))
                      for part in opened.__mro__ if part.__module__.startswith("pyxel_app"))
    if not reads_drops:
        assert spec.key not in DROPPED
        return
    path = tmp_path / "dropped.txt"
    path.write_text(DROPPED[spec.key])
    app, driver, cart = open_game(make_app, spec)
    game = game_of(cart.session)
    monkeypatch.setattr(pyxel, "dropped_files", [str(path)], raising=False)
    driver.frame()
    monkeypatch.setattr(pyxel, "dropped_files", [], raising=False)
    check_nothing_lost(app, driver, cart, game, "a dropped file")


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_a_restarted_game_stays_saved_for_undo_and_leaving_asks(make_app, spec):
    app, driver, cart = open_game(make_app, spec)
    game = game_of(cart.session)
    cart.restart()
    assert game_of(cart.session) != game
    app.leave_cartridge()
    assert isinstance(app.overlays[-1], Confirm) and claims_saved(" ".join(app.overlays[-1].lines))
    driver.key("Y")
    driver.frame()
    assert app.cartridge is None
    resumed = Session.from_text(app.storage.read(cart.autosave_name), cart.rules, cart.load_start)
    assert resumed.undo() and game_of(resumed) == game


def test_pegs_board_picker_asks_before_a_new_game_and_no_keeps_it(make_app):
    app, driver, cart = open_game(make_app, games.find("pegs"))
    game = game_of(cart.session)
    driver.key("B")
    assert cart.screen_id == "pick"
    driver.key("RETURN")  # the same board
    question = app.overlays[-1]
    assert isinstance(question, Confirm) and " ".join(question.lines) == strings.t("confirm.new_game")
    driver.key("N")
    assert cart.screen_id == "play" and game_of(cart.session) == game
    assert stored_game(cart, cart.autosave_name) == game
    driver.key("B")
    driver.key("ESCAPE")  # back to the game, not out of it
    assert app.cartridge is cart and cart.screen_id == "play" and game_of(cart.session) == game
    driver.key("B")
    driver.key("RETURN")
    driver.key("Y")
    assert cart.screen_id == "play" and cart.session.move_count == 0


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_leaving_never_says_saved_when_the_folder_cannot_keep_it(make_app, spec, tmp_path):
    (tmp_path / "data").write_text("a file where the folder should be")
    app, driver, _ = open_game(make_app, spec, storage=FileStorage(tmp_path / "data"))
    assert isinstance(app.storage, DataFolder) and not app.storage.lasting
    while app.overlays:  # "nothing is saved this time"
        driver.key("RETURN")
    app.leave_cartridge()
    question = " ".join(app.overlays[-1].lines)
    assert question == strings.t("confirm.leave_unsaved") and not claims_saved(question)

