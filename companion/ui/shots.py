"""`companion shots OUTDIR [--game CODE] [--lang de] [--large]`: every screen of a game with a representative play, as
800x480 PNGs, and a warning for any label that does not read whole (fit.py). The game's pack drives
the app through its own screens (its UI's `shots`); a game with no screens of its own is shown on
the generic game screen.

Nothing waits out real time before a picture: Kivy's clock is moved on (touch.let_pass) and
stands still while the picture's own frames are drawn, so a fade or a list's settling is caught
at the same moment on a fast machine, a slow one or a loaded one."""

from __future__ import annotations

import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

# Of Kivy's clock before each picture: what the last tap started is over (a list's bar fades 0.5 s
# after it moved, for 0.5 s), so no picture catches a fade half way.
SETTLE_S = 1.2


@contextmanager
def clock_still() -> Iterator[None]:
    """Kivy's clock reads the same time until the block ends (the frames drawn for a picture take
    tens of milliseconds each in software GL; they move no animation on)."""
    from kivy.clock import Clock

    moving = Clock.time
    now = moving()
    Clock.time = lambda: now
    try:
        yield
    finally:
        Clock.time = moving


def shots(outdir: Path, game: str = "BGM", lang: str = "en", large: bool = False) -> int:
    """`lang`: the language the table chose ("de": the German screens, same names). `large`: with
    Settings -> Large text on (written to the run's settings, as Settings does)."""
    from companion.core.packs import codes, get_pack
    from companion.ui.fit import cut_labels
    from companion.ui.harness import Harness
    from companion.ui.packui import ui_for
    from companion.ui.touch import let_pass

    outdir.mkdir(parents=True, exist_ok=True)
    wanted = list(codes()) if game.lower() == "all" else [game.upper()]
    done: list[str] = []
    cut: list[str] = []
    for code in wanted:
        ui = ui_for(get_pack(code))
        prefix = "" if code == "BGM" else f"{code.lower()}_"
        with tempfile.TemporaryDirectory(prefix="companion-shots-") as tmp:
            import os

            os.environ["COMPANION_DATA_DIR"] = tmp
            if large:
                from companion.ui.settings import Settings

                prefs = Settings.load(Path(tmp) / "settings.json")
                prefs.large_text = True
                prefs.save(Path(tmp) / "settings.json")
            h = Harness(Path(tmp), camera="none", draw=False, language=lang)  # each shot draws its own frames
            try:
                def shot(name: str) -> None:
                    let_pass(SETTLE_S)
                    with clock_still():
                        h.shot(outdir / f"{prefix}{name}.png")
                    done.append(name)
                    cut.extend(f"{prefix}{name}: {c}" for c in cut_labels())

                ui.shots(h, shot)
            finally:
                h.close()
                if large:
                    from companion.ui import theme as T

                    T.set_scale(1.0)  # the next game's run starts from its own settings
    print(f"wrote {len(done)} screenshots to {outdir}")
    if cut:  # the same check as tests/ui/test_text_fits.py
        print(f"{len(cut)} label(s) do not read whole:\n  " + "\n  ".join(cut), file=sys.stderr)
    return 0
