"""A `neopixel` that records what the firmware asks of the strip."""

import stub_machine


class NeoPixel:
    def __init__(self, pin, n):
        stub_machine.calls.append(("NeoPixel", pin.n, n))

    def __setitem__(self, i, rgb):
        stub_machine.calls.append(("np_set", i, rgb[0], rgb[1], rgb[2]))

    def fill(self, rgb):
        stub_machine.calls.append(("np_fill", rgb[0], rgb[1], rgb[2]))

    def write(self):
        stub_machine.calls.append(("np_write",))
