"""``python -m pyxel_app build``: the .pyxapp (via ``pyxel package``) and the .html (via ``pyxel app2html``).

The package is staged in ``build/bypuzz-arcade/``: the ``pyxel_app`` sources
(no caches, no WAVs, no ``bench/``: timings and their benchmark data are a desktop tool),
``resources.pyxres`` with them, and a start-up
script whose comments carry the app's metadata.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from . import __version__

APP_NAME = "bypuzz-arcade"
ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(__file__).resolve().parent
STARTUP = f"""\
# title: ByPuzz Arcade
# author: ByPuzz Arcade developers
# desc: C64-style arcade: ByPuzz (15-puzzle), peg solitaire, Connect 4, Othello, draughts; network play
# license: MIT
# version: {__version__}
from pyxel_app.shell.app import main

main()
"""
# Rendered sounds (tools/render_sounds.py) are for listening at the desk: the app plays its own.
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.bad", "*.wav", "*.WAV")
DESKTOP_ONLY = ("bench",)  # folders of the package left out of the .pyxapp


def skip(folder: str, names: list[str]) -> set[str]:
    skipped = SKIP(folder, names)
    if Path(folder) == PACKAGE:
        skipped |= set(DESKTOP_ONLY) & set(names)
    return skipped


def run_pyxel(*args: str, cwd: Path) -> None:
    command = [sys.executable, "-c", "import pyxel.cli; pyxel.cli.cli()", *args]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise OSError(f"pyxel {args[0]} failed: {(result.stderr or result.stdout).strip()}")


def build(dist: Path | None = None) -> list[Path]:
    dist = Path(dist) if dist else ROOT / "dist"
    stage = ROOT / "build" / APP_NAME
    if stage.exists():
        shutil.rmtree(stage)
    shutil.copytree(PACKAGE, stage / "pyxel_app", ignore=skip)
    (stage / "main.py").write_text(STARTUP, encoding="utf-8")
    dist.mkdir(parents=True, exist_ok=True)
    run_pyxel("package", str(stage), str(stage / "main.py"), cwd=dist)
    app = dist / f"{APP_NAME}.pyxapp"
    run_pyxel("app2html", str(app), cwd=dist)
    return [app, dist / f"{APP_NAME}.html"]
