"""UI tests run the real app under the virtual display `make test` provides (xvfb-run sets DISPLAY).

Kivy is kept away from the user's config and console: KIVY_HOME, the data dir and the journal
all live in a temporary folder.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

_home = tempfile.mkdtemp(prefix="kivy-home-")
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_HOME"] = _home
os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="companion-data-"))

if not os.environ.get("DISPLAY"):
    pytest.skip("UI tests need a display: run them under xvfb-run (make test does)", allow_module_level=True)

from companion.ui.commands import configure_kivy  # noqa: E402

configure_kivy(False)


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    from companion.ui.harness import Harness

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    h = Harness(tmp_path, camera="none")
    try:
        yield h
    finally:
        h.close()
