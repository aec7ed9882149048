"""What the network conversation may ask of the game it plays: the table.

The conversation (``netlink``, ``netgreet``, ``netagree``, ``netplay``) knows the game
only through these members, as an sgt-puzzles backend knows its frontend only through
the drawing API; ``shell/matchnet.py`` implements them for the match layer, and
``tests/test_net_table.py`` with a bare table and no app at all.  A test reads the
network modules and refuses any other member of the table.

Seats are 0 (moves first) and 1.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

# The sounds the conversation asks for by name: the game is on; the other side went or refused.
SOUNDS = ("select", "refused")


class NetTable(Protocol):
    # The game.

    @property
    def key(self) -> str:
        """The game's registry key, which both sides must play (HELLO)."""

    @property
    def rules(self) -> Any:
        """The game's rules: a move from the other side is checked with them before it is played."""

    @property
    def variant(self) -> str:
        """The variant played: the game's; before a game, the one chosen here."""

    @property
    def has_game(self) -> bool:
        """A game is on the table (False while still setting up or waiting for the first greeting)."""

    @property
    def state(self) -> Any:
        """The position shown (only with a game)."""

    @property
    def over(self) -> bool:
        """The game has ended, by its rules or by agreement (only with a game)."""

    def moves(self) -> list[str]:
        """The texts of the moves played so far, in order ([] without a game): sent, counted, digested."""

    def positions(self) -> list:
        """The states from the start to the one shown (only with a game): how far an undo goes back."""

    # Who plays.

    def typed_name(self, seat: int) -> str:
        """The name typed for ``seat`` ("" when none was): what this side calls itself in HELLO."""

    def player_name(self, seat: int) -> str:
        """What the player at ``seat`` is called on screen (a default when no name was typed)."""

    def set_name(self, seat: int, name: str) -> None:
        """The other side told its name: ``seat`` is called so from now on (and in the save)."""

    @property
    def evaluation(self) -> bool:
        """This side lets both players see the evaluation (HELLO says so): the game's agreement;
        before a game the host's answer at set-up, and a joiner's yes to what the host offers."""

    def agree_evaluation(self, agreed: bool) -> None:
        """Both greetings said whether the evaluation is on: kept with the game (and in the save)."""

    # Changing the game.

    def start_game(self, variant: str, local: int, own_name: str, peer_name: str, address: str) -> None:
        """A new network game of ``variant``: this side plays ``local``, the other side is remote;
        ``address`` is where to reconnect (kept in the save)."""

    def play(self, text: str) -> bool:
        """Play ``text`` for the side to move through the game's one move path; False if refused."""

    def take_back_to(self, count: int) -> None:
        """Both sides agreed: the game goes back to ``count`` moves."""

    def end_by_agreement(self, winner: int | None, reason: str) -> None:
        """Both sides agreed to end: ``winner`` (None: a draw) for ``reason`` ("agreed", "resigned")."""

    def autosave(self) -> None:
        """Keep the game on disk now (a finished one is forgotten)."""

    # Telling and asking the player here.

    def flash(self, text: str) -> None:
        """A passing message (in a box when too long for the status lines)."""

    def note(self, text: str) -> None:
        """A passing message from the other side, cut to the status lines (it may send many)."""

    def show_message(self, text: str) -> None:
        """A message in a box until the player closes it."""

    def ask(self, text: str, on_yes: Callable[[], Any], on_no: Callable[[], Any] | None = None,
            default: bool = False) -> Any:
        """Ask the player yes or no; returns the question, for ``question_open`` and ``withdraw``."""

    def question_open(self, question: Any) -> bool:
        """``question`` still waits for its answer (shown or queued)."""

    def withdraw(self, question: Any) -> None:
        """``question`` goes unanswered (its answer could no longer be sent)."""

    def sound(self, name: str) -> None:
        """Play the sound called ``name``, one of ``SOUNDS``."""
