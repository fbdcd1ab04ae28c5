"""`companion sensors deploy`: put the firmware on the Pico and check that it answers.

1. Ask the board HELLO?. Firmware that answers disables Ctrl-C, so it is sent MAINT: it resets
   into maintenance mode (no loop, no watchdog) and mpremote can reach its REPL.
2. One mpremote run: make :firmware, delete what is there and not in the plan, copy exactly the
   firmware modules (no caches, no stray files), pins.toml and main.py, reset.
3. Wait for HELLO and check it: protocol, firmware version and channels as in pins.toml.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TextIO

from companion.sensors import protocol
from companion.sensors.errors import LinkError
from companion.sensors.protocol import DeviceError, Hello

ROOT = Path(__file__).resolve().parents[2]
MAINT = protocol.command("MAINT")


class DeployError(LinkError):
    """Deployment stopped; the message says what and what to do."""


@dataclass(frozen=True)
class Copy:
    local: Path
    remote: str  # mpremote's ":path" on the board


def plan(root: Path = ROOT, pins: Path | None = None) -> list[Copy]:
    """What goes on the board: the firmware package's modules, then pins.toml and main.py."""
    package = root / "firmware"
    modules = sorted(p for p in package.iterdir() if p.is_file() and p.suffix == ".py" and p.name != "main.py")
    if not (package / "__init__.py").is_file() or not (package / "main.py").is_file():
        raise DeployError(f"{package} is not the firmware package (no __init__.py or main.py)")
    pins_file = pins if pins is not None else root / "hardware" / "pins.toml"
    return [Copy(p, f":firmware/{p.name}") for p in modules] + [
        Copy(pins_file, ":pins.toml"),
        Copy(package / "main.py", ":main.py"),
    ]


def prepare_script(copies: list[Copy]) -> str:
    """MicroPython run on the board before the copy: :firmware exists and holds nothing else."""
    keep = sorted(c.remote.split("/", 1)[1] for c in copies if c.remote.startswith(":firmware/"))
    return "\n".join([
        "import os",
        "def rm(p):",
        "    try:",
        "        os.remove(p)",
        "    except OSError:",
        "        for n in os.listdir(p):",
        "            rm(p + \"/\" + n)",
        "        os.rmdir(p)",
        "try:",
        "    os.mkdir(\"firmware\")",
        "except OSError:",
        "    pass",
        "for n in os.listdir(\"firmware\"):",
        f"    if n not in {json.dumps(keep)}:",
        "        rm(\"firmware/\" + n)",
        "        print(\"removed stale :firmware/\" + n)",
        "",
    ])


def mpremote_args(port: str, copies: list[Copy]) -> list[str]:
    args = ["connect", port, "exec", prepare_script(copies)]
    for c in copies:
        args += ["+", "fs", "cp", str(c.local), c.remote]
    return args + ["+", "reset"]


def find_mpremote() -> list[str]:
    found = shutil.which("mpremote") or shutil.which("mpremote", path=str(Path(sys.executable).parent))
    if found:
        return [found]
    if importlib.util.find_spec("mpremote") is not None:
        return [sys.executable, "-m", "mpremote"]
    raise DeployError("mpremote is not installed: `.venv/bin/pip install mpremote` (the MicroPython board tool)")


# ---- talking to the board ---------------------------------------------------------------------

Opener = Callable[[str], Any]


def open_port(url: str) -> Any:
    import serial

    return serial.serial_for_url(url, baudrate=115200, timeout=0.05, write_timeout=1.0)


def listen(url: str, seconds: float, send: bytes = b"", opener: Opener = open_port) -> list[protocol.Sentence] | None:
    """Open the port (retrying while it is away, as after a reset), send, and collect sentences
    for `seconds`; None if the port could not be opened in that time."""
    deadline = time.monotonic() + seconds
    port = None
    while port is None:
        try:
            port = opener(url)
        except Exception:  # noqa: BLE001 - SerialException/OSError: re-enumerating after a reset
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.2)
    framer = protocol.Framer()
    got: list[protocol.Sentence] = []
    try:
        if send:
            port.write(send)
        while time.monotonic() < deadline:
            try:
                data = port.read(port.in_waiting or 1)
            except Exception:  # noqa: BLE001 - the board reset under us
                break
            got += framer.feed(data)
            if send == protocol.HELLO_Q and any(isinstance(s, Hello) for s in got):
                break
    finally:
        port.close()
    return got


