"""Wiring diagrams: `python hardware/wiring.py` writes two SVGs next to this file.

- wiring-sensor-board.svg: the Pico, the 74HC165 chain with its reed switches and pull-ups, the
  74AHCT125 level shifter and the WS2812 strip, with their power, ground and decoupling.
- wiring-pi.svg: the Raspberry Pi's GPIO header: the three buttons, the status LED, the buzzer
  and the USB cable to the Pico.

Every GPIO number comes from hardware/pins.toml (the same file the firmware and the companion
read), so the drawings cannot drift from the pin map. The tables below are facts of the parts,
not of this project: the Pico's and the Pi's GPIO-to-header-pin maps and the chips' DIP pinouts.
Everything is placed at fixed coordinates (no auto-layout), so the output is deterministic.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import schemdraw
import schemdraw.elements as elm

HERE = Path(__file__).resolve().parent
OUTPUTS = ("wiring-sensor-board.svg", "wiring-pi.svg")

# Raspberry Pi Pico: GPn -> physical pin (1..40, pin 1 top-left with USB up).
PICO_PIN = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
    13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31,
    27: 32, 28: 34,
}
PICO_3V3_OUT, PICO_VBUS, PICO_GND = 36, 40, 38
# Raspberry Pi 40-pin header: BCM GPIO -> physical pin.
PI_PIN = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31,
    13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26,
    1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}
# The display takes 5 V and GND from header pins 2 and 6 (BUILD.md section 7); the controls use these.
PI_5V, PI_GND = 4, 14
# 74HC165 (DIP-16) inputs in channel order A..H -> package pins.
HC165_INPUTS = (("A", 11), ("B", 12), ("C", 13), ("D", 14), ("E", 3), ("F", 4), ("G", 5), ("H", 6))

FONT = 11
SMALL = 9
PIN_LEN = 0.6
DOT_R = 0.09


# ---------------------------------------------------------------- drawing helpers

def text(d: schemdraw.Drawing, xy: tuple[float, float], s: str, halign: str = "left",
         valign: str = "center", size: float = FONT, color: str = "black") -> None:
    d += elm.Label().theta(0).at(xy).label(s, halign=halign, valign=valign, fontsize=size, color=color)


def wire(d: schemdraw.Drawing, *pts: tuple[float, float]) -> None:
    for a, b in zip(pts, pts[1:]):
        d += elm.Line().at(a).to(b)


def dot(d: schemdraw.Drawing, xy: tuple[float, float]) -> None:
    d += elm.Dot(radius=DOT_R).theta(0).at(xy)


def hop(d: schemdraw.Drawing, x: float, y_from: float, y_to: float, y_cross: float) -> None:
    """A vertical wire from y_from down to y_to that jumps over a horizontal wire at y_cross."""
    r = 0.22
    wire(d, (x, y_from), (x, y_cross + r))
    d += elm.Arc2(k=0.9).at((x, y_cross + r)).to((x, y_cross - r))
    wire(d, (x, y_cross - r), (x, y_to))


def gnd(d: schemdraw.Drawing, xy: tuple[float, float]) -> None:
    d += elm.Ground(lead=False).theta(0).at(xy)


def supply(d: schemdraw.Drawing, xy: tuple[float, float], name: str) -> None:
    """A supply flag (bar) at xy with its net name above it."""
    d += elm.Vdd(lead=False).theta(0).at(xy)
    text(d, (xy[0], xy[1] + 0.35), name, halign="center", valign="bottom", size=SMALL)


class Chip:
    """A rectangle with pins. pins: (side, offset, name, number); offset from the top (L/R sides)
    or from the left (T/B sides). self[name] is the free end of that pin's lead."""

    def __init__(self, d: schemdraw.Drawing, x: float, y: float, w: float, h: float, title: str,
                 pins: list[tuple[str, float, str, str]], title_at: tuple[float, float] | None = None,
                 name_size: float = SMALL) -> None:
        self.ends: dict[str, tuple[float, float]] = {}
        d += elm.Rect((x, y), (x + w, y - h), lw=1.6).theta(0).at((0, 0))
        tx, ty = title_at if title_at is not None else (w / 2, h / 2)
        text(d, (x + tx, y - ty), title, halign="center", size=FONT)
        for side, off, name, num in pins:
            if side in "LR":
                px = x if side == "L" else x + w
                py = y - off
                sign = -1 if side == "L" else 1
                end = (px + sign * PIN_LEN, py)
                wire(d, (px, py), end)
                text(d, (px - sign * 0.2, py), name, halign="left" if side == "L" else "right", size=name_size)
                text(d, (px + sign * PIN_LEN / 2, py + 0.05), num, halign="center", valign="bottom", size=SMALL - 1,
                     color="#555555")
            else:
                px = x + off
                py = y if side == "T" else y - h
                sign = 1 if side == "T" else -1
                end = (px, py + sign * PIN_LEN)
                wire(d, (px, py), end)
                text(d, (px, py - sign * 0.38), name, halign="center", size=name_size)
                text(d, (px + 0.08, py + sign * PIN_LEN / 2), num, halign="left", size=SMALL - 1, color="#555555")
            self.ends[name] = end

    def __getitem__(self, name: str) -> tuple[float, float]:
        return self.ends[name]


