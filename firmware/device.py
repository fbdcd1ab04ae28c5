"""The sensor board's behaviour: scan, debounce, report, heartbeat, answer the host.

Pure: time comes in as milliseconds, bytes go out through `write`, sensors and LEDs are objects
passed in. firmware/app.py wires it to the Pico; `companion board-sim` wires it to a pty.
A steady-state tick (nothing changed, no heartbeat due) allocates nothing.
"""

from firmware import protocol
from firmware.debounce import Debouncer, nbytes
from firmware.ticks import ticks_diff

SEQ_MODULO = 65536


class NoLeds:
    """A board without a WS2812 strip: LED commands are accepted and ignored."""

    def set(self, channel: int, r: int, g: int, b: int) -> None:
        pass

    def off(self) -> None:
        pass


def describe(exc: BaseException) -> str:
    """An exception as ERR text: its type and message (the message may differ by interpreter)."""
    if isinstance(exc, OSError) and exc.args:
        return "OSError errno %s" % exc.args[0]  # CPython and MicroPython word the message differently
    text = str(exc)
    return "%s: %s" % (type(exc).__name__, text) if text else type(exc).__name__


class SensorBoard:
    def __init__(self, channels: int, sensors: object, write: object, leds: object = None,
                 fw_version: str = "1.0.0", debounce_ms: int = 30, heartbeat_ms: int = 1000,
                 maintenance: object = None) -> None:
        if not 1 <= channels <= 64:
            raise ValueError("channels must be 1..64, got %d" % channels)
        self.channels = channels
        self.sensors = sensors
        self.write = write
        self.leds = leds if leds is not None else NoLeds()
        self.fw_version = fw_version
        self.heartbeat_ms = heartbeat_ms
        self.maintenance = maintenance  # called on MAINT; None: this board has no maintenance mode
        self.debouncer = Debouncer(channels, debounce_ms)
        self.reader = protocol.LineReader()
        self.seq = 0
        self._scan = bytearray(nbytes(channels))
        self._last_heartbeat = 0
        self.dropped = 0  # host lines answered with ERR
        self.faults = 0  # unexpected exceptions answered with ERR,FW

    def _next_seq(self) -> int:
        seq = self.seq
        self.seq = (self.seq + 1) % SEQ_MODULO
        return seq

    def boot(self, now_ms: int) -> None:
        self.sensors.read_into(self._scan)
        self.debouncer.start(self._scan, now_ms)
        self.write(protocol.hello(self.fw_version, self.channels))
        self.send_snap()
        self._last_heartbeat = now_ms

    def send_snap(self) -> None:
        self.write(protocol.snap(self._next_seq(), self.debouncer.stable))

    def tick(self, now_ms: int) -> None:
        """One scan: report debounced changes, then the heartbeat if due."""
        self.sensors.read_into(self._scan)
        changes = self.debouncer.update(self._scan, now_ms)
        if changes:
            for channel, state in changes:
                self.write(protocol.evt(self._next_seq(), channel, state))
        if ticks_diff(now_ms, self._last_heartbeat) >= self.heartbeat_ms:
            self._last_heartbeat = now_ms
            self.send_snap()

    def receive(self, data: object) -> None:
        """Bytes from the host; answers each complete line. Raises nothing a host can cause."""
        for line in self.reader.feed(data):
            if line is None:
                self._reject(protocol.ERR_LEN, "line over %d bytes" % protocol.MAX_LINE)
                continue
            try:
                name, args = protocol.parse_command(line, self.channels)
                self._answer(name, args)
            except protocol.ProtocolError as e:
                self._reject(e.code, e.text)
            except Exception as e:  # a failing LED strip must not cost the lines after it
                self.fault(e)

    def _answer(self, name: str, args: tuple) -> None:
        if name == "HELLO?":
            self.write(protocol.hello(self.fw_version, self.channels))
        elif name == "SNAP?":
            self.send_snap()
        elif name == "LED":
            self.leds.set(args[0], args[1], args[2], args[3])
        elif name == "LEDS_OFF":
            self.leds.off()
        elif name == "MAINT":
            if self.maintenance is None:
                raise protocol.ProtocolError(protocol.ERR_CMD, "no maintenance mode on this board")
            self.maintenance()

    def fault(self, exc: BaseException) -> None:
        """Report an unexpected exception as ERR,FW and carry on."""
        self.faults += 1
        self.write(protocol.err(protocol.ERR_FW, describe(exc)))

    def _reject(self, code: str, text: str) -> None:
        self.dropped += 1
        self.write(protocol.err(code, text))
