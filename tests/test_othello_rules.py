import doctest
import random

import pytest

from pyxel_app.rules import othello
from pyxel_app.rules.base import IllegalMoveError, NotationError, Outcome
from pyxel_app.rules.othello import BLACK, PASS, RULES, WHITE, Othello

# The published counts (a forced pass is a ply, a finished game one leaf); 8 and 9 are in the bench.
PERFT_FROM_START = [1, 4, 12, 56, 244, 1396, 8200, 55092]
START_TEXT = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"


def board(rows: str, to_move: str = "X") -> Othello:
    """A position from 8 rows of 8 (spaces between rows ignored), as FFO text."""
    return RULES.state_from_text("".join(rows.split()) + " " + to_move)


def squares(state, names: str) -> bool:
    return {RULES.move_to_text(m) for m in RULES.legal_moves(state)} == set(names.split())


def test_doctests_pass():
    assert doctest.testmod(othello).failed == 0


@pytest.mark.parametrize("depth", range(len(PERFT_FROM_START)))
def test_perft_from_the_start_matches_the_published_counts(depth):
    assert RULES.perft(RULES.initial_state(), depth) == PERFT_FROM_START[depth]


def test_the_start_is_crosswise_and_black_moves_first():
    state = RULES.initial_state()
    assert RULES.state_to_text(state) == START_TEXT
    assert state.stone_at(RULES.move_from_text(state, "d4")) == WHITE
    assert state.stone_at(RULES.move_from_text(state, "e4")) == BLACK
    assert RULES.to_move(state) == BLACK and state.count(BLACK) == state.count(WHITE) == 2
    assert squares(state, "d3 c4 f5 e6")


def test_white_starts_is_a_variant_from_the_same_four_stones():
    state = RULES.initial_state("white-starts")
    assert RULES.to_move(state) == WHITE
    assert RULES.state_to_text(state) == START_TEXT[:-1] + "O"
    assert squares(state, "e3 f4 c5 d6")
    assert RULES.variant_of(state) == "white-starts" and RULES.variant_of(RULES.initial_state()) == "standard"
    assert RULES.perft(state, 5) == 1396  # the mirror image of the standard game
    with pytest.raises(NotationError):
        RULES.initial_state("black-and-blue")


@pytest.mark.parametrize("move, flipped", [
    # Black plays d4, the centre of a ring of white stones closed by black ones in all 8 directions.
    ("d4", "b2 c3 d2 d3 e3 f2 c4 b4 e4 f4 g4 c5 b6 d5 d6 e5 f6"),
])
def test_a_move_flips_in_all_eight_directions(move, flipped):
    state = board(
        "X--X--X-"
        "-O-O-O--"
        "--OOO---"
        "XOO-OOOX"
        "--OOO---"
        "-O-O-O--"
        "X--X--X-"
        "--------"
    )
    after = RULES.apply(state, RULES.move_from_text(state, move))
    for name in flipped.split():
        assert after.stone_at(RULES.move_from_text(after, name)) == BLACK, name
    assert after.count(WHITE) == 0 and after.count(BLACK) == state.count(BLACK) + state.count(WHITE) + 1
    assert RULES.to_move(after) == WHITE


def test_flips_reach_along_every_edge_and_from_every_corner():
    # White lines along the four edges, closed by black stones in the corners' neighbours.
    state = board(
        "-OOOOOOX"
        "O------O"
        "O------O"
        "O------O"
        "O------O"
        "O------O"
        "O------O"
        "XOOOOOO-"
    )
    assert state.count(WHITE) == 24
    for corner in ("a1", "h8"):  # each turns 6 along its row and 6 along its column
        after = RULES.apply(state, RULES.move_from_text(state, corner))
        assert after.count(WHITE) == 12, corner
    # A line of stones running off the board is not closed: nothing flips there.
    edge = board("-OOOOOOO" + "-" * 8 + "X" + "-" * 47)
    assert RULES.flips(edge, RULES.move_from_text(edge, "a1")) == 0


def test_diagonal_flips_towards_each_corner():
    for corner, far in (("a1", "h8"), ("h8", "a1"), ("h1", "a8"), ("a8", "h1")):
        cells = ["-"] * 64
        a = RULES.move_from_text(None, corner)
        b = RULES.move_from_text(None, far)
        ar, ac = divmod(a, 8)
        br, bc = divmod(b, 8)
        dr, dc = (br > ar) - (br < ar), (bc > ac) - (bc < ac)
        for step in range(1, 7):
            cells[(ar + dr * step) * 8 + ac + dc * step] = "O"
        cells[b] = "X"
        state = RULES.state_from_text("".join(cells) + " X")
        after = RULES.apply(state, a)
        assert after.count(WHITE) == 0 and after.count(BLACK) == 8, corner


def test_illegal_moves_are_refused_with_the_reason():
    state = RULES.initial_state()
    with pytest.raises(IllegalMoveError, match="d4 is taken"):
        RULES.apply(state, RULES.move_from_text(state, "d4"))
    with pytest.raises(IllegalMoveError, match="a1 turns no stone"):
        RULES.apply(state, RULES.move_from_text(state, "a1"))
    with pytest.raises(IllegalMoveError, match="only when you have no legal move"):
        RULES.apply(state, PASS)
    assert RULES.state_to_text(state) == START_TEXT  # nothing changed


