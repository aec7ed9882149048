"""The app's modules hold nothing the browser build cannot run, read from the source.

Under Pyodide there are no threads or processes, nothing may block the one thread (``input()``),
Pyxel's web runtime drives the frames itself (no ``pyxel.flip``) and must never be quit
(``pyxel.quit`` only on a branch the web never takes).  The desktop tools are not in the
.pyxapp and are not read.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
DESKTOP_TOOLS = ("bench", "build.py", "__main__.py", "shell/harness.py", "shell/snap.py", "shell/netharness.py",
                 "net/local_broker.py")
NO_WEB_MODULES = ("threading", "_thread", "multiprocessing", "subprocess", "socket", "concurrent.futures")
WEB_WORDS = ("web", "emscripten")
# Words without which no offence can be written: a module lacking them all is not parsed.
TRIGGERS = re.compile(r"\b(%s|flip|quit)\b|\binput\s*\(" % "|".join({name.split(".")[0] for name in NO_WEB_MODULES}))
# A module that may do one of the things above, with why it is safe there: its path under
# pyxel_app/ -> the offences allowed, as web_offences names them (e.g. "import socket").
# Add an entry only for code on a desktop-only branch, and say so in the comment.
ALLOWED: dict[str, frozenset[str]] = {
    # Network play's sockets: imported only when a game is hosted or joined, which the browser
    # never offers (setup.mode_choices), and refused there besides (netplay.open_link_factory).
    "net/link.py": frozenset({"import socket"}),
    # LAN announcements: the host and join screens open them only where network play is offered
    # on the LAN (app.network, never in the browser).
    "net/lan.py": frozenset({"import socket"}),
    # Knocking on the X11 or Wayland server before the window opens: display_problem returns
    # before it on the web (and app.main never asks there: the browser has its canvas).
    "shell/display.py": frozenset({"import socket"}),
}


def app_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if not any(name == tool or name.startswith(tool + "/") for tool in DESKTOP_TOOLS):
            modules[name] = path
    return modules


def no_web_module(name: str) -> bool:
    return any(name == module or name.startswith(module + ".") for module in NO_WEB_MODULES)


def mentions_the_web(test: ast.expr) -> bool:
    words = [node.id for node in ast.walk(test) if isinstance(node, ast.Name)]
    words += [node.attr for node in ast.walk(test) if isinstance(node, ast.Attribute)]
    words += [node.value for node in ast.walk(test) if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    return any(web in word.lower() for word in words for web in WEB_WORDS)


def on_a_desktop_branch(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """The nearest enclosing ``if`` (within the same function) asks about the web, and ``node``
    is on its desktop side: the body of ``if not web`` / ``!= "emscripten"``, or the else of ``if web``."""
    child, parent = node, parents.get(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, ast.If) and child is not parent.test:
            test = parent.test
            negated = (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)) or (
                isinstance(test, ast.Compare) and all(isinstance(op, (ast.NotEq, ast.IsNot, ast.NotIn)) for op in test.ops))
            return mentions_the_web(test) and negated == (child in parent.body)
        child, parent = parent, parents.get(parent)
    return False


def web_offences(source: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """``"line N: what"`` for each thing in ``source`` the web build cannot run."""
    if not TRIGGERS.search(source):
        return []
    nodes = list(ast.walk(ast.parse(source)))
    pyxel_names = {"pyxel"} | {alias.asname for node in nodes if isinstance(node, ast.Import)
                               for alias in node.names if alias.name == "pyxel" and alias.asname}
    parents: dict[ast.AST, ast.AST] = {}  # filled at the first pyxel.quit: few modules need it
    found = []
    for node in nodes:
        whats = []
        if isinstance(node, ast.Import):
            whats = [f"import {alias.name}" for alias in node.names if no_web_module(alias.name)]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            module = node.module or ""
            whats = [f"import {module}" for alias in node.names if no_web_module(f"{module}.{alias.name}")]
            if module == "pyxel":
                whats += [f"pyxel.{alias.name}" for alias in node.names if alias.name in ("flip", "quit")]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "input":
            whats = ["input()"]
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
              and isinstance(node.value, ast.Name) and node.value.id in pyxel_names):
            if node.attr == "flip":
                whats = ["pyxel.flip"]
            elif node.attr == "quit":
                parents = parents or {child: above for above in nodes for child in ast.iter_child_nodes(above)}
                if not on_a_desktop_branch(node, parents):
                    whats = ["pyxel.quit outside a desktop-only branch"]
        found += [f"line {node.lineno}: {what}" for what in whats if what not in allowed]
    return found


def test_the_app_modules_hold_nothing_the_web_build_cannot_run():
    modules = app_modules()
    assert {"shell/app.py", "session.py", "ai/fifteen.py", "cartridges/connect4.py"} <= set(modules)
    assert not any(name.startswith("bench/") or name == "shell/harness.py" for name in modules)
    offences = {name: web_offences(path.read_text(encoding="utf-8"), ALLOWED.get(name, frozenset()))
                for name, path in modules.items()}
    assert {name: found for name, found in offences.items() if found} == {}


def test_every_allowance_and_desktop_tool_names_a_real_module():
    assert all((PACKAGE / tool).exists() for tool in DESKTOP_TOOLS)
    assert set(ALLOWED) <= set(app_modules())


@pytest.mark.parametrize("source", [
    "import threading",
    "import _thread",
    "from multiprocessing import Pool",
    "import multiprocessing.pool",
    "def run():\n    import subprocess\n",
    "import socket",
    "from concurrent.futures import ThreadPoolExecutor",
    "from concurrent import futures",
    "name = input('Your name? ')",
    "import pyxel\ndef frame():\n    pyxel.flip()\n",
    "from pyxel import flip",
    "import pyxel\npyxel.quit()",
    "import pyxel\ndef quit(self):\n    pyxel.quit()\n",
    "import pyxel\ndef quit(self):\n    if self.web:\n        pyxel.quit()\n",
    "import pyxel\ndef quit(self):\n    if not self.saved:\n        pyxel.quit()\n",
    "import pyxel\nif not web:\n    def later():\n        pyxel.quit()\n",
    "import pyxel as px\ndef quit(self):\n    px.quit()\n",
    "import pyxel\nself.on_quit = pyxel.quit",
])
def test_the_web_check_catches_a_planted_offender(source):
    assert web_offences(source)


@pytest.mark.parametrize("source", [
    "import pyxel\ndef quit(self):\n    if not self.web:\n        pyxel.quit()\n",
    "import pyxel, sys\nif sys.platform != 'emscripten':\n    pyxel.quit()\n",
    "import pyxel\nif self.web:\n    self.message('bye')\nelse:\n    pyxel.quit()\n",
    "import pyxel\ndef step(self):\n    pyxel.btnp(pyxel.KEY_Q)\n",
    "import threading_free_helpers\nfrom .input import actions\nprint('no input here')",
])
def test_the_web_check_accepts_web_safe_code(source):
    assert web_offences(source) == []


def test_an_allowance_lets_exactly_its_offence_through():
    source = "import socket\nimport threading"
    assert web_offences(source, frozenset({"import socket"})) == ["line 2: import threading"]
