"""The page's WebSocket as a stream: how the browser reaches the broker (it has no sockets).

Browser only (Pyodide's ``js`` module, imported when a broker is reached from the web build).
The WebSocket's events run between frames and only put what came into a queue; the frame
polls it like any other stream, so nothing here waits or runs on its own.  Binary frames
carry the MQTT bytes, under the "mqtt" subprotocol a broker's WebSocket listener expects.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Callable

from .stream import Stream

CONNECT_SECONDS = 10.0
OPEN, CLOSING = 1, 2  # WebSocket.readyState
SUBPROTOCOL = "mqtt"
EVENTS = ("message", "close")  # what the page's WebSocket tells, each to a Python function (a proxy)


def page_broker() -> str:
    """The broker where the page comes from: its WebSocket at /mqtt (README); "" where the page has
    no server of its own (``file://``) or no ``location`` (a worker, Node)."""
    try:
        from js import location

        scheme, host = {"https:": "wss", "http:": "ws"}.get(location.protocol), location.host
    except (ImportError, AttributeError):
        return ""
    return f"{scheme}://{host}/mqtt" if scheme and host else ""


class WebSocketStream(Stream):
    def __init__(self, socket, incoming: deque, ended: list, proxies: list) -> None:
        super().__init__()
        self.socket, self.incoming, self.ended, self.proxies = socket, incoming, ended, proxies

    def send_some(self, data: bytes) -> int:
        from pyodide.ffi import to_js

        if self.socket.readyState != OPEN:
            self.close("cut")
            return 0
        if self.socket.bufferedAmount > self.out_limit:  # the page's own queue: the other end does not read
            self.close("flood")
            return 0
        self.socket.send(to_js(data))
        return len(data)

    def receive_some(self, limit: int) -> bytes | None:
        if self.incoming:
            data = self.incoming.popleft()
            if len(data) > limit:
                self.incoming.appendleft(data[limit:])
                data = data[:limit]
            return data
        if self.ended:
            return b""
        return None

    def release(self, last: bytes) -> None:
        if last and self.socket.readyState == OPEN:
            self.send_some(last)
        let_go(self.socket, self.proxies)


class WebSocketConnector:
    """A WebSocket being opened to ``url``; ``poll`` gives the stream once it is open."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic,
                 connect_seconds: float = CONNECT_SECONDS) -> None:
        self.clock, self.started, self.connect_seconds = clock, clock(), connect_seconds
        self.closed = self.handed = False
        self.problem = self.detail = ""
        self.incoming: deque[bytes] = deque()
        self.ended: list[bool] = []
        self.socket, self.proxies = None, []
        try:
            from js import WebSocket
            from pyodide.ffi import create_proxy
        except ImportError:  # a page (or a worker) without WebSocket reaches no broker
            self.fail("no_websocket")
            return
        try:
            self.socket = WebSocket.new(url, SUBPROTOCOL)
        except Exception:  # a URL the page refuses (a SyntaxError in JavaScript)
            self.socket = None
            self.fail("unknown_host")
            return
        self.socket.binaryType = "arraybuffer"
        self.proxies = [create_proxy(self.on_message), create_proxy(self.on_close)]
        for event, proxy in zip(EVENTS, self.proxies):
            self.socket.addEventListener(event, proxy)

    def on_message(self, event) -> None:
        data = event.data
        if not isinstance(data, str):
            self.incoming.append(data.to_bytes())

    def on_close(self, event) -> None:
        self.ended.append(True)

    def poll(self) -> WebSocketStream | None:
        if self.closed:
            return None
        if self.socket.readyState == OPEN:
            self.closed = self.handed = True
            return WebSocketStream(self.socket, self.incoming, self.ended, self.proxies)
        if self.ended or self.socket.readyState >= CLOSING:
            self.fail("refused")
        elif self.clock() - self.started > self.connect_seconds:
            self.fail("silent", f"{self.connect_seconds:g}")
        return None

    def fail(self, problem: str, detail: str = "") -> None:
        self.problem, self.detail = problem, detail
        self.close()

    def close(self) -> None:
        """Give up opening; once the stream was handed over, it is the stream's to close."""
        self.closed = True
        if self.socket is not None and not self.handed:
            let_go(self.socket, self.proxies)


def let_go(socket, proxies: list) -> None:
    """Close ``socket`` and free the Python functions its events called: unhooked first, since a
    message already on its way would otherwise call a function that is gone (an error in the page)."""
    for event, proxy in zip(EVENTS, proxies):
        socket.removeEventListener(event, proxy)
    socket.close()
    for proxy in proxies:
        proxy.destroy()
    proxies.clear()
