"""Scanning a 74HC165 chain through a pin-level model of the chip, direct pins, and the pin map."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from firmware import pinmap
from firmware.scan import DirectScanner, ShiftRegisterScanner

ROOT = Path(__file__).resolve().parents[2]


class Chain74HC165:
    """Pin-level model: SH/LD low latches the inputs; a CLK rising edge shifts toward QH.
    Chip 0's QH is the output; chip k+1's QH feeds chip k's SER."""

    def __init__(self, chips: int) -> None:
        self.inputs = [[1] * 8 for _ in range(chips)]  # A..H per chip, pulled up = free
        self.regs = [[1] * 8 for _ in range(chips)]
        self.load = _Pin(self._on_load)
        self.clock = _Pin(self._on_clock)
        self.data = _Pin(None, reader=lambda: self.regs[0][7])  # QH = H stage

    def _on_load(self, old: int, new: int) -> None:
        if new == 0:
            self.regs = [list(i) for i in self.inputs]

    def _on_clock(self, old: int, new: int) -> None:
        if old == 0 and new == 1 and self.load.level == 1:
            for k, reg in enumerate(self.regs):
                ser = self.regs[k + 1][7] if k + 1 < len(self.regs) else 0
                reg[1:] = reg[:-1]
                reg[0] = ser


class _Pin:
    def __init__(self, on_change: object, reader: object = None) -> None:
        self.level = 0
        self.on_change = on_change
        self.reader = reader

    def value(self, v: int | None = None) -> int:
        if v is None:
            return self.reader() if self.reader else self.level  # type: ignore[operator]
        old, self.level = self.level, v
        if self.on_change:
            self.on_change(old, v)  # type: ignore[operator]
        return v


def test_shift_chain_maps_inputs_to_channels() -> None:
    chain = Chain74HC165(4)
    occupied = {0, 7, 8, 13, 30}
    for ch in occupied:
        chain.inputs[ch // 8][ch % 8] = 0  # reed switch closed pulls the input low
    scanner = ShiftRegisterScanner(chain.load, chain.clock, chain.data, chips=4, channels=30)
    mask = scanner.read()
    assert {ch for ch in range(64) if mask >> ch & 1} == {0, 7, 8, 13}  # 30 is beyond 30 channels
    chain.inputs[0][0] = 1
    assert scanner.read() & 1 == 0


def test_shift_chain_too_short() -> None:
    chain = Chain74HC165(1)
    with pytest.raises(ValueError, match="need 2 chips"):
        ShiftRegisterScanner(chain.load, chain.clock, chain.data, chips=1, channels=9)


def test_direct_scanner() -> None:
    pins = [_Pin(None) for _ in range(4)]
    for p in pins:
        p.level = 1
    pins[2].level = 0
    assert DirectScanner(pins).read() == 0b100
    assert DirectScanner(pins, active_low=False).read() == 0b1011


def test_pinmap_reads_the_shared_pins_file_like_tomllib() -> None:
    text = (ROOT / "hardware" / "pins.toml").read_text()
    assert pinmap.parse(text) == tomllib.loads(text)
    cfg = pinmap.sensor_config(pinmap.parse(text))
    assert cfg["channels"] >= 30
    assert cfg["mode"] in ("shift", "direct")


def test_pinmap_subset_matches_tomllib() -> None:
    text = '# c\n[a]\nx = -3 # n\ns = "a # \\"q\\""\n[a.b]\nl = [1, 2,3]\nt = true\ne = []\n'
    assert pinmap.parse(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text, where",
    [("[a\n", "t.toml:1"), ("x = 1\nx = 2\n", "t.toml:2"), ("\n\ny = pin\n", "t.toml:3"), ("z\n", "t.toml:1")],
)
def test_pinmap_errors_say_where(text: str, where: str) -> None:
    with pytest.raises(pinmap.PinMapError, match=where):
        pinmap.parse(text, "t.toml")


def test_sensor_config_checks_chip_count() -> None:
    pins = pinmap.parse('[sensor_board]\nchannels = 20\n[sensor_board.shift]\nload_pin=1\nclock_pin=2\ndata_pin=3\nchips=2\n')
    with pytest.raises(pinmap.PinMapError, match="2 chips carry only 16"):
        pinmap.sensor_config(pins)


def test_pure_modules_avoid_cpython_only_imports() -> None:
    # MicroPython has no typing, dataclasses, enum or f-string-heavy stdlib helpers.
    for name in ("protocol", "debounce", "scan", "device", "pinmap", "ticks", "app", "main"):
        src = (ROOT / "firmware" / f"{name}.py").read_text()
        for banned in ("import typing", "from typing", "dataclass", "import enum", "from __future__"):
            assert banned not in src, f"firmware/{name}.py uses {banned}"
