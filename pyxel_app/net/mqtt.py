"""MQTT 3.1.1 packets, as bytes: what a game needs to meet another through a broker, nothing more.

Pure (no sockets, no pyxel): the desktop's socket and the browser's WebSocket carry the same
bytes (``mqtt_client.py``).  A client here connects with a clean session, subscribes and
publishes at QoS 0, pings and disconnects; it reads CONNACK, SUBACK, PUBLISH and PINGRESP.
A packet is a fixed header (type and flags in one byte, then the remaining length in one to
four bytes of seven bits) and its body (OASIS MQTT 3.1.1, section 2).

>>> encode_publish("bypuzz/ROOM/x", b"hi")
b'0\\x11\\x00\\rbypuzz/ROOM/xhi'
>>> reader = PacketReader()
>>> reader.feed(encode_publish("t", b"1") + PINGRESP[:1]), reader.feed(PINGRESP[1:])
([Packet(kind=3, flags=0, body=b'\\x00\\x01t1')], [Packet(kind=13, flags=0, body=b'')])
>>> parse_publish(reader.feed(encode_publish("t", b"move"))[0])
Publish(topic='t', payload=b'move')
"""

from __future__ import annotations

from dataclasses import dataclass

# Packet types (the high four bits of the first byte).
CONNECT, CONNACK, PUBLISH, PUBACK, PUBREC, PUBREL, PUBCOMP = 1, 2, 3, 4, 5, 6, 7
SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK, PINGREQ_TYPE, PINGRESP_TYPE, DISCONNECT_TYPE = 8, 9, 10, 11, 12, 13, 14
# The flags each type must carry (PUBLISH's say its QoS, retain and duplicate: checked when it is read).
FIXED_FLAGS = {CONNECT: 0, CONNACK: 0, PUBACK: 0, PUBREC: 0, PUBREL: 2, PUBCOMP: 0, SUBSCRIBE: 2, SUBACK: 0,
               UNSUBSCRIBE: 2, UNSUBACK: 0, PINGREQ_TYPE: 0, PINGRESP_TYPE: 0, DISCONNECT_TYPE: 0}
MAX_REMAINING = 268_435_455  # four bytes of seven bits
PROTOCOL_LEVEL = 4  # 3.1.1
CLEAN_SESSION, WILL_FLAG, PASSWORD_FLAG, USERNAME_FLAG = 0x02, 0x04, 0x40, 0x80
SUBACK_FAILURE = 0x80
PINGREQ = bytes([PINGREQ_TYPE << 4, 0])
PINGRESP = bytes([PINGRESP_TYPE << 4, 0])
DISCONNECT = bytes([DISCONNECT_TYPE << 4, 0])
# CONNACK's return codes: 0 accepted; the rest say why not (section 3.2.2.3).
REFUSED = {1: "protocol version", 2: "client id", 3: "server unavailable", 4: "user name or password",
           5: "not authorised"}


class MqttError(ValueError):
    """Bytes that are no MQTT packet, or a packet that breaks a rule; the connection is closed."""


@dataclass(frozen=True)
class Packet:
    kind: int
    flags: int
    body: bytes


@dataclass(frozen=True)
class Publish:
    topic: str
    payload: bytes


def encode_length(length: int) -> bytes:
    """The remaining length in seven-bit groups, least first, the top bit saying more follow.

    >>> encode_length(127), encode_length(128), encode_length(16_384)
    (b'\\x7f', b'\\x80\\x01', b'\\x80\\x80\\x01')
    """
    if not 0 <= length <= MAX_REMAINING:
        raise ValueError(f"a packet of {length} bytes")
    out = bytearray()
    while True:
        length, digit = divmod(length, 128)
        out.append(digit | (0x80 if length else 0))
        if not length:
            return bytes(out)


def encode_string(text: str) -> bytes:
    data = text.encode("utf-8")
    if len(data) > 0xFFFF or "\0" in text:
        raise ValueError(f"cannot send {text[:20]!r} as an MQTT string")
    return len(data).to_bytes(2, "big") + data


def packet(kind: int, body: bytes, flags: int | None = None) -> bytes:
    return bytes([kind << 4 | (FIXED_FLAGS.get(kind, 0) if flags is None else flags)]) + encode_length(len(body)) + body


def encode_connect(client_id: str, keep_alive: int, username: str = "", will: tuple[str, bytes] | None = None) -> bytes:
    """CONNECT with a clean session (nothing is kept for this client between connections) and,
    with ``will``, the message (topic, payload, QoS 0, not retained) the broker sends for it
    should the connection break without a DISCONNECT."""
    flags = CLEAN_SESSION | (USERNAME_FLAG if username else 0) | (WILL_FLAG if will else 0)
    body = encode_string("MQTT") + bytes([PROTOCOL_LEVEL, flags]) + keep_alive.to_bytes(2, "big")
    body += encode_string(client_id)
    if will:
        body += encode_string(will[0]) + len(will[1]).to_bytes(2, "big") + will[1]
    if username:
        body += encode_string(username)
    return packet(CONNECT, body)


