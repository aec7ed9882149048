"""Playing a puzzle: the judge of the player's moves, the defence's replies and hints.

An :class:`Attempt` is one try at one puzzle.  The screen keeps the moves played (the player's
and, in a two-player game, the defence's, as texts in the game's notation, the same list its
undo works on) and asks:

- ``judge(moves, move)``: a cooperative :class:`Work` (``step(budget_ms)`` each frame until it
  answers) whose answer is a :class:`Judgement`: is the move right, the defence's reply to play
  after it, and whether the task is then done.  A move on the solution line is judged at once;
  any other goes to the game's solver.
- ``hint(moves)``: a :class:`Work` answering a move that does the task (the line's while the
  moves follow it).
- ``solution`` is the line itself, for "show the solution" step by step from the start.

The searches keep what they learned between questions of one attempt (its ``Context``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..ai.cooperative import Cooperative
from . import bypuzz, connect4, draughts, othello, pegs
from .context import Context
from .model import Puzzle

GAMES = {"connect4": connect4, "othello": othello, "draughts": draughts, "pegs": pegs, "bypuzz": bypuzz}


@dataclass(frozen=True)
class Judgement:
    """The player's ``move`` (as the game writes it) judged: ``correct`` while it still does the
    task; ``reply`` the defence's answer to play after it (None in a one-player game, after a wrong
    move, or once the game or the task is over); ``solved`` once the task is done."""

    move: str
    correct: bool
    reply: str | None
    solved: bool


class Work(Cooperative):
    """A question to the solvers, a slice at a time: ``step(budget_ms)`` until ``finished``; the
    answer is ``result``.  ``make(nest)`` gives the generator; searches it nests get each
    slice's deadline."""

    def __init__(self, make) -> None:
        super().__init__(make(self.nest))

    def nest(self, search):
        if search in self.nested:
            search.deadline = self.deadline
            return search
        return super().nest(search)


class Attempt:
    """One try at ``puzzle``; states are the rules' own, moves are texts."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.game = GAMES[puzzle.game]
        self.rules = self.game.RULES
        self.start = self.rules.state_from_text(puzzle.position, puzzle.variant)
        self.context = Context(puzzle, self.start)
        self.line_keys = self._keys(self.puzzle.line)

    @property
    def solution(self) -> tuple[str, ...]:
        return self.puzzle.line

    def states(self, moves: Sequence[str]) -> list:
        """The start and the position after each move (IllegalMoveError, NotationError at a bad one)."""
        states = [self.start]
        for text in moves:
            states.append(self.rules.apply(states[-1], self.rules.move_from_text(states[-1], text)))
        return states

    def position(self, moves: Sequence[str]):
        return self.states(moves)[-1]

    def players_turn(self, moves: Sequence[str]) -> bool:
        """Whether the player (not the defence) is to move after ``moves``."""
        return self.rules.to_move(self.position(moves)) == self.puzzle.to_move

    def solved(self, moves: Sequence[str]) -> bool:
        return self.game.done(self.context, len(moves), self.position(moves))

    def _keys(self, moves: Sequence[str]) -> list:
        return [self.rules.position_key(state) for state in self.states(moves)]

    def on_line(self, moves: Sequence[str]) -> bool:
        """Whether ``moves`` are the solution line's first moves (up to transposed routes)."""
        return len(moves) <= len(self.puzzle.line) and self._keys(moves) == self.line_keys[:len(moves) + 1]

    def judge(self, moves: Sequence[str], move: str) -> Work:
        """A cooperative judgement of ``move`` after ``moves``; an illegal move raises at once."""
        moves = tuple(moves)
        state = self.position(moves)
        played = self.rules.move_from_text(state, move)
        after = self.rules.apply(state, played)
        return Work(lambda nest: self._judging(moves, state, played, after, nest))

    def _judging(self, moves, state, played, after, nest):
        # Each question nests the searches it asks in its own Work; what they learn is shared.
        ctx = replace(self.context, nest=nest)
        rules, line, ply = self.rules, self.puzzle.line, len(moves)
        on_line = self.on_line(moves) and ply < len(line)
        known = on_line and rules.position_key(after) == self.line_keys[ply + 1]
        if known or (on_line and ply == 0 and self.game.UNIQUE_FIRST):
            correct = known
        else:
            correct = yield from self.game.correct(ctx, ply, state, played)
        reply = None
        if correct and rules.players == 2 and rules.outcome(after) is None and not self.game.done(ctx, ply + 1, after):
            if known and ply + 1 < len(line):
                answer = rules.move_from_text(after, line[ply + 1])
            else:
                answer = yield from self.game.reply(ctx, ply + 1, after)
            reply = rules.move_to_text(answer)
            after = rules.apply(after, answer)
        solved = correct and self.game.done(ctx, ply + 1 + (reply is not None), after)
        return Judgement(rules.move_to_text(played), correct, reply, solved)

    def hint(self, moves: Sequence[str]) -> Work:
        """A cooperative hint: a move after ``moves`` that does the task (None if none does)."""
        moves = tuple(moves)
        state = self.position(moves)
        return Work(lambda nest: self._hinting(moves, state, nest))

    def _hinting(self, moves, state, nest):
        if self.on_line(moves) and len(moves) < len(self.puzzle.line):
            return self.puzzle.line[len(moves)]
        move = yield from self.game.hint(replace(self.context, nest=nest), len(moves), state)
        return None if move is None else self.rules.move_to_text(move)
