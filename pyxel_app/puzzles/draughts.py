"""Draughts "Shot" (International and warcaby): a combination that wins at least ``material``
pieces by force within ``n`` of the player's moves, proven by the shot search
(``ai/draughts_shots.py``) to that depth with every defence tried; the first move is the only
one that does it, and no fewer moves would.

A shot starts from a quiet position (the player has no capture to make) with at least
MIN_PIECES pieces a side and the material at most one piece apart, and its line wins the pieces
on the board (the defender keeps pieces and moves): a shot, not a mop-up.
"""

from __future__ import annotations

from ..ai.cooperative import run_generator
from ..ai.draughts_shots import ShotSearch
from ..rules.draughts import RULES, Draughts
from .context import Context, Proven
from .model import SHOT, Task

MAX_MOVES = 4
MIN_PIECES = 5
MOST_MATERIAL = 6

# Whether the proof shows that no other first move does the task (another is refused unsearched).
UNIQUE_FIRST = True


def prove(state: Draughts) -> Proven | None:
    """The puzzle of ``state``, if it is one (see the module's text)."""
    if RULES.outcome(state) is not None:
        return None
    moves = RULES.legal_moves(state)
    own, opp = RULES.sides(state)
    if moves[0].captured or min(own.bit_count(), opp.bit_count()) < MIN_PIECES:
        return None
    if abs(own.bit_count() - opp.bit_count()) > 1:
        return None
    shot = ShotSearch(state)
    for n in range(1, MAX_MOVES + 1):
        winning = run_generator(shot.winning_moves(state, n))
        if winning:
            break
    if len(winning) != 1:
        return None
    searches = [shot]
    while shot.gain < MOST_MATERIAL:
        searches.append(ShotSearch(state, shot.gain + 1))
        if not run_generator(searches[-1].wins(state, n)):
            break
        shot = searches[-1]
    line, end = shot_line(shot, state, n)
    if not RULES.legal_moves(end):
        return None
    texts = tuple(RULES.move_to_text(move) for move in line)
    return Proven(Task(SHOT, n=n, material=shot.gain), texts, sum(search.nodes for search in searches), len(texts))


def shot_line(shot: ShotSearch, state: Draughts, n: int):
    """(the moves, the position at the end): the player's quickest winning move at each turn, the
    defence that holds out longest."""
    line = []
    left = n
    while not shot.achieved(state):
        if state.turn == shot.attacker:
            move = run_generator(quickest(shot, state, left))
            left -= 1
        else:
            move = run_generator(shot.defence(state, left))
        line.append(move)
        state = RULES.apply(state, move)
    return line, state


def quickest(shot: ShotSearch, state: Draughts, most: int):
    """Generator: the first winning move of the attacker's among those that need the fewest moves."""
    for moves_left in range(1, most + 1):
        winning = yield from shot.winning_moves(state, moves_left)
        if winning:
            return winning[0]
    return None


def shot(ctx: Context) -> ShotSearch:
    return ctx.kept("shot", lambda: ShotSearch(ctx.start, ctx.puzzle.task.material))


def moves_left(ctx: Context, ply: int) -> int:
    """The player's moves still allowed, the one to make now included (the player moves first)."""
    return ctx.puzzle.task.n - (ply + 1) // 2


def correct(ctx: Context, ply: int, state: Draughts, move):
    return (yield from shot(ctx).wins(RULES.apply(state, move), moves_left(ctx, ply) - 1))


def reply(ctx: Context, ply: int, state: Draughts):
    return (yield from shot(ctx).defence(state, moves_left(ctx, ply)))


def hint(ctx: Context, ply: int, state: Draughts):
    return (yield from quickest(shot(ctx), state, moves_left(ctx, ply)))


def done(ctx: Context, ply: int, state: Draughts) -> bool:
    return shot(ctx).achieved(state)