def ask_hello(url: str, seconds: float = 3.0, opener: Opener = open_port) -> Hello | None:
    """The board's HELLO, asking every second until `seconds` are up; None if it never answers."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        for s in listen(url, min(1.0, left), protocol.HELLO_Q, opener) or []:
            if isinstance(s, Hello):
                return s


def stop_firmware(url: str, out: TextIO, opener: Opener = open_port, quiet_for: float = 1.5,
                  seconds: float = 15.0) -> None:
    """Send MAINT until the board is quiet: in maintenance mode, or at a REPL already.

    Firmware that is running resets into maintenance mode; firmware that cannot start listens
    for MAINT before each of its resets; a REPL ignores the line."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        heard = listen(url, quiet_for, MAINT, opener)  # the USB port goes and comes back with a reset
        if heard is None:
            continue
        if any(isinstance(s, DeviceError) and s.code == "CMD" for s in heard):
            print("  this firmware predates MAINT and leaves Ctrl-C to mpremote: copying over it", file=out)
            return
        if not heard:
            return
    raise DeployError(
        "the board still talks after MAINT. Unplug it, hold BOOTSEL, plug it in and copy Raspberry Pi's "
        "flash_nuke.uf2, then the MicroPython .uf2 (hardware/BUILD.md, section 4), then deploy"
    )


def check(hello: Hello | None, cfg: dict[str, Any], url: str) -> str:
    if hello is None:
        raise DeployError(f"no HELLO from {url}: is the board plugged in, and is the companion (which holds the port) "
                          "stopped? Check the port with `companion sensors watch --port ...`")
    problems = []
    if hello.proto != protocol.PROTO:
        problems.append(f"protocol {hello.proto}, this companion speaks {protocol.PROTO}")
    if hello.firmware != cfg["firmware_version"]:
        problems.append(f"firmware {hello.firmware}, pins.toml says {cfg['firmware_version']}")
    if hello.channels != cfg["channels"]:
        problems.append(f"{hello.channels} channels, pins.toml says {cfg['channels']}")
    if problems:
        raise DeployError("the board answers, but with " + "; ".join(problems))
    return f"firmware {hello.firmware}, protocol {hello.proto}, {hello.channels} channels"


def deploy(url: str, *, pins: Path | None = None, mpremote: list[str] | None = None, out: TextIO = sys.stdout,
           opener: Opener = open_port, hello_timeout: float = 15.0, run: Callable[..., Any] = subprocess.run) -> str:
    from companion.sensors.sim import board_config

    pins_file = pins if pins is not None else ROOT / "hardware" / "pins.toml"
    copies = plan(ROOT, pins_file)
    cfg = board_config(pins_file)  # the board would refuse what this refuses: check before copying
    tool = mpremote if mpremote is not None else find_mpremote()
    print(f"deploy to {url}: {len(copies)} files", file=out, flush=True)
    print("  1/3 asking the board HELLO?", file=out, flush=True)
    running = ask_hello(url, 2.0, opener)
    if running is not None:
        print(f"  firmware {running.firmware} is running: MAINT (maintenance mode, so mpremote can copy)",
              file=out, flush=True)
    else:
        print("  no firmware answers: MAINT in case one is failing to start", file=out, flush=True)
    stop_firmware(url, out, opener)
    print(f"  2/3 copying with mpremote: {', '.join(c.remote for c in copies)}", file=out, flush=True)
    result = run([*tool, *mpremote_args(url, copies)], check=False)
    if result.returncode != 0:
        raise DeployError(f"mpremote failed (exit {result.returncode}); nothing was reset. Is the port free?")
    print("  3/3 waiting for the board's HELLO", file=out, flush=True)
    summary = check(ask_hello(url, hello_timeout, opener), cfg, url)
    print(f"deployed: {summary}", file=out, flush=True)
    return summary
