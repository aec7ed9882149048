"""The sounds of ``resources.pyxres`` the match layer and its board views play, by name.

A board view says ``context.sound("cursor")``; only this table knows the numbers.  (ByPuzz,
Pegs and the title still number their own sounds.)
"""

from __future__ import annotations

SOUNDS = {
    "refused": 1,  # a move or a key that is not taken
    "won": 3,  # the end's jingle for the winner
    "cursor": 4,  # the cursor steps, a piece is picked up
    "select": 5,  # a choice made, a new game
    "hint": 7,  # a hint found, an end agreed
    "piece": 8,  # a piece put down: a disc lands, a stone is placed, a draughts move
    "lost": 12,  # the end's jingle when the person at this computer lost
}
