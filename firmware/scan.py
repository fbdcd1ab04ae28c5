"""Reading every sensor once into a bit mask (bit i = channel i, 1 = occupied).

A pin is anything with value() -> 0/1 and value(v): machine.Pin on the Pico, fakes in tests.
"""


class DirectScanner:
    """One GPIO per channel, in channel order."""

    def __init__(self, pins: list, active_low: bool = True) -> None:
        self.pins = pins
        self.channels = len(pins)
        self.active_low = active_low

    def read(self) -> int:
        mask = 0
        occupied = 0 if self.active_low else 1
        for ch in range(self.channels):
            if self.pins[ch].value() == occupied:
                mask |= 1 << ch
        return mask


class ShiftRegisterScanner:
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
        clock.value(0)
        load.value(1)

    def read(self) -> int:
        self.load.value(0)  # latch the parallel inputs
        self.load.value(1)
        mask = 0
        occupied = 0 if self.active_low else 1
        for i in range(self.chips * 8):
            ch = (i // 8) * 8 + 7 - i % 8
            if ch < self.channels and self.data.value() == occupied:
                mask |= 1 << ch
            self.clock.value(1)  # rising edge shifts the next bit to QH
            self.clock.value(0)
        return mask


class VirtualSensors:
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

    def read(self) -> int:
        return self.mask
