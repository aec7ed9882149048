"""The command line as a user runs it: exit codes, one-line errors, perft and snap."""

from __future__ import annotations

import os
import re
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
        (["snap", "bypuzz", "--input", "UP", "--out", "no/such/folder/x.png"], "--out no/such/folder/x.png: no such file or folder"),
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


# ---- as a new user runs them: every command the README documents ----


def new_user_env(home: Path, **extra) -> dict[str, str]:
    """A user who never ran the app: a fresh home, no data folder named, no display (windows headless)."""
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("BYPUZZ_", "XDG_")) and name not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(HOME=str(home), SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), **extra)
    return env


def readme_commands() -> list[str]:
    """The command examples of the README's "Command line" section, without their comments."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Command line", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [re.split(r"\s#\s", line, maxsplit=1)[0].strip() for line in block.splitlines() if line.strip()]


def free_port() -> int:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


WINDOW = "window"  # opens a window: run headless for a few frames
STARTS = "starts"  # runs for minutes: its first line of output, then Ctrl-C
NEAR_FULL_OTHELLO = NEAR_FULL + " X"
# README line -> what the test runs: the same command, its [options] and placeholders filled in,
# long runs made short only through options the README shows.
DOCUMENTED = {
    "python -m pyxel_app": ([], WINDOW),
    "python -m pyxel_app play bypuzz": (["play", "bypuzz"], WINDOW),
    "python -m pyxel_app play bypuzz --puzzles sets.txt": (["play", "bypuzz", "--puzzles", "sets.txt"], WINDOW),
    "python -m pyxel_app serve connect4 [--port 4270] [--bind ADDRESS] [--name Ann] [--evaluation yes]":
        (["serve", "connect4", "--port", "{port}", "--bind", "127.0.0.1", "--name", "Ann", "--evaluation", "yes"], WINDOW),
    "python -m pyxel_app serve draughts --variant warcaby": (["serve", "draughts", "--variant", "warcaby", "--port", "{port}"], WINDOW),
    "python -m pyxel_app join connect4 192.168.1.5[:4270] [--name Bob]": (["join", "connect4", "127.0.0.1:{port}", "--name", "Bob"], WINDOW),
    "python -m pyxel_app serve connect4 --broker broker.example.org[:1883] [--name Ann]":
        (["serve", "connect4", "--broker", "127.0.0.1:{port}", "--name", "Ann"], WINDOW),
    "python -m pyxel_app join connect4 XR7-HJ4-MEY --broker broker.example.org[:1883]":
        (["join", "connect4", "XR7-HJ4-MEY", "--broker", "127.0.0.1:{port}"], WINDOW),
    "python -m pyxel_app perft fifteen 5 [--variant V] [--position TEXT]":
        (["perft", "fifteen", "5", "--variant", "standard", "--position", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"], None),
    "python -m pyxel_app solve fifteen 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15 [--goal GOAL]":
        (["solve", "fifteen", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "--goal", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"], None),
    "python -m pyxel_app perft connect4 8": (["perft", "connect4", "8"], None),
    "python -m pyxel_app solve connect4 52753311433677442422121": (["solve", "connect4", "52753311433677442422121"], None),
    'python -m pyxel_app perft pegs 3 [--variant english|french|wiegleb|diamond|triangle|"BOARD TEXT"]':
        (["perft", "pegs", "3", "--variant", "triangle"], None),
    "python -m pyxel_app solve pegs english --to-centre": (["solve", "pegs", "english", "--to-centre"], None),
    'python -m pyxel_app solve pegs "oo.o/___o"': (["solve", "pegs", "oo.o/___o"], None),
    "python -m pyxel_app perft othello 8 [--variant white-starts] [--position POS]":
        (["perft", "othello", "8", "--variant", "white-starts", "--position", NEAR_FULL_OTHELLO], None),
    "python -m pyxel_app solve othello POS": (["solve", "othello", NEAR_FULL_OTHELLO], None),
    'python -m pyxel_app perft draughts 6 --variant international|warcaby [--position "W:W31-50:B1-20"]':
        (["perft", "draughts", "6", "--variant", "warcaby", "--position", "W:W31-50:B1-20"], None),
    "python -m pyxel_app.bench.draughts --full": (["--full"], STARTS),
    "python -m pyxel_app.bench.othello --full": (["--full"], STARTS),
    "python -m pyxel_app.bench.othello --solve": (["--solve"], STARTS),
    "python -m pyxel_app.bench.othello --solve-wide": (["--solve-wide"], STARTS),
    "python -m pyxel_app.bench.othello --match peer --full [--budget MS]": (["--match", "peer", "--full", "--budget", "20"], STARTS),
    "python -m pyxel_app.bench.othello --check-endgames othello_endgames_14_random.txt":
        (["--check-endgames", "othello_endgames_14_random.txt"], STARTS),
    "python -m pyxel_app.bench.draughts --turbo --move-ms 300 [--games 10 --first 10] [--seed 7] [--record games.txt]":
        (["--turbo", "--move-ms", "20", "--games", "1", "--first", "10", "--seed", "7", "--record", "games.txt"], STARTS),
    "python -m pyxel_app.bench.draughts --patterns --move-ms 100 --games 40 [--seed 7]":
        (["--patterns", "--move-ms", "20", "--games", "1", "--seed", "7"], STARTS),
    "python -m pyxel_app.bench.draughts --swap-eval [hand] --move-ms 300 --seed 7":
        (["--swap-eval", "hand", "--move-ms", "20", "--seed", "7", "--games", "1"], STARTS),
    "python -m pyxel_app snap bypuzz --input \"UP LEFT wait:10\" --out shot.png [--at play|start] [--seed N] [--scale 1-8] [--data DIR]":
        (["snap", "bypuzz", "--input", "UP LEFT wait:10", "--out", "shot.png", "--at", "start", "--seed", "3", "--scale", "1",
          "--data", "data"], None),
    "python -m pyxel_app bench [--quick]": (["bench", "--quick"], STARTS),
    "python -m pyxel_app bench --monkey 100000 [--seed 4]": (["bench", "--monkey", "300", "--seed", "4"], None),
    "python -m pyxel_app.bench.connect4 --full": (["--full"], STARTS),
    "python -m pyxel_app.bench.searches [--quick]": (["--quick"], STARTS),
    "python -m pyxel_app.bench.broker [--quick]": (["--quick"], STARTS),
    "python -m pyxel_app.bench.long_files [--quick]": (["--quick"], STARTS),
    "python -m pyxel_app build": (["build"], None),
    "python -m pyxel_app review connect4 game.txt [--move-ms 500]": (["review", "connect4", "game.txt", "--move-ms", "20"], None),
    "python -m pyxel_app puzzle connect4 [--date YYYY-MM-DD] [--level easy|medium|hard] [--variant V]":
        (["puzzle", "connect4", "--date", "2025-03-14", "--level", "hard", "--variant", "standard"], None),
    "python -m pyxel_app puzzle draughts --variant warcaby --level easy": (["puzzle", "draughts", "--variant", "warcaby",
                                                                           "--level", "easy"], None),
}
# The seconds a command that runs until Ctrl-C may take to show it runs: the key comes after that line.
STARTS_WITHIN = 120
# The record the documented review reads: a Connect 4 game whose sixth move lets a three be four.
GAME_RECORD = "1414141\n"


def test_the_readme_documents_exactly_the_commands_run_here():
    assert sorted(readme_commands()) == sorted(DOCUMENTED)


@pytest.mark.parametrize("line", sorted(DOCUMENTED))
def test_every_documented_command_runs_for_a_new_user(line, tmp_path):
    import select
    import shutil
    import signal

    args, how = DOCUMENTED[line]
    module = line.split()[2]  # pyxel_app, or a bench module run as its own command
    args = [arg.format(port=free_port()) for arg in args]
    shutil.copyfile(ROOT / "pyxel_app" / "cartridges" / "bypuzz" / "sets" / "bymore1.txt", tmp_path / "sets.txt")
    (tmp_path / "game.txt").write_text(GAME_RECORD)
    extra = {"BYPUZZ_HEADLESS_FRAMES": "30"} if how == WINDOW else {}
    env = new_user_env(tmp_path / "home", **extra)
    process = subprocess.Popen([sys.executable, "-m", module, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env, cwd=tmp_path)
    if how == STARTS:  # once it has shown it runs, Ctrl-C; not before (a busy machine may take a while to start)
        ready, _, _ = select.select([process.stdout], [], [], STARTS_WITHIN)
        first = process.stdout.readline() if ready else ""
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
        out = first + out
        # 130 from the command; -SIGINT when the key came as a finished command's interpreter shut down
        assert process.returncode in (0, 130, -signal.SIGINT), err
    else:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
    assert "Traceback" not in err and "panicked" not in err, err
    assert out.strip() or how == STARTS


# ---- every argument of every subcommand, given what a hostile user gives ----

NOT_UTF8 = os.fsdecode(b"caf\xe9")  # Latin-1 bytes, as the system hands them over (PEP 383)
HOSTILE = [NOT_UTF8, "", "9" * 30, "-1", "-" + "9" * 30]


def value_arguments(parser) -> list:
    """Every argument of ``parser`` that takes a value, read from the parser itself."""
    return [action for action in parser._actions if not (action.option_strings and action.nargs == 0)]


def parser_arguments() -> dict[str, list]:
    """Every argument that takes a value, of every subcommand."""
    import argparse

    from pyxel_app.__main__ import build_parser

    commands = next(action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction))
    return {command: value_arguments(parser) for command, parser in commands.choices.items()}


def good_values(port: int, folder: Path) -> dict[str, dict[str, str]]:
    """A value each argument takes, by command and argument (its ``dest``)."""
    fifteen, solved = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    return {
        "play": {"cartridge": "bypuzz", "puzzles": str(ROOT / "pyxel_app/cartridges/bypuzz/sets/bymore1.txt")},
        "serve": {"game": "connect4", "port": str(port), "name": "Ann", "bind": "127.0.0.1", "variant": "standard",
                  "broker": f"127.0.0.1:{port}", "evaluation": "no"},
        "join": {"game": "connect4", "address": f"127.0.0.1:{port}", "name": "Bob", "broker": f"127.0.0.1:{port}"},
        "perft": {"game": "fifteen", "depth": "2", "variant": "standard", "position": solved},
        "solve": {"game": "fifteen", "position": fifteen, "goal": solved},
        "snap": {"cartridge": "bypuzz", "input": "UP", "out": str(folder / "shot.png"), "seed": "1", "scale": "1",
                 "data": str(folder / "data"), "at": "play"},
        "bench": {"monkey": "1", "seed": "4"},
        "build": {},
        "review": {"game": "connect4", "file": str(record_file(folder)), "move_ms": "10"},
        "puzzle": {"game": "connect4", "date": "2025-03-14", "level": "easy", "variant": "standard"},
    }


def record_file(folder: Path) -> Path:
    path = folder / "game.txt"
    path.write_text(GAME_RECORD)
    return path


def command_line(command: str | None, actions: list, values: dict[str, str]) -> list[str]:
    argv = [] if command is None else [command]
    for action in actions:
        argv += [values[action.dest]] if not action.option_strings else [action.option_strings[0], values[action.dest]]
    return argv


def test_every_argument_of_every_subcommand_has_a_good_value_here(tmp_path):
    values = good_values(1, tmp_path)
    assert {command: sorted(action.dest for action in actions) for command, actions in parser_arguments().items()} == {
        command: sorted(known) for command, known in values.items()}


@pytest.mark.parametrize("value", HOSTILE, ids=["not-utf8", "empty", "huge", "negative", "huge-negative"])
def test_every_argument_of_every_subcommand_refuses_a_hostile_value_in_one_line_or_takes_it(
        value, tmp_path, monkeypatch, capsys, pyxel_screen):
    from pyxel_app.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BYPUZZ_HEADLESS_FRAMES", "2")  # play, serve and join run two frames, windowless
    monkeypatch.delenv("BYPUZZ_DATA_DIR", raising=False)
    values = good_values(free_port(), tmp_path)
    for command, actions in parser_arguments().items():
        for action in actions:
            argv = command_line(command, actions, {**values[command], action.dest: value})
            code = main(argv)  # a traceback here fails the test
            out, err = capsys.readouterr()
            assert code in (0, 2), (argv, err)
            if code == 2:
                assert len(err.strip().splitlines()) == 1, (argv, err)
            if value == NOT_UTF8:
                what = action.option_strings[0] if action.option_strings else action.metavar or action.dest
                assert code == 2 and f"argument {what}: " in err and "not UTF-8" in err, (argv, err)


# ---- the bench modules run as commands of their own ----


def bench_commands() -> dict:
    """Every module of ``pyxel_app/bench`` that runs as a command of its own (``python -m pyxel_app.bench.X``)."""
    import importlib

    return {path.stem: importlib.import_module(f"pyxel_app.bench.{path.stem}")
            for path in sorted((ROOT / "pyxel_app" / "bench").glob("*.py"))
            if '__name__ == "__main__"' in path.read_text(encoding="utf-8")}


def bench_good_values(folder: Path) -> dict[str, dict[str, str]]:
    """A value each argument of each bench command takes, by command and argument (its ``dest``)."""
    return {
        "broker": {},
        "connect4": {"match": "peer"},
        "draughts": {"move_ms": "20", "games": "1", "first": "10", "seed": "7", "record": str(folder / "games.txt"),
                     "swap_eval": "hand"},
        "othello": {"match": "greedy", "budget": "20", "make_endgames": "1", "make_random_endgames": "1",
                    "check_endgames": "othello_endgames_14_random.txt"},
        "searches": {},  # flags only
        "long_files": {},  # flags only
    }


def test_every_argument_of_every_bench_command_has_a_good_value_here(tmp_path):
    values = bench_good_values(tmp_path)
    assert {name: sorted(action.dest for action in value_arguments(module.build_parser()))
            for name, module in bench_commands().items()} == {name: sorted(known) for name, known in values.items()}


@pytest.mark.parametrize("value", HOSTILE, ids=["not-utf8", "empty", "huge", "negative", "huge-negative"])
def test_every_argument_of_every_bench_command_refuses_a_hostile_value_in_one_line_or_takes_it(
        value, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    values = bench_good_values(tmp_path)
    for name, module in bench_commands().items():
        taken = []
        monkeypatch.setattr(module, "play", taken.append)  # the options as read: the bench itself takes minutes
        actions = value_arguments(module.build_parser())
        for action in actions:
            argv = command_line(None, actions, {**values[name], action.dest: value})
            code = module.main(argv)  # a traceback here fails the test
            out, err = capsys.readouterr()
            assert code in (0, 2) and out == "", (name, argv, err)
            assert len(taken) == (code == 0), (name, argv, err)
            if code == 0:
                assert getattr(taken.pop(), action.dest) is not None, (name, argv)
            else:
                assert len(err.strip().splitlines()) == 1 and err.startswith(f"python -m pyxel_app.bench.{name}: error: "), (
                    name, argv, err)
            if value == NOT_UTF8:
                assert code == 2 and f"argument {action.option_strings[0]}: " in err and "not UTF-8" in err, (argv, err)
            assert list(tmp_path.iterdir()) == [], (name, argv)  # reading the options writes nothing


def test_every_bench_command_reads_its_options_as_given(tmp_path, monkeypatch):
    values = bench_good_values(tmp_path)
    for name, module in bench_commands().items():
        taken = []
        monkeypatch.setattr(module, "play", taken.append)
        assert module.main(command_line(None, value_arguments(module.build_parser()), values[name])) == 0
        (args,) = taken
        for dest, text in values[name].items():
            expected = module.read_endgames(text) if dest == "check_endgames" else int(text) if text.isdigit() else text
            assert getattr(args, dest) == expected, (name, dest)


@pytest.mark.parametrize("name, args, message", [
    ("draughts", ["--games", "x"], "argument --games: 'x' is not a whole number"),
    ("draughts", ["--full", "--move-ms", "-5"], "argument --move-ms: --move-ms must be from 1 to 60000, got -5"),
    ("draughts", ["--turbo", "--games", "0"], "--games must be from 1 to 1000, got 0"),  # a score of no games
    ("draughts", ["--turbo", "--first", "99999"], "--first must be from 0 to 1000"),  # more openings than differ
    ("draughts", ["--seed", "-1"], "--seed must be from 0 to"),
    ("draughts", ["--turbo", "--bogus"], "unrecognized arguments: --bogus"),
    ("draughts", ["--turbo", "--games"], "argument --games: expected one argument"),
    ("draughts", ["--swap-eval", "nohand"], "argument --swap-eval: invalid choice: 'nohand'"),
    ("draughts", ["--turbo", "--record", "."], "--record .: a folder, not a file"),
    ("othello", ["--match", "nobody"], "argument --match: invalid choice: 'nobody'"),
    ("othello", ["--match", "peer", "--budget", "1e9"], "argument --budget: '1e9' is not a whole number"),
    ("othello", ["--make-endgames", "99999"], "--make-endgames must be from 1 to 10000"),
    ("othello", ["--check-endgames", "nosuch.txt"], "--check-endgames nosuch.txt: no such file"),
    ("othello", ["--check-endgames", "bad.txt"], "argument --check-endgames: bad.txt: line 2: expected a board"),
    ("othello", ["--check-endgames", "badscore.txt"], "line 1: the score must be from -64 to 64, got 65"),
    ("othello", ["--check-endgames", "latin1.txt"], "--check-endgames "),
    ("connect4", ["--match", "everyone"], "argument --match: invalid choice: 'everyone'"),
    ("connect4", ["--full", "extra"], "unrecognized arguments: extra"),
])
def test_a_bad_bench_option_is_one_line_and_exit_2_before_anything_runs(name, args, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    position = "-" * 50 + "XXXXXXOOOOOOXX X 4"
    (tmp_path / "bad.txt").write_text(f"# a comment\n{position} extra\n", encoding="utf-8")
    (tmp_path / "badscore.txt").write_text(position.replace(" 4", " 65") + "\n", encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9\n")
    assert bench_commands()[name].main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"python -m pyxel_app.bench.{name}: error: ") and message in err, err


@pytest.mark.parametrize("args", [
    ["draughts", "--turbo", "--record", b"caf\xe9.txt"],
    ["othello", "--check-endgames", "pipe"],
    ["draughts", "--turbo", "--record", "pipe"],
])
def test_a_bench_command_refuses_bytes_that_are_no_utf8_and_a_pipe_at_once(args, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    name, *options = args
    env = new_user_env(tmp_path)
    result = subprocess.run([sys.executable, "-m", f"pyxel_app.bench.{name}", *options],
                            capture_output=True, env=env, cwd=tmp_path, timeout=60)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2 and result.stdout == b"" and len(err.strip().splitlines()) == 1, err
    assert "not UTF-8 text" in err or "a named pipe, not a file" in err, err


@pytest.mark.parametrize("args", [
    ["snap", "bypuzz", "--input", "UP", "--out", os.fsdecode(b"shot\xe9.png")],
    ["snap", "bypuzz", "--input", "UP", "--out", "x.png", "--data", os.fsdecode(b"d\xe9")],
    ["play", "bypuzz", "--puzzles", os.fsdecode(b"sets\xe9.txt")],
    ["serve", "connect4", "--name", os.fsdecode(b"Ren\xe9")],
    ["join", os.fsdecode(b"connect\xe9"), "localhost"],
])
def test_bytes_that_are_no_utf8_on_the_command_line_are_a_usage_error(args, tmp_path):
    env = new_user_env(tmp_path, BYPUZZ_HEADLESS_FRAMES="2")
    result = subprocess.run([sys.executable, "-m", "pyxel_app", *[os.fsencode(arg) for arg in args]],
                            capture_output=True, env=env, cwd=tmp_path, timeout=120)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and "is not UTF-8 text" in err


def test_a_command_line_with_bytes_that_are_no_utf8_still_opens_the_window(tmp_path):
    # Pyxel keeps the whole command line, the interpreter's options too, and fails on such bytes.
    env = new_user_env(tmp_path, BYPUZZ_HEADLESS_FRAMES="2")
    result = subprocess.run([sys.executable, b"-X", b"caf\xe9", "-m", "pyxel_app", "play", "bypuzz"],
                            capture_output=True, env=env, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    assert result.stdout.decode().strip() == "ran 2 frames headless"


@pytest.mark.parametrize("out", [".png", "sub/.png", "x.PNG", "x."])
def test_snap_writes_exactly_the_picture_it_names(out, tmp_path, monkeypatch, capsys, pyxel_screen):
    from pyxel_app.__main__ import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    assert main(["snap", "bypuzz", "--input", "UP", "--out", out, "--scale", "1"]) == 0, capsys.readouterr().err
    printed = capsys.readouterr().out.strip()
    assert (tmp_path / printed).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(path.name for path in tmp_path.rglob("*") if path.is_file()) == [Path(printed).name]


# ---- a display nobody answers at ----


@pytest.mark.parametrize("display", [{"DISPLAY": ":77"}, {"WAYLAND_DISPLAY": "bogus"}, {"DISPLAY": "localhost:77.0"},
                                     {"DISPLAY": ":77", "WAYLAND_DISPLAY": "bogus"}])
def test_a_display_nobody_answers_at_is_said_in_one_line_with_exit_2(display, tmp_path):
    env = new_user_env(tmp_path, XDG_RUNTIME_DIR=str(tmp_path), **display)
    for args in ([], ["play", "connect4"], ["serve", "connect4", "--port", str(free_port())]):
        # The timeout makes a run that opens an invisible window for ever fail instead of hang.
        result = subprocess.run([sys.executable, "-m", "pyxel_app", *args], capture_output=True, text=True, env=env,
                                cwd=tmp_path, timeout=60)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and "no display found" in lines[0] and "BYPUZZ_HEADLESS_FRAMES" in lines[0], lines
        assert next(iter(display.values())) in lines[0]


def test_a_display_that_answers_counts_and_one_that_does_not_is_named(tmp_path):
    import socket

    from pyxel_app.shell.display import X11_TCP_PORT, display_problem

    with socket.socket(socket.AF_UNIX) as wayland:
        wayland.bind(str(tmp_path / "wayland-7"))
        wayland.listen()
        environ = {"WAYLAND_DISPLAY": "wayland-7", "XDG_RUNTIME_DIR": str(tmp_path)}
        assert display_problem(environ, "linux") == ""
        assert display_problem({**environ, "DISPLAY": ":77"}, "linux") == ""  # SDL tries both
        assert "DISPLAY=':77'" in display_problem({**environ, "DISPLAY": ":77", "SDL_VIDEODRIVER": "x11"}, "linux")
        assert display_problem({"WAYLAND_DISPLAY": str(tmp_path / "wayland-7")}, "linux") == ""  # a path
    assert "WAYLAND_DISPLAY='wayland-7'" in display_problem(environ, "linux")  # closed since
    for number in range(60, 100):  # an X server on TCP, as ssh -X forwards it
        try:
            x11 = socket.create_server(("127.0.0.1", X11_TCP_PORT + number))
        except OSError:
            continue
        with x11:
            assert display_problem({"DISPLAY": f"127.0.0.1:{number}.0"}, "linux") == ""
        assert f"DISPLAY='127.0.0.1:{number}.0'" in display_problem({"DISPLAY": f"127.0.0.1:{number}.0"}, "linux")
        break
    assert display_problem({"DISPLAY": ":77"}, "darwin") == ""  # elsewhere the system's own window server


# ---- SIGTERM ends a run without a window as Ctrl-C does ----


def wait_for(path: Path, text: str, process) -> None:
    """Until the file ``path`` holds ``text`` (the run is past its start), or the process ended."""
    import time

    def holds() -> bool:
        try:
            return path.read_text() == text
        except OSError:  # renamed aside for a moment while it is written
            return False

    while not holds() and process.poll() is None:
        time.sleep(0.05)


@pytest.mark.parametrize("args", [["play", "bypuzz"], ["snap", "bypuzz", "--input", "wait:36000 " * 30, "--out", "x.png",
                                                       "--data", "{data}"]])
def test_sigterm_ends_a_headless_run_as_ctrl_c_does_and_nothing_is_lost(args, tmp_path):
    import signal

    from pyxel_app.rules.fifteen import RULES, STANDARD_GOAL
    from pyxel_app.session import Session

    data = tmp_path / "data"
    data.mkdir()
    session = Session(RULES, RULES.shuffled(STANDARD_GOAL, 20, __import__("random").Random(1)),
                      {"goal": ",".join(map(str, STANDARD_GOAL)), "level": "easy"})
    session.play(RULES.legal_moves(session.state)[0])
    (data / "autosave-bypuzz.txt").write_text(session.to_text())
    (data / "settings.txt").write_text("language=fr\nsound=off\n")
    env = new_user_env(tmp_path, BYPUZZ_HEADLESS_FRAMES="10000000", BYPUZZ_DATA_DIR=str(data))
    process = subprocess.Popen([sys.executable, "-m", "pyxel_app", *[arg.format(data=data) for arg in args]],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        wait_for(data / "settings.txt", "sound=off\n", process)  # repaired: the app has started
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip() == "" and out == ""
    assert (data / "autosave-bypuzz.txt").read_text() == session.to_text()
    assert (data / "settings.txt").read_text() == "sound=off\n"
    lock = ["instance.lock"] if args[0] == "play" else []  # the app's start holds the folder; snap makes its own app
    assert sorted(path.name for path in data.iterdir()) == sorted(["autosave-bypuzz.txt", "settings.txt",
                                                                   "settings.txt.bad", *lock])


# ---- serve: the address and the port said on the command line ----


@pytest.mark.parametrize("bind", ["999.1.1.1", "a b", "1.2.3.4.5", "x-", "[::1]"])
def test_serve_refuses_a_bind_that_is_no_address_on_the_command_line(bind, capsys):
    from pyxel_app.__main__ import main

    assert main(["serve", "connect4", "--bind", bind]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip().splitlines() == [f"python -m pyxel_app: error: argument --bind: {bind!r} is not an address"]


@pytest.mark.parametrize("code, said", [(13, "that port is not permitted here"), (98, "that port is in use")])
def test_serve_on_a_port_it_may_not_use_says_why_on_the_command_line(code, said, monkeypatch, capsys):
    import errno

    from pyxel_app.__main__ import main
    from pyxel_app.net import link

    code = {13: errno.EACCES, 98: errno.EADDRINUSE}[code]

    def refuse(*args, **kwargs):  # as a normal user's port 80 (the tests run as root, who may)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(link.socket, "create_server", refuse)
    assert main(["serve", "connect4", "--port", "80"]) == 2
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [f"python -m pyxel_app: error: cannot listen on :80: {said}"]


def test_the_app_says_a_port_is_not_permitted_in_both_languages():
    import errno
    import socket

    from pyxel_app.net.link import describe
    from pyxel_app.shell import strings
    from pyxel_app.shell.netplay import why_text

    assert describe(PermissionError(errno.EACCES, "Permission denied")) == ("port_denied", "")
    assert describe(OSError(errno.EADDRINUSE, "Address already in use")) == ("port_in_use", "")
    assert describe(OSError(socket.EAI_NONAME, "while attempting to bind")) == ("unknown_host", "")
    try:
        for language, words in (("en", "not permitted"), ("de", "nicht erlaubt")):
            strings.set_language(language)
            assert words in why_text("port_denied") and why_text("port_denied") != why_text("port_in_use")
    finally:
        strings.set_language("en")


# ---- review: every move judged ----

REVIEW_LINE = re.compile(r"^\d+(\.|\.\.\.)? \S+ ((win|loss)( (in|by) \d+)?|draw|~[+-]\d+\.\d|~\d+\+|~\?)( \?( best \S+)?)?( not proven)?$")


def review_output(args, capsys) -> list[str]:
    from pyxel_app.__main__ import main

    code = main(["review", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out.splitlines()


@pytest.mark.parametrize("game", ["connect4", "connect4-engine", "othello", "draughts-tables", "draughts-engine", "pegs",
                                  "fifteen"])
def test_review_marks_a_planted_blunder_in_every_game(game, tmp_path, capsys):
    from test_review import ENGINE_MS, EXACT_MS, planted

    from pyxel_app.rules.records import write_record

    record, index = planted(game)
    path = tmp_path / "game.txt"
    path.write_text(write_record(record), encoding="utf-8")
    name = {"fifteen": "bypuzz"}.get(game, game.split("-")[0])
    ms = ENGINE_MS if game.endswith("-engine") else EXACT_MS
    lines = review_output([name, str(path), "--move-ms", str(int(ms))], capsys)
    moves, summary, last = lines[:-2], lines[-2], lines[-1]
    assert len(moves) == len(record.moves) and all(REVIEW_LINE.match(line) for line in moves), lines
    assert moves[index].split()[1] == record.rules.move_to_text(record.moves[index])
    assert " ? best " in moves[index], lines
    assert summary.startswith("# ") and "mistake" in summary
    assert re.fullmatch(r"mistakes [1-9]\d*", last) and int(last.split()[1]) == sum(" ?" in line for line in moves)


def test_review_reads_standard_input_and_numbers_full_moves(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pyxel_app", "review", "othello", "-", "--move-ms", "20"],
                            input="f5d6c3\n", capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[:2] for line in lines[:-1]] == [["1.", "f5"], ["1...", "d6"], ["2.", "c3"]]
    assert all(REVIEW_LINE.match(line) for line in lines[:-1]) and lines[-1].startswith("mistakes ")


def test_review_of_a_record_without_moves_finds_no_mistakes(tmp_path, capsys):
    path = tmp_path / "empty.txt"
    path.write_text("# not a move yet\n")
    assert review_output(["connect4", str(path)], capsys) == ["mistakes 0"]


@pytest.mark.parametrize("args, text, message", [
    (["connect4", "{file}"], "4453\n44x", "error: line 2: 'x' (move 7) is not a column; use the digits 1-7"),
    (["othello", "{file}"], "f5f5", "error: line 1: move 2 (f5) is not a legal move here"),
    (["draughts", "{file}"], "1. 32-28 32-28", "error: line 1: move 2 (32-28): there is no piece of yours on 32"),
    (["pegs", "{file}"], "d2-d4\nd2-d4", "error: line 2: move 2 (d2-d4) is not a legal move here"),
    (["bypuzz", "{file}"], "1,2,3", "error: line 1: the tiles are 16 numbers, got 3"),
    (["chess", "{file}"], "e4", "error: unknown game 'chess'"),
    (["connect4", "nosuch.txt"], "", "error: nosuch.txt: no such file"),
    (["connect4", "{file}", "--move-ms", "0"], "4", "--move-ms must be from 1 to 600000, got 0"),
    (["connect4", "{file}", "--move-ms", "x"], "4", "argument --move-ms: 'x' is not a whole number"),
    (["connect4", "{file}", "extra"], "4", "unrecognized arguments: extra"),
])
def test_a_bad_record_or_option_for_review_is_one_line_and_exit_2(args, text, message, tmp_path, monkeypatch, capsys):
    from pyxel_app.__main__ import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.txt").write_text(text, encoding="utf-8")
    assert main(["review", *[arg.format(file="game.txt") for arg in args]]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err, err


def test_review_refuses_a_record_that_is_not_utf8_from_a_file_or_standard_input(tmp_path):
    (tmp_path / "latin1.txt").write_bytes(b"4453 caf\xe9\n")
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    for args, data in ((["latin1.txt"], None), (["-"], b"4453 caf\xe9\n")):
        result = subprocess.run([sys.executable, "-m", "pyxel_app", "review", "connect4", *args], input=data,
                                capture_output=True, env=env, cwd=tmp_path, timeout=120)
        err = result.stderr.decode("utf-8", "replace")
        assert result.returncode == 2 and len(err.strip().splitlines()) == 1 and "not UTF-8 text" in err, err


# ---- puzzle: the puzzle of the day ----


def puzzle_output(args, capsys) -> list[str]:
    from pyxel_app.__main__ import main

    code = main(["puzzle", *args])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    return out.splitlines()


@pytest.mark.parametrize("game, solve_name, answer", [
    ("connect4", "connect4", r"-?\d+ [1-7]"), ("othello", "othello", r"-?\d+ [a-h][1-8]"),
    ("pegs", "pegs", r"solvable \d+ .*"), ("bypuzz", "fifteen", r"\d+ .*"), ("draughts", None, None)])
def test_puzzle_prints_a_position_solve_reads_the_task_the_line_and_the_first_move_last(game, solve_name, answer, capsys):
    from pyxel_app.__main__ import main
    from pyxel_app.puzzles import daily

    lines = puzzle_output([game, "--date", "2025-03-14", "--level", "easy"], capsys)
    puzzle = daily(game, date_of("2025-03-14"), "easy")
    fields = dict(line.split(": ", 1) for line in lines[1:-1])
    assert fields["position"] == puzzle.position and fields["task"] and lines[-1] == puzzle.first_move
    assert fields["solution"].replace("1. ", "", 1).split()[0] == puzzle.first_move or fields["solution"].startswith("1... ")
    assert f"{puzzle.nodes} nodes" in fields["proof"]
    if solve_name is not None:
        assert main(["solve", solve_name, puzzle.position]) == 0
        assert re.fullmatch(answer, capsys.readouterr().out.splitlines()[-1])


def date_of(text):
    from datetime import date

    return date.fromisoformat(text)


def test_puzzle_gives_the_same_output_for_a_date_in_fresh_processes_and_today_by_default(capsys):
    from pyxel_app.puzzles import today as puzzle_day

    runs = [run_cli("puzzle", "othello", "--date", "2024-02-29", "--level", "hard") for _ in range(2)]
    assert runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout and runs[0].stderr == ""
    assert puzzle_output(["othello", "--date", "2024-02-29", "--level", "hard"], capsys) == runs[0].stdout.splitlines()
    today = puzzle_output(["pegs", "--variant", "french"], capsys)
    assert today == puzzle_output(["pegs", "--variant", "french", "--date", puzzle_day().isoformat(), "--level", "medium"],
                                  capsys)
    assert puzzle_output(["warcaby"], capsys) == puzzle_output(["draughts", "--variant", "warcaby"], capsys)


@pytest.mark.parametrize("args, message", [
    (["connect4", "--date", "2025-02-30"], "argument --date: 2025-02-30: day is out of range for month"),
    (["connect4", "--date", "14.03.2025"], "argument --date: '14.03.2025' is not a date like 2025-03-14"),
    (["connect4", "--date", "２０２５-03-14"], "is not a date like 2025-03-14"),
    (["connect4", "--level", "extreme"], "argument --level: invalid choice: 'extreme'"),
    (["othello", "--variant", "white-starts"], "othello has no puzzles of variant 'white-starts'; choose from standard"),
    (["pegs", "--variant", "triangle"], "choose from english, french"),
    (["chess"], "unknown game 'chess'"),
    (["connect4", "--date"], "argument --date: expected one argument"),
])
def test_a_bad_date_or_option_for_puzzle_is_one_line_and_exit_2(args, message, capsys):
    from pyxel_app.__main__ import main

    assert main(["puzzle", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and message in err, err


@pytest.mark.parametrize("stdin, message", [
    ("closed", "record: standard input is closed"),
    ("write-only", "record: standard input is not open for reading"),
    (b"4453 \xff\xfe\n", "record: standard input: the file is not UTF-8 text"),
])
def test_review_from_standard_input_closed_unreadable_or_binary_is_one_line_and_exit_2(stdin, message, tmp_path):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "pyxel_app", "review", "connect4", "-"]
    if stdin == "closed":  # as `<&-` leaves it: no descriptor 0 at all
        result = subprocess.run(command, capture_output=False, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=env, timeout=120, preexec_fn=lambda: os.close(0))
    elif stdin == "write-only":
        with open(tmp_path / "out.txt", "wb") as sink:
            result = subprocess.run(command, stdin=sink, capture_output=True, env=env, timeout=120)
    else:
        result = subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=120)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2 and result.stdout == b"" and err.strip().splitlines() == [f"python -m pyxel_app: error: {message}"], err


FILE_COMMANDS = [  # every command that reads a file the user names, with that file's place in it
    ["review", "connect4", "{file}"], ["snap", "menu", "--input", "{file}", "--out", "shot.png"],
    ["play", "bypuzz", "--puzzles", "{file}"],
]


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda command: command[0])
@pytest.mark.parametrize("kind, message", [
    ("folder", "a folder, not a file"), ("device", "a device, not a file"), ("binary", "the file is not UTF-8 text"),
    ("pipe", "a named pipe, not a file"),
])
def test_every_command_that_reads_a_file_refuses_a_folder_device_pipe_or_binary_in_one_line(command, kind, message,
                                                                                           tmp_path, monkeypatch, capsys):
    from pyxel_app.__main__ import main

    monkeypatch.chdir(tmp_path)
    path = {"folder": tmp_path, "device": "/dev/zero", "binary": tmp_path / "bin.dat", "pipe": tmp_path / "fifo"}[kind]
    if kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "pipe":
        os.mkfifo(path)
    assert main([word.format(file=path) for word in command]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and f"{path}: {message}" in err, err


TODAY_AT = """
import datetime as dt, sys, time
from pyxel_app.puzzles import days
days.now = lambda: dt.datetime(2026, 3, 14, 0, 54, tzinfo=dt.timezone.utc)  # 17:54 the day before in Los Angeles
time.tzset()
from pyxel_app.shell import puzzle_record
print(dt.datetime(2026, 3, 14, 0, 54, tzinfo=dt.timezone.utc).astimezone().date(), puzzle_record.today())
from pyxel_app.__main__ import main
sys.exit(main(["puzzle", "connect4"]))
"""


def test_the_command_line_and_the_app_have_one_today_the_utc_date_in_any_time_zone():
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), TZ="America/Los_Angeles")
    result = subprocess.run([sys.executable, "-c", TODAY_AT], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    local, app_day = result.stdout.splitlines()[0].split()
    assert local == "2026-03-13" and app_day == "2026-03-14"  # the zone took effect; the app's day is UTC's
    assert ", 2026-03-14: " in result.stdout.splitlines()[1]  # and the command line's puzzle is that day's
