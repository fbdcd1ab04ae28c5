"""UI tests run the real app under the virtual display `make test` provides (xvfb-run sets DISPLAY).

Kivy is kept away from the user's config and console: KIVY_HOME, the data dir and the journal
all live in a temporary folder. A module shares one app (`app_harness`); each test starts from
the first screen (`harness`).
"""

from __future__ import annotations

import json
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
# The tests' app draws no frames (Harness(draw=False); `companion shots` only those it saves): no
# 60 fps cap to sleep between frames. Kivy reads KCFG_* at import, here and in `companion shots` runs.
os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
os.environ.setdefault("COMPANION_DATA_DIR", tempfile.mkdtemp(prefix="companion-data-"))

if not os.environ.get("DISPLAY"):
    pytest.skip("UI tests need a display: run them under xvfb-run (make test does)", allow_module_level=True)

from companion.ui.commands import configure_kivy  # noqa: E402

configure_kivy(False)


@pytest.fixture(scope="module")
def app_harness(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The module's app. A module's `APP_SETTINGS` (e.g. {"large_text": True}) are its settings
    before it starts, as after a change in Settings and a restart."""
    from companion.ui.harness import Harness

    data = tmp_path_factory.mktemp("companion")
    settings = getattr(request.module, "APP_SETTINGS", None)
    if settings is not None:
        (data / "settings.json").write_text(json.dumps(settings))
    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(data)
    h = Harness(data, camera="none", draw=False)
    try:
        yield h
    finally:
        h.close()
        if old is not None:
            os.environ["COMPANION_DATA_DIR"] = old


@pytest.fixture
def harness(app_harness: object) -> object:
    """The module's app, back on its first screen with nothing over it."""
    h = app_harness
    h.home()  # type: ignore[attr-defined]
    return h


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A data folder of the test's own, for apps it starts and stops (a resume, a restart):
    COMPANION_DATA_DIR points at it while the test runs."""
    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    try:
        yield tmp_path
    finally:
        if old is None:
            os.environ.pop("COMPANION_DATA_DIR", None)
        else:
            os.environ["COMPANION_DATA_DIR"] = old


@pytest.fixture
def german(data_dir: Path) -> Iterator[object]:
    """An app of the test's own started in German (as chosen at first start), closed after the test;
    the language is English again afterwards (the next test's app chooses its own)."""
    from companion import i18n
    from companion.ui.harness import Harness

    h = Harness(data_dir, camera="none", draw=False, language="de")
    try:
        yield h
    finally:
        h.close()
    assert i18n.language() == "en"
