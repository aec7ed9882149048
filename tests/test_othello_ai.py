import doctest
import random

import pytest

from pyxel_app.ai import othello as ai
from pyxel_app.ai.cooperative import run_generator
from pyxel_app.ai.othello import EndgameSolver, endgame_positions, OthelloSearch, solve, solve_text
from pyxel_app.rules.base import NotationError
from pyxel_app.rules.othello import PASS, RULES, flipped_by, legal_squares


def test_doctests_pass():
    assert doctest.testmod(ai).failed == 0


def minimax(state) -> int:
    """The exact final disc difference for the side to move, empties to the winner, by brute force."""
    outcome = RULES.outcome(state)
    if outcome is not None:
        own, other = state.own.bit_count(), state.other.bit_count()
        empties = state.empties
        diff = own - other
        return diff + empties if diff > 0 else diff - empties if diff < 0 else 0
    return max(-minimax(RULES.apply(state, move)) for move in RULES.legal_moves(state))


def positions(empties: int, count: int, seed: int):
    """Positions still in play with ``empties`` empty squares, from random games."""
    return endgame_positions(empties, count, seed)


@pytest.mark.parametrize("empties", [1, 2, 4, 6, 7, 8])
def test_the_solver_agrees_with_plain_minimax(empties):
    for state in positions(empties, 4 if empties > 6 else 8, seed=empties):
        expected = minimax(state)
        score, move = solve(state)
        assert score == expected, RULES.state_to_text(state)
        assert move in RULES.legal_moves(state)
        assert -minimax(RULES.apply(state, move)) == expected  # the move reaches that score


def must_pass_positions(count: int, seed: int = 2):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = RULES.initial_state()
        while RULES.outcome(state) is None:
            if state.empties <= 9 and RULES.must_pass(state):
                found.append(state)
                break
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    return found


def test_the_solver_passes_when_it_must():
    for state in must_pass_positions(3):
        score, move = solve(state)
        assert move == PASS and score == -minimax(RULES.apply(state, PASS))
        assert solve_text(RULES.state_to_text(state)) == f"{score} pass"


def test_solve_text_refuses_a_finished_game_and_bad_text():
    with pytest.raises(NotationError, match="already over"):
        solve_text("X" * 64 + " O")
    with pytest.raises(NotationError):
        solve_text("no position")


def exact_score(own: int, other: int) -> int:
    """Plain negamax over bitboards to the end (no pruning, no table): the reference for
    positions a little too deep for :func:`minimax` on state objects."""
    moves = legal_squares(own, other)
    if not moves:
        if not legal_squares(other, own):
            return ai.final_score(own, other)
        return -exact_score(other, own)
    best = -ai.INFINITY
    while moves:
        bit = moves & -moves
        moves ^= bit
        flips = flipped_by(own, other, bit.bit_length() - 1)
        best = max(best, -exact_score(other ^ flips, own | flips | bit))
    return best


def empty_squares(state) -> tuple[int, ...]:
    return tuple(square for square in range(64) if state.stone_at(square) is None)


def check_null_window(result: int, exact: int, alpha: int) -> None:
    """A null-window answer at ``alpha``: between the true score and alpha, on its side."""
    if exact > alpha:
        assert alpha < result <= exact
    else:
        assert exact <= result <= alpha


@pytest.mark.parametrize("empties", [2, 3, 4, 5, 6, 7])
def test_the_last_empties_answer_a_null_window_as_minimax_says(empties):
    for state in positions(empties, 30, seed=100 + empties) + must_pass_positions(10, seed=empties):
        if state.empties > ai.SHALLOW_EMPTIES:
            continue
        own, other = state.own, state.other
        exact = exact_score(own, other)
        squares = empty_squares(state)
        for alpha in (-65, exact - 9, exact - 3, exact - 1, exact, exact + 1, exact + 5, 64):
            if len(squares) == 2:
                result = ai._last_two(own, other, alpha, *squares)
            else:
                result = ai._solve_small(own, other, alpha, squares)
            check_null_window(result, exact, alpha)


def test_the_last_square_answers_a_null_window_for_the_side_that_just_moved():
    for state in positions(2, 80, seed=8):
        for move in RULES.legal_moves(state):
            after_move = RULES.apply(state, move)
            if after_move.empties != 1:
                continue
            mine, theirs = after_move.other, after_move.own
            exact = -exact_score(theirs, mine)
            for alpha in range(-65, 65, 3):
                check_null_window(ai._after_move(mine, theirs, alpha, empty_squares(after_move)[0]), exact, alpha)


