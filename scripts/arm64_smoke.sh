#!/usr/bin/env bash
# The emulated arm64 smoke run (`make test-arm64`; slow, not part of `make test`; docs/hardware.md).
#
# Builds once, and keeps under $ARM64_CACHE (default /var/cache/companion-arm64), a Debian bookworm
# arm64 root (what Raspberry Pi OS Lite 64-bit is built on) with debootstrap, run on this x86_64
# machine through qemu-user (binfmt_misc). Then, in a chroot, it runs the phases below, times each
# and prints a table; the exit status is non-zero when any phase failed.
#
#   root     debootstrap the arm64 root (skipped when the cache has one)
#   copy     `git archive HEAD` into the root at /opt/companion (commit first: the work tree's
#            uncommitted changes are not copied). A .venv already there is kept for `setup` to judge.
#   pi-apt   apt-get update and what a minimal Raspberry Pi OS bookworm image already has (python3)
#   setup    `scripts/setup.sh test` from a fresh .venv (it installs its own apt packages, then the
#            lock: aarch64 binary wheels only)
#   venv     scripts/arm64_checks.py: aarch64, Python 3.11, every wheel binary, cv2 and the
#            scanner's libraries import, no crashing test dependency, the CLI into a closed pipe
#   core     tests/core except the journal's own tests
#   journal  the journal's tests (tests/core/test_journal*.py, the WAL scan, the old journals, the
#            WAL and disk faults)
#   rules    the four packs' rule tests (tests/games without the AI, simulation and property runs)
#   scan     tests/scan on stills, minus the heavy tests named in scripts/arm64_scan_heavy.txt
#   shots    `companion shots --game all` under xvfb in the root; the PNG count is checked
#
# Usage: scripts/arm64_smoke.sh [PHASE...]   (no phase: all of them, in order; naming phases reruns
# only those against what the root already has, e.g. `scripts/arm64_smoke.sh copy scan`; after a
# copy, two runs may go side by side on 2 cores, e.g. `... rules` and `... core journal scan shots`)
# Needs root (debootstrap, chroot, mount) and the Debian packages debootstrap, qemu-user-static and
# binfmt-support (installed when missing). ARM64_MIRROR picks the Debian mirror.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
cache="${ARM64_CACHE:-/var/cache/companion-arm64}"
root="$cache/root"
mirror="${ARM64_MIRROR:-http://deb.debian.org/debian}"
all_phases=(root copy pi-apt setup venv core journal rules scan shots)
pytest_args=(-q --no-cov -p no:cacheprovider -o timeout=3600 -W ignore::pytest.PytestUnraisableExceptionWarning)

if [ "$#" -gt 0 ]; then
  phases=("$@")
  for p in "${phases[@]}"; do
    case " ${all_phases[*]} " in *" $p "*) ;; *) echo "arm64: unknown phase '$p' (${all_phases[*]})" >&2; exit 2 ;; esac
  done
else
  phases=("${all_phases[@]}")
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "arm64: needs root (debootstrap, chroot, mount); try: sudo $0 $*" >&2
  exit 2
fi

need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
[ -x /usr/bin/qemu-aarch64-static ] || need+=(qemu-user-static)
command -v update-binfmts >/dev/null || need+=(binfmt-support)
if [ "${#need[@]}" -gt 0 ]; then
  echo "arm64: installing ${need[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" || exit 1
fi

# binfmt_misc runs arm64 binaries through qemu. A container may not have it mounted; mount it and
# register qemu-aarch64 if possible, else copy the interpreter into the root (without the kernel's
# help each binary would need it named: the chroot below would not start).
if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null \
    || echo "arm64: cannot mount binfmt_misc (a container without the privilege?)" >&2
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  update-binfmts --enable qemu-aarch64 2>/dev/null || true
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  echo "arm64: qemu-aarch64 is not registered with binfmt_misc (/proc/sys/fs/binfmt_misc/qemu-aarch64);" \
       "an arm64 root cannot run here" >&2
  exit 1
