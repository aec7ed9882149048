"""A transposition table that never pauses a frame: fixed slots, no growing, no clearing.

A ``dict`` used as a search's memory grows by rehashing everything it holds (15-20 ms at
200,000 entries on this machine) and, cleared when full, frees everything at once
(35-50 ms): a stall in the middle of a frame, whatever the search's time slice.
:class:`SlotTable` has its slots from the start; an entry goes to slot ``hash(key) % size``
and replaces whatever was there, so each store and lookup costs the same at any fill.
It answers ``get`` and ``table[key] = value`` like a dict, so an engine swaps one for the
other.

>>> table = SlotTable(8)
>>> table[3] = "three"
>>> table.get(3), table.get(11), table.get(4, "none")
('three', None, 'none')
>>> table[11] = "eleven"   # the same slot: the newer entry wins
>>> table.get(3), table.get(11)
(None, 'eleven')
"""

from __future__ import annotations

from typing import Any, Hashable

DEFAULT_SLOTS = 1 << 18


class SlotTable:
    """``size`` slots of (key, value); a lookup finds a value only under its own key."""

    __slots__ = ("size", "keys", "values")

    def __init__(self, size: int = DEFAULT_SLOTS) -> None:
        if size < 1:
            raise ValueError("a table needs at least one slot")
        self.size = size
        self.keys: list[Hashable | None] = [None] * size
        self.values: list[Any] = [None] * size

    def get(self, key: Hashable, default: Any = None) -> Any:
        slot = hash(key) % self.size
        return self.values[slot] if self.keys[slot] == key else default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        slot = hash(key) % self.size
        self.keys[slot] = key
        self.values[slot] = value

    def __contains__(self, key: Hashable) -> bool:
        return self.keys[hash(key) % self.size] == key

    def __len__(self) -> int:
        """Filled slots (counted: for tests and reports, not for a search's inner loop)."""
        return self.size - self.keys.count(None)


__all__ = ["DEFAULT_SLOTS", "SlotTable"]
