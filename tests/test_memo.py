"""The fixed-slot transposition table: never another key's value, the newest entry kept; the one
every search keeps."""

from __future__ import annotations

import ast
import gc
import random
import weakref
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pyxel_app.ai import alphabeta, connect4, draughts, memo, othello
from pyxel_app.ai.memo import SlotTable
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.draughts import RULES as DRAUGHTS


keys = st.one_of(st.integers(-2**70, 2**70), st.tuples(st.integers(0, 2**64), st.integers(0, 2**64)))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 17), st.lists(st.tuples(keys, st.integers()), max_size=200), st.lists(keys, max_size=50))
def test_a_lookup_finds_the_latest_value_of_its_own_key_or_nothing(size, stores, probes):
    table, latest = SlotTable(size), {}
    for key, value in stores:
        table[key] = value
        latest[key] = value
        assert table.get(key) == value and key in table
    for key in probes + [key for key, _ in stores]:
        found = table.get(key, "missing")
        assert found == "missing" or found == latest[key]
    assert len(table.keys) == len(table.values) == size and len(table) <= min(size, len(latest))


def test_keys_of_bitboards_side_by_side_spread_over_the_slots():
    """Draughts keys: own and opp bitboards 55 bits apart (``ai/draughts.py``'s ``search_key``).
    An int's hash adds its 61-bit chunks, so with ``hash(key) % size`` the slot saw only own's
    bits 0-17 and opp's bits 6-23, the back rows, which stand still for much of a game: such
    keys all shared one slot and pushed each other out.  Now nearly all are kept."""
    rng = random.Random(7)
    own_back, opp_back = rng.getrandbits(18), rng.getrandbits(18) << 6
    table = SlotTable(1 << 18)
    stored = set()
    while len(stored) < 2000:
        own = own_back | rng.getrandbits(37) << 18
        opp = opp_back | rng.getrandbits(6) | rng.getrandbits(31) << 24
        stored.add(own | opp << 55)
    for key in stored:
        table[key] = key
    kept = sum(table.get(key) == key for key in stored)
    assert kept >= 0.98 * len(stored)  # random slots keep about 99.6 %


int_keys = st.integers(1, 2**62)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 17), st.booleans(), st.lists(st.tuples(int_keys, st.integers(-2**40, 2**40)), max_size=100))
def test_every_kind_of_table_keeps_the_latest_value_of_its_own_key(size, mixed, stores):
    """Lists or int arrays, mixed or plain slots: one behaviour."""
    tables = [SlotTable(size, mixed=mixed), SlotTable(size, mixed=mixed, typecodes=("q", "q"))]
    latest = {}
    for key, value in stores:
        latest[key] = value
        for table in tables:
            table[key] = value
    for table in tables:
        for key, value in latest.items():
            assert table.get(key, "missing") in ("missing", value)
            assert (key in table) == (table.get(key, "missing") != "missing")
        assert len(table) <= min(size, len(latest))
    assert all(tables[0].get(key) == tables[1].get(key) for key in latest)


def test_a_plain_table_puts_an_int_key_in_the_slot_a_hot_loop_works_out_itself():
    """Connect 4's solver reads the arrays at ``key % size``: it must find what ``get`` finds."""
    table = connect4.new_table(size=101)
    rng = random.Random(3)
    for _ in range(500):
        key = rng.getrandbits(49) | 1
        table[key] = rng.randrange(512)
        assert table.slot(key) == key % table.size
        assert table.keys[key % table.size] == key and table.values[key % table.size] == table.get(key)
    mixed = SlotTable(101)
    assert any(mixed.slot(key) != key % 101 for key in range(1, 50))


def test_a_table_built_later_makes_its_slots_a_chunk_at_a_time():
    size = 2 * memo.BUILD_CHUNK + 5
    table = SlotTable(size, typecodes=("q", "h"), build_now=False)
    assert len(table.keys) == 0
    steps = sum(1 for _ in table.build())
    assert steps == 3 and len(table.keys) == len(table.values) == size and len(table) == 0
    assert list(table.build()) == []  # built once: nothing more to make
    table[12345] = -7
    assert table.get(12345) == -7 and len(table) == 1


def test_every_search_keeps_its_table_in_a_slot_table():
    """One implementation: the solvers', the look-aheads' and the generic alpha-beta's tables."""
    state = CONNECT4.state_from_text("4453")
    tables = [connect4.shared_table(), connect4.Solver().table, connect4.Connect4Search(state).table,
              othello.SOLVER_TABLE, othello.SEARCH_TABLE, othello.EndgameSolver().table, othello.Lookahead().table,
              *draughts.TABLES.values(), draughts.DraughtsSearch(DRAUGHTS.initial_state()).table,
              alphabeta.AlphaBeta(CONNECT4, state, lambda _: 0).table]
    assert all(type(table) is SlotTable for table in tables)


def table_classes(source: str) -> list[str]:
    """Classes named a table, or that keep entries by key as a table does (a ``get`` beside a store)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
            if "Table" in node.name or "get" in methods and methods & {"put", "store", "__setitem__"}:
                found.append(node.name)
    return found


def test_no_search_module_defines_a_table_of_its_own():
    # the two tables there were beside this one: the generic alpha-beta's and Connect 4's
    planted = ("class Slots:\n    def get(self, key): ...\n    def put(self, key, value): ...\n"
               "class TranspositionTable:\n    def build(self): ...\n")
    assert table_classes(planted) == ["Slots", "TranspositionTable"]
    ai_folder = Path(memo.__file__).parent
    found = {path.name: table_classes(path.read_text()) for path in ai_folder.glob("*.py")}
    assert {name: classes for name, classes in found.items() if classes} == {"memo.py": ["SlotTable"]}


def test_a_solver_lets_go_of_its_table_without_the_garbage_collector():
    """Its recursive search is a closure that refers to itself: untied when the search ends,
    the solver and a table of its own are freed as soon as nothing else holds them."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        solver = connect4.Solver(connect4.new_table(size=1009))
        keys = weakref.ref(solver.table.keys)
        assert solver.solve(CONNECT4.state_from_text("6754661534623126425451")) == (-3, 4)
        del solver
        assert keys() is None
    finally:
        if collecting:
            gc.enable()
