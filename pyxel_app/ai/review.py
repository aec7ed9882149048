"""Evaluation on demand and the review of a whole game, with the engines' knowledge.

Both are cooperative, as every engine here: ``step(budget_ms)`` until an answer (or
``run_to_end()`` in the CLI and the tests).

- :class:`Evaluate` asks what one position is worth to its side to move: exact where a
  solver reaches (``ai/knowledge.py`` says where, per game), else the engine's score and the
  depth it looked.  Its answer is an :class:`Evaluation`.
- :class:`Review` judges every move of a record (``rules/records.py``); its answer is a
  :class:`GameReview`, one :class:`MoveReview` a move.  ``progress`` says how far it is.

How a move is judged, for the player who made it:

- A move that is the only one is never a mistake.
- Exact, where the positions before and after it are both solved: a move that turns a win into
  a draw or a loss, or a draw into a loss, is a mistake, and the solver's best move is named.
  In ByPuzz a move is a mistake when the goal is further away after it (the optimal distance
  grew, by one); in peg solitaire the jump after which one marble can no longer remain.
- Else by the engine: its best move and the move played are scored at the same depth, each
  exact where the solver or the search proved it.  The move played, when it is not the
  engine's own choice, is a mistake only when the engine sees it change the result class (a
  proven win or draw to a proven loss, a win to a draw) or lose a clear margin of score: the
  game's threshold, Connect 4 two threats (24 units of its evaluation), Othello five discs
  (83 units), draughts one man.  A proven result before it and only a score after it is not
  proven either way (a win delayed beyond the search's horizon is still a win).
- A move judged neither way is ``proven=False``: not a mistake, and not clean.
- Each search gets the work of ``move_ms`` milliseconds, counted in nodes: every position an
  exact try, then every move that was not judged exactly an engine search.

>>> from pyxel_app.rules.connect4 import RULES
>>> from pyxel_app.rules.records import read_record
>>> review = Review(read_record(RULES, "1414141"), move_ms=50).run_to_end()
>>> [move_line(line) for line in review.moves][-2:]
['3... 4 loss in 1 ? best 1', '4. 1 win']
>>> summary_text(review).split(": ")[0], review.summary.first.best_text
('1 mistake, the first at move 3', '1')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..rules.base import Rules
from ..rules.records import MoveLine, Record, move_label, numbered
from .cooperative import Cooperative
from .knowledge import knowledge_for
from .verdicts import DRAW, LOSS, RANK, WIN, Clock, Found, Known, OutOfNodes, Verdict

DEFAULT_MOVE_MS = 500.0
EVALUATION_MS = 2000.0
# Of an evaluation's time, the share its exact try may take when an engine is there to fall back on.
EXACT_SHARE = 0.6


@dataclass(frozen=True)
class Evaluation:
    """A position's worth to its side to move, and the move the solver or engine would play."""

    verdict: Verdict
    best: Any = None
    best_text: str | None = None
    best_label: str | None = None


@dataclass(frozen=True)
class MoveReview:
    """One move judged: ``line`` is how the move list shows it; ``verdict`` what the position
    after it is worth to the player who made it, ``before`` what the position before it was
    (with the best move); ``best`` names the solver's or engine's choice when the move was a
    mistake; ``drop`` is how far the engine's score fell (the game's unit), when it judged.
    ``proven`` is False for a move neither the solver nor the engine could judge within its
    budget: it is not called a mistake, nor clean."""

    line: MoveLine
    move: Any
    verdict: Verdict
    before: Verdict | None = None
    mistake: bool = False
    best: Any = None
    best_text: str | None = None
    best_label: str | None = None
    drop: float | None = None
    proven: bool = True


@dataclass(frozen=True)
class Summary:
    """How many mistakes, the first of them (None when there is none), and how many moves
    could not be judged (``unproven``)."""

    mistakes: int
    first: MoveReview | None
    unproven: int = 0


