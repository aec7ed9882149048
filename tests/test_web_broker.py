"""The browser plays by invite code: the web build's networking code, under Pyodide in Node with
npm's ``ws`` as the page's WebSocket, joins a game a desktop client hosts on a real mosquitto
(its WebSocket listener) and plays it to the end; both sides must hold the same game.  Then, as a
page without ``location`` (Node has none) and without WebSocket, it names no broker of its own
and says it cannot reach one.

The desktop host runs here, polled while Node runs; the browser's side runs the same
conversation (``shell/netplay.py``) at a bare table, its link through ``net/websocket.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import time

import pytest
from mosquitto import running_broker
from test_web_pyodide import HERE, PACKAGE, PYODIDE_VERSION, npm_packages

from pyxel_app.net import room
from pyxel_app.shell.netharness import BareTable
from pyxel_app.shell.netplay import HOST, NetGame

broker = pytest.fixture(scope="module")(running_broker)
NODE_SECONDS = 300

SNIPPET = r'''
import asyncio, json, random, sys
from pyxel_app.shell.netharness import BareTable
from pyxel_app.shell.netplay import JOIN, NetGame

web = BareTable("Web")
web.net = NetGame(web, JOIN, {url!r}, 0, None, code={code!r})
web.net.open()
rng = random.Random(11)
for frame in range(20000):
    web.update()
    if web.my_turn():
        web.play(web.rules.move_to_text(rng.choice(web.rules.legal_moves(web.state))))
    if web.has_game and web.over or web.net.stage in ("lost", "failed"):
        break
    await asyncio.sleep(0.005)
for frame in range(40):  # the last move's lines go out
    web.update()
    await asyncio.sleep(0.005)
answer = {{"platform": sys.platform, "stage": web.net.stage, "problem": web.net.problem,
          "moves": web.moves(), "names": web.names, "tcp link loaded": "pyxel_app.net.link" in sys.modules}}
web.net.close()  # BYE, DISCONNECT, and the page's WebSocket closed
# Node is a page without location (as a worker, or a page opened from a file); then without WebSocket.
from js import eval as javascript
from pyxel_app.net.room import connect_broker
from pyxel_app.net.websocket import page_broker
answer["page broker"] = page_broker()
javascript("delete globalThis.WebSocket")
answer["without WebSocket"] = connect_broker("wss://games.example.org/mqtt", lambda: 0.0).problem
json.dumps(answer)
'''


@pytest.fixture(scope="module")
def node_modules():
    return npm_packages(f"pyodide@{PYODIDE_VERSION}", "ws@8")


def test_the_browser_joins_by_code_and_plays_a_whole_game_against_a_desktop_host(node_modules, broker, tmp_path):
    code = room.new_code()
    host = BareTable("Desk")
    host.net = NetGame(host, HOST, broker.address, 0, 0, code=code)
    assert host.net.open()
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET.format(url=broker.url, code=code))
    # Files, not pipes: this side reads only once Node has ended, and an error's report can be long.
    out_file, err_file = open(tmp_path / "out.txt", "w+"), open(tmp_path / "err.txt", "w+")
    node = subprocess.Popen(["node", str(HERE / "web" / "run_pyodide.mjs"), str(node_modules / "pyodide"), str(PACKAGE),
                             str(snippet)], stdout=out_file, stderr=err_file, text=True)
    rng = random.Random(12)
    deadline = time.monotonic() + NODE_SECONDS
    try:
        while node.poll() is None and time.monotonic() < deadline:
            host.update()
            if host.my_turn():
                host.play(host.rules.move_to_text(rng.choice(host.rules.legal_moves(host.state))))
            time.sleep(0.002)
        node.wait(timeout=10)
    finally:
        if node.poll() is None:
            node.kill()
            node.wait()
        host.net.close()
        out, err = (end.seek(0) or end.read() for end in (out_file, err_file))
        out_file.close()
        err_file.close()
    assert node.returncode == 0, err[-2000:]
    answer = json.loads(out.strip().splitlines()[-1])
    assert answer["platform"] == "emscripten" and not answer["tcp link loaded"]
    assert answer["stage"] == "playing" and answer["problem"] == ""
    assert host.has_game and host.over and answer["moves"] == host.moves() and len(host.moves()) >= 7
    assert answer["names"] == host.names == ["Desk", "Web"]
    assert answer["page broker"] == "" and answer["without WebSocket"] == "no_websocket"  # said in words, no crash

