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
  echo "setup: creating .venv with $($PY --version)"
  $PY -m venv .venv
fi

extras="."
[ "$purpose" = run ] || extras=".[$purpose]"
stamp=".venv/.installed-$purpose"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setup: installing the companion into .venv ($extras)"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e "$extras"
  touch "$stamp"
fi
