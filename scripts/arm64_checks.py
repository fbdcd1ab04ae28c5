"""The venv checks of the emulated arm64 smoke run (scripts/arm64_smoke.sh, phase `venv`).

Run inside the arm64 root with the venv's python: says what it checked, one line each, and exits 1
if any check failed. What it checks: the machine is aarch64 with Debian's Python 3.11; every package
in the venv came as a published binary wheel (none built here from source: a locally built wheel's
tag is plain `linux_aarch64`, a published one `manylinux...`); the scanner's native libraries import
(OpenCV headless, so no GTK/glib: issue 24's libgthread failure), as do Kivy and matplotlib; no
test dependency known to crash on aarch64 is installed; the venv is sealed off-Pi; the camera says
clearly that there is no Pi camera; the CLI's output into a closed pipe is quiet.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path

os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_ARGS", "1")
failures: list[str] = []


def check(what: str, ok: bool, detail: str = "") -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what}{': ' + detail if detail else ''}", flush=True)
    if not ok:
        failures.append(what)


def wheel_tags(dist: metadata.Distribution) -> list[str]:
    text = dist.read_text("WHEEL") or ""
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Tag:")]


def main() -> int:
    check("machine is aarch64", platform.machine() == "aarch64", platform.machine())
    check("Python 3.11 (Debian bookworm's)", sys.version_info[:2] == (3, 11), platform.python_version())

    built_here: list[str] = []
    native = 0
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        direct = dist.read_text("direct_url.json")
        if direct and json.loads(direct).get("dir_info", {}).get("editable"):
            continue  # the project itself, `pip install -e .`
        tags = wheel_tags(dist)
        if not tags:
            built_here.append(f"{name} (no WHEEL record)")
        elif all(t.endswith("-any") for t in tags):
            continue
        elif not any("manylinux" in t or "musllinux" in t for t in tags):
            built_here.append(f"{name} ({', '.join(tags)})")
        else:
            native += 1
    check("every package is a published binary wheel, none built from source", not built_here,
          ", ".join(built_here) or f"{native} native wheels, the rest pure Python")

    for mod in ("numpy", "cv2", "zxingcpp", "pyzbar.pyzbar", "kivy", "matplotlib", "companion.scan.decoder"):
        try:
            m = importlib.import_module(mod)
            check(f"import {mod}", True, str(getattr(m, "__version__", "")))
        except Exception as exc:  # noqa: BLE001 - what failed is the check's answer
            check(f"import {mod}", False, f"{type(exc).__name__}: {exc}")
    if platform.machine() == "aarch64":
        # the lock's own simplejpeg (built for numpy 2) shadows apt's, which picamera2 imports on a Pi
        try:
            import simplejpeg

            check("import simplejpeg (picamera2's, from the lock)", True, str(simplejpeg.__version__))
        except Exception as exc:  # noqa: BLE001
            check("import simplejpeg (picamera2's, from the lock)", False, f"{type(exc).__name__}: {exc}")
    present = {(d.metadata["Name"] or "").lower() for d in metadata.distributions()}
    for bad, why in (("opencv-python", "needs libgthread/GTK; the headless wheel is the one"),
                     ("onnxruntime", "segfaulted at import on aarch64 (issue 24)"),
                     ("pymupdf", "pulled onnxruntime in (issue 24)")):
        check(f"{bad} not installed", bad not in present, why)

    cfg = Path(sys.prefix, "pyvenv.cfg").read_text()
    on_pi = "Raspberry Pi" in (Path("/proc/device-tree/model").read_text(errors="replace")
                               if Path("/proc/device-tree/model").exists() else "")
    sealed = "include-system-site-packages = false" in cfg
    check("the venv sees the system's packages exactly on a Pi", sealed != on_pi,
          "sealed" if sealed else "with the system's site packages")

    from companion.scan.camera import open_camera
    from companion.scan.errors import CameraError

    try:
        open_camera("picamera2")
        check("no Pi camera here is a CameraError", False, "open_camera('picamera2') returned")
    except CameraError as exc:
        check("no Pi camera here is a CameraError", True, str(exc))

    exe = str(Path(sys.prefix, "bin", "companion"))
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=300)
    check("companion --version", out.returncode == 0, out.stdout.strip() or out.stderr.strip())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    for args in (["--help"], ["journal", "--help"]):
        # `companion --help | head -1`: the reader takes one line and goes away
        shell = f"{exe} {' '.join(args)} | head -1 >/dev/null; echo ${{PIPESTATUS[0]}}"
        res = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, env=env, timeout=300)
        quiet = "Traceback" not in res.stderr and "Exception ignored" not in res.stderr
        check(f"companion {' '.join(args)} | head -1 is quiet", quiet and res.stdout.strip() in ("0", "1"),
              f"exit {res.stdout.strip()} {res.stderr.strip()[-200:]}")
        read, write = os.pipe()
        os.close(read)  # the reader is gone before a byte is written
        try:
            res = subprocess.run([exe, *args], stdout=write, stderr=subprocess.PIPE, text=True, env=env, timeout=300)
        finally:
            os.close(write)
        quiet = "Traceback" not in res.stderr and "Exception ignored" not in res.stderr
        check(f"companion {' '.join(args)} into a closed pipe is quiet", quiet and res.returncode in (0, 1),
              f"exit {res.returncode} {res.stderr.strip()[-200:]}")

    print(f"{len(failures)} of the checks failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
