"""The code's own mistakes that a reader misses: ruff's pyflakes rules (F) over the package,
the tools and the tests: a function defined twice in one module (the second silently wins),
a name used but never defined, an import nobody uses, a loop variable hiding an import."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from missing import missing

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("pyxel_app", "tools", "tests")


def ruff() -> str:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        missing("ruff is not installed", 'pip install -e ".[test]" or pip install ruff')
    return found


def check(paths) -> subprocess.CompletedProcess:
    return subprocess.run([ruff(), "check", "--select", "F", "--no-cache", "--output-format", "concise", *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_pyflakes_rules_find_nothing():
    result = check(CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_check_sees_a_function_defined_twice(tmp_path):
    planted = tmp_path / "twice.py"
    planted.write_text("def run():\n    return 1\n\n\ndef run():\n    return 2\n", encoding="utf-8")
    result = check([planted])
    assert result.returncode == 1 and "F811" in result.stdout, result.stdout + result.stderr
