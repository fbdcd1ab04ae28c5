"""Settings kept as JSON next to the journal (companion/ui/settings.py): a folder that cannot be
written never stops the app. The settings hold in memory and the table is told what failed,
where, and that the setting lasts until a restart."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.ui.settings import Settings, SettingsNotSaved


@pytest.fixture
def unwritable(tmp_path: Path) -> Iterator[Path]:
    """A settings path the OS refuses to write: a read-only folder, or, where chmod does not bind
    (root), a path whose parent folder is a file."""
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        (folder / "probe").write_text("")
    except PermissionError:
        yield folder / "settings.json"
    else:  # root ignores the mode bits
        assert os.geteuid() == 0
        (tmp_path / "not-a-folder").write_text("")
        yield tmp_path / "not-a-folder" / "settings.json"
    finally:
        folder.chmod(stat.S_IRWXU)


def test_saving_into_a_folder_that_cannot_be_written_says_what_and_where(unwritable: Path) -> None:
    prefs = Settings(sound=False, camera="mock")
    with pytest.raises(SettingsNotSaved) as exc:
        prefs.save(unwritable)
    said = str(exc.value)
    assert said.startswith(f"Settings not saved: {unwritable} cannot be written (")
    assert said.endswith("The new setting holds until the companion restarts.")
    assert prefs == Settings(sound=False, camera="mock")
    assert not unwritable.exists()
    assert not [p for p in unwritable.parent.parent.rglob(".settings.*")], "a temporary file was left"


def test_a_saved_setting_reads_back(tmp_path: Path) -> None:
    prefs = Settings(sound=False, devices={"GSB:Device": "hard"})
    prefs.save(tmp_path / "deep" / "settings.json")
    assert Settings.load(tmp_path / "deep" / "settings.json") == prefs
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["settings.json"]


def test_a_setting_changed_by_touch_holds_when_it_cannot_be_saved(harness: Any, unwritable: Path) -> None:
    """Sound off on the Settings screen with the settings folder read-only: the app goes on, the
    sound is off, and the toast says the file, the reason and that it lasts until a restart."""
    h, app = harness, harness.app
    kept = app.settings_path
    app.settings_path = unwritable
    try:
        h.tap("settings")
        assert app.sm.current == "settings" and app.prefs.sound
        h.tap("sound_row:False")
        assert app.prefs.sound is False and app.sounds.enabled is False
        assert app.toaster.shown and app.toaster.kind == "error"
        assert str(unwritable) in app.toaster.text and "until the companion restarts" in app.toaster.text
        app.toaster.hide()  # (the toast lies over the lower rows while it shows: seven with Boogeyman's)
        h.pump(frames=2)
        assert h.find("sound_row:False").caption.startswith("\u2714")  # the screen shows it held
        assert not unwritable.exists()
    finally:
        app.settings_path = kept
