"""The match layer is generic: a throw-away game written here (tic-tac-toe, its rules and
board view in well under 120 lines, the shared alpha-beta as its engine) is registered
and played through it — hot-seat, against the computer, with seat 2 fed by a queue of
move texts, undo that takes the computer's reply, save and load, the end of the game."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, replace

import pytest

from pyxel_app import games
from pyxel_app.ai.alphabeta import AlphaBeta
from pyxel_app.input import Action
from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome, Rules
from pyxel_app.shell import ui
from pyxel_app.shell.board_view import BoardView
from pyxel_app.shell.match import MatchCartridge
from pyxel_app.shell.menu import Menu
from pyxel_app.shell.storage import MemoryStorage
from pyxel_app.shell.strings import t

# ---- the game: rules ----

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Board:
    cells: str = "." * 9

    @property
    def to_move(self) -> int:
        return (9 - self.cells.count(".")) % 2


class TicTacToe(Rules[Board, int]):
    name = "tictactoe"
    players = 2

    def initial_state(self, variant=None) -> Board:
        self.check_variant(variant)
        return Board()

    def to_move(self, state: Board) -> int:
        return state.to_move

    def legal_moves(self, state: Board) -> list[int]:
        return [] if self.outcome(state) else [i for i, c in enumerate(state.cells) if c == "."]

    def apply(self, state: Board, move: int) -> Board:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"square {move + 1} is taken")
        mark = "XO"[state.to_move]
        return Board(state.cells[:move] + mark + state.cells[move + 1 :])

    def outcome(self, state: Board) -> Outcome | None:
        for a, b, c in LINES:
            if state.cells[a] != "." and state.cells[a] == state.cells[b] == state.cells[c]:
                return Outcome("XO".index(state.cells[a]), "three")
        return Outcome(None, "draw") if "." not in state.cells else None

    def state_to_text(self, state: Board) -> str:
        return state.cells

    def state_from_text(self, text: str, variant=None) -> Board:
        if len(text) != 9 or set(text) - set(".XO"):
            raise NotationError(f"{text!r} is not a board")
        return Board(text)

    def move_to_text(self, move: int) -> str:
        return str(move + 1)

    def move_from_text(self, state: Board, text: str) -> int:
        if text not in tuple("123456789"):
            raise NotationError(f"{text!r} is not a square 1-9")
        return int(text) - 1


RULES = TicTacToe()

# ---- the game: board view ----


class TicTacToeView(BoardView):
    end_row, keys_typed = 20, "123456789"

    def new_ui(self) -> dict:
        return {"cursor": 4, "hint": None}

    def interpret_input(self, state: Board, board: dict, inp) -> str | None:
        for square in range(9):
            if inp.hotkey(str(square + 1)):
                return str(square + 1)
        if inp.pressed(Action.RIGHT):
            board["cursor"] = (board["cursor"] + 1) % 9
        if inp.pressed(Action.SELECT):
            return str(board["cursor"] + 1)
        return None

    def on_move(self, before, move, after, board) -> None:
        board["hint"] = None

    def show_hint(self, state, board, move) -> str:
        board["hint"] = move
        return t("tictactoe.hint", square=move + 1)

    @staticmethod
    def draw_preview(x: int, y: int) -> None:
        ui.text(x, y, "X O X")

    @staticmethod
    def draw_token(x: int, y: int, colour: str, r: int) -> None:
        ui.text(x - 3, y - 3, "X" if colour == "crosses" else "O")

    def draw(self, state: Board, board: dict, show_end: bool) -> None:
        for square, mark in enumerate(state.cells):
            ui.text(8 + square % 3 * 24, 40 + square // 3 * 24, mark)


# ---- the game: engine and spec ----


@functools.lru_cache(maxsize=None)
def best(state: Board) -> tuple[int, int | None]:
    """(score for the side to move, best move) by full search: the person's perfect moves."""
    outcome = RULES.outcome(state)
    if outcome is not None:
        return (0 if outcome.winner is None else -1), None
    return max((-best(RULES.apply(state, move))[0], move) for move in RULES.legal_moves(state))


def engine(state: Board, level: str, rng: random.Random) -> AlphaBeta:
    """The generic alpha-beta: one ply at "greedy", to the end at "perfect"."""
    return AlphaBeta(RULES, state, lambda _: 0, max_depth=1 if level == "greedy" else None, rng=rng)


