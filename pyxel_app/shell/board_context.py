"""What a board view may use of the match it shows: its whole window on the match layer.

A board view is a backend, as in Simon Tatham's puzzles: it turns input into move texts and
draws, and it never reaches its frontend.  What it needs beyond the state and its own UI
state comes from here, each member said once below: the rules and the history, the sides'
colours and names, whose turn, sounds by name, a passing message.  (A game's records in and
out, draughts' PDN too, are the match's: the game menu's Export and Import.)
A test (tests/test_match_parts.py) fails when a view uses anything else, or the match or the app.
"""

from __future__ import annotations


class BoardContext:
    def __init__(self, match) -> None:
        self._match = match

    # The game.

    @property
    def rules(self):
        """The game's rules: legal moves, move texts."""
        return self._match.rules

    @property
    def session(self):
        """The game's history (to read, never to change): the last move, the moves for a file;
        None while the players are being set up."""
        return self._match.session

    # Who is who, whose turn.

    @property
    def colours(self) -> list:
        """The sides' colours in seat order: a side's pieces are drawn in its colour."""
        return self._match.flow.colours

    @property
    def person_seat(self) -> int | None:
        """The seat of the one person here, playing the computer or another computer (a view may
        draw its board from that person's side), else None: two people play here."""
        return self._match.flow.person_here()

    def agent_to_move(self) -> bool:
        """Whose turn: True when the side to move is not a person here (the computer, another
        computer), so the view shows no cursor and takes no move."""
        return self._match.flow.agent_to_move()

    @property
    def end_shown(self) -> bool:
        """The game is over and its end shows (no animation of the last move still runs)."""
        match = self._match
        return match.session is not None and match.flow.over and not match.view.busy(match.ui)

    def player_name(self, seat: int) -> str:
        """"Ann", "Computer": how the panel names the player in ``seat``."""
        return self._match.flow.player_name(seat)

    def player_label(self, seat: int) -> str:
        """"Ann (Red)": the player in ``seat`` with their colour, as the end and prompts say it."""
        return self._match.flow.player_label(seat)

    @property
    def info_row(self) -> int | None:
        """The panel's row for a line of the view's own (the square under the cursor), or None
        while the computer or a hint search says there that it is thinking."""
        flow = self._match.flow
        return None if flow.thinking or flow.hinting else self._match.play_screen.info_row

    # Sound and words.

    def sound(self, name: str, times: int = 1) -> None:
        """Play the sound ``name`` of :data:`~pyxel_app.shell.sounds.SOUNDS` (``times`` over, one
        after another: a stone for each turned), when effects are on."""
        if times > 1:
            self._match.app.sound(name, times)
        else:  # the one-sound call every host knows (tests stand in for it with a list's append)
            self._match.app.sound(name)

    def move_sound(self, name: str | None) -> None:
        """When a move's animation ends: its sound ``name`` (None: silent).  What follows, the
        end's jingle or "your turn", the match layer plays once the move has shown."""
        if name is not None:
            self.sound(name)

    def flash(self, text: str) -> None:
        """A passing message under the board (one too long for its lines comes in a box)."""
        self._match.flash(text)

    def refuse(self, text: str) -> None:
        """A passing message with the refusal's sound: a pick or a move that is not taken."""
        self._match.refuse(text)
