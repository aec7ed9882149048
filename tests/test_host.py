"""The app as its screens see it (shell/host.py), and the parts it keeps apart: the dialog stack
(shell/dialogs.py) and the crash rescue (shell/crash.py)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from test_purity import imported_modules, module_name, within

from pyxel_app.shell import crash, palette
from pyxel_app.shell.dialogs import Dialogs
from pyxel_app.shell.host import Host

PACKAGE = Path(__file__).resolve().parent.parent / "pyxel_app"
MAX_CLASS_LINES, MAX_METHOD_LINES = 300, 60
# What drives the app rather than lives in it: these may import shell/app.py.
APP_DRIVERS = {"__main__.py", "build.py", "shell/snap.py", "bench/frames.py"}


def protocol_members(protocol: type) -> set[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {name for name, _ in inspect.getmembers(protocol) if not name.startswith("_")}
    return names - set(dir(object)) - {"register"}


def missing_members(thing: object, protocol: type) -> list[str]:
    return sorted(name for name in protocol_members(protocol) if not hasattr(thing, name))


def test_the_app_is_a_host(make_app):
    app, _ = make_app()
    assert {"sound", "storage", "confirm", "set_border", "think_ms", "leave_cartridge"} <= protocol_members(Host)
    assert missing_members(app, Host) == []


def test_a_host_without_a_member_is_told(make_app):
    class HalfHost:
        def sound(self, name: str) -> None:
            pass

    missing = missing_members(HalfHost(), Host)
    assert "storage" in missing and "confirm" in missing and "sound" not in missing


def undocumented_members(source: str, class_name: str = "Host") -> list[str]:
    """The members of ``class_name`` with no docstring (a method) or no comment line above (an attribute)."""
    lines = source.splitlines()
    found = next(node for node in ast.parse(source).body if isinstance(node, ast.ClassDef) and node.name == class_name)
    missing = []
    for node in found.body:
        if isinstance(node, ast.FunctionDef) and not ast.get_docstring(node):
            missing.append(node.name)
        elif isinstance(node, ast.AnnAssign) and not lines[node.lineno - 2].strip().startswith("#"):
            missing.append(node.target.id)
    return missing


def test_every_host_member_says_what_it_is():
    assert undocumented_members((PACKAGE / "shell" / "host.py").read_text(encoding="utf-8")) == []
    planted = "class Host:\n    # the folder\n    storage: int\n    rng: int\n    def sound(self): ...\n"
    assert undocumented_members(planted) == ["rng", "sound"]


def border_writes(source: str) -> list[int]:
    """Lines that assign to some object's ``border`` (only ``set_border`` may change it)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Attribute) and target.attr == "border"]


def test_the_border_is_written_through_its_setter_only(make_app):
    writes = {path.relative_to(PACKAGE).as_posix(): border_writes(path.read_text(encoding="utf-8"))
              for path in PACKAGE.rglob("*.py")}
    assert {name: lines for name, lines in writes.items() if lines} == {}
    assert border_writes("def draw(self):\n    self.app.border = 3\n") == [2]
    app, _ = make_app()
    with pytest.raises(AttributeError):
        app.border = palette.RED
    app.set_border(palette.RED)
    assert app.border == palette.RED
    app.set_border()
    assert app.border == palette.BORDER


def test_no_screen_imports_the_app():
    """A screen knows the Host, never the app: only what starts and drives the app imports it."""
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        module = module_name(path)
        if any(within(name, "pyxel_app.shell.app") for name in imported_modules(path.read_text(encoding="utf-8"), module)):
            importers.add(path.relative_to(PACKAGE).as_posix())
    assert "shell/snap.py" in importers
    assert importers <= APP_DRIVERS


def sizes(source: str, class_name: str) -> tuple[int, dict[str, int]]:
    """The lines of class ``class_name`` and of each of its methods."""
    found = next(node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef) and node.name == class_name)
    methods = {node.name: node.end_lineno - node.lineno + 1 for node in found.body
               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return found.end_lineno - found.lineno + 1, methods


def test_the_app_is_small():
    lines, methods = sizes((PACKAGE / "shell" / "app.py").read_text(encoding="utf-8"), "App")
    assert lines <= MAX_CLASS_LINES and max(methods.values()) <= MAX_METHOD_LINES, (lines, methods)
    planted = "class App:\n    def grown(self):\n" + "        pass\n" * MAX_METHOD_LINES
    assert sizes(planted, "App") == (MAX_METHOD_LINES + 2, {"grown": MAX_METHOD_LINES + 1})


class Dialog:
    queues = True

    def __init__(self, name: str) -> None:
        self.name = name


class Page(Dialog):
    queues = False


def test_dialogs_queue_and_pages_open_at_once():
    dialogs = Dialogs(host=None)
    first, second, page = Dialog("first"), Dialog("second"), Page("help")
    dialogs.open(first)
    dialogs.open(second)
    assert dialogs.shown == [first] and dialogs.waiting == [second] and dialogs.is_open(second)
    dialogs.open(page)
    assert dialogs.shown == [first, page]
    dialogs.close(second)  # taken back before its turn
    assert not dialogs.is_open(second) and dialogs.shown == [first, page]
    dialogs.open(second)
    dialogs.close(first)
    assert dialogs.shown == [page, second] and dialogs.waiting == []


class Broken:
    def in_progress(self) -> bool:
        return True

    def autosave(self) -> bool:
        raise OSError("disk gone")

    def close(self) -> None:
        raise RuntimeError("socket gone")


def test_a_rescue_reports_the_error_and_every_one_met_while_saving(make_app):
    app, _ = make_app()
    try:
        raise ValueError("the bug")
    except ValueError:
        rescued = crash.rescue(Broken())
    assert rescued.had_game and not rescued.saved
    assert rescued.report.index("the bug") < rescued.report.index("disk gone") < rescued.report.index("socket gone")
    assert "crash.log" in rescued.message(app.storage)


def test_the_crash_log_takes_a_sessions_share_and_no_more(make_app):
    app, _ = make_app()
    for crashes in range(1, crash.MAX_CRASH_REPORTS + 3):
        crash.log_crash(app.storage, f"report {crashes}\n", crashes)
    log = app.storage.read(crash.CRASH_LOG)
    assert f"report {crash.MAX_CRASH_REPORTS}\n" in log and f"report {crash.MAX_CRASH_REPORTS + 1}\n" not in log
