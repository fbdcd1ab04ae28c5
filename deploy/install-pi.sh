#!/usr/bin/env bash
# Install the companion as a boot-time kiosk on Raspberry Pi OS bookworm.
#   deploy/install-pi.sh            (run as the user who will own the game; uses sudo)
# Idempotent: run it again after a `git pull`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
user="${SUDO_USER:-$(id -un)}"

scripts/setup.sh run   # system packages (SDL/GL/Mesa, espeak-ng, zbar) and .venv

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
# The app draws straight on KMS/DRM: the user needs the GPU, input devices and the serial port.
$sudo usermod -aG video,render,input,audio,dialout,tty "$user"

unit=/etc/systemd/system/companion.service
sed -e "s|@USER@|$user|g" -e "s|@REPO@|$repo|g" deploy/companion.service | $sudo tee "$unit" >/dev/null
# The desktop (if any) would fight the app for the display: boot to the console instead.
if command -v raspi-config >/dev/null 2>&1; then
  $sudo raspi-config nonint do_boot_behaviour B2 || true
fi
$sudo systemctl daemon-reload
$sudo systemctl enable companion.service
$sudo systemctl restart companion.service
echo "companion: installed $unit for $user; it starts at boot. Logs: journalctl -u companion -f"
