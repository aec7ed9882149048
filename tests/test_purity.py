"""Import boundaries, read from the source: rules/ and ai/ never import pyxel (they run in tests,
the CLI and Pyodide without it), and tests never import the bench (it is exercised by running it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
TESTS = Path(__file__).resolve().parent
PURE = ("rules", "ai")
BENCH = "pyxel_app.bench"


def pure_modules():
    for folder in PURE:
        yield from sorted((PACKAGE / folder).rglob("*.py"))


def imported_modules(source: str, module: str) -> list[str]:
    """Every module (or ``module.name``) that ``source``, the text of the module named
    ``module``, imports anywhere, relative imports made absolute."""
    package = module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found += [f"{base}.{alias.name}" for alias in node.names]
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_no_pure_module_mentions_pyxel_in_an_import():
    offenders = []
    for path in pure_modules():
        module = f"pyxel_app.{path.parent.name}.{path.stem}"
        if any(within(name, "pyxel") for name in imported_modules(path.read_text(encoding="utf-8"), module)):
            offenders.append(path.name)
    assert offenders == []


def bench_imports(source: str) -> list[str]:
    return [name for name in imported_modules(source, "tests.test_x") if within(name, BENCH)]


def test_no_test_module_imports_the_bench():
    offenders = {path.name: bench_imports(path.read_text(encoding="utf-8")) for path in sorted(TESTS.rglob("*.py"))}
    assert "conftest.py" in offenders and "test_purity.py" in offenders
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_bench_import_check_catches_every_spelling():
    planted = [
        "import pyxel_app.bench",
        "from pyxel_app import bench",
        "from pyxel_app.bench.fifteen import korf_instances",
        "def later():\n    from pyxel_app.bench import frames\n",
    ]
    for source in planted:
        assert bench_imports(source), source
    assert bench_imports("from pyxel_app.ai import fifteen\nimport pyxel_app.benchmarks") == []


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
