"""Firmware scenarios that print what the firmware does, one fact per line.

    python      tests/firmware/mpy/driver.py REPO SCENARIO [ARGS]
    micropython tests/firmware/mpy/driver.py REPO SCENARIO [ARGS]

tests/firmware/test_micropython.py runs each scenario under both interpreters and compares the
output line by line. Only what both interpreters have is used here (no random, no f-strings, no
dict order): the randomness is a fixed xorshift, dicts are printed sorted.
"""

import sys

REPO = sys.argv[1]
sys.path.insert(0, REPO)

import stub_machine  # noqa: E402
import stub_micropython  # noqa: E402
import stub_neopixel  # noqa: E402

try:
    import micropython as REAL_MICROPYTHON  # for mem_info(), before the stub takes its name
except ImportError:
    REAL_MICROPYTHON = None
sys.modules["machine"] = stub_machine
sys.modules["micropython"] = stub_micropython
sys.modules["neopixel"] = stub_neopixel

from chain import Chain74HC165  # noqa: E402
from firmware import pinmap, protocol  # noqa: E402
from firmware.debounce import Debouncer, from_mask, nbytes, to_mask  # noqa: E402
from firmware.device import SensorBoard  # noqa: E402
from firmware.scan import DirectScanner, ShiftRegisterScanner, VirtualSensors  # noqa: E402
from firmware.ticks import ticks_add  # noqa: E402

MICROPYTHON = sys.implementation.name == "micropython"


def out(*parts):
    print(" ".join([str(p) for p in parts]))


class Rng:
    """xorshift32: the same numbers on every interpreter."""

    def __init__(self, seed):
        self.s = (seed & 0xFFFFFFFF) or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def below(self, n):
        return self.next() % n


def fnv(data, h=0x811C9DC5):
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def show(value):
    """repr with dicts sorted, so both interpreters print the same."""
    if isinstance(value, dict):
        return "{" + ", ".join([repr(k) + ": " + show(value[k]) for k in sorted(value)]) + "}"
    if isinstance(value, list):
        return "[" + ", ".join([show(v) for v in value]) + "]"
    return repr(value)


class Sink:
    def __init__(self):
        self.lines = []

    def write(self, data):
        self.lines.append(bytes(data))

    def take(self):
        got = self.lines
        self.lines = []
        return got


def frame_ok(line):
    """An independent check of what the board sent: framing, printable body, checksum."""
    if len(line) > protocol.MAX_LINE or line[:1] != b"$" or line[-2:] != b"\r\n" or line[-5:-4] != b"*":
        return False
    cs = 0
    for b in line[1:-5]:
        if b < 0x20 or b > 0x7E or b == 0x24 or b == 0x2A:
            return False
        cs ^= b
    return line[-4:-2] == ("%02X" % cs).encode()


# ---- scenarios ---------------------------------------------------------------------------------


def scenario_scan():
    rng = Rng(7)
    for chips, channels in ((1, 5), (1, 8), (4, 30), (4, 32), (8, 64)):
        chain = Chain74HC165(chips)
        scanner = ShiftRegisterScanner(chain.load, chain.clock, chain.data, chips, channels)
        buf = bytearray(nbytes(channels))
        for trial in range(12):
            occupied = []
            for ch in range(chips * 8):
                on = rng.below(3) == 0 if trial else ch in (0, 7, channels - 1)
                chain.occupy(ch, on)
                if on and ch < channels:
                    occupied.append(ch)
            scanner.read_into(buf)
            mask = to_mask(buf)
            got = [ch for ch in range(64) if mask >> ch & 1]
            out("shift", chips, channels, trial, "%X" % mask, "ok" if got == occupied else "WRONG")
        high = ShiftRegisterScanner(chain.load, chain.clock, chain.data, chips, channels, active_low=False)
        out("shift active-high", chips, channels, "%X" % high.read())
    levels = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1]

    class P:
        def __init__(self, level):
            self.level = level

        def value(self, v=None):
            return self.level

    pins = [P(v) for v in levels]
    out("direct", "%X" % DirectScanner(pins).read(), "%X" % DirectScanner(pins, active_low=False).read())
    virtual = VirtualSensors(64)
    for ch in (0, 31, 32, 63):
        virtual.set(ch, True)
    virtual.set(31, False)
    buf = bytearray(8)
    virtual.read_into(buf)
    out("virtual", "%X" % virtual.read(), "%X" % to_mask(buf), list(buf))
    try:
        ShiftRegisterScanner(chain.load, chain.clock, chain.data, 1, 9)
    except ValueError as e:
        out("too few chips:", e)


