"""The match layer's parts, each alone: the flow on the bare tic-tac-toe of test_match_layer (its
rules and engine only: no app, no screen), the names the cartridge answers for its parts, and the
guard that keeps every board view to its context."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import random
from dataclasses import replace
from pathlib import Path

import pytest
from test_match_layer import RULES, SPEC

from pyxel_app import games
from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome
from pyxel_app.shell.board_context import BoardContext
from pyxel_app.shell.delegated import Delegated, delegates
from pyxel_app.shell.flow import FlowEvents, MatchFlow
from pyxel_app.shell.seats import MIN_THINK_FRAMES, Seat
from pyxel_app.shell.sounds import SOUNDS

ROOT = Path(__file__).resolve().parent.parent


class Told:
    """A flow's owner that writes down what it is told."""

    def __init__(self) -> None:
        self.said: list[tuple] = []

    def moved(self, before, move, mover: int) -> None:
        self.said.append(("moved", move, mover))

    def refused(self, state, text: str, error) -> None:
        self.said.append(("refused", text, type(error)))

    def hint_ready(self, move) -> None:
        self.said.append(("hint", move))

    def changed(self) -> None:
        self.said.append(("changed",))

    def ended(self, outcome: Outcome) -> None:
        self.said.append(("ended", outcome))


@pytest.fixture
def registered():
    """The game's words (its colours) come from the registry."""
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.key)


def new_flow(spec=SPEC, mode: str = "two", computer_seat: int = 1) -> tuple[MatchFlow, Told, list[float]]:
    """A flow between two people here (or against the computer at its top level), its owner and the
    budgets it asked for."""
    told, budgets = Told(), []
    flow = MatchFlow(spec, random.Random(1), told, lambda: budgets.append(8.0) or 8.0)
    flow.mode, flow.level, flow.computer_seat = mode, spec.levels[-1], computer_seat
    flow.colours = list(spec.colours)
    flow.new_session("standard")
    flow.take_players()
    flow.seat_players()
    return flow, told, budgets


def board(flow: MatchFlow) -> str:
    return RULES.state_to_text(flow.state)


def think_until_answered(flow: MatchFlow, limit: int = 500) -> int:
    for slices in range(1, limit + 1):
        flow.think()
        if not flow.agent_to_move() and not flow.hinting:
            return slices
    raise AssertionError("no answer")


# ---- the flow ----


def test_flow_moves_take_the_one_path_and_say_who_moved(registered):
    flow, told, _ = new_flow()
    assert flow.player_label(0) == "Player 1 (Crosses)" and flow.player_label(1) == "Player 2 (Noughts)"
    assert flow.submit("5") and flow.submit("1")
    assert board(flow) == "O...X...." and flow.seat_to_move() == 0
    assert told.said == [("moved", 4, 0), ("moved", 0, 1)]
    assert flow.session.meta["mode"] == "two" and flow.person_here() is None


def test_flow_refuses_an_illegal_move_and_changes_nothing(registered):
    flow, told, _ = new_flow()
    flow.submit("5")
    assert not flow.submit("5") and not flow.submit("x")
    assert board(flow) == "....X...." and flow.session.move_count == 1
    assert told.said[1:] == [("refused", "5", IllegalMoveError), ("refused", "x", NotationError)]


def test_flow_computer_seat_answers_a_slice_at_a_time(registered):
    flow, told, budgets = new_flow(mode="computer", computer_seat=1)
    assert flow.is_computer(1) and not flow.is_computer(0) and flow.person_here() == 0
    assert flow.player_name(1) == "Perfect AI" and flow.player_name(0) == "Player 1"  # the level's ai_name
    flow.submit("1")
    assert flow.agent_to_move() and not flow.thinking
    flow.think()
    assert flow.thinking and board(flow) == "X........"  # it takes frames, even when it knows at once
    slices = think_until_answered(flow)
    assert slices + 1 >= MIN_THINK_FRAMES and budgets  # a slice each time, with the budget asked for then
    assert board(flow) == "X...O...." and told.said[-1] == ("moved", 4, 1) and not flow.thinking


def test_flow_undo_takes_the_computer_reply_too_and_redo_brings_both(registered):
    flow, told, _ = new_flow(mode="computer", computer_seat=1)
    flow.submit("1")
    think_until_answered(flow)
    assert flow.undo()
    assert flow.session.move_count == 0 and told.said[-1] == ("changed",)
    assert flow.redo()
    assert board(flow) == "X...O...." and flow.session.move_count == 2
    assert not flow.redo() and told.said.count(("changed",)) == 2


def test_flow_undo_between_two_people_takes_one_move(registered):
    flow, _, _ = new_flow()
    flow.submit("5")
    flow.submit("1")
    assert flow.undo() and board(flow) == "....X...."


def test_flow_hint_is_asked_of_the_engine_and_told(registered):
    flow, told, _ = new_flow()
    for square in "1425":
        flow.submit(square)
    assert flow.can_hint()
    flow.start_hint()
    assert flow.hinting
    think_until_answered(flow)
    assert told.said[-1] == ("hint", 2) and not flow.hinting and board(flow) == "XX.OO...."


def test_flow_no_hint_for_the_computer_nor_without_an_engine(registered):
    flow, _, _ = new_flow(mode="computer", computer_seat=0)
    assert flow.agent_to_move() and not flow.can_hint()
    flow, _, _ = new_flow(replace(SPEC, engine=None))
    assert not flow.can_hint()


