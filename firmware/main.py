"""Pico entry point, copied to the board as /main.py (`companion sensors deploy`, hardware/BUILD.md).

Runs firmware.app for ever. Whatever escapes it resets the board rather than leaving a REPL that
would echo the host's traffic. After MAINT (the deploy command) the flag file makes this boot
skip the loop once, so mpremote can copy files; the next reset serves again.
"""

import machine


def _maintenance() -> bool:
    import os
    try:
        os.remove("maint")
    except OSError:
        return False
    return True


if _maintenance():
    print("sensor board: maintenance mode (deploy); the next reset serves again")
else:
    try:
        from firmware import app
        app.main()
    except BaseException as e:  # KeyboardInterrupt and SystemExit too: never the REPL
        try:
            import sys
            from firmware import protocol
            from firmware.device import describe
            sys.stdout.buffer.write(protocol.err(protocol.ERR_FW, "stopped, resetting: " + describe(e)))
        except BaseException:
            pass
        machine.reset()