@dataclass(frozen=True)
class GameReview:
    record: Record
    moves: tuple[MoveReview, ...]

    @property
    def mistakes(self) -> list[MoveReview]:
        return [move for move in self.moves if move.mistake]

    @property
    def unproven(self) -> list[MoveReview]:
        return [move for move in self.moves if not move.proven]

    @property
    def summary(self) -> Summary:
        mistakes = self.mistakes
        return Summary(len(mistakes), mistakes[0] if mistakes else None, len(self.unproven))


class Study(Cooperative):
    """What an evaluation and a review share: the game's knowledge and searches within a budget
    of work.  A budget is given in milliseconds and counted in the game's nodes
    (``Knowledge.exact_nodes_per_ms``, ``engine_nodes_per_ms``): the time only spreads the work
    over frames, so the same question gets the same answer on any machine, busy or idle."""

    own_tables = False

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.clock = Clock()
        self.knowledge = knowledge_for(rules, self.clock, self.own_tables)
        super().__init__(self._plan())

    def bounded(self, work, nodes: float):
        """Generator: runs ``work`` until it ends or its searches have used ``nodes``, pausing
        when the frame's time is up; returns (finished, what it returned or None)."""
        self.clock.node_limit = nodes
        try:
            while True:
                self.clock.deadline = self.deadline
                try:
                    next(work)
                except StopIteration as stop:
                    return True, stop.value
                except OutOfNodes:
                    return False, None
                yield
        finally:
            self.clock.node_limit = math.inf

    def _plan(self):
        raise NotImplementedError

    def exact_value(self, state, budget_ms: float):
        """Generator: the exact :class:`Known` of ``state`` for its side to move, or None."""
        if self.rules.is_terminal(state):
            return self.knowledge.final(state)
        finished, known = yield from self.bounded(self.knowledge.exact(state),
                                                  budget_ms * self.knowledge.exact_nodes_per_ms)
        return known if finished else None

    def engine_value(self, state, played, budget_ms: float):
        """Generator: the engine's :class:`Found` for ``state`` (depth 0: nothing found); the
        depths it finished within its nodes."""
        found = Found()
        work = self.knowledge.search(state, played, found)
        if work is not None:
            yield from self.bounded(work, budget_ms * self.knowledge.engine_nodes_per_ms)
        return found


class Evaluate(Study):
    """What ``state`` is worth to its side to move, found within about ``budget_ms``."""

    def __init__(self, rules: Rules, state, budget_ms: float = EVALUATION_MS) -> None:
        self.state = state
        self.time_ms = budget_ms
        super().__init__(rules)

    def _plan(self):
        rules, state = self.rules, self.state
        engine = self.knowledge.mistake_drop is not None
        yield from self.bounded(self.knowledge.prepare(state), math.inf)
        known = yield from self.exact_value(state, self.time_ms * (EXACT_SHARE if engine else 1.0))
        if known is None:
            found = yield from self.engine_value(state, None, self.time_ms * (1.0 - EXACT_SHARE))
            if found.depth:
                known = Known(self.knowledge.verdict(found.best_value, rules.to_move(state), state, found.depth), found.best)
            else:
                known = Known(self.knowledge.estimate(state) or Verdict(rules.to_move(state)))
        best = known.best
        if best is None:
            return Evaluation(known.verdict)
        return Evaluation(known.verdict, best, rules.move_to_text(best), move_label(rules, state, best))


