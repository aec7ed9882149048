"""Puzzles of the day (#42): the shipped set proven as stated, the day's choice the same
everywhere, and the judge the puzzle mode plays against.

Every shipped puzzle is replayed through the rules (its line does its task, in the stated
number of moves); a sample over many dates is proven again by the solvers from scratch, and
smaller ones by searches written here, independent of the engines: a plain minimax for Connect 4,
the plain alpha-beta reference for Othello, an and-or search over the rules' states for draughts,
breadth first for peg solitaire and IDA* on the Manhattan distance for ByPuzz.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections import deque
from datetime import date, timedelta
from pathlib import Path

import pytest

from pyxel_app.ai.othello import final_score, plain_score
from pyxel_app.puzzles import LEVELS, VARIANTS, Attempt, daily, pools, rate
from pyxel_app.puzzles import bypuzz, connect4, draughts, othello, pegs
from pyxel_app.puzzles.days import order, pick
from pyxel_app.puzzles.model import BEST_MOVE, FINISH, PAR, SHOT, WIN_IN, puzzle_from_line, puzzle_to_line
from pyxel_app.rules.base import RulesError
from pyxel_app.rules.pegs import cell_name

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pyxel_app" / "puzzles" / "data" / "puzzles.txt"
MODULES = {"connect4": connect4, "othello": othello, "draughts": draughts, "pegs": pegs, "bypuzz": bypuzz}
# Dates spread over a year and more: every pool's puzzle of each is looked at.
DATES = [date(2025, 1, 1) + timedelta(days=41 * k) for k in range(12)]
POOLS = [(game, variant, level) for game in VARIANTS for variant in VARIANTS[game] for level in LEVELS]


def start_of(puzzle):
    return MODULES[puzzle.game].RULES.state_from_text(puzzle.position, puzzle.variant)


def replay(puzzle):
    """The states along the line, from the start."""
    rules = MODULES[puzzle.game].RULES
    states = [start_of(puzzle)]
    for text in puzzle.line:
        states.append(rules.apply(states[-1], rules.move_from_text(states[-1], text)))
    return states


def sample(dates=DATES, pools_of=POOLS, most=None):
    """The puzzles of ``dates`` in each pool (each once), at most ``most`` a pool."""
    found = []
    for game, variant, level in pools_of:
        chosen = []
        for day in dates:
            puzzle = daily(game, day, level, variant)
            if puzzle not in chosen:
                chosen.append(puzzle)
        found += chosen[:most]
    return found


# ---- the shipped set ----


def test_every_pool_is_shipped_rated_by_its_figures_and_reads_back():
    lines = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    assert [puzzle_to_line(puzzle_from_line(line)) for line in lines] == lines
    assert sorted(pools()) == sorted(POOLS)
    puzzles = [puzzle for pool in pools().values() for puzzle in pool]
    assert len(puzzles) == len(lines) and len({puzzle.position for puzzle in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        assert puzzle.level == rate(puzzle.game, puzzle.nodes, puzzle.length), puzzle
        assert MODULES[puzzle.game].RULES.to_move(start_of(puzzle)) == puzzle.to_move


def packed(path: str) -> bool:
    """Whether pyproject's package data takes ``path`` (relative to pyxel_app/) into the package."""
    import re
    from fnmatch import fnmatch

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    patterns = re.findall(r'"([^"]+)"', re.search(r"^pyxel_app = \[(.*?)\]$", pyproject, re.M).group(1))
    return any(fnmatch(path, pattern) for pattern in patterns)


def test_the_data_file_is_small_and_packed_with_the_package():
    assert DATA.stat().st_size < 400_000
    assert packed(DATA.relative_to(ROOT / "pyxel_app").as_posix())
    assert not packed("puzzles/puzzles.txt") and packed("ai/data/fifteen_pdb_0_1_2.zlib")


