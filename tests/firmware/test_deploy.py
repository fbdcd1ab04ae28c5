"""`companion sensors deploy` against a simulated board: the real firmware on MicroPython behind a
pty, whose flash is a directory; only mpremote is a stand-in (tests/firmware/fake_mpremote.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from companion.sensors import deploy, protocol
from companion.sensors.deploy import DeployError

from .conftest import ROOT, micropython_command

FAKE = Path(__file__).with_name("fake_mpremote.py")


def modules() -> list[str]:
    return sorted(p.name for p in (ROOT / "firmware").glob("*.py") if p.name != "main.py")


def test_plan_is_exactly_the_firmware_modules_pins_and_main(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "firmware" / "__pycache__").mkdir(parents=True)
    for name in ("__init__.py", "main.py", "scan.py"):
        (root / "firmware" / name).write_text("# " + name)
    (root / "firmware" / "__pycache__" / "scan.cpython-311.pyc").write_bytes(b"\0")
    (root / "firmware" / "notes.txt").write_text("not firmware")
    (root / "firmware" / "scan.py~").write_text("an editor's backup")
    pins = tmp_path / "pins.toml"
    got = [(c.local.relative_to(tmp_path).as_posix(), c.remote) for c in deploy.plan(root, pins)]
    assert got == [
        ("repo/firmware/__init__.py", ":firmware/__init__.py"),
        ("repo/firmware/scan.py", ":firmware/scan.py"),
        ("pins.toml", ":pins.toml"),
        ("repo/firmware/main.py", ":main.py"),
    ]


def test_plan_of_this_repo_and_the_mpremote_command() -> None:
    copies = deploy.plan()
    assert [c.remote for c in copies] == [f":firmware/{m}" for m in modules()] + [":pins.toml", ":main.py"]
    args = deploy.mpremote_args("/dev/ttyACM0", copies)
    assert args[:3] == ["connect", "/dev/ttyACM0", "exec"]
    assert args[-2:] == ["+", "reset"]
    assert args.count("cp") == len(copies)
    assert "__pycache__" not in " ".join(args[4:])


def test_dry_run_prints_the_plan(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    assert main(["sensors", "deploy", "--port", "/dev/ttyACM9", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"{ROOT / 'hardware' / 'pins.toml'} -> :pins.toml" in out
    assert "mpremote connect /dev/ttyACM9 exec" in out and out.rstrip().endswith("+ reset")


def board_pins(channels: int, version: str) -> str:
    text = (ROOT / "hardware" / "pins.toml").read_text()
    return text.replace("channels = 32", f"channels = {channels}").replace(
        'firmware_version = "1.0.0"', f'firmware_version = "{version}"')


def test_deploy_stops_the_running_firmware_copies_exactly_and_checks_hello(
        pty_board: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = pty_board(board_pins(32, "0.9.0"))  # an older deploy is running
    (board.fs / "firmware" / "retired.py").write_text("# a module the firmware no longer has")
    (board.fs / "firmware" / "__pycache__").mkdir()
    (board.fs / "firmware" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    new_pins = tmp_path / "pins.toml"
    new_pins.write_text(board_pins(16, "1.0.0"))
    log = tmp_path / "mpremote.log"
    monkeypatch.setenv("FAKE_BOARD_FS", str(board.fs))
    monkeypatch.setenv("FAKE_MPREMOTE_LOG", str(log))
    monkeypatch.setenv("FAKE_MICROPYTHON", json.dumps(micropython_command()))
    out = StringIO()
    summary = deploy.deploy(board.path, pins=new_pins, mpremote=[sys.executable, str(FAKE)], out=out)
    assert summary == "firmware 1.0.0, protocol 1, 16 channels"  # the board booted the copied pins.toml
    text = out.getvalue()
    assert "firmware 0.9.0 is running: MAINT" in text and text.rstrip().endswith("deployed: " + summary)
    assert sorted(p.name for p in (board.fs / "firmware").iterdir()) == modules()
    for m in modules():
        assert (board.fs / "firmware" / m).read_bytes() == (ROOT / "firmware" / m).read_bytes()
    assert (board.fs / "pins.toml").read_text() == new_pins.read_text()
    assert (board.fs / "main.py").read_bytes() == (ROOT / "firmware" / "main.py").read_bytes()
    assert not (board.fs / "maint").exists()  # maintenance mode lasts one boot
    commands = [json.loads(line) for line in log.read_text().splitlines()]
    assert [c[0] for c in commands] == ["exec"] + ["fs"] * (len(modules()) + 2) + ["reset"]


def test_check_reports_a_mismatch_and_a_silent_port(pty_board: Any, tmp_path: Path) -> None:
    board = pty_board(board_pins(24, "1.0.0"))
    hello = deploy.ask_hello(board.path, 5.0)
    assert hello is not None and (hello.proto, hello.firmware, hello.channels) == (1, "1.0.0", 24)
    cfg = {"firmware_version": "1.0.0", "channels": 32}
    with pytest.raises(DeployError, match="24 channels, pins.toml says 32"):
        deploy.check(hello, cfg, board.path)
    assert deploy.check(hello, {"firmware_version": "1.0.0", "channels": 24}, board.path).endswith("24 channels")
    with pytest.raises(DeployError, match="no HELLO from"):
        deploy.check(None, cfg, "/dev/ttyACM7")


def test_deploy_command_fails_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "pins.toml"
    bad.write_text("[sensor_board]\nchannels = 99\n")
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "sensors", "deploy", "--port", "loop://", "--pins",
                           str(bad), "--mpremote", "true"], capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert "sensor_board.channels must be 1..64" in proc.stderr
    silent = subprocess.run([sys.executable, "-m", "companion.cli", "sensors", "deploy", "--port", "loop://",
                             "--check", "--timeout", "1"], capture_output=True, text=True, check=False, timeout=30)
    assert silent.returncode == 1 and "no HELLO from loop://" in silent.stderr


def test_deploy_recovers_a_board_whose_firmware_cannot_start(
        pty_board: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = pty_board()
    (board.fs / "firmware" / "app.py").write_text("def main(:\n")  # a copy cut short, say
    heard = deploy.listen(board.path, 1.0) or []
    assert any(isinstance(s, protocol.DeviceError) and s.code == "FW" and "SyntaxError" in s.text for s in heard)
    monkeypatch.setenv("FAKE_BOARD_FS", str(board.fs))
    monkeypatch.setenv("FAKE_MPREMOTE_LOG", str(tmp_path / "mpremote.log"))
    monkeypatch.setenv("FAKE_MICROPYTHON", json.dumps(micropython_command()))
    out = StringIO()
    summary = deploy.deploy(board.path, mpremote=[sys.executable, str(FAKE)], out=out)
    assert summary == "firmware 1.0.0, protocol 1, 32 channels"
    assert "no firmware answers: MAINT" in out.getvalue()
    assert (board.fs / "firmware" / "app.py").read_bytes() == (ROOT / "firmware" / "app.py").read_bytes()