def scenario_debounce():
    for start in (0, ticks_add(0, -45)):  # the second crosses the ticks wrap-around mid-run
        deb = Debouncer(16, 30)
        buf = bytearray(2)
        t = start

        def feed(mask, dt):
            return deb.update(from_mask(mask, buf), ticks_add(t, dt))

        deb.start(from_mask(0, buf), t)
        steps = [(0b1, 10), (0b0, 20), (0b0, 100), (0b1, 110), (0b1, 139), (0b1, 140),
                 (0x8001, 150), (0x8003, 160), (0x8003, 185), (0x8003, 190), (0x8003, 400),
                 (0x0000, 410), (0x0000, 439), (0x0000, 440), (0xFFFF, 450), (0xFFFF, 480)]
        for mask, dt in steps:
            out("debounce", "%04X" % mask, dt, feed(mask, dt), "stable %X" % deb.stable)
    deb = Debouncer(64, 30)
    buf = bytearray(8)
    deb.start(buf, 0)
    rng = Rng(11)
    t = 0
    raw = 0
    for step in range(300):
        if rng.below(4) == 0:
            raw ^= 1 << rng.below(64)
        t += 1 + rng.below(12)
        changes = deb.update(from_mask(raw, buf), t)
        if changes:
            out("random", step, changes)
    out("random end stable %X raw %X" % (deb.stable, raw))


HOST_LINES = [
    b"$PTBC,HELLO?*",
    b"$PTBC,SNAP?*1A\r\n",
    b"$PTBC,SNAP?*1a\r\n",
    b"$PTBC,SNAP?*2C\r\n",
    b"$PTBC,SNAP?\r\n",
    b"$PTBC,SN\x01AP?*2C\r\n",
    b"$PTBC*\xff\xff\r\n",
    b"$PTBC,SNAP?*\xff\xfe\r\n",
    b"$\xc3\xa9*00\r\n",
    b"$*00\r\n",
    b"$**\r\n",
    b"$\r\n",
    b"*\r\n",
    b"$PTBC,SNAP?*1A",
    b"$PTBC,SNAP?*1A\n",
    b"$PTBC,SNAP?*1A\r",
    b"$" + b"PTBC," * 30 + b"*00\r\n",
]


def host_commands():
    lines = list(HOST_LINES)
    for body in ("PTBC,HELLO?", "PTBC,SNAP?", "PTBC,LED,31,FF8000", "PTBC,LED,0,00ff00", "PTBC,LED,32,FFFFFF",
                 "PTBC,LED,1,FFFFF", "PTBC,LED,1,GGGGGG", "PTBC,LED,-1,FFFFFF", "PTBC,LED,007,000000",
                 "PTBC,LED,99999999999999999999,000000", "PTBC,LED", "PTBC,LED,1", "PTBC,LEDS,OFF",
                 "PTBC,LEDS,ON", "PTBC,LEDS", "PTBC,SNAP?,1", "PTBC,HELLO?,x", "PTBC,MAINT", "PTBC,MAINT,now",
                 "PTBC,REBOOT", "PTBC", "GPGGA,1", "", "PTBC,,", "PTBC,SNAP", "PTBC,EVT,1,2,1"):
        lines.append(protocol.frame(body.split(",")) if body else b"$*00\r\n")
    return lines