def line_does_its_task(puzzle) -> list[str]:
    """What is wrong with the puzzle's line, replayed with the rules alone (nothing: [])."""
    states = replay(puzzle)
    start, end, task = states[0], states[-1], puzzle.task
    rules = MODULES[puzzle.game].RULES
    if len(rules.legal_moves(start)) < 2:
        return ["one move only at the start: nothing to find"]
    mover = puzzle.to_move
    own_moves = sum(1 for state in states[:-1] if rules.to_move(state) == mover)
    if task.kind == WIN_IN:
        early = [state for state in states[1:-1] if rules.outcome(state) is not None]
        return [f"{why}" for why, bad in (
            ("no four at the end", rules.winner(end) != mover), ("over early", bool(early)),
            (f"{own_moves} stones, not {task.n}", own_moves != task.n)) if bad]
    if task.kind == BEST_MOVE:
        own, other = end.stones_of(mover), end.stones_of(1 - mover)
        return [why for why, bad in (
            ("the game goes on", rules.outcome(end) is None),
            (f"ends {final_score(own, other)}, not {task.score}", final_score(own, other) != task.score),
            ("no margin", task.margin <= 0),
            ("empties", not othello.MIN_EMPTIES <= start.empties <= othello.MAX_EMPTIES)) if bad]
    if task.kind == SHOT:
        own, opp = rules.sides(start)
        base = own.bit_count() - opp.bit_count()
        attacker, defender = end.pieces_of(mover).bit_count(), end.pieces_of(1 - mover).bit_count()
        replies = rules.legal_moves(end)
        return [why for why, bad in (
            ("the player must capture at the start", rules.legal_moves(start)[0].captured != 0),
            ("not the defender's turn", end.turn == mover), ("a capture is left", bool(replies and replies[0].captured)),
            ("no defence left", not replies), (f"won {attacker - defender - base}", attacker - defender - base < task.material),
            (f"{own_moves} moves, more than {task.n}", own_moves > task.n)) if bad]
    if task.kind == FINISH:
        centre = start.board.centre
        goal = end.marble_count == 1 and (task.target is None or (cell_name(centre) == task.target
                                                                  and end.has_marble(centre)))
        return [why for why, bad in (
            ("not finished", not goal), (f"{end.moves} moves, not {task.par}", end.moves != task.par),
            ("marbles", not pegs.MIN_MARBLES <= start.marble_count <= pegs.MAX_MARBLES)) if bad]
    assert task.kind == PAR
    return [why for why, bad in (("not home", end.tiles != end.goal), ("length", len(puzzle.line) != task.par)) if bad]


def test_every_shipped_line_does_its_task_replayed_by_the_rules():
    problems = {puzzle.position: found for pool in pools().values() for puzzle in pool
                if (found := line_does_its_task(puzzle))}
    assert problems == {}


def test_the_line_check_finds_planted_faults():
    puzzle = daily("connect4", DATES[0], "medium")
    assert line_does_its_task(dataclasses.replace(puzzle, task=dataclasses.replace(puzzle.task, n=puzzle.task.n + 1)))
    puzzle = daily("othello", DATES[0], "easy")
    assert line_does_its_task(dataclasses.replace(puzzle, task=dataclasses.replace(puzzle.task, score=puzzle.task.score + 2)))
    puzzle = daily("draughts", DATES[0], "easy", "warcaby")
    assert line_does_its_task(dataclasses.replace(puzzle, line=puzzle.line[:-1]))
    puzzle = daily("pegs", DATES[0], "easy")
    assert line_does_its_task(dataclasses.replace(puzzle, task=dataclasses.replace(puzzle.task, par=puzzle.task.par - 1)))
    puzzle = daily("bypuzz", DATES[0], "easy")
    assert line_does_its_task(dataclasses.replace(puzzle, line=puzzle.line[:-1]))
    # A shipped one before it was taken out: Red wins in 2, with the only column left.
    forced = puzzle_from_line("connect4\tstandard\teasy\t0\tkind=win_in n=2\t5 5 5\t4\t3\t"
                              "44174432413336666263476213277272171155")
    assert line_does_its_task(forced) == ["one move only at the start: nothing to find"]