def test_stones_out_of_every_empty_squares_reach_never_turn():
    rng = random.Random(12)
    for _ in range(200):
        state = RULES.initial_state()
        history = [state]
        while RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            history.append(state)
        for index, earlier in enumerate(history):
            reach = 0
            for square in empty_squares(earlier):
                reach |= ai.REACH[square]
            black, white = earlier.black & ~reach, earlier.white & ~reach
            assert all(later.black & black == black and later.white & white == white for later in history[index:])


@pytest.mark.parametrize("weighed", [False, True])
def test_the_children_are_every_legal_move_once_the_tables_move_first(weighed):
    for state in positions(14, 6, seed=3):
        own, other = state.own, state.other
        moves = legal_squares(own, other)
        last = 1 << (moves.bit_length() - 1)
        children = ai._children(own, other, empty_squares(state), last, weighed)
        assert children[0][1] == last
        assert sorted(bit for _, bit, _, _ in children) == sorted(1 << move for move in RULES.legal_moves(state))
        assert all((theirs, mine) == tuple(reversed(after(own, other, bit))) for _, bit, theirs, mine in children)


def test_the_solver_agrees_with_negamax_where_its_table_and_cuts_work():
    # Ten empties: the table (from 7) and the lookups of children (from 8) take part;
    # every start of the probes gives the same answer.
    for state in positions(10, 3, seed=31):
        exact = ai.plain_score(state.own, state.other)
        for guess in (-64, 0, exact, 64):
            score, bit = run_generator(EndgameSolver().search(state.own, state.other, guess=guess))
            assert score == exact, (RULES.state_to_text(state), guess)
            assert bit and -ai.plain_score(*reversed(after(state.own, state.other, bit))) == exact


def after(own: int, other: int, bit: int) -> tuple[int, int]:
    flips = flipped_by(own, other, bit.bit_length() - 1)
    return own | flips | bit, other ^ flips


def test_the_solver_agrees_with_plain_alphabeta_where_it_weighs_its_moves():
    # Eleven empties: the order by evaluation (from 10) and the steps of the probes take part.
    for state in positions(11, 3, seed=41):
        exact = ai.plain_score(state.own, state.other)
        for guess in (-40, 0, 40):
            score, _ = run_generator(EndgameSolver().search(state.own, state.other, guess=guess))
            assert score == exact, (RULES.state_to_text(state), guess)


def test_the_first_guess_is_an_odd_score_on_the_board():
    for state in positions(14, 20, seed=7):
        guess = ai.estimate(state.own, state.other)
        assert guess % 2 == 1 and -ai.MAX_SCORE < guess < ai.MAX_SCORE


# Among 200 random positions of 14 empties (seeds 7, 21, 33, 55) the slowest to solve from the
# first guess; the score checked by plain alpha-beta (bench data othello_endgames_14_slow.txt).
SLOW_POSITION = "--O--OX-OO-OXO-XXOOXOOXX-OXOOOXX-XOOOOXXXXXOXOXX-XOXOXX-XOXX--X- X"


def test_a_slow_position_solves_to_its_checked_score():
    assert solve_text(SLOW_POSITION).split()[0] == "-20"


def test_a_second_solve_starts_at_the_score_the_first_found():
    state = positions(12, 1, seed=43)[0]
    first = EndgameSolver()
    score, _ = first.solve(state.own, state.other)
    again = EndgameSolver()
    assert again.solve(state.own, state.other)[0] == score
    assert again.probes <= 2 and again.nodes < first.nodes


def test_a_search_with_a_window_proves_a_bound():
    state = positions(8, 1, seed=5)[0]
    exact = minimax(state)
    solver = EndgameSolver()
    low, _ = run_generator(solver.search(state.own, state.other, exact, exact + 1))
    assert low >= exact if low > exact else low == exact


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_answers_with_a_legal_move(level):
    rng = random.Random(4)
    for state in positions(40, 2, seed=9) + positions(10, 2, seed=9):
        search = OthelloSearch(state, level, budget_ms=60, rng=rng, exact_empties=10)
        result = None
        while result is None:
            result = search.step(4.0)
        assert result.move in RULES.legal_moves(state)


def test_the_top_level_plays_the_exact_move_near_the_end():
    for state in positions(9, 3, seed=21):
        result = OthelloSearch(state, "hard", budget_ms=5000, rng=random.Random(1)).run_to_end()
        assert result.score == minimax(state)
        assert -minimax(RULES.apply(state, result.move)) == result.score


def test_a_forced_pass_needs_no_search():
    state = RULES.state_from_text("XXO-----" + "-" * 56 + " O")  # White's stone closes no line
    assert OthelloSearch(state, "hard").step(1.0).move == PASS


def test_greedy_takes_the_most_stones():
    state = RULES.state_from_text("-OOOX---" + "O" + "-" * 7 + "X" + "-" * 47 + " X")
    assert RULES.move_to_text(ai.greedy_move(state, random.Random(1))) == "a1"
