"""rules/ and ai/ never import pyxel: they run in tests, the CLI and Pyodide without it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
PURE = ("rules", "ai")


def pure_modules():
    for folder in PURE:
        for path in sorted((PACKAGE / folder).glob("*.py")):
            yield path


def test_no_pure_module_mentions_pyxel_in_an_import():
    offenders = []
    for path in pure_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            if any(name == "pyxel" or name.startswith("pyxel.") for name in names):
                offenders.append(path.name)
    assert offenders == []


def test_importing_every_pure_module_loads_no_pyxel():
    modules = [f"pyxel_app.{path.parent.name}.{path.stem}" for path in pure_modules() if path.stem != "__init__"]
    assert "pyxel_app.rules.fifteen" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'pyxel' or m.startswith('pyxel.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
