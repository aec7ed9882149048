"""How the program ends on Ctrl-C, in one place for the command line and the window
(no pyxel here: ``__main__`` must not load the window's modules to print its usage)."""

from __future__ import annotations

import signal
import sys

INTERRUPTED = 128 + signal.SIGINT  # the shell's code for a program ended by Ctrl-C: 130


def interrupted() -> int:
    """End the ``^C`` the terminal echoed with a line break; the exit code to end with."""
    print(file=sys.stderr, flush=True)
    sys.stdout.flush()
    return INTERRUPTED
