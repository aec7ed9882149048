"""The kings-only endgame table: every value checked against the rules' own moves, known
positions by their square numbers, the played-out longest wins, the board's symmetries,
and a damaged file refused."""

import random
import subprocess
import sys
import zlib
from math import comb
from pathlib import Path

import pytest

import pyxel_app.ai
from pyxel_app.ai import draughts_endgames, package_data
from pyxel_app.ai.draughts_endgames import (
    ENDGAME_FILE, ENTRIES, FOLDED_KINGS, FOLDED_SQUARES, IMAGES, LONE, PIECE, SETS, STRONG, load_in_steps, probe,
    read_endgames, table_index)
from pyxel_app.rules.draughts import BIT_OF, RAYS, RULES, SQUARES, WHITE, generate, play, square_bit, squares_of

ROOT = Path(__file__).resolve().parent.parent
WON, LOST, DRAWN = "won", "lost", "drawn"


def probe_text(fen: str) -> int | None:
    state = RULES.state_from_text(fen)
    return probe(*RULES.sides(state), state.kings)


def verdict(own: int, opp: int, kings: int, side: int) -> tuple[str, int]:
    """(won/lost/drawn, plies) for the side to move: the rules say when the game is over
    (no pieces, no move), the table says the rest."""
    if not own or not generate(own, opp, kings, side, True):
        assert probe(own, opp, kings) is None  # a finished game is no entry
        return LOST, 0
    value = probe(own, opp, kings)
    assert value is not None
    return (WON, value) if value > 0 else (LOST, -value) if value < 0 else (DRAWN, 0)


def random_ending(rng: random.Random, strong_kings: int, lone_moves: bool) -> tuple[int, int, int, int]:
    """(own, opp, kings, side) of a lone king against ``strong_kings`` kings, squares at random."""
    squares = rng.sample(range(SQUARES), strong_kings + 1)
    lone = square_bit(squares[0])
    strong = sum(square_bit(square) for square in squares[1:])
    own, opp = (lone, strong) if lone_moves else (strong, lone)
    return own, opp, own | opp, rng.randrange(2)


def check_against_the_moves(own: int, opp: int, kings: int, side: int, seen: dict) -> tuple[str, int]:
    """The table's verdict, after checking it against the verdicts after every legal move."""
    kind, plies = verdict(own, opp, kings, side)
    moves = generate(own, opp, kings, side, True)
    if not moves:
        assert (kind, plies) == (LOST, 0)
        return kind, plies
    replies = []
    for move in moves:
        new_own, new_opp, new_kings = play(own, opp, kings, side, move, True)
        if move.captured:  # to a smaller table, or to the end of the game
            assert new_opp.bit_count() < opp.bit_count()
            seen["to the end" if not new_opp else "to a smaller table"] += 1
        replies.append(verdict(new_opp, new_own, new_kings, 1 - side))
    lost_after = [n for reply_kind, n in replies if reply_kind == LOST]
    won_after = [n for reply_kind, n in replies if reply_kind == WON]
    if kind == WON:
        assert plies - 1 in lost_after and min(lost_after) == plies - 1
    elif kind == LOST:
        assert len(won_after) == len(moves) and max(won_after) == plies - 1
    else:
        assert not lost_after and (DRAWN, 0) in replies
    return kind, plies


@pytest.mark.parametrize("strong_kings", [1, 2, 3, 4])
@pytest.mark.parametrize("lone_moves", [True, False])
def test_every_value_agrees_with_the_values_after_each_legal_move(strong_kings, lone_moves):
    rng = random.Random(strong_kings * 2 + lone_moves)
    seen = {"to the end": 0, "to a smaller table": 0}
    kinds = {WON: 0, LOST: 0, DRAWN: 0}
    for _ in range(700):
        kind, _ = check_against_the_moves(*random_ending(rng, strong_kings, lone_moves), seen)
        kinds[kind] += 1
    assert kinds[WON] and (kinds[DRAWN] or (strong_kings, lone_moves) == (4, False))  # four kings draw 1 in 500
    if lone_moves and strong_kings > 1:
        assert kinds[LOST] and seen["to a smaller table"]
    assert seen["to the end"]


def squares_of_rank(kings: int, rank: int) -> tuple[int, ...]:
    """The ``rank``-th set of ``kings`` squares, sets ordered by their highest square, then the next
    (the combinatorial number system): found without listing the sets, which kept 20 MB."""
    squares = []
    for count in range(kings, 0, -1):
        square = count - 1
        while comb(square + 1, count) <= rank:
            square += 1
        rank -= comb(square, count)
        squares.append(square)
    return tuple(reversed(squares))


