"""The network conversation behind its narrow interface, the table (``shell/nettable.py``).

Two NetGames play Connect 4 over real loopback sockets at two bare tables written here,
with no match, no app and no pyxel: a whole game to its end with an undo both agreed on, then
a new game with the sides swapped, a draw refused and a resignation.  And the network
modules are read to check that they use nothing of the game but what the table lists.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyxel_app.shell.netharness import BareTable
from pyxel_app.shell.netplay import HOST, JOIN, NetGame, open_link_factory
from pyxel_app.shell.strings import t

from test_netplay import LOOPBACK, Clock, frames

SHELL = Path(__file__).resolve().parent.parent / "pyxel_app" / "shell"
NETWORK_MODULES = ("netlink", "netgreet", "netagree", "netplay")
# What the conversation may not name: the match layer, a cartridge, the app.
BEYOND_THE_TABLE = {"cart", "cartridge", "match", "app"}


# ---- the contract, read from the source ----


def table_members() -> set[str]:
    """The NetTable protocol's members, as nettable.py declares them."""
    tree = ast.parse((SHELL / "nettable.py").read_text(encoding="utf-8"))
    table = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "NetTable")
    return ({node.name for node in table.body if isinstance(node, ast.FunctionDef)}
            | {node.target.id for node in table.body if isinstance(node, ast.AnnAssign)})


def names_table(node: ast.AST) -> bool:
    """``table`` or ``<something>.table``: an expression for the table."""
    return (isinstance(node, ast.Name) and node.id == "table") or (isinstance(node, ast.Attribute) and node.attr == "table")


def identifiers(node: ast.AST) -> list[str]:
    """The names a node writes in the code (not its strings or comments)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [part for name in (node.name, node.asname) if name for part in name.split(".")]
    if isinstance(node, ast.ImportFrom) and node.module:
        return node.module.split(".")
    return []


def beyond_the_table(source: str, members: set[str]) -> list[str]:
    """Where ``source`` uses what the table does not list, or names what lies beyond it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", "?")
        if isinstance(node, ast.Attribute) and names_table(node.value) and node.attr not in members:
            found.append(f"line {line}: the table has no {node.attr!r}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "vars")
                and node.args and names_table(node.args[0])):
            found.append(f"line {line}: {node.func.id} on the table")
        if isinstance(node, ast.Assign) and names_table(node.value):
            for target in node.targets:
                if not names_table(target):
                    found.append(f"line {line}: the table under another name")
        for word in identifiers(node):
            if set(word.lower().split("_")) & BEYOND_THE_TABLE:
                found.append(f"line {line}: {word!r}")
    return found


def test_the_network_modules_use_only_what_the_table_lists():
    members = table_members()
    uses = 0
    for module in NETWORK_MODULES:
        source = (SHELL / f"{module}.py").read_text(encoding="utf-8")
        assert beyond_the_table(source, members) == [], module
        uses += sum(isinstance(node, ast.Attribute) and names_table(node.value) for node in ast.walk(ast.parse(source)))
    assert uses > 40  # the check saw the conversation at work, not an empty file


def test_a_planted_reach_past_the_table_is_found():
    planted = (
        "from .match import MatchCartridge\n"
        "class Planted:\n"
        "    def go(self, net):\n"
        "        self.table.flash('fine')\n"
        "        n = self.table.session.move_count\n"
        "        net.table.moves()\n"
        "        net.table.names[0] = 'x'\n"
        "        self.cart.flash('no')\n"
        "        box = self.table\n"
        "        getattr(self.table, 'app')\n"
        "        def on_app(match_seat): pass\n"
    )
    found = beyond_the_table(planted, table_members())
    for expected in ("line 1: 'match'", "line 5: the table has no 'session'", "line 7: the table has no 'names'",
                     "line 8: 'cart'", "line 9: the table under another name", "line 10: getattr on the table",
                     "line 11: 'on_app'", "line 11: 'match_seat'"):
        assert expected in found, (expected, found)
    assert not any(entry.startswith(("line 4:", "line 6:")) for entry in found), found


def test_every_member_of_the_table_says_what_it_is():
    tree = ast.parse((SHELL / "nettable.py").read_text(encoding="utf-8"))
    table = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "NetTable")
    for node in table.body:
        if isinstance(node, ast.FunctionDef):
            assert ast.get_docstring(node), node.name


def test_the_match_and_the_bare_table_have_every_member():
    from pyxel_app.shell.match_table import MatchTable

    for member in table_members():
        assert hasattr(MatchTable, member), member
        assert hasattr(BareTable, member) or member in vars(BareTable("Ann")), member


