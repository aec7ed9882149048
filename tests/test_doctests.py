"""Every ``>>>`` example in the package runs, so a docstring cannot go stale unseen.

Modules are found by their files (``shell/`` and others are namespace packages that
``pkgutil.walk_packages`` does not enter) and picked by the ``>>>`` in their text; each
runs its examples with ``doctest``.  Modules that import pyxel import it without a window,
so none is left out.
"""

from __future__ import annotations

import doctest
import importlib
import types
from pathlib import Path

import pytest

import pyxel_app

PACKAGE = Path(pyxel_app.__file__).parent


def modules_with_examples() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def run_examples(module: types.ModuleType) -> tuple[doctest.TestResults, str]:
    """(failed and attempted examples, the report of the failures)."""
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder().find(module, module.__name__):
        runner.run(test, out=report.append)
    return doctest.TestResults(runner.failures, runner.tries), "".join(report)


def test_the_examples_are_found():
    assert {"pyxel_app.rules.connect4", "pyxel_app.games", "pyxel_app.shell.netplay"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_hold(name):
    results, report = run_examples(importlib.import_module(name))
    assert results.attempted > 0, f"{name} has '>>>' in its text but no example doctest finds"
    assert results.failed == 0, report


def test_a_stale_example_is_reported():
    module = types.ModuleType("stale", '>>> 1 + 1\n3\n')
    results, report = run_examples(module)
    assert results == (1, 1) and "Expected:\n    3\nGot:\n    2" in report
