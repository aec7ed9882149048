"""The fixed-slot transposition table: never another key's value, the newest entry kept."""

from __future__ import annotations

import doctest

from hypothesis import given, settings
from hypothesis import strategies as st

from pyxel_app.ai import memo
from pyxel_app.ai.memo import SlotTable


def test_doctests_pass():
    assert doctest.testmod(memo).failed == 0


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
