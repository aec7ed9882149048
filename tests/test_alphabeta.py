"""The generic alpha-beta on tic-tac-toe written here, and on Connect 4."""

import ast
import random
from pathlib import Path

import pytest

from pyxel_app.ai import alphabeta
from pyxel_app.ai.alphabeta import WIN, AlphaBeta, new_table
from pyxel_app.ai.cooperative import EngineResult
from pyxel_app.rules.base import IllegalMoveError, Outcome, Rules
from pyxel_app.rules.connect4 import RULES as CONNECT4

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


class TicTacToe(Rules[tuple, int]):
    """A state is the nine cells, row by row: "X", "O" or "." ; X moves first."""

    name = "tictactoe"
    players = 2

    def initial_state(self, variant=None):
        return (".",) * 9

    def to_move(self, state):
        return 0 if state.count("X") == state.count("O") else 1

    def outcome(self, state):
        for a, b, c in LINES:
            if state[a] != "." and state[a] == state[b] == state[c]:
                return Outcome(MARKS.index(state[a]), "three")
        if "." not in state:
            return Outcome(None, "draw")
        return None

    def legal_moves(self, state):
        return [] if self.outcome(state) else [cell for cell in range(9) if state[cell] == "."]

    def apply(self, state, move):
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"cell {move} is taken")
        return state[:move] + (MARKS[self.to_move(state)],) + state[move + 1:]


GAME = TicTacToe()


def grid(text: str) -> tuple:
    return tuple(text.replace(" ", ""))


def no_opinion(state) -> int:
    return 0


def best_move(state, **options):
    options.setdefault("rng", random.Random(0))
    return AlphaBeta(GAME, state, no_opinion, **options).run_to_end()


def test_takes_a_win_in_one():
    result = best_move(grid("XX. OO. ..."))
    assert result == EngineResult(2, WIN - 1, 1)


def test_blocks_a_loss_in_one():
    assert best_move(grid("X.. OO. X..")).move == 5


def test_never_loses_against_random_play():
    rng = random.Random(7)
    for game in range(6):
        engine_side = game % 2
        table = new_table()
        state = GAME.initial_state()
        while GAME.outcome(state) is None:
            if GAME.to_move(state) == engine_side:
                move = best_move(state, table=table, rng=rng).move
            else:
                move = rng.choice(GAME.legal_moves(state))
            state = GAME.apply(state, move)
        assert GAME.outcome(state).winner in (engine_side, None), state


def test_perfect_self_play_draws():
    table = new_table()
    state = GAME.initial_state()
    while GAME.outcome(state) is None:
        result = best_move(state, table=table)
        assert result.score == 0
        state = GAME.apply(state, result.move)
    assert GAME.outcome(state).winner is None


def test_small_steps_give_the_one_shot_answer():
    state = grid("X.. ... ...")
    whole = best_move(state)
    sliced = AlphaBeta(GAME, state, no_opinion, rng=random.Random(0), nodes_per_pause=4)
    answers = [sliced.step(0.01) for _ in range(10)]
    assert answers[0] is None
    while answers[-1] is None:
        answers.append(sliced.step(0.01))
    assert answers[-1] == whole
    assert sliced.finished and sliced.step(0.01) == whole


def test_max_depth_and_evaluate_decide_a_quiet_position():
    def likes_centre(state):
        mover = MARKS[GAME.to_move(state)]
        return {mover: 1, ".": 0}.get(state[4], -1)

    result = AlphaBeta(GAME, GAME.initial_state(), likes_centre, max_depth=1).run_to_end()
    assert result == EngineResult(4, 1, 1)


def test_a_solved_game_stops_deepening_by_itself():
    result = AlphaBeta(GAME, GAME.initial_state(), no_opinion, rng=random.Random(0)).run_to_end()
    assert result.score == 0 and result.depth <= 9


def test_the_table_stays_bounded():
    table = new_table(size=53)
    result = best_move(GAME.initial_state(), table=table)
    assert result.score == 0
    assert 0 < len(table) <= 53 and len(table.keys) == 53


def test_a_finished_game_has_no_move():
    with pytest.raises(ValueError, match="already over"):
        AlphaBeta(GAME, grid("XXX OO. ..."), no_opinion)


def connect4_result(sequence: str, depth: int) -> EngineResult:
    state = CONNECT4.state_from_text(sequence)
    return AlphaBeta(CONNECT4, state, no_opinion, max_depth=depth, rng=random.Random(1)).run_to_end()


def test_connect4_wins_in_one_and_blocks():
    assert connect4_result("112233", 3) == EngineResult(3, WIN - 1, 1)
    assert connect4_result("11223", 2).move == 3


def test_the_budget_ends_a_long_search_with_a_legal_move():
    state = CONNECT4.initial_state()
    engine = AlphaBeta(CONNECT4, state, no_opinion, budget_ms=30, rng=random.Random(1))
    result = None
    while result is None:
        result = engine.step(5)
    assert result.move in CONNECT4.legal_moves(state) and result.depth >= 1
    # Generous bound (a loaded machine pauses us too); the bench measures the real figure.
    assert engine.elapsed_ms < 200


def importers_of_alphabeta(source: str) -> bool:
    """Whether a module's source imports ``ai/alphabeta.py`` (absolutely or relatively)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] == "alphabeta":
            return True
        if isinstance(node, ast.ImportFrom) and any(alias.name == "alphabeta" for alias in node.names):
            return True
        if isinstance(node, ast.Import) and any(alias.name.endswith(".alphabeta") for alias in node.names):
            return True
    return False


def test_no_shipped_game_uses_it_as_its_docstring_says():
    """The docstring names its users (a new game, the tests' toy games): a game of the package
    that takes it up must say so there."""
    assert importers_of_alphabeta("from ..ai.alphabeta import AlphaBeta")  # planted
    assert importers_of_alphabeta("from ..ai import alphabeta")  # planted
    package = Path(alphabeta.__file__).parent.parent
    shipped = [path for path in sorted(package.rglob("*.py"))
               if path.name != "alphabeta.py" and path.relative_to(package).parts[0] != "bench"]  # bench/ stays out of the .pyxapp
    users = [path.relative_to(package).as_posix() for path in shipped
             if importers_of_alphabeta(path.read_text(encoding="utf-8"))]
    assert users == [] and "no shipped game uses it" in alphabeta.__doc__
