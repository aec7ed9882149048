"""What is let go is freed: no screen capture kept headless, no app kept by the garbage
collector's freeze, no solver kept by its own search, a bounded backlog of peg memos.

Together these held the suite's memory at 1.4 GB.  They are checked by what is freed (the
capture by how little a fresh process grows while it draws), never by timings.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import time
import weakref
from contextlib import contextmanager
from pathlib import Path

import pytest

from pyxel_app.ai import connect4, pegs
from pyxel_app.rules.connect4 import RULES as CONNECT4
from pyxel_app.rules.pegs import preset_board

ROOT = Path(__file__).resolve().parent.parent
FRAMES = 500


@contextmanager
def no_garbage_collector():
    """Only reference counts free anything: what is in a cycle stays."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_headless_screen_keeps_no_capture_of_its_frames(tmp_path):
    """Pyxel keeps the last seconds of frames for a video unless told not to; at a test's 1000 fps
    that was 10,000 screens.  A fresh process (the capture buffer fills once per process) boots
    headless and draws frames: its memory grows by far less than one screen a frame."""
    script = textwrap.dedent(f"""
        import pyxel
        from pyxel_app.shell import ui
        from pyxel_app.shell.app import boot

        def resident_kb():
            with open("/proc/self/status") as status:
                return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

        boot(headless=True, fps=1000)
        before = resident_kb()
        for _ in range({FRAMES}):
            pyxel.flip()
        print(resident_kb() - before, ui.WINDOW_W * ui.WINDOW_H // 1024)
    """)
    if not Path("/proc/self/status").exists():
        pytest.skip("reads the process's size from /proc (Linux)")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    grown_kb, screen_kb = map(int, result.stdout.split())
    assert grown_kb < FRAMES * screen_kb // 10, f"{grown_kb} KB more after {FRAMES} frames of {screen_kb} KB"


def test_an_app_let_go_is_freed_even_when_another_was_made_while_it_lived(pyxel_screen):
    """Boot puts what apps run on out of the collector's walks (a freeze), once, before any app.
    Each app froze all there was once it had begun: itself, with its screens that know it, never
    to be freed (every app of every test), and whatever its caller held then."""
    from pyxel_app.shell.app import App
    from pyxel_app.shell.harness import Driver
    from pyxel_app.shell.storage import MemoryStorage

    first = App(storage=MemoryStorage(), seed=7, web=False, network=False)
    Driver(first).frame()
    second = App(storage=MemoryStorage(), seed=7, web=False, network=False)
    Driver(second).frame()
    assert gc.get_freeze_count() > 0  # the modules and tables are still out of the walks
    apps = [weakref.ref(first), weakref.ref(second)]
    del first, second
    gc.collect()
    assert [app() for app in apps] == [None, None]


def test_a_connect4_search_dropped_halfway_lets_go_of_its_solver():
    """Its recursive search is a closure that calls itself (a cycle), untied when the search ends
    (tests/test_memo.py) and also when it is closed halfway, as a hint the player leaves is."""
    with no_garbage_collector():
        solver = connect4.Solver()
        solver.deadline = time.perf_counter()  # past: it yields at its first look at the clock
        search = solver.search(*connect4.position_of(CONNECT4.state_from_text("4444")))
        next(search)
        assert solver.nodes > 0  # it stopped inside the recursive search
        freed = [weakref.ref(solver), weakref.ref(solver.table.keys)]  # the table itself has no weak references
        del solver, search
        assert [ref() for ref in freed] == [None, None]


def test_the_memos_of_dropped_peg_solvers_wait_in_a_bounded_backlog(monkeypatch):
    """A dropped solver's memo parts wait to be freed a part per slice of a later search; when no
    search runs (a test making hundreds of solvers) the backlog grew without end, empty parts too."""
    backlog: list = []
    monkeypatch.setattr(pegs, "_RELEASED", backlog)
    board = preset_board("english")
    pegs.PegSolver(board)
    assert backlog == []  # a solver that learned nothing leaves nothing behind
    for _ in range(4):
        solver = pegs.PegSolver(board)
        for marbles in range(1, 3 * pegs.DEAD_SHARDS):
            solver.mark_dead(marbles)
        del solver
    assert backlog and all(backlog)
    assert len(backlog) <= pegs.DEAD_SHARDS
    assert sum(map(len, backlog)) <= pegs.DEAD_MEMO