def scenario_protocol():
    for fw, ch in (("1.0.0", 1), ("1.2.3", 32), ("10.20.30", 64)):
        out("hello", protocol.hello(fw, ch))
    for seq, mask in ((0, 0), (1, 1), (65535, 0xFFFFFFFF), (7, 0xA0000001), (42, (1 << 64) - 1), (9, 1 << 63)):
        out("snap", protocol.snap(seq, mask))
    for seq, ch, st in ((0, 0, 0), (65535, 63, 1), (12, 31, 1)):
        out("evt", protocol.evt(seq, ch, st))
    for code, text in (("CS", "bad checksum 2C"), ("ARG", "a,b$c*d\x01\xe9"), ("LEN", "x" * 300), ("FW", "")):
        line = protocol.err(code, text)
        out("err", line, len(line), frame_ok(line))
    out("checksum", protocol.checksum(b"PTBC,SNAP?"), protocol.frame(["PTBC", "SNAP?"]))
    for line in host_commands():
        try:
            out("parse", line, "->", protocol.parse_command(line, 32))
        except protocol.ProtocolError as e:
            out("parse", line, "-> ERR", e.code, e.text, e.args == (e.code, e.text))
    reader = protocol.LineReader()
    stream = b"noise\r\n\x00\xff$PTBC,SN" + b"AP?*1A\r" + b"\n$PTBC,HELLO?*" + b"$" + b"A" * 200 + b"\r\n"
    stream += protocol.frame(["PTBC", "SNAP?"]) + b"$PTBC,SN" + protocol.frame(["PTBC", "HELLO?"])
    for cut in (1, 3, 7, 16, 1000):
        reader = protocol.LineReader()
        got = []
        for i in range(0, len(stream), cut):
            got.extend(reader.feed(stream[i:i + cut]))
        out("reader cut", cut, got)


class Leds:
    def __init__(self):
        self.log = []

    def set(self, channel, r, g, b):
        self.log.append(("set", channel, r, g, b))
        if channel == 13:
            raise OSError(5)  # a strip that fails: the board reports it and goes on

    def off(self):
        self.log.append(("off",))


def scenario_host():
    chain = Chain74HC165(4)
    leds = Leds()
    sink = Sink()
    maint = []
    board = SensorBoard(32, ShiftRegisterScanner(chain.load, chain.clock, chain.data, 4, 32), sink.write, leds,
                        "1.0.0", 30, 1000, lambda: maint.append("MAINT"))
    chain.occupy(5)
    board.boot(0)
    for line in sink.take():
        out("boot", line)
    t = 0
    for line in host_commands() + [protocol.frame(["PTBC", "LED", "13", "FFFFFF"])]:
        t += 10
        board.tick(t)
        board.receive(line)
        out("host", line, "->", sink.take(), leds.log, maint)
        leds.log = []
        maint.clear()
    chain.occupy(5, False)
    chain.occupy(31)
    for dt in range(0, 1200, 5):
        board.tick(t + dt)
    for line in sink.take():
        out("later", line)
    out("dropped", board.dropped, "faults", board.faults, "seq", board.seq)
    plain = SensorBoard(8, VirtualSensors(8), sink.write)
    plain.receive(protocol.frame(["PTBC", "MAINT"]))
    out("virtual board MAINT", sink.take())


PINMAP_CASES = [
    "[sensor_board]\nchannels = true\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\ndata_pin=3\nchips=2\n",
    "[sensor_board]\nchannels = 16\n[sensor_board.shift]\nload_pin=true\nclock_pin=2\ndata_pin=3\nchips=2\n",
    "[sensor_board]\nchannels = 20\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\ndata_pin=3\nchips=2\n",
    "[sensor_board]\nchannels = 8\ndebounce_ms = false\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\ndata_pin=3\nchips=1\n",
    "[sensor_board]\nchannels = 8\nactive_low = 1\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\ndata_pin=3\nchips=1\n",
    "[sensor_board]\nchannels = 8\nfirmware_version = \"1,0\"\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\n"
    "data_pin=3\nchips=1\n",
    "[sensor_board]\nchannels = 3\nmode = \"direct\"\n[sensor_board.direct]\npins = [1, 2]\n",
    "[sensor_board]\nchannels = 2\nmode = \"direct\"\n[sensor_board.direct]\npins = [1, true]\n",
    "[sensor_board]\nchannels = 2\nmode = \"direct\"\n[sensor_board.direct]\npins = [1, 40]\n",
    "[sensor_board]\nchannels = 2\nmode = \"spi\"\n",
    "[sensor_board]\nchannels = 8\n[sensor_board.leds]\ncount = 8\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\n"
    "data_pin=3\nchips=1\n",
    "[sensor_board]\nchannels = \u0661\n",
    "[sensor_board]\nchannels = 65\n",
    "[sensor_board]\n[sensor_board]\n",
    "x = 1\nx = 2\n",
    "[a\n",
    "y = pin\n",
    "s = \"a\\qb\"\n",
    "s = \"a\"b\"\n",
    "[a]\nb = 1\n[a.b]\n",
    "[[a]]\n",
    "[a.]\n",
    "no equals\n",
    "",
]


