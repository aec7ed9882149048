"""PDN written by another program reads when its tags say what it is (issue 50: py-draughts' 40
games were all refused for their ``[Variant "Standard (international) checkers"]``).  GameType
decides; Variant only tells our variants of one GameType apart, and another program's name
for one (or a name of none of ours) under GameType 20 is International draughts."""

from __future__ import annotations

import random

import pytest

from missing import missing
from pyxel_app.rules.draughts import RULES
from pyxel_app.rules.draughts_pdn import PdnError, read_pdn, variant_of_tags
from pyxel_app.rules.records import read_record
from pyxel_app.shell import strings
from pyxel_app.shell.strings import error_words

GAMES = 40


def py_draughts():
    try:
        import draughts
    except ImportError:
        missing("py-draughts is not installed", 'pip install -e ".[test]" or pip install py-draughts')
    return draughts


def random_game(board, rng: random.Random, plies: int) -> int:
    """Up to ``plies`` random moves played on ``board`` (fewer when the game ends): how many."""
    for played in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.game_over:
            return played
        board.push(rng.choice(moves))
    return plies


def fen_of(board) -> str:
    """The board's position as the PDN FEN py-draughts writes in its FEN tag."""
    return board.fen.split('"')[1]


def same_pieces(ours: str, theirs: str) -> bool:
    """Two PDN FENs of one position (ranges and order aside)."""
    return RULES.state_from_text(ours) == RULES.state_from_text(theirs)


@pytest.mark.parametrize("board_name", ["StandardBoard", "AntidraughtsBoard", "BreakthroughBoard"])
def test_games_py_draughts_writes_with_gametype_20_import(board_name):
    """40 of its standard games (some to their end, some from a position), and its other
    variants of GameType 20, whose moves are International draughts' moves."""
    draughts = py_draughts()
    board_class = getattr(draughts, board_name)
    rng = random.Random(board_name)
    read = 0
    for game in range(GAMES):
        board = board_class()
        if game % 4 == 3:  # a game from a position
            before = board_class()
            random_game(before, rng, 10 + game)
            board = board_class.from_fen(fen_of(before))
        played = random_game(board, rng, rng.choice((5, 40, 150)))
        text = board.pdn
        assert '[GameType "20"]' in text and "[Variant" in text
        record = read_record(RULES, text)
        assert record.start.variant == "international" and len(record.moves) == played
        assert same_pieces(RULES.state_to_text(record.states()[-1]), fen_of(board)), (game, text)
        read += 1
    assert read == GAMES


def test_a_gametype_of_another_game_is_refused_naming_it():
    draughts = py_draughts()
    board = draughts.FrisianBoard()
    random_game(board, random.Random(4), 6)
    with pytest.raises(PdnError) as caught:
        read_pdn(board.pdn)
    assert caught.value.code == "draughts.pdn.game_type"
    for language in strings.LANGUAGES:
        strings.set_language(language)
        assert "40" in error_words(caught.value)
    strings.set_language("en")


@pytest.mark.parametrize("tags, variant", [
    ({"GameType": "20", "Variant": "Standard (international) checkers"}, "international"),
    ({"GameType": "20,W,10,10,N2,0", "Variant": "Antidraughts"}, "international"),
    ({"GameType": "20", "Variant": "warcaby"}, "warcaby"),
    ({"GameType": "20"}, "international"),
    ({"Variant": "Warcaby"}, "warcaby"),
    ({"Variant": "International draughts"}, "international"),
    ({}, "international"),
])
def test_gametype_first_then_the_variants_words(tags, variant):
    assert variant_of_tags(tags) == variant


@pytest.mark.parametrize("tags, code", [
    ({"GameType": "21", "Variant": "international"}, "draughts.pdn.game_type"),
    ({"Variant": "Frisian"}, "draughts.pdn.variant_tag"),
])
def test_tags_that_say_another_game_are_refused(tags, code):
    with pytest.raises(PdnError) as caught:
        variant_of_tags(tags)
    assert caught.value.code == code
