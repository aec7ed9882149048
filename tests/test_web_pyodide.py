"""Web compatibility: the pure layers run under Pyodide (Python 3.14 in WebAssembly) in Node.

Pyxel itself is not in the npm pyodide package, so this covers what can run there: rules, AI,
session and the localStorage backend.  Needs node and npm (to fetch the pyodide package);
skipped with the reason when they are missing or the registry is unreachable.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PYODIDE_VERSION = "314.0.7"
# An end-game position of the public Connect 4 benchmark set; its published score is -1.
CONNECT4_ENDGAME = "2252576253462244111563365343671351441"
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "pyxel_app"
CACHE = Path.home() / ".cache" / "bypuzz-arcade" / f"pyodide-{PYODIDE_VERSION}"

SNIPPET = r'''
import json, sys
from pyxel_app.rules import GAMES
from pyxel_app.rules.fifteen import RULES as FIFTEEN
from pyxel_app.session import Session
from pyxel_app.ai import fifteen as fifteen_ai
from pyxel_app.ai import connect4 as connect4_ai
from pyxel_app.shell.storage import WebStorage

CONNECT4_ENDGAME = "%s"

start = FIFTEEN.state_from_text("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15")
session = Session(FIFTEEN, start)
session.play(14)
loaded = Session.from_text(session.to_text(), FIFTEEN)
search = fifteen_ai.FifteenSearch(loaded.state.tiles)
while not search.step(5):
    pass
sys.platform = "emscripten"
storage = WebStorage()
storage.write("settings.txt", "language=de\n")
bad = storage.set_aside("settings.txt")
storage.write("settings.txt", "language=en\n")
second = storage.set_aside("settings.txt")
json.dumps({
    "python": sys.version_info[:2],
    "perft_fifteen_5": FIFTEEN.perft(FIFTEEN.initial_state(), 5),
    "perft_connect4_4": GAMES["connect4"].perft(GAMES["connect4"].initial_state(), 4),
    "hint": search.solution,
    "connect4": connect4_ai.solve_text(CONNECT4_ENDGAME),
    "storage": [storage.read("settings.txt"), storage.read(bad), second, storage.read(second)],
})
''' % CONNECT4_ENDGAME


@pytest.fixture(scope="module")
def pyodide_dir():
    if not shutil.which("node") or not shutil.which("npm"):
        pytest.skip("node and npm are needed for the Pyodide test")
    target = CACHE / "node_modules" / "pyodide"
    if not (target / "pyodide.mjs").is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        result = subprocess.run(
            ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(CACHE), f"pyodide@{PYODIDE_VERSION}"],
            capture_output=True, text=True, timeout=600,
        )
        if result.returncode != 0:
            pytest.skip(f"could not install pyodide from npm: {result.stderr.strip()[:200]}")
    return target


def test_pure_layers_run_under_pyodide(pyodide_dir, tmp_path):
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    result = subprocess.run(
        ["node", str(HERE / "web" / "run_pyodide.mjs"), str(pyodide_dir), str(PACKAGE), str(snippet)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["python"] == [3, 14]
    assert answer["perft_fifteen_5"] == 186
    assert answer["perft_connect4_4"] == 2401
    assert answer["hint"] == [15]
    from pyxel_app.ai.connect4 import solve_text

    assert answer["connect4"] == solve_text(CONNECT4_ENDGAME)
    assert answer["connect4"].split()[0] == "-1"
    assert answer["storage"] == [None, "language=de\n", "settings.txt.1.bad", "language=en\n"]