def test_the_conversation_loads_without_pyxel():
    code = "import sys, pyxel_app.shell.netplay\nprint('pyxel' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            cwd=SHELL.parent.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


# ---- two bare tables ----


def converse(tables, until, each=None) -> None:
    """Frames of both tables until ``until()``; a millisecond between them for the other socket's bytes."""

    def between() -> None:
        if each is not None:
            each()
        time.sleep(0.001)

    frames(tables, until, each=between)


@pytest.fixture
def tables():
    clock = Clock()
    options = {"clock": clock, "open_link": open_link_factory(clock=clock)}
    ann, bob = BareTable("Ann"), BareTable("Bob")
    ann.net = NetGame(ann, HOST, LOOPBACK, 0, 0, **options)
    assert ann.net.open()
    bob.net = NetGame(bob, JOIN, LOOPBACK, ann.net.listening_port, None, **options)
    assert bob.net.open()
    yield ann, bob
    ann.net.close()
    bob.net.close()


def same_game(ann: BareTable, bob: BareTable) -> bool:
    return ann.moves() == bob.moves() and ann.state == bob.state


def test_two_bare_tables_play_connect4_to_the_end_then_agree_on_undo_draw_and_resigning(tables):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    assert (ann.net.local, bob.net.local) == (0, 1)
    assert ann.names == bob.names == ["Ann", "Bob"]
    assert ann.sounds == bob.sounds == ["select"] and ann.saves and bob.saves

    for move in ("4", "3", "4"):
        (ann if len(ann.moves()) % 2 == 0 else bob).play(move)
        converse(tables, lambda: same_game(ann, bob))
    ann.net.ask_undo()  # her last move: back to two moves, both agreeing
    converse(tables, lambda: bob.questions)
    assert bob.questions[0].text == t("net.ask_undo", player="Ann", n=2)
    bob.answer(yes=True)
    converse(tables, lambda: ann.moves() == bob.moves() == ["4", "3"])
    assert t("net.undo_done") in ann.said

    moves = iter("4433221155667712345671234567" * 2)

    def each() -> None:
        for table in tables:
            if table.my_turn() and same_game(ann, bob):
                while not table.play(next(moves)):
                    pass

    converse(tables, lambda: ann.over and bob.over and same_game(ann, bob), each)
    assert ann.agreed is bob.agreed is None  # ended by the rules
    assert ann.rules.outcome(ann.state) == bob.rules.outcome(bob.state) is not None

    ann.net.ask_new()
    converse(tables, lambda: bob.questions)
    bob.answer(yes=True)
    converse(tables, lambda: not ann.over and not bob.over and same_game(ann, bob))
    assert (ann.net.local, bob.net.local) == (1, 0) and ann.moves() == []
    assert ann.names == bob.names == ["Bob", "Ann"]

    bob.play("1")
    converse(tables, lambda: same_game(ann, bob))
    ann.net.offer_draw()
    converse(tables, lambda: bob.questions)
    bob.answer(yes=False)
    converse(tables, lambda: t("net.draw_refused", player="Bob") in ann.said)
    assert not ann.over and not bob.over

    bob.net.resign()
    converse(tables, lambda: ann.agreed is not None)
    assert ann.agreed == bob.agreed == (1, "resigned")  # Ann, now in seat 1, wins
    assert ann.net.playing and bob.net.playing and not ann.questions


def test_a_question_open_when_the_other_side_leaves_is_withdrawn(tables):
    ann, bob = tables
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    ann.play("4")
    converse(tables, lambda: same_game(ann, bob))
    bob.net.offer_draw()
    converse(tables, lambda: ann.questions)
    bob.net.close()
    converse([ann], lambda: not ann.net.playing)
    assert ann.questions == [] and t("net.left", player="Bob") in ann.said
    assert ann.sounds[-1] == "refused" and ann.moves() == ["4"]


@pytest.mark.parametrize("offered", [True, False])
def test_the_evaluation_holds_on_both_tables_only_as_the_host_offered_it_and_for_the_next_game(tables, offered):
    ann, bob = tables
    ann.offered = offered
    converse(tables, lambda: ann.net.playing and bob.net.playing)
    assert ann.agreement is bob.agreement is offered
    ann.play("4")
    converse(tables, lambda: same_game(ann, bob))
    bob.net.resign()
    converse(tables, lambda: ann.over)
    ann.net.ask_new()
    converse(tables, lambda: bob.questions)
    bob.answer(yes=True)
    converse(tables, lambda: not ann.over and not bob.over and ann.moves() == bob.moves() == [])
    assert ann.agreement is bob.agreement is offered