fi

mounted=()
mount_root() {
  [ "${#mounted[@]}" -gt 0 ] && return 0
  local m
  for m in proc sys dev dev/pts; do
    mountpoint -q "$root/$m" && continue
    case $m in
      proc) mount -t proc proc "$root/proc" ;;
      sys) mount -t sysfs sys "$root/sys" ;;
      dev) mount --bind /dev "$root/dev" ;;
      dev/pts) mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" ;;
    esac && mounted=("$root/$m" "${mounted[@]}")
  done
  mkdir -p "$root/dev/shm" 2>/dev/null
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  # A machine behind a TLS-inspecting proxy trusts its own CAs (/usr/local/share/ca-certificates):
  # the root must too, or pip cannot reach PyPI (CERTIFICATE_VERIFY_FAILED)
  local ca changed=0
  for ca in /usr/local/share/ca-certificates/*.crt; do
    [ -f "$ca" ] || continue
    cmp -s "$ca" "$root/usr/local/share/ca-certificates/${ca##*/}" && continue
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp "$ca" "$root/usr/local/share/ca-certificates/" && changed=1
  done
  if [ "$changed" = 1 ]; then
    chroot "$root" /usr/sbin/update-ca-certificates >/dev/null || echo "arm64: update-ca-certificates failed" >&2
  fi
}
unmount_root() {
  local m p
  # another run of this script may be using the root (phases run side by side): leave it mounted
  for p in /proc/[0-9]*; do
    [ "${p#/proc/}" != "$$" ] && [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && { mounted=(); return 0; }
  done
  for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null; done
  mounted=()
}
trap unmount_root EXIT
trap 'exit 130' INT TERM

# a command inside the root, as root, in the copied tree, with a clean environment
inroot() {
  mount_root
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_CERT=/etc/ssl/certs/ca-certificates.crt COMPANION_ARM64=1 \
    /bin/bash -c "cd /opt/companion 2>/dev/null || cd /; $1"
}

pytest_in_root() {  # pytest_in_root ARGS... (run under xvfb: some packs' tests draw)
  inroot "xvfb-run -a -s '-screen 0 1024x768x24' .venv/bin/python -m pytest$(printf ' %q' "${pytest_args[@]}" "$@")"
}

phase_root() {
  if [ -f "$root/.companion-root-complete" ]; then
    echo "arm64: using the cached root $root (delete it to build a new one)"
    return 0
  fi
  mkdir -p "$cache"
  rm -rf "$cache/root.tmp"
  debootstrap --arch=arm64 --foreign --variant=minbase --include=ca-certificates \
    bookworm "$cache/root.tmp" "$mirror" || return 1
  chroot "$cache/root.tmp" /debootstrap/debootstrap --second-stage || return 1
  touch "$cache/root.tmp/.companion-root-complete"
  rm -rf "$root" && mv "$cache/root.tmp" "$root"
}

phase_copy() {
  local dest="$root/opt/companion"
  mkdir -p "$dest"
  # keep .venv (setup decides what to do with it), replace everything else with HEAD
  find "$dest" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
  git -C "$repo" archive --format=tar HEAD | tar -x -C "$dest" || return 1
  echo "arm64: copied $(git -C "$repo" rev-parse --short HEAD) ($(git -C "$repo" log -1 --format=%s | cut -c1-70))"
}

phase_pi-apt() {
  # Raspberry Pi OS Lite has python3 (3.11.2 on bookworm) and sudo; setup.sh installs the rest.
  inroot "apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 sudo >/dev/null \
          && python3 --version"
}

phase_setup() {
  inroot "rm -rf .venv && scripts/setup.sh test"
}

phase_venv() {
  inroot ".venv/bin/python scripts/arm64_checks.py"
}

# Not here: tests/core/test_crash.py (SIGKILLs a child at hundreds of random points: each child is
# an interpreter start, seconds under emulation; what it tests is SQLite's and the kernel's
# durability) and tests/faults/test_damage.py (thousands of damaged journals): `make test` runs both.
journal_tests=(tests/core/test_journal.py tests/core/test_journal_imports.py tests/core/test_walscan.py
               tests/core/test_old_journals.py tests/faults/test_wal.py tests/faults/test_disk.py)

phase_core() {
  local ignore=() t
  for t in "${journal_tests[@]}" tests/core/test_crash.py; do
    [ "${t#tests/core/}" != "$t" ] && ignore+=("--ignore=$t")
  done
  pytest_in_root --basetemp=/tmp/arm64-core tests/core "${ignore[@]}"
}

phase_journal() {
  pytest_in_root --basetemp=/tmp/arm64-journal "${journal_tests[@]}"
}

phase_rules() {
  # the rules, not the players: the AI searches, the many-game simulations and the hypothesis
  # property runs are the same Python over and over, minutes each under emulation (make test runs them)
  pytest_in_root --basetemp=/tmp/arm64-rules tests/games --ignore=tests/games/boogeyman/ai \
    --ignore=tests/games/boogeyman/sim --ignore=tests/games/boogeyman/test_properties.py \
    --ignore=tests/games/goosebumps/test_ai.py --ignore=tests/games/goosebumps/test_sim.py \
    --ignore=tests/games/stuff_of_legend/test_sim.py
}

phase_scan() {
  # Emulation is 10-30 times slower than the machine: the heavy scan tests (whole-corpus sweeps,
  # many-frame video runs) are named, each with why, in scripts/arm64_scan_heavy.txt.
  local deselect=() line
  while IFS= read -r line; do
    line="${line%%#*}"; line="${line%"${line##*[![:space:]]}"}"
    [ -n "$line" ] && deselect+=("--deselect=$line")
  done < scripts/arm64_scan_heavy.txt
  echo "arm64: ${#deselect[@]} heavy scan tests deselected (scripts/arm64_scan_heavy.txt)"
  pytest_in_root --basetemp=/tmp/arm64-scan tests/scan "${deselect[@]}"
}

phase_shots() {
  local expected
  expected=$(find docs/screenshots -maxdepth 1 -name '*.png' | wc -l)
  inroot "rm -rf /tmp/arm64-shots && xvfb-run -a -s '-screen 0 1024x768x24' .venv/bin/companion shots --game all /tmp/arm64-shots \
          && n=\$(ls /tmp/arm64-shots/*.png | wc -l) && echo \"arm64: \$n PNGs (docs/screenshots has $expected)\" \
          && [ \"\$n\" -eq $expected ]"
}

names=(); secs=(); results=(); failed=0
for p in "${phases[@]}"; do
  if [ "$p" != root ] && [ ! -f "$root/.companion-root-complete" ]; then
    echo "arm64: no root at $root yet: run the root phase first" >&2
    names+=("$p"); secs+=(0); results+=("no root"); failed=1
    continue
  fi
  echo "===== arm64: $p ($(date -u +%H:%M:%S) UTC)"
  start=$(date +%s)
  log="$cache/$p.log"
  "phase_$p" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  took=$(( $(date +%s) - start ))
  summary=$(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed|error).* in ' "$log" | tail -1 | sed 's/=//g; s/^ *//; s/ *$//')
  names+=("$p"); secs+=("$took")
  if [ "$rc" -eq 0 ]; then results+=("ok ${summary}"); else results+=("FAILED (exit $rc) ${summary}"); failed=1; fi
  echo "===== arm64: $p took ${took} s: ${results[-1]}"
done
unmount_root

echo
echo "arm64 smoke run, $(git rev-parse --short HEAD), $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-8s %8s  %s\n' phase seconds result
total=0
for i in "${!names[@]}"; do
  printf '%-8s %8s  %s\n' "${names[$i]}" "${secs[$i]}" "${results[$i]}"
  total=$(( total + secs[i] ))
done
printf '%-8s %8s\n' total "$total"
exit "$failed"
