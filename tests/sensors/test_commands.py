"""The command line: `companion board-sim` and `companion sensors watch`, as separate processes."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from companion.sensors.sim import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]


def test_watch_prints_one_json_line_per_change(tmp_path: Path) -> None:
    zmap = tmp_path / "villa.toml"
    zmap.write_text('board = "villa"\n[channels]\n0 = "1"\n1 = "C1"\n')
    board = VirtualBoard(8, debounce_ms=5, heartbeat_ms=200)
    port = board.start()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "sensors", "watch", "--port", port, "--map", str(zmap), "--json", "--seconds", "3"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        lines = []
        for raw in proc.stdout:  # read as printed: proves each line is flushed at once
            lines.append(json.loads(raw))
            if lines[-1] == {"link": "ok", "occupied": []}:
                board.place(1)
                board.place(7)  # unmapped channel
            if lines[-1]["occupied"] == ["C1"]:
                board.place(0)
            if lines[-1]["occupied"] == ["1", "C1"]:
                break
        assert lines[:3] == [{"link": "down", "occupied": []}, {"link": "syncing", "occupied": []}, {"link": "ok", "occupied": []}]
        assert lines[-1] == {"link": "ok", "occupied": ["1", "C1"]}
    finally:
        proc.wait(timeout=10)
        board.stop()
    assert "sensor channel 7 is not in" in proc.stderr.read()  # type: ignore[union-attr]


def test_board_sim_prints_its_port_first_and_runs_a_script(tmp_path: Path) -> None:
    script = tmp_path / "table.txt"
    script.write_text("# a child and the Babysitter\nplace 3\nplace 5\nlift 3\nbogus 1\nplace 99\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "board-sim", "--channels", "8", "--script", str(script)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/pts/")
        import serial

        got = b""
        with serial.Serial(port, timeout=0.1) as s:
            deadline = time.monotonic() + 3
            while b",20*" not in got and time.monotonic() < deadline:  # wait for the debounce
                s.write(b"$PTBC,SNAP?*1A\r\n")
                got += s.read(256)
        assert b"$PTBC,SNAP," in got and b",20*" in got  # channel 5 only: 3 was placed and lifted
    finally:
        _, err = proc.communicate(input="", timeout=10)
    assert f"{script}:5: unknown command 'bogus 1'" in err
    assert f"{script}:6: 'place 99': channel 99 is not in 0..7" in err
    assert proc.returncode == 0


def test_watch_a_missing_port_is_an_error(tmp_path: Path) -> None:
    """Issue 25 #17: `sensors watch --port /dev/nonexistent` printed "[down] occupied: -" until
    stopped. A port that is not there is an error at once, in words, exit status 1."""
    port = str(tmp_path / "ttyNONE")
    # Watching for 600 s under a 60 s timeout: a command that waited on the port instead of refusing
    # it raises TimeoutExpired here (no wall-clock bound, which a loaded machine's start-up would break).
    for args in (["watch", "--port", port, "--seconds", "600"],
                 ["calibrate", "--port", port, "--board", "b", "--zones", "1", "--out", str(tmp_path / "m.toml")]):
        proc = subprocess.run([sys.executable, "-m", "companion", "sensors", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 1 and proc.stdout == "", (proc.stdout, proc.stderr)
        assert proc.stderr.startswith(f"companion: error: --port {port}: no such serial port"), proc.stderr
