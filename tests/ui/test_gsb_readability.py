"""Goosebumps read from a chair (issue 28): the track shows the stretch around the mover large and
the whole track as a strip; putting a monster right by hand still enlarges every space to a
finger-sized target; and over every state `companion shots --game GSB` renders, the texts of the
pack's own screens are 20 px or more (the issue's aim is 95 % of every text; the status bar and
steps list over them are the shell's, measured by tests/ui/test_readability.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.flows import gsb_pick

# The pack's screens import Kivy's widgets: imported inside the tests, never at collection.


def test_the_stretch_shown_large_holds_the_mover_and_what_a_numbered_card_reaches() -> None:
    """The rulebook's "Play a numbered card ... play a 3, move forward three spaces" (the cards go
    to 6): the mover's space and the six ahead are always in the stretch, and as many other
    monsters as fit with them; near THE END the stretch stops at it."""
    from companion.games.goosebumps.ui.screens.gsb_table import REACH, WINDOW, window

    end = 60
    for focus in range(end + 1):
        for others in ([], [0], [focus + 9], [max(0, focus - 5)], [3, 40, 58]):
            first = window(end, focus, sorted({focus, *[o for o in others if o <= end]}))
            assert 0 <= first <= end + 1 - WINDOW, (focus, others, first)
            assert first <= focus and min(end, focus + REACH) < first + WINDOW, (focus, others, first)
    # A monster five behind the mover is taken in; one twenty behind is not (the strip shows it).
    assert window(end, 20, [15, 20]) <= 15
    assert window(end, 20, [0, 20]) == 18  # two behind the mover, as when alone
    assert window(end, 58, [58]) == end + 1 - WINDOW
    assert window(8, 3, [3]) == 0  # a track shorter than the stretch: all of it


def test_the_track_is_large_while_playing_and_every_space_a_target_when_put_right(harness: Any) -> None:
    from companion.games.goosebumps.ui.screens.gsb_table import WINDOW, TrackCell
    from companion.games.goosebumps.ui.shots import Player, new_game
    from companion.ui.readability import read

    h = harness
    app = h.app
    new_game(h, "hard", players=3, device_at=2)
    c = app.controller
    p = Player(h, seed=3)
    p.play(lambda: c.state.phase.value == "play" and c.state.round >= 2 and not app.summary.shown
           and app.sm.current == "gsb_table" and not app.seat.plays(c.state))
    h.pump(frames=3)
    table = app.screen("gsb_table")
    v = c.view()
    cells = [w for w in table.ids.track.children if isinstance(w, TrackCell)]
    spaces = sorted(int(w.action.split(":")[1]) for w in cells)
    assert len(cells) == WINDOW and spaces == list(range(spaces[0], spaces[0] + WINDOW))
    mover = next(q for q in v["players"] if q["seat"] == v["turn"]["seat"])
    assert spaces[0] <= mover["space"] <= spaces[-1]
    for w in cells:
        r = read(w)
        assert r.px >= 20 and not r.cut and r.contrast_ok, r
    # Every monster's mark on the strip, at 20 px, whole, clear of its chip's edge.
    marks = sorted(str(m.text) for m in table.ids.strip.children)
    on: dict[int, str] = {}
    for q in v["players"]:
        on[q["space"]] = on.get(q["space"], "") + (q["seat"][-1] if q["seat"][-1].isdigit() else q["seat"][0])
    assert marks == sorted(f"[b]{m}[/b]" for m in on.values()), (marks, on)
    for m in table.ids.strip.children:
        r = read(m)
        assert r.px >= 20 and not r.cut and r.contrast_ok, r

    # Put right by hand: the whole track, every space a finger-sized target at 20 px.
    h.tap("fix")
    gsb_pick(h, "Player 1")
    cells = [w for w in table.ids.track.children if isinstance(w, TrackCell)]
    assert len(cells) == v["track"]["end"] + 1
    assert all(not w.disabled and min(w.size) >= 48 and read(w).px >= 20 and not read(w).cut for w in cells)
    far = v["track"]["end"] - 2
    h.tap(f"space:{far}")
    assert c.state.positions[0] == far
    h.pump(frames=3)
    assert len([w for w in table.ids.track.children if isinstance(w, TrackCell)]) == WINDOW
    h.tap("undo")
    h.tap("confirm_ok")


def test_the_packs_own_texts_are_twenty_px_or_more(tmp_path: Path) -> None:
    """Over every shots state: the texts on Goosebumps' screens (not the shell's status bar,
    steps list or tiles) at 20 px or more: 99 % measured on 4 Dec 2026 (28 % of every text before
    the track was redesigned); the few left are the shell's guess mark inside the prompt."""
    from companion.ui.readability import shown_labels, survey

    def screen_of(label: Any) -> str:
        w = label
        while w is not None and w is not w.parent:
            if type(w).__name__.endswith("Screen") and getattr(w, "name", ""):
                return str(w.name)
            w = w.parent
        return ""

    ours: list[tuple[str, Any]] = []

    def each(state: str, got: list[Any]) -> None:
        labels = list(shown_labels())
        assert len(labels) == len(got)
        ours.extend((state, r) for lb, r in zip(labels, got) if screen_of(lb).startswith("gsb_"))

    s = survey("GSB", tmp_path, each)
    assert len(s.states) >= 15 and len(ours) >= 250, (s.states, len(ours))
    small = [f"{st}: {r.px:.0f} px {r.widget} {r.text[:60]!r}" for st, r in ours if r.px < 20 - 0.01]
    share = 1 - len(small) / len(ours)
    assert share >= 0.98, f"{share:.1%} of the pack's texts at 20 px or more:\n" + "\n".join(small)
    # The texts the pack writes itself are never under 20 px; only a shell's mark inside one may be.
    assert all("[size=" in r.text for st, r in ours if r.px < 20 - 0.01), small
