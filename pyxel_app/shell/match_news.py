"""What a match says by sound once a move has shown: the end's jingle, or "your turn".

The board view sounds each move as its animation ends (``context.move_sound``); what follows is
said here, once the view is still: the end's sound once (not again for a game loaded or undone to
its end), and "your turn" when the computer or the other computer moved and the person here plays
on (never between two people here, nor while the computer plays on).
"""

from __future__ import annotations

from typing import Callable

SOUND_YOUR_TURN = "your_turn"
SOUND_WON, SOUND_LOST, SOUND_DRAW = "won", "lost", "draw"  # the end's jingles
SOUND_GAME_OVER = "game_over"  # the end of a game no person here plays (the title's demo)


class MatchNews:
    def __init__(self, flow, sound: Callable[[str], None]) -> None:
        self.flow, self.sound = flow, sound
        self.turn_comes_back = False  # the last move was an agent's: say so when it has shown
        self.end_heard = False

    def new_position(self) -> None:
        """A game started, loaded, undone or redone: an end shown now was not reached now."""
        self.end_heard, self.turn_comes_back = self.flow.over, False

    def moved(self, mover: int) -> None:
        self.turn_comes_back = self.flow.seats[mover].is_agent

    def tell(self) -> None:
        """Once the last move has shown (and after an end the players agreed on)."""
        flow = self.flow
        if flow.over and not self.end_heard:
            self.end_heard = True
            self.sound(self.end_sound())
        elif self.turn_comes_back and not flow.over and not flow.agent_to_move():
            self.sound(SOUND_YOUR_TURN)
        self.turn_comes_back = False

    def end_sound(self) -> str:
        """For the person here the win's or the loss's jingle, between two people here the win's,
        the draw's for a draw, and a plain end for a game nobody here plays."""
        flow = self.flow
        outcome, here = flow.outcome, flow.person_here()
        if all(seat.is_agent for seat in flow.seats):
            return SOUND_GAME_OVER
        if outcome.winner is None:
            return SOUND_DRAW
        return SOUND_LOST if here is not None and outcome.winner != here else SOUND_WON
