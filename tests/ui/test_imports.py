"""Importing the touch harness (as the UI tests do at collection) must not open Kivy's window:
an open SDL window in the test process hangs the simulation tests' forked workers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_touch_harness_imports_without_opening_a_window(tmp_path: Path) -> None:
    code = ("import sys; import companion.ui.touch, tests.ui.flows, tests.ui.test_walker; "
            "print(any('window_sdl2' in m for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "PATH": "/usr/bin:/bin",
                              "KIVY_HOME": str(tmp_path), "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
