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
