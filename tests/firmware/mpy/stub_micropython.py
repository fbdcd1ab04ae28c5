"""A `micropython` that records kbd_intr (the real one cannot be watched from Python)."""

import stub_machine


def kbd_intr(c):
    stub_machine.calls.append(("kbd_intr", c))
