"""Game records in the genres' own texts (issue 41): every game and variant round-trips, mid-game
starts too; the genres' conventions are read; damaged records are refused naming the line and
the problem, in the player's language; the move list's notation and numbering."""

from __future__ import annotations

import random

import pytest

from pyxel_app import games
from pyxel_app.rules.base import RulesError
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.rules.fifteen import RULES as FIFTEEN
from pyxel_app.rules.othello import PASS
from pyxel_app.rules.othello import RULES as OTHELLO
from pyxel_app.rules.pegs import PRESETS
from pyxel_app.rules.pegs import RULES as PEGS
from pyxel_app.rules.records import MAX_MOVES, Record, format_of, numbered, read_record, write_record
from pyxel_app.shell import strings
from pyxel_app.shell.strings import error_words

from test_words import SAME_IN_BOTH, words

CUSTOM_BOARD = "_ooo_/ooooo/oo.oo/ooooo/_ooo_"
TRANSPOSED = (1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 0)
TAGS = (("White", 'Ann "the fox" \\ Smith'), ("Date", "2026.11.27"))


def starts(spec) -> list:
    """A start of every variant of the game (ByPuzz: shuffled, towards two goals)."""
    rules = spec.rules
    if rules is FIFTEEN:
        rng = random.Random(4)
        return [rules.shuffled(rules.initial_state().goal, 30, rng), rules.shuffled(TRANSPOSED, 30, rng)]
    if rules is PEGS:
        return [rules.initial_state(name) for name in PRESETS] + [rules.state_from_text(CUSTOM_BOARD)]
    return [rules.initial_state(variant) for variant in rules.variants]


def playout(rules, state, plies: int, rng: random.Random) -> tuple:
    moves = []
    while len(moves) < plies and rules.legal_moves(state) and not rules.is_terminal(state):
        move = rng.choice(rules.legal_moves(state))
        state = rules.apply(state, move)
        moves.append(move)
    return tuple(moves)


def after(rules, state, moves):
    for move in moves:
        state = rules.apply(state, move)
    return state


@pytest.mark.parametrize("spec", games.GAMES, ids=lambda spec: spec.key)
def test_every_game_and_variant_round_trips_from_the_start_and_from_the_middle(spec):
    rules = spec.rules
    rng = random.Random(41)
    checked = 0
    for start in starts(spec):
        for seed in range(6):
            whole = playout(rules, start, 200, random.Random(seed))
            cut = rng.randrange(len(whole) + 1)
            middle = after(rules, start, whole[:cut])
            for record in (Record(rules, start, whole), Record(rules, middle, whole[cut:], TAGS)):
                text = write_record(record)
                assert read_record(rules, text) == record, text
                assert write_record(read_record(rules, text)) == text
                checked += 1
    assert checked >= 12 * len(rules.variants)


def test_a_record_made_from_a_sessions_move_texts_is_the_one_read():
    rules = OTHELLO
    moves = playout(rules, rules.initial_state(), 60, random.Random(2))
    texts = [rules.move_to_text(move) for move in moves]
    record = Record.from_texts(rules, rules.initial_state(), texts)
    assert record.moves == moves and record.states()[-1] == after(rules, rules.initial_state(), moves)
    assert read_record(rules, write_record(record)) == record


def test_every_registered_game_has_a_record_format():
    assert {spec.rules.name for spec in games.GAMES} <= {name for name in ("connect4", "othello", "draughts", "pegs", "fifteen")}
    for spec in games.GAMES:
        assert format_of(spec.rules) is not None
    from pyxel_app.rules.base import Rules

    stranger = Rules()
    stranger.name = "chess"
    with pytest.raises(RulesError) as caught:
        format_of(stranger)
    assert caught.value.code == "record.no_format"


# ---- the genres' conventions ----


def test_connect4_is_the_column_string_the_solvers_read():
    record = read_record(CONNECT4, "# a comment\n4453\n")
    assert record.moves == (3, 3, 4, 2) and record.states()[-1] == CONNECT4.state_from_text("4453")
    assert write_record(record) == "4453\n"
    middle = Record(CONNECT4, CONNECT4.state_from_text("44"), (4, 2))
    assert write_record(middle) == '[Start "44"]\n53\n'
    assert read_record(CONNECT4, "44 53\n1") == Record(CONNECT4, CONNECT4.initial_state(), (3, 3, 4, 2, 0))


