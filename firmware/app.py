"""The board's main loop: SensorBoard wired to the Pico's pins, USB serial and watchdog.

A board in a box recovers by itself:
- the watchdog (machine.WDT) resets the board when the loop stops feeding it (a hang, a crash);
- Ctrl-C from the host is turned off while serving (a stray 0x03 is just a dropped byte);
- an unexpected exception in the loop is answered with ERR,FW and the loop goes on; a burst of
  them (FAULT_LIMIT within FAULT_WINDOW_MS) resets the board, which boots and says HELLO;
- a pins.toml it cannot serve with is reported as ERR,CFG every second, never a REPL;
- MAINT from the host (the deploy command) resets into maintenance mode: no loop, no watchdog,
  Ctrl-C works, so mpremote can copy files (firmware/main.py reads the flag).

machine, micropython and neopixel are imported here and nowhere else; tests put stubs in
sys.modules for them and pass a host, a clock and a sleep of their own.
"""

import sys

from firmware import pinmap, protocol, scan
from firmware.device import SensorBoard
from firmware.ticks import sleep_ms, ticks_diff, ticks_ms

PINS_FILE = "pins.toml"
MAINT_FLAG = "maint"  # present at boot: stay out of the loop once (firmware/main.py)
WDT_TIMEOUT_MS = 2000  # the RP2040 allows up to 8388
FAULT_LIMIT = 10
FAULT_WINDOW_MS = 1000
READ_CHUNK = 32


class UsbHost:
    """The USB serial (MicroPython's stdin/stdout). read_into() never blocks or allocates."""

    def __init__(self) -> None:
        import select
        self._in = sys.stdin.buffer
        self.write = sys.stdout.buffer.write
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._one = bytearray(1)

    def _ready(self) -> bool:
        for _ in self._poll.ipoll(0):  # ipoll: no list allocated per call
            return True
        return False

    def read_into(self, buf: bytearray) -> int:
        n = 0
        while n < len(buf) and self._ready():
            if not self._in.readinto(self._one):
                break
            buf[n] = self._one[0]
            n += 1
        return n


