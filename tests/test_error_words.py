"""File errors in the player's language (issue 38, part 5): the rules name a problem by a code and
its values (the line kept), the shell says it in English or German from the string tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pyxel_app
from pyxel_app.rules.bypuzz_sets import PuzzleSetError, check_target, example_text, parse_puzzle_set
from pyxel_app.rules.draughts_pdn import PdnError, read_pdn
from pyxel_app.rules.pegs import RULES as PEGS
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.pegs import BoardError
from pyxel_app.session import Session
from pyxel_app.shell import strings
from pyxel_app.shell.strings import error_words

from test_words import SAME_IN_BOTH, words

PACKAGE = Path(pyxel_app.__file__).parent
CODE = re.compile(r'code="([a-z_.]+)"')

SET = example_text()
TARGET = "1, 2, 3, 4\n5, 6, 7, 8\n9, 10, 11, 12\n13, 14, 15, 0\n"
# Bad files, one for each problem a player can meet, and the code each must raise.
BAD_PDN = [
    ('[FEN "W:W31:B31"]\n*', "draughts.fen_twice"),
    ('[FEN "W:W31,K55:B1"]\n*', "draughts.fen_square"),
    ('[FEN "W:W31,zz:B1"]\n*', "draughts.fen_item"),
    ('[FEN "W:W35-31:B1"]\n*', "draughts.fen_backwards"),
    ('[FEN "W:W3:B1"]\n*', "draughts.fen_crowned"),
    ('[FEN "W:X31:B1"]\n*', "draughts.fen_sides"),
    ('[FEN "nonsense"]\n*', "draughts.fen"),
    ('[Variant "frisian"]\n*', "variant"),
    ('[GameType "21"]\n*', "draughts.pdn.game_type"),
    ("[FEN W:W31:B1]\n*", "draughts.pdn.bad_tag"),
    ("1. 32-28 19-23\n2. 28x19 banana", "draughts.pdn.bad_move"),
    ("1. 32-28 18-23\n2. 28x19 {open", "draughts.pdn.open_comment"),
    ("1. 32-28 (18-23", "draughts.pdn.open_variation"),
    ("1. 32-28 ) 19-23", "draughts.pdn.stray_close"),
    ("x" * 200_001, "draughts.pdn.too_long"),
    ("[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-98 *\n", "draughts.squares"),
    ("1. 32-28 32-28 *", "draughts.no_piece"),
    ("1. 32-28 19-23 2. 33-29", "draughts.must_capture"),
    ("1. 46-41", "draughts.cannot_move"),
    ("1. 32-22", "draughts.illegal"),
    ('[FEN "W:W47:B41,42,31,32,22"]\n1. 47x27x18', "draughts.most_pieces"),
]
BAD_BOARDS = [
    ("ooo\no.x", "pegs.bad_char"),
    ("o" * 30, "pegs.too_wide"),
    ("o.\n" * 30, "pegs.too_many_rows"),
    ("# nothing", "pegs.no_rows"),
    ("triangle\no\n...", "pegs.triangle"),
    ("...\n...", "pegs.no_marble"),
]
BAD_SETS = [
    ("1 2 3\n", "bypuzz.set.row_size"),
    ("1 2 3 banana\n", "bypuzz.set.not_number"),
    (TARGET * 9, "bypuzz.set.count"),
    (TARGET * 10 + "1 2 3 4\n", "bypuzz.set.too_many"),
    (TARGET * 9 + "1 2 3 4\n", "bypuzz.set.short"),
    (TARGET * 9 + TARGET.replace("15", "14"), "bypuzz.set.target"),
    (TARGET + "name: late\n", "bypuzz.set.name_place"),
    ("x" * 20_000, "file.too_big"),
]


# Saves (a slot, the autosave) whose problem the session names by a code of its own.
BAD_SAVES = [
    ("game=connect4\nstart=\nwhat\n", "save.not_field"),
    ("game=othello\nstart=\n", "save.other_game"),
    ("game=connect4\nformat=9\n", "save.format"),
    ("game=connect4\nstart=\ncolour=red\n", "save.unknown_field"),
    ("# saved=2025-01-01 10:00\n", "save.no_game"),
    ("game=connect4\n", "save.no_start"),
    ("game=connect4\nstart=\nmove=4\nposition=5\n", "save.position"),
    ("game=connect4\nvariant=giant\nstart=\n", "variant"),
]


def raised(read, text):
    with pytest.raises(ValueError) as caught:
        read(text)
    return caught.value


CASES = ([(read_pdn, text, code) for text, code in BAD_PDN] + [(PEGS.state_from_text, text, code) for text, code in BAD_BOARDS]
         + [(lambda text: parse_puzzle_set(text, "mine"), text, code) for text, code in BAD_SETS]
         + [(check_target, (1, 2, 3), "bypuzz.set.target_size"), (read_pdn, b"1. 32-28", "draughts.pdn.not_text")]
         + [(lambda text: Session.from_text(text, CONNECT4), text, code) for text, code in BAD_SAVES])


def chain(error) -> list:
    """The error and the ones inside it, outermost first."""
    found = [error]
    while isinstance(found[-1].fields.get("why", found[-1].fields.get("problem")), ValueError):
        found.append(found[-1].fields.get("why", found[-1].fields.get("problem")))
    return found


def test_every_code_the_rules_raise_has_words_in_both_languages():
    codes = {code for path in PACKAGE.rglob("*.py") for code in CODE.findall(path.read_text(encoding="utf-8"))}
    assert {"draughts.pdn.move", "pegs.bad_char", "bypuzz.set.doubled", "file.too_big"} <= codes
    for language in strings.LANGUAGES:
        table = strings.table(language)
        for code in codes:
            head, _, rest = code.partition(".")
            assert f"{head}.error.{rest}" in table or f"error.{code}" in table, (language, code)


def test_every_bad_file_case_raises_its_code_and_keeps_the_line():
    raised_codes = set()
    for read, text, code in CASES:
        error = raised(read, text)
        codes = [inner.code for inner in chain(error)]
        assert code in codes, (text[:40], error)
        raised_codes |= set(codes)
        if str(error).startswith("line "):
            assert error.line == int(str(error).split(":")[0].split()[1])
    file_codes = {code for path in (PACKAGE / "rules").glob("*.py") for code in CODE.findall(path.read_text(encoding="utf-8"))
                  if code.startswith(("pegs.", "bypuzz.set.", "draughts.pdn."))}
    # more moves than a game may hold cannot be reached without a draw by repetition or 25 king moves first
    assert file_codes - {"draughts.pdn.too_many_moves"} <= raised_codes


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_bad_file_is_explained_in_the_players_language(language):
    strings.set_language(language)
    english = set().union(*(words(text) for text in strings.table("en").values()))
    try:
        for read, text, code in CASES:
            error = raised(read, text)
            said = error_words(error)
            assert said and "{" not in said, code
            if error.line is not None:
                assert said.startswith(strings.t("error.line", n=error.line, text="")), (code, said)
            if language == "de":
                # a save file's field names (``game=``) are said as the file must spell them
                leftover = words(re.sub(r"\b\w+=", "", said)) & english - SAME_IN_BOTH - {"FEN"} - words(str(text))
                assert not leftover, (code, said, leftover)
    finally:
        strings.set_language("en")


def test_the_pdn_error_of_the_issue_reads_german_with_its_line():
    strings.set_language("de")
    try:
        error = raised(read_pdn, '[Event "x"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-98 *\n')
        assert error_words(error) == "Zeile 2: Zug 5 (99-98): '99-98': Felder gehen von 1 bis 50"
        assert str(error) == "line 2: move 5 (99-98): '99-98': squares are 1-50"
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_cartridges_show_file_errors_in_the_players_language(make_app, language, tmp_path):
    """Draughts' Import of its old PDN file, a board file and a puzzle-set file dropped on the window."""
    from pyxel_app.shell.overlays import Message

    app, driver = make_app()
    strings.set_language(language)
    expected = {}
    app.open_cartridge("draughts")
    app.cartridge.start_playing()
    driver.frame()
    app.storage.write("draughts.pdn", "1. 32-28 32-28 *")
    app.cartridge.import_record()
    driver.key("RETURN")  # the old PDN file, the one row
    shown = " ".join(app.overlays[-1].lines) if app.overlays else app.cartridge.message
    expected["pdn"] = strings.t("records.bad", name="draughts.pdn", why=error_words(raised(read_pdn, "1. 32-28 32-28 *")))
    assert " ".join(shown.split()) == " ".join(expected["pdn"].split())
    for key, text, message_key in (("pegs", "ooo\no.x", "pegs.file.bad"), ("bypuzz", "1 2 3\n", "bypuzz.set.bad")):
        app.overlays.clear()
        app.leave_cartridge(ask=False)
        app.open_cartridge(key)
        driver.frame()
        path = tmp_path / f"{key}.txt"
        path.write_text(text, encoding="utf-8")
        (app.cartridge.take_dropped if key == "pegs" else app.cartridge.load_set_file)(str(path))
        box = app.overlays[-1]
        assert isinstance(box, Message)
        read = PEGS.state_from_text if key == "pegs" else (lambda t: parse_puzzle_set(t, "x"))
        want = strings.t(message_key, name=path.name, why=error_words(raised(read, text)))
        assert " ".join(box.lines).split() == want.split()
        if language == "de":
            assert "Zeile" in want and "line" not in want
    app.overlays.clear()


def test_an_error_without_a_code_keeps_its_own_words():
    assert error_words(PdnError("something odd")) == "something odd"
    assert isinstance(BoardError("x"), ValueError) and isinstance(PuzzleSetError("x"), ValueError)


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("number", ["EACCES", "ENOSPC", "EROFS", "EIO", "ENOENT", "ENOBUFS"])
def test_a_system_error_is_said_in_the_players_words_never_the_systems_english(language, number):
    """The disk's refusals (a full disk, a read-only one, ...) come in the player's language; one
    without words of its own is named by its code. The system's English sentence never shows."""
    import errno
    import os

    from pyxel_app.shell.storage import problem_text

    code = getattr(errno, number)
    strings.set_language(language)
    try:
        said = problem_text(OSError(code, os.strerror(code), "settings.txt"))
    finally:
        strings.set_language("en")
    assert os.strerror(code) not in said and said
    assert number in said if not strings.has(f"error.os.{number}") else said == strings.table(language)[f"error.os.{number}"]