STRINGS = {
    language: {
        "name": "Tic-tac-toe", "desc": "Three in a row.", "title": "T I C", "help": "Three in a row wins.",
        "keys.play": "[1]-[9] mark\n[Z] undo [Y] redo\n[H]int [R]estart\n[F1] help [X] leave", "hint": "Hint: {square}",
        "level.greedy": "Greedy", "level.perfect": "Perfect", "ai_name.greedy": "Greedy AI", "ai_name.perfect": "Perfect AI",
        "colour.crosses": "Crosses", "colour.noughts": "Noughts",
    }
    for language in ("en", "de")
}
SPEC = games.GameSpec(
    key="tictactoe", rules=RULES, strings=STRINGS, view=f"{__name__}:TicTacToeView",
    colours=("crosses", "noughts"), levels=("greedy", "perfect"), hint_level="perfect",
    engine=games.lazy(f"{__name__}:engine", levels=("greedy", "perfect")),
)


@pytest.fixture
def tictactoe():
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.key)


def open_game(make_app, keys, storage=None):
    app, driver = make_app(storage=storage)
    app.open_cartridge("tictactoe")
    driver.frame()
    cart = app.cartridge
    assert isinstance(cart, MatchCartridge) and cart.phase == "mode"
    for key in keys:
        driver.key(key)
    assert cart.phase == "play"
    return app, driver, cart


def settle(driver, cart, limit=100):
    for _ in range(limit):
        if not cart.agent_to_move() and not cart.hinting:
            return
        driver.frame()
    raise AssertionError("the computer never answered")


def text(cart) -> str:
    return RULES.state_to_text(cart.state)


def test_hot_seat_to_a_win(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["2", "RETURN", "RETURN"])
    assert cart.player_label(0) == "Player 1 (Crosses)" and cart.player_label(1) == "Player 2 (Noughts)"
    for key in "14253":
        driver.key(key)
    assert text(cart) == "XXXOO...."
    assert cart.over and cart.end_text() == "Player 1 (Crosses) won!"
    driver.key("6")  # the board ignores moves after the end
    assert text(cart) == "XXXOO...."
    driver.key("N")
    assert text(cart) == "........." and not cart.over


def test_an_illegal_move_is_said_and_changes_nothing(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["2", "RETURN", "RETURN"])
    driver.key("5")
    driver.key("5")
    assert text(cart) == "....X...." and cart.message == "square 5 is taken"


def test_against_the_computer_undo_takes_its_reply_too(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["1", "2", "RETURN"])
    assert cart.is_computer(1) and cart.player_name(1) == "Perfect AI"
    driver.key("1")
    assert cart.agent_to_move()  # it thinks over frames, from the app's update
    settle(driver, cart)
    assert text(cart) == "X...O...."  # the only reply that does not lose
    driver.key("Z")
    assert text(cart) == "........." and cart.session.move_count == 0
    driver.key("Y")
    assert text(cart) == "X...O...."


def test_the_computer_thinks_while_help_is_open(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["1", "2", "RETURN"])
    driver.key("1")
    driver.key("F1")
    assert app.overlays
    driver.run(30)
    assert app.overlays and text(cart) == "X...O...."


def test_perfect_computers_draw_and_a_new_game_lets_the_other_side_start(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["1", "2", "RETURN"])
    for _ in range(5):
        driver.key(str(best(cart.state)[1] + 1))
        settle(driver, cart)
        if cart.over:
            break
    assert cart.over and cart.session.outcome.winner is None and cart.end_text() == "The game is a draw!"
    driver.key("N")
    assert cart.is_computer(0)
    settle(driver, cart)
    assert cart.session.move_count == 1


def test_seat_two_fed_by_a_queue_of_move_texts(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["2", "RETURN", "RETURN"])
    queue = cart.seat_queue(1)
    driver.key("1")
    driver.key("2")  # not a person's turn: refused
    assert text(cart) == "X........" and cart.message == "Please wait: the computer is thinking."
    queue.feed("1")  # taken: refused, nothing changes, the seat waits for the next text
    driver.frame()
    assert text(cart) == "X........" and cart.message == "square 1 is taken"
    queue.feed("x")
    driver.frame()
    assert cart.message == "'x' is not a square 1-9"
    queue.feed("5")
    driver.frame()
    assert text(cart) == "X...O...."


