"""The engines' knowledge in the player's words: a verdict, a review's summary, its progress.

A verdict (``ai/verdicts.py``) is worded from its data: the winner and the count the game keeps
(Connect 4's stone, Othello's discs, the moves to the end), else the engine's score for the side
ahead with how deep it looked.  A one-player game words its own (``<key>.eval.solo.win``: peg
solitaire's "Solvable: one marble can remain.", ByPuzz's "23 moves to the goal."); any game may
word any key its own way, and the shell's words (``eval.*``, ``review.*``) are the rest.

>>> from pyxel_app.ai.verdicts import Verdict
>>> verdict_words(Verdict(0, "win", moves=3, stone=4), "connect4", lambda side: ("Red", "Green")[side])
'Red wins with its 4th stone.'
>>> verdict_words(Verdict(1, score=-0.31, depth=6), "othello", lambda side: ("Black", "White")[side])
'+0.3 for Black (6 moves deep)'
"""

from __future__ import annotations

from typing import Callable

from ..ai.review import GameReview
from ..ai.verdicts import DRAW, WIN, Verdict
from .strings import has, language, t

SideName = Callable[[int], str]


def word(game: str, key: str, **values) -> str:
    """``key`` in the game's own words where it has them (``<game>.<key>``), else the shell's."""
    own = f"{game}.{key}"
    return t(own if has(own) else key, **values)


def counted(game: str, key: str, n: int, **values) -> str:
    """``key`` for a count ``n``: its ``.one`` form for one."""
    one = f"{key}.one"
    return word(game, one if n == 1 and (has(one) or has(f"{game}.{one}")) else key, n=n, **values)


def ordinal(n: int) -> str:
    """4th, 21st (German: 4., 21.)."""
    if language() == "de":
        return f"{n}."
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def signed(value: float) -> str:
    """+0.3 (German +0,3): the distance by which one side is ahead, one decimal."""
    text = f"+{abs(value):.1f}"
    return text.replace(".", ",") if language() == "de" else text


def verdict_words(verdict: Verdict, game: str, side_name: SideName, solo: bool = False) -> str:
    """``verdict`` as a sentence, the side named by ``side_name(player)``; ``solo``: a puzzle's."""
    if verdict.exact:
        return solo_words(verdict, game) if solo else exact_words(verdict, game, side_name)
    if verdict.score is not None:
        depth = counted(game, "eval.depth", verdict.depth)
        if round(abs(verdict.score), 1) == 0:
            return word(game, "eval.even", depth=depth)
        ahead = verdict.player if verdict.score > 0 else 1 - verdict.player
        return word(game, "eval.score", score=signed(verdict.score), side=side_name(ahead), depth=depth)
    if verdict.at_least is not None:
        return counted(game, "eval.solo.at_least", verdict.at_least)
    return word(game, "eval.unknown")


def exact_words(verdict: Verdict, game: str, side_name: SideName) -> str:
    """Who wins and how: the stone that makes it, the discs or the moves the game counts."""
    if verdict.result == DRAW:
        return word(game, "eval.draw")
    side = side_name(verdict.player if verdict.result == WIN else 1 - verdict.player)
    if verdict.moves == 0:
        return word(game, "eval.won", side=side)
    if verdict.stone is not None:
        return word(game, "eval.win.stone", side=side, nth=ordinal(verdict.stone))
    if verdict.discs is not None:
        return counted(game, "eval.win.discs", abs(verdict.discs), side=side)
    if verdict.moves:
        return counted(game, "eval.win.moves", verdict.moves, side=side)
    return word(game, "eval.win", side=side)


def solo_words(verdict: Verdict, game: str) -> str:
    """A puzzle: solvable (in how many moves) or not, or solved."""
    if verdict.result != WIN:
        return word(game, "eval.solo.loss")
    if verdict.moves == 0:
        return word(game, "eval.solo.won")
    return counted(game, "eval.solo.win", verdict.moves or 0)


def summary_words(review: GameReview, game: str, side_name: SideName, solo: bool = False) -> str:
    """"2 mistakes, the first at move 14: c4, a draw after it; c5 kept the win." (or the game's
    own summary), then how many moves could not be judged: "No mistake found; 11 moves not
    proven." -- a move not proven is never called clean."""
    summary = review.summary
    if not summary.mistakes:
        if summary.unproven:
            return word(game, "review.none.unproven", unproven=counted(game, "review.unproven", summary.unproven))
        return word(game, "review.none")
    text = mistake_words(summary.first, game, side_name, solo, counted(game, "review.count", summary.mistakes))
    if summary.unproven:
        text += " " + word(game, "review.also_unproven", unproven=counted(game, "review.unproven", summary.unproven))
    return text


def mistake_words(first, game: str, side_name: SideName, solo: bool, count: str) -> str:
    """The first mistake: the move, what it left, and the move that was better."""
    values = {"n": first.line.number, "move": first.line.label, "count": count}
    if first.best_label is None:
        return word(game, "review.summary.plain", **values)
    kept, after = first.before, first.verdict
    if solo:
        what = ""
    elif kept is not None and kept.exact:
        what = word(game, f"review.kept.{kept.result}")
    elif kept is not None and kept.score is not None:
        what = word(game, "review.kept.score", verdict=score_words(kept, side_name))
    else:
        return word(game, "review.summary.plain", **values)
    if after.exact:
        left = word(game, f"review.after.{after.result}")
    elif after.score is not None:
        left = score_words(after, side_name)
    else:
        left = word(game, "review.after.unknown")
    return word(game, "review.summary", best=first.best_label, kept=what, after=left, **values)


def score_words(verdict: Verdict, side_name: SideName) -> str:
    """"+1.2 for Green" (or "even"): the engine's score, short, without its depth."""
    if round(abs(verdict.score), 1) == 0:
        return t("review.even")
    ahead = verdict.player if verdict.score > 0 else 1 - verdict.player
    return t("review.score", score=signed(verdict.score), side=side_name(ahead))


def progress_words(done: int, searches: int, moves: int) -> str:
    """"Reviewing move 12 of 40 ...": the searches done, as far through the moves."""
    n = min(moves, done * moves // max(searches, 1) + 1)
    return t("review.progress", n=n, total=moves)
