"""UI start-up and memory: time from `exec` to the first frame of the table view with a resumed
game, and resident memory after driving turns, against a bare Kivy app in the same run, and
against an older revision of the companion run now from a temporary git worktree.

    .venv/bin/python benchmarks/ui_startup.py [--against REV]   (re-runs itself under xvfb-run)

Targets (issue 5): start-up < 3 s, RSS during play < 250 MB; (issue 10) start and RSS no worse
than before the game packs (`--against 469e806`, the last revision before them). Not part of
the test suite.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 3


def rss_mb() -> tuple[float, float]:
    vals = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        k, _, v = line.partition(":")
        if k in ("VmRSS", "VmHWM"):
            vals[k] = int(v.split()[0]) / 1024
    return vals.get("VmRSS", 0.0), vals.get("VmHWM", 0.0)


def child_bare(t0: float) -> None:
    os.environ["KIVY_NO_ARGS"] = "1"
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label

    class Bare(App):
        def build(self) -> Label:
            Clock.schedule_once(self.first, 0)
            return Label(text="bare")

        def first(self, dt: float) -> None:
            print(json.dumps({"startup": time.time() - t0, "rss": rss_mb()[0]}), flush=True)
            self.stop()

    Bare().run()


def child_app(t0: float, data: str) -> None:
    sys.path.insert(0, str(ROOT))
    from companion.ui.commands import configure_kivy

    configure_kivy(False)
    from kivy.clock import Clock

    from companion.ui.app import CompanionApp

    app = CompanionApp(Path(data) / "journal.sqlite", Path(data), camera="none", resume=True)
    out: dict[str, float] = {}

    def first(dt: float) -> None:
        assert app.sm.current in ("table", "roll", "scan", "boogeyman", "finale"), app.sm.current
        out["startup"] = time.time() - t0
        out["rss_start"] = rss_mb()[0]
        Clock.schedule_once(play, 0)

    def play(dt: float) -> None:
        # Drive turns through the app (every submit refreshes the table screen, as at the table).
        rnd = random.Random(2)
        c = app.controller
        t = time.perf_counter()
        n = 0
        while n < 150 and not c.session.finished:  # type: ignore[union-attr]
            legal = [i for i in c.legal() if type(i).__name__ not in ("StartFinale", "MissionComplete", "FinaleOutcome")]
            if not legal:
                break
            app.submit(rnd.choice(legal))
            n += 1
        out["inputs"] = n
        out["ms_per_input"] = (time.perf_counter() - t) * 1000 / max(n, 1)
        out["rss_play"], out["rss_peak"] = rss_mb()
        print(json.dumps(out), flush=True)
        app.stop()

    app.bind(on_start=lambda *_: Clock.schedule_once(first, 0))
    app.run()


def prepare(data: Path) -> None:
    """A journal with an unfinished game a few rounds in, as the kiosk finds it after a reboot."""
    sys.path.insert(0, str(ROOT))
    from companion.games.boogeyman.state import Options
    from companion.ui.controller import GameController

    c = GameController(data / "journal.sqlite")
    c.new_game("BGM", Options(children=("mike", "daphne", "ray")), seed=11)
    rnd = random.Random(1)
    for _ in range(60):
        legal = [i for i in c.legal() if type(i).__name__ not in ("StartFinale", "MissionComplete", "FinaleOutcome")]
        c.submit(rnd.choice(legal))
    c.close()


def measure(kind: str, data: Path, script: str = __file__) -> dict[str, float]:
    env = dict(os.environ, KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1", KIVY_HOME=str(data / "kivy"),
               COMPANION_DATA_DIR=str(data))
    t0 = time.time()
    res = subprocess.run([sys.executable, script, "--child", kind, str(t0), str(data)], env=env,
                         capture_output=True, text=True, timeout=120)
    lines = [ln for ln in res.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        raise SystemExit(f"{kind} run failed:\n{res.stderr[-2000:]}")
    return json.loads(lines[-1])


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        kind, t0, data = sys.argv[2], float(sys.argv[3]), sys.argv[4]
        child_bare(t0) if kind == "bare" else child_app(t0, data)
        return 0
    against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else ""
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        return subprocess.call(["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", sys.executable, __file__,
                                *sys.argv[1:]])
    old: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="ui-bench-") as tmp:
        data = Path(tmp)
        prepare(data)
        wt = data / "old"
        if against:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(wt), against], check=True)
        try:
            bare, ours = [], []
            for _ in range(RUNS):  # interleaved, so a change in the machine's load hits both alike
                bare.append(measure("bare", data))
                ours.append(measure("app", data))
                if against:
                    old.append(measure("app", data, str(wt / "benchmarks" / "ui_startup.py")))
        finally:
            if against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=False)
    b = statistics.median(r["startup"] for r in bare)
    a = statistics.median(r["startup"] for r in ours)
    rss = max(r["rss_peak"] for r in ours)
    print(f"bare Kivy app, exec to first frame:        {b:6.2f} s  (RSS {statistics.median(r['rss'] for r in bare):.0f} MB)")
    print(f"companion, exec to first table frame:      {a:6.2f} s  (x{a / b:.2f} the bare app; target < 3 s)")
    print(f"companion RSS after start / after play:    {statistics.median(r['rss_start'] for r in ours):.0f} MB / "
          f"{statistics.median(r['rss_play'] for r in ours):.0f} MB, peak {rss:.0f} MB (target < 250 MB)")
    print(f"inputs driven through the UI per run:      {ours[0]['inputs']:.0f}, "
          f"{statistics.median(r['ms_per_input'] for r in ours):.1f} ms each incl. legal moves and redraw")
    ok = a < 3.0 and rss < 250
    if old:
        oa = statistics.median(r["startup"] for r in old)
        orss = max(r["rss_peak"] for r in old)
        print(f"revision {against}, exec to first table frame: {oa:6.2f} s, peak RSS {orss:.0f} MB; "
              f"now/then: start x{a / oa:.2f}, peak RSS x{rss / orss:.2f}")
    print("OK" if ok else "OVER TARGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
