"""`companion sensors watch|calibrate|deploy` and `companion board-sim`."""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any, TextIO

from companion.core import argtypes


def register(subparsers: Any) -> None:
    sensors = subparsers.add_parser("sensors", help="the sensor board: watch the link, calibrate a board")
    sub = sensors.add_subparsers(dest="sensors_command", metavar="ACTION", required=True)

    watch = sub.add_parser("watch", help="print the link state and occupancy as they change")
    watch.add_argument("--port", required=True, help="serial port or pyserial URL (/dev/ttyACM0, socket://host:port, loop://)")
    watch.add_argument("--map", help="channel->zone map file (TOML or JSON); without it zones are channel numbers")
    watch.add_argument("--json", action="store_true", help='one JSON object per line: {"link": ..., "occupied": [...]}')
    watch.add_argument("--seconds", type=argtypes.number(0, 1e7), default=None, help="stop after this long (default: until Ctrl-C)")
    watch.set_defaults(func=cmd_watch)

    cal = sub.add_parser("calibrate", help="place a piece on each zone in turn; writes the channel->zone map")
    cal.add_argument("--port", required=True)
    cal.add_argument("--board", required=True, help="board name stored in the map, e.g. villa-spencer")
    cal.add_argument("--zones", required=True, help="zone ids in order, comma separated (e.g. 1,2,...,25,C1,...,C5)")
    cal.add_argument("--out", type=argtypes.out_file, required=True, help="map file to write (.toml or .json)")
    cal.add_argument("--settle", type=argtypes.number(0.05, 60), default=0.8, help="seconds a position must hold before it counts")
    cal.set_defaults(func=cmd_calibrate)

    dep = sub.add_parser(
        "deploy",
        help="copy the firmware and pins.toml to the Pico (mpremote) and check its HELLO",
        description="Copies exactly firmware/*.py, hardware/pins.toml and main.py to the Pico, resets it and "
        "checks that it answers HELLO with this companion's protocol, the firmware version and the channels "
        "of pins.toml. Stop the companion first: it holds the port.",
    )
    dep.add_argument("--port", required=True, help="the Pico's serial port, e.g. /dev/ttyACM0")
    dep.add_argument("--pins", help="pin map to copy as :pins.toml (default: hardware/pins.toml or $COMPANION_PINS)")
    dep.add_argument("--mpremote", help="mpremote command to use (default: mpremote on PATH or python -m mpremote)")
    dep.add_argument("--check", action="store_true", help="copy nothing: only ask HELLO and compare it with pins.toml")
    dep.add_argument("--dry-run", action="store_true", help="print the files and the mpremote command, do nothing")
    dep.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for the board's HELLO (default 15)")
    dep.set_defaults(func=cmd_deploy)

    sim = subparsers.add_parser(
        "board-sim",
        help="a virtual sensor board on a pty (or TCP): prints the port, then reads place/lift commands",
    )
    sim.add_argument("--channels", type=argtypes.whole(1, 64), default=None, help="sensor channels, 1 to 64 (default: hardware/pins.toml)")
    sim.add_argument("--map", help="zone map, so commands can name zones instead of channels")
    sim.add_argument("--link", help="also make this symlink to the pty (a stable path to open)")
    sim.add_argument("--tcp", type=argtypes.whole(0, 65535), default=None, metavar="PORT", help="serve on socket://127.0.0.1:PORT instead of a pty (0 = any)")
    sim.add_argument("--script", help="read commands from this file instead of stdin")
    sim.set_defaults(func=cmd_board_sim)


# ---- watch ------------------------------------------------------------------------------------


def _load_map(path: str | None) -> Any:
    if path is None:
        return None
    from companion.sensors.calibration import load_map

    return load_map(path)


def watch_line(state: str, occupied: frozenset[int], zones: frozenset[str] | None) -> str:
    items: list[Any] = sorted(zones) if zones is not None else sorted(occupied)
    return json.dumps({"link": state, "occupied": items})


def check_port(port: str) -> None:
    """A command that talks to the board now (watch, calibrate) refuses a port that is not there
    or cannot be opened, in words, rather than waiting for it forever as the kiosk does."""
    import os

    from companion.core.errors import CompanionError
    from companion.sensors.link import open_port

    if "://" not in port and not os.path.exists(port):
        raise CompanionError(f"--port {port}: no such serial port; is the sensor board plugged in? "
                             "(its port is usually /dev/ttyACM0: `ls /dev/ttyACM* /dev/ttyUSB*`)")
    try:
        open_port(port, 115200, 0.1).close()
    except Exception as exc:  # noqa: BLE001 - SerialException, OSError, ValueError: all say why in words
        raise CompanionError(f"--port {port}: cannot open the serial port: {exc}") from exc