# ---------------------------------------------------------------- sheet 1: the sensor board

def sensor_board(pins: dict, out: Path) -> None:
    sb = pins["sensor_board"]
    sh, leds = sb["shift"], sb["leds"]
    chips, channels = sh["chips"], sb["channels"]
    gp = lambda n: f"GP{n}"  # noqa: E731
    load, clock, data, led = (gp(sh["load_pin"]), gp(sh["clock_pin"]), gp(sh["data_pin"]), gp(leds["data_pin"]))
    schemdraw.use("svg")  # the same bytes whether or not matplotlib is installed
    schemdraw.config(fontsize=FONT, lw=1.3, margin=1.5)
    with schemdraw.Drawing(show=False) as d:
        text(d, (-17, 6.2), "Sensor board (stripboard)  -  generated by hardware/wiring.py from hardware/pins.toml "
             f"(mode = \"{sb['mode']}\", {channels} channels, {chips} x 74HC165)", size=13)
        text(d, (-17, 5.4), "GPn = Pico GPIO number; small grey numbers = package pin numbers. Wires that "
             "cross without a dot, or hop, are not connected.", size=SMALL)
        direct = sb["direct"]["pins"]
        text(d, (-17, 4.7), f"Direct mode instead (mode = \"direct\", up to {len(direct)} sensors, no 74HC165s): "
             f"one sensor between each of {', '.join(gp(n) for n in direct)} and GND, internal pull-ups.",
             size=SMALL)

        # ---- Pico (USB at the top, as on the board).
        pico = Chip(d, 0, 2, 5, 11, "Raspberry Pi\nPico\n(RP2040)", [
            ("T", 2.5, "USB", "micro-USB"),
            ("R", 3, gp(sh["data_pin"]), str(PICO_PIN[sh["data_pin"]])),
            ("R", 5, gp(sh["load_pin"]), str(PICO_PIN[sh["load_pin"]])),
            ("R", 7, gp(sh["clock_pin"]), str(PICO_PIN[sh["clock_pin"]])),
            ("L", 9, gp(leds["data_pin"]), str(PICO_PIN[leds["data_pin"]])),
            ("B", 1.0, "VBUS", str(PICO_VBUS)),
            ("B", 2.5, "3V3(OUT)", str(PICO_3V3_OUT)),
            ("B", 4.0, "GND", str(PICO_GND)),
        ], title_at=(2.5, 5.0))
        wire(d, pico["USB"], (2.5, 3.6))
        text(d, (2.7, 3.6), "USB cable to the Raspberry Pi: serial link,\n5 V (VBUS) and the common GND",
             size=SMALL, valign="bottom")
        # Pico power: VBUS is the 5V net, 3V3(OUT) the 3V3 net.
        vbus, v33, pgnd = pico["VBUS"], pico["3V3(OUT)"], pico["GND"]
        for end, net in ((vbus, "5V"), (v33, "3V3")):
            wire(d, end, (end[0], end[1] - 0.7))
            d += elm.Vdd(lead=False).theta(0).at((end[0], end[1] - 0.7))
            text(d, (end[0], end[1] - 1.05), net, halign="center", size=SMALL)
        gnd(d, pgnd)
        text(d, (-17.0, -15.5), "3V3 = Pico 3V3(OUT), pin 36 (max 300 mA; this board draws < 10 mA).\n"
             "5V = Pico VBUS, pin 40 (the Pi's USB 5 V).\n"
             "Every ground symbol is one net: Pico GND (any of 3, 8, 13, 18, 23,\n"
             "28, 33, 38), 74HC165 pin 8, 74AHCT125 pin 7, the reed switches,\n"
             "the strip's GND and the 1000 uF. The Pi's GND joins it through\n"
             "the USB cable. A separate strip supply's GND must be wired to it.",
             valign="top", size=SMALL)

        # ---- 74HC165 chip 0, drawn in full.
        cx, cy, cw = 11.0, 0.0, 4.0
        pitch = 3.0
        ch_rows = [cy - 1 - pitch * i for i in range(8)]
        c0 = Chip(d, cx, cy, cw, 1 + pitch * 7 + 1.5, "74HC165\n#0\nDIP-16", [
            ("L", 1, "QH", "9"), ("L", 3, "SH/LD", "1"), ("L", 5, "CLK", "2"), ("L", 7, "CLK INH", "15"),
            ("T", 1.0, "VCC", "16"),
            ("B", 0.8, "GND", "8"), ("B", 2.0, "QH'", "7"), ("B", 3.2, "SER", "10"),
            *[("R", 1 + pitch * i, name, str(num)) for i, (name, num) in enumerate(HC165_INPUTS)],
        ], title_at=(2.0, 16.0))
        # Pico <-> chip 0: straight across.
        wire(d, c0["QH"], pico[data])
        wire(d, pico[load], c0["SH/LD"])
        wire(d, pico[clock], c0["CLK"])
        text(d, (6.0, c0["QH"][1] + 0.1), "data (QH -> Pico)", valign="bottom", size=SMALL)
        text(d, (8.6, c0["SH/LD"][1] + 0.1), "load", valign="bottom", size=SMALL)
        text(d, (8.6, c0["CLK"][1] + 0.1), "clock", valign="bottom", size=SMALL)
        # CLK INH to GND.
        ci = c0["CLK INH"]
        wire(d, ci, (ci[0] - 0.8, ci[1]))
        gnd(d, (ci[0] - 0.8, ci[1]))
        # VCC with its 100 nF.
        vcc = c0["VCC"]
        wire(d, vcc, (vcc[0], 1.6))
        dot(d, (vcc[0], 1.6))
        wire(d, (vcc[0], 1.6), (vcc[0], 2.4))
        supply(d, (vcc[0], 2.4), "3V3")
        d += elm.Capacitor().endpoints((vcc[0], 1.6), (vcc[0] + 1.6, 1.6)).label("100n", loc="top", fontsize=SMALL)
        wire(d, (vcc[0] + 1.6, 1.6), (vcc[0] + 1.9, 1.6))
        gnd(d, (vcc[0] + 1.9, 1.6))
        text(d, (vcc[0] + 2.3, 1.5), "C1 100 nF ceramic,\nclose to pins 16-8", size=SMALL - 1, valign="center")
        gnd(d, c0["GND"])
        d += elm.NoConnect().theta(0).at(c0["QH'"])
        text(d, (c0["QH'"][0] + 0.35, c0["QH'"][1] - 0.25), "n.c.", size=SMALL - 1)

        # Inputs: 10k pull-up to the 3V3 bus, reed switch to GND, per input.
        x_node = cx + cw + PIN_LEN + 1.0
        x_bus = x_node + 3.2
        for i, (name, num) in enumerate(HC165_INPUTS):
            y = ch_rows[i]
            wire(d, c0[name], (x_node, y))
            dot(d, (x_node, y))
            d += elm.Resistor().endpoints((x_node, y), (x_bus, y)).label("10k", loc="top", fontsize=SMALL)
            if 0 < i:
                dot(d, (x_bus, y))
            d += elm.SwitchReed().endpoints((x_node, y), (x_node, y - 2.1))
            gnd(d, (x_node, y - 2.1))
            ch = i if i < channels else None
            lbl = f"reed\nch {ch}" if ch is not None else "reed\nspare"
            text(d, (x_node - 0.5, y - 1.05), lbl, halign="right", size=SMALL)
        wire(d, (x_bus, ch_rows[0]), (x_bus, ch_rows[-1]))
        wire(d, (x_bus, ch_rows[0]), (x_bus, ch_rows[0] + 1.2))
        supply(d, (x_bus, ch_rows[0] + 1.2), "3V3")
        text(d, (x_bus + 0.4, ch_rows[2]), "Each input: 10k pull-up to 3V3\n"
             "and a reed switch to GND\n(closed by a magnet = 0 = occupied;\n"
             "active_low = true).\n\nChip #k input A..H is channel\n8k+0 .. 8k+7: chip #0 = ch 0-7,\n"
             "#1 = ch 8-15, and so on.\nAll switches' GND legs share one\nbare GND bus under the mat.",
             valign="top", size=SMALL)

        # ---- The rest of the chain: QH of chip k+1 -> SER of chip k; last SER -> GND.
        x_load_bus, x_clk_bus = 8.0, 7.0
        dot(d, (x_load_bus, c0["SH/LD"][1]))
        dot(d, (x_clk_bus, c0["CLK"][1]))
        x_q = cx + cw + PIN_LEN + 0.5
        ser_prev = c0["SER"]
        top = c0["SER"][1] - 3.0
        load_y, clk_y = [], []
        for k in range(1, chips):
            lo, hi = 8 * k, min(8 * k + 7, channels - 1)
            rng = f"ch {lo}-{hi}" if lo <= hi else "spare"
            ck = Chip(d, cx, top, cw, 3.0, f"74HC165 #{k}\n{rng}", [
                ("L", 1, "SH/LD", "1"), ("L", 2, "CLK", "2"), ("R", 1, "QH", "9"), ("R", 2, "SER", "10"),
            ], title_at=(2.0, 1.5), name_size=SMALL - 1)
            q = ck["QH"]
            if k == 1:
                wire(d, q, (x_q, q[1]), (x_q, ser_prev[1] - 1.0), (ser_prev[0], ser_prev[1] - 1.0), ser_prev)
            else:
                wire(d, q, (x_q, q[1]), (x_q, ser_prev[1]), ser_prev)
            load_y.append(ck["SH/LD"][1])
            clk_y.append(ck["CLK"][1])
            wire(d, (x_load_bus, ck["SH/LD"][1]), ck["SH/LD"])
            wire(d, (x_clk_bus, ck["CLK"][1]), ck["CLK"])
            ser_prev = ck["SER"]
            top -= 4.5
        if chips > 1:
            # SH/LD bus (x_load_bus) hops over the clock wires; the clock bus (x_clk_bus) is outside it.
            hop(d, x_load_bus, c0["SH/LD"][1], c0["CLK"][1] - 0.6, c0["CLK"][1])
            y = c0["CLK"][1] - 0.6
            for k in range(len(load_y)):
                nxt = load_y[k]
                if k > 0:
                    hop(d, x_load_bus, y, nxt, clk_y[k - 1])
                else:
                    wire(d, (x_load_bus, y), (x_load_bus, nxt))
                if k < len(load_y) - 1:
                    dot(d, (x_load_bus, nxt))
                y = nxt
            wire(d, (x_clk_bus, c0["CLK"][1]), (x_clk_bus, clk_y[-1]))
            for yy in clk_y[:-1]:
                dot(d, (x_clk_bus, yy))
        # Last chip's SER to GND.
        wire(d, ser_prev, (ser_prev[0] + 0.9, ser_prev[1]))
        gnd(d, (ser_prev[0] + 0.9, ser_prev[1]))
        if chips > 1:
            text(d, (x_q + 1.4, c0["SER"][1] - 3.0), f"Chips #1..#{chips - 1}, each wired like #0:\n"
                 "VCC 16 -> 3V3 with its own 100 nF to GND,\nGND 8 -> GND, CLK INH 15 -> GND,\n"
                 "QH' 7 not connected, inputs A..H (11-14, 3-6)\neach with a 10k pull-up and a reed switch.\n\n"
                 "Chain: QH 9 of chip #k+1 -> SER 10 of chip #k;\n"
                 f"SER 10 of the last chip (#{chips - 1}) -> GND.\n"
                 f"SH/LD 1 of every chip <- {load}; CLK 2 <- {clock}.",
                 valign="top", size=SMALL)

        # ---- WS2812 data path, left of the Pico: GP16 -> 74AHCT125 -> 330 ohm -> strip DIN.
        y_led = pico[led][1]
        lx = -7.0
        ls = Chip(d, lx, y_led + 2.5, 3.8, 5.0, "74AHCT125\nDIP-14\n(gate 1)", [
            ("R", 2.5, "1A", "2"), ("L", 2.5, "1Y", "3"),
            ("T", 1.2, "VCC", "14"),
            ("B", 1.0, "1OE", "1"), ("B", 2.8, "GND", "7"),
        ], title_at=(1.9, 3.7))
        wire(d, pico[led], ls["1A"])
        text(d, ((ls["1A"][0] + pico[led][0]) / 2, y_led + 0.1), "LED data\n3.3 V", halign="center",
             valign="bottom", size=SMALL)
        gnd(d, ls["1OE"])
        gnd(d, ls["GND"])
        lv = ls["VCC"]
        wire(d, lv, (lv[0], lv[1] + 1.0))
        dot(d, (lv[0], lv[1] + 1.0))
        wire(d, (lv[0], lv[1] + 1.0), (lv[0], lv[1] + 1.8))
        supply(d, (lv[0], lv[1] + 1.8), "5V")
        d += elm.Capacitor().endpoints((lv[0], lv[1] + 1.0), (lv[0] + 1.6, lv[1] + 1.0)).label(
            "100n", loc="top", fontsize=SMALL)
        wire(d, (lv[0] + 1.6, lv[1] + 1.0), (lv[0] + 1.9, lv[1] + 1.0))
        gnd(d, (lv[0] + 1.9, lv[1] + 1.0))
        text(d, (lx - 1.0, y_led - 4.6), "1OE (1) to GND = gate 1 always enabled.\n"
             "74AHCT125 runs at 5 V so its output is a\n5 V logic level. "
             "Unused gates: tie inputs\n2A (5), 3A (9), 4A (12) to GND and\n"
             "2OE (4), 3OE (10), 4OE (13) to GND;\noutputs 2Y (6), 3Y (8), 4Y (11) open.",
             valign="top", size=SMALL)
        # 330 ohm series resistor at the strip end, then the strip.
        sx = -14.5
        strip = Chip(d, sx, y_led + 2.0, 3.4, 4.0, f"WS2812B\nstrip\n{leds['count']} LEDs", [
            ("R", 2.0, "DIN", ""), ("T", 1.7, "+5V", ""), ("B", 1.7, "GND", ""),
        ], title_at=(1.5, 2.0))
        d += elm.Resistor().endpoints(ls["1Y"], strip["DIN"]).label("R 330", loc="top", fontsize=SMALL)
        text(d, ((ls["1Y"][0] + strip["DIN"][0]) / 2, y_led - 0.75), "(at the strip's\nDIN end)", halign="center",
             valign="top", size=SMALL - 1)
        # Strip supply with the 1000 uF across it, right at the strip.
        p5, sg = strip["+5V"], strip["GND"]
        xc = sx - 1.8
        wire(d, p5, (p5[0], p5[1] + 0.8))
        dot(d, (p5[0], p5[1] + 0.8))
        wire(d, (p5[0], p5[1] + 0.8), (p5[0], p5[1] + 1.6))
        supply(d, (p5[0], p5[1] + 1.6), "5V")
        wire(d, (p5[0], p5[1] + 0.8), (xc, p5[1] + 0.8))
        wire(d, sg, (sg[0], sg[1] - 0.8))
        dot(d, (sg[0], sg[1] - 0.8))
        wire(d, (sg[0], sg[1] - 0.8), (sg[0], sg[1] - 1.4))
        gnd(d, (sg[0], sg[1] - 1.4))
        wire(d, (sg[0], sg[1] - 0.8), (xc, sg[1] - 0.8))
        d += elm.Capacitor(polar=True).endpoints((xc, p5[1] + 0.8), (xc, sg[1] - 0.8)).label(
            "1000 uF\n6.3 V", loc="top", fontsize=SMALL)
        text(d, (sx - 2.5, y_led - 4.6), "Strip 5V: from net 5V (Pico VBUS) only for\n"
             f"a short strip at brightness = {leds['brightness']}; otherwise\n"
             "a separate 5 V supply (+ to strip 5V, - to\n"
             "common GND; do not join its + to VBUS).\n"
             "1000 uF electrolytic across the strip's\n5V-GND where the supply enters (+ to 5V).",
             valign="top", size=SMALL, halign="left")
        d.save(str(out))


