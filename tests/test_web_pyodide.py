"""Web compatibility: the pure layers run under Pyodide (Python 3.14 in WebAssembly) in Node.

Pyxel itself is not in the npm pyodide package, so this covers what can run there: every
registered game's rules (a small perft), a short game between two computers found by
cooperative steps, a save replayed, draughts' endgame tables read from the package, the
puzzles of the day (the same puzzle for a date, the same verdicts from the solvers) and the
localStorage backend.  Needs node and npm (to fetch the pyodide package): skipped with the
reason on a player's machine without them, a failure under CI (``CI=true``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from missing import missing


NODE = "install Node.js and npm"
PYODIDE_VERSION = "314.0.7"
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "pyxel_app"
CACHE = Path.home() / ".cache" / "bypuzz-arcade" / f"pyodide-{PYODIDE_VERSION}"
PROOF = HERE / "web" / "proof.py"

# The proof of every registered game, then the localStorage backend; the last line's value is the answer.
SNIPPET = PROOF.read_text(encoding="utf-8") + r'''
from pyxel_app.shell.storage import WebStorage

sys.platform = "emscripten"
storage = WebStorage()
storage.write("settings.txt", "language=de\n")
bad = storage.set_aside("settings.txt")
storage.write("settings.txt", "language=en\n")
second = storage.set_aside("settings.txt")
answer = json.loads(main())
answer["storage"] = [storage.read("settings.txt"), storage.read(bad), second, storage.read(second)]
json.dumps(answer)
'''


def npm_packages(*packages: str) -> Path:
    """The folder where npm put ``packages`` (fetched once into the cache), or a skip (CI: a failure)."""
    if not shutil.which("node") or not shutil.which("npm"):
        missing("node and npm are needed for the Pyodide test", NODE)
    wanted = [package for package in packages if not (CACHE / "node_modules" / package.rpartition("@")[0]).is_dir()]
    if wanted:
        CACHE.mkdir(parents=True, exist_ok=True)
        result = subprocess.run(
            ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(CACHE), *wanted],
            capture_output=True, text=True, timeout=600,
        )
        if result.returncode != 0:
            missing(f"could not install {' '.join(wanted)} from npm: {result.stderr.strip()[:200]}", NODE)
    return CACHE / "node_modules"


@pytest.fixture(scope="module")
def pyodide_dir():
    return npm_packages(f"pyodide@{PYODIDE_VERSION}") / "pyodide"


def cpython_proof() -> dict:
    import importlib.util

    spec = importlib.util.spec_from_file_location("web_proof", PROOF)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return json.loads(module.main())


def test_every_registered_game_runs_under_pyodide(pyodide_dir, tmp_path):
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    result = subprocess.run(
        ["node", str(HERE / "web" / "run_pyodide.mjs"), str(pyodide_dir), str(PACKAGE), str(snippet)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["python"] == [3, 14]
    expected = cpython_proof()
    from pyxel_app import games

    assert set(answer["games"]) == {spec.key for spec in games.GAMES}
    assert answer["games"] == expected["games"]
    assert answer["games"]["connect4"]["perft"] == 343
    assert answer["endgames"] == expected["endgames"] and answer["endgames"]["values"] == [15, -16, 0]
    for key, proof in answer["games"].items():
        if "moves" in proof:
            assert proof["moves"] and proof["replayed"], key
    assert answer["puzzles"] == expected["puzzles"]
    assert len(answer["puzzles"]["daily"]) == 3 * 3 * 7 and set(answer["puzzles"]["verdicts"]) == {
        "connect4", "othello", "draughts", "pegs", "bypuzz"}
    for game, verdicts in answer["puzzles"]["verdicts"].items():
        assert any(verdicts.values()), game
    assert sum(not verdict for verdicts in answer["puzzles"]["verdicts"].values() for verdict in verdicts.values()) >= 5
    assert answer["storage"] == [None, "language=de\n", "settings.txt.1.bad", "language=en\n"]