class Review(Study):
    """Every move of ``record`` judged (see the module's docstring); ``move_ms`` bounds each
    search's work (see :class:`Study`)."""

    own_tables = True

    def __init__(self, record: Record, move_ms: float = DEFAULT_MOVE_MS) -> None:
        self.record = record
        self.move_ms = move_ms
        self.states = record.states()
        count = len(record.moves)
        self.exact: list[Known | None] = [None] * (count + 1)
        self.found: list[Found | None] = [None] * count
        self.estimates: list[Verdict | None] = [None] * (count + 1)
        self.done = 0
        super().__init__(record.rules)

    @property
    def progress(self) -> tuple[int, int]:
        """(searches done, searches at most): the exact tries, then the engine's."""
        return self.done, 2 * len(self.states) - 1

    def forced(self, index: int) -> bool:
        return len(self.rules.legal_moves(self.states[index])) <= 1

    def _plan(self):
        yield from self.knowledge.exact_all(self)
        for index, move in enumerate(self.record.moves):
            if not self.forced(index) and (self.exact[index] is None or self.exact[index + 1] is None):
                self.found[index] = yield from self.engine_value(self.states[index], move, self.move_ms)
            self.done += 1
        return GameReview(self.record, tuple(self.judge(line, move) for line, move in zip(numbered(self.record),
                                                                                           self.record.moves)))

    def position_verdict(self, index: int, player: int) -> Verdict:
        """What the position ``index`` is worth to ``player``, from the best that is known."""
        state = self.states[index]
        mover = self.rules.to_move(state)
        if self.exact[index] is not None:
            return self.exact[index].verdict.seen_by(player)
        found = self.found[index] if index < len(self.found) else None
        if found is not None and found.depth:
            return self.knowledge.verdict(found.best_value, mover, state, found.depth).seen_by(player)
        if index < len(self.found) and self.forced(index):
            return self.after_verdict(index, mover).seen_by(player)
        return (self.estimates[index] or Verdict(mover)).seen_by(player)

    def after_verdict(self, index: int, player: int) -> Verdict:
        """What the position after move ``index`` is worth to ``player``: exact if known, else the
        engine's score of the move played, else the next position's own."""
        found = self.found[index]
        if self.exact[index + 1] is None and found is not None and found.depth:
            return self.knowledge.verdict(found.played_value, player, self.states[index + 1], found.depth - 1)
        return self.position_verdict(index + 1, player)

    def judge(self, line: MoveLine, move) -> MoveReview:
        index, player = line.index, line.player
        verdict = self.after_verdict(index, player)
        if self.forced(index):
            return MoveReview(line, move, verdict, verdict)
        before, after = self.exact[index], self.exact[index + 1]
        if before is not None and after is not None:
            mistake = worse(before.verdict.seen_by(player), after.verdict.seen_by(player), self.rules.players)
            return self.reviewed(line, move, verdict, before.verdict.seen_by(player), mistake, before.best)
        found = self.found[index]
        if found is None or not found.depth:
            return MoveReview(line, move, verdict, self.position_verdict(index, player), proven=False)
        drop = (found.best_value - found.played_value) / self.knowledge.unit
        if before is not None:
            before_verdict = before.verdict.seen_by(player)
        else:
            before_verdict = self.knowledge.verdict(found.best_value, player, self.states[index], found.depth)
        mistake = False if same_move(move, found.best) else engine_mistake(before_verdict, verdict, drop,
                                                                            self.knowledge.mistake_drop)
        if mistake is None:
            return MoveReview(line, move, verdict, before_verdict, drop=drop, proven=False)
        return self.reviewed(line, move, verdict, before_verdict, mistake, found.best, drop)

    def reviewed(self, line, move, verdict, before, mistake, best, drop=None) -> MoveReview:
        if not mistake or best is None:
            return MoveReview(line, move, verdict, before, mistake, drop=drop)
        state = self.states[line.index]
        return MoveReview(line, move, verdict, before, True, best, self.rules.move_to_text(best),
                          move_label(self.rules, state, best), drop)


def same_move(played, best) -> bool:
    """A draughts route and the engine's move are one move when they take the same pieces from the same start to the same end."""
    return played == best or getattr(played, "key", played) == getattr(best, "key", best)


