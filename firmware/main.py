"""Pico entry point, copied to the board as /main.py (`companion sensors deploy`, hardware/BUILD.md).

Runs firmware.app for ever. Whatever escapes it resets the board rather than leaving a REPL that
would echo the host's traffic. Before that reset it listens a few seconds for MAINT, so a board
whose firmware cannot even start (a half-finished copy) can still be deployed to. After MAINT
the flag file makes one boot skip the loop, so mpremote can copy files; the next reset serves.
"""

import machine

MAINT_FLAG = "maint"
MAINT_LINE = b"$PTBC,MAINT*76"
LISTEN_MS = 3000


def _maintenance() -> bool:
    import os
    try:
        os.remove(MAINT_FLAG)
    except OSError:
        return False
    return True


def _say(line: bytes) -> None:
    import sys
    try:
        sys.stdout.buffer.write(line)
    except BaseException:  # no way left to say it
        pass


def _last_words(exc: BaseException) -> None:
    try:
        from firmware import protocol
        from firmware.device import describe
        _say(protocol.err(protocol.ERR_FW, "stopped, resetting: " + describe(exc)))
    except BaseException:  # the firmware itself is what failed to import
        body = b"PTBC,ERR,FW,firmware failed to start"
        cs = 0
        for b in body:
            cs ^= b
        _say(b"$" + body + ("*%02X\r\n" % cs).encode())


def _heard_maint(ms: int) -> bool:
    """Listen for MAINT (until stdin closes or `ms` pass) before resetting."""
    import select
    import sys
    try:
        from time import ticks_diff, ticks_ms
    except ImportError:  # CPython, in the tests
        from firmware.ticks import ticks_diff, ticks_ms
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    seen = b""
    start = ticks_ms()
    while ticks_diff(ticks_ms(), start) < ms:
        if poll.poll(10):
            b = sys.stdin.buffer.read(1)
            if not b:
                return False
            seen = (seen + b)[-len(MAINT_LINE):]
            if seen == MAINT_LINE:
                return True
    return False


if _maintenance():
    print("sensor board: maintenance mode (deploy); the next reset serves again")
else:
    try:
        from firmware import app
        app.main()
    except BaseException as e:  # KeyboardInterrupt and SystemExit too: never the REPL
        _last_words(e)
        try:
            if _heard_maint(LISTEN_MS):
                with open(MAINT_FLAG, "w") as f:
                    f.write("deploy\n")
        except BaseException:
            pass
        machine.reset()
