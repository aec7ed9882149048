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
        (["perft", "fifteen", "x"], "'x' is not a whole number (depth)"),
        (["perft", "fifteen", "-1"], "depth must be from 0 to 42, got -1"),
        (["perft", "fifteen", "2", "--position", "1,2,3"], "needs 16 numbers"),
        (["perft", "fifteen", "2", "--variant", "huge"], "unknown variant 'huge'"),
        (["solve", "nosuchgame", "1"], "unknown game"),
        (["frobnicate"], "invalid choice"),
        (["perft", "fifteen", "1", "--bogus"], "unrecognized arguments"),
        (["snap", "nosuch", "--input", "UP", "--out", "x.png"], "unknown cartridge"),
        (["snap", "bypuzz", "--input", "NOSUCHKEY", "--out", "x.png"], "unknown key"),
        (["snap", "bypuzz", "--input", "wait:x", "--out", "x.png"], "expected a frame count"),
        (["play", "nosuch"], "unknown cartridge"),
        (["serve", "connect4", "--name", "Maximilian Alexander"], "a name has at most 12 letters"),
        (["join", "connect4", "localhost", "--name", "Maximilian Alexander"], "a name has at most 12 letters"),
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



# a1 empty: the text starts with "-", which argparse would take for an option.
NEAR_FULL = "-XXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOO--"


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "othello", NEAR_FULL + " X"],
        ["solve", "othello", NEAR_FULL, "X"],  # typed without quotes: two words
        ["perft", "othello", "2", "--position", NEAR_FULL, "X"],
    ],
)
def test_an_othello_position_may_start_with_a_dash_and_be_typed_without_quotes(args, capsys):
    from pyxel_app.__main__ import main

    assert main(args) == 0, capsys.readouterr().err
    # The answers come from the solver and perft tested elsewhere; here the text must be read whole.
    assert capsys.readouterr().out.strip().splitlines()[-1] == ("6 a1" if args[0] == "solve" else "2")


KORF_3 = "1,15,10,13,0,11,4,7,12,6,5,3,14,8,9,2"  # Korf's instance 3: 59 moves, seconds of search


@pytest.mark.parametrize(
    "args, message",
    [
        (["perft", "fifteen", "1000"], "depth must be from 0 to 42, got 1000"),
        (["perft", "fifteen", "²"], "'²' is not a whole number"),
        (["perft", "fifteen", "9" * 5000], "is not a whole number"),
        (["perft", "fifteen", "1", "--position", "1,2,²,4,5,6,7,8,9,10,11,12,13,14,15,0"], "'²' is not a whole number"),
        (["solve", "connect4", "4", "--goal", "x"], "--goal does not apply to connect4"),
        (["solve", "fifteen", "1," * 3000 + "0"], "more than 1000 numbers"),
        (["play", "connect4", "--puzzles", "sets.txt"], "--puzzles does not apply to connect4"),
        (["snap", "bypuzz", "--input", "UP", "--out", "x.png", "--scale", "100000"], "--scale must be from 1 to 8"),
        (["snap", "bypuzz", "--input", "UP", "--out", "x.png", "--seed", "-1"], "--seed must be from 0 to"),
        (["snap", "bypuzz", "--input", "wait:²", "--out", "x.png"], "expected a frame count"),
        (["snap", "bypuzz", "--input", "wait:999999999", "--out", "x.png"], "a frame count must be from 0 to 36000"),
        (["snap", "bypuzz", "--input", "hold:UP:99999", "--out", "x.png"], "a frame count must be from 0 to 36000"),
        (["snap", "bypuzz", "--input", "stick:40000,0", "--out", "x.png"], "X must be from -32768 to 32767"),
        (["snap", "bypuzz", "--input", "click:5,²", "--out", "x.png"], "'²' is not a whole number (Y)"),
        (["snap", "bypuzz", "--input", "UP", "--out", "no/such/folder/x.png"], "--out no/such/folder/x.png: No such file"),
        (["snap", "bypuzz", "--input", "UP", "--out", "."], "--out ..png"),
        (["snap", "bypuzz", "--input", "x" * 300, "--out", "x.png"], "unknown key 'xxxxxxxx"),
    ],
)
def test_every_bad_argument_is_one_line_and_exit_2(args, message, tmp_path, monkeypatch, capsys):
    from pyxel_app.__main__ import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "..png").mkdir()
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert message in err