def scenario_pinmap():
    with open(REPO + "/hardware/pins.toml") as f:
        text = f.read()
    parsed = pinmap.parse(text)
    out("pins.toml", show(parsed))
    out("config", show(pinmap.sensor_config(parsed)))
    out("subset", show(pinmap.parse('# c\n[a]\nx = -3 # n\ns = "a # \\"q\\""\n[a.b]\nl = [1, 2,3]\nt = true\ne = []\n')))
    for n, case in enumerate(PINMAP_CASES):
        try:
            out("case", n, "config", show(pinmap.sensor_config(pinmap.parse(case, "t.toml"))))
        except pinmap.PinMapError as e:
            out("case", n, "error", e)


class ScriptedHost:
    """The USB serial in a test: bytes arrive at given loop counts; writes are kept."""

    def __init__(self, schedule=None):
        self.schedule = schedule or {}
        self.loop = 0
        self.pending = b""
        self.sink = Sink()
        self.write = self.sink.write
        self.reads = 0

    def read_into(self, buf):
        self.reads += 1
        if not self.pending:
            self.loop += 1
            self.pending = self.schedule.get(self.loop, b"")
            if not self.pending:
                return 0
        n = min(len(buf), len(self.pending))
        for i in range(n):
            buf[i] = self.pending[i]
        self.pending = self.pending[n:]
        return n if n else 0


class SimClock:
    """ticks_ms that starts a second before the ticks wrap-around; sleep() advances it."""

    def __init__(self, before_wrap=1000):
        self.now = ticks_add(0, -before_wrap)

    def ticks(self):
        return self.now

    def sleep(self, ms):
        self.now = ticks_add(self.now, ms)


class Boom(Exception):
    pass


def summary_of_calls():
    counts = {}
    for c in stub_machine.calls:
        counts[c[0]] = counts.get(c[0], 0) + 1
    return show(counts)


def reset_stubs(cause=stub_machine.PWRON_RESET):
    stub_machine.calls.clear()
    stub_machine.pin_ops.clear()
    stub_machine.cause = cause


def scenario_loop():
    from firmware import app
    reset_stubs()
    clock = SimClock(1000)
    hello = protocol.frame(["PTBC", "HELLO?"])
    schedule = {
        5: hello,
        300: protocol.frame(["PTBC", "SNAP?"]) + b"\x03\x03\x01",  # mpremote's interrupt: just bytes
        600: protocol.frame(["PTBC", "LED", "3", "00FF00"])[:19],  # one line over two reads
        601: protocol.frame(["PTBC", "LED", "3", "00FF00"])[19:] + protocol.frame(["PTBC", "LEDS", "OFF"]),
        900: b"\x00\xff$PTBC*\xff\xff\r\n$$$***\r\n" + b"Z" * 300,
        1000: protocol.frame(["PTBC", "LED", "2", "0000FF"]),
        1500: hello + hello,
    }
    host = ScriptedHost(schedule)
    faults = app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep, 3500)
    for line in host.sink.take():
        out("sent", line, frame_ok(line))
    calls = stub_machine.calls
    out("first calls", calls[:3])
    out("setup", [c for c in calls if c[0] in ("Pin", "NeoPixel", "WDT", "kbd_intr", "reset_cause")])
    out("leds", [c for c in calls if c[0].startswith("np_")])
    out("calls", summary_of_calls(), "faults", faults.count)
    out("pin ops", show(stub_machine.pin_ops))
    feeds = [i for i, c in enumerate(calls) if c[0] == "feed"]
    out("feeds", len(feeds), "first feed after kbd_intr and WDT",
        calls.index(("kbd_intr", -1)) < calls.index(("WDT", app.WDT_TIMEOUT_MS)) < feeds[0])


class FlakyHost(ScriptedHost):
    """A host whose reads fail at given loops (an unexpected exception inside the loop)."""

    def __init__(self, fail_at, schedule=None):
        ScriptedHost.__init__(self, schedule)
        self.fail_at = fail_at

    def read_into(self, buf):
        if self.loop + 1 in self.fail_at:
            self.loop += 1
            raise Boom("host read failed at loop %d" % self.loop)
        return ScriptedHost.read_into(self, buf)


