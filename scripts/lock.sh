#!/usr/bin/env bash
# Regenerate the lock files in requirements/ from pyproject.toml (one tested set of packages for
# every machine: x86_64 and aarch64, Debian 12 / Raspberry Pi OS bookworm, Python 3.11).
# Usage: scripts/lock.sh [--upgrade]   (without --upgrade, versions already locked are kept)
# uv does the resolving (it can lock for every platform at once, with hashes); the set-up only
# needs pip to install what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
uvenv=.venv-lock
if [ ! -x "$uvenv/bin/uv" ]; then
  echo "lock: installing uv into $uvenv"
  python3 -m venv "$uvenv"
  "$uvenv/bin/python" -m pip install -q uv
fi
args=(--universal --python-version 3.11 --generate-hashes
      --constraint requirements/constraints.in --no-header)
[ "${1:-}" = --upgrade ] && args+=(--upgrade)
for purpose in run test firmware; do
  extra=()
  [ "$purpose" = run ] || extra=(--extra "$purpose")
  out="requirements/$purpose.txt"
  {
    echo "# The lock for \`scripts/setup.sh $purpose\`: written by scripts/lock.sh, do not edit by hand."
    echo "# Refresh with \`make upgrade-deps\` (it runs the suite too)."
  } > "$out.tmp"
  # uv keeps the versions already in its output file (unless --upgrade): start from the lock
  [ -f "$out" ] && cp "$out" "$out.new"
  # a failed resolve leaves the old lock in place and says why
  "$uvenv/bin/uv" pip compile pyproject.toml requirements/build.in "${extra[@]}" "${args[@]}" \
      --quiet -o "$out.new" || { rm -f "$out.tmp" "$out.new"; exit 1; }
  cat "$out.new" >> "$out.tmp" && rm "$out.new"
  mv "$out.tmp" "$out"
  echo "lock: $out: $(grep -c '^[a-z]' "$out") packages"
done