def test_an_input_file_that_is_not_utf8_is_refused(tmp_path, capsys):
    from pyxel_app.__main__ import main

    script = tmp_path / "script.txt"
    script.write_bytes(b"UP \xff\xfe")
    assert main(["snap", "bypuzz", "--input", str(script), "--out", str(tmp_path / "x.png")]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


def test_snap_takes_a_long_script_and_prints_the_path_it_wrote(tmp_path, capsys, pyxel_screen):
    from pyxel_app.__main__ import main

    out = tmp_path / "shot"
    assert main(["snap", "bypuzz", "--input", "LEFT RIGHT " * 30, "--out", str(out), "--scale", "1"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == str(out) + ".png" and (tmp_path / "shot.png").is_file()
    assert not out.exists()


def test_snap_runs_on_a_damaged_data_folder(tmp_path, capsys, pyxel_screen):
    from pyxel_app.__main__ import main

    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave-bypuzz.txt").write_bytes(b"\x80\x81 random bytes")
    (data / "settings.txt").write_text("language=fr\nbypuzz.best.123456789abcdef0.easy=12\n")
    assert main(["snap", "menu", "--input", "RETURN RETURN", "--out", str(tmp_path / "x.png"), "--data", str(data)]) == 0
    assert (data / "autosave-bypuzz.txt.bad").read_bytes() == b"\x80\x81 random bytes"
    assert (data / "settings.txt").read_text() == "bypuzz.best.123456789abcdef0.easy=12\n"
    assert (data / "settings.txt.bad").read_text().startswith("language=fr")


def test_headless_play_uses_the_data_folder_it_is_given(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave-bypuzz.txt").mkdir()
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), BYPUZZ_HEADLESS_FRAMES="5",
               BYPUZZ_DATA_DIR=str(data))
    result = subprocess.run([sys.executable, "-m", "pyxel_app", "play", "bypuzz"], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (data / "autosave-bypuzz.txt.bad").is_dir()


def test_a_slow_solve_says_so_first_and_ctrl_c_exits_130_without_a_traceback():
    import signal

    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "pyxel_app", "solve", "fifteen", KORF_3],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    first = process.stderr.readline()
    assert "note: this position needs at least 45 moves" in first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("display", [{"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, {}])
def test_without_a_display_the_app_says_so_in_one_line_and_how_to_run_headless(display):
    env = {name: value for name, value in os.environ.items() if name not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    env.pop("BYPUZZ_HEADLESS_FRAMES", None)
    for args in ([], ["play", "bypuzz"]):
        result = subprocess.run([sys.executable, "-m", "pyxel_app", *args], capture_output=True, text=True, env=env, timeout=60)
        assert result.returncode == 2
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and "no display found" in lines[0], result.stderr
        assert "snap" in lines[0] and "BYPUZZ_HEADLESS_FRAMES" in lines[0]


def test_perft_pegs_takes_a_board_text_as_its_variant_and_solve_reads_it_before_any_note(capsys):
    from pyxel_app.__main__ import main
    from pyxel_app.rules.pegs import PRESETS

    english = "/".join(PRESETS["english"].strip().splitlines())
    assert main(["perft", "pegs", "3", "--variant", english]) == 0
    assert capsys.readouterr().out.strip() == "60"  # the English board's published count
    assert main(["perft", "pegs", "2", "--variant", "englsh"]) == 2
    assert "unknown variant 'englsh'" in capsys.readouterr().err
    assert main(["solve", "pegs", "o_o/._x"]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "note:" not in err  # a bad board is refused first, with no word about time


def test_snap_on_a_data_folder_offers_its_saved_game_once(make_app, tmp_path):
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.snap import snap_app
    from pyxel_app.shell.storage import FileStorage

    app, driver = make_app(storage=FileStorage(str(tmp_path)))
    app.open_cartridge("connect4")
    app.cartridge.start_playing()
    app.cartridge.submit("4")
    driver.run(30)
    assert any(name.startswith("autosave-connect4") for name in os.listdir(tmp_path))
    again = snap_app("connect4", at="start", data=str(tmp_path))
    Driver(again).frame()
    assert len(again.overlays) == 1 and not again.waiting_dialogs, "the saved game is offered once"
