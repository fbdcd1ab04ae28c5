"""Reading every sensor once into a scan buffer (byte i bit b = channel 8*i + b, 1 = occupied).

A pin is anything with value() -> 0/1 and value(v): machine.Pin on the Pico, models in tests.
read_into() allocates nothing (the pins' bound methods are taken once, here); read() returns
the same scan as an int mask for callers off the board.
"""

from firmware.debounce import from_mask, nbytes, to_mask


class _Scanner:
    channels = 0

    def read_into(self, buf: bytearray) -> None:
        raise NotImplementedError

    def read(self) -> int:
        buf = bytearray(nbytes(self.channels))
        self.read_into(buf)
        return to_mask(buf)


def _last_byte_mask(channels: int) -> int:
    rest = channels % 8
    return (1 << rest) - 1 if rest else 0xFF


class DirectScanner(_Scanner):
    """One GPIO per channel, in channel order."""

    def __init__(self, pins: list, active_low: bool = True) -> None:
        self.pins = pins
        self.channels = len(pins)
        self.active_low = active_low
        self._reads = [p.value for p in pins]

    def read_into(self, buf: bytearray) -> None:
        reads = self._reads
        occupied = 0 if self.active_low else 1
        n = self.channels
        for i in range(nbytes(n)):
            byte = 0
            base = i * 8
            for b in range(8):
                ch = base + b
                if ch < n and reads[ch]() == occupied:
                    byte |= 1 << b
            buf[i] = byte


class ShiftRegisterScanner(_Scanner):
    """A chain of 74HC165s. The chip whose QH goes to the Pico is chip 0 and carries channels 0..7
    on inputs A..H; chip 1's QH goes to chip 0's SER, and so on. The chain shifts out H first, so
    the i-th bit read is channel (i // 8) * 8 + 7 - i % 8."""

    def __init__(self, load: object, clock: object, data: object, chips: int, channels: int,
                 active_low: bool = True) -> None:
        if channels > chips * 8:
            raise ValueError("%d channels need %d chips, have %d" % (channels, (channels + 7) // 8, chips))
        self.load = load
        self.clock = clock
        self.data = data
        self.chips = chips
        self.channels = channels
        self.active_low = active_low
        self._load = load.value
        self._clock = clock.value
        self._data = data.value
        self._used = nbytes(channels)
        self._last_mask = _last_byte_mask(channels)
        clock.value(0)
        load.value(1)

    def read_into(self, buf: bytearray) -> None:
        load = self._load
        clock = self._clock
        data = self._data
        occupied = 0 if self.active_low else 1
        load(0)  # latch the parallel inputs
        load(1)
        for chip in range(self.chips):
            byte = 0
            for b in range(7, -1, -1):  # H first
                if data() == occupied:
                    byte |= 1 << b
                clock(1)  # rising edge shifts the next bit to QH
                clock(0)
            if chip < self._used:
                buf[chip] = byte & self._last_mask if chip == self._used - 1 else byte


class VirtualSensors(_Scanner):
    """The virtual board's sensors: a mask set by place/lift (used by `companion board-sim`)."""

    def __init__(self, channels: int) -> None:
        self.channels = channels
        self.mask = 0

    def set(self, channel: int, occupied: bool) -> None:
        if not 0 <= channel < self.channels:
            raise ValueError("channel %d not in 0..%d" % (channel, self.channels - 1))
        if occupied:
            self.mask |= 1 << channel
        else:
            self.mask &= ~(1 << channel)

    def read_into(self, buf: bytearray) -> None:
        from_mask(self.mask, buf)

    def read(self) -> int:
        return self.mask