def position_at(kings: int, mover: int, index: int) -> tuple[int, int, int]:
    """(own, opp, kings) of the table entry ``index`` (within its table)."""
    row, rank = divmod(index, SETS[kings])
    lone_square = FOLDED_SQUARES[row] if kings == FOLDED_KINGS else row
    strong_squares = squares_of_rank(kings, rank)
    assert table_index(kings, mover, lone_square, list(strong_squares)) == draughts_endgames.OFFSETS[kings, mover] + index
    lone = square_bit(lone_square)
    strong = sum(square_bit(square) for square in strong_squares)
    return (lone, strong, lone | strong) if mover == LONE else (strong, lone, lone | strong)


def longest(kings: int, mover: int) -> tuple[int, list[int]]:
    """The longest win or loss of a table and where it stands (indices within the table)."""
    start = draughts_endgames.OFFSETS[kings, mover]
    table = draughts_endgames._table or draughts_endgames._load()
    size = draughts_endgames.ROWS[kings] * SETS[kings]
    values = [draughts_endgames.VALUE_OF_BYTE[byte] or 0 for byte in table[start:start + size]]
    most = max(values, key=abs)
    return most, [index for index, value in enumerate(values) if value == most]


def test_the_longest_wins_and_losses_agree_with_the_moves():
    seen = {"to the end": 0, "to a smaller table": 0}
    found = {}
    for kings, mover in draughts_endgames.TABLES:
        most, where = longest(kings, mover)
        found[kings, mover] = most
        for index in where[:20]:
            own, opp, both = position_at(kings, mover, index)
            assert check_against_the_moves(own, opp, both, WHITE, seen)[1] == abs(most)
    assert found == {(1, LONE): 3, (1, STRONG): 3, (2, LONE): -8, (2, STRONG): 7, (3, LONE): -16, (3, STRONG): 15,
                     (4, STRONG): 15}


def test_a_won_position_plays_out_to_the_win_in_as_many_plies():
    for fen in ("W:WK8,K23,K45:BK2", "B:WK13,K19,K37:BK8", "W:WK7,K44:BK1", "B:WK5:BK46",
                "W:WK7,K13,K18,K45:BK2", "B:WK8,K11,K13,K30:BK10"):
        state = RULES.state_from_text(fen)
        value = probe(*RULES.sides(state), state.kings)
        winner = state.turn if value > 0 else 1 - state.turn
        for ply in range(abs(value)):
            assert RULES.outcome(state) is None
            left = abs(value) - ply  # plies to the end, the winner's moves keep to it
            replies = {}
            for move in RULES.legal_moves(state):
                after = RULES.after(state, move)
                replies[move] = probe(*RULES.sides(after), after.kings)
            if state.turn == winner:
                move = next(move for move, reply in replies.items()
                            if reply == -(left - 1) or (left == 1 and reply is None))
            else:
                move = max(replies, key=lambda move: replies[move])  # the longest resistance
                assert replies[move] == left - 1
            state = RULES.apply(state, move)
        assert RULES.outcome(state).winner == winner, fen


@pytest.mark.parametrize("fen, value", [
    ("W:WK46:BK23", 1),  # the king takes the lone king at once
    ("B:WK28,K37:BK46", 1),  # the lone king takes both kings on the long diagonal at once
    ("W:WK46:BK3", 0),  # one king against one, far apart: neither can force anything
    ("B:WK46:BK3", 0),
    ("B:WK5:BK46", -2),  # shut in its corner: every move lands on the diagonal the other king rakes
    ("W:WK1,K2,K3:BK28", 0),  # a lone king holding the long diagonal draws against three
    ("W:WK1,K2,K28:BK3", 0),  # and in International three kings cannot force one off it either
    ("W:WK7,K44:BK1", 7),
    ("W:WK8,K23,K45:BK2", 15),  # the longest win of three kings
    ("W:WK7,K13,K18,K45:BK2", 15),  # the longest win of four kings
    ("B:WK8,K11,K13,K30:BK10", -16),  # and the lone king's longest loss against them
    ("W:WK1,K2,K3,K4:BK28", 9),  # four kings drive the lone king off the long diagonal
    ("B:WK1,K2,K3,K4:BK28", -10),
    ("B:WK28,K37,K39,K50:BK46", 0),  # the lone king takes two on the long diagonal: two cannot win
    ("B:WK41,K37:BK46", None),  # the lone king has no move: the game is over
    ("W:WK46,K50:B5", None),  # a man on the board
    ("W:WK46,K50,K1,K2,K3:BK5", None),  # five kings
    ("W:WK46,K50:BK5,K1", None),  # two against two
])
def test_known_positions_by_their_squares(fen, value):
    assert probe_text(fen) == value