def cmd_watch(args: argparse.Namespace) -> int:
    import queue

    from companion.sensors.link import SensorLink

    check_port(args.port)
    zone_map = _load_map(args.map)
    link = SensorLink(args.port, zone_map=zone_map)
    updates = link.updates()
    link.start()
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    last: tuple[str, Any] | None = None
    try:
        while deadline is None or time.monotonic() < deadline:
            try:
                update = updates.get(timeout=0.1)
            except queue.Empty:
                continue
            if update.reason == "unmapped":
                print(f"sensor channel {update.channel} is not in {zone_map.source}", file=sys.stderr, flush=True)
                continue
            items = update.zones if update.zones is not None else update.occupied
            key = (update.state.value, items)
            if key == last:
                continue  # an unmapped channel changed: nothing the players would see
            last = key
            if args.json:
                print(watch_line(update.state.value, update.occupied, update.zones), flush=True)
            else:
                names = " ".join(str(i) for i in sorted(items, key=str)) or "-"
                print(f"[{update.state.value:7}] occupied: {names}", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        link.close()
    return 0


# ---- calibrate --------------------------------------------------------------------------------


def cmd_calibrate(args: argparse.Namespace) -> int:
    from companion.sensors.calibration import CalibrationWizard
    from companion.sensors.inference import SettleFilter
    from companion.sensors.link import SensorLink

    check_port(args.port)
    zones = [z.strip() for z in args.zones.split(",") if z.strip()]
    wizard = CalibrationWizard(args.board, zones)
    settle = SettleFilter(args.settle)
    link = SensorLink(args.port)
    link.subscribe(lambda u: settle.observe(u.occupied) if u.reason == "occupancy" else None)
    link.start()
    skip = threading.Event()

    def read_keys() -> None:
        for line in sys.stdin:
            if line.strip() in ("s", "skip"):
                skip.set()

    threading.Thread(target=read_keys, daemon=True).start()
    print("Calibrating; type 's' + Enter to skip a zone without a sensor.", flush=True)
    shown = ""
    try:
        while not wizard.done:
            if skip.is_set():
                skip.clear()
                wizard.skip()
            stable = settle.poll()
            if stable is not None:
                wizard.observe(stable.after)
            text = f"[{link.state.value}] {wizard.prompt.text}"
            if text != shown:
                print(text, flush=True)
                shown = text
            time.sleep(0.05)
    finally:
        link.close()
    wizard.result().save(args.out)
    print(f"Wrote {args.out}: {len(wizard.assigned)} channels; skipped: {', '.join(wizard.skipped) or 'none'}")
    return 0


# ---- deploy -----------------------------------------------------------------------------------


def cmd_deploy(args: argparse.Namespace) -> int:
    import os
    import shlex
    from pathlib import Path

    from companion.sensors import deploy
    from companion.sensors.errors import LinkError
    from companion.sensors.sim import board_config

    pins = Path(args.pins or os.environ.get("COMPANION_PINS") or deploy.ROOT / "hardware" / "pins.toml")
    try:
        if args.dry_run:
            copies = deploy.plan(deploy.ROOT, pins)
            for c in copies:
                print(f"{c.local} -> {c.remote}")
            tool = shlex.split(args.mpremote) if args.mpremote else ["mpremote"]
            print(shlex.join([*tool, *deploy.mpremote_args(args.port, copies)]))
            return 0
        if args.check:
            cfg = board_config(pins)
            print(f"{args.port}: {deploy.check(deploy.ask_hello(args.port, args.timeout), cfg, args.port)}")
            return 0
        deploy.deploy(args.port, pins=pins, mpremote=shlex.split(args.mpremote) if args.mpremote else None,
                      hello_timeout=args.timeout)
        return 0
    except (LinkError, ValueError) as exc:  # PinMapError is a ValueError: it says where
        print(f"companion sensors deploy: {exc}", file=sys.stderr)
        return 1


# ---- board-sim --------------------------------------------------------------------------------

SIM_HELP = """commands: place X | lift X | move X Y | wait MS | garbage | silence | talk | unplug | replug | status | quit
X is a zone id with --map, else a channel number (ch:N is always a channel)"""


def _where(token: str, has_map: bool) -> int | str:
    if token.startswith("ch:"):
        return int(token[3:])
    return token if has_map else int(token)


def run_sim_commands(board: Any, stream: TextIO, out: TextIO, name: str) -> None:
    """Carry out board-sim commands; a bad command is reported with its line and skipped."""
    from companion.core.errors import CompanionError

    has_map = board.zone_map is not None
    for number, raw in enumerate(stream, 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        cmd, rest = words[0].lower(), words[1:]
        try:
            if cmd == "quit":
                return
            elif cmd in ("place", "lift") and len(rest) == 1:
                getattr(board, cmd)(_where(rest[0], has_map))
            elif cmd == "move" and len(rest) == 2:
                board.move(_where(rest[0], has_map), _where(rest[1], has_map))
            elif cmd == "wait" and len(rest) == 1:
                time.sleep(int(rest[0]) / 1000)
            elif cmd == "garbage":
                board.inject(b"\x00noise$PTBC,EV*00\r\n$PTBC,SNAP,1,0*FF\r\n")
            elif cmd == "silence":
                board.silent = True
            elif cmd == "talk":
                board.silent = False
            elif cmd == "unplug":
                board.unplug()
            elif cmd == "replug":
                print(f"replugged: {board.replug()}", file=out, flush=True)
            elif cmd == "status":
                print(f"occupied channels: {sorted(board.occupied())}", file=out, flush=True)
            elif cmd == "help":
                print(SIM_HELP, file=out, flush=True)
            else:
                print(f"{name}:{number}: unknown command {raw.strip()!r}\n{SIM_HELP}", file=out, flush=True)
        except (ValueError, CompanionError) as exc:
            print(f"{name}:{number}: {raw.strip()!r}: {exc}", file=out, flush=True)


def cmd_board_sim(args: argparse.Namespace) -> int:
    from companion.sensors.sim import VirtualBoard

    board = VirtualBoard(args.channels, zone_map=_load_map(args.map), link_path=args.link)
    path = board.start_tcp(port=args.tcp) if args.tcp is not None else board.start()
    print(path, flush=True)
    try:
        if args.script:
            with open(args.script) as f:
                run_sim_commands(board, f, sys.stderr, args.script)
            # the script has set the table; keep serving it until interrupted or stdin closes
            for _ in sys.stdin:
                pass
        else:
            run_sim_commands(board, sys.stdin, sys.stderr, "<stdin>")
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
    return 0
