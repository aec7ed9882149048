"""Draughts shots: a combination that wins pieces by force within a few moves, proven.

A shot is proven by an and-or search over the rules' bitboards, every defence tried: the
attacker (the side to move) has a move such that, whatever the defender answers, within
``moves`` of the attacker's own moves a position comes where the defender is to move, has no
capture, and has lost at least ``gain`` pieces more than the attacker since the start (or has
no move at all: a won game).  "No capture" makes the count final for the moment: a shot that
only lends pieces the defender takes straight back proves nothing.

Pieces are counted as pieces (a king is one piece), since the task says "wins two pieces".
A search is a generator that yields every few hundred nodes (``deadline`` as in every search
here), so the puzzle screen can ask whether a move still wins without losing a frame.

>>> from pyxel_app.ai.cooperative import run_generator
>>> from pyxel_app.rules.draughts import RULES
>>> state = RULES.state_from_text("W:W21,26,31,32,35,40,42:B11,12,20,22,23,24")
>>> shot = ShotSearch(state)
>>> [RULES.move_to_text(move) for move in run_generator(shot.winning_moves(state, 2))]
['21-17']
>>> run_generator(ShotSearch(state, 3).wins(state, 2)), run_generator(shot.wins(state, 1))
(True, False)
"""

from __future__ import annotations

import math
import time

from ..rules.draughts import INTERNATIONAL, RULES, Draughts, generate, play
from .cooperative import run_generator

GAIN = 2
# Nodes between two looks at the clock.
CHECK_MASK = 63


class ShotSearch:
    """What can be forced from ``state`` (the attacker to move) towards a gain of ``gain`` pieces.

    ``nodes`` counts every position looked at (the proof's cost); results are remembered per
    position and moves left, so asking again along a line costs little."""

    def __init__(self, state: Draughts, gain: int = GAIN) -> None:
        self.attacker = state.turn
        self.international = state.variant == INTERNATIONAL
        own, opp = RULES.sides(state)
        # The attacker's lead in pieces at the start: the gain is counted from it.
        self.base = own.bit_count() - opp.bit_count()
        self.gain = gain
        self.nodes = 0
        self.deadline = math.inf
        self.memo: dict[tuple, bool] = {}

    # The two kinds of node.  ``own`` is always the side to move's pieces.

    def attack(self, own: int, opp: int, kings: int, side: int, moves_left: int):
        """Generator: whether the attacker, to move, forces the gain within ``moves_left`` moves."""
        if moves_left <= 0:
            return False
        key = (own, opp, kings, side, moves_left)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if not self.nodes & CHECK_MASK and time.perf_counter() >= self.deadline:
            yield
        found = False
        # The gain after a move: the attacker never loses a piece on its own move.
        need = self.gain - (own.bit_count() - opp.bit_count() - self.base)
        for move in generate(own, opp, kings, side, self.international):
            if moves_left == 1 and move.captured.bit_count() < need:
                continue  # the last move must itself bring the gain home
            after_own, after_opp, after_kings = play(own, opp, kings, side, move, self.international)
            if (yield from self.defend(after_opp, after_own, after_kings, 1 - side, moves_left - 1)):
                found = True
                break
        self.memo[key] = found
        return found

    def defend(self, own: int, opp: int, kings: int, side: int, moves_left: int):
        """Generator: whether every answer of the defender (to move) still loses the gain."""
        self.nodes += 1
        replies = generate(own, opp, kings, side, self.international)
        if not replies:
            return True
        if not replies[0].captured and self.lead(opp, own) >= self.gain:
            return True
        if moves_left == 0:
            return False
        for reply in replies:
            after_own, after_opp, after_kings = play(own, opp, kings, side, reply, self.international)
            if not (yield from self.attack(after_opp, after_own, after_kings, 1 - side, moves_left)):
                return False
        return True

    def lead(self, attacker: int, defender: int) -> int:
        """The pieces the attacker has won since the start (net)."""
        return attacker.bit_count() - defender.bit_count() - self.base

    # Questions about states (the puzzle's moves are the rules' moves).

    def wins(self, state: Draughts, moves_left: int):
        """Generator: whether the gain comes in time from ``state``: the attacker to move forcing
        it within ``moves_left`` own moves, or the defender to move unable to avoid it."""
        own, opp = RULES.sides(state)
        if state.turn == self.attacker:
            return (yield from self.attack(own, opp, state.kings, state.turn, moves_left))
        return (yield from self.defend(own, opp, state.kings, state.turn, moves_left))

    def achieved(self, state: Draughts) -> bool:
        """The shot is over: the defender to move, without a capture, the gain made (or no move left)."""
        return state.turn != self.attacker and run_generator(self.wins(state, 0))

    def moves_needed(self, state: Draughts, most: int):
        """Generator: the fewest moves of the attacker's that force the gain from ``state``
        (0: already made), or None beyond ``most``."""
        for moves_left in range(most + 1):
            if (yield from self.wins(state, moves_left)):
                return moves_left
        return None

    def winning_moves(self, state: Draughts, moves_left: int):
        """Generator: the attacker's moves in ``state`` after which the gain is forced within
        ``moves_left`` moves (this one included), in the rules' order."""
        found = []
        for move in RULES.legal_moves(state):
            if (yield from self.wins(RULES.after(state, move), moves_left - 1)):
                found.append(move)
        return found

    def defence(self, state: Draughts, most: int):
        """Generator: the defender's reply in ``state`` that holds out longest (the most moves of
        the attacker's still needed, at most ``most``; the first such in the rules' order)."""
        best, best_needed = None, -1
        for reply in RULES.legal_moves(state):
            needed = yield from self.moves_needed(RULES.after(state, reply), most)
            needed = most + 1 if needed is None else needed
            if needed > best_needed:
                best, best_needed = reply, needed
        return best