def scenario_recover():
    from firmware import app
    # A few faults: ERR,FW each, the loop goes on, the watchdog is still fed every loop.
    reset_stubs()
    clock = SimClock(50)
    host = FlakyHost({3, 40, 41, 500}, {45: protocol.frame(["PTBC", "HELLO?"])})
    faults = app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep, 700)
    for line in host.sink.take():
        out("few faults sent", line)
    out("few faults", faults.count, summary_of_calls())
    # A burst of faults: the board resets itself.
    reset_stubs()
    clock = SimClock(50)
    host = FlakyHost(set(range(100, 200)))
    try:
        app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep, 700)
        out("burst: no reset")
    except stub_machine.Reset:
        out("burst: reset at loop", host.loop, summary_of_calls(), "last call", stub_machine.calls[-1])
    out("burst sent", [line for line in host.sink.take() if b"ERR" in line])
    # After a watchdog reset the board says so, then HELLO.
    reset_stubs(stub_machine.WDT_RESET)
    clock = SimClock(50)
    host = ScriptedHost()
    app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep, 3)
    out("after watchdog reset", host.sink.take())
    # MAINT: the flag file, then a reset; main.py then skips the loop once.
    reset_stubs()
    host = ScriptedHost({10: protocol.frame(["PTBC", "MAINT"])})
    clock = SimClock(50)
    try:
        app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep, 100)
        out("MAINT: no reset")
    except stub_machine.Reset:
        out("MAINT: reset at loop", host.loop, "last call", stub_machine.calls[-1])
    with open(app.MAINT_FLAG) as f:
        out("flag file", repr(f.read()))
    run_main_py("maintenance boot")
    run_main_py("normal boot after maintenance", Boom("boom"))
    run_main_py("KeyboardInterrupt", KeyboardInterrupt())
    run_main_py("SystemExit", SystemExit())
    # A pins.toml it cannot serve with: ERR,CFG every second and to every line; MAINT still works.
    reset_stubs()
    host = ScriptedHost({200: protocol.frame(["PTBC", "HELLO?"]), 2600: protocol.frame(["PTBC", "MAINT"])})
    clock = SimClock(50)
    try:
        app.main("no-such-pins.toml", host, clock.ticks, clock.sleep, 3000)
        out("bad config: no reset")
    except stub_machine.Reset:
        out("bad config: MAINT reset at loop", host.loop)
    for line in host.sink.take():
        out("bad config sent", line)
    run_main_py("maintenance boot again")
    with open("broken.toml", "w") as f:
        f.write("[sensor_board]\nchannels = 99\n")
    host = ScriptedHost()
    app.main("broken.toml", host, clock.ticks, clock.sleep, 5)
    out("broken pins.toml sent", host.sink.take())


def run_main_py(label, raise_in_main=None):
    """Import firmware/main.py (as the board does at boot) with app.main replaced."""
    from firmware import app
    real_main = app.main
    ran = []

    def fake_main():
        ran.append(1)
        if raise_in_main is not None:
            raise raise_in_main

    app.main = fake_main
    reset_stubs()
    out(label, "boots; what main.py writes follows")
    flush()
    try:
        if "firmware.main" in sys.modules:
            del sys.modules["firmware.main"]
        import firmware.main  # noqa: F401
        result = "returned"
    except stub_machine.Reset:
        result = "reset"
    finally:
        flush()
        app.main = real_main
    out(label, "->", result, "app.main ran" if ran else "app.main skipped", stub_machine.calls)


def flush():
    # main.py writes to sys.stdout.buffer (MicroPython cannot swap sys.stdout): keep the order.
    f = getattr(sys.stdout, "flush", None)
    if f is not None:
        f()


