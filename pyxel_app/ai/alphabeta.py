"""A cooperative alpha-beta for any two-player game that follows the rules interface.

Negamax with alpha-beta pruning and iterative deepening.  A bounded transposition
table keyed by ``rules.position_key`` remembers each position's score bound and
best move; the previous depth's best move is tried first at the top, the table's
move first below.  ``evaluate(state)`` scores a position where the search stops
looking, for the side to move; a finished game scores from its Outcome: a win or a
loss as ±(WIN - plies from the top), so that faster wins and slower losses are
preferred, a draw 0.  Equal best moves are chosen between at random.

Nothing here knows a game.  It is the engine of a new game ("Adding a game" in the
README) and of the tests' toy games (tic-tac-toe in ``tests/test_match_layer.py`` and
``tests/test_alphabeta.py``); no shipped game uses it.  Connect 4, Othello and draughts
search their own bitboards, not rules states, with their own negamax: a node here costs
tens of microseconds (a new state, a move list), theirs a few.  They share the table
(``ai/memo.py``), not the search.

>>> from pyxel_app.rules.connect4 import RULES
>>> engine = AlphaBeta(RULES, RULES.state_from_text("112233"), lambda state: 0, max_depth=2)
>>> engine.run_to_end()
EngineResult(move=3, score=999999, depth=1)
"""

from __future__ import annotations

import random
from typing import Callable

from ..rules.base import Rules
from .cooperative import Cooperative, EngineResult
from .memo import SlotTable

WIN = 1_000_000
# Scores beyond this are wins or losses: evaluations must stay inside it.
WIN_THRESHOLD = WIN - 10_000
INFINITY = 10 * WIN
# Table slots: a prime, so that keys spread evenly.
TABLE_SIZE = 65_537
# A rules-level node (new state, move list) takes tens of microseconds: pause often enough
# that a step overruns its budget by well under a millisecond.
NODES_PER_PAUSE = 32
# How many times longer the next depth is expected to take.
GROWTH = 3.0
# Table depth of a subtree whose every line reached the end of the game: good at any depth.
SOLVED = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2


def new_table(size: int = TABLE_SIZE) -> SlotTable:
    """A table for :class:`AlphaBeta`: a position's key to (depth, bound, score, best move),
    in ``size`` slots by the key's hash modulo the size.  A new entry replaces the one in its
    slot, so memory stays bounded however long the game.  One table may serve every search
    of a game: win scores are kept counted from the position itself, not from the top."""
    return SlotTable(size, mixed=False)


def _to_table(score: int, ply: int) -> int:
    """A win score counted from the position, which other lines may reach at another ply."""
    if score > WIN_THRESHOLD:
        return score + ply
    if score < -WIN_THRESHOLD:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > WIN_THRESHOLD:
        return score - ply
    if score < -WIN_THRESHOLD:
        return score + ply
    return score


class AlphaBeta(Cooperative[EngineResult]):
    """Finds a move for the side to move in ``state``, a slice at a time: call
    ``step(budget_ms)`` every frame until it returns an :class:`EngineResult`.

    Each finished depth replaces the answer.  The search stops at ``max_depth``,
    when a win or a loss is proven, when every line reached the end of the game, or
    when the next depth would not fit in ``budget_ms`` (the total time of all steps;
    past it the last finished depth's answer is final).  With neither limit it
    searches until the game is solved: give one for games that do not end quickly.
    ``table`` may be shared between the searches of one game.
    """

    def __init__(self, rules: Rules, state, evaluate: Callable[[object], int],
                 max_depth: int | None = None, budget_ms: float | None = None,
                 rng: random.Random | None = None, table: SlotTable | None = None,
                 nodes_per_pause: int = NODES_PER_PAUSE):
        if rules.is_terminal(state):
            raise ValueError("the game is already over")
        self.rules = rules
        self.state = state
        self.evaluate = evaluate
        self.max_depth = max_depth
        self.rng = rng or random.Random()
        self.table = new_table() if table is None else table
        self.nodes_per_pause = nodes_per_pause
        self.nodes = 0
        self.best_move = None
        self.score: int | None = None
        self.depth_done = 0
        # Positions scored by ``evaluate`` (directly or through the table): none in a
        # whole depth means every line reached the end of the game.
        self._horizon_hits = 0
        super().__init__(self._deepen(), budget_ms)

    def finish(self, value) -> None:
        self.result = EngineResult(self.best_move, self.score, self.depth_done)

    def _deepen(self):
        moves = list(self.rules.legal_moves(self.state))
        self.best_move = moves[0]
        depth = 0
        while self.max_depth is None or depth < self.max_depth:
            depth += 1
            started = self.elapsed_now_ms()
            hits_before = self._horizon_hits
            score, best_moves = yield from self._search_top(moves, depth)
            self.best_move = self.rng.choice(best_moves)
            self.score, self.depth_done = score, depth
            if abs(score) > WIN_THRESHOLD or self._horizon_hits == hits_before:
                return
            moves = ([self.best_move] + [move for move in best_moves if move != self.best_move]
                     + [move for move in moves if move not in best_moves])
            if self.budget_ms is not None:
                now = self.elapsed_now_ms()
                if now + GROWTH * (now - started) > self.budget_ms:
                    return

    def _search_top(self, moves, depth):
        """Generator returning (best score, every move that reaches it) at ``depth`` plies."""
        rules, state = self.rules, self.state
        best = -INFINITY
        best_moves: list = []
        for move in moves:
            # A window one below the best so far finds every move that ties with it.
            score = -(yield from self._negamax(rules.apply(state, move), depth - 1, 1, -INFINITY, 1 - best))
            if score > best:
                best, best_moves = score, [move]
            elif score == best:
                best_moves.append(move)
        return best, best_moves

    def _negamax(self, state, depth: int, ply: int, alpha: int, beta: int):
        self.nodes += 1
        if not self.nodes % self.nodes_per_pause:
            yield
        rules = self.rules
        if rules.is_terminal(state):
            return self._final_score(state, ply)
        if depth <= 0:
            self._horizon_hits += 1
            return self.evaluate(state)
        key = rules.position_key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            entry_depth, bound, stored, first = entry
            if entry_depth >= depth:
                score = _from_table(stored, ply)
                if bound == EXACT or (score >= beta if bound == LOWER else score <= alpha):
                    if entry_depth != SOLVED:
                        self._horizon_hits += 1
                    return score
        moves = rules.legal_moves(state)
        if not moves:
            return self._final_score(state, ply)
        if first is not None and first in moves:
            moves = [first] + [move for move in moves if move != first]
        floor = alpha
        hits_before = self._horizon_hits
        best, best_move = -INFINITY, None
        for move in moves:
            score = -(yield from self._negamax(rules.apply(state, move), depth - 1, ply + 1, -beta, -alpha))
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = UPPER if best <= floor else LOWER if best >= beta else EXACT
        entry_depth = SOLVED if self._horizon_hits == hits_before else depth
        self.table[key] = (entry_depth, bound, _to_table(best, ply), best_move)
        return best

    def _final_score(self, state, ply: int) -> int:
        outcome = self.rules.outcome(state)
        if outcome is None or outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner == self.rules.to_move(state) else ply - WIN
