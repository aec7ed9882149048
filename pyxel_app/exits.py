"""How the program ends on Ctrl-C (or SIGTERM), in one place for the command line and the window
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


def _raise_interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def terminate_as_interrupt():
    """From now on SIGTERM ends the program as Ctrl-C does (SDL catches it to post a quit event,
    which a run without a window never reads).  Returns the handler to put back, or None where
    Python cannot set one (not the main thread, no SIGTERM)."""
    try:
        return signal.signal(signal.SIGTERM, _raise_interrupt)
    except (ValueError, AttributeError):
        return None


def restore_terminate(previous) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)


def run_command(main, argv: list[str]) -> int:
    """``main(argv)`` of a command (``python -m pyxel_app``, ``python -m pyxel_app.bench.othello``): Ctrl-C or
    SIGTERM ends it with 130 and no traceback, as every command does; the exit code (``main``'s, or 0)."""
    try:
        previous = terminate_as_interrupt()
        try:
            code = main(argv)
        finally:
            restore_terminate(previous)
    except KeyboardInterrupt:
        return interrupted()
    return code or 0