def othello_game_with_passes(seed_from: int = 0):
    """A random game in which a side had to pass before the end (and the seed it came from)."""
    for seed in range(seed_from, seed_from + 500):
        moves = playout(OTHELLO, OTHELLO.initial_state(), 100, random.Random(seed))
        if PASS in moves[:-1]:
            return moves
    raise AssertionError("no game with a pass")


def test_an_othello_transcript_leaves_passes_out_as_every_transcript_does():
    moves = othello_game_with_passes()
    record = Record(OTHELLO, OTHELLO.initial_state(), moves)
    text = write_record(record)
    assert "pass" not in text and len(text.strip()) == 2 * sum(1 for move in moves if move != PASS)
    assert read_record(OTHELLO, text) == record
    # the passes written out (in any of the usual spellings), moves in capitals and spaced out
    squares = [OTHELLO.move_to_text(move) for move in moves]
    spelled = " ".join(square.upper() if square != "pass" else spelling
                       for square, spelling in zip(squares, ["pass", "PA", "--", "ps"] * len(squares)))
    assert read_record(OTHELLO, spelled) == record


def test_an_othello_record_ending_in_a_pass_writes_it_and_white_starts_as_its_position():
    moves = othello_game_with_passes()
    last_pass = max(index for index, move in enumerate(moves) if move == PASS)
    record = Record(OTHELLO, OTHELLO.initial_state(), moves[: last_pass + 1])
    text = write_record(record)
    assert text.strip().endswith("pass") and read_record(OTHELLO, text) == record
    white = Record(OTHELLO, OTHELLO.initial_state("white-starts"), (OTHELLO.move_from_text(None, "e3"),))
    assert write_record(white) == OTHELLO.state_to_text(white.start) + "\ne3\n"
    assert OTHELLO.variant_of(read_record(OTHELLO, write_record(white)).start) == "white-starts"


def test_an_othello_record_from_mid_game_says_who_began_in_a_variant_tag():
    state = OTHELLO.initial_state("white-starts")
    for text in ("e3", "f3", "g3"):
        state = OTHELLO.apply(state, OTHELLO.move_from_text(state, text))
    record = Record(OTHELLO, state, (OTHELLO.legal_moves(state)[0],))
    text = write_record(record)
    assert '[Variant "white-starts"]' in text
    back = read_record(OTHELLO, text)
    assert back == record and OTHELLO.variant_of(back.start) == "white-starts"
    untagged = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    assert OTHELLO.variant_of(read_record(OTHELLO, untagged).start) == "standard"  # an FFO line alone: the usual game


def test_draughts_records_are_pdn():
    text = '[White "Ann"]\n[FEN "W:W31-50:B1-20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n'
    record = read_record(DRAUGHTS, text)
    assert record.move_texts() == ["32-28", "19-23", "28x19", "14x23"] and record.tags == (("White", "Ann"),)
    written = write_record(record)
    assert written.startswith('[Event "ByPuzz Arcade"]\n[White "Ann"]\n[GameType "20"]')
    assert "1. 32-28 19-23 2. 28x19 14x23 *" in written


def test_a_peg_record_is_the_board_then_the_jumps():
    english = read_record(PEGS, "d2-d4 f3-d3\n")
    assert english.start == PEGS.initial_state("english") and len(english.moves) == 2
    assert write_record(english) == "d2-d4 f3-d3\n"
    french = Record(PEGS, PEGS.initial_state("french"), playout(PEGS, PEGS.initial_state("french"), 3, random.Random(1)))
    text = write_record(french)
    assert text.splitlines()[:7] == PRESETS["french"].split("/")
    assert read_record(PEGS, PRESETS["french"] + "\n" + text.splitlines()[-1]) == french  # the board on one line too