# ---- proven again by the solvers, from scratch ----

# Proofs that take seconds (Othello's 15-16 empties, the longest ByPuzz and peg lines) are
# sampled twice a pool; the rest at the sample's dates, at most REPROVE a pool.
REPROVE = 6
HEAVY = {("othello", "hard"), ("bypuzz", "hard"), ("pegs", "hard")}


def proven_again(puzzle):
    module = MODULES[puzzle.game]
    if puzzle.game == "pegs":
        return module.prove(start_of(puzzle), puzzle.task.target is not None)
    return module.prove(start_of(puzzle))


@pytest.mark.parametrize("game", sorted(MODULES))
def test_a_sample_of_every_pool_is_proven_again_as_shipped(game):
    for variant in VARIANTS[game]:
        for level in LEVELS:
            most = 2 if (game, level) in HEAVY else REPROVE
            for puzzle in sample(pools_of=[(game, variant, level)], most=most):
                proven = proven_again(puzzle)
                assert proven is not None, puzzle
                assert (proven.task, proven.line, proven.nodes, proven.length) == (
                    puzzle.task, puzzle.line, puzzle.nodes, puzzle.length), puzzle


# ---- proven by searches written here ----


def c4_forces(rules, state, stones: int) -> bool:
    """Plain minimax: the side to move makes four with at most ``stones`` more stones, whatever the defence."""
    if stones <= 0:
        return False
    mover = rules.to_move(state)
    moves = rules.legal_moves(state)
    if any(rules.winner(rules.apply(state, move)) == mover for move in moves):
        return True
    return stones > 1 and any(c4_defence_fails(rules, rules.apply(state, move), stones - 1) for move in moves)


def c4_defence_fails(rules, state, stones: int) -> bool:
    replies = rules.legal_moves(state)
    return bool(replies) and all(c4_forces(rules, rules.apply(state, reply), stones) for reply in replies)


def test_connect4_wins_in_n_by_plain_minimax():
    checked = 0
    for puzzle in sample(pools_of=[("connect4", "standard", level) for level in LEVELS]):
        if puzzle.task.n > 3:
            continue
        rules, state, n = connect4.RULES, start_of(puzzle), puzzle.task.n
        assert c4_forces(rules, state, n) and not c4_forces(rules, state, n - 1), puzzle
        winning = [move for move in rules.legal_moves(state) if rules.winner(rules.apply(state, move)) == puzzle.to_move
                   or c4_defence_fails(rules, rules.apply(state, move), n - 1)]
        assert [rules.move_to_text(move) for move in winning] == [puzzle.first_move], puzzle
        checked += 1
    assert checked >= 6


def test_othello_best_move_and_margin_by_plain_alpha_beta():
    checked = 0
    for puzzle in sample(pools_of=[("othello", "standard", "easy")]):
        state = start_of(puzzle)
        if state.empties > 11:
            continue
        rules = othello.RULES
        scores = {}
        for move in rules.legal_moves(state):
            after = rules.apply(state, move)
            scores[rules.move_to_text(move)] = -plain_score(after.own, after.other)
        ranked = sorted(scores.values(), reverse=True)
        assert scores[puzzle.first_move] == ranked[0] == puzzle.task.score, puzzle
        assert ranked[0] - ranked[1] == puzzle.task.margin, puzzle
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def shot_forced(rules, state, attacker, base, gain, moves: int) -> bool:
    """And-or over the rules' states: the attacker to move wins ``gain`` pieces within ``moves``."""
    return moves > 0 and any(shot_held(rules, rules.after(state, move), attacker, base, gain, moves - 1)
                             for move in rules.legal_moves(state))


