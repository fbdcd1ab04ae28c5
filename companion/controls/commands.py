"""`companion controls test`: press the buttons, see them named; the LED and buzzer answer."""

from __future__ import annotations

import argparse
import time
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("controls", help="the GPIO buttons, status LED and buzzer")
    sub = p.add_subparsers(dest="controls_command", metavar="ACTION", required=True)
    t = sub.add_parser("test", help="print each button press; beep and light the LED in answer")
    t.add_argument("--seconds", type=float, default=None, help="stop after this long (default: Ctrl-C)")
    t.set_defaults(func=cmd_test)


def cmd_test(args: argparse.Namespace) -> int:
    from companion.controls.panel import ControlPanel

    panel = ControlPanel()
    print(f"pins: {panel.pins}", flush=True)

    def pressed(name: str) -> None:
        print(name, flush=True)
        panel.beep()

    panel.on_press(pressed)
    panel.show_link("ok")
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.05)
    except KeyboardInterrupt:
        pass
    finally:
        panel.close()
    return 0
