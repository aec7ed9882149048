"""The fixed-slot transposition table: never another key's value, the newest entry kept."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyxel_app.ai.memo import SlotTable


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
