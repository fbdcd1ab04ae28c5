"""A stand-in for mpremote at the hardware edge, for the deploy test.

    fake_mpremote.py connect PORT exec CODE + fs cp SRC :DST + ... + reset

The board's flash is $FAKE_BOARD_FS. Like mpremote it first interrupts the board (Ctrl-C, raw
REPL); `exec` runs CODE on the MicroPython unix port ($FAKE_MICROPYTHON, a JSON argv) inside the
flash; `fs cp` copies into it; `reset` sends Ctrl-D, which reboots the simulated board. Every
command is logged as a JSON line to $FAKE_MPREMOTE_LOG.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    fs = Path(os.environ["FAKE_BOARD_FS"])
    log = open(os.environ["FAKE_MPREMOTE_LOG"], "a")
    if argv[:1] != ["connect"]:
        print("fake mpremote: expected `connect PORT` first", file=sys.stderr)
        return 2
    port = argv[1]
    fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
    os.write(fd, b"\r\x03\x03\x01")  # what mpremote sends to reach the raw REPL
    commands: list[list[str]] = [[]]
    for a in argv[2:]:
        if a == "+":
            commands.append([])
        else:
            commands[-1].append(a)
    for cmd in commands:
        log.write(json.dumps(cmd) + "\n")
        if cmd[0] == "exec":
            done = subprocess.run([*json.loads(os.environ["FAKE_MICROPYTHON"]), "-c", cmd[1]], cwd=fs,
                                  capture_output=True, text=True, check=False)
            sys.stdout.write(done.stdout)
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return 1
        elif cmd[:2] == ["fs", "cp"] and cmd[3].startswith(":"):
            shutil.copyfile(cmd[2], fs / cmd[3][1:])
        elif cmd == ["reset"]:
            os.write(fd, b"\x04")
        else:
            print(f"fake mpremote: unsupported command {cmd}", file=sys.stderr)
            return 2
    os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
