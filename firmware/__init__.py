"""Sensor-board firmware (MicroPython on a Raspberry Pi Pico).

Every module here except main.py is pure Python that runs unchanged under CPython, so the host's
tests cover the firmware. Only built-in names appear in annotations: MicroPython has no typing.
"""
