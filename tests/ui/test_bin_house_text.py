"""Bump in the Night's house read from a chair (issue 28): the rooms' words are 20 px (the theme's
FONT_BODY) when the house holds them, each monster is a chip in its player's colour with its kind's
letters, and a crowded room makes its words more compact (two girls "2●", running girls counted by
terror, one chip for a player's monsters) before it sets them smaller (never under 16 px). The rulebook's Parts List: monsters in six colours, 14 girls; Scared People Movement Rules
(BIN-52): each running girl's terror shows where she stands."""

from __future__ import annotations

import copy
from typing import Any

from companion.games.bump_in_the_night.context import ctx_for
from companion.ui import theme as T

from tests.ui.test_bin_board import start_two_people


def _at_the_chart(h: Any) -> None:
    """Red and Yellow, both people, the die's faces open for the chart: above the house, who
    starts (two lines). Before the faces open, the set-up's words stand there too and the empty
    house is lower; pieces come on it only after the chart."""
    start_two_people(h)
    h.tap("group:roll")  # (a new game's screen opens no list: the last game's die list is gone)
    h.pump(frames=3)
    assert h.visible("choice:1") and "Set-up" not in h.app.screen("bin_table").ids.notices.text


def _chips(house: Any) -> list[Any]:
    from companion.games.bump_in_the_night.ui.widgets import MonsterChip

    return [w for w in house.children if isinstance(w, MonsterChip)]


def test_every_room_reads_at_20_px_with_its_monsters_as_chips(harness: Any) -> None:
    from companion.games.bump_in_the_night.ui.widgets import SEAT_COLOURS
    from companion.ui.fit import why_cut
    from companion.ui.readability import contrast

    h = harness
    app = h.app
    _at_the_chart(h)
    c = app.controller
    house = app.screen("bin_table").ids.house
    v = copy.deepcopy(c.view())
    # A monster in every room: Red's Cat where the room's index is even, else Yellow's Ghost.
    for i, r in enumerate(v["rooms"]):
        r["unmoved"], r["moved"] = 0, 0
        r["monsters"] = ["red/cat"] if i % 2 == 0 else ["yellow/ghost"]
    house.show(v, ctx_for(c.state.options).house, {})
    h.pump(frames=3)
    rooms = list(house.rooms.values())
    assert len(rooms) == len(v["rooms"]) and not [lbl.room_id for lbl in rooms if why_cut(lbl)]
    # A room whose name has a line of its own reads at 20 px; one whose name takes two lines of a
    # narrow column (the Back Hall) and a chip beside them may step down, never under 16 px.
    one_line = [lbl for lbl in rooms if lbl.room_id != "back_hall"]
    assert len(one_line) >= 12
    assert all(lbl.font_size >= T.FONT_BODY for lbl in one_line), [(lbl.room_id, lbl.font_size) for lbl in one_line]
    assert all(lbl.font_size >= T.FONT_MIN for lbl in rooms)
    chips = _chips(house)
    assert len(chips) == len(rooms)
    kinds = {r["id"]: "Ca" if i % 2 == 0 else "Gh" for i, r in enumerate(v["rooms"])}
    for chip in chips:
        room = next(lbl for lbl in rooms if lbl.collide_point(*chip.center))  # it lies in its room
        kind = kinds[room.room_id]
        assert chip.text == kind and chip.font_size == room.font_size >= T.FONT_MIN and chip.bold
        colour = "red" if kind == "Ca" else "yellow"
        assert list(chip.fill) == list(T.hexc(SEAT_COLOURS[colour]))
        assert contrast(chip.color, chip.fill) >= 4.5
    # The owner shows twice: the colour, and the shape (Red, first at the table: square corners).
    assert {chip.radius for chip in chips if chip.text == "Ca"} == {3}
    assert all(chip.radius > 3 for chip in chips if chip.text == "Gh")
    # Three girls in every room (a group of the Group Creation Chart): "3●" beside the name or below it.
    for r in v["rooms"]:
        r["unmoved"], r["monsters"] = 3, []
    house.show(v, ctx_for(c.state.options).house, {})
    h.pump(frames=3)
    assert all(lbl.font_size >= T.FONT_BODY and not why_cut(lbl) and "3\u25cf" in lbl.text for lbl in rooms)
    assert not _chips(house)


def test_a_crowded_room_gets_compact_before_it_gets_small(harness: Any) -> None:
    from companion.ui.fit import why_cut

    h = harness
    app = h.app
    _at_the_chart(h)
    c = app.controller
    house = app.screen("bin_table").ids.house
    v = copy.deepcopy(c.view())
    for r in v["rooms"]:
        r["unmoved"], r["moved"], r["monsters"] = 0, 0, []
    # The Study (one row, one narrow column): three girls running at terror 1.
    # The Library (one narrow column): Yellow's Goblin and Poltergeist.
    next(r for r in v["rooms"] if r["id"] == "library").update(monsters=["yellow/goblin", "yellow/poltergeist"])
    v["running"] = {"room": "study", "free": 0,
                    "runners": [{"room": "study", "terror": 1, "visited": []} for _ in range(3)]}
    house.show(v, ctx_for(c.state.options).house, {})
    h.pump(frames=3)
    study, library = house.rooms["study"], house.rooms["library"]
    # One by one ("\u25c91 \u25c91 \u25c91") they would take a third line: counted, the room reads at 20 px.
    assert "3\u00d7\u25c91" in study.text and "\u25c91 " not in study.text
    # Two chips side by side would not fit the Library: Yellow's two share one, at 20 px.
    assert library.chip_groups == [["yellow/goblin", "yellow/poltergeist"]]
    chips = _chips(house)
    assert [w.text for w in chips] == ["Go Po"] and library.collide_point(*chips[0].center)
    assert chips[0].font_size == T.FONT_BODY
    assert all(not why_cut(r) and r.font_size >= T.FONT_BODY for r in house.rooms.values()), \
        [(k, r.font_size, why_cut(r)) for k, r in house.rooms.items() if why_cut(r) or r.font_size < T.FONT_BODY]
