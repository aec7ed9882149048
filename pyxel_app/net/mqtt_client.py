"""One connection to an MQTT broker, polled once a frame: no threads, nothing waits.

Pure: the bytes go over a stream a connector hands over once it stands (a TCP socket on the
desktop, ``link.Connector``; the page's WebSocket in the browser, ``websocket.py``).  The
session connects with a clean session and a keep-alive, subscribes to its topics (its inbox,
and a waiting host's the room's lobby) and publishes at QoS 0; it hands on at most
``MESSAGES_PER_POLL`` messages a poll and reads no more from the broker while that many wait; a broker that sends what is not MQTT, refuses, does not answer or
drops the connection ends it with a word the match layer shows (``net.why.<word>``).
"""

from __future__ import annotations

import time
from collections import deque
from typing import Callable

from . import mqtt
from .mqtt import MqttError, Publish

KEEP_ALIVE = 30  # seconds: the broker drops a client silent for one and a half times this
PING_SECONDS = KEEP_ALIVE / 2  # a PINGREQ after this long without sending anything
ANSWER_SECONDS = 10.0  # CONNACK, SUBACK and PINGRESP come within this, or the broker is taken as gone
MAX_PACKET = 4096  # bytes: the largest packet taken from the broker (a game's lines are far shorter)
READ_LIMIT = 16 * 1024  # bytes read in one poll
INBOX_ID = 1  # the packet id of the one SUBSCRIBE
MESSAGES_PER_POLL = 32  # messages handed on in one poll; the rest wait for the next frame


class MqttSession:
    """Connected (``ready``) once the broker has accepted the connection and the subscription to
    ``inbox`` (a topic, or a tuple of them); ``poll`` returns what was published there since the
    last poll, at most ``MESSAGES_PER_POLL`` of it.

    ``connector`` has ``poll()`` (the stream once connected, else None), ``closed``, ``problem``.
    ``will`` (topic, payload) is what the broker publishes should this connection break.
    """

    def __init__(self, connector, client_id: str, username: str, inbox: str | tuple[str, ...],
                 will: tuple[str, bytes] | None = None,
                 clock: Callable[[], float] = time.monotonic, keep_alive: int = KEEP_ALIVE) -> None:
        self.connector = connector
        self.client_id, self.username, self.will = client_id, username, will
        self.topics = (inbox,) if isinstance(inbox, str) else tuple(inbox)
        self.waiting: deque[Publish] = deque()  # messages come, not yet handed on
        self.clock, self.keep_alive = clock, keep_alive
        self.stream = None
        self.stage = "connecting"  # then "connack", "suback", "ready"; "closed" at the end
        self.problem = self.detail = ""
        self.reader = mqtt.PacketReader(MAX_PACKET)
        self.asked = self.last_sent = clock()  # when the answer awaited was asked for; when this side last sent
        self.ping_out = False  # a PINGREQ awaits its PINGRESP

    @property
    def ready(self) -> bool:
        return self.stage == "ready"

    @property
    def closed(self) -> bool:
        return self.stage == "closed"

    @property
    def inbox(self) -> str:
        return self.topics[0]

    def poll(self, most: int = MESSAGES_PER_POLL) -> list[Publish]:
        if self.stage == "connecting":
            self.connect()
        if self.stream is None or self.closed:
            return []
        if len(self.waiting) < most:
            self.read()
        if self.stream.closed and not self.closed:
            self.fail("broker_lost" if self.ready else "broker_down", self.stream.problem)
        self.keep_up()
        return [self.waiting.popleft() for _ in range(min(most, len(self.waiting)))]

    def read(self) -> None:
        for data in self.stream.pieces(READ_LIMIT):
            try:
                for found in self.reader.feed(data):
                    self.waiting += self.take(found)
            except MqttError as error:
                self.fail("broker_garbage", str(error))

    def connect(self) -> None:
        self.stream = self.connector.poll()
        if self.stream is None:
            if self.connector.closed:
                self.fail(*broker_problem(self.connector.problem))
            return
        self.send(mqtt.encode_connect(self.client_id, self.keep_alive, self.username, self.will))
        self.stage, self.asked = "connack", self.clock()

    def take(self, found: mqtt.Packet) -> list[Publish]:
        """One packet from the broker: the messages it brings (a PUBLISH to the inbox)."""
        if found.kind == mqtt.CONNACK and self.stage == "connack":
            code = mqtt.parse_connack(found)
            if code:
                self.fail("broker_refused", str(code))
            else:
                self.send(mqtt.encode_subscribe(INBOX_ID, *self.topics))
                self.stage, self.asked = "suback", self.clock()
        elif found.kind == mqtt.SUBACK and self.stage == "suback":
            packet_id, codes = mqtt.parse_suback(found)
            if packet_id != INBOX_ID or codes != [0] * len(self.topics):
                self.fail("broker_refused", str(next((code for code in codes if code), mqtt.SUBACK_FAILURE)))
            else:
                self.stage = "ready"
        elif found.kind == mqtt.PUBLISH and self.ready:
            message = mqtt.parse_publish(found)
            return [message] if message.topic in self.topics else []
        elif found.kind == mqtt.PINGRESP_TYPE and self.stage != "connack":
            self.ping_out = False
        else:
            raise MqttError(f"packet type {found.kind} out of turn")
        return []

    def keep_up(self) -> None:
        """Ping a quiet connection; a broker that does not answer in time is gone."""
        if self.closed or self.stream is None:
            return
        now = self.clock()
        waiting = self.stage in ("connack", "suback") or self.ping_out
        if waiting and now - self.asked > ANSWER_SECONDS:
            self.fail("broker_silent", f"{ANSWER_SECONDS:g}")
        elif self.ready and not self.ping_out and now - self.last_sent >= PING_SECONDS:
            self.send(mqtt.PINGREQ)
            self.ping_out, self.asked = True, now

    def send(self, data: bytes) -> None:
        self.last_sent = self.clock()
        self.stream.write(data)

    def publish(self, topic: str, payload: bytes) -> None:
        if self.ready:
            self.send(mqtt.encode_publish(topic, payload))

    def fail(self, problem: str, detail: str = "") -> None:
        if self.closed:
            return
        self.problem, self.detail = problem, detail
        self.stage = "closed"
        if self.stream is not None:
            self.stream.close(problem)
        else:
            self.connector.close()

    def close(self) -> None:
        """This side leaves: DISCONNECT (the broker then sends no will), then nothing more."""
        if self.closed:
            return
        if self.stream is not None and not self.stream.closed:
            self.stream.write(mqtt.DISCONNECT)
            self.stream.close()
        elif self.stream is None:
            self.connector.close()
        self.stage = "closed"


def broker_problem(problem: str) -> tuple[str, str]:
    """Why the way to the broker could not be made, as (a ``net.why`` word, its detail)."""
    if problem.startswith("broker_"):
        return problem, ""
    return ("broker_unknown", "") if problem == "unknown_host" else ("broker_down", problem)
