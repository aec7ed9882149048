"""The transposition table of every search: fixed slots, no growing, no clearing.

Connect 4's solver, Othello's solver and look-ahead, the draughts search and the generic
alpha-beta all keep what they learned in a :class:`SlotTable`.  A ``dict`` used as a
search's memory grows by rehashing everything it holds and, cleared when full, frees
everything at once: a stall in the middle of a frame, whatever the search's time slice.
A slot table has its slots from the start (or builds them a chunk per step); an entry
goes to the slot its key names and replaces whatever was there, so each store and lookup
costs the same at any fill.

The slot is the key's hash mixed (multiplied by an odd 64-bit constant, the middle bits
kept) modulo the size, because an int's own hash is the int modulo 2**61 - 1, a sum of its
61-bit chunks whose low bits see only the low bits of each chunk: draughts keys (four
bitboards side by side) fell on a few slots whenever the back rows stood still.  A table
made with ``mixed=False`` takes ``hash(key) % size`` instead, for keys that a prime number
of slots already spreads (Connect 4's ``current + mask``, below 2**49, is its own hash):
a hot loop may then work the slot out itself, and read ``keys`` and ``values`` directly.

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

from array import array
from typing import Any, Hashable

DEFAULT_SLOTS = 1 << 18
MIX = 0x9E3779B97F4A7C15  # odd, about 2**64 / golden ratio: its product spreads every bit of the hash
MIX_SHIFT = 43  # the product's middle bits name the slot
# Slots :meth:`SlotTable.build` makes between two pauses (a millisecond or two).
BUILD_CHUNK = 32_768


class SlotTable:
    """``size`` slots of (key, value); a lookup finds a value only under its own key.

    ``mixed=False``: the slot is ``hash(key) % size`` (see the module's note).
    ``typecodes``: (key, value) :mod:`array` typecodes, for int keys and values: a few MB
    of plain numbers that the garbage collector never walks; 0 is then the empty key and
    must never be stored.  ``build_now=False`` leaves the slots to :meth:`build`, which a
    search runs a chunk per step, so no frame waits for all of them.
    """

    __slots__ = ("size", "keys", "values", "multiplier", "shift", "typecodes", "empty")

    def __init__(self, size: int = DEFAULT_SLOTS, *, mixed: bool = True,
                 typecodes: tuple[str, str] | None = None, build_now: bool = True) -> None:
        if size < 1:
            raise ValueError("a table needs at least one slot")
        self.size = size
        # (1, 0): the plain hash, with the same arithmetic (one body for both kinds of slot).
        self.multiplier, self.shift = (MIX, MIX_SHIFT) if mixed else (1, 0)
        self.typecodes = typecodes
        self.empty = None if typecodes is None else 0
        self.keys, self.values = self._blank(size if build_now else 0)

    def _blank(self, count: int) -> tuple[Any, Any]:
        if self.typecodes is None:
            return [None] * count, [None] * count
        key_code, value_code = self.typecodes
        return array(key_code, [0]) * count, array(value_code, [0]) * count

    def build(self):
        """Generator: makes the missing slots, yielding after every BUILD_CHUNK of them."""
        while len(self.keys) < self.size:
            keys, values = self._blank(min(BUILD_CHUNK, self.size - len(self.keys)))
            self.keys += keys
            self.values += values
            yield

    def slot(self, key: Hashable) -> int:
        """The slot ``key`` goes to (``get`` and stores work it out inline: they are hot)."""
        return (hash(key) * self.multiplier >> self.shift) % self.size

    def get(self, key: Hashable, default: Any = None) -> Any:
        slot = (hash(key) * self.multiplier >> self.shift) % self.size
        return self.values[slot] if self.keys[slot] == key else default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        slot = (hash(key) * self.multiplier >> self.shift) % self.size
        self.keys[slot] = key
        self.values[slot] = value

    def __contains__(self, key: Hashable) -> bool:
        return self.keys[(hash(key) * self.multiplier >> self.shift) % self.size] == key

    def __len__(self) -> int:
        """Filled slots (counted: for tests and reports, not for a search's inner loop)."""
        return len(self.keys) - self.keys.count(self.empty)


__all__ = ["DEFAULT_SLOTS", "SlotTable"]
