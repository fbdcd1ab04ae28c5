"""Bump in the Night's screens: how much a refresh builds and costs. A whole two-player game
against the device's monster player, by touches (as tests/ui/test_bin_game.py plays it), counting
the labels and widgets created, the BIN screens' refreshes and the time in them, the shell's
turn-summary overlay (the device's turns as steps: its draws, the labels they make, their time),
and the time of each tap that commits an input (the touch, the refresh, the layout and texts of the frames after).

    .venv/bin/python benchmarks/bin_ui.py [--against REV] [--runs N]   (re-runs itself under xvfb-run)

`--against REV` (default 03118c2, the last revision before refreshes updated widgets in place)
plays the same game on that revision, from a temporary git worktree, in the same run, and prints
now/then ratios; `--against ""` measures this tree only. The runs are interleaved so a change in
the machine's load hits both alike. Not part of the test suite (tests/ui/test_bin_game.py bounds
the labels a refresh may create, which is deterministic).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "03118c2"
SCREENS = ("bin_setup", "bin_table", "bin_hand", "bin_over")
PLAY = ("run", "scare", "done", "drawn:ACTN")  # as the whole-game UI test: Red scares when she can


def child(root: str) -> None:
    """One whole game in this process, on the companion at `root`; prints one JSON line."""
    sys.path.insert(0, root)
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1", KCFG_GRAPHICS_MAXFPS="0")
    from companion.ui.commands import configure_kivy

    configure_kivy(False)
    import importlib

    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    made = {"labels": 0, "widgets": 0}
    label_init, widget_init = Label.__init__, Widget.__init__

    def counted_label(self: Any, **kw: Any) -> None:
        made["labels"] += 1
        label_init(self, **kw)

    def counted_widget(self: Any, **kw: Any) -> None:
        made["widgets"] += 1
        widget_init(self, **kw)

    Label.__init__, Widget.__init__ = counted_label, counted_widget  # type: ignore[method-assign]
    refresh = {"n": 0, "s": 0.0, "labels": 0, "most": 0}
    for name in SCREENS:
        cls = importlib.import_module(f"companion.games.bump_in_the_night.ui.screens.{name}").SCREEN

        def timed(self: Any, _inner: Any = cls.refresh) -> None:
            before, t = made["labels"], time.perf_counter()
            _inner(self)
            refresh["s"] += time.perf_counter() - t
            refresh["n"] += 1
            refresh["labels"] += made["labels"] - before
            refresh["most"] = max(refresh["most"], made["labels"] - before)

        cls.refresh = timed

    # The shell's turn-summary overlay (the device's turn as steps), drawn on each present and Next.
    from companion.ui.overlays import Summary

    summary = {"n": 0, "s": 0.0, "labels": 0}

    def drawn(self: Any, _inner: Any = Summary._draw) -> None:
        before, t = made["labels"], time.perf_counter()
        _inner(self)
        summary["s"] += time.perf_counter() - t
        summary["n"] += 1
        summary["labels"] += made["labels"] - before

    Summary._draw = drawn  # type: ignore[method-assign]

    from companion.games.bump_in_the_night.ui.drive import step
    from companion.ui.harness import Harness

    with tempfile.TemporaryDirectory(prefix="bin-ui-bench-") as tmp:
        os.environ["COMPANION_DATA_DIR"] = tmp
        h = Harness(Path(tmp), camera="none", draw=False)
        app = h.app
        try:
            app.go("choose")
            h.tap("game:BIN")
            h.tap("monster:yellow")
            h.scroll_to("level:hard")
            h.tap("level:hard")
            h.tap("start")
            start = dict(made), dict(refresh), dict(summary)
            taps: list[float] = []
            t_game = time.perf_counter()
            for _ in range(2500):
                if app.controller.session.finished:
                    break
                n, t = len(app.controller.session.inputs), time.perf_counter()
                step(h, prefer=PLAY)
                if len(app.controller.session.inputs) > n and not app.seat.think(app.controller.state):
                    taps.append(time.perf_counter() - t)
            game_s = time.perf_counter() - t_game
            history = app.controller.history()[0]
        finally:
            h.close()
    print(json.dumps({
        "inputs": len(history), "last": history[-1] if history else "",
        "labels": made["labels"] - start[0]["labels"], "widgets": made["widgets"] - start[0]["widgets"],
        "refreshes": refresh["n"] - start[1]["n"], "refresh_s": refresh["s"] - start[1]["s"],
        "refresh_labels": refresh["labels"] - start[1]["labels"], "most_labels_in_a_refresh": refresh["most"],
        "summary_draws": summary["n"] - start[2]["n"], "summary_s": summary["s"] - start[2]["s"],
        "summary_labels": summary["labels"] - start[2]["labels"],
        "tap_ms_median": statistics.median(taps) * 1000 if taps else 0.0, "taps_timed": len(taps),
        "game_s": game_s,
    }), flush=True)


def measure(root: Path) -> dict[str, Any]:
    res = subprocess.run([sys.executable, __file__, "--child", str(root)], capture_output=True, text=True,
                         timeout=600, cwd=root, env=dict(os.environ, KIVY_HOME=tempfile.mkdtemp(prefix="kivy-")))
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    if res.returncode or not lines:
        raise SystemExit(f"the run on {root} failed:\n{res.stderr[-3000:]}")
    out: dict[str, Any] = json.loads(lines[-1])
    return out


def _line(name: str, now: float, then: float | None, unit: str = "", fmt: str = "{:9.1f}") -> str:
    text = f"{name:42s}{fmt.format(now)} {unit:3s}"
    if then is not None:
        text += f"   before {fmt.format(then)} {unit:3s}   now/before x{now / then:.3f}" if then else ""
    return text


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return 0
    against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else BEFORE
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        return subprocess.call(["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", sys.executable, __file__,
                                *sys.argv[1:]])
    ours: list[dict[str, Any]] = []
    old: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bin-ui-old-") as tmp:
        wt = Path(tmp) / "old"
        if against:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(wt), against], check=True)
        try:
            for _ in range(runs):
                ours.append(measure(ROOT))
                if against:
                    old.append(measure(wt))
        finally:
            if against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)
    a = ours[0]
    b = old[0] if old else None
    print(f"one whole game by touches: {a['inputs']} inputs, last \"{a['last']}\""
          + (f"; before: {b['inputs']} inputs, last \"{b['last']}\"" if b else ""))
    if b and (a["inputs"], a["last"]) != (b["inputs"], b["last"]):
        print("  (the games differ: the screens no longer offer the same choices in the same order)")

    def med(rs: list[dict[str, Any]], key: str, per: str = "") -> float:
        return statistics.median(r[key] / (r[per] or 1) if per else r[key] for r in rs)

    rows = [("labels created per game", "labels", "", "", "{:9.0f}"),
            ("widgets created per game", "widgets", "", "", "{:9.0f}"),
            ("BIN screen refreshes per game", "refreshes", "", "", "{:9.0f}"),
            ("labels created per refresh (mean)", "refresh_labels", "refreshes", "", "{:9.2f}"),
            ("labels created in one refresh (most)", "most_labels_in_a_refresh", "", "", "{:9.0f}"),
            ("time in a refresh (mean)", "refresh_s", "refreshes", "ms", "{:9.3f}"),
            ("turn-summary draws per game", "summary_draws", "", "", "{:9.0f}"),
            ("labels created by the turn summary", "summary_labels", "", "", "{:9.0f}"),
            ("time in a turn-summary draw (mean)", "summary_s", "summary_draws", "ms", "{:9.3f}"),
            ("a tap that commits an input (median)", "tap_ms_median", "", "ms", "{:9.1f}")]
    for name, key, per, unit, fmt in rows:
        scale = 1000.0 if unit == "ms" and key.endswith("_s") else 1.0
        print(_line(name, med(ours, key, per) * scale, med(old, key, per) * scale if old else None, unit, fmt))
    print(f"({runs} run(s) each, medians; the refresh and tap times include no search: the device thinks "
          "off the UI thread)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
