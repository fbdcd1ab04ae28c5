"""Protocol 1 framing, as in shared/specs/sensor-link.md: `$<body>*<CS>\r\n`, at most 120 bytes.

Device side: building the sentences it sends and parsing the commands the host sends.
"""

PROTO = 1
TALKER = "PTBC"
MAX_LINE = 120  # bytes, `$` to `\n` inclusive

# ERR codes the device sends when it drops a host line.
ERR_CS = "CS"
ERR_LEN = "LEN"
ERR_CMD = "CMD"
ERR_ARG = "ARG"
# ERR codes for the board's own faults (docs/sensors.md): an unexpected exception in the loop,
# and a pins.toml the board cannot serve with.
ERR_FW = "FW"
ERR_CFG = "CFG"

HEX_UPPER = "0123456789ABCDEF"
_HEX_BYTES = b"0123456789ABCDEF"


class ProtocolError(Exception):
    """A host line the device drops; `code` is the ERR code to answer with."""

    def __init__(self, code: str, text: str) -> None:
        # MicroPython has no Exception.__init__ to call by name; super() works on both.
        super().__init__(code, text)
        self.code = code
        self.text = text


def checksum(body: bytes) -> int:
    cs = 0
    for b in body:
        cs ^= b
    return cs


def frame(fields: list) -> bytes:
    """One line from its fields (the talker is the caller's first field)."""
    body = ",".join(fields).encode()
    return b"$" + body + b"*" + ("%02X" % checksum(body)).encode() + b"\r\n"


def hello(fw_version: str, channels: int) -> bytes:
    return frame([TALKER, "HELLO", str(PROTO), fw_version, str(channels)])


def snap(seq: int, mask: int) -> bytes:
    return frame([TALKER, "SNAP", str(seq), "%X" % mask])


def evt(seq: int, channel: int, state: int) -> bytes:
    return frame([TALKER, "EVT", str(seq), str(channel), "1" if state else "0"])


def err(code: str, text: str) -> bytes:
    # The text must stay one printable field and keep the line within MAX_LINE.
    clean = []
    for ch in text:
        o = ord(ch)
        if o < 0x20 or o > 0x7E or ch in "$*,":
            clean.append(" ")
        else:
            clean.append(ch)
    room = MAX_LINE - len("$PTBC,ERR,%s,*00\r\n" % code)
    return frame([TALKER, "ERR", code, "".join(clean)[:room]])


def _is_printable_body(body: bytes) -> bool:
    for b in body:
        if b < 0x20 or b > 0x7E or b == 0x24 or b == 0x2A:  # `$`, `*`
            return False
    return True


def split_line(line: bytes) -> list:
    """Check a whole line (`$`..`\n`) and return its fields, or raise ProtocolError."""
    if len(line) > MAX_LINE:
        raise ProtocolError(ERR_LEN, "line over %d bytes" % MAX_LINE)
    end = len(line)
    if line.endswith(b"\r\n"):
        end -= 2
    elif line.endswith(b"\n"):
        end -= 1
    else:
        raise ProtocolError(ERR_CS, "line cut short")
    star = line.rfind(b"*", 0, end)
    if not line.startswith(b"$") or star < 0 or end - star != 3:
        raise ProtocolError(ERR_CS, "missing checksum")
    body = line[1:star]
    # Checked as bytes: decoding first raises UnicodeError on bytes such as 0xFF.
    hi = _HEX_BYTES.find(line[star + 1:star + 2])
    lo = _HEX_BYTES.find(line[star + 2:star + 3])
    if hi < 0 or lo < 0:
        raise ProtocolError(ERR_CS, "checksum not two upper-case hex digits")
    if not _is_printable_body(body):
        raise ProtocolError(ERR_CS, "non-printable byte")
    if hi * 16 + lo != checksum(body):
        raise ProtocolError(ERR_CS, "bad checksum %s%s" % (HEX_UPPER[hi], HEX_UPPER[lo]))
    return body.decode().split(",")


class LineReader:
    """Cuts a byte stream into lines: skips to `$`, flags over-long lines.

    feed() returns a list of lines; an over-long line is returned as None (the caller answers
    ERR,LEN) and the rest of it is skipped up to the next `$`. The line buffer is allocated once.
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._buf = bytearray(max_line)
        self._len = 0
        self._in_line = False

    def _take(self) -> bytes:
        line = bytes(self._buf[:self._len])
        self._len = 0
        return line

    def feed(self, data: object) -> list:
        out = []
        buf = self._buf
        for b in data:
            if b == 0x24:  # `$` always starts a new line; a half line before it is lost
                if self._in_line and self._len > 0:
                    out.append(self._take())  # let the parser reject it (no checksum)
                buf[0] = b
                self._len = 1
                self._in_line = True
                continue
            if not self._in_line:
                continue
            buf[self._len] = b
            self._len += 1
            if b == 0x0A:
                out.append(self._take())
                self._in_line = False
            elif self._len >= self.max_line:
                out.append(None)
                self._len = 0
                self._in_line = False
        return out


def _ascii_uint(text: str) -> bool:
    if not text:
        return False
    for c in text:
        if c < "0" or c > "9":
            return False
    return True


def parse_command(line: bytes, channels: int) -> tuple:
    """A host line as (name, args): ("HELLO?", ()), ("SNAP?", ()), ("LED", (ch, r, g, b)),
    ("LEDS_OFF", ()), ("MAINT", ()). Raises ProtocolError with the ERR code to send."""
    fields = split_line(line)
    if fields[0] != TALKER or len(fields) < 2:
        raise ProtocolError(ERR_CMD, "not a PTBC sentence")
    kind = fields[1]
    args = fields[2:]
    if kind == "HELLO?" or kind == "SNAP?" or kind == "MAINT":
        if args:
            raise ProtocolError(ERR_ARG, "%s takes no fields" % kind)
        return (kind, ())
    if kind == "LED":
        if len(args) != 2:
            raise ProtocolError(ERR_ARG, "LED needs channel and rrggbb")
        ch_text, colour = args
        if not _ascii_uint(ch_text) or int(ch_text) >= channels:
            raise ProtocolError(ERR_ARG, "LED channel %s not in 0..%d" % (ch_text, channels - 1))
        if len(colour) != 6 or not all(c in "0123456789ABCDEFabcdef" for c in colour):
            raise ProtocolError(ERR_ARG, "LED colour %s not rrggbb" % colour)
        rgb = int(colour, 16)
        return ("LED", (int(ch_text), (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF))
    if kind == "LEDS":
        if args != ["OFF"]:
            raise ProtocolError(ERR_ARG, "LEDS takes only OFF")
        return ("LEDS_OFF", ())
    raise ProtocolError(ERR_CMD, "unknown command %s" % kind)
