"""The built .pyxapp starts headless, and the .html carries exactly its bytes."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
STAGED = "bypuzz-arcade/pyxel_app/"
# The engines' tables: the fifteen solver's pattern databases, draughts' patterns and endgames.
TABLES = sorted(path.name for path in (PACKAGE / "ai" / "data").glob("*.zlib"))
BENCH_DATA = sorted(path.name for path in (PACKAGE / "bench" / "data").iterdir())


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pyxel_app.build import build

    return build(tmp_path_factory.mktemp("dist"))


def test_pyxapp_has_metadata_resources_and_sources(built):
    app, _ = built
    with zipfile.ZipFile(app) as archive:
        names = archive.namelist()
        comment = archive.comment.decode()
    assert "bypuzz-arcade/pyxel_app/resources.pyxres" in names
    assert "bypuzz-arcade/main.py" in names
    assert not any("__pycache__" in name for name in names)
    for field in ("title", "author", "desc", "version", "license"):
        assert re.search(rf"^{field}\s*:", comment, re.M), field


def packing_problems(names: list[str]) -> list[str]:
    """Bench code or benchmark data packed, or a table an engine needs left out."""
    problems = [name for name in names if name.startswith(STAGED + "bench/") or Path(name).name in BENCH_DATA]
    return problems + [f"missing {table}" for table in TABLES if f"{STAGED}ai/data/{table}" not in names]


def test_pyxapp_leaves_out_the_bench_and_its_data_but_packs_the_tables(built):
    app, _ = built
    with zipfile.ZipFile(app) as archive:
        assert packing_problems(archive.namelist()) == []


def test_the_packing_check_catches_bench_files_data_and_missing_tables():
    tables = [f"{STAGED}ai/data/{table}" for table in TABLES]
    assert {"draughts_endgames.zlib", "draughts_patterns.zlib", "fifteen_pdb_0_1_2.zlib"} <= set(TABLES) and {"korf100.txt", "connect4_Test_L3_R1.txt"} <= set(BENCH_DATA)
    assert packing_problems(tables) == []
    planted = [f"{STAGED}bench/__init__.py", f"{STAGED}ai/data/korf100.txt", f"{STAGED}connect4_Test_L2_R1.txt"]
    assert packing_problems(tables + planted) == planted
    assert packing_problems(tables[1:]) == [f"missing {TABLES[0]}"]


def test_pyxapp_leaves_out_rendered_sounds(built):
    from pyxel_app.build import skip

    app, _ = built
    with zipfile.ZipFile(app) as archive:
        assert not [name for name in archive.namelist() if name.lower().endswith(".wav")]
    planted = ["tunes.py", "tune-title.wav", "EFFECT-DROP.WAV", "sounds.py"]
    assert skip(str(PACKAGE / "shell"), planted) == {"tune-title.wav", "EFFECT-DROP.WAV"}
    assert skip(str(PACKAGE), ["bench", "title.wav", "resources.pyxres"]) == {"bench", "title.wav"}


def test_pyxapp_runs_sixty_frames_headless(built, tmp_path):
    app, _ = built
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", BYPUZZ_HEADLESS_FRAMES="60")
    env.pop("PYTHONPATH", None)
    result = subprocess.run(
        [sys.executable, "-c", "import pyxel.cli, sys; pyxel.cli.play_pyxel_app(sys.argv[1])", str(app)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "ran 60 frames headless" in result.stdout


def test_html_embeds_exactly_the_pyxapp(built):
    app, html = built
    text = html.read_text()
    match = re.search(r'base64: "([A-Za-z0-9+/=]+)"', text)
    assert match
    assert base64.b64decode(match.group(1)) == app.read_bytes()
    assert 'name: "bypuzz-arcade.pyxapp"' in text
