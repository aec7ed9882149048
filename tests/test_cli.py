"""The command line as a user runs it: exit codes, one-line errors, perft and snap."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args, cwd=None):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pyxel_app", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


@pytest.mark.parametrize(
    "args, message",
    [
        (["perft", "nosuchgame", "1"], "unknown game 'nosuchgame'"),
        (["perft", "fifteen", "x"], "invalid int value"),
        (["perft", "fifteen", "-1"], "depth must be 0 or more"),
        (["perft", "fifteen", "2", "--position", "1,2,3"], "needs 16 numbers"),
        (["perft", "fifteen", "2", "--variant", "huge"], "unknown variant 'huge'"),
        (["solve", "nosuchgame", "1"], "unknown game"),
        (["frobnicate"], "invalid choice"),
        (["perft", "fifteen", "1", "--bogus"], "unrecognized arguments"),
        (["snap", "nosuch", "--input", "UP", "--out", "x.png"], "unknown cartridge"),
        (["snap", "bypuzz", "--input", "NOSUCHKEY", "--out", "x.png"], "unknown key"),
        (["snap", "bypuzz", "--input", "wait:x", "--out", "x.png"], "expected a frame count"),
        (["play", "nosuch"], "unknown cartridge"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args, message, tmp_path):
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_perft_prints_the_leaf_count_last():
    result = run_cli("perft", "fifteen", "5")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "186"
    result = run_cli("perft", "fifteen", "1", "--position", "1,2,3,4,5,0,7,8,9,6,11,12,13,14,15,10")
    assert result.stdout.strip().splitlines()[-1] == "4"


def test_snap_writes_a_png_of_the_board(tmp_path):
    out = tmp_path / "shot.png"
    script = tmp_path / "moves.txt"
    script.write_text("# two slides and a click\nUP; LEFT\nclick:100,100\nwait:3\n")
    result = run_cli("snap", "bypuzz", "--input", str(script), "--out", str(out), "--scale", "1")
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (384, 240)


def test_snap_of_a_script_that_quits_writes_the_last_frame_and_prints_the_real_name(tmp_path):
    result = run_cli("snap", "menu", "--input", "Q Y wait:3 DOWN", "--out", "shot.txt", "--scale", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "shot.txt.png"
    assert (tmp_path / "shot.txt.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "quit" in result.stderr and "Y" in result.stderr


def test_solve_fifteen_prints_length_and_tiles_that_solve_it():
    from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL

    position = "1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15"
    result = run_cli("solve", "fifteen", position)
    assert result.returncode == 0, result.stderr
    length, *tiles = result.stdout.strip().splitlines()[-1].split()
    assert int(length) == len(tiles) == 3
    state = RULES.state_from_text(position)
    for tile in tiles:
        state = RULES.apply(state, int(tile))
    assert state.tiles == STANDARD_GOAL


def test_solve_fifteen_refuses_an_unsolvable_pair():
    result = run_cli("solve", "fifteen", "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["python -m pyxel_app: error: position cannot reach that goal"]


def test_solve_fifteen_towards_another_goal():
    goal = "1,5,9,13,2,6,10,14,3,7,11,15,4,8,12,0"  # the seed's second picture, its transposition
    result = run_cli("solve", "fifteen", "1,5,9,13,2,6,10,14,3,7,0,11,4,8,12,15", "--goal", goal)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "2 11 15"
    result = run_cli("solve", "fifteen", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "--goal", "1,2")
    assert result.returncode == 2 and "a goal needs 16 numbers" in result.stderr


def test_solve_connect4_prints_score_and_column_last():
    position = "52753311433677442422121"  # Pons's Test_L2_R1: score 8
    result = run_cli("solve", "connect4", position)
    assert result.returncode == 0, result.stderr
    score, column = result.stdout.strip().splitlines()[-1].split()
    assert score == "8"
    # The named column keeps the win: after it, the opponent's best is to lose by the same margin.
    after = run_cli("solve", "connect4", position + column)
    assert after.stdout.strip().splitlines()[-1].split()[0] == "-8"
    result = run_cli("solve", "connect4", "4444444")
    assert result.returncode == 2 and "full" in result.stderr