class FuzzLines:
    """Hostile host lines, made as they are sent (10,000 lines do not fit a 2 MB heap at once)."""

    SPECIALS = b"$*,\r\n\x00\x03\xff"

    def __init__(self, rng):
        self.rng = rng
        self.valid = [protocol.frame(["PTBC", "HELLO?"]), protocol.frame(["PTBC", "SNAP?"]),
                      protocol.frame(["PTBC", "LED", "3", "FF0000"]), protocol.frame(["PTBC", "LEDS", "OFF"])]
        self.kinds = {}
        self.exact = [0] * len(self.valid)  # lines sent that are exactly a valid command

    def line(self):
        rng = self.rng
        k = rng.below(10)
        if k == 0:  # random bytes
            line = bytes([rng.below(256) for _ in range(rng.below(140))])
        elif k == 1:  # the bytes framing cares about, in random order
            line = bytes([self.SPECIALS[rng.below(len(self.SPECIALS))] for _ in range(1 + rng.below(30))])
        elif k == 2:  # a valid line with one byte changed
            line = bytearray(self.valid[rng.below(len(self.valid))])
            line[rng.below(len(line))] = rng.below(256)
            line = bytes(line)
        elif k == 3:  # checksum bytes that are not ASCII (UnicodeError on decode)
            line = b"$PTBC," + bytes([0x41 + rng.below(26) for _ in range(rng.below(10))]) + b"*" + \
                bytes([0x80 + rng.below(128), rng.below(256)]) + b"\r\n"
        elif k == 4:  # over-long, with or without an end
            line = b"$" + b"PTBC," * (20 + rng.below(40)) + (b"*00\r\n" if rng.below(2) else b"")
        elif k == 5:  # lone $ and *
            line = [b"$", b"*", b"$*", b"*$", b"$$", b"**\r\n", b"$\r\n"][rng.below(7)]
        elif k == 6:  # NULs and Ctrl-C inside a line
            line = b"$PTBC,SN" + [b"\x00", b"\x03"][rng.below(2)] * (1 + rng.below(3)) + b"AP?*1A\r\n"
        elif k == 7:  # well-framed commands with bad fields
            body = ["PTBC", ["LED", "LEDS", "SNAP?", "HELLO?", "MAINT", "X"][rng.below(6)]]
            for _ in range(rng.below(4)):
                field = "".join([chr(0x21 + rng.below(90)) for _ in range(rng.below(8))])
                body.append(field.replace(",", "").replace("$", "").replace("*", ""))
            if body[1] == "MAINT":
                body.append("x")  # a bare MAINT would reset into maintenance mode
            line = protocol.frame(body)
        else:  # valid commands: the board must still answer them
            line = self.valid[rng.below(len(self.valid))]
        self.kinds[k] = self.kinds.get(k, 0) + 1
        for i in range(len(self.valid)):
            if line == self.valid[i]:
                self.exact[i] += 1
        return line


class FuzzHost:
    """Sends `count` hostile lines in random chunks over the loop's reads; checks what comes back."""

    def __init__(self, count, rng):
        self.rng = rng
        self.gen = FuzzLines(rng)
        self.left = count
        self.pending = b""
        self.sent_bytes = 0
        self.sent_fnv = 0x811C9DC5
        self.back = 0
        self.back_fnv = 0x811C9DC5
        self.bad_frames = 0
        self.answers = {}
        self.idle = 0
        self.loops = 0  # quiet loops after the last line
        self.folded = {}

    def fold_calls(self):
        """Count the stub's record and empty it (100,000 lines of feeds outgrow the heap)."""
        for c in stub_machine.calls:
            self.folded[c[0]] = self.folded.get(c[0], 0) + 1
        stub_machine.calls.clear()

    def read_into(self, buf):
        if len(stub_machine.calls) > 5000:
            self.fold_calls()
        if not self.pending:
            if not self.left:
                self.loops += 1
                if self.loops > 2500:
                    raise FuzzDone()
                return 0
            if self.idle:  # some loops with nothing from the host
                self.idle -= 1
                return 0
            self.idle = self.rng.below(2)
            parts = []
            for _ in range(1 + self.rng.below(4)):
                if self.left:
                    self.left -= 1
                    parts.append(self.gen.line())
            self.pending = b"".join(parts)
            self.sent_fnv = fnv(self.pending, self.sent_fnv)
            self.sent_bytes += len(self.pending)
            if not self.pending:
                return 0
        n = min(len(buf), len(self.pending), 1 + self.rng.below(len(buf)))
        for i in range(n):
            buf[i] = self.pending[i]
        self.pending = self.pending[n:]
        return n

    def write(self, line):
        self.back += 1
        self.back_fnv = fnv(line, self.back_fnv)
        if not frame_ok(line):
            self.bad_frames += 1
        fields = line[6:].split(b"*")[0].split(b",")
        key = (fields[0] + b"," + fields[1]).decode() if fields[0] == b"ERR" else fields[0].decode()
        self.answers[key] = self.answers.get(key, 0) + 1


class FuzzDone(BaseException):
    """Raised by the host when every line is sent (the loop itself never ends)."""


