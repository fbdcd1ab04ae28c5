"""The firmware on the real MicroPython interpreter (the unix port), checked against CPython.

Each scenario of tests/firmware/mpy/driver.py runs under both; the outputs must be identical line
by line (there are no documented differences left: see docs/hardware.md). Each test also checks
what the output says, so two interpreters agreeing on a wrong answer still fails.
"""

from __future__ import annotations

import difflib
import os
import re
from typing import Callable

import pytest

Driver = Callable[..., str]


def both(driver: Driver, scenario: str, *args: str) -> list[str]:
    cpython = driver("cpython", scenario, *args).splitlines()
    micropython = driver("micropython", scenario, *args).splitlines()
    if cpython != micropython:
        diff = "\n".join(difflib.unified_diff(cpython, micropython, "cpython", "micropython", lineterm="", n=1))
        pytest.fail(f"{scenario}: CPython and MicroPython differ:\n{diff[:6000]}")
    assert cpython, f"{scenario} printed nothing"
    return cpython


def test_scanning_a_74hc165_chain(driver: Driver) -> None:
    lines = both(driver, "scan")
    shifts = [line for line in lines if line.startswith("shift ") and "active" not in line]
    assert len(shifts) == 60 and all(line.endswith(" ok") for line in shifts)
    assert "shift 4 30 0 20000081 ok" in lines  # channels 0, 7 and 29 of 30
    assert "direct B2 34D" in lines  # levels 1011001011: low = occupied, or high
    assert "virtual 8000000100000001 8000000100000001 [1, 0, 0, 0, 1, 0, 0, 128]" in lines
    assert "too few chips: 9 channels need 2 chips, have 1" in lines


def test_debouncing(driver: Driver) -> None:
    lines = both(driver, "debounce")
    # Run twice, the second time across the ticks wrap-around: the same answers.
    assert lines.count("debounce 0001 140 [(0, 1)] stable 1") == 2
    assert lines.count("debounce 8003 185 [(15, 1)] stable 8001") == 2  # oldest change first
    assert lines.count("debounce 0000 440 [(0, 0), (1, 0), (15, 0)] stable 0") == 2
    assert lines[-1].startswith("random end stable ")
    stable, raw = lines[-1].split()[3], lines[-1].split()[5]
    assert stable != "0" and raw != "0"


def test_every_protocol_sentence_and_host_line(driver: Driver) -> None:
    lines = both(driver, "protocol")
    assert "snap b'$PTBC,SNAP,9,8000000000000000*14\\r\\n'" in lines
    assert "evt b'$PTBC,EVT,65535,63,1*46\\r\\n'" in lines
    assert all(line.endswith(" True") for line in lines if line.startswith("err ") or "-> ERR" in line)
    # The lines that killed the board on MicroPython: a rejected line, non-UTF-8 checksum bytes.
    assert "parse b'$PTBC,SNAP?*2C\\r\\n' -> ERR CS bad checksum 2C True" in lines
    assert "parse b'$PTBC*\\xff\\xff\\r\\n' -> ERR CS checksum not two upper-case hex digits True" in lines
    assert "parse b'$PTBC,LED,31,FF8000*6E\\r\\n' -> ('LED', (31, 255, 128, 0))" in lines
    assert "parse b'$PTBC,MAINT*76\\r\\n' -> ('MAINT', ())" in lines
    readers = [line for line in lines if line.startswith("reader cut")]
    assert len(readers) == 5 and len({line.split(" ", 3)[3] for line in readers}) == 1  # split anywhere


def test_answers_to_every_host_request(driver: Driver) -> None:
    lines = both(driver, "host")
    assert lines[:2] == ["boot b'$PTBC,HELLO,1,1.0.0,32*46\\r\\n'", "boot b'$PTBC,SNAP,0,20*17\\r\\n'"]
    assert "host b'$PTBC,HELLO?*54\\r\\n' -> [b'$PTBC,HELLO,1,1.0.0,32*46\\r\\n'] [] []" in lines
    assert "host b'$PTBC,LED,0,00ff00*54\\r\\n' -> [] [('set', 0, 0, 255, 0)] []" in lines
    assert "host b'$PTBC,MAINT*76\\r\\n' -> [] [] ['MAINT']" in lines
    # A failing LED strip: ERR,FW, and the board goes on.
    assert "host b'$PTBC,LED,13,FFFFFF*66\\r\\n' -> [b'$PTBC,ERR,FW,OSError errno 5*68\\r\\n'] " \
           "[('set', 13, 255, 255, 255)] []" in lines
    assert ["later b'$PTBC,EVT,4,5,0*73\\r\\n'", "later b'$PTBC,EVT,5,31,1*44\\r\\n'"] == \
           [line for line in lines if line.startswith("later") and "EVT" in line]
    assert "dropped 33 faults 1 seq 7" in lines
    assert "virtual board MAINT [b'$PTBC,ERR,CMD,no maintenance mode on this board*04\\r\\n']" in lines


def test_pin_map(driver: Driver) -> None:
    lines = both(driver, "pinmap")
    errors = {int(m.group(1)): m.group(2) for line in lines if (m := re.match(r"case (\d+) error (.*)", line))}
    assert errors[0] == "pins.toml: sensor_board.channels must be 1..64"  # channels = true
    assert errors[1] == "pins.toml: sensor_board.shift.load_pin missing"  # load_pin = true
    assert errors[11] == "t.toml:2: cannot read value \u0661"  # another script's digit
    assert len(errors) == 24


