"""scripts/setup.sh and the project's extras: what the build guide tells a user to install is a
declared extra the set-up script installs, and a mistyped purpose is refused before anything runs."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_firmware_tool_the_build_guide_uses_is_a_declared_extra() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(dep.startswith("mpremote") for dep in extras["firmware"]), extras["firmware"]
    guide = (ROOT / "hardware" / "BUILD.md").read_text()
    assert "scripts/setup.sh firmware" in guide and '".[firmware]"' in guide
    assert "firmware)" in (ROOT / "scripts" / "setup.sh").read_text().split("case", 1)[1]


def test_a_mistyped_purpose_is_refused_before_anything_is_installed() -> None:
    run = subprocess.run(["bash", str(ROOT / "scripts" / "setup.sh"), "frimware"], capture_output=True, text=True,
                         timeout=30, check=False)
    assert run.returncode == 2 and "unknown purpose 'frimware' (use run, test or firmware)" in run.stderr
    assert run.stdout == ""
