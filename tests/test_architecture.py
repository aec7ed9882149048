"""How the package hangs together: who may import whom, and every string in both languages."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from pyxel_app import games
from pyxel_app.shell import strings

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"


def imported_packages(path: Path) -> set[str]:
    """The pyxel_app sub-packages a module imports (absolute, relative, or inside a function)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    here = parts[:-1]  # the package the module is in: where a relative import starts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[tuple[str, ...]] = []
        if isinstance(node, ast.Import):
            names = [tuple(alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = tuple((node.module or "").split(".")) if node.module else ()
            if node.level:
                base = here[: len(here) - node.level + 1] + base
            names = [base + (alias.name,) for alias in node.names] if not node.module else [base]
        for name in names:
            if len(name) >= 2 and name[0] == "pyxel_app":
                found.add(name[1])
    return found


def package_imports(package: str) -> set[str]:
    found = set()
    for path in (PACKAGE / package).rglob("*.py"):
        found |= imported_packages(path)
    return found - {package}


def test_the_shell_never_imports_the_cartridges():
    assert "shell" in package_imports("cartridges")  # the checker sees real imports
    assert "cartridges" not in package_imports("shell")


def test_the_registry_imports_only_pure_layers():
    assert package_imports("games") <= {"rules", "ai"}


def test_the_registry_loads_no_pyxel():
    code = (
        "import sys, pyxel_app.games as g\n"
        "for spec in g.GAMES: spec.rules.perft(spec.rules.initial_state(), 1)\n"
        "print(sorted(m for m in sys.modules if m == 'pyxel' or m.startswith('pyxel.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_app_imports_every_game_before_its_first_frame():
    """The menu previews and the engines are imported when the app starts, in a fresh process:
    an import inside a frame (10-50 ms) would stall it."""
    code = (
        "import sys, os\n"
        "from pyxel_app.shell.app import App, boot\n"
        "from pyxel_app.shell.storage import MemoryStorage\n"
        "boot(headless=True)\n"
        "App(storage=MemoryStorage(), seed=1)\n"
        "from pyxel_app.games import GAMES\n"
        "paths = [spec.cartridge or spec.view for spec in GAMES]\n"
        "paths += [f.path for spec in GAMES for f in (spec.engine, spec.solve) if hasattr(f, 'path')]\n"
        "print(len(paths), sorted({p.partition(':')[0] for p in paths} - set(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120,
                            env={**os.environ, "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    count, _, missing = result.stdout.strip().partition(" ")
    assert int(count) >= 2 * len(games.GAMES) and missing == "[]"


def test_english_and_german_have_the_same_keys_everywhere():
    assert set(strings.STRINGS["en"]) == set(strings.STRINGS["de"])
    for spec in games.GAMES:
        assert set(spec.strings["en"]) == set(spec.strings["de"]), spec.key
    assert set(strings.table("en")) == set(strings.table("de"))


def test_every_game_has_its_menu_words():
    for spec in games.GAMES:
        for key in ("name", "desc", "help"):
            assert strings.has(f"{spec.key}.{key}"), (spec.key, key)


def test_every_cli_name_finds_its_game():
    assert games.find("fifteen") is games.find("bypuzz")
    assert [spec.key for spec in games.GAMES][:2] == ["bypuzz", "connect4"]