def test_hint_goes_through_the_engine(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["2", "RETURN", "RETURN"])
    for key in "1425":
        driver.key(key)
    driver.key("H")
    settle(driver, cart)
    assert cart.ui["hint"] == 2 and cart.message == "Hint: 3"


def test_save_and_load_keep_the_seats_and_the_variant(make_app, tictactoe):
    storage = MemoryStorage()
    app, driver, cart = open_game(make_app, ["1", "2", "RETURN"], storage=storage)
    driver.key("1")
    settle(driver, cart)
    cart.save_game()
    driver.key("RETURN")  # a new slot
    driver.key("RETURN")  # named as offered
    saved = storage.read("slot-tictactoe-Game_1.txt")
    assert "variant=standard" in saved and "meta.computer=2" in saved and "meta.level=perfect" in saved
    assert storage.read("autosave-tictactoe.txt") is not None
    driver.key("3")
    settle(driver, cart)
    cart.load_game()
    driver.key("RETURN")  # the slot just saved
    driver.key("Y")  # yes, the game in progress goes
    assert text(cart) == "X...O...." and cart.is_computer(1) and cart.level == "perfect"
    app2, driver2 = make_app(storage=storage)
    driver2.key("Y")  # resume the autosave
    driver2.frame()
    assert app2.cartridge.key == "tictactoe" and app2.cartridge.is_computer(1)


def test_the_menu_scrolls_through_eight_cartridges(make_app, tictactoe):
    extra = [replace(SPEC, key=f"game{i}") for i in range(8 - len(games.GAMES))]
    for spec in extra:
        games.register(spec)
    try:
        app, driver = make_app()
        menu = app.screen
        assert isinstance(menu, Menu) and len(app.games) == 8
        for index in range(8):
            assert menu.index == index
            shown = menu.games_list.shown()
            assert index in shown and len(shown) == 3
            driver.key("DOWN")
        driver.key("UP")
        driver.key("RETURN")
        driver.frame()
        assert app.cartridge.key == extra[-1].key
    finally:
        for spec in extra:
            games.unregister(spec.key)


def test_a_game_without_an_engine_goes_straight_to_the_names(make_app, tictactoe):
    games.register(games.GameSpec(key="tictactoe", rules=RULES, strings=STRINGS, view=SPEC.view, colours=SPEC.colours))
    app, driver = make_app()
    app.open_cartridge("tictactoe")
    driver.frame()
    cart = app.cartridge
    assert cart.phase == "name" and cart.screen_ids == ("name", "play", "over")
    driver.key("RETURN")
    driver.key("RETURN")
    assert cart.phase == "play" and not cart.is_computer(0) and not cart.is_computer(1)
    driver.key("H")
    assert cart.message == "No hint here."


def test_who_starts_is_asked_when_the_game_wants_it(make_app, tictactoe):
    games.register(replace(SPEC, ask_who_starts=True))
    app, driver = make_app()
    app.open_cartridge("tictactoe")
    driver.frame()
    cart = app.cartridge
    for key in ("1", "2", "RETURN"):
        driver.key(key)
    assert cart.phase == "first" and "first" in cart.screen_ids
    driver.key("DOWN")
    driver.key("RETURN")  # "Perfect AI (Noughts) starts"
    assert cart.phase == "play" and cart.is_computer(0) and cart.colours == ["noughts", "crosses"]
    settle(driver, cart)
    assert cart.session.move_count == 1 and cart.player_name(1) == "Player 1"


def test_a_click_on_a_reversed_key_presses_it(make_app, tictactoe):
    app, driver, cart = open_game(make_app, ["2", "RETURN", "RETURN"])
    driver.key("1")
    x0, x1, y, key = next(span for span in cart.hotkeys.spans if span[3] == "Z")
    driver.click(x0 + 1, y + 1)
    assert text(cart) == "........."
    for key in "14253":
        driver.key(key)
    driver.frame()
    x0, x1, y, key = next(span for span in cart.hotkeys.spans if span[3] == "N")
    driver.click(x0 + 1, y + 1)
    assert text(cart) == "........." and not cart.over