def test_flow_agreed_end(registered):
    flow, told, _ = new_flow()
    flow.submit("5")
    flow.agree(1, "resigned")
    assert flow.over and flow.outcome == Outcome(1, "resigned") and told.said[-1] == ("ended", flow.outcome)
    assert not flow.submit("1") and flow.session.move_count == 1 and not flow.agent_to_move()
    flow.new_session("standard")
    flow.take_players()
    assert not flow.over and flow.agreed is None


def test_flow_a_remote_seat_faces_the_person_here(registered):
    flow, _, _ = new_flow()

    class Remote(Seat):
        kind, is_agent = "remote", True

    flow.seats[0] = Remote()
    assert flow.person_here() == 1 and flow.agent_to_move()


def test_the_match_cartridge_answers_every_flow_event():
    from pyxel_app.shell.match import MatchCartridge

    wanted = {name for name, _ in inspect.getmembers(FlowEvents, inspect.isfunction) if not name.startswith("_")}
    assert wanted == {"moved", "refused", "hint_ready", "changed", "ended"}
    assert all(callable(getattr(MatchCartridge, name, None)) for name in wanted)


# ---- names the cartridge answers for its parts ----


def test_delegated_names_read_and_write_the_part():
    class Part:
        size = 1

        def grow(self) -> int:
            self.size += 1
            return self.size

    @delegates(part=("size", "grow"))
    class Whole:
        def __init__(self) -> None:
            self.part = Part()

    whole = Whole()
    assert whole.grow() == 2 and whole.part.size == 2
    whole.size = 7
    assert whole.part.size == 7 and "size" not in vars(whole) and isinstance(Whole.size, Delegated)


def test_delegated_names_may_not_clash():
    with pytest.raises(TypeError, match="both a and b"):
        delegates(a=("x",), b=("x",))(type("Twice", (), {}))
    with pytest.raises(TypeError, match="defines y itself"):
        delegates(a=("y",))(type("Own", (), {"y": 1}))


def test_every_delegated_name_is_on_its_part(make_app):
    from pyxel_app.shell.match import FLOW_NAMES, PLAY_SCREEN_NAMES

    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.frame()
    cart = app.cartridge
    for part, names in ((cart.flow, FLOW_NAMES), (cart.play_screen, PLAY_SCREEN_NAMES)):
        missing = [name for name in names if not (hasattr(type(part), name) or name in vars(part))]
        assert not missing, f"{type(part).__name__} has no {missing}"


# ---- the board views keep to their context ----

CONTEXT_MEMBERS = frozenset(name for name in dir(BoardContext) if not name.startswith("_"))
FORBIDDEN = {"match", "app"}


def is_self_context(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "context" and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def context_violations(source: str) -> list[str]:
    """What a board view's source uses beyond :class:`BoardContext`: a member it does not have, the
    context handed on (where no one checks what is done with it), the match or the app, or a
    sound with no name in the table."""
    tree = ast.parse(source)
    used_as_value = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and is_self_context(node.value) and node.attr not in CONTEXT_MEMBERS:
            found.append(f"line {line}: context.{node.attr} is not in BoardContext")
        elif is_self_context(node) and id(node) not in used_as_value and not isinstance(node.ctx, ast.Store):
            found.append(f"line {line}: the context is handed on")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN:
            found.append(f"line {line}: reaches .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN:
            found.append(f"line {line}: reaches {node.id}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in FORBIDDEN:
            found.append(f"line {line}: imports {node.module}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_self_context(node.func.value)
              and node.func.attr in ("sound", "move_sound") and node.args and isinstance(node.args[0], ast.Constant)
              and node.args[0].value is not None and node.args[0].value not in SOUNDS):
            found.append(f"line {line}: no sound named {node.args[0].value!r}")
    return found


def view_files() -> list[Path]:
    """The shared board view and every registered game's view."""
    modules = {"pyxel_app.shell.board_view"} | {spec.view.partition(":")[0] for spec in games.GAMES if spec.view}
    return sorted(Path(importlib.util.find_spec(module).origin) for module in modules)


def test_board_views_use_only_their_context():
    files = view_files()
    assert {path.name for path in files} >= {"board_view.py", "connect4.py", "othello.py", "draughts.py"}
    for path in files:
        assert context_violations(path.read_text(encoding="utf-8")) == [], path.relative_to(ROOT)


def test_the_context_guard_catches_a_planted_view():
    planted = '''
from ..shell.match import MatchCartridge


class Sneaky(BoardView):
    def draw(self, state, ui, show_end):
        self.context.sound("cursor")
        self.context.move_sound(None)
        self.context.secret_door()
        self.context._match.flash("x")
        self.match.flash("x")
        helper = self.context
        self.context.sound("boing")
        app.sound(4)
'''
    found = context_violations(planted)
    for wanted in ("line 2: imports shell.match", "line 9: context.secret_door", "line 10: context._match",
                   "line 11: reaches .match", "line 12: the context is handed on", "line 13: no sound named 'boing'",
                   "line 14: reaches app"):
        assert any(problem.startswith(wanted) for problem in found), (wanted, found)
    assert not any(problem.startswith(("line 7:", "line 8:")) for problem in found)


def test_every_context_member_says_what_it_is():
    for name in CONTEXT_MEMBERS:
        assert inspect.getdoc(getattr(BoardContext, name)), f"BoardContext.{name} has no docstring"
