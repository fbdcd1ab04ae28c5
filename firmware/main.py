"""Pico entry point: the only MicroPython-specific file. Wires firmware.device to the hardware.

Deploy (from the repo root, Pico plugged in by USB):
    mpremote cp -r firmware : + cp hardware/pins.toml :pins.toml + cp firmware/main.py :main.py + reset
"""

import sys
import time

import machine
import select

from firmware import pinmap, scan
from firmware.device import SensorBoard


class StripLeds:
    """WS2812 strip, one LED per channel."""

    def __init__(self, pin: int, count: int, brightness: int) -> None:
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


def build(cfg: dict, write: object) -> SensorBoard:
    pull = machine.Pin.PULL_UP if cfg["active_low"] else machine.Pin.PULL_DOWN
    if cfg["mode"] == "direct":
        pins = [machine.Pin(n, machine.Pin.IN, pull) for n in cfg["pins"]]
        sensors = scan.DirectScanner(pins, cfg["active_low"])
    else:
        s = cfg["shift"]
        sensors = scan.ShiftRegisterScanner(
            machine.Pin(s["load_pin"], machine.Pin.OUT), machine.Pin(s["clock_pin"], machine.Pin.OUT),
            machine.Pin(s["data_pin"], machine.Pin.IN), s["chips"], cfg["channels"], cfg["active_low"])
    leds = None
    led_cfg = cfg["leds"]
    if led_cfg.get("count", 0) > 0:
        leds = StripLeds(led_cfg["data_pin"], led_cfg["count"], led_cfg.get("brightness", 64))
    return SensorBoard(cfg["channels"], sensors, write, leds, cfg["firmware_version"],
                       cfg["debounce_ms"], cfg["heartbeat_ms"])


def run() -> None:
    cfg = pinmap.sensor_config(pinmap.load("pins.toml"))
    out = sys.stdout.buffer
    board = build(cfg, out.write)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    board.boot(time.ticks_ms())
    while True:
        board.tick(time.ticks_ms())
        # Protocol bytes are printable, so Ctrl-C stays free for mpremote to stop us.
        while poll.poll(0):
            board.receive(sys.stdin.buffer.read(1))
        time.sleep_ms(1)


run()