def test_main_loop_bounded_run_with_the_stub_machine(driver: Driver) -> None:
    lines = both(driver, "loop")
    assert "first calls [('kbd_intr', -1), ('WDT', 2000), ('reset_cause',)]" in lines
    assert "feeds 3500 first feed after kbd_intr and WDT True" in lines
    calls = next(line for line in lines if line.startswith("calls "))
    assert "'feed': 3500" in calls and "reset'" not in calls and calls.endswith("faults 0")
    sent = [line for line in lines if line.startswith("sent ")]
    assert all(line.endswith(" True") for line in sent)
    snaps = [int(line.split(",")[2]) for line in sent if "SNAP," in line]
    assert snaps == list(range(len(snaps))) and len(snaps) >= 5  # heartbeats on across the wrap-around
    assert sum("HELLO,1,1.0.0,32" in line for line in sent) == 4  # boot + three HELLO?
    # LED 3 arrived over two reads; brightness 64 scales 255 to 64.
    assert "leds [('np_set', 3, 0, 64, 0), ('np_write',), ('np_fill', 0, 0, 0), ('np_write',), " \
           "('np_set', 2, 0, 0, 64), ('np_write',)]" in lines


def test_the_board_recovers_by_itself(driver: Driver) -> None:
    lines = both(driver, "recover")
    text = "\n".join(lines)
    assert "few faults 4 " in text and "'feed': 700" in text and "few faults sent b'$PTBC,HELLO" in text
    assert re.search(r"burst: reset at loop 109 .*'reset': 1", text)
    assert "after watchdog reset [b'$PTBC,ERR,FW,reset by the watchdog*4F\\r\\n', b'$PTBC,HELLO," in text
    assert "MAINT: reset at loop 10 last call ('reset',)" in text and "flag file 'deploy\\n'" in text
    assert "maintenance boot -> returned app.main skipped []" in text
    for label in ("normal boot after maintenance", "KeyboardInterrupt", "SystemExit"):
        assert f"{label} -> reset app.main ran [('reset',)]" in text  # never the REPL
    assert "$PTBC,ERR,FW,stopped  resetting: KeyboardInterrupt*05" in text
    assert "bad config: MAINT reset at loop 2600" in text
    assert text.count("bad config sent b'$PTBC,ERR,CFG,cannot read no-such-pins.toml (errno 2)") == 4
    assert "broken pins.toml sent [b'$PTBC,ERR,CFG,pins.toml: sensor_board.channels must be 1..64*02\\r\\n']" in text


def fuzz_facts(lines: list[str]) -> dict[str, str]:
    return {line.split(" ", 2)[1]: line.split(" ", 2)[2] for line in lines}


# `make test` sends 10,000 lines per interpreter; `make test-slow` sets FIRMWARE_FUZZ_LINES
# (100,000) and adds seeds.
SLOW_LINES = int(os.environ.get("FIRMWARE_FUZZ_LINES", "0"))
FUZZ_RUNS = [(10000, 1)] + ([(SLOW_LINES, 2), (SLOW_LINES, 3)] if SLOW_LINES else [])


@pytest.mark.parametrize("count, seed", FUZZ_RUNS)
def test_fuzz_no_host_bytes_stop_the_board(driver: Driver, count: int, seed: int) -> None:
    check_fuzz(both(driver, "fuzz", str(count), str(seed)), count)


def check_fuzz(lines: list[str], count: int) -> None:
    facts = fuzz_facts(lines)
    assert facts["lines"].startswith(f"{count} bytes ")
    assert facts["exceptions"] == "0 resets 0"
    assert " bad frames 0 " in facts["sent"]
    answers = eval(facts["answers"])  # a dict literal the driver printed
    exact = eval(facts["exact"].split(" ", 2)[2])
    # Every valid HELLO? answered, plus the boot HELLO; a mutated line can be valid too (a `\r`
    # turned into `\n`), hence the little slack above.
    slack = count // 1000
    assert exact[0] + 1 <= answers["HELLO"] <= exact[0] + 1 + slack
    assert answers["SNAP"] >= exact[1] + 1
    leds = int(facts["led"].split()[1])
    assert exact[2] + exact[3] <= leds <= exact[2] + exact[3] + slack  # every LED and LEDS,OFF reached the strip
    assert "ERR,FW" not in answers
    assert answers["ERR,CS"] > count // 2 and answers["ERR,LEN"] > count // 20


def test_scan_allocates_nothing_in_steady_state_on_micropython(driver: Driver) -> None:
    lines = driver("micropython", "alloc").splitlines()
    facts = {int(line.split()[2]): line.split() for line in lines if line.startswith("alloc channels")}
    assert sorted(facts) == [8, 32, 64]
    for channels, words in facts.items():
        assert words[7] == "0.0", f"{channels} channels: {words[7]} bytes per scan"
        assert words[10] == "0.0", f"{channels} channels: {words[10]} bytes per tick"
        assert float(words[13]) > 100  # the meter sees the SNAP line's allocation: it can fail
    assert facts[64][4] == "33"  # channels 0, 2, .., 62 and 63: bit 63 would be a big int
    assert any(line.startswith("GC: total:") for line in lines)  # micropython.mem_info()
