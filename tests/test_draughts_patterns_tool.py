"""The pattern builder's inputs (tools/build_draughts_patterns.py): the real games' positions
its ``deep`` step scores, and the labelled lines its fits read."""

import gzip
import importlib.util
from pathlib import Path

import pytest

from pyxel_app.rules.draughts import RULES

TOOL = Path(__file__).resolve().parent.parent / "tools" / "build_draughts_patterns.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("build_draughts_patterns", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def positions(tool):
    return tool.game_positions()


def test_the_games_positions_are_quiet_distinct_and_without_their_past(tool, positions):
    found = positions
    assert len(found) == 52_887  # the games file is fixed: a change to it or to the filter shows here
    states = [state for state, _, _ in found]
    assert len(set(states)) == len(states)
    games = {game for _, game, _ in found}
    assert min(games) == 0 and max(games) == 528
    for state, game, ply in found[:2000]:
        assert ply >= tool.OPENING_SKIPPED
        assert state.history == ()
        assert tool.quiet(state)
        assert (state.white | state.black) & ~state.kings
        assert len(RULES.legal_moves(state)) > 1
    # a fixed order, the same every run (the labels made so far began with this one), so runs
    # sharing the work out agree on who scores what
    first, game, ply = found[0]
    assert (first.white, first.black, first.kings, first.turn, game, ply) == (8568254704386048, 134408399, 0, 1, 366, 41)


def test_the_fits_read_both_kinds_of_line_and_group_them_for_holding_out(tool, tmp_path):
    state = RULES.state_from_text("W:W31,32,45:B5,14,19")
    deep = tmp_path / "deep.txt"
    deep.write_text(f"{state.white} {state.black} {state.kings} 1 40 17 33\n"
                    f"{state.white} {state.black} {state.kings} 0 {tool.MAX_SCORE + 1} 18 35\n"
                    "not a line\n")
    shallow = tmp_path / "shallow.txt.gz"  # packed, as the shipped labels are
    shallow.write_bytes(gzip.compress(f"{state.white} {state.black} {state.kings} 0 -25\n".encode()))
    samples = tool.read_samples([str(deep), str(shallow)])
    # each position twice (turned round, colours swapped); beyond MAX_SCORE and bad lines left out
    assert len(samples) == 4
    first, turned = samples[0], samples[1]
    assert first == (state.white, state.black, state.kings, 1, -40, 17)  # the score for White; the game is the group
    assert turned == (tool.turned(state.black), tool.turned(state.white), 0, 0, 40, 17)
    assert samples[2][4:] == (-25, 0)  # a label line's group is its block of lines
    assert samples[3][4:] == (25, 0)


def test_a_later_rounds_deep_label_replaces_the_earlier_one_in_its_place(tool, tmp_path):
    first, second, third = (RULES.state_from_text(text) for text in
                            ("W:W31,32,45:B5,14,19", "W:W33,45:B5,14", "W:W40,45:B6,14"))
    earlier = tmp_path / "round3.txt"
    earlier.write_text("".join(f"{s.white} {s.black} {s.kings} 0 {score} {game} 20\n"
                               for s, score, game in ((first, 10, 1), (second, 20, 2), (third, 30, 3))))
    later = tmp_path / "round4.txt"
    later.write_text(f"{third.white} {third.black} {third.kings} 0 {tool.MAX_SCORE + 5} 3 20\n"
                     f"{first.white} {first.black} {first.kings} 0 -70 1 20\n"
                     f"{first.white} {first.black} {first.kings} 1 15 1 21\n")  # Black to move: another position
    samples = tool.read_samples([str(earlier), str(later)])[::2]  # without the turned copies
    assert [sample[4:] for sample in samples] == [(-70, 1), (20, 2), (-15, 1)]
    assert samples[0][:4] == (first.white, first.black, first.kings, 0)
    # the shallow self-play lines are all kept, even where a position comes twice
    shallow = tmp_path / "shallow.txt"
    shallow.write_text(f"{first.white} {first.black} 0 0 5\n" * 2)
    assert len(tool.read_samples([str(shallow)])) == 4


def test_a_deep_run_goes_on_where_its_file_ends(tool, positions, tmp_path, monkeypatch):
    monkeypatch.setattr(tool, "game_positions", lambda: positions)
    monkeypatch.setattr(tool, "DEEP_DEPTH", 1)
    labels = tmp_path / "deep.txt"
    labels.write_text("1 2 0 0 5 7 9\n3 4 0 1 -5 7 11\n5 6 0 0 1")  # a stopped run's half line
    tool.deep(str(labels), 1, 3, minutes=0)
    assert labels.read_text() == "1 2 0 0 5 7 9\n3 4 0 1 -5 7 11\n"  # out of time: only the half line went
    tool.deep(str(labels), 1, 3, minutes=0.001)
    lines = labels.read_text().splitlines()
    assert lines[:2] == ["1 2 0 0 5 7 9", "3 4 0 1 -5 7 11"]
    assert len(lines) > 2
    share = positions[1::3]
    for line, (state, game, ply) in zip(lines[2:], share[2:]):  # the share's third position comes next
        white, black, kings, side, score, in_game, at_ply = map(int, line.split())
        assert (white, black, kings, side, in_game, at_ply) == (state.white, state.black, state.kings, state.turn,
                                                                game, ply)
        assert abs(score) < 10_000


def test_the_shipped_labels_are_read_and_a_deep_run_will_not_write_into_them(tool):
    paths = sorted(str(path) for path in (TOOL.parent / "data").glob("draughts_deep_labels_[01].txt.gz"))
    assert len(paths) == 2
    samples = tool.read_samples(paths)
    assert len(samples) == 2 * 42_999  # those within MAX_SCORE, each also turned round
    assert {sample[3] for sample in samples} == {0, 1}
    assert max(sample[5] for sample in samples) == 528  # grouped by the games they come from
    assert len(tool.read_patterns(tool.ROUND_1.read_bytes())) == len(tool.pattern_windows())  # what fit-deep corrects
    with pytest.raises(SystemExit, match="unpack it"):
        tool.deep(paths[0], 0, 2, minutes=1)

