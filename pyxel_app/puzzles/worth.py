"""What makes a proven puzzle worth asking, beyond its proof (``tools/build_puzzles.py select``
keeps only these, and a test checks the shipped set):

- a choice: a game where the task is to find the move (Connect 4's win, Othello's best move)
  offers at least ``MIN_CHOICES`` legal moves at the start;
- no obvious first move: a Connect 4 puzzle whose only move that does not lose at once is a
  block (or the only column not under a four of the other side) asks nothing;
- a hard "Win in N" needs a longer win than every easy and medium one of its game: a hard
  "Win in 2" after a medium "Win in 5" is not hard.
"""

from __future__ import annotations

from ..ai.connect4 import BOARD_MASK, BOTTOM_MASK, position_of, winning_cells
from .model import BEST_MOVE, WIN_IN, Puzzle
from .play import GAMES

MIN_CHOICES = 3
CHOICE_KINDS = (WIN_IN, BEST_MOVE)


def only_move_not_losing_at_once(state) -> bool:
    """In Connect 4: one column only does not lose at the next drop (a forced block, or the one
    column not under a cell where the other side would make four)."""
    current, mask, _ = position_of(state)
    possible = (mask + BOTTOM_MASK) & BOARD_MASK
    theirs = winning_cells(current ^ mask, mask)
    not_losing = (possible & theirs or possible) & ~(theirs >> 1)
    return bool(not_losing) and not not_losing & (not_losing - 1)


def refusal(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` is not worth asking on its own (see the module's words), or None."""
    rules = GAMES[puzzle.game].RULES
    state = rules.state_from_text(puzzle.position, puzzle.variant)
    if puzzle.task.kind in CHOICE_KINDS and len(rules.legal_moves(state)) < MIN_CHOICES:
        return f"fewer than {MIN_CHOICES} legal moves"
    if puzzle.game == "connect4" and only_move_not_losing_at_once(state):
        return "its first move is forced (a block)"
    return None


def too_short_for_hard(puzzle: Puzzle, easier: list[Puzzle]) -> bool:
    """A hard "Win in N" no longer than an easy or medium one of its game and variant (``easier``)."""
    if puzzle.level != "hard" or puzzle.task.kind != WIN_IN:
        return False
    lengths = [other.task.n for other in easier
               if (other.game, other.variant) == (puzzle.game, puzzle.variant) and other.task.kind == WIN_IN]
    return bool(lengths) and puzzle.task.n <= max(lengths)


def worth_asking(puzzles: list[Puzzle]) -> list[Puzzle]:
    """``puzzles`` without those :func:`refusal` refuses and the hard ones too short."""
    kept = [puzzle for puzzle in puzzles if refusal(puzzle) is None]
    easier = [puzzle for puzzle in kept if puzzle.level != "hard"]
    return [puzzle for puzzle in kept if not too_short_for_hard(puzzle, easier)]