def test_a_side_of_two_to_four_kings_to_move_is_looked_up_as_the_strong_side():
    state = RULES.state_from_text("W:WK1,K2,K3:BK28")
    own, opp = RULES.sides(state)
    assert probe(own, opp, state.kings) == 0 and probe(opp, own, state.kings) == 0
    assert squares_of(own) == [0, 1, 2] and probe(own | square_bit(3), opp, state.kings | square_bit(3)) == 9
    assert probe(own | square_bit(3) | square_bit(4), opp, state.kings | square_bit(3) | square_bit(4)) is None


@pytest.mark.parametrize("strong_kings", [3, 4])
def test_the_board_s_symmetries_leave_every_value_as_it_is(strong_kings):
    """Three kings are kept whole, so they show the symmetries hold; four are folded by them."""
    rng = random.Random(strong_kings)
    for _ in range(300):
        own, opp, kings, _ = random_ending(rng, strong_kings, rng.randrange(2) == 0)
        value = probe(own, opp, kings)
        for image in IMAGES:
            assert probe(mirrored(own, image), mirrored(opp, image), mirrored(kings, image)) == value


def mirrored(bits: int, image: tuple[int, ...]) -> int:
    return sum(square_bit(image[square]) for square in squares_of(bits))


def test_the_symmetries_keep_the_diagonals_and_fold_the_squares_into_15_kinds():
    lines = {frozenset([square, *squares_of(sum(1 << bit for bit in ray))])
             for square in range(SQUARES) for ray in RAYS[BIT_OF[square]]}
    for image in IMAGES:
        assert {frozenset(image[square] for square in line) for line in lines} == lines
    assert list(FOLDED_SQUARES) == sorted({min(image[square] for image in IMAGES) for square in range(SQUARES)})
    assert len(FOLDED_SQUARES) == 15


@pytest.mark.parametrize("packed, problem", [
    (b"not zlib at all", f"{ENDGAME_FILE} is damaged"),
    (zlib.compress(b"\x00" * 10), f"{ENDGAME_FILE}: 10 positions, not {ENTRIES}"),
    (zlib.compress(b"\x00" * (ENTRIES + 1)), f"{ENDGAME_FILE}: more than {ENTRIES} positions"),
    (zlib.compress(b"\x00" * ENTRIES)[:-5], f"{ENDGAME_FILE} is damaged \\(it ends before its data\\)"),
    (zlib.compress(b"\x00" * ENTRIES) + b"more", f"{ENDGAME_FILE} is damaged \\(it goes on after its data\\)"),
    (b"", f"{ENDGAME_FILE} is damaged"),
])
def test_a_damaged_endgame_file_is_refused_by_name(packed, problem):
    with pytest.raises(ValueError, match=problem + ".*reinstall the game"):
        read_endgames(packed)


def test_a_damaged_file_is_refused_at_the_first_probe(monkeypatch):
    monkeypatch.setattr(draughts_endgames, "_table", b"")
    monkeypatch.setattr(draughts_endgames, "_packed", lambda: zlib.compress(b"\x01" * 99))
    with pytest.raises(ValueError, match=f"{ENDGAME_FILE}: 99 positions"):
        probe_text("W:WK46:BK23")


def test_the_tables_load_a_piece_at_a_time_as_read_whole(monkeypatch):
    monkeypatch.setattr(draughts_endgames, "_table", b"")
    pieces = sum(1 for _ in load_in_steps())
    assert pieces == -(-ENTRIES // PIECE) and draughts_endgames._table == read_endgames(draughts_endgames._packed())
    assert sum(1 for _ in load_in_steps()) == 0  # read once


def test_a_folder_in_place_of_a_table_is_refused_by_name(monkeypatch, tmp_path):
    # Package data that is there but cannot be read: a clear ValueError, not an OSError.
    (tmp_path / ENDGAME_FILE).mkdir()
    monkeypatch.setattr(pyxel_app.ai, "DATA_FILES", tmp_path)
    with pytest.raises(ValueError, match=f"{ENDGAME_FILE} cannot be read .*reinstall the game"):
        package_data(ENDGAME_FILE)
    with pytest.raises(FileNotFoundError):
        package_data("no such table.zlib")


def test_importing_the_module_leaves_the_file_unread():
    code = "import pyxel_app.ai.draughts_endgames as e; print(len(e._table))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0"