def scenario_fuzz(count=10000, seed=1):
    """Hostile host lines through the real loop (app.main with the stubs): nothing may escape."""
    from firmware import app
    reset_stubs()
    host = FuzzHost(count, Rng(seed))
    clock = SimClock(3000)  # crosses the ticks wrap-around too
    try:
        app.main(REPO + "/hardware/pins.toml", host, clock.ticks, clock.sleep)
    except FuzzDone:
        pass
    host.fold_calls()
    calls = host.folded
    gen = host.gen
    out("fuzz lines", count, "bytes", host.sent_bytes, "fnv %08X" % host.sent_fnv, "kinds", show(gen.kinds))
    out("fuzz sent back", host.back, "bad frames", host.bad_frames, "fnv %08X" % host.back_fnv)
    out("fuzz answers", show(host.answers))
    out("fuzz exact valid lines", gen.exact)
    out("fuzz exceptions", host.answers.get("ERR,FW", 0), "resets", calls.get("reset", 0))
    out("fuzz loops", host.loops, "feeds", calls.get("feed", 0))
    out("fuzz led writes", calls.get("np_write", 0))


def scenario_alloc():
    """Bytes allocated per steady-state scan (MicroPython only: gc.mem_alloc)."""
    import gc
    for channels in (8, 32, 64):
        chips = nbytes(channels)
        chain = Chain74HC165(chips)
        sink = Sink()
        board = SensorBoard(channels, ShiftRegisterScanner(chain.load, chain.clock, chain.data, chips, channels),
                            sink.write, None, "1.0.0", 30, 1000)
        for ch in range(0, channels, 2):
            chain.occupy(ch)
        chain.occupy(channels - 1)  # bit 63 at 64 channels: a big int if the scan used one mask
        board.boot(0)
        scanner = board.sensors
        deb = board.debouncer
        buf = bytearray(chips)
        n = 800  # ticks 100..899: no heartbeat falls due (boot at 0, heartbeat 1000 ms)
        for t in range(1, 100):  # warm up
            board.tick(t)
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        for t in range(100, 100 + n):
            scanner.read_into(buf)
            deb.update(buf, t)
        scan_bytes = gc.mem_alloc() - before
        before = gc.mem_alloc()
        for t in range(100, 100 + n):
            board.tick(t)  # no heartbeat due: 1000 ms have not passed since boot at 0
        tick_bytes = gc.mem_alloc() - before
        before = gc.mem_alloc()
        for t in range(n):
            board.send_snap()  # the meter's positive control: a SNAP allocates its line
        snap_bytes = gc.mem_alloc() - before
        gc.enable()
        out("alloc channels", channels, "occupied", bin(deb.stable).count("1"), "scan bytes/scan", scan_bytes / n,
            "tick bytes/tick", tick_bytes / n, "snap bytes/snap", snap_bytes / n)
    if REAL_MICROPYTHON is not None:
        REAL_MICROPYTHON.mem_info()


def scenario_board():
    """A board on this process's stdin/stdout (a pty) that boots its flash's main.py, as a Pico
    does: the real loop, the real USB host code, real ticks; only `machine` is the stub. The flash
    is the working directory and REPO (what a deploy copied). machine.reset() boots again in place
    (the frames under it never resume, as on a board); when main.py returns (maintenance mode)
    the board sits at a quiet "REPL" until a Ctrl-D (a soft reset)."""

    def boot():
        while True:
            stub_machine.calls.clear()
            for name in [n for n in sys.modules if n == "firmware" or n.startswith("firmware.")]:
                del sys.modules[name]  # a reboot runs the modules on the flash now
            with open("main.py") as f:
                code = f.read()
            exec(code, {"__name__": "__main__"})
            sys.stdout.write(">>> ")
            while sys.stdin.buffer.read(1) not in (b"\x04", b""):
                pass

    stub_machine.on_reset = boot
    boot()


SCENARIOS = {
    "board": scenario_board,
    "scan": scenario_scan,
    "debounce": scenario_debounce,
    "protocol": scenario_protocol,
    "host": scenario_host,
    "pinmap": scenario_pinmap,
    "loop": scenario_loop,
    "recover": scenario_recover,
    "fuzz": scenario_fuzz,
    "alloc": scenario_alloc,
}

if __name__ == "__main__":
    ARGS = [int(a) if a.isdigit() else a for a in sys.argv[3:]]
    SCENARIOS[sys.argv[2]](*ARGS)
