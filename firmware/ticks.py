"""Millisecond ticks that wrap, as on the board.

MicroPython's time.ticks_* on the board; under CPython the same arithmetic with the RP2040's
period (2**30 ms, about 12.4 days), so host tests cross the wrap-around the way the Pico does.
"""

try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:
    import time as _time

    PERIOD = 1 << 30
    _HALF = PERIOD >> 1

    def ticks_add(ticks: int, delta: int) -> int:
        return (ticks + delta) & (PERIOD - 1)

    def ticks_diff(a: int, b: int) -> int:
        return ((a - b + _HALF) & (PERIOD - 1)) - _HALF

    def ticks_ms() -> int:
        return int(_time.monotonic() * 1000) & (PERIOD - 1)

    def sleep_ms(ms: int) -> None:
        _time.sleep(ms / 1000)

__all__ = ["sleep_ms", "ticks_add", "ticks_diff", "ticks_ms"]
