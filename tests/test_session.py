"""The midend: history, undo/redo/restart, move counter, save text round-trips and bad saves."""

from __future__ import annotations

import random

import pytest

from pyxel_app.rules.base import IllegalMoveError
from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL, Fifteen
from pyxel_app.session import SaveFileError, Session


def shuffled_session(moves=20, seed=3):
    return Session(RULES, RULES.shuffled(STANDARD_GOAL, moves, random.Random(seed)))


def play_some(session, count, seed=4):
    rng = random.Random(seed)
    for _ in range(count):
        session.play(rng.choice(RULES.legal_moves(session.state)))


def test_undo_redo_walk_the_history():
    session = shuffled_session()
    start = session.state
    play_some(session, 3)
    end = session.state
    assert session.move_count == 3
    assert session.undo() and session.undo() and session.undo()
    assert session.state == start and not session.undo()
    assert session.redo() and session.redo() and session.redo()
    assert session.state == end and not session.redo()


def test_a_new_move_after_undo_drops_the_redo_branch():
    session = shuffled_session()
    play_some(session, 3)
    session.undo()
    session.undo()
    session.play(RULES.legal_moves(session.state)[0])
    assert not session.can_redo
    assert session.move_count == 2


def test_illegal_move_changes_nothing():
    session = shuffled_session()
    before = (session.state, len(session.states))
    far_tile = next(t for t in range(1, 16) if t not in RULES.legal_moves(session.state))
    with pytest.raises(IllegalMoveError):
        session.play(far_tile)
    assert (session.state, len(session.states)) == before


def test_restart_is_undoable_and_resets_the_counter():
    session = shuffled_session()
    play_some(session, 4)
    played = session.state
    assert session.restart()
    assert session.state == session.start and session.move_count == 0
    assert session.undo()
    assert session.state == played and session.move_count == 4
    assert not Session(RULES, RULES.initial_state()).restart()  # nothing to restart


def test_hint_uses_the_solver_and_none_without_one():
    session = shuffled_session()
    assert session.hint() is None
    session.solver = lambda state: RULES.legal_moves(state)[0]
    assert session.hint() in RULES.legal_moves(session.state)


def test_save_text_round_trip_keeps_history_and_position():
    session = shuffled_session()
    session.meta["goal"] = ",".join(map(str, STANDARD_GOAL))
    play_some(session, 5)
    session.restart()
    play_some(session, 2, seed=9)
    session.undo()
    text = session.to_text()
    assert "pickle" not in text and text.count("\n") == len(text.splitlines())
    loaded = Session.from_text(text, RULES)
    assert loaded.states == session.states
    assert loaded.moves == session.moves
    assert loaded.position == session.position
    assert loaded.meta == session.meta
    assert loaded.to_text() == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no game= line"),
        ("game=connect4\nstart=1\n", "for 'connect4'"),
        ("game=fifteen\n", "no start= line"),
        ("game=fifteen\nstart=1,2,3\n", "bad start position"),
        ("game=fifteen\nstart=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\nmove=1\n", "line 3: move 1: tile 1 is not next"),
        ("game=fifteen\nstart=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\nmove=abc\n", "line 3: move abc: 'abc' is not a tile"),
        ("game=fifteen\nstart=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\nposition=5\n", "past the last move"),
        ("game=fifteen\nstart=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\nwhat\n", "line 3: expected key=value"),
        ("game=fifteen\nformat=9\n", "unknown save format"),
        ("game=fifteen\nstart=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\ncolour=red\n", "unknown field"),
    ],
)
def test_bad_save_texts_say_what_is_wrong(text, message):
    with pytest.raises(SaveFileError, match=message):
        Session.from_text(text, RULES)


def test_custom_start_loader_receives_meta():
    goal = tuple(reversed(range(16)))
    session = Session(RULES, Fifteen(RULES.shuffled(goal, 10, random.Random(1)).tiles, goal), {"goal": "x"})
    loaded = Session.from_text(session.to_text(), RULES, lambda text, meta, variant: Fifteen(RULES.state_from_text(text).tiles, goal))
    assert loaded.start.goal == goal
