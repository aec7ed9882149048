"""What a puzzle is, for every game: one :class:`Puzzle` shape, its task as data, its levels,
and the one-line text the shipped set is written in.

A puzzle is a position (in the text ``python -m pyxel_app solve GAME`` reads), the side to
move, a :class:`Task` the screen words in the player's language, the solution line (for a
two-player game the player's moves and the defence the solver chose, alternating) and the
figures of its proof: the solver's nodes and the line's length, which rate its level.

>>> line = "connect4\\tstandard\\teasy\\t1\\tkind=win_in n=2\\t3 4 3\\t25\\t3\\t4453221"
>>> puzzle = puzzle_from_line(line)
>>> puzzle.task.n, puzzle.first_move, puzzle_to_line(puzzle) == line
(2, '3', True)
"""

from __future__ import annotations

from dataclasses import dataclass, fields

LEVELS = ("easy", "medium", "hard")
# The kind of task of each game's puzzles.
WIN_IN, BEST_MOVE, SHOT, FINISH, PAR = "win_in", "best_move", "shot", "finish", "par"
KINDS = {"connect4": WIN_IN, "othello": BEST_MOVE, "draughts": SHOT, "pegs": FINISH, "bypuzz": PAR}
# The variants that have puzzles, the first the default.
VARIANTS = {
    "connect4": ("standard",),
    "othello": ("standard",),
    "draughts": ("international", "warcaby"),
    "pegs": ("english", "french"),
    "bypuzz": ("standard",),
}
# A level is rated by the proof's cost and by the line's length, each against two thresholds
# (from which on a puzzle is medium, from which on hard); the higher of the two ratings counts.
# Nodes are the solver's (Connect 4, Othello, draughts' shot search), the positions the fewest-
# moves search met (peg solitaire) or IDA*'s expansions (ByPuzz); the length is the line's
# plies in a two-player game, moves in peg solitaire, slides in ByPuzz.
THRESHOLDS = {
    "connect4": ((400, 4_000), (7, 11)),
    "othello": ((20_000, 80_000), (13, 15)),
    "draughts": ((150, 500), (5, 7)),
    "pegs": ((2_000, 20_000), (7, 10)),
    "bypuzz": ((2_000, 20_000), (30, 42)),
}


@dataclass(frozen=True)
class Task:
    """What the player is asked, as data (the shell words it; ``task_text`` in English).

    - ``win_in`` (Connect 4): win by force with the ``n``-th own stone from now at the latest;
      no faster win exists.  The solver defends as long as it can.
    - ``best_move`` (Othello): one move is strictly best, by ``margin`` discs over the next best;
      with best play on both sides the game ends ``score`` discs up for the side to move.
    - ``shot`` (draughts): win at least ``material`` pieces by force within ``n`` own moves
      (every defence tried); the first move is the only one that does.
    - ``finish`` (peg solitaire): leave one marble, on the hole ``target`` when one is named
      (the board's centre); ``par`` is the number of moves of the best line.
    - ``par`` (ByPuzz): slide the tiles home in ``par`` moves, the fewest there are.
    """

    kind: str
    n: int | None = None
    margin: int | None = None
    score: int | None = None
    material: int | None = None
    target: str | None = None
    par: int | None = None

    def to_text(self) -> str:
        return " ".join(f"{field.name}={getattr(self, field.name)}" for field in fields(self)
                        if getattr(self, field.name) is not None)

    @classmethod
    def from_text(cls, text: str) -> "Task":
        values: dict[str, object] = {}
        for word in text.split():
            name, _, value = word.partition("=")
            values[name] = value if name in ("kind", "target") else int(value)
        return cls(**values)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle.  ``to_move`` is the rules' player to move (the one who solves it); ``line``
    the solution in the game's notation; ``nodes`` and ``length`` the proof's figures."""

    game: str
    variant: str
    level: str
    to_move: int
    task: Task
    line: tuple[str, ...]
    nodes: int
    length: int
    position: str

    @property
    def first_move(self) -> str:
        return self.line[0]

    @property
    def key(self) -> tuple[str, str, str]:
        """The pool the puzzle belongs to: (game, variant, level)."""
        return self.game, self.variant, self.level


def rate(game: str, nodes: int, length: int) -> str:
    """The level a proof of ``nodes`` and a line of ``length`` make (see THRESHOLDS)."""
    (nodes_medium, nodes_hard), (length_medium, length_hard) = THRESHOLDS[game]
    by_nodes = 2 if nodes >= nodes_hard else 1 if nodes >= nodes_medium else 0
    by_length = 2 if length >= length_hard else 1 if length >= length_medium else 0
    return LEVELS[max(by_nodes, by_length)]


# The shipped set's text: one puzzle a line, fields apart by tabs (a position may hold spaces).


def puzzle_to_line(puzzle: Puzzle) -> str:
    return "\t".join((puzzle.game, puzzle.variant, puzzle.level, str(puzzle.to_move), puzzle.task.to_text(),
                      " ".join(puzzle.line), str(puzzle.nodes), str(puzzle.length), puzzle.position))


def puzzle_from_line(line: str) -> Puzzle:
    game, variant, level, to_move, task, moves, nodes, length, position = line.rstrip("\n").split("\t")
    return Puzzle(game, variant, level, int(to_move), Task.from_text(task), tuple(moves.split()), int(nodes),
                  int(length), position)
