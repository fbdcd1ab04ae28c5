#!/usr/bin/env bash
# One set-up for `make run` and `make test`: system packages that are missing,
# a .venv in the repo root, and the project installed into it (editable).
# Usage: scripts/setup.sh [run|test|firmware]   (test adds the test-only needs; firmware adds
# mpremote, to put the firmware on the Pico)
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-run}"
case "$purpose" in
  run|test|firmware) ;;
  *) echo "setup: unknown purpose '$purpose' (use run, test or firmware)" >&2; exit 2 ;;
esac

# On a Raspberry Pi the camera (python3-picamera2) and, on a Pi 5, gpiozero's pins (python3-lgpio)
# come only from apt, so the venv sees the system's packages there; what the lock installs into
# the venv still comes first. Elsewhere the venv is sealed. COMPANION_VENV_SYSTEM_SITE=1 forces the
# system's packages in (an arm64 board that is not a Pi; a Pi whose /proc/device-tree is hidden, as
# in a container), =0 keeps them out; either way it counts when .venv is made (delete .venv to change).
venv_args=()
case "${COMPANION_VENV_SYSTEM_SITE:-}" in
  1) venv_args+=(--system-site-packages) ;;
  0) ;;
  "") if grep -qs "Raspberry Pi" /proc/device-tree/model; then venv_args+=(--system-site-packages); fi ;;
  *) echo "setup: COMPANION_VENV_SYSTEM_SITE must be 1 or 0, not '$COMPANION_VENV_SYSTEM_SITE'" >&2; exit 2 ;;
esac

# Debian / Raspberry Pi OS packages. libzbar0: pyzbar. libmtdev1, libgl1, mesa: Kivy.
# espeak-ng: the spoken prompts. test: a virtual display and PDF rendering.
pkgs=(libzbar0 libmtdev1 libgl1 libgl1-mesa-dri libegl1 espeak-ng python3-venv)
if [ "$purpose" = test ]; then
  pkgs+=(xvfb xauth poppler-utils)
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq || echo "setup: apt-get update failed, trying with the cached lists"
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PY --version) ${venv_args[*]}"
  $PY -m venv "${venv_args[@]}" .venv
fi

# One tested set of packages everywhere: the lock in requirements/ (scripts/lock.sh writes it,
# `make upgrade-deps` refreshes it). Hashes are checked, and only binary wheels are taken, so a
# package with no wheel for this machine fails here at once instead of starting a long build.
lock="requirements/$purpose.txt"
stamp=".venv/.installed-$purpose"
if [ ! -f "$stamp" ] || [ "$lock" -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setup: installing the locked packages into .venv ($lock)"
  # --no-deps: the lock already lists every package (pip 23 would otherwise refuse a dependency
  # named with an extra, e.g. pytest-cov's coverage[toml], as not pinned); pip check below says
  # if the lock ever misses one.
  .venv/bin/python -m pip install -q --require-hashes --only-binary :all: --no-deps -r "$lock"
  .venv/bin/python -m pip install -q --no-deps --no-build-isolation -e .
  .venv/bin/python -m pip check || { echo "setup: the lock $lock misses a package (above); run scripts/lock.sh" >&2; exit 1; }
  touch "$stamp"
fi