# ---------------------------------------------------------------- sheet 2: the Raspberry Pi

def pi_controls(pins: dict, out: Path) -> None:
    ctl = pins["controls"]
    schemdraw.use("svg")  # the same bytes whether or not matplotlib is installed
    schemdraw.config(fontsize=FONT, lw=1.3, margin=1.5)
    rows = [  # (key, y)
        ("buzzer_pin", -3.0), ("status_led_pin", -7.5),
        ("confirm_pin", -10.5), ("roll_pin", -13.0), ("undo_pin", -15.5),
    ]
    y_5v, y_gnd, top = 1.5, -18.0, 2.5
    with schemdraw.Drawing(show=False) as d:
        text(d, (-6.5, 4.6), "Raspberry Pi controls  -  generated by hardware/wiring.py from hardware/pins.toml "
             "[controls]", size=13)
        text(d, (-6.5, 3.8), "GPIOn = BCM number; small grey numbers = 40-pin header pins. "
             f"Header pins 2 (5 V) and 6 (GND) feed the display; use {PI_5V} and {PI_GND} (or any GND).",
             size=SMALL)
        pinlist = [("R", top - y_5v, "5V", str(PI_5V))]
        for key, y in rows:
            n = ctl[key]
            pinlist.append(("R", top - y, f"GPIO{n}", str(PI_PIN[n])))
        pinlist.append(("R", top - y_gnd, "GND", str(PI_GND)))
        pinlist.append(("L", top + 9.0, "USB-A", ""))
        pi = Chip(d, 0, top, 4.5, top + 19.0, "Raspberry Pi 4\nGPIO header", pinlist, title_at=(2.25, top + 5.0))
        u = pi["USB-A"]
        wire(d, u, (u[0] - 0.8, u[1]))
        text(d, (u[0] - 0.9, u[1]), "USB cable to the\nPico's micro-USB\n(serial /dev/ttyACM0,\n"
             "Pico power, common GND)", halign="right", size=SMALL)
        x0 = pi["5V"][0]
        gp = {key: pi[f"GPIO{ctl[key]}"] for key, _ in rows}

        # Buzzer: GPIO -> 1k -> 2N2222 base; emitter to GND; buzzer from 5V to the collector.
        b = gp["buzzer_pin"]
        d += elm.Resistor().endpoints(b, (b[0] + 3.0, b[1])).label("1k", loc="top", fontsize=SMALL)
        q = elm.BjtNpn(circle=True).theta(0).anchor("base").at((b[0] + 3.0, b[1]))
        d += q
        text(d, (q.absanchors["base"][0] + 1.35, b[1] - 0.05), "Q1 2N2222A: check its datasheet\nfor the TO-92 leg order (2N2222A\nis usually E-B-C, P2N2222A C-B-E)",
             size=SMALL - 1, valign="center")
        col, emi = q.absanchors["collector"], q.absanchors["emitter"]
        gnd(d, emi)
        xb = col[0]
        wire(d, col, (xb, col[1] + 0.4))
        d += elm.RBox().endpoints((xb, y_5v), (xb, col[1] + 0.4))
        text(d, (xb - 0.5, (y_5v + col[1]) / 2 + 0.2), "BZ1 active buzzer 5 V\n(+ to 5V, - to Q1\ncollector)", halign="right",
             size=SMALL - 1)
        wire(d, pi["5V"], (xb, y_5v))
        dot(d, (xb, y_5v))
        xd = xb + 1.5
        wire(d, (xb, y_5v), (xd, y_5v))
        wire(d, (xb, col[1] + 0.4), (xd, col[1] + 0.4))
        dot(d, (xb, col[1] + 0.4))
        d += elm.Diode().endpoints((xd, col[1] + 0.4), (xd, y_5v))
        text(d, (xd + 0.45, (y_5v + col[1]) / 2 + 0.2), "D1 1N4148 flyback, cathode (band)\n"
             "to 5V. Needed if the buzzer is magnetic\n(coil inside); may be left out for a\npiezo one.",
             size=SMALL - 1)

        # Status LED: GPIO -> 330 ohm -> LED -> GND.
        s = gp["status_led_pin"]
        d += elm.Resistor().endpoints(s, (s[0] + 3.0, s[1])).label("330", loc="top", fontsize=SMALL)
        d += elm.LED().endpoints((s[0] + 3.0, s[1]), (s[0] + 5.5, s[1])).label("status LED", loc="top",
                                                                                   fontsize=SMALL)
        wire(d, (s[0] + 5.5, s[1]), (s[0] + 6.0, s[1]))
        gnd(d, (s[0] + 6.0, s[1]))
        text(d, (s[0] + 6.5, s[1]), "anode (long leg) to the resistor,\ncathode (flat side) to GND",
             size=SMALL - 1)

        # Buttons: GPIO -> button -> GND; internal pull-ups.
        names = {"confirm_pin": "Confirm / Next (30 mm)", "roll_pin": "Roll (24 mm)", "undo_pin": "Undo (24 mm)"}
        for key in ("confirm_pin", "roll_pin", "undo_pin"):
            p = gp[key]
            wire(d, p, (p[0] + 1.5, p[1]))
            d += elm.Button().endpoints((p[0] + 1.5, p[1]), (p[0] + 4.0, p[1])).label(names[key], loc="top",
                                                                                        fontsize=SMALL)
            wire(d, (p[0] + 4.0, p[1]), (p[0] + 4.5, p[1]))
            gnd(d, (p[0] + 4.5, p[1]))
        text(d, (x0 + 5.5, gp["roll_pin"][1]), "Buttons close to GND. No resistors: the Pi's\n"
             "internal pull-ups are on (gpiozero Button(pull_up=True));\n"
             f"debounce {ctl['bounce_ms']} ms in software.", size=SMALL - 1)
        gnd(d, pi["GND"])
        text(d, (pi["GND"][0] + 0.5, pi["GND"][1] - 0.1), "one GND net with the Pico\n(via the USB cable)",
             size=SMALL - 1, valign="top")
        d.save(str(out))


def write_all(pins_file: Path = HERE / "pins.toml", out_dir: Path = HERE) -> list[Path]:
    """Draw both sheets from pins_file into out_dir; returns the paths written."""
    pins = tomllib.loads(Path(pins_file).read_text())
    paths = [Path(out_dir) / name for name in OUTPUTS]
    sensor_board(pins, paths[0])
    pi_controls(pins, paths[1])
    return paths


def main() -> int:
    for path in write_all():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