def encode_subscribe(packet_id: int, topic: str, *more: str) -> bytes:
    """SUBSCRIBE to ``topic`` (and ``more``) at QoS 0.

    >>> encode_subscribe(1, "a", "bc")
    b'\\x82\\x0b\\x00\\x01\\x00\\x01a\\x00\\x00\\x02bc\\x00'
    """
    body = b"".join(encode_string(each) + b"\0" for each in (topic, *more))
    return packet(SUBSCRIBE, packet_id.to_bytes(2, "big") + body)


def encode_publish(topic: str, payload: bytes) -> bytes:
    """PUBLISH at QoS 0, not retained (the broker keeps nothing for later)."""
    if any(ch in topic for ch in "+#") or not topic:
        raise ValueError(f"cannot publish to {topic[:40]!r}")
    return packet(PUBLISH, encode_string(topic) + payload, flags=0)


class PacketReader:
    """Bytes in any pieces -> whole packets.  A packet over ``max_packet`` bytes, a length in
    more than four bytes or flags a type may not carry is an MqttError: the connection ends."""

    def __init__(self, max_packet: int = MAX_REMAINING + 5) -> None:
        self.max_packet = max_packet
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[Packet]:
        self.buffer += data
        packets = []
        while True:
            header = self.header()
            if header is None:
                return packets
            start, length = header
            if start + length > self.max_packet:
                raise MqttError(f"a packet of {start + length} bytes (at most {self.max_packet})")
            if len(self.buffer) < start + length:
                return packets
            first = self.buffer[0]
            kind, flags = first >> 4, first & 0x0F
            body = bytes(self.buffer[start:start + length])
            del self.buffer[:start + length]
            if kind not in FIXED_FLAGS and kind != PUBLISH:
                raise MqttError(f"packet type {kind} is none of MQTT's")
            if kind != PUBLISH and flags != FIXED_FLAGS[kind]:
                raise MqttError(f"packet type {kind} with flags {flags:#x}")
            packets.append(Packet(kind, flags, body))

    def header(self) -> tuple[int, int] | None:
        """(where the body starts, its length) of the first packet, or None until its header is in."""
        length, shift = 0, 0
        for index in range(1, 5):
            if index >= len(self.buffer):
                return None
            byte = self.buffer[index]
            length |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return index + 1, length
            shift += 7
        raise MqttError("a remaining length longer than four bytes")


def read_string(body: bytes, at: int) -> tuple[str, int]:
    """The string at ``at`` and where the next field starts."""
    if at + 2 > len(body):
        raise MqttError("a string cut short")
    end = at + 2 + int.from_bytes(body[at:at + 2], "big")
    if end > len(body):
        raise MqttError("a string longer than its packet")
    try:
        text = body[at + 2:end].decode("utf-8")
    except UnicodeDecodeError:
        raise MqttError("a string that is not UTF-8") from None
    if "\0" in text:
        raise MqttError("a string with a null character")
    return text, end


def parse_connack(found: Packet) -> int:
    """CONNACK's return code (0: accepted)."""
    if found.kind != CONNACK or len(found.body) != 2 or found.body[0] & 0xFE:
        raise MqttError("a CONNACK of the wrong shape")
    return found.body[1]


def parse_suback(found: Packet) -> tuple[int, list[int]]:
    """(packet id, the granted QoS of each topic or SUBACK_FAILURE)."""
    if found.kind != SUBACK or len(found.body) < 3:
        raise MqttError("a SUBACK of the wrong shape")
    codes = list(found.body[2:])
    if any(code not in (0, 1, 2, SUBACK_FAILURE) for code in codes):
        raise MqttError("a SUBACK with an unknown return code")
    return int.from_bytes(found.body[:2], "big"), codes


def parse_publish(found: Packet) -> Publish:
    """A PUBLISH's topic and payload.  Only QoS 0 is asked for, so a QoS of 1 or 2 breaks the
    rules here, as does the QoS 3 that none has."""
    if found.kind != PUBLISH:
        raise MqttError("not a PUBLISH")
    if (found.flags >> 1) & 3:
        raise MqttError(f"a PUBLISH at QoS {(found.flags >> 1) & 3}, none was asked for")
    topic, at = read_string(found.body, 0)
    if not topic or any(ch in topic for ch in "+#"):
        raise MqttError("a PUBLISH to no single topic")
    return Publish(topic, found.body[at:])
