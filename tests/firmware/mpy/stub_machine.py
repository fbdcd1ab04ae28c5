"""The smallest honest `machine`: it records calls and nothing more.

Pins read back what was written to them, or their pull level if nothing was (an unconnected
input). reset() is recorded and raises Reset, because on a board it never returns; a simulated board
sets on_reset to its boot, which then runs in place of the rest of the caller (for ever).
Runs on CPython and MicroPython; the driver puts it in sys.modules as `machine`.
"""

calls = []  # (name, args...) in call order, except pin reads/writes, which are counted
pin_ops = {}  # (pin, "r" or "w") -> count

PWRON_RESET = 1
WDT_RESET = 3
cause = PWRON_RESET
on_reset = None


class Reset(BaseException):
    """machine.reset() was called (on a board it does not return)."""


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, n, mode=-1, pull=None):
        calls.append(("Pin", n, mode, pull))
        self.n = n
        self.level = 1 if pull == Pin.PULL_UP else 0

    def value(self, v=None):
        key = (self.n, "r" if v is None else "w")
        pin_ops[key] = pin_ops.get(key, 0) + 1
        if v is None:
            return self.level
        self.level = v


class WDT:
    def __init__(self, id=0, timeout=5000):
        calls.append(("WDT", timeout))

    def feed(self):
        calls.append(("feed",))


def reset():
    calls.append(("reset",))
    if on_reset is not None:
        on_reset()
    raise Reset()


def reset_cause():
    calls.append(("reset_cause",))
    return cause
