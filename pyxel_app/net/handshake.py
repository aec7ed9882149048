"""The secret two players of a room share once they met, and the seals it puts on their frames.

Pure, stdlib only (``secrets``, ``hashlib``, ``hmac``: in the browser too).  At the first
meeting the two sides agree on a room key by Diffie-Hellman in RFC 3526's 2048-bit MODP group
(group 14): each keeps a random 256-bit exponent and sends only ``2**x mod P``.  Whoever reads
the two public values learns nothing of the key, so nobody but the two players can work out
what follows from it: the client ids and inboxes the game moves to, and the tags that seal its
frames.  Every connection of the two (the first and each resume) mixes a fresh nonce of each
side into a link key, so a frame of an earlier connection is worth nothing in a later one.

>>> key = bytes(32)
>>> client_id(key, HOST_SIDE), len(client_id(key, CALLER_SIDE))
('he22a85a156298aeb419d92', 23)
>>> seal(key, b"D", 7, b"MOVE 1 4\\n") == seal(key, b"D", 7, b"MOVE 1 4\\n") != seal(key, b"D", 8, b"MOVE 1 4\\n")
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# RFC 3526, section 3: the 2048-bit MODP group (a safe prime) and its generator.
P = int("FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B"
        "302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE6"
        "49286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D"
        "670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF69558171"
        "83995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
G = 2
EXPONENT_BITS = 256  # twice the security the group gives (RFC 3526: some 110 bits)
PUBLIC_BYTES = 256
NONCE_BYTES = 16
TAG_BYTES = 16  # HMAC-SHA256, its first 128 bits
SEQ_BYTES = 4
POWER_PARTS = 8  # frames a modular power is spread over
WINDOW = 4  # bits of the exponent a step of the power takes at once
ID_HEX = 22  # hex digits of a K-derived client id after its side's letter: 23 characters, MQTT 3.1.1's most
HOST_SIDE, CALLER_SIDE = b"H", b"C"  # who sends: the direction every seal names


def new_exponent() -> int:
    return secrets.randbits(EXPONENT_BITS) | 1 << (EXPONENT_BITS - 1)


def public_value(exponent: int) -> bytes:
    """``G**exponent mod P`` as 256 bytes: what this side says in the open (one modular power, a few ms)."""
    return as_bytes(pow(G, exponent, P))


def as_bytes(value: int) -> bytes:
    return value.to_bytes(PUBLIC_BYTES, "big")


class Power:
    """``base**exponent mod P`` worked out a part a frame: in the browser one modular power may take
    longer than a frame (16.7 ms), an eighth of one does not.  Left to right, four bits at a time,
    from a table of ``base**0 .. base**15``: about the work of ``pow`` in one go.

    >>> power = Power(3, 2**255 + 12345)
    >>> [power.step() for _ in range(POWER_PARTS)], power.value == pow(3, 2**255 + 12345, P)
    ([False, False, False, False, False, False, False, True], True)
    """

    def __init__(self, base: int, exponent: int, parts: int = 0) -> None:
        top = -(-exponent.bit_length() // WINDOW) * WINDOW
        self.digits = [(exponent >> shift) & (2**WINDOW - 1) for shift in range(top - WINDOW, -1, -WINDOW)]
        self.per_step = -(-len(self.digits) // (parts or POWER_PARTS))
        self.table = [1, base % P]
        self.at = 0
        self.value = 1

    @property
    def done(self) -> bool:
        return self.at >= len(self.digits)

    def step(self) -> bool:
        """The next part (the exponent's next digits, highest first); True once the power is done."""
        table, value = self.table, self.value
        while len(table) < 2**WINDOW:
            table.append(table[-1] * table[1] % P)
        for digit in self.digits[self.at:self.at + self.per_step]:
            for _ in range(WINDOW):
                value = value * value % P
            if digit:
                value = value * table[digit] % P
        self.value, self.at = value, self.at + self.per_step
        return self.done


def read_public(data: bytes) -> int | None:
    """The other side's public value; None for one that is no group element worth a key (1, P-1, 0, P or more).

    >>> read_public(b"\\x00" * 255 + b"\\x01"), read_public((P - 1).to_bytes(256, "big")), read_public(b"\\x05")
    (None, None, None)
    """
    if len(data) != PUBLIC_BYTES:
        return None
    value = int.from_bytes(data, "big")
    return value if 1 < value < P - 1 else None


def room_key(code: str, shared: int, caller_public: bytes, host_public: bytes) -> bytes:
    """The key both sides work out from the shared power (the other's public value to this side's
    exponent), bound to the room and to both public values."""
    return hashlib.sha256(b"bypuzz room key\0" + code.encode("ascii") + caller_public + host_public
                          + as_bytes(shared)).digest()


def derive(key: bytes, label: bytes) -> bytes:
    return hmac.new(key, label, hashlib.sha256).digest()


def client_id(key: bytes, side: bytes) -> str:
    """The client id (and so the inbox) of ``side`` in the room of ``key``: only the two players can name it."""
    return side.decode("ascii").lower() + derive(key, b"client id " + side).hex()[:ID_HEX]


def link_key(key: bytes, caller_nonce: bytes, host_nonce: bytes) -> bytes:
    """The key of one connection of the two: a frame sealed under another connection's does not pass."""
    return derive(key, b"link " + caller_nonce + host_nonce)


def seal(key: bytes, kind: bytes, number: int, data: bytes, side: bytes = HOST_SIDE) -> bytes:
    """The tag over (who sends, what kind, its number, its bytes)."""
    message = side + kind + number.to_bytes(SEQ_BYTES, "big") + data
    return hmac.new(key, message, hashlib.sha256).digest()[:TAG_BYTES]


def sealed(key: bytes, tag: bytes, kind: bytes, number: int, data: bytes, side: bytes) -> bool:
    return hmac.compare_digest(tag, seal(key, kind, number, data, side))


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE_BYTES)
