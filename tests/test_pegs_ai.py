"""Peg solitaire solver: exact answers checked against a plain search, the French proof, the CLI."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from pyxel_app.ai.pegs import (KNOWN_LINES, PegSearch, PegSolver, jump_lines, make_engine, next_positions, position_class,
                               reachable_ends, solve_text)
from pyxel_app.ai.cooperative import run_generator
from pyxel_app.rules.pegs import CENTRE_STARTS, RULES, board_to_text, preset_board


def plain_solvable(state, to_centre: bool = False) -> bool:
    """No memo of mirror images, no position class: every line tried (small boards only)."""
    target = state.board.centre if to_centre else None

    @lru_cache(maxsize=None)
    def solvable(marbles: int) -> bool:
        position = type(state)(state.board, marbles)
        if position.marble_count == 1:
            return target is None or position.has_marble(target)
        return any(solvable(RULES.apply(position, move).marbles) for move in RULES.legal_moves(position))

    return solvable(state.marbles)


def single_vacancy_starts(name: str):
    board = preset_board(name)
    full = sum(1 << board.index(cell) for cell in board.holes)
    return [RULES.state_from_text(board_to_text(board, full ^ (1 << board.index(cell)))) for cell in sorted(board.holes)]


def random_positions(name: str, games: int, rng: random.Random):
    """Every position of ``games`` random games on a preset (or an own board's text)."""
    for _ in range(games):
        state = RULES.state_from_text(name)
        yield state
        while RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            yield state


@pytest.mark.parametrize("name", ["english", "french", "wiegleb", "diamond", "triangle",
                                  "triangle/o/oo/o.o/oooo/oo.oo/oooooo", "oo.o_/o.ooo/_oo.o"])
def test_the_jumps_found_a_direction_at_a_time_are_the_rules_legal_jumps(name):
    rng = random.Random(name)
    for state in random_positions(name, 20, rng):
        solver = PegSolver(state.board)
        expected = {RULES.apply(state, jump).marbles: jump for jump in RULES.legal_moves(state)}
        found = next_positions(state.marbles, solver.holes, jump_lines(state.board))
        assert sorted(found) == sorted(expected)
        for child in found:
            assert solver.jump_between(state.marbles, child) == expected[child]


def test_positions_off_a_winning_english_line_are_answered_as_a_plain_search_does():
    # Random games are lost long before 13 marbles, so leave a winning line at random instead.
    rng = random.Random(7)
    line = [RULES.initial_state("english")]
    for text in solve_text("english").split()[2:]:
        line.append(RULES.apply(line[-1], RULES.move_from_text(line[-1], text)))
    answers = []
    for start in line[18:26]:
        state = start
        while RULES.outcome(state) is None:
            search = PegSearch(PegSolver(state.board), state)
            search.run_to_end()
            answers.append(search.solvable)
            assert search.solvable == plain_solvable(state), RULES.state_to_text(state)
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    assert answers.count(True) > 5 and answers.count(False) > 5  # both kinds were asked


def test_every_triangle_start_is_answered_as_a_plain_search_does():
    solver = PegSolver(preset_board("triangle"))  # one solver: its memo carries over between questions
    for state in single_vacancy_starts("triangle"):
        search = PegSearch(solver, state)
        search.run_to_end()
        assert search.solvable == plain_solvable(state)
        if search.solvable:
            end = state
            for jump in search.line:
                end = RULES.apply(end, jump)
            assert end.marble_count == 1


def test_small_random_boards_are_answered_as_a_plain_search_does():
    rng = random.Random(3)
    for _ in range(40):
        rows = ["".join(rng.choice("ooo._") for _ in range(4)) for _ in range(4)]
        try:
            state = RULES.state_from_text("/".join(rows))
        except ValueError:
            continue
        search = PegSearch(PegSolver(state.board), state)
        search.run_to_end()
        assert search.solvable == plain_solvable(state), rows


def test_english_to_the_centre_is_solved_and_the_line_replays():
    answer = solve_text("english", to_centre=True)
    word, count, *jumps = answer.split()
    assert word == "solvable" and int(count) == len(jumps) == 31
    state = RULES.initial_state("english")
    for text in jumps:
        state = RULES.apply(state, RULES.move_from_text(state, text))
    assert RULES.outcome(state).reason == "centre"


@pytest.mark.parametrize("name", ["french", "diamond"])
def test_the_centre_start_is_proven_unsolvable_by_its_position_class(name):
    state = RULES.state_from_text(CENTRE_STARTS[name])
    assert reachable_ends(state) == []  # no hole's single-marble class matches
    search = PegSearch(PegSolver(state.board), state)
    assert search.step(50.0) is not None and search.solvable is False
    assert solve_text(CENTRE_STARTS[name]) == "unsolvable"


def test_the_french_default_start_is_solved():
    assert solve_text("french").startswith("solvable 35 ")  # c1 empty


@pytest.mark.parametrize("name", sorted(KNOWN_LINES))
def test_a_stored_line_replays_with_the_rules_to_one_marble_from_the_default_start(name):
    state = RULES.initial_state(name)
    assert state.marble_count == len(state.board.holes) - 1  # a single-vacancy start
    for text in KNOWN_LINES[name].split():
        state = RULES.apply(state, RULES.move_from_text(state, text))
    assert state.marble_count == 1 and RULES.outcome(state).reason in ("won", "centre")


@pytest.mark.parametrize("name", sorted(KNOWN_LINES))
def test_the_light_and_the_hint_follow_the_stored_line_at_once(name):
    state = RULES.initial_state(name)
    solver = PegSolver(state.board)
    for text in KNOWN_LINES[name].split()[:5]:
        search = PegSearch(solver, state)
        assert search.step(0.0) is not None  # answered before any search: from the stored line
        assert search.solvable is True and str(search.result.move) == text
        state = RULES.apply(state, search.result.move)
    # Off the line, the solver searches as usual (and to the centre the stored line does not count).
    assert PegSolver(state.board, to_centre=True).known(RULES.initial_state(name).marbles) is None


def test_the_position_class_never_changes_along_a_game():
    rng = random.Random(11)
    for name in ("english", "french", "wiegleb", "diamond", "triangle"):
        state = RULES.initial_state(name)
        start = position_class(state.board, state.marble_cells())
        while RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            assert position_class(state.board, state.marble_cells()) == start


def test_a_hint_is_the_next_jump_of_the_line_and_answers_from_memory_after_it():
    state = RULES.initial_state("triangle")
    solver = PegSolver(state.board)
    search = PegSearch(solver, state)
    result = search.run_to_end()
    assert result.move in RULES.legal_moves(state) and result.score == 1
    after = RULES.apply(state, result.move)
    assert solver.known(after.marbles) is True
    assert solver.winning_line(after.marbles) == search.line[1:]


def test_the_engine_always_answers_a_legal_jump():
    state = RULES.state_from_text("ooo_/o.o_/o..o")
    engine = make_engine(state, "", random.Random(1))
    result = None
    while result is None:
        result = engine.step(5.0)
    assert result.move in RULES.legal_moves(state)


@pytest.mark.parametrize("args, last", [
    (["solve", "pegs", "triangle"], "solvable 13 "),
    (["solve", "pegs", "o.o/.../o.o"], "unsolvable"),
    (["solve", "pegs", "oo."], "solvable 1 a1-c1"),
])
def test_solve_on_the_command_line(capsys, args, last):
    from pyxel_app.__main__ import main

    main(args)
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith(last)


def test_to_centre_on_a_board_without_a_centre_is_a_usage_error(capsys):
    from pyxel_app.__main__ import main

    assert main(["solve", "pegs", "triangle", "--to-centre"]) == 2
    assert "centre" in capsys.readouterr().err


def test_a_full_dead_memo_forgets_a_part_and_answers_the_same(monkeypatch):
    """The memo is bounded (the browser's memory): a full part is emptied, answers stay exact."""
    from pyxel_app.ai import pegs

    monkeypatch.setattr(pegs, "DEAD_MEMO", 2 * pegs.DEAD_SHARDS)  # two positions a part
    solver = PegSolver(preset_board("triangle"))
    for state in single_vacancy_starts("triangle"):
        search = PegSearch(solver, state)
        search.run_to_end()
        assert search.solvable == plain_solvable(state)
        assert max(len(part) for part in solver.dead) <= 2
    assert sum(len(part) for part in solver.dead) > 2 * 20  # many parts in use, each kept small


def test_the_garbage_collector_never_walks_the_dead_memo():
    """A set of a million positions made every full collection take 73-109 ms, inside some frame;
    a dict that holds only numbers is left out of the collector's walks."""
    import gc

    state = RULES.state_from_text(LOST_17)
    search = PegSearch(PegSolver(state.board), state)
    search.run_to_end()
    parts = search.solver.dead
    assert sum(len(part) for part in parts) > 1000
    assert not any(gc.is_tracked(part) for part in parts)


# A lost English position whose proof needs about 57,000 dead positions.
LOST_17 = "__ooo__/__o.o__/oo.oooo/....o.o/....o.o/__ooo__/__ooo__"


def test_a_proof_longer_than_the_memo_still_ends_exact_when_stepped_a_slice_at_a_time(monkeypatch):
    """The memo forgets, but the descent remembers which children failed: before, a search
    whose memo filled tried forgotten children again after every slice and never ended."""
    from pyxel_app.ai import pegs

    monkeypatch.setattr(pegs, "DEAD_MEMO", 40_000)
    state = RULES.state_from_text(LOST_17)
    solver = PegSolver(state.board)
    search = PegSearch(solver, state)
    slices = 0
    while not search.finished and slices < 100_000:
        search.step(4.0)
        slices += 1
    assert search.finished and search.solvable is False
    assert slices > 10  # it was a long question, answered cooperatively
    assert max(len(part) for part in solver.dead) <= 40_000 // pegs.DEAD_SHARDS
    # The answer is kept apart from the memo, so it stays known however full the memo gets.
    for part in solver.dead:
        part.clear()
    assert solver.known(state.marbles) is False


@pytest.mark.parametrize("name", ["english", "french"])
def test_every_stored_pagoda_is_one_no_jump_raises_the_total_of(name):
    from pyxel_app.ai.pegs_pagodas import PAGODAS
    from pyxel_app.rules.pegs import all_jumps, cell_from_name

    board = preset_board(name)
    holes = sorted(board.holes, key=lambda cell: (cell[1], cell[0]))
    assert PAGODAS[name]
    for end, pagodas in PAGODAS[name].items():
        assert pagodas
        for weights in pagodas:
            weight = dict(zip(holes, weights, strict=True))
            assert weight[cell_from_name(end)] > 0
            for jump, *_ in all_jumps(board):
                assert weight[jump.start] + weight[jump.over] >= weight[jump.dest], (end, str(jump))


def test_answers_with_the_pagodas_are_those_of_a_search_without_them():
    rng = random.Random(5)
    for name in ("english", "french"):
        for state in random_positions(name, 3, rng):
            if state.marble_count > 14:
                continue
            with_pagodas = PegSolver(state.board)
            assert run_generator(with_pagodas.pagodas_for(state)) is not None
            answers = []
            for solver in (with_pagodas, PegSolver(state.board, beam_widths=(), use_pagodas=False)):
                search = PegSearch(solver, state)
                search.run_to_end()
                answers.append(search.solvable)
            assert answers[0] == answers[1], RULES.state_to_text(state)


def test_the_pagodas_added_in_lanes_say_what_each_pagoda_added_alone_says():
    from pyxel_app.ai.pegs import pagoda_prover, stored_pagodas

    rng = random.Random(8)
    proven = 0
    for name in ("english", "french"):
        for state in random_positions(name, 5, rng):
            ends = tuple(reachable_ends(state))
            pagodas = stored_pagodas(state.board)
            alone = all(any(sum(weight for bit, weight in weights.items() if state.marbles >> bit & 1)
                            < weights[state.board.index(end)] for weights in pagodas[end]) for end in ends)
            assert pagoda_prover(state.board, ends)(state.marbles) == alone
            proven += alone
    assert proven > 10
    assert pagoda_prover(preset_board("triangle"), ((0, 0),)) is None  # no pagodas stored for it


def test_a_search_builds_its_pagoda_prover_a_slice_at_a_time_and_once(monkeypatch):
    # Filling the prover's tables took 10-20 ms in one step, past a frame (bench --monkey).
    from pyxel_app.ai import pegs

    monkeypatch.setattr(pegs, "_PROVERS", {})
    state = RULES.initial_state("english")
    ends = tuple(reachable_ends(state))
    assert ends
    key = (state.board, ends)
    search = PegSolver(state.board).search(state)
    slices = 0
    while key not in pegs._PROVERS:
        next(search)
        slices += 1
    tables = -(-state.board.width * state.board.height // pegs.PAGODA_CHUNK)
    assert slices >= tables * (1 << pegs.PAGODA_CHUNK) // pegs.PAGODA_SLICE - tables
    built = pegs._PROVERS[key]
    # The next game of the class (here a second solver) finds it built: no slice spent on it.
    again = PegSolver(state.board).pagodas_for(state)
    with pytest.raises(StopIteration) as stop:
        next(again)
    assert stop.value.value is built