def test_a_bypuzz_record_is_the_start_tiles_then_the_tiles_moved():
    record = read_record(FIFTEEN, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\n15\n")
    assert record.moves == (15,) and FIFTEEN.outcome(record.states()[-1]).reason == "solved"
    towards = Record(FIFTEEN, FIFTEEN.state_from_text("1,5,9,13,2,6,10,14,3,7,11,15,4,8,0,12/" + ",".join(map(str, TRANSPOSED))),
                     (12,))
    assert write_record(towards).splitlines()[0].count("/") == 1
    assert read_record(FIFTEEN, write_record(towards)) == towards


# ---- damaged records ----

START = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
FINISHED_OTHELLO = "".join(OTHELLO.move_to_text(move) for move in playout(
    OTHELLO, OTHELLO.initial_state(), 100, random.Random(7)) if move != PASS)
# (rules, text, the code it raises (or an inner error's), the line it names)
DAMAGED = [
    (CONNECT4, "44\n5x", "record.connect4.not_column", 2),
    (CONNECT4, "4444444", "record.connect4.full", 1),
    (CONNECT4, "[Start \"1212\"]\n\n1212", "record.over", 3),
    (CONNECT4, '[Start "48"]\n1', "record.connect4.not_column", 1),
    (CONNECT4, "[Start 44]\n1", "record.bad_tag", 1),
    (CONNECT4, "12\n# fine\n3-4", "record.connect4.not_column", 3),
    (OTHELLO, "f5d6\nz9", "record.othello.not_square", 2),
    (OTHELLO, "f5 f5", "record.illegal", 1),
    (OTHELLO, "\n" + "X" * 63 + " O\nf5", "record.othello.position", 2),
    (OTHELLO, "f5 pass", "record.othello.no_pass", 1),
    (OTHELLO, '[Variant "chess"]\n' + "-" * 27 + "OX------XO" + "-" * 27 + " O\nf5", "record.othello.variant", 1),
    (OTHELLO, FINISHED_OTHELLO + "\na1", "record.over", 2),
    (OTHELLO, "f5d6\nc3 e3!", "record.illegal", 2),
    (DRAUGHTS, "1. 32-28 19-23\n2. 32-28", "draughts.no_piece", 2),
    (DRAUGHTS, '[FEN "W:W31:B31"]\n*', "draughts.fen_twice", None),
    (DRAUGHTS, "1. 32-28 19-23\n2. 28x19 banana", "draughts.pdn.bad_move", 2),
    (PEGS, "ooo\no.x", "pegs.bad_char", 2),
    (PEGS, "# the English board\nd2-d4 zz", "record.pegs.not_jump", 2),
    (PEGS, "d2-d4\n\nd2-d4", "record.illegal", 3),
    (PEGS, "ooo\n" + "o" * 30, "pegs.too_wide", 2),
    (PEGS, "oo.\na1-c1\nc1-a1", "record.over", 3),
    (FIFTEEN, "# nothing but this", "record.bypuzz.no_start", None),
    (FIFTEEN, "1,2,3", "record.bypuzz.size", 1),
    (FIFTEEN, START.replace("15", "14"), "record.bypuzz.doubled", 1),
    (FIFTEEN, START.replace("15", "x"), "record.bypuzz.not_number", 1),
    (FIFTEEN, START + "/1,2", "record.bypuzz.size", 1),
    (FIFTEEN, START + "\n15 15\n15 99", "record.bypuzz.not_tile", 3),
    (FIFTEEN, START + "\n\n1", "record.bypuzz.not_next", 3),
    (FIFTEEN, "# two tiles swapped\n2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "record.bypuzz.unsolvable", 2),
    (FIFTEEN, START + "\n" + "15 " * (MAX_MOVES + 1), "record.too_many_moves", 2),
    (CONNECT4, "1" * 200_001, "record.too_long", None),
    (OTHELLO, b"f5", "record.not_text", None),
]


def chain(error) -> list:
    found = [error]
    while isinstance(found[-1].fields.get("why"), RulesError):
        found.append(found[-1].fields["why"])
    return found


@pytest.mark.parametrize("rules, text, code, line", DAMAGED, ids=[f"{rules.name}-{code}-{index}"
                                                                  for index, (rules, _, code, _) in enumerate(DAMAGED)])
def test_a_damaged_record_names_the_line_and_the_problem(rules, text, code, line):
    with pytest.raises(RulesError) as caught:
        read_record(rules, text)
    error = caught.value
    assert code in [inner.code for inner in chain(error)], (str(error), error.code)
    assert error.line == line, str(error)
    assert str(error).startswith(f"line {line}: ") == (line is not None)


def test_every_record_code_is_raised_by_some_damage():
    from pathlib import Path

    import re

    source = (Path(strings.__file__).parent.parent / "rules" / "records.py").read_text(encoding="utf-8")
    codes = {f"record.{code}" for code in re.findall(r'(?:None|number|line), "([a-z][a-z0-9_.]*)"', source)}
    raised = {inner.code for rules, text, _, _ in DAMAGED for inner in chain(raising(rules, text))}
    assert codes - {"record.no_format"} <= raised and len(codes) >= 15, codes - raised


def raising(rules, text):
    try:
        read_record(rules, text)
    except RulesError as error:
        return error
    raise AssertionError(f"{text[:30]!r} was read")


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_damaged_record_is_explained_in_the_players_language(language):
    english = set().union(*(words(text) for text in strings.table("en").values()))
    strings.set_language(language)
    try:
        for rules, text, _, line in DAMAGED:
            said = error_words(raising(rules, text))
            assert said and "{" not in said, text
            if line is not None:
                assert said.startswith(strings.t("error.line", n=line, text="")), said
            if language == "de":
                quoted = words(str(text))
                leftover = words(said) & english - SAME_IN_BOTH - {"FEN"} - quoted
                assert not leftover, (said, leftover)
    finally:
        strings.set_language("en")


# ---- the move list ----


def test_each_game_shows_its_moves_in_its_own_notation():
    assert [line.label for line in numbered(read_record(CONNECT4, "4453"))] == ["4 (3|0)", "4 (3|1)", "5 (4|0)", "3 (2|0)"]
    assert [line.label for line in numbered(read_record(OTHELLO, "f5d6"))] == ["f5", "d6"]
    draughts = read_record(DRAUGHTS, "1. 32-28 19-23 2. 28x19 14x23")
    assert [line.label for line in numbered(draughts)] == ["32-28", "19-23", "28x19", "14x23"]
    capture = read_record(DRAUGHTS, '[FEN "W:W28:B23,13"]\n1. 28x19x8')
    assert [line.label for line in numbered(capture)] == ["28x19x8"]
    assert [line.label for line in numbered(read_record(PEGS, "d2-d4 f3-d3"))] == ["d2-d4", "f3-d3"]
    # the gap is right of 15 (it slides right), then below 10, then left of 11 (1 and 2 swapped: a start that can be solved)
    puzzle = read_record(FIFTEEN, "2,1,3,4,5,6,7,8,9,10,11,12,13,15,0,14\n15 10 11")
    assert [line.label for line in numbered(puzzle)] == ["15→", "10↓", "11←"]


def test_two_player_games_number_full_moves_and_puzzles_every_move():
    othello = numbered(read_record(OTHELLO, "f5d6c3"))
    assert [line.number_text for line in othello] == ["1.", "1...", "2."]
    white_starts = numbered(Record(OTHELLO, OTHELLO.initial_state("white-starts"), (OTHELLO.move_from_text(None, "e3"),)))
    assert [(line.number_text, line.player) for line in white_starts] == [("1.", 1)]
    black_first = numbered(read_record(DRAUGHTS, '[FEN "B:W31-50:B1-20"]\n1... 19-23 2. 32-28'))
    assert [line.number_text for line in black_first] == ["1...", "2."]
    moves = othello_game_with_passes()
    passing = numbered(Record(OTHELLO, OTHELLO.initial_state(), moves))
    assert [line.number for line in passing] == [index // 2 + 1 for index in range(len(moves))]
    pegs = numbered(read_record(PEGS, "d2-d4 f3-d3 e1-e3"))
    assert [line.number_text for line in pegs] == ["1", "2", "3"]


def test_doctests_pass():
    import doctest

    from pyxel_app.rules import records

    failures, tried = doctest.testmod(records)
    assert failures == 0 and tried >= 4
