"""Every screen is reachable from the UI, and the player-run Boogeyman's choices work by taps."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.boogeyman.state import Phase, PlayFinale
from companion.ui.screens import SCREENS
from tests.ui.test_game import drive_to, start_game


def test_every_screen_is_reachable(harness: Any) -> None:
    h = harness
    app = h.app
    seen = {app.sm.current}

    def go(action: str) -> None:
        h.tap(action)
        seen.add(app.sm.current)

    go("settings")
    assert app.sm.current == "settings"
    go("calibrate")
    assert "piece" in app.screen("calibrate").ids.prompt.text.lower()
    go("back")
    go("back")
    assert app.sm.current == "choose"
    start_game(h)
    seen.update({"setup", "table"})
    go("scan")                # a Search card to play on one's own turn
    assert app.sm.current == "scan"
    go("table")
    go("menu")
    assert app.sm.current == "journal"
    go("table")
    # A sensor disagreement: the Fix button leads to the mismatch screen.
    app.fix_text = "Move the Babysitter from Room 10 to corridor C2"
    app.screen("table").refresh()
    go("fix")
    assert app.sm.current == "mismatch"
    assert "Babysitter" in app.screen("mismatch").ids.heading.text
    go("ignore")
    drive_to(h, lambda st: bool(st.pending) and type(st.pending[0]).__name__ == "NeedRoll", seed=3)
    seen.add(app.sm.current)
    drive_to(h, lambda st: bool(st.pending) and type(st.pending[0]).__name__ == "DrawCard", seed=4)
    seen.add(app.sm.current)
    h.tap(f"pick:BGM:{app.controller.state.pending[0].deck}:01")
    seen.add(app.sm.current)  # an unknown card: the form
    h.tap("cancel")
    # The Finale needs a whole game; put a Finale state in front of the session (test only).
    c = app.controller
    c.session._states.append(replace(c.state, phase=Phase.FINALE, pending=(PlayFinale(),), finale_room="14",
                                     leader="mike", finale_number=9, finale_children=("mike",)))
    c._changed()
    assert app.sm.current == "finale"
    seen.add("finale")
    h.tap("won")
    assert "survive" in h.prompt()
    h.tap("new")
    assert app.sm.current == "choose"
    # Competitive: the Boogeyman player hides the Objectives on its private screen.
    start_game(h, mode="competitive", kids=("peter", "leila"))
    assert app.sm.current == "boogeyman"
    seen.add("boogeyman")
    b = app.screen("boogeyman")
    assert b.ids.cover.opacity == 1
    h.tap("reveal")
    for z in ("3", "12", "23"):
        h.tap(f"room:{z}")
    h.tap("confirm")
    h.tap("room:7")
    h.tap("confirm")
    h.tap("room:16")
    h.tap("confirm")
    assert app.sm.current == "table"
    assert h.prompt() == "Peter: 3 Actions left"
    assert set(SCREENS) <= seen, set(SCREENS) - seen
