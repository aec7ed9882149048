"""Import boundaries, read from the source.

rules/, ai/ and puzzles/ never import pyxel, nor the parts of the package that do (they run in
tests, the CLI and Pyodide without it): no import of it at the top, inside a function, relative or through
``importlib.import_module``.  Tests never import the bench (it is exercised by running it).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
TESTS = Path(__file__).resolve().parent
PURE = ("rules", "ai", "puzzles")
BENCH = "pyxel_app.bench"
DYNAMIC = "<dynamic>"  # an import_module/__import__ whose name is not a plain string


def pure_modules():
    for folder in PURE:
        yield from sorted((PACKAGE / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def absolute(name: str, level: int, package: str) -> str:
    if not level:
        return name
    parent = package.rsplit(".", level - 1)[0] if level > 1 else package
    return f"{parent}.{name}" if name else parent


def dynamic_import(node: ast.Call, package: str) -> str | None:
    """The module an ``importlib.import_module(...)`` or ``__import__(...)`` call names."""
    func = node.func
    if not ((isinstance(func, ast.Name) and func.id in ("import_module", "__import__"))
            or (isinstance(func, ast.Attribute) and func.attr == "import_module")):
        return None
    first = node.args[0] if node.args else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return DYNAMIC
    name = first.value.lstrip(".")
    return absolute(name, len(first.value) - len(name), package)


def imported_modules(source: str, module: str) -> list[str]:
    """Every module (or ``module.name``) that ``source``, the text of the module named
    ``module``, imports anywhere (inside functions too), relative imports made absolute."""
    package = module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level, package)
            found += [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and (name := dynamic_import(node, package)):
            found.append(name)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def purity_offences(source: str, module: str) -> list[str]:
    """Imports of pyxel, of anything of ours outside rules/ and ai/ (the shell, cartridges
    and bench pull pyxel in), and imports by a name computed at run time."""
    return [name for name in imported_modules(source, module)
            if name == DYNAMIC or within(name, "pyxel")
            or (within(name, "pyxel_app") and not any(within(name, f"pyxel_app.{folder}") for folder in PURE))]


def test_no_pure_module_imports_pyxel_or_leaves_rules_and_ai():
    offences = {}
    for path in pure_modules():
        module = module_name(path)
        offences[module] = purity_offences(path.read_text(encoding="utf-8"), module)
    assert {"pyxel_app.ai.connect4", "pyxel_app.rules.__init__", "pyxel_app.puzzles.play"} <= set(offences)
    assert {module: found for module, found in offences.items() if found} == {}


@pytest.mark.parametrize("source, offence", [
    ("import pyxel", "pyxel"),
    ("from pyxel import btn", "pyxel.btn"),
    ("import pyxel.cli as cli", "pyxel.cli"),
    ("def draw():\n    import pyxel\n", "pyxel"),
    ("class Engine:\n    def step(self):\n        from pyxel import flip\n", "pyxel.flip"),
    ("import importlib\nimportlib.import_module('pyxel')", "pyxel"),
    ("from importlib import import_module\ndef late():\n    import_module('pyxel.cli')", "pyxel.cli"),
    ("__import__('pyxel')", "pyxel"),
    ("import importlib\nimportlib.import_module('py' + 'xel')", DYNAMIC),
    ("from ..shell import ui", "pyxel_app.shell.ui"),
    ("from .. import shell", "pyxel_app.shell"),
    ("from ..cartridges.connect4 import THINK_MS_PER_FRAME", "pyxel_app.cartridges.connect4.THINK_MS_PER_FRAME"),
    ("def later():\n    from ..bench import frames\n", "pyxel_app.bench.frames"),
    ("import pyxel_app.shell.app", "pyxel_app.shell.app"),
    ("import importlib\nimportlib.import_module('..shell.app', __package__)", "pyxel_app.shell.app"),
])
def test_the_purity_check_catches_a_planted_offender(source, offence):
    assert purity_offences(source, "pyxel_app.ai.planted") == [offence]


def test_the_purity_check_lets_rules_and_ai_import_each_other_and_the_stdlib():
    source = ("import random\nfrom importlib import resources\nfrom . import cooperative\n"
              "from .fifteen import FifteenSearch\nfrom ..rules.connect4 import RULES\n"
              "from ..rules import base\nimport pyxel_app.rules.fifteen\nimport pyxelart_helpers\n")
    assert purity_offences(source, "pyxel_app.ai.planted") == []


def bench_imports(source: str) -> list[str]:
    if "bench" not in source:  # no import of the bench can be spelt without the word
        return []
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
    modules = [module_name(path) for path in pure_modules() if path.stem != "__init__"]
    assert {"pyxel_app.rules.fifteen", "pyxel_app.puzzles.days"} <= set(modules)
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'pyxel' or m.startswith('pyxel.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
