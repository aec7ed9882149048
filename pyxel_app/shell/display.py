"""Whether a window can open here, found before ``pyxel.init``.

Without a display Pyxel aborts natively (a panic and a traceback); with one that names a
server nobody runs (a stale ssh session's ``DISPLAY``, a bogus ``WAYLAND_DISPLAY``) SDL
falls back to drawing nowhere and the app runs invisibly for ever.  So the display the
environment names is knocked on first, as SDL would: X11 on its socket, Wayland on its
socket in ``$XDG_RUNTIME_DIR``.  No pyxel here, and sockets only on a desktop (the web build has none).
"""

from __future__ import annotations

import os
import re
import sys

X11_SOCKET = "/tmp/.X11-unix/X{number}"
X11_TCP_PORT = 6000  # plus the display number
CONNECT_SECONDS = 3.0  # a remote X server (ssh -X forwards to localhost) answers far sooner
# [protocol/][host]:number[.screen], as Xlib reads DISPLAY
X11_DISPLAY = re.compile(r"(?:(?P<protocol>[a-z]+)/)?(?P<host>[^:/]*):(?P<number>\d+)(?:\.\d+)?")


class NoDisplayError(OSError):
    """No screen to open a window on; the command line prints it as one line."""


def display_problem(environ=os.environ, platform: str = sys.platform) -> str:
    """Why a window cannot open here, or "": SDL told to draw nowhere, or on Linux no X11 or
    Wayland server at the display the environment names."""
    if platform == "emscripten":
        return ""
    driver = environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return f"no display found (SDL_VIDEODRIVER={environ['SDL_VIDEODRIVER']})"
    if not platform.startswith(("linux", "freebsd")):
        return ""
    x11, wayland = environ.get("DISPLAY", ""), environ.get("WAYLAND_DISPLAY", "")
    if not (x11 or wayland):
        return "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    # SDL tries X11, then Wayland, unless told which; a display it is not told to use does not count.
    named = [("DISPLAY", x11, x11_answers), ("WAYLAND_DISPLAY", wayland, lambda name: wayland_answers(name, environ))]
    tried = [(variable, value, answers) for variable, value, answers in named
             if value and driver in ("", "x11" if variable == "DISPLAY" else "wayland")]
    if not tried or any(answers(value) for _, value, answers in tried):
        return ""
    names = " or ".join(f"{variable}={value[:40]!r}" for variable, value, _ in tried)
    return f"no display found (no server answers at {names})"


def x11_answers(display: str) -> bool:
    """An X server listens at ``display`` (``:0``, ``unix:0``, ``localhost:10.0``).  A form this
    does not know is left to SDL."""
    match = X11_DISPLAY.fullmatch(display)
    if match is None:
        return True
    import socket

    number, host = int(match["number"]), match["host"]
    if host in ("", "unix") and match["protocol"] in (None, "unix", "local"):
        path = X11_SOCKET.format(number=number)
        # Linux X servers listen on an abstract socket of the same name too (it outlives /tmp cleaners).
        return any(unix_answers(address) for address in ("\0" + path, path))
    try:
        with socket.create_connection((host or "localhost", X11_TCP_PORT + number), timeout=CONNECT_SECONDS):
            return True
    except (OSError, ValueError, OverflowError):  # ValueError: a name IDNA cannot encode
        return False


def wayland_answers(name: str, environ=os.environ) -> bool:
    """A Wayland compositor listens at ``name`` (a path, or a name in ``$XDG_RUNTIME_DIR``)."""
    runtime_dir = environ.get("XDG_RUNTIME_DIR", "")
    if not os.path.isabs(name) and not runtime_dir:
        return False
    return unix_answers(os.path.join(runtime_dir, name))


def unix_answers(address: str) -> bool:
    import socket

    if not hasattr(socket, "AF_UNIX"):
        return True
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(CONNECT_SECONDS)
        try:
            probe.connect(address)
        except (OSError, ValueError):  # ValueError: a NUL inside a name that is no abstract socket
            return False
    return True
