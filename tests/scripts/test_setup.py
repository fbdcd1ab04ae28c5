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


def _venv_args(tmp_path: Path, env_value: str | None) -> subprocess.CompletedProcess[str]:
    """Run scripts/setup.sh in a copy of the repo's set-up files with a stand-in `python3` that
    records how it was asked to make the venv (and makes one that needs nothing installed)."""
    import os
    import shutil

    tree = tmp_path / "tree"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup.sh", tree / "scripts" / "setup.sh")
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    shutil.copytree(ROOT / "requirements", tree / "requirements")
    fake = tmp_path / "python3"
    fake.write_text(f"""#!/bin/sh
[ "$1" = --version ] && {{ echo "Python 3.11.2"; exit 0; }}
echo "$@" > {tmp_path}/venv-args
mkdir -p .venv/bin && ln -s /bin/true .venv/bin/python && touch .venv/.installed-run
""")
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_VENV_SYSTEM_SITE"}
    env["PYTHON"] = str(fake)
    if env_value is not None:
        env["COMPANION_VENV_SYSTEM_SITE"] = env_value
    return subprocess.run(["bash", str(tree / "scripts" / "setup.sh"), "run"], capture_output=True, text=True,
                          timeout=120, check=False, env=env, cwd=tree)


def test_the_venv_takes_the_systems_packages_when_asked(tmp_path: Path) -> None:
    """A Pi gets `--system-site-packages` by its /proc/device-tree/model (apt's python3-picamera2
    and python3-lgpio); COMPANION_VENV_SYSTEM_SITE=1 forces it where that file says nothing (an
    arm64 board, a container), =0 keeps the venv sealed (issue 24)."""
    on_pi = "Raspberry Pi" in (Path("/proc/device-tree/model").read_text(errors="replace")
                               if Path("/proc/device-tree/model").exists() else "")
    for value, wanted in (("1", True), ("0", False), (None, on_pi)):
        run = _venv_args(tmp_path / str(value), value)
        assert run.returncode == 0, run.stderr
        args = (tmp_path / str(value) / "venv-args").read_text().split()
        assert args[:2] == ["-m", "venv"] and ("--system-site-packages" in args) == wanted, (value, args)


def test_a_mistyped_system_site_value_is_refused_before_anything_is_installed(tmp_path: Path) -> None:
    run = _venv_args(tmp_path, "yes")
    assert run.returncode == 2 and "COMPANION_VENV_SYSTEM_SITE must be 1 or 0, not 'yes'" in run.stderr
    assert run.stdout == "" and not (tmp_path / "venv-args").exists()
