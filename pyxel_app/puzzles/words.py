"""A puzzle in English words, for the command line (the screens word the same data in the
player's language from their own strings).

>>> from pyxel_app.puzzles.model import Task
>>> ordinal(2), ordinal(11), ordinal(23)
('2nd', '11th', '23rd')
"""

from __future__ import annotations

from ..rules.records import Record, numbered
from .model import BEST_MOVE, FINISH, PAR, SHOT, WIN_IN, Puzzle

SIDES = {"connect4": ("Player 1", "Player 2"), "othello": ("Black", "White"), "draughts": ("White", "Black")}
TITLES = {"connect4": "Connect 4", "othello": "Othello", "draughts": "Draughts", "pegs": "Peg solitaire",
          "bypuzz": "ByPuzz"}
KIND_NAMES = {WIN_IN: "Win in {n}", BEST_MOVE: "Best move", SHOT: "Shot", FINISH: "Finish from here", PAR: "Par {par}"}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def kind_name(puzzle: Puzzle) -> str:
    task = puzzle.task
    return KIND_NAMES[task.kind].format(n=task.n, par=task.par)


def result_words(score: int) -> str:
    if score > 0:
        return f"won by {plural(score, 'disc')}"
    if score < 0:
        return f"lost by {plural(-score, 'disc')}"
    return "drawn"


def task_text(puzzle: Puzzle) -> str:
    """What the player is asked, in a sentence or two."""
    task = puzzle.task
    side = SIDES.get(puzzle.game, ("", ""))[puzzle.to_move]
    if task.kind == WIN_IN:
        return (f"{side} to move wins by force with the {ordinal(task.n)} own stone from now at the latest; no faster "
                "win exists. The computer defends as long as it can.")
    if task.kind == BEST_MOVE:
        return (f"{side} to move: find the best move, {plural(task.margin, 'disc')} better than any other. With best "
                f"play on both sides the game is {result_words(task.score)} (empty squares to the winner); play it "
                "out against the exact defence.")
    if task.kind == SHOT:
        return (f"{side} to move wins at least {plural(task.material, 'piece')} by force within "
                f"{plural(task.n, 'move')}; only one first move does it.")
    if task.kind == FINISH:
        where = f" on the centre hole {task.target}" if task.target else ""
        return (f"Leave one marble{where}. The best line takes {plural(task.par, 'move')} (a chain of jumps by one "
                "marble is one move).")
    return f"Slide the tiles home in {plural(task.par, 'move')}, the fewest there are."


def line_text(puzzle: Puzzle, rules, start) -> str:
    """The solution in the game's notation: numbered full moves in a two-player game."""
    if rules.players != 2:
        return " ".join(puzzle.line)
    moves, state = [], start
    for text in puzzle.line:
        moves.append(rules.move_from_text(state, text))
        state = rules.apply(state, moves[-1])
    words = []
    for index, line in enumerate(numbered(Record(rules, start, tuple(moves)))):
        if line.opens or index == 0:
            words.append(line.number_text)
        words.append(line.text)
    return " ".join(words)


def moves_used(puzzle: Puzzle, moves) -> int:
    """The moves the player's ``moves`` (texts) count as the par does: in peg solitaire a chain
    of jumps by one marble is one move (a jump from where the last one landed goes on with it)."""
    if puzzle.game != "pegs":
        return len(moves)
    used, landed = 0, None
    for text in moves:
        start, _, dest = text.partition("-")
        used += start != landed
        landed = dest
    return used
