"""`companion shots OUTDIR [--game CODE]`: every screen of a game with a representative play, as
800x480 PNGs, and a warning for any label that does not read whole (fit.py). The game's pack drives
the app through its own screens (its UI's `shots`); a game with no screens of its own is shown on
the generic game screen."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def shots(outdir: Path, game: str = "BGM") -> int:
    from companion.core.packs import codes, get_pack
    from companion.ui.fit import cut_labels
    from companion.ui.harness import Harness
    from companion.ui.packui import ui_for

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
            h = Harness(Path(tmp), camera="none", draw=False)  # each shot draws its own frames
            try:
                def shot(name: str) -> None:
                    h.pump(0.3)
                    h.shot(outdir / f"{prefix}{name}.png")
                    done.append(name)
                    cut.extend(f"{prefix}{name}: {c}" for c in cut_labels())

                ui.shots(h, shot)
            finally:
                h.close()
    print(f"wrote {len(done)} screenshots to {outdir}")
    if cut:  # the same check as tests/ui/test_text_fits.py
        print(f"{len(cut)} label(s) do not read whole:\n  " + "\n  ".join(cut), file=sys.stderr)
    return 0
