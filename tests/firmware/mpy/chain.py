"""A pin-level model of a 74HC165 chain that allocates nothing, so it can stand in the
allocation test and the loop benchmark on MicroPython as well as in the scan scenarios.

SH/LD low copies the inputs into the registers; a CLK rising edge with SH/LD high shifts every
register one stage towards H, chip k+1's QH into chip k's SER (the last SER is tied to GND).
Chip 0's QH is the data pin. One byte per chip: bit s = stage s (A = 0 .. H = 7).
"""


class _Load:
    def __init__(self, chain):
        self.chain = chain
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        if v == 0:
            regs = self.chain.regs
            inputs = self.chain.inputs
            for k in range(len(regs)):
                regs[k] = inputs[k]
        self.level = v


class _Clock:
    def __init__(self, chain):
        self.chain = chain
        self.level = 0

    def value(self, v=None):
        if v is None:
            return self.level
        if v == 1 and self.level == 0 and self.chain.load.level == 1:
            regs = self.chain.regs
            last = len(regs) - 1
            for k in range(last + 1):
                ser = regs[k + 1] >> 7 if k < last else 0
                regs[k] = ((regs[k] << 1) | ser) & 0xFF
        self.level = v


class _Data:
    def __init__(self, chain):
        self.chain = chain

    def value(self, v=None):
        return self.chain.regs[0] >> 7


class Chain74HC165:
    def __init__(self, chips):
        self.inputs = bytearray(b"\xff" * chips)  # pulled up: every zone free
        self.regs = bytearray(chips)
        self.load = _Load(self)
        self.clock = _Clock(self)
        self.data = _Data(self)

    def set_input(self, channel, level):
        chip = channel >> 3
        bit = 1 << (channel & 7)
        if level:
            self.inputs[chip] |= bit
        else:
            self.inputs[chip] &= 0xFF ^ bit

    def occupy(self, channel, occupied=True):
        """A magnet over the reed switch pulls the input low."""
        self.set_input(channel, 0 if occupied else 1)
