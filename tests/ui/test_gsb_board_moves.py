"""Goosebumps: a monster the table moved by hand is put right on the track, by touches at the
spaces' places on the screen (issue 25, "Moves on the board"): "Move a monster", a tap on the
monster's space, then on a lit space; an unlit space is refused with the rule, nothing changes."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from tests.ui.test_gsb_game import labels


def lit_spaces(table: Any) -> set[int]:
    return {int(w.action.split(":")[1]) for w in table.cells if w.lit}


def test_a_monster_is_put_right_by_a_tap_on_its_space_then_a_lit_space(harness: Any) -> None:
    """GSB-17: only Landmarks are shared; a monster stands on a free space or a Landmark. The lit
    spaces are exactly those the rules accept for it (START to the space before THE END)."""
    from companion.games.goosebumps.ui.shots import Player, new_game

    h = harness
    app = h.app
    new_game(h, "hard")
    c = app.controller
    p = Player(h, seed=1)
    p.play(lambda: c.state.phase.value == "play" and c.view()["waiting"].get("seat") == "Player 1"
           and c.view()["waiting"].get("kind") == "play" and c.state.positions[1] > 0 and not app.summary.shown
           and c.state.positions[1] not in c.view()["track"]["landmarks"])
    table = app.screen("gsb_table")
    mine, theirs = c.state.positions
    assert mine != theirs
    before, done = c.state, len(labels(app))

    # "Move a monster": the whole track, no list of players; nothing lit until a monster is picked.
    h.tap("fix")
    assert table.mode == "fix_who" and not lit_spaces(table)
    assert not [w for w in table.ids.choices.children if str(getattr(w, "action", "")).startswith("fix:")]

    # A space with no monster: refused with what to tap, nothing changes.
    empty = next(k for k in range(1, 20) if k not in (mine, theirs))
    h.tap(f"space:{empty}")
    assert app.toaster.shown and "No monster stands there" in app.toaster.text
    assert c.state is before and table.mode == "fix_who"
    app.toaster.hide()

    # Player 1's space: picked up; lit exactly the spaces the reducer accepts for it.
    h.tap(f"space:{mine}")
    assert table.mode == "fix_where" and table.fixing == "Player 1"
    assert table.cells[mine].picked
    accepted = set()
    for k in range(int(c.view()["track"]["end"]) + 1):
        try:
            c.rules.apply(c.state, I.Place("Player 1", k))
        except IllegalInput:
            continue
        accepted.add(k)
    assert lit_spaces(table) == accepted and theirs not in accepted  # not the Device's (no Landmark)
    assert int(c.view()["track"]["end"]) not in accepted

    # The Device's space, unlit: refused by the rule, nothing changes, still picked up.
    h.tap(f"space:{theirs}")
    assert app.toaster.shown and "only Landmarks are shared" in app.toaster.text
    assert c.state is before and len(labels(app)) == done and table.fixing == "Player 1"
    app.toaster.hide()

    # Its own space again: put back; then picked again and put on a lit space.
    h.tap(f"space:{mine}")
    assert table.mode == "fix_who" and not lit_spaces(table) and c.state is before
    h.tap(f"space:{mine}")
    dst = next(k for k in sorted(accepted) if k != mine)
    h.tap(f"space:{dst}")
    assert c.state.positions[0] == dst and table.mode == "play"
    assert labels(app)[-1] == f"Player 1's monster put on space {dst} by hand" and len(labels(app)) == done + 1
    assert c.session.inputs[-1] == I.Place("Player 1", dst)