def shot_held(rules, state, attacker, base, gain, moves: int) -> bool:
    replies = rules.legal_moves(state)
    lead = state.pieces_of(attacker).bit_count() - state.pieces_of(1 - attacker).bit_count() - base
    if not replies or (not replies[0].captured and lead >= gain):
        return True
    return moves > 0 and all(shot_forced(rules, rules.after(state, reply), attacker, base, gain, moves)
                             for reply in replies)


def test_draughts_shots_by_an_and_or_search_over_the_rules_states():
    rules = draughts.RULES
    pools_of = [("draughts", variant, level) for variant in VARIANTS["draughts"] for level in ("easy", "medium")]
    for puzzle in sample(pools_of=pools_of, most=3):
        state, n, gain = start_of(puzzle), puzzle.task.n, puzzle.task.material
        own, opp = rules.sides(state)
        base, attacker = own.bit_count() - opp.bit_count(), puzzle.to_move
        firsts = [move for move in rules.legal_moves(state)
                  if shot_held(rules, rules.after(state, move), attacker, base, 2, n - 1)]
        assert [rules.move_to_text(move) for move in firsts] == [puzzle.first_move], puzzle
        assert not shot_forced(rules, state, attacker, base, 2, n - 1), puzzle
        assert shot_forced(rules, state, attacker, base, gain, n), puzzle
        if gain < draughts.MOST_MATERIAL:
            assert not shot_forced(rules, state, attacker, base, gain + 1, n), puzzle


def pegs_fewest_moves(rules, state, target) -> int | None:
    """Breadth first over (marbles, last landing), a jump from the last landing costing no move."""
    best = {(state.marbles, state.last): 0}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        cost = best[(here.marbles, here.last)]
        if here.marble_count == 1 and (target is None or here.has_marble(target)):
            return cost
        for jump in rules.legal_moves(here):
            after = rules.apply(here, jump)
            step = 0 if jump.start == here.last else 1
            key = (after.marbles, after.last)
            if key not in best or best[key] > cost + step:
                best[key] = cost + step
                (queue.appendleft if step == 0 else queue.append)(after)
    return None


def test_pegs_par_by_breadth_first_over_the_rules_states():
    checked = 0
    for puzzle in sample(pools_of=[("pegs", variant, "easy") for variant in VARIANTS["pegs"]]):
        state = start_of(puzzle)
        if state.marble_count > 11:
            continue
        target = state.board.centre if puzzle.task.target else None
        assert pegs_fewest_moves(pegs.RULES, state, target) == puzzle.task.par, puzzle
        checked += 1
    assert checked >= 3