class StripLeds:
    """WS2812 strip, one LED per channel."""

    def __init__(self, machine: object, pin: int, count: int, brightness: int) -> None:
        import neopixel
        self.np = neopixel.NeoPixel(machine.Pin(pin), count)
        self.count = count
        self.brightness = brightness

    def set(self, channel: int, r: int, g: int, b: int) -> None:
        if channel < self.count:
            k = self.brightness
            self.np[channel] = (r * k // 255, g * k // 255, b * k // 255)
            self.np.write()

    def off(self) -> None:
        self.np.fill((0, 0, 0))
        self.np.write()


def build(machine: object, cfg: dict, write: object, maintenance: object = None) -> SensorBoard:
    pin = machine.Pin
    pull = pin.PULL_UP if cfg["active_low"] else pin.PULL_DOWN
    if cfg["mode"] == "direct":
        sensors = scan.DirectScanner([pin(n, pin.IN, pull) for n in cfg["pins"]], cfg["active_low"])
    else:
        s = cfg["shift"]
        sensors = scan.ShiftRegisterScanner(
            pin(s["load_pin"], pin.OUT), pin(s["clock_pin"], pin.OUT), pin(s["data_pin"], pin.IN),
            s["chips"], cfg["channels"], cfg["active_low"])
    leds = None
    led_cfg = cfg["leds"]
    if led_cfg.get("count", 0) > 0:
        leds = StripLeds(machine, led_cfg["data_pin"], led_cfg["count"], led_cfg.get("brightness", 64))
    return SensorBoard(cfg["channels"], sensors, write, leds, cfg["firmware_version"],
                       cfg["debounce_ms"], cfg["heartbeat_ms"], maintenance)


def enter_maintenance(machine: object) -> None:
    """Reset into maintenance mode (for the deploy command); does not return on a board."""
    with open(MAINT_FLAG, "w") as f:
        f.write("deploy\n")
    machine.reset()


class Faults:
    """Counts unexpected exceptions; too many in a short time means reset."""

    def __init__(self, limit: int = FAULT_LIMIT, window_ms: int = FAULT_WINDOW_MS) -> None:
        self.limit = limit
        self.window_ms = window_ms
        self.count = 0
        self._window_start = 0
        self._in_window = 0

    def record(self, now_ms: int) -> bool:
        """Count one; True when the board should reset."""
        self.count += 1
        if self._in_window == 0 or ticks_diff(now_ms, self._window_start) > self.window_ms:
            self._window_start = now_ms
            self._in_window = 0
        self._in_window += 1
        return self._in_window >= self.limit


def serve(board: SensorBoard, host: object, wdt: object, machine: object, clock: object = ticks_ms,
          sleep: object = sleep_ms, loops: int = -1) -> Faults:
    """Boot the board and run the loop (for ever on the board; `loops` bounds it in tests)."""
    faults = Faults()
    buf = bytearray(READ_CHUNK)
    board.boot(clock())
    n = 0
    while n != loops:
        n += 1
        wdt.feed()
        try:
            board.tick(clock())
            got = host.read_into(buf)
            while got:
                board.receive(buf if got == READ_CHUNK else buf[:got])
                got = host.read_into(buf)
        except Exception as e:  # MemoryError too: _fault collects first
            _fault(board, faults, e, machine, clock)
        sleep(1)
    return faults


def _fault(board: SensorBoard, faults: Faults, exc: Exception, machine: object, clock: object) -> None:
    import gc
    gc.collect()
    try:
        board.fault(exc)
    except Exception:  # the write itself failed: nothing more to say
        pass
    if faults.record(clock()):
        machine.reset()


def fault_loop(host: object, wdt: object, machine: object, code: str, text: str,
               clock: object = ticks_ms, sleep: object = sleep_ms, loops: int = -1) -> None:
    """The board cannot serve (bad pins.toml): say why every second and to every host line,
    honour MAINT, and never fall into the REPL."""
    reader = protocol.LineReader()
    line = protocol.err(code, text)
    buf = bytearray(READ_CHUNK)
    last = None
    n = 0
    while n != loops:
        n += 1
        wdt.feed()
        now = clock()
        if last is None or ticks_diff(now, last) >= 1000:
            last = now
            host.write(line)
        got = host.read_into(buf)
        if got:
            for got_line in reader.feed(buf[:got]):
                try:
                    name = protocol.parse_command(got_line, 64)[0] if got_line else None
                except protocol.ProtocolError:
                    name = None
                if name == "MAINT":
                    enter_maintenance(machine)
                host.write(line)
        sleep(1)


def main(pins_file: str = PINS_FILE, host: object = None, clock: object = ticks_ms, sleep: object = sleep_ms,
         loops: int = -1) -> object:
    import machine
    import micropython
    micropython.kbd_intr(-1)  # a 0x03 from the host must not raise KeyboardInterrupt
    if host is None:
        host = UsbHost()
    wdt = machine.WDT(timeout=WDT_TIMEOUT_MS)
    if machine.reset_cause() == machine.WDT_RESET:
        host.write(protocol.err(protocol.ERR_FW, "reset by the watchdog"))
    try:
        cfg = pinmap.sensor_config(pinmap.load(pins_file))
    except OSError as e:  # the errno, not the message: the interpreters word it differently
        text = "cannot read %s (errno %s)" % (pins_file, e.args[0] if e.args else "?")
        return fault_loop(host, wdt, machine, protocol.ERR_CFG, text, clock, sleep, loops)
    except ValueError as e:  # PinMapError says what and where
        return fault_loop(host, wdt, machine, protocol.ERR_CFG, str(e), clock, sleep, loops)
    board = build(machine, cfg, host.write, lambda: enter_maintenance(machine))
    return serve(board, host, wdt, machine, clock, sleep, loops)
