"""`companion run` starts quietly on a machine with no sound card and no clipboard tools (xclip,
xsel), and a real problem still shows: here a broken GPIO pin map."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_normal_start_prints_nothing_but_a_real_error_shows(tmp_path: Path) -> None:
    pins = tmp_path / "pins.toml"
    pins.write_text("[controls]\nconfirm_pin = 17\nroll_pin = 17\nundo_pin = 22\nstatus_led_pin = 23\nbuzzer_pin = 24\n")
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path), COMPANION_PINS=str(pins), KIVY_HOME=str(tmp_path / "kivy"))
    env.pop("KIVY_NO_CONSOLELOG", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--windowed", "--camera", "none",
                             "--journal", str(tmp_path / "journal.sqlite")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.extend(proc.stdout), daemon=True)  # type: ignore[arg-type]
    reader.start()
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not any("GPIO controls" in ln for ln in got) and proc.poll() is None:
            time.sleep(0.2)
        time.sleep(2.0)  # the first frames, the sensor link, the camera probe
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        reader.join(5)
    out = "".join(got)
    assert "GPIO controls" in out and "must all differ" in out, out  # the real error, in one line
    lines = [ln for ln in out.splitlines() if ln.strip() and "GPIO controls" not in ln]
    assert lines == [], "\n".join(lines)