def manhattan(tiles, goal) -> int:
    where = {tile: cell for cell, tile in enumerate(goal)}
    return sum(abs(cell // 4 - where[tile] // 4) + abs(cell % 4 - where[tile] % 4)
               for cell, tile in enumerate(tiles) if tile)


def plain_ida(rules, state) -> int:
    """The optimal length by IDA* on the Manhattan distance alone."""
    def search(node, depth, bound, came_from):
        h = manhattan(node.tiles, node.goal)
        if depth + h > bound:
            return depth + h
        if h == 0:
            return -1
        least = 1 << 30
        for tile in rules.legal_moves(node):
            if tile != came_from:
                found = search(rules.apply(node, tile), depth + 1, bound, tile)
                if found < 0:
                    return found
                least = min(least, found)
        return least

    bound = manhattan(state.tiles, state.goal)
    while True:
        found = search(state, 0, bound, None)
        if found < 0:
            return bound
        bound = found


def test_bypuzz_par_by_ida_on_the_manhattan_distance():
    checked = 0
    for puzzle in sample(pools_of=[("bypuzz", "standard", "easy")]):
        if puzzle.task.par > 18:
            continue
        assert plain_ida(bypuzz.RULES, start_of(puzzle)) == puzzle.task.par, puzzle
        checked += 1
    assert checked >= 3


# ---- the day's puzzle ----


def test_the_same_date_gives_the_same_puzzle_and_the_next_day_another():
    for game, variant, level in POOLS:
        puzzles = [daily(game, day, level, variant) for day in DATES]
        assert puzzles == [daily(game, day, level, variant) for day in DATES]
        pool = pools()[(game, variant, level)]
        if len(pool) > 1:
            assert daily(game, DATES[0], level, variant) != daily(game, DATES[0] + timedelta(days=1), level, variant)


def test_each_cycle_of_days_shows_every_puzzle_of_a_pool_once():
    for count in (1, 2, 7, 60):
        assert sorted(order(count, "pool")) == list(range(count))
        first = date.fromordinal(count * 12345)
        assert sorted(pick(count, "pool", first + timedelta(days=k)) for k in range(count)) == list(range(count))
    assert order(60, "a") != order(60, "b")


CHOICE = (
    "import sys\nfrom datetime import date, timedelta\nfrom pyxel_app.puzzles import daily, VARIANTS, LEVELS\n"
    "from pyxel_app.puzzles.model import puzzle_to_line\n"
    "for k in range(0, 400, 37):\n"
    "    for game in VARIANTS:\n"
    "        for variant in VARIANTS[game]:\n"
    "            for level in LEVELS:\n"
    "                print(puzzle_to_line(daily(game, date(2024, 2, 29) + timedelta(days=k), level, variant)))\n"
)


def test_the_choice_is_the_same_in_fresh_processes_whatever_their_hash_seed():
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        result = subprocess.run([sys.executable, "-c", CHOICE], capture_output=True, text=True, env=env, timeout=120)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    here = [puzzle_to_line(daily(game, date(2024, 2, 29) + timedelta(days=k), level, variant))
            for k in range(0, 400, 37) for game in VARIANTS for variant in VARIANTS[game] for level in LEVELS]
    assert outputs[0] == outputs[1] == "\n".join(here) + "\n"


# ---- playing a puzzle ----


def play_through(attempt, moves_from):
    """Play the player's moves from ``moves_from(moves)`` against the judge's replies; the moves."""
    moves = []
    while not attempt.solved(moves) and len(moves) < 200:
        judgement = attempt.judge(moves, moves_from(moves)).run_to_end()
        assert judgement.correct, (attempt.puzzle, moves)
        moves += [judgement.move] + ([judgement.reply] if judgement.reply else [])
        assert judgement.solved == attempt.solved(moves)
    return moves


def test_following_the_line_meets_the_line_s_defence_and_solves_it():
    for puzzle in sample(dates=DATES[:2]):
        attempt = Attempt(puzzle)
        mover_moves = [text for index, text in enumerate(puzzle.line) if index % attempt.rules.players == 0]
        moves = play_through(attempt, lambda moves: mover_moves[len(moves) // attempt.rules.players])
        assert tuple(moves) == puzzle.line and attempt.solved(moves)


def test_playing_the_hints_off_the_line_does_the_task_as_stated():
    """With the line cut to its first move, every answer comes from the solvers."""
    for puzzle in sample(dates=DATES[:1]):
        if (puzzle.game, puzzle.level) in HEAVY:
            continue
        attempt = Attempt(dataclasses.replace(puzzle, line=puzzle.line[:1]))
        moves = play_through(attempt, lambda moves: attempt.hint(moves).run_to_end())
        own = moves[::attempt.rules.players]
        end = attempt.position(moves)
        task = puzzle.task
        if task.kind in (WIN_IN, SHOT):
            assert len(own) <= task.n, puzzle
        elif task.kind == BEST_MOVE:
            assert final_score(end.stones_of(puzzle.to_move), end.stones_of(1 - puzzle.to_move)) == task.score
        elif task.kind == PAR:
            assert len(moves) == task.par
        else:
            assert end.marble_count == 1 and (task.target is None or end.has_marble(end.board.centre))


def test_a_wrong_first_move_is_judged_wrong():
    for puzzle in sample(dates=DATES[:2]):
        attempt = Attempt(puzzle)
        rules, start = attempt.rules, attempt.start
        if rules.players == 2:
            others = [rules.move_to_text(move) for move in rules.legal_moves(start)
                      if rules.move_to_text(move) != puzzle.first_move]
            verdicts = [attempt.judge([], move).run_to_end() for move in others]
            assert verdicts and not any(verdict.correct or verdict.reply for verdict in verdicts), puzzle



def test_a_slide_is_right_exactly_when_par_can_still_be_made():
    wrong = 0
    for puzzle in sample(pools_of=[("bypuzz", "standard", "easy")]):
        if puzzle.task.par > 16:
            continue
        attempt = Attempt(puzzle)
        for tile in attempt.rules.legal_moves(attempt.start):
            after = attempt.rules.apply(attempt.start, tile)
            keeps_par = plain_ida(bypuzz.RULES, after) == puzzle.task.par - 1
            assert attempt.judge([], str(tile)).run_to_end().correct == keeps_par, (puzzle, tile)
            wrong += not keeps_par
    assert wrong >= 3


def test_a_jump_that_loses_the_finish_is_wrong_and_one_that_keeps_it_right():
    found = 0
    for puzzle in sample(pools_of=[("pegs", variant, "easy") for variant in VARIANTS["pegs"]]):
        attempt = Attempt(puzzle)
        start, rules = attempt.start, attempt.rules
        target = start.board.centre if puzzle.task.target else None
        for jump in rules.legal_moves(start):
            after = rules.apply(start, jump)
            if after.marble_count > 10:
                continue
            reachable = pegs_fewest_moves(rules, after, target) is not None
            assert attempt.judge([], str(jump)).run_to_end().correct == reachable, (puzzle, str(jump))
            found += not reachable
    assert found >= 1


def test_a_move_that_is_not_legal_is_refused_at_once():
    puzzle = daily("connect4", DATES[0], "easy")
    attempt = Attempt(puzzle)
    with pytest.raises(RulesError):
        attempt.judge([], "9")
    with pytest.raises(RulesError):
        Attempt(daily("draughts", DATES[0], "easy")).judge([], "1-2")


def test_a_judgement_that_needs_a_search_runs_a_slice_at_a_time_beside_another_question():
    """Each step past its deadline gives the solver back within a few nodes, though a hint asked
    meanwhile shares the solver (the searches are nested in each question's own work)."""
    puzzle = daily("othello", DATES[0], "hard")
    attempt = Attempt(puzzle)
    moves = list(puzzle.line[:2])
    state = attempt.position(moves)
    wrong = [attempt.rules.move_to_text(move) for move in attempt.rules.legal_moves(state)
             if attempt.rules.move_to_text(move) != puzzle.line[2]]
    alone = attempt.judge(moves, wrong[0]).run_to_end()
    blind = Attempt(dataclasses.replace(puzzle, line=puzzle.line[:1]))
    judging, hinting = blind.judge(moves, wrong[0]), blind.hint(moves)
    steps, most = 0, 0
    while not (judging.finished and hinting.finished):
        for work in (judging, hinting):
            before = blind.context.cache.get("solver")
            nodes = before.nodes if before else 0
            work.step(0.0)
            most = max(most, blind.context.cache["solver"].nodes - nodes)
            steps += 1
    assert steps > 4 and most <= 16
    assert judging.result == alone and not alone.correct
    assert blind.judge(moves, hinting.result).run_to_end().correct


def test_a_streak_counts_the_days_in_a_row_up_to_today_or_while_it_is_open_yesterday():
    from pyxel_app.puzzles import streak

    today, day = date(2025, 3, 1), timedelta(days=1)
    assert streak([], today) == 0
    assert streak([today], today) == 1
    assert streak([today - day, today - 2 * day], today) == 2
    assert streak([today - 2 * day, today - 3 * day], today) == 0
    assert streak([today, today - day, today - 3 * day, today + day], today) == 2
    assert streak([date(2024, 2, 28), date(2024, 2, 29)], date(2024, 3, 1)) == 2
