"""hardware/: the bill of materials adds up and lists what the wiring diagrams show; the committed
diagrams are what hardware/wiring.py draws from hardware/pins.toml today."""

from __future__ import annotations

import csv
import importlib.util
import re
import tomllib
import xml.etree.ElementTree as ET
from decimal import Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HW = ROOT / "hardware"
PINS = tomllib.loads((HW / "pins.toml").read_text())


def bom() -> list[dict[str, str]]:
    with open(HW / "bom.csv", newline="") as f:
        return list(csv.DictReader(f))


def quantity(word: str) -> int:
    return sum(int(r["quantity"]) for r in bom() if word.lower() in r["part"].lower())


def test_bom_quantity_times_unit_cost_is_total() -> None:
    rows = bom()
    assert rows
    for r in rows:
        assert Decimal(r["quantity"]) * Decimal(r["unit cost"]) == Decimal(r["total"]), r["part"]


def test_bom_lists_every_part_the_diagrams_show() -> None:
    sb = PINS["sensor_board"]
    chips = sb["shift"]["chips"]
    assert quantity("74HC165 8-bit") == chips
    assert quantity("reed switch") >= sb["channels"]
    assert quantity("10k resistor") >= chips * 8  # one pull-up per input
    assert quantity("100nF") >= chips + 1  # one per 74HC165 and one for the 74AHCT125
    for part in ("74AHCT125", "330 ohm resistor (LED data", "1000uF", "WS2812", "2N2222", "1k base resistor",
                 "1N4148", "Active buzzer", "status", "Raspberry Pi Pico"):
        assert quantity(part) >= 1, part
    assert quantity("push button") == 3


def load_wiring():
    pytest.importorskip("schemdraw")
    spec = importlib.util.spec_from_file_location("hardware_wiring", HW / "wiring.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_diagrams_are_current_and_deterministic(tmp_path: Path) -> None:
    wiring = load_wiring()
    first = wiring.write_all(HW / "pins.toml", tmp_path)
    assert [p.name for p in first] == ["wiring-sensor-board.svg", "wiring-pi.svg"]
    texts = [p.read_text() for p in first]
    again = wiring.write_all(HW / "pins.toml", tmp_path)
    assert [p.read_text() for p in again] == texts
    for p, t in zip(first, texts):
        assert (HW / p.name).read_text() == t, f"hardware/{p.name} is stale: run .venv/bin/python hardware/wiring.py"


def svg_text(name: str) -> str:
    root = ET.parse(HW / name).getroot()
    return " ".join(" ".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))


def test_diagrams_show_the_pins_from_pins_toml() -> None:
    sh, leds, ctl = PINS["sensor_board"]["shift"], PINS["sensor_board"]["leds"], PINS["controls"]
    board = svg_text("wiring-sensor-board.svg")
    for n in (sh["load_pin"], sh["clock_pin"], sh["data_pin"], leds["data_pin"]):
        assert f"GP{n}" in board
    for label in ("SH/LD", "CLK INH", "QH'", "SER", "VCC", "74AHCT125", "1OE", "WS2812B", "1000 uF", "100n",
                  "R 330", "10k", f"74HC165 #{sh['chips'] - 1}"):
        assert label in board, label
    pi = svg_text("wiring-pi.svg")
    for key in ("confirm_pin", "roll_pin", "undo_pin", "status_led_pin", "buzzer_pin"):
        assert f"GPIO{ctl[key]}" in pi, key
    for label in ("1N4148", "2N2222A", "330", "1k", "pull-ups"):
        assert label in pi, label


def test_docs_point_at_the_generated_diagrams() -> None:
    for doc in (HW / "BUILD.md", ROOT / "docs" / "hardware.md"):
        text = doc.read_text()
        assert "wiring-sensor-board.svg" in text and "wiring-pi.svg" in text, doc
        assert not re.search(r"(?<![-\w])wiring\.svg", text), doc
    assert not (HW / "wiring.svg").exists()
