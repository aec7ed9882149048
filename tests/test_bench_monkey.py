"""``bench --monkey``: random frames over every cartridge on a damaged real folder, no exception.

Run as a player runs it (the command line), so no test imports the bench."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_short_monkey_run_meets_no_exception(tmp_path):
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "pyxel_app", "bench", "--monkey", "600", "--seed", "4"],
                            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    figures = dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    assert figures["monkey seed"] == "4"  # the seed a slow frame was met with can be given again
    assert int(figures["monkey frames run"]) >= 600
    assert figures["monkey exceptions"] == "0", result.stdout[-3000:]
    assert "Menu" in figures["monkey worst by screen"]
