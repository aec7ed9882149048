"""The package's import graph has no circles.

Every import counts: at the top, inside a function, under ``if TYPE_CHECKING:``, relative or
absolute, and an ``importlib.import_module`` of a plain string.  Importing ``a.b.c`` also runs the
packages ``a`` and ``a.b`` first; those count too, except a package the importer is itself inside
(it is already being run).  A circle fails the test with its modules named in order.

``python tests/test_import_graph.py`` prints the graph's size and its longest chain.
"""

from __future__ import annotations

import sys
from pathlib import Path

from test_purity import DYNAMIC, imported_modules

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"


def module_files(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    modules = module_files(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        # the name the import resolver expects: a package's relative imports start inside it
        as_file = f"{name}.__init__" if path.name == "__init__.py" else name
        targets = set()
        for imported in imported_modules(path.read_text(encoding="utf-8"), as_file):
            if imported == DYNAMIC:
                continue
            # ``from pkg import name``: name is a module or something pkg defines
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if not imported:
                continue
            targets.add(imported)
            targets.update(parent for parent in ancestors(imported)
                           if parent in modules and parent not in ancestors(name) and parent != name)
        graph[name] = targets - {name}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module, each sorted, found without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def circle_through(graph: dict[str, set[str]], members: list[str]) -> list[str]:
    """One circle inside a component, from its first module back to it: the shortest."""
    inside, start = set(members), members[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & inside):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1] + [start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no circle through {start}")


def circles(package: Path) -> list[str]:
    """Each circle in the package's imports, as ``a -> b -> a``."""
    graph = import_graph(package)
    return [" -> ".join(circle_through(graph, members)) for members in strongly_connected(graph)]


def longest_chain(graph: dict[str, set[str]]) -> list[str]:
    """The longest path of imports (the graph has no circles)."""
    longest: dict[str, list[str]] = {}
    for root in sorted(graph):
        work = [root]
        while work:
            node = work[-1]
            waiting = [child for child in sorted(graph[node]) if child not in longest]
            if waiting:
                work.extend(waiting)
                continue
            work.pop()
            below = max((longest[child] for child in graph[node]), key=len, default=[])
            longest[node] = [node] + below
    return max(longest.values(), key=len)


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / next(iter(files)).split("/")[0]


def test_the_package_imports_no_circle():
    graph = import_graph(PACKAGE)
    assert len(graph) > 80 and "pyxel_app.shell.host" in graph["pyxel_app.shell.cartridge"]  # it reads the package
    assert circles(PACKAGE) == []


def test_a_circle_through_a_type_checking_import_and_a_function_is_found(tmp_path):
    package = write_package(tmp_path, {
        "planted/__init__.py": "",
        "planted/app.py": "from .screen import Screen\n",
        "planted/screen.py": ("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from .host import Host\n"),
        "planted/host.py": "def later():\n    from planted import app\n",
        "planted/leaf.py": "import os\n",
    })
    assert circles(package) == ["planted.app -> planted.screen -> planted.host -> planted.app"]


def test_a_package_and_the_module_that_imports_a_name_from_it_are_a_circle(tmp_path):
    """As the bench was: the package imports its modules, they import its helpers back."""
    package = write_package(tmp_path, {
        "planted/__init__.py": "from .tools import hammer\nDATA = 1\n",
        "planted/tools.py": "from . import DATA\nhammer = DATA\n",
    })
    assert circles(package) == ["planted -> planted.tools -> planted"]


def test_importing_a_module_runs_its_packages_first(tmp_path):
    package = write_package(tmp_path, {
        "planted/__init__.py": "",
        "planted/parts/__init__.py": "from ..board import draw\n",
        "planted/parts/screw.py": "",
        "planted/board.py": "import importlib\ndef draw():\n    importlib.import_module('planted.parts.screw')\n",
    })
    assert circles(package) == ["planted.board -> planted.parts -> planted.board"]


def test_a_package_without_circles_passes_and_its_chain_is_measured(tmp_path):
    package = write_package(tmp_path, {
        "planted/__init__.py": "from .top import run\n",
        "planted/top.py": "from .middle import step\nfrom . import leaf\n",
        "planted/middle.py": "from .leaf import LEAF\n",
        "planted/leaf.py": "LEAF = 1\n",
    })
    assert circles(package) == []
    assert longest_chain(import_graph(package)) == ["planted", "planted.top", "planted.middle", "planted.leaf"]


if __name__ == "__main__":
    graph = import_graph(PACKAGE)
    chain = longest_chain(graph)
    print(f"{len(graph)} modules, {sum(map(len, graph.values()))} edges, circles: {circles(PACKAGE) or 'none'}")
    print(f"longest chain ({len(chain)} modules): {' -> '.join(chain)}")
    sys.exit(1 if circles(PACKAGE) else 0)
