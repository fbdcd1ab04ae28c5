"""Host framing: garbage, split and over-long lines, bad checksums; checked against the firmware's
own sentence builder (a separate implementation)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from companion.sensors import protocol
from companion.sensors.protocol import BadLine, DeviceError, Evt, Framer, Hello, Snap
from firmware import protocol as fw


def test_parses_what_the_firmware_sends() -> None:
    assert protocol.parse_line(fw.hello("1.0.0", 32)) == Hello(1, "1.0.0", 32)
    assert protocol.parse_line(fw.snap(7, 0xA0000001)) == Snap(7, 0xA0000001)
    assert protocol.parse_line(fw.evt(65535, 63, 1)) == Evt(65535, 63, True)
    assert protocol.parse_line(fw.err("CMD", "unknown command X")) == DeviceError("CMD", "unknown command X")
    assert Snap(0, 0b1011).occupied == frozenset({0, 1, 3})


def test_host_commands_are_what_the_firmware_accepts() -> None:
    assert fw.parse_command(protocol.HELLO_Q, 8) == ("HELLO?", ())
    assert fw.parse_command(protocol.SNAP_Q, 8) == ("SNAP?", ())
    assert fw.parse_command(protocol.LEDS_OFF, 8) == ("LEDS_OFF", ())
    assert fw.parse_command(protocol.command("LED", "7", "FF0000"), 8) == ("LED", (7, 255, 0, 0))


@pytest.mark.parametrize(
    "line, reason",
    [
        (b"$PTBC,SNAP,1,0*23\r\n", "bad checksum"),
        (b"$PTBC,SNAP,1,0\r\n", "no checksum"),
        (b"$PTBC,SNAP,1,8*2c\r\n", "bad checksum"),  # right value, but lower-case hex
        (fw.frame(["PTBC", "SNAP", "1", "ff"]), "bad SNAP"),  # mask must be upper case
        (fw.frame(["PTBC", "SNAP", "1", "0x1"]), "bad SNAP"),
        (fw.frame(["PTBC", "EVT", "1", "64", "1"]), "bad channel"),
        (fw.frame(["PTBC", "EVT", "65536", "1", "1"]), "bad seq"),
        (fw.frame(["PTBC", "EVT", "1", "1", "2"]), "bad EVT"),
        (fw.frame(["PTBC", "HELLO", "1", "1.0.0", "0"]), "bad channels"),
        (fw.frame(["PTBC", "HELLO", "1", "1.0.0", "65"]), "bad channels"),
        (fw.frame(["PTBC", "BOOT"]), "unknown sentence"),
        (fw.frame(["GPRMC", "SNAP", "1", "0"]), "not PTBC"),
        (b"$PTBC,SN\tAP,1,0*00\r\n", "non-printable"),
    ],
)
def test_bad_lines_are_rejected_with_a_reason(line: bytes, reason: str) -> None:
    with pytest.raises(BadLine) as info:
        protocol.parse_line(line)
    assert info.value.reason == reason


def test_framer_skips_garbage_and_counts_drops() -> None:
    f = Framer()
    stream = (
        b"\x00\xffboot noise\r\n"
        + fw.snap(0, 1)
        + b"$PTBC,SNAP,1,0*00\r\n"  # bad checksum
        + b"$PTBC,EVT,1,"  # cut short by the next `$`
        + fw.evt(2, 0, 0)
        + b"$" + b"A" * 300 + b"\r\n"  # over-long
        + fw.evt(3, 5, 1)
    )
    assert f.feed(stream) == [Snap(0, 1), Evt(2, 0, False), Evt(3, 5, True)]
    assert f.dropped == 3
    assert dict(f.reasons) == {"bad checksum": 1, "cut short": 1, "over-long": 1}


def test_framer_over_long_without_newline_is_dropped_once_and_recovers() -> None:
    f = Framer()
    for _ in range(10):
        assert f.feed(b"$" + b"B" * 50) == [] or True
    assert f.dropped >= 1
    assert f.feed(b"tail\r\n" + fw.snap(4, 0)) == [Snap(4, 0)]


def test_exactly_120_bytes_is_accepted_and_121_is_not() -> None:
    text = "x" * (120 - len("$PTBC,ERR,ARG,*00\r\n"))
    line = fw.frame(["PTBC", "ERR", "ARG", text])
    assert len(line) == 120
    assert Framer().feed(line) == [DeviceError("ARG", text)]
    longer = fw.frame(["PTBC", "ERR", "ARG", text + "y"])
    f = Framer()
    assert f.feed(longer) == []
    assert f.reasons["over-long"] == 1


@given(chunks=st.lists(st.integers(1, 17), min_size=1, max_size=40), garbage=st.binary(max_size=30))
def test_any_split_gives_the_same_sentences(chunks: list[int], garbage: bytes) -> None:
    garbage = garbage.replace(b"$", b"")
    stream = garbage + fw.snap(0, 3) + fw.evt(1, 2, 1) + garbage + fw.evt(2, 0, 0)
    f = Framer()
    got = []
    pos = 0
    i = 0
    while pos < len(stream):
        n = chunks[i % len(chunks)]
        got += f.feed(stream[pos : pos + n])
        pos += n
        i += 1
    assert got == [Snap(0, 3), Evt(1, 2, True), Evt(2, 0, False)]
