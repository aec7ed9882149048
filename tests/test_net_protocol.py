"""The network protocol's lines: round-trips, refusals, and random bytes that never escape as
anything but a ProtocolError."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyxel_app.net.protocol import (MAX_LINE, Command, Decoder, ProtocolError, digest, error, format_command,
                                    hello, hello_fields, parse_line)

from any_text import any_text

FUZZ = settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))

GOOD = [
    Command("HELLO", 1, "connect4 standard 1"),
    Command("HELLO", 1, "draughts international 2 Zoë Müller"),
    Command("MOVE", 1, "4"),
    Command("MOVE", 17, "32x23x14"),
    Command("UNDO", 4), Command("UNDO-OK", 4), Command("UNDO-NO"),
    Command("DRAW"), Command("DRAW-OK"), Command("DRAW-NO"), Command("RESIGN"),
    Command("NEW"), Command("NEW-OK"), Command("NEW-NO"),
    Command("RESUME", 12, digest(["4", "4"])),
    Command("PING"), Command("PONG"), Command("ERROR", None, "column 4 is full"), Command("BYE"),
]


@pytest.mark.parametrize("command", GOOD, ids=lambda c: c.verb)
def test_every_command_reads_back_as_written(command):
    line = format_command(command)
    assert line.endswith("\n") and line.count("\n") == 1
    assert parse_line(line[:-1]) == command
    assert Decoder().feed(line.encode("utf-8")) == [command]


@pytest.mark.parametrize("line", [
    "", "move 1 4", "MOVE", "MOVE 1", "MOVE x 4", "MOVE -1 4", "MOVE 1000000 4", "MOVE 1 ", "PING now",
    "HELLO 1 connect4", "HELLO 1 connect4 standard 3", "HELLO one connect4 standard 1", "HELLO 1 con/nect4 standard 1",
    "RESUME 3 nothex", "UNDO", "UNDO-OK", "DRAW 1", "EVAL __import__('os')", "MOVE 1 4\x00", "ERROR a\x1bb",
])
def test_a_bad_line_is_refused_with_a_reason(line):
    with pytest.raises(ProtocolError) as caught:
        parse_line(line)
    assert str(caught.value)


def test_the_greeting_carries_version_game_variant_side_and_name():
    fields = hello_fields(hello("connect4", "standard", 2, "Ann Lee"))
    assert (fields.version, fields.game, fields.variant, fields.side, fields.name) == (1, "connect4", "standard", 2, "Ann Lee")


def test_an_error_text_is_always_sendable():
    assert parse_line(format_command(error("bad\nthing\x00" + "x" * 1000))[:-1]).verb == "ERROR"


def test_pieces_of_any_size_make_the_same_commands():
    stream = b"".join(format_command(command).encode("utf-8") for command in GOOD)
    for size in (1, 2, 7, 64):
        decoder = Decoder()
        got = []
        for i in range(0, len(stream), size):
            got += decoder.feed(stream[i:i + size])
        assert got == GOOD


@pytest.mark.parametrize("data, why", [
    (b"x" * (MAX_LINE + 1), "longer than"),
    (b"PING\n\xff\xfe\n", "not UTF-8"),
    (b"PING\nHELO 1\n", "unknown command"),
    (b"\x00\x01\x02\n", "unknown command"),
])
def test_a_bad_stream_stops_the_decoder_with_a_message(data, why):
    decoder = Decoder()
    with pytest.raises(ProtocolError, match=why) as caught:
        decoder.feed(data)
    assert all(command == Command("PING") for command in caught.value.commands)
    with pytest.raises(ProtocolError):
        decoder.feed(b"PING\n")  # closed for good


def test_a_megabyte_of_garbage_is_cut_off_at_the_line_limit():
    decoder = Decoder()
    with pytest.raises(ProtocolError, match="longer than"):
        decoder.feed(b"A" * 1_000_000)
    assert len(decoder.buffer) == 0


@FUZZ
@given(pieces=st.lists(st.binary(max_size=300), max_size=12))
def test_random_bytes_give_commands_or_one_protocol_error(pieces):
    decoder = Decoder()
    for piece in pieces:
        try:
            commands = decoder.feed(piece)
        except ProtocolError:
            break
        for command in commands:
            assert command.verb in {"HELLO", "MOVE", "UNDO", "UNDO-OK", "UNDO-NO", "DRAW", "DRAW-OK", "DRAW-NO",
                                    "RESIGN", "NEW", "NEW-OK", "NEW-NO", "RESUME", "PING", "PONG", "ERROR", "BYE"}
            assert parse_line(format_command(command)[:-1]) == command
        assert len(decoder.buffer) < MAX_LINE


@FUZZ
@given(lines=st.lists(any_text(max_size=60), max_size=8))
def test_random_text_lines_never_raise_anything_but_a_protocol_error(lines):
    for line in lines:
        try:
            parse_line(line)
        except ProtocolError:
            pass