def test_a_side_without_a_move_must_pass_and_the_pass_is_a_move():
    # White's only stone closes no line (black runs off the board behind it); Black has d1.
    state = board("XXO-----" + "-" * 56, "O")
    assert RULES.must_pass(state) and RULES.legal_moves(state) == [PASS]
    assert RULES.outcome(state) is None
    after = RULES.apply(state, RULES.move_from_text(state, "pass"))
    assert RULES.to_move(after) == BLACK and (after.black, after.white) == (state.black, state.white)
    assert RULES.move_to_text(PASS) == "pass"
    assert "d1" in {RULES.move_to_text(m) for m in RULES.legal_moves(after)}


def test_the_game_ends_when_neither_side_can_move():
    # Both sides stuck on a board with empty squares: a double pass is the end.
    state = board("XXXX----" + "-" * 24 + "----OOOO" + "-" * 24, "X")
    assert RULES.legal_moves(state) == []
    assert RULES.outcome(state) == Outcome(None, "draw", 0)
    with pytest.raises(IllegalMoveError, match="already over"):
        RULES.apply(state, PASS)
    state = board("XXXXX---" + "-" * 24 + "----OOOO" + "-" * 24, "O")
    assert RULES.outcome(state) == Outcome(BLACK, "most stones", 1)
    assert RULES.perft(state, 5) == 1  # a finished game is one leaf at any depth


def test_a_full_board_ends_with_the_stone_count():
    state = RULES.state_from_text("O" * 40 + "X" * 24 + " X")
    assert RULES.outcome(state) == Outcome(WHITE, "most stones", 16)


@pytest.mark.parametrize("text, message", [
    ("", "64 squares"),
    ("-" * 63 + " X", "64 squares"),
    ("-" * 64 + " Z", "'Z' is not X or O"),
    ("-" * 20 + "Q" + "-" * 43 + " X", "'Q' at e3 is not X, O or -"),
    ("-" * 64 + "X", "64 squares"),
])
def test_bad_positions_are_refused_with_a_reason(text, message):
    with pytest.raises(NotationError, match=message):
        RULES.state_from_text(text)


@pytest.mark.parametrize("text", ["i1", "a9", "a0", "f", "passe", "55"])
def test_bad_moves_are_refused(text):
    with pytest.raises(NotationError):
        RULES.move_from_text(RULES.initial_state(), text)


def random_games(count: int, seed: int = 11):
    rng = random.Random(seed)
    for _ in range(count):
        state = RULES.initial_state(rng.choice(RULES.variants))
        states = [state]
        while RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            states.append(state)
        yield states


def test_random_playouts_keep_the_invariants():
    for states in random_games(30):
        for before, after in zip(states, states[1:]):
            assert RULES.state_from_text(RULES.state_to_text(before)) == before
            assert hash(before) == hash(Othello(before.black, before.white, before.to_move))
            assert before.black & before.white == 0
            assert after.empties in (before.empties, before.empties - 1)
            for move in RULES.legal_moves(before):
                assert RULES.move_from_text(before, RULES.move_to_text(move)) == move
        final = states[-1]
        outcome = RULES.outcome(final)
        assert outcome is not None and RULES.legal_moves(final) == []
        black, white = final.count(BLACK), final.count(WHITE)
        assert outcome.score == abs(black - white)
        assert outcome.winner == (None if black == white else BLACK if black > white else WHITE)


def test_legal_squares_agree_with_a_plain_scan_of_eight_directions():
    """The bitboard fill against the seed's own method: walk each direction from each square."""
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]

    def plain(state):
        found = set()
        for square in range(64):
            if state.stone_at(square) is not None:
                continue
            r0, c0 = divmod(square, 8)
            for dr, dc in steps:
                r, c, seen = r0 + dr, c0 + dc, 0
                while 0 <= r < 8 and 0 <= c < 8 and state.stone_at(r * 8 + c) == 1 - state.to_move:
                    r, c, seen = r + dr, c + dc, seen + 1
                if seen and 0 <= r < 8 and 0 <= c < 8 and state.stone_at(r * 8 + c) == state.to_move:
                    found.add(square)
        return found

    for states in random_games(8, seed=3):
        for state in states:
            moves = set(RULES.legal_moves(state)) - {PASS}
            assert moves == plain(state)


def test_a_square_turns_a_stone_exactly_where_it_is_legal_for_either_side():
    for states in random_games(8, seed=4):
        for state in states:
            for own, other in ((state.own, state.other), (state.other, state.own)):
                legal = othello.legal_squares(own, other)
                for square in range(64):
                    if state.stone_at(square) is None:
                        assert othello.turns_any(own, other, square) == bool(legal >> square & 1)
                        assert bool(othello.flipped_by(own, other, square)) == bool(legal >> square & 1)
