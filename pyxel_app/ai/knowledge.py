"""Each game's engines as the review asks them: exact where a solver reaches, else the engine.

- Connect 4: Pons' solver (exact wherever it finishes in time: from the middle game on);
  else the look-ahead, in threats (``CONNECT4_UNIT`` of its evaluation).
- Othello: the endgame solver from ``EXACT_EMPTIES`` empty squares on (the final disc
  difference); else the look-ahead, in discs (its evaluation's units per disc).
- Draughts: the International endgame tables of kings (a lone king against up to four);
  else the hard level's search, in men.
- Peg solitaire: the solver (can one marble remain?), no engine.
- ByPuzz: the optimal solver (moves to the goal), no engine; cut short, the length it had
  reached is a lower bound.

The engines' searches score the move played at the same depth as their best move, so the
two values compare as the engine's own choice between them would.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ..rules.base import NotationError
from ..rules.connect4 import CELLS
from ..rules.connect4 import RULES as CONNECT4
from ..rules.draughts import INTERNATIONAL
from ..rules.draughts import RULES as DRAUGHTS
from ..rules.fifteen import RULES as FIFTEEN
from ..rules.othello import PASS, bits_to_squares, flipped_by, legal_squares
from ..rules.othello import RULES as OTHELLO
from ..rules.pegs import RULES as PEGS
from . import connect4, draughts, othello
from .draughts_endgames import load_in_steps, one_ply_back, preference, probe
from .fifteen import FifteenSearch
from .memo import SlotTable
from .pegs import PegSearch, PegSolver, shared_solver
from .verdicts import DRAW, LOSS, WIN, Clock, Found, Known, Knowledge, Verdict, drive, step_until

# Connect 4's evaluation gives an open threat 12 (and a cell in the middle up to 13 a stone):
# its scores are shown in threats.
CONNECT4_UNIT = 12.0
# Othello's evaluation units a disc (ESTIMATE_SCALE is the hundredths of a disc a unit).
OTHELLO_UNIT = 100.0 / othello.ESTIMATE_SCALE
# A budget the draughts search never reaches by itself: the review's clock ends it.
UNBOUNDED_MS = 1e12
# The draughts searches start at this depth: below it the move played would be scored by the
# evaluation alone, the best move by a search.
DRAUGHTS_FIRST_DEPTH = 2


def proven(value: int, win_base: int) -> bool:
    return abs(value) >= win_base // 2


class Connect4Knowledge(Knowledge):
    unit = CONNECT4_UNIT
    mistake_drop = 2.0
    exact_nodes_per_ms = 100.0
    engine_nodes_per_ms = 40.0

    def exact(self, state):
        solver = connect4.Solver(self.table("solver", lambda: connect4.new_table(build_now=False), connect4.shared_table))
        score, best = yield from drive(solver, solver.search(*connect4.position_of(state)), self.clock)
        return Known(self.pons_verdict(score, self.rules.to_move(state), state), best)

    @staticmethod
    def pons_verdict(score: int, player: int, state) -> Verdict:
        """The verdict of a score in Pons' convention (22 minus the winner's stone that makes
        four, for ``player``); ``moves`` counts the winner's stones still to drop in ``state``."""
        if score == 0:
            return Verdict(player, DRAW)
        winner = player if score > 0 else 1 - player
        stone = CELLS // 2 + 1 - abs(score)
        played = (len(state.sequence) + 1 - winner) // 2
        return Verdict(player, WIN if score > 0 else LOSS, moves=stone - played, stone=stone)

    def final(self, state) -> Known:
        """A four: the stone that made it is the winner's last."""
        known = super().final(state)
        winner = self.rules.winner(state)
        if winner is None:
            return known
        return Known(replace(known.verdict, stone=(len(state.sequence) + 1 - winner) // 2))

    def search(self, state, played, found: Found):
        current, mask, moves = connect4.position_of(state)
        lookahead = connect4.Lookahead(random.Random(0))
        for depth in range(1, min(connect4.LOOKAHEAD_MAX_DEPTH, CELLS - moves) + 1):
            value, best = yield from drive(lookahead, lookahead.search(current, mask, moves, depth, False), self.clock)
            played_value = None
            if played is not None:
                played_value = value if played == best else (yield from self.played_value(lookahead, state, played, depth))
            found.update(depth, best, value, played_value)
            if proven(value, connect4.WIN_BASE) and (played_value is None or proven(played_value, connect4.WIN_BASE)):
                return

    def played_value(self, lookahead, state, move: int, depth: int):
        """Generator: the value of ``move`` at ``depth``, as the look-ahead scores a move."""
        child = self.rules.apply(state, move)
        if self.rules.winner(child) is not None:
            return connect4.WIN_BASE + (CELLS + 1 - len(state.sequence)) // 2
        if len(child.sequence) == CELLS:
            return 0
        return -(yield from drive(lookahead, lookahead.value(*connect4.position_of(child), depth - 1), self.clock))

    def verdict(self, value: int, player: int, state, depth: int) -> Verdict:
        if proven(value, connect4.WIN_BASE):
            return self.pons_verdict(value - connect4.WIN_BASE if value > 0 else value + connect4.WIN_BASE, player, state)
        return super().verdict(value, player, state, depth)


class OthelloKnowledge(Knowledge):
    unit = OTHELLO_UNIT
    mistake_drop = 5.0
    exact_nodes_per_ms = 10.0
    engine_nodes_per_ms = 25.0

    def exact(self, state):
        if state.empties > othello.EXACT_EMPTIES:
            return None
        solver = othello.EndgameSolver(self.table("solver", SlotTable, lambda: othello.SOLVER_TABLE))
        score, bit = yield from drive(solver, solver.search(state.own, state.other), self.clock)
        return Known(self.disc_verdict(score, state.to_move), othello.bit_to_move(bit))

    @staticmethod
    def disc_verdict(discs: int | None, player: int, result: str | None = None) -> Verdict:
        if result is None:
            result = WIN if discs > 0 else LOSS if discs < 0 else DRAW
        return Verdict(player, result, discs=discs)

    def final(self, state) -> Known:
        """Empty squares go to the winner, as the solver counts them (the FFO convention)."""
        return Known(self.disc_verdict(othello.final_score(state.own, state.other), state.to_move))

    def search(self, state, played, found: Found):
        own, other, passing = state.own, state.other, False
        if not legal_squares(own, other):
            # The side to move must pass (only evaluated: a review never searches an only move).
            own, other, passing = other, own, True
        lookahead = othello.Lookahead(self.table("search", SlotTable, lambda: othello.SEARCH_TABLE))
        order = [1 << square for square in bits_to_squares(legal_squares(own, other))]
        rng = random.Random(0)
        for depth in range(1, state.empties + 1):
            value, best_bits = yield from drive(lookahead, lookahead.search(own, other, depth, order, rng), self.clock)
            played_value = None
            if passing:
                found.update(depth, PASS, -value, None)
            else:
                if played is not None:
                    played_value = value if 1 << played in best_bits else (
                        yield from self.played_value(lookahead, own, other, played, depth))
                found.update(depth, othello.bit_to_move(best_bits[0]), value, played_value)
            order = [best_bits[0]] + [bit for bit in order if bit != best_bits[0]]
            if proven(value, othello.WIN_BASE) and (played_value is None or proven(played_value, othello.WIN_BASE)):
                return

    def played_value(self, lookahead, own: int, other: int, square: int, depth: int):
        """Generator: the value of the move on ``square`` at ``depth``, as the look-ahead scores a move."""
        flips = flipped_by(own, other, square)
        work = lookahead.value(other ^ flips, own | flips | 1 << square, depth - 1)
        return -(yield from drive(lookahead, work, self.clock))

    def verdict(self, value: int, player: int, state, depth: int) -> Verdict:
        """A search to the end of every line is exact (a draw scores 0 there); a proven win short
        of it is a win, though by how many discs only a full search would say."""
        whole = depth >= state.empties
        if proven(value, othello.WIN_BASE):
            discs = value - othello.WIN_BASE if value > 0 else value + othello.WIN_BASE
            return self.disc_verdict(discs if whole else None, player, WIN if value > 0 else LOSS)
        if whole:
            return self.disc_verdict(0, player)
        return super().verdict(value, player, state, depth)


def deeper(value: int, plies: int) -> int:
    """A draughts search value seen from ``plies`` plies before the position it was searched
    from: a won or lost game is that much further away."""
    if value > draughts.WIN_THRESHOLD:
        return value - plies
    if value < -draughts.WIN_THRESHOLD:
        return value + plies
    return value


class DraughtsKnowledge(Knowledge):
    unit = float(draughts.MAN)
    mistake_drop = 1.0
    engine_nodes_per_ms = 60.0

    def exact(self, state):
        if state.variant != INTERNATIONAL or (state.white | state.black) & ~state.kings:
            return None
        yield from load_in_steps()
        plies = probe(*self.rules.sides(state), state.kings)
        if plies is None:
            return None
        best, best_value = None, None
        for move in self.rules.legal_moves(state):
            child = self.rules.after(state, move)
            outcome = self.rules.outcome(child)
            if outcome is not None:
                value = 0 if outcome.winner is None else one_ply_back(None)
            else:
                value = one_ply_back(probe(*self.rules.sides(child), child.kings))
            if best_value is None or preference(value) > preference(best_value):
                best, best_value = move, value
        return Known(self.plies_verdict(plies, state.turn), best)

    @staticmethod
    def plies_verdict(plies: int, player: int) -> Verdict:
        """Plies to the end for ``player`` to move (won > 0, lost < 0, drawn 0) as a verdict."""
        if plies == 0:
            return Verdict(player, DRAW)
        if plies > 0:
            return Verdict(player, WIN, moves=(plies + 1) // 2)
        return Verdict(player, LOSS, moves=-plies // 2)

    def search(self, state, played, found: Found):
        for depth in range(DRAUGHTS_FIRST_DEPTH, draughts.DEPTHS["hard"] + 1):
            value, best = yield from self.value_at(state, depth)
            played_value = None
            if played is not None:
                if played.key == best.key:
                    played_value = value
                else:
                    child_value, _ = yield from self.value_at(self.rules.after(state, played), depth - 1)
                    played_value = deeper(-child_value, 1)
            found.update(depth, best, value, played_value)
            if proven(value, draughts.WIN) and (played_value is None or proven(played_value, draughts.WIN)):
                return

    def value_at(self, state, depth: int):
        """Generator: (value for the side to move, best move) at ``depth`` plies; a move that is the
        only one is played without costing depth, as the engine does, and a finished game scores
        as the engine scores it."""
        sign, plies, first = 1, 0, None
        while True:
            outcome = self.rules.outcome(state)
            if outcome is not None:
                return (0 if outcome.winner is None else deeper(-sign * draughts.WIN, plies)), first
            moves = self.rules.legal_moves(state)
            if len(moves) > 1:
                break
            first = first or moves[0]
            state, sign, plies = self.rules.after(state, moves[0]), -sign, plies + 1
        variant = state.variant
        search = draughts.DraughtsSearch(state, "hard", rng=random.Random(0), budget_ms=UNBOUNDED_MS,
                                         max_depth=max(depth, 1),
                                         table=self.table(variant, SlotTable, lambda: draughts.TABLES[variant]))
        result = yield from step_until(search, self.clock)
        return deeper(sign * result.score, plies), first or result.move

    def verdict(self, value: int, player: int, state, depth: int) -> Verdict:
        if abs(value) > draughts.WIN_THRESHOLD:
            plies = draughts.WIN - abs(value)
            return self.plies_verdict(plies if value > 0 else -plies, player)
        return super().verdict(value, player, state, depth)


class PegsKnowledge(Knowledge):
    """Solvable (one marble can remain) or not.  Every position before one that can be solved
    can be solved too, and every one after one that cannot, cannot: so the review solves from
    the end back to the first that can (the positions near the end are small, and what their
    proofs learn the earlier ones reuse in the review's own solver), and a position it could
    not prove within its nodes takes the answer of a proven one before or after it where that
    says it.  The moves in between stay not proven."""

    exact_nodes_per_ms = 80.0

    def solver(self, board) -> PegSolver:
        return self.table(board, lambda: PegSolver(board), lambda: shared_solver(board))

    def exact(self, state):
        search = PegSearch(self.solver(state.board), state)
        yield from step_until(search, self.clock)
        if search.solvable is None:
            return None
        if search.solvable:
            return Known(Verdict(0, WIN, moves=state.marble_count - 1), search.line[0] if search.line else None)
        return Known(Verdict(0, LOSS))

    def final(self, state) -> Known:
        return Known(Verdict(0, WIN if state.marble_count == 1 else LOSS, moves=0))

    def exact_all(self, review):
        """From the end back; the nodes a position's proof leaves unused go to the next one's,
        as the proofs of the small positions near the end are the first part of the larger ones'
        (a fixed share each left the larger proofs short: a review given more time per search
        could finish sooner than one given less)."""
        states = review.states
        solver, spare_ms = self.solver(states[0].board), 0.0
        for index in reversed(range(len(states))):
            budget_ms, nodes = review.move_ms + spare_ms, solver.nodes
            known = yield from review.exact_value(states[index], budget_ms)
            spare_ms = max(budget_ms - (solver.nodes - nodes) / self.exact_nodes_per_ms, 0.0)
            review.exact[index] = known
            review.done += 1
            if known is not None and known.verdict.result == LOSS:
                for later in range(index + 1, len(states)):
                    review.exact[later] = review.exact[later] or Known(Verdict(0, LOSS))
            if known is not None and known.verdict.result == WIN:
                for earlier in range(index):
                    review.exact[earlier] = Known(Verdict(0, WIN, moves=states[earlier].marble_count - 1))
                review.done += index
                return


class FifteenKnowledge(Knowledge):
    """Moves to the goal; a move changes them by one.  The review goes forward: a move along
    the last solution found needs no search, and after any other the search starts one below
    the last length."""

    exact_nodes_per_ms = 160.0

    def __init__(self, rules, clock: Clock, own_tables: bool = False) -> None:
        super().__init__(rules, clock, own_tables)
        self.search_made: FifteenSearch | None = None
        self.solution: list[int] | None = None

    def exact(self, state, at_least: int = 0):
        self.solution = None
        try:
            search = self.search_made = FifteenSearch(state.tiles, state.goal, at_least)
        except NotationError:
            return Known(Verdict(0, LOSS))
        yield from step_until(search, self.clock)
        self.solution = search.solution
        return Known(Verdict(0, WIN, moves=len(self.solution)), self.solution[0] if self.solution else None)

    def estimate(self, state) -> Verdict | None:
        search = self.search_made
        if search is None or search.tiles != state.tiles or not search.bound:
            return None
        return Verdict(0, at_least=search.bound)

    def prepare(self, state):
        """The goal's own search reads the tables its gap needs."""
        yield from step_until(FifteenSearch(state.goal, state.goal), self.clock)

    def exact_all(self, review):
        states, moves = review.states, review.record.moves
        yield from review.bounded(self.prepare(states[0]), math.inf)
        solution = None
        for index, state in enumerate(states):
            if index and solution and moves[index - 1] == solution[0]:
                solution = solution[1:]
                review.exact[index] = Known(Verdict(0, WIN, moves=len(solution)), solution[0] if solution else None)
            else:
                previous = review.exact[index - 1] if index else None
                at_least = previous.verdict.moves - 1 if previous is not None and previous.verdict.result == WIN else 0
                finished, known = yield from review.bounded(self.exact(state, max(at_least, 0)),
                                                            review.move_ms * self.exact_nodes_per_ms)
                review.exact[index] = known if finished else None
                review.estimates[index] = None if finished else self.estimate(state)
                solution = self.solution if finished else None
            review.done += 1


KNOWLEDGE = {
    CONNECT4.name: Connect4Knowledge,
    OTHELLO.name: OthelloKnowledge,
    DRAUGHTS.name: DraughtsKnowledge,
    PEGS.name: PegsKnowledge,
    FIFTEEN.name: FifteenKnowledge,
}


def knowledge_for(rules, clock: Clock, own_tables: bool = False) -> Knowledge:
    """The knowledge of ``rules``' game; a game without engines gets none but its finished games'.
    ``own_tables``: its tables its own (see :class:`Knowledge`)."""
    return KNOWLEDGE.get(rules.name, Knowledge)(rules, clock, own_tables)


__all__ = ["KNOWLEDGE", "knowledge_for"]
