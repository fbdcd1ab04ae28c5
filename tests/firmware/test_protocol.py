"""Firmware framing: every emitted line is a valid NMEA 0183 proprietary sentence (checked by
pynmea2, an independent parser), and host commands are parsed or rejected with the right ERR code."""

from __future__ import annotations

import pynmea2
import pytest
from hypothesis import given, strategies as st

from firmware import protocol
from firmware.protocol import ProtocolError


def nmea(line: bytes) -> pynmea2.NMEASentence:
    assert line.endswith(b"\r\n")
    assert len(line) <= protocol.MAX_LINE
    return pynmea2.parse(line.decode("ascii").strip(), check=True)


def host(body: str) -> bytes:
    return protocol.frame(body.split(","))


def test_known_checksum() -> None:
    # XOR of "PTBC,SNAP?" computed independently with functools.reduce: the literal guards against a self-consistent bug.
    assert host("PTBC,SNAP?") == b"$PTBC,SNAP?*1A\r\n"
    assert protocol.snap(0, 0) == b"$PTBC,SNAP,0,0*25\r\n"


@given(seq=st.integers(0, 65535), mask=st.integers(0, 2**64 - 1))
def test_snap_is_proprietary_nmea(seq: int, mask: int) -> None:
    msg = nmea(protocol.snap(seq, mask))
    assert isinstance(msg, pynmea2.ProprietarySentence)
    assert msg.manufacturer == "TBC"
    assert msg.data == ["", "SNAP", str(seq), "%X" % mask] or msg.data[1:] == ["SNAP", str(seq), "%X" % mask]


@given(seq=st.integers(0, 65535), channel=st.integers(0, 63), state=st.sampled_from([0, 1]))
def test_evt_is_proprietary_nmea(seq: int, channel: int, state: int) -> None:
    msg = nmea(protocol.evt(seq, channel, state))
    assert isinstance(msg, pynmea2.ProprietarySentence)
    assert msg.data[-3:] == [str(seq), str(channel), str(state)]


@given(text=st.text(max_size=300))
def test_err_text_is_sanitised_and_short(text: str) -> None:
    line = protocol.err("ARG", text)
    msg = nmea(line)
    assert msg.data[-2] == "ARG"
    assert line.count(b",") == 3


def test_hello_fields() -> None:
    msg = nmea(protocol.hello("1.2.3", 32))
    assert msg.data[-4:] == ["HELLO", "1", "1.2.3", "32"]


def test_parse_commands() -> None:
    assert protocol.parse_command(host("PTBC,HELLO?"), 32) == ("HELLO?", ())
    assert protocol.parse_command(host("PTBC,SNAP?"), 32) == ("SNAP?", ())
    assert protocol.parse_command(host("PTBC,LED,31,FF8000"), 32) == ("LED", (31, 255, 128, 0))
    assert protocol.parse_command(host("PTBC,LEDS,OFF"), 32) == ("LEDS_OFF", ())


@pytest.mark.parametrize(
    "line, code",
    [
        (b"$PTBC,SNAP?*2C\r\n", "CS"),  # wrong checksum
        (b"$PTBC,SNAP?\r\n", "CS"),  # missing checksum
        (b"$PTBC,SNAP?*1a\r\n", "CS"),  # lower-case hex
        (b"$PTBC,SN\x01AP?*2C\r\n", "CS"),  # non-printable
        (None, "CMD"),
        (host("GPGGA,1"), "CMD"),
        (host("PTBC,LED,32,FFFFFF"), "ARG"),  # channel out of range for 32 channels
        (host("PTBC,LED,1,FFFFF"), "ARG"),
        (host("PTBC,LED,1,GGGGGG"), "ARG"),
        (host("PTBC,LEDS,ON"), "ARG"),
        (host("PTBC,SNAP?,1"), "ARG"),
        (b"$" + b"PTBC," * 30 + b"*00\r\n", "LEN"),
    ],
)
def test_rejected_commands(line: bytes | None, code: str) -> None:
    if line is None:
        line = host("PTBC,REBOOT")
    with pytest.raises(ProtocolError) as info:
        protocol.parse_command(line, 32)
    assert info.value.code == code


def test_line_reader_skips_garbage_and_joins_split_lines() -> None:
    reader = protocol.LineReader()
    assert reader.feed(b"noise\r\n\x00\xff$PTBC,SN") == []
    assert reader.feed(b"AP?*1A\r") == []
    assert reader.feed(b"\n$PTBC,HELLO?*") == [b"$PTBC,SNAP?*1A\r\n"]


def test_line_reader_flags_over_long_then_recovers() -> None:
    reader = protocol.LineReader()
    out = reader.feed(b"$" + b"A" * 200 + b"*00\r\n" + host("PTBC,SNAP?"))
    assert out == [None, b"$PTBC,SNAP?*1A\r\n"]


def test_line_reader_dollar_mid_line_restarts() -> None:
    reader = protocol.LineReader()
    out = reader.feed(b"$PTBC,SN" + host("PTBC,HELLO?"))
    assert out[0] == b"$PTBC,SN"
    assert out[1] == host("PTBC,HELLO?")
    with pytest.raises(ProtocolError):
        protocol.parse_command(out[0], 32)
