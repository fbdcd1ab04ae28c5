"""`companion board-sim` beside the app (docs/ui.md): the real command on a pty, the shipped zone
map, and the app opening that port. The pieces placed and moved by hand reach the game."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from companion.games.boogeyman.houses import house_for
from companion.sensors.calibration import load_map
from tests.ui.flows import start_game

ROOT = Path(__file__).resolve().parents[2]
ZONE_MAP = ROOT / "companion" / "games" / "boogeyman" / "data" / "board_sim_zone_map.toml"


def test_the_shipped_zone_map_names_every_zone_of_the_board_once() -> None:
    house = house_for("")
    zmap = load_map(ZONE_MAP, zones=house.zones)  # every entry is a zone of the board file
    assert sorted(zmap.channels.values()) == sorted(house.zones)


def _board_sim(tmp_path: Path) -> tuple[Any, Path]:
    """`companion board-sim` on a pty in `tmp_path`, once its port is there: (the process, the port)."""
    link = tmp_path / "ttyBOARD"
    sim = subprocess.Popen([sys.executable, "-m", "companion", "board-sim", "--map", str(ZONE_MAP),
                            "--link", str(link)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    assert sim.stdout is not None and sim.stdin is not None
    sim.stdout.readline()  # the port it serves
    deadline = time.monotonic() + 20
    while not link.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    os.environ["COMPANION_DATA_DIR"] = str(tmp_path)
    return sim, link


def _stop(sim: Any, h: Any) -> None:
    if h is not None:
        h.close()
    if sim.stdin is not None:
        sim.stdin.close()
    sim.terminate()
    sim.wait(10)


def test_a_mat_that_settles_during_set_up_is_checked_on_the_table(tmp_path: Path) -> None:
    # The children and the Babysitter are put on the mat while the set-up steps are read out. The
    # mat settles on the set-up screen, where a settled change is not played; the fix it asks for
    # must still follow it, so the table screen asks for nothing (it kept "corridor C1" before).
    from companion.ui.harness import Harness

    sim, link = _board_sim(tmp_path)
    h: Any = None
    try:
        def say(command: str) -> None:
            sim.stdin.write(command + "\n")
            sim.stdin.flush()

        h = Harness(tmp_path, camera="none", port=str(link), zone_map=str(ZONE_MAP), draw=False)
        app = h.app
        assert h.until(lambda: app.sensors.state == "ok" and app.sensors.occupied is not None, 30), app.sensors.label
        h.choose_game("boogeyman")
        h.tap("mode:coop")
        h.tap("difficulty:normal")
        h.tap("next")
        for k in ("mike", "daphne"):
            h.tap(f"child:{k}")
        h.tap("next")
        assert app.sm.current == "setup" and "corridor C1" in app.fix_text
        say("place C1")   # both children
        say("place 10")   # the Babysitter
        assert h.until(lambda: {"C1", "10"} <= (app.sensors.occupied or set()), 30), app.sensors.occupied
        h.pump(frames=3)
        assert app.sm.current == "setup"
        for _ in app.screen("setup").steps:
            h.tap("next")
        assert app.sm.current != "setup" and app.fix_text == "", app.fix_text
    finally:
        _stop(sim, h)


def test_board_sim_beside_the_app(tmp_path: Path) -> None:
    from companion.ui.harness import Harness

    sim, link = _board_sim(tmp_path)
    h: Any = None
    # (the waits are upper bounds, generous for a loaded machine: the sim is a second process)
    try:
        def say(command: str) -> None:
            sim.stdin.write(command + "\n")
            sim.stdin.flush()

        h = Harness(tmp_path, camera="none", port=str(link), zone_map=str(ZONE_MAP), draw=False)
        app = h.app
        assert h.until(lambda: app.sensors.state == "ok", 30), app.sensors.label
        assert app.sensors.label == f"Sensors: ok ({link})"
        start_game(h)
        # A real board (not the virtual one): the pieces are not there yet, and it says so.
        assert h.until(lambda: "corridor C1" in app.fix_text, 30), app.fix_text
        say("place C1")   # both children
        say("place 10")   # the Babysitter
        assert h.until(lambda: app.fix_text == "", 30), app.fix_text
        say("place 1")    # Mike steps into Room 1 (Daphne stays in C1)
        assert h.until(lambda: app.controller.state.child("mike").zone == "1", 30), app.fix_text
        assert app.controller.history()[0][-1] == "Mike moved to Room 1"
        # A piece where the game has none is a fix to show, never an input to play.
        said: list[str] = []
        shown = app.toast
        app.toast = lambda message, *a, **k: (said.append(message), shown(message, *a, **k))
        done = len(app.controller.history()[0])
        say("place 14")
        assert h.until(lambda: "Room 14" in app.fix_text, 30), app.fix_text
        assert len(app.controller.history()[0]) == done and said == [], said
        say("lift 14")
        assert h.until(lambda: app.fix_text == "", 30), app.fix_text
    finally:
        _stop(sim, h)
