"""Bump in the Night at Settings -> Large text (issue 28: every text 25 % larger, none cut, 95 % of
texts at 20 px or more at both sizes). The house keeps its rooms' words at 20 px (the normal body
size) where they stepped down to 16 px, and a locked door whose room names do not fit the panel
beside the house at 25 px is counted ("1 door locked"; it is red and barred on the house), never a
word broken across lines. The rulebook's Step 1 (BIN-26): "Place or remove a locked marker" on a door.
The whole-game survey at Large text is tests/ui/test_readability.py (LARGE_SHARE20)."""

from __future__ import annotations

from typing import Any

from tests.ui.test_bin_board import start_two_people, until


# The module's app starts with Large text on (tests/ui/conftest.py `app_harness`).
APP_SETTINGS = {"large_text": True}


def test_at_large_text_the_rooms_read_at_20_px_and_a_long_locked_door_is_counted(harness: Any) -> None:
    from companion.games.bump_in_the_night.ui.widgets import RoomLabel
    from companion.ui import theme as T
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    assert app.text_scale == T.LARGE and T.FONT_BODY == 25
    start_two_people(h)

    def step1() -> bool:
        s = app.controller.state
        return (app.sm.current == "bin_table" and not app.summary.shown and s.phase.value == "play"
                and s.turn.step == 1 and not s.pending)

    until(h, step1, prefer=("deal",))
    screen = app.screen("bin_table")
    h.tap("group:lock")
    h.tap("room:conservatory")
    h.tap("room:study")
    assert app.controller.state.locks == frozenset({"conservatory/study"})
    h.pump(frames=3)
    rooms = [w for w in screen.ids.house.children if isinstance(w, RoomLabel)]
    assert len(rooms) == len(screen.ids.house.rooms) >= 15
    small = [(r.room_id, r.font_size) for r in rooms if r.font_size < 20]
    assert not small, small  # they were 16 px at Large text before 5 Dec 2026
    cut = [(r.room_id, why_cut(r)) for r in rooms if why_cut(r)]
    assert not cut, cut
    locks = screen.ids.locks
    # "Conservatory" at 25 px is wider than the panel beside the 640 px house: the count, whole.
    assert locks.width < 180 and locks.text == "1 door locked (red, barred)", (locks.width, locks.text)
    assert locks.font_size == T.FONT_BODY and not why_cut(locks)
