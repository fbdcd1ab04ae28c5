"""Protocol 1, host side (shared/specs/sensor-link.md): framing, checking and parsing device lines.

Deliberately separate from firmware/protocol.py: the two halves are checked against each other
in the tests, so a shared bug would not hide.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import reduce

TALKER = "PTBC"
PROTO = 1
MAX_LINE = 120
SEQ_MODULO = 65536
_UPPER_HEX = frozenset("0123456789ABCDEF")


@dataclass(frozen=True)
class Hello:
    proto: int
    firmware: str
    channels: int


@dataclass(frozen=True)
class Snap:
    seq: int
    mask: int

    @property
    def occupied(self) -> frozenset[int]:
        return channels_of(self.mask)


@dataclass(frozen=True)
class Evt:
    seq: int
    channel: int
    occupied: bool


@dataclass(frozen=True)
class DeviceError:
    code: str
    text: str


Sentence = Hello | Snap | Evt | DeviceError


class BadLine(ValueError):
    """A line the host drops; `reason` is a short tag for the counters."""

    def __init__(self, reason: str, line: bytes) -> None:
        super().__init__(f"{reason}: {line[:40]!r}")
        self.reason = reason
        self.line = line


def channels_of(mask: int) -> frozenset[int]:
    return frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)


def checksum(body: bytes) -> int:
    return reduce(lambda a, b: a ^ b, body, 0)


def command(*fields: str) -> bytes:
    """A host-to-device line, e.g. command("SNAP?") -> b"$PTBC,SNAP?*1A\\r\\n"."""
    body = ",".join((TALKER, *fields)).encode("ascii")
    return b"$%s*%02X\r\n" % (body, checksum(body))


HELLO_Q = command("HELLO?")
SNAP_Q = command("SNAP?")
LEDS_OFF = command("LEDS", "OFF")


def _uint(text: str, top: int, what: str, line: bytes) -> int:
    if not text.isdigit() or not text.isascii() or int(text) > top:
        raise BadLine(f"bad {what}", line)
    return int(text)


def parse_line(line: bytes) -> Sentence:
    """Check and parse one whole line (`$` through `\\n`). Raises BadLine."""
    if len(line) > MAX_LINE:
        raise BadLine("over-long", line)
    end = len(line) - (2 if line.endswith(b"\r\n") else 1 if line.endswith(b"\n") else 0)
    star = line.rfind(b"*", 0, end)
    if not line.startswith(b"$") or star < 0 or end - star != 3:
        raise BadLine("no checksum", line)
    body = line[1:star]
    if any(b < 0x20 or b > 0x7E or b in (0x24, 0x2A) for b in body):
        raise BadLine("non-printable", line)
    cs = line[star + 1 : end].decode("ascii", "replace")
    if not set(cs) <= _UPPER_HEX or int(cs, 16) != checksum(body):
        raise BadLine("bad checksum", line)
    fields = body.decode("ascii").split(",")
    if fields[0] != TALKER or len(fields) < 2:
        raise BadLine("not PTBC", line)
    kind, args = fields[1], fields[2:]
    if kind == "EVT":
        if len(args) != 3 or args[2] not in ("0", "1"):
            raise BadLine("bad EVT", line)
        return Evt(_uint(args[0], SEQ_MODULO - 1, "seq", line), _uint(args[1], 63, "channel", line), args[2] == "1")
    if kind == "SNAP":
        if len(args) != 2 or not args[1] or len(args[1]) > 16 or not set(args[1]) <= _UPPER_HEX:
            raise BadLine("bad SNAP", line)
        return Snap(_uint(args[0], SEQ_MODULO - 1, "seq", line), int(args[1], 16))
    if kind == "HELLO":
        if len(args) != 3 or not args[1]:
            raise BadLine("bad HELLO", line)
        channels = _uint(args[2], 64, "channels", line)
        if channels < 1:
            raise BadLine("bad channels", line)
        return Hello(_uint(args[0], 9999, "proto", line), args[1], channels)
    if kind == "ERR":
        if len(args) < 2 or not args[0]:
            raise BadLine("bad ERR", line)
        return DeviceError(args[0], ",".join(args[1:]))
    raise BadLine("unknown sentence", line)


class Framer:
    """Cuts the byte stream into lines and parses them, dropping and counting bad ones.

    The buffer is empty or starts with `$`: bytes before a `$` are skipped, a `$` before the
    line's `\\n` means the line was cut short, and more than MAX_LINE bytes without `\\n` is an
    over-long line, skipped up to the next `$`.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self.lines = 0
        self.dropped = 0
        self.reasons: Counter[str] = Counter()

    def _drop(self, reason: str) -> None:
        self.dropped += 1
        self.reasons[reason] += 1

    def feed(self, data: bytes) -> list[Sentence]:
        buf = self._buf
        buf += data
        out: list[Sentence] = []
        while buf:
            if buf[0] != 0x24:
                start = buf.find(b"$")
                if start < 0:
                    buf.clear()
                    break
                del buf[:start]
            nl = buf.find(b"\n", 1)
            restart = buf.find(b"$", 1, nl if nl >= 0 else len(buf))
            if restart >= 0:
                self._drop("cut short")
                del buf[:restart]
                continue
            if nl < 0:
                if len(buf) > MAX_LINE:
                    self._drop("over-long")
                    buf.clear()
                break
            line = bytes(buf[: nl + 1])
            del buf[: nl + 1]
            try:
                out.append(parse_line(line))
                self.lines += 1
            except BadLine as bad:
                self._drop(bad.reason)
        return out
