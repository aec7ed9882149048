"""Our International move generator against an independent one, py-draughts (import name
``draughts``, in the ``test`` extra): the same legal moves — start, end and pieces taken —
in every position of random games played with fixed seeds, kings and long captures included."""

import random

import pytest

from pyxel_app.rules.draughts import RULES, generate, squares_of

from missing import missing

GAMES = 100
PLIES = 150


@pytest.fixture(scope="module")
def peer():
    try:
        import draughts
    except ImportError:
        missing("py-draughts is not installed", 'pip install -e ".[test]" or pip install py-draughts')
    return draughts


def our_moves(state) -> dict:
    own, opp = RULES.sides(state)
    moves = generate(own, opp, state.kings, state.turn, True)
    return {(move.start, move.end, frozenset(squares_of(move.captured))): move for move in moves}


def their_moves(board) -> dict:
    return {(move.square_list[0], move.square_list[-1], frozenset(move.captured_list)): move for move in board.legal_moves}


def test_the_same_legal_moves_as_py_draughts_over_thousands_of_positions(peer):
    rng = random.Random(2026)
    positions = 0
    for game in range(GAMES):
        state = RULES.initial_state("international")
        board = peer.Board()
        for ply in range(PLIES):
            ours, theirs = our_moves(state), their_moves(board)
            assert set(ours) == set(theirs), f"game {game} ply {ply}: {RULES.state_to_text(state)}"
            positions += 1
            if not ours:
                break
            key = rng.choice(sorted(ours, key=lambda k: (k[0], k[1], sorted(k[2]))))
            state = RULES.after(state, ours[key])
            board.push(theirs[key])
    assert positions >= 8000


def test_the_same_moves_in_positions_full_of_kings(peer):
    """Random positions with many kings on both sides: long flying captures every move."""
    rng = random.Random(7)
    for _ in range(2000):
        squares = rng.sample(range(50), rng.randrange(4, 16))
        half = len(squares) // 2
        white, black = squares[:half], squares[half:]
        white = [s for s in white if s >= 5 or rng.random() < 0.5]
        black = [s for s in black if s < 45 or rng.random() < 0.5]
        kings = [s for s in white + black if rng.random() < 0.5 or (s < 5 and s in white) or (s >= 45 and s in black)]
        side = rng.choice("WB")
        fen = f"{side}:W" + ",".join(("K" if s in kings else "") + str(s + 1) for s in sorted(white)) \
            + ":B" + ",".join(("K" if s in kings else "") + str(s + 1) for s in sorted(black))
        state = RULES.state_from_text(fen)
        board = peer.Board.from_fen(fen)
        assert set(our_moves(state)) == set(their_moves(board)), fen


def test_perft_agrees_with_py_draughts_own_perft_on_random_positions(peer):
    """No other published International perft table was found beyond the start position's,
    so positions from random games (kings and long captures among them) are counted by both."""
    from draughts.engines.turbo import perft_from_board

    rng = random.Random(99)
    checked = 0
    for game in range(12):
        state = RULES.initial_state("international")
        for ply in range(rng.randrange(20, 90)):
            legal = RULES.legal_moves(state)
            if not legal:
                break
            state = RULES.after(state, rng.choice(legal))
        if RULES.legal_moves(state):
            fen = RULES.state_to_text(state)
            assert RULES.perft(state, 3) == perft_from_board(peer.Board.from_fen(fen), 3), fen
            checked += 1
    assert checked >= 8
