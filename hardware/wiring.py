"""Wiring diagram source: `python hardware/wiring.py` writes hardware/wiring.svg.

Pin numbers come from hardware/pins.toml, so the drawing cannot drift from the pin map.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import schemdraw
import schemdraw.elements as elm
import schemdraw.logic as logic

HERE = Path(__file__).resolve().parent


def draw(pins: dict, out: Path) -> None:
    sb, sh, leds, ctl = pins["sensor_board"], pins["sensor_board"]["shift"], pins["sensor_board"]["leds"], pins["controls"]
    schemdraw.config(fontsize=11)
    with schemdraw.Drawing(show=False) as d:
        pico = elm.Ic(
            pins=[
                elm.IcPin(name=f"GP{sh['load_pin']}", side="right", slot="4/4"),
                elm.IcPin(name=f"GP{sh['clock_pin']}", side="right", slot="3/4"),
                elm.IcPin(name=f"GP{sh['data_pin']}", side="right", slot="2/4"),
                elm.IcPin(name=f"GP{leds['data_pin']}", side="right", slot="1/4"),
                elm.IcPin(name="USB", side="left", slot="2/2"),
                elm.IcPin(name="VBUS", side="left", slot="1/2"),
            ],
            edgepadW=1.5, edgepadH=1.0, size=(3, 4), label="Pico\n(RP2040)",
        )
        d += pico
        sr = elm.Ic(
            pins=[
                elm.IcPin(name="SH/LD", side="left", slot="4/4"),
                elm.IcPin(name="CLK", side="left", slot="3/4"),
                elm.IcPin(name="QH", side="left", slot="2/4"),
                elm.IcPin(name="CLK INH=GND", side="left", slot="1/4"),
                elm.IcPin(name="A..H", side="right", slot="2/2"),
                elm.IcPin(name="SER", side="right", slot="1/2"),
            ],
            size=(3, 4), label=f"74HC165 x{sh['chips']}\n(chip 0: ch 0-7 on A-H)",
        ).at((9, 0)).anchor("SH/LD")
        d += sr
        d += elm.Wire("-|").at(pico[f"GP{sh['load_pin']}"]).to(sr["SH/LD"])
        d += elm.Wire("-|").at(pico[f"GP{sh['clock_pin']}"]).to(sr["CLK"])
        d += elm.Wire("-|").at(sr["QH"]).to(pico[f"GP{sh['data_pin']}"])
        # One reed switch per zone: input pulled up by 10k, closed to GND by a magnet.
        d += elm.Line().right(1.5).at(sr["A..H"])
        d.push()
        d += elm.Resistor().up().label("10k to 3V3", loc="bottom")
        d.pop()
        d += elm.Switch().right().label(f"reed x{sb['channels']}\n(one per zone)")
        d += elm.Ground()
        d += elm.Line().right(1.5).at(sr["SER"]).label("to next chip QH", loc="right")
        # LED strip through the level shifter.
        d += elm.Line().down(4).at(pico[f"GP{leds['data_pin']}"])
        d += logic.Buf().right().label("74AHCT125\n3V3->5V")
        d += elm.Resistor().right().label("330")
        d += elm.Dot(open=True).label(f"WS2812 DIN\n({leds['count']} LEDs, 5V)", loc="right")
        d += elm.Line().left(2).at(pico["USB"]).label("USB to Pi", loc="left")
        # Raspberry Pi controls.
        d += elm.Dot(open=True).at((-4, -8)).label("Raspberry Pi\nBCM GPIO", loc="left")
        y = -8.0
        for name, key in (("Confirm", "confirm_pin"), ("Roll", "roll_pin"), ("Undo", "undo_pin")):
            d += elm.Line().right(2).at((-4, y)).label(f"GPIO{ctl[key]}", loc="top")
            d += elm.Button().right().label(name)
            d += elm.Ground()
            y -= 2
        d += elm.Line().right(2).at((-4, y)).label(f"GPIO{ctl['status_led_pin']}", loc="top")
        d += elm.Resistor().right().label("330")
        d += elm.LED().right().label("status")
        d += elm.Ground()
        y -= 2
        d += elm.Line().right(2).at((-4, y)).label(f"GPIO{ctl['buzzer_pin']}", loc="top")
        d += elm.Resistor().right().label("1k")
        d += elm.BjtNpn(circle=True).right().anchor("base").label("2N2222", loc="right")
        q = d.elements[-1]
        d += elm.Speaker().up().at(q.collector).label("active buzzer\nto 5V", loc="right")
        d += elm.Ground().at(q.emitter)
        d.save(str(out))


def main() -> int:
    pins = tomllib.loads((HERE / "pins.toml").read_text())
    out = HERE / "wiring.svg"
    draw(pins, out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