def engine_mistake(before: Verdict, after: Verdict, drop: float, threshold: float) -> bool | None:
    """Whether a move the engine judged is a mistake, from what is known before and after it
    (exact where a solver or the search proved it, else the engine's scores, ``drop`` apart):
    only a change of the result class it sees, or a clear fall of the score; None when it cannot
    tell (a proven result before it, only a score after it: a win may be kept, only later)."""
    if before.exact and after.exact:
        return worse(before, after, 2)
    if before.exact:
        return False if before.result == LOSS else None
    if after.exact:
        if after.result != DRAW:
            return after.result == LOSS
        return (before.score or 0.0) >= threshold
    return drop >= threshold


def worse(before: Verdict, after: Verdict, players: int) -> bool:
    """Whether an exact result got worse for its player: a win gone to a draw or a loss, a draw to
    a loss; in a puzzle also the goal further away."""
    if RANK[after.result] != RANK[before.result]:
        return RANK[after.result] < RANK[before.result]
    return players == 1 and after.result == WIN and (after.moves or 0) > (before.moves or 0)


# English, for the command line and logs (screens word the data themselves).


def verdict_text(verdict: Verdict) -> str:
    """``win in 3``, ``loss by 6``, ``draw``, ``~+1.5``, ``~45+`` or ``~?``."""
    if verdict.exact:
        if verdict.discs is not None and verdict.result != DRAW:
            return f"{verdict.result} by {abs(verdict.discs)}"
        if verdict.moves and verdict.result != DRAW:
            return f"{verdict.result} in {verdict.moves}"
        return verdict.result
    if verdict.score is not None:
        return f"~{verdict.score:+.1f}"
    if verdict.at_least is not None:
        return f"~{verdict.at_least}+"
    return "~?"


def move_line(review: MoveReview) -> str:
    """``N MOVE VERDICT [?] [best MOVE]``, the CLI's line for a move; ``not proven`` ends the
    line of a move that could not be judged."""
    text = f"{review.line.number_text} {review.line.text} {verdict_text(review.verdict)}"
    if review.mistake:
        text += " ?" + (f" best {review.best_text}" if review.best_text else "")
    if not review.proven:
        text += " not proven"
    return text


def unproven_text(review: GameReview) -> str:
    """``11 moves not proven`` (``1 move``), or nothing when every move was judged."""
    n = review.summary.unproven
    return "" if not n else f"{n} {'move' if n == 1 else 'moves'} not proven"


def count_line(review: GameReview) -> str:
    """The CLI's last line: ``mistakes N``, then ``, K moves not proven`` when there are such."""
    unproven = unproven_text(review)
    return f"mistakes {review.summary.mistakes}" + (f", {unproven}" if unproven else "")


def summary_text(review: GameReview) -> str:
    """``no mistakes`` or ``2 mistakes, the first at move 14: c4, a draw after it; c5 kept the
    win`` (a puzzle's best move went towards the goal), and how many moves were not proven."""
    summary = review.summary
    unproven = unproven_text(review)
    if not summary.mistakes:
        return "no mistakes found, " + unproven if unproven else "no mistakes"
    first = summary.first
    count = "1 mistake" if summary.mistakes == 1 else f"{summary.mistakes} mistakes"
    text = f"{count}, the first at move {first.line.number}"
    if first.best_text is not None:
        text += f": {first.line.text}, {verdict_text(first.verdict)} after it; {first.best_text} {better_text(review, first)}"
    return text + (f"; {unproven}" if unproven else "")


def better_text(review: GameReview, first: MoveReview) -> str:
    """What the best move would have done instead of the mistake ``first``."""
    kept = first.before
    if first.verdict.result == WIN and review.record.rules.players == 1:
        return "went towards the goal"
    if kept.exact:
        return f"kept the {kept.result}"
    return f"was better ({verdict_text(kept)})"


__all__ = ["DEFAULT_MOVE_MS", "DRAW", "EVALUATION_MS", "Evaluate", "Evaluation", "GameReview", "LOSS", "MoveReview",
           "Review", "Summary", "Verdict", "WIN", "count_line", "move_line", "summary_text", "verdict_text"]
