"""A real mosquitto for the tests, run with the repository's configuration (``broker/``) on free
loopback ports: a player's machine without it skips, CI (``CI=true``) fails saying what to install.

A test module makes its fixture of it: ``broker = pytest.fixture(scope="module")(running_broker)``.
"""

from __future__ import annotations

from pyxel_app.net.local_broker import INSTALL, BrokerMissing, LocalBroker

from missing import missing


def running_broker(tmp_path_factory):
    try:
        running = LocalBroker(tmp_path_factory.mktemp("mosquitto"))
    except BrokerMissing as error:
        missing(f"the broker tests need mosquitto: {error}", INSTALL)
    yield running
    running.stop()
