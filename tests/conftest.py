"""Checks over the whole suite's collection."""

from __future__ import annotations

import sys
from typing import Any

import pytest


def pytest_collection_finish(session: Any) -> None:
    """A test module that opens Kivy's window while it is collected (by importing a screen or
    companion.ui.widgets at the top) leaves SDL's threads in the process, and the simulation
    tests' forked workers then hang until the timeout. Say so at once instead."""
    if "kivy.core.window" in sys.modules:
        raise pytest.UsageError(
            "Kivy's window was opened while the tests were collected: a test module imports a screen "
            "or companion.ui.widgets at its top. Import it inside the tests (forked simulation "
            "workers hang otherwise).")


def _jitter_synthetic_frames() -> None:
    """COMPANION_SYNTH_JITTER=SEED: every synthetic camera frame (companion.scan.synth.render_scene)
    gets a grey level more or less on about two pixels in three. Another CPU's image kernels (blur,
    warp, JPEG) differ from this one's by about that much, so a test that fails under it depends on
    the exact arithmetic of the machine it was written on (issue 24): `make test-jitter` runs the
    scanner's tests so, with three seeds."""
    import os

    seed = os.environ.get("COMPANION_SYNTH_JITTER")
    if not seed:
        return
    from companion.scan import synth

    from tests.scan.variants import jitter

    exact = synth.render_scene

    def jittered(*a: Any, **k: Any) -> Any:
        out, symbols = exact(*a, **k)
        return jitter(out, int(seed)), symbols  # the same frame gets the same jitter

    synth.render_scene = jittered  # before any test module imports it by name


_jitter_synthetic_frames()
