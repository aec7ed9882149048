"""A transposition table that never pauses a frame: fixed slots, no growing, no clearing.

A ``dict`` used as a search's memory grows by rehashing everything it holds (15-20 ms at
200,000 entries on this machine) and, cleared when full, frees everything at once
(35-50 ms): a stall in the middle of a frame, whatever the search's time slice.
:class:`SlotTable` has its slots from the start; an entry goes to the slot its mixed hash
names and replaces whatever was there, so each store and lookup costs the same at any fill.

The hash is mixed (multiplied by an odd 64-bit constant, the middle bits kept) because an
int's own hash is the int modulo 2**61 - 1, a sum of its 61-bit chunks whose low bits see
only the low bits of each chunk: a draughts key (four bitboards side by side) then fell on
a few slots whenever the back rows stood still.  With ``hash(key) % size`` a search to
depth 7 on 8 positions took 495k nodes and 3.1 s; mixed, 266k nodes and 1.7 s (a dict:
278k and 1.7 s).

It answers ``get`` and ``table[key] = value`` like a dict, so an engine swaps one for the
other.

>>> table = SlotTable(1)
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
MIX = 0x9E3779B97F4A7C15  # odd, about 2**64 / golden ratio: its product spreads every bit of the hash
MIX_SHIFT = 43  # the product's middle bits name the slot


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
        slot = (hash(key) * MIX >> MIX_SHIFT) % self.size
        return self.values[slot] if self.keys[slot] == key else default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        slot = (hash(key) * MIX >> MIX_SHIFT) % self.size
        self.keys[slot] = key
        self.values[slot] = value

    def __contains__(self, key: Hashable) -> bool:
        return self.keys[(hash(key) * MIX >> MIX_SHIFT) % self.size] == key

    def __len__(self) -> int:
        """Filled slots (counted: for tests and reports, not for a search's inner loop)."""
        return self.size - self.keys.count(None)


__all__ = ["DEFAULT_SLOTS", "SlotTable"]
