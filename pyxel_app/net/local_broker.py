"""mosquitto with the repository's configuration (``broker/``) on free loopback ports: a desktop
tool for the tests and the bench (``python -m pyxel_app bench``), never part of the game.

The configuration is the one a server runs, only its two listeners moved to loopback ports
and its ACL file named where it lies, so what the tests prove of the broker holds for it.
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent.parent
CONFIG = REPOSITORY / "broker" / "mosquitto.conf"
ACL = REPOSITORY / "broker" / "bypuzz.acl"
LOOPBACK = "127.0.0.1"
INSTALL = "install mosquitto (Debian: apt-get install -y mosquitto)"
MIN_VERSION = (2, 0)  # the configuration's options (retain_available, max_packet_size, ...) and 2.0's defaults
INSTALL_NEWER = "install mosquitto 2.0 or later (Debian bookworm or Ubuntu 22.04: apt-get install -y mosquitto; " \
                "else https://mosquitto.org/download/)"
START_SECONDS = 10.0


class BrokerMissing(RuntimeError):
    """mosquitto is not installed here (or the repository's configuration is not beside the package)."""


def mosquitto_path() -> str | None:
    found = shutil.which("mosquitto")
    return found or next((path for path in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto") if os.access(path, os.X_OK)),
                         None)


def mosquitto_version(program: str) -> tuple[int, ...]:
    """The version ``program -h`` names (``mosquitto version 2.0.11``); () when it names none."""
    try:
        said = subprocess.run([program, "-h"], capture_output=True, text=True, timeout=START_SECONDS)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    found = re.search(r"mosquitto version (\d+)\.(\d+)(?:\.(\d+))?", said.stdout + said.stderr)
    return tuple(int(part) for part in found.groups() if part is not None) if found else ()


def check_version(version: tuple[int, ...]) -> None:
    """BrokerMissing, saying what to install, for a mosquitto older than ``MIN_VERSION``.

    >>> check_version((2, 0, 11))
    >>> check_version((1, 6, 9))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pyxel_app.net.local_broker.BrokerMissing: mosquitto 1.6.9 is older than 2.0: install mosquitto 2.0 or later ...
    """
    if version[:2] < MIN_VERSION:
        shown = ".".join(map(str, version)) if version else "of no known version"
        raise BrokerMissing(f"mosquitto {shown} is older than {'.'.join(map(str, MIN_VERSION))}: {INSTALL_NEWER}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def local_config(text: str, tcp_port: int, ws_port: int, acl: Path) -> str:
    """The shipped configuration with its listeners on loopback ports and the ACL file's path;
    ValueError when it no longer has what is moved (so a changed file is not run half-moved).
    Each listener is told its family too: mosquitto 2.0.11's WebSocket listener binds every
    address without it, whatever address it is given."""
    moved = {"listener 1883": f"listener {tcp_port} {LOOPBACK}", "listener 8080 127.0.0.1": f"listener {ws_port} {LOOPBACK}"}
    lines, found = [], set()
    for line in text.splitlines():
        key = line.split("#", 1)[0].strip()
        if key.startswith("socket_domain "):
            continue
        if key in moved:
            found.add(key)
            line = f"{moved[key]}\nsocket_domain ipv4"
        elif key.startswith("acl_file "):
            found.add("acl_file")
            line = f"acl_file {acl}"
        lines.append(line)
    if found != {*moved, "acl_file"}:
        raise ValueError(f"{CONFIG} lacks {sorted({*moved, 'acl_file'} - found)}")
    # Started by root, mosquitto becomes the user "mosquitto", which may not read a test's folder: it
    # stays whoever started it, as a local tool should.
    lines.append(f"user {getpass.getuser()}")
    return "\n".join(lines) + "\n"


class LocalBroker:
    """mosquitto with the repository's configuration on free loopback ports, until ``stop``."""

    def __init__(self, folder: Path, acl: Path = ACL) -> None:
        """``acl``: another ACL file in place of the repository's (a test plants a looser one)."""
        program = mosquitto_path()
        if program is None or not CONFIG.is_file():
            raise BrokerMissing(INSTALL if program is None else f"no {CONFIG}")
        check_version(mosquitto_version(program))
        self.tcp_port, self.ws_port = free_port(), free_port()
        config = Path(folder) / "mosquitto.conf"
        config.write_text(local_config(CONFIG.read_text(encoding="utf-8"), self.tcp_port, self.ws_port, acl))
        self.log = Path(folder) / "mosquitto.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([program, "-c", str(config)], stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, preexec_fn=more_files)
        self.wait_until_up()

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.tcp_port}"

    @property
    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.ws_port}/"

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection((LOOPBACK, self.tcp_port), timeout=1).close()
                socket.create_connection((LOOPBACK, self.ws_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not start: {self.output()[-500:]}")

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def more_files() -> None:
    """The broker's own limit on open files, raised to the hard limit: a thousand rooms are two thousand sockets."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
