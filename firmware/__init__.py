"""Sensor-board firmware (MicroPython on a Raspberry Pi Pico).

Every module runs unchanged under CPython and under MicroPython: the tests run them on both and
compare (tests/firmware/test_micropython.py). Only app.py touches the board (machine,
micropython, neopixel, imported inside its functions) and main.py is the board's entry point.
Only built-in names appear in annotations: MicroPython has no typing.
"""
