"""What the browser must be able to do with every registered game, as one JSON answer.

The same file runs under CPython (in the test) and under Pyodide (in Node); the two
answers must be equal.  A game is proven for the web by registering it.
"""

import json
import random
import sys

from pyxel_app import games
from pyxel_app.session import Session

PERFT_DEPTH = 3
PLIES = 6
STEP_MS = 5
WALK = 4  # moves played before the computers take over, so a puzzle is not solved already


def walked(rules, state):
    """``state`` after WALK moves, each the first legal one that does not go straight back."""
    before = None
    for _ in range(WALK):
        move = next(m for m in rules.legal_moves(state) if rules.apply(state, m) != before)
        before, state = state, rules.apply(state, move)
    return state


def play_by_steps(spec, state, rng):
    """A short game between two computers, each move found by cooperative steps."""
    rules = spec.rules
    moves = []
    for _ in range(PLIES):
        if rules.outcome(state) is not None:
            break
        engine = spec.engine(state, spec.levels[0] if spec.levels else "", rng)
        result = None
        steps = 0
        while result is None:
            result = engine.step(STEP_MS)
            steps += 1
        moves.append(rules.move_to_text(result.move))
        state = rules.apply(state, result.move)
    return moves, state


def prove(spec):
    rules = spec.rules
    answer = {"perft": rules.perft(rules.initial_state(), PERFT_DEPTH)}
    start = walked(rules, rules.initial_state())
    if spec.engine is not None:
        moves, end = play_by_steps(spec, start, random.Random(1))
        answer["moves"] = moves
        session = Session(rules, start)
        for text in moves:
            session.play(rules.move_from_text(session.state, text))
        loaded = Session.from_text(session.to_text(), rules)
        answer["replayed"] = rules.state_to_text(loaded.state) == rules.state_to_text(end)
    return answer


def protocol():
    """Network play's line protocol is pure: it reads the same here; its sockets are never loaded."""
    from pyxel_app.net.protocol import Decoder, ProtocolError

    decoder = Decoder()
    verbs = [command.verb for command in decoder.feed("HELLO 1 connect4 standard 1 Zoë\nMOVE 1 4\nPING\n".encode())]
    try:
        decoder.feed(b"\xff\n")
    except ProtocolError as error:
        verbs.append(str(error))
    return {"verbs": verbs, "link loaded": "pyxel_app.net.link" in sys.modules}


def endgames():
    """Draughts' endgame tables (package data, read a piece at a time) answer as here: three
    kings, and a lone king to move against four (worked out one ply on)."""
    from pyxel_app.ai import draughts_endgames
    from pyxel_app.rules.draughts import RULES

    for _ in draughts_endgames.load_in_steps():
        pass
    values = []
    for fen in ("W:WK8,K23,K45:BK2", "B:WK8,K11,K13,K30:BK10", "W:WK46:BK3"):
        state = RULES.state_from_text(fen)
        values.append(draughts_endgames.probe(*RULES.sides(state), state.kings))
    return {"positions": len(draughts_endgames._table), "values": values}


def puzzles():
    """The puzzles of a few dates (each pool's position and first move), and the judge's verdicts
    on every move at the player's second turn of each game's first easy puzzle (the solvers asked
    off the line): the same answers in the browser."""
    from datetime import date

    from pyxel_app.puzzles import LEVELS, VARIANTS, Attempt, daily

    days = [date(2025, 1, 1), date(2025, 7, 14), date(2026, 2, 28)]
    chosen = {f"{game}/{variant}/{level}/{day.isoformat()}": [puzzle.position, puzzle.first_move]
              for game in VARIANTS for variant in VARIANTS[game] for level in LEVELS for day in days
              for puzzle in [daily(game, day, level, variant)]}
    verdicts = {}
    for game in VARIANTS:
        attempt = Attempt(daily(game, days[0], "easy"))
        moves = list(attempt.puzzle.line[:attempt.rules.players])
        if attempt.solved(moves):
            moves = []
        state = attempt.position(moves)
        verdicts[game] = {attempt.rules.move_to_text(move): attempt.judge(moves, attempt.rules.move_to_text(move))
                          .run_to_end().correct for move in attempt.rules.legal_moves(state)}
    return {"daily": chosen, "verdicts": verdicts}


def main():
    return json.dumps({
        "python": list(sys.version_info[:2]),
        "games": {spec.key: prove(spec) for spec in games.GAMES},
        "protocol": protocol(),
        "endgames": endgames(),
        "puzzles": puzzles(),
    })
