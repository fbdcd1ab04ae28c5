"""Boogeyman's own screens read from a chair (issue 28): every text its screens and board widgets
show is at the body size (20 px) in every state `companion shots --game BGM` renders, with nothing
the table needs left out (every room's number, both Stress Scale tracks digit by digit, the
Ladder's spaces); and a crowded room steps its font down only as far as it must (never under
16 px), never cut. The share over all BGM texts, the shell's included, is checked in
test_readability.py (SHARE20)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_TAG = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")


def _plain(text: str) -> str:
    return _TAG.sub("", text)


def _pack_owned(label: Any) -> bool:
    """The label is one of the Boogeyman pack's widgets or lies in one of its screens."""
    w = label
    while w is not None and w is not getattr(w, "parent", None):
        if type(w).__module__.startswith("companion.games.boogeyman"):
            return True
        w = getattr(w, "parent", None)
    return False


def test_every_text_of_the_boogeyman_screens_is_at_the_body_size(tmp_path: Path) -> None:
    from kivy.app import App

    from companion.games.boogeyman.houses import house_for
    from companion.games.boogeyman.ui.widgets import Cell, ZoneCell
    from companion.ui.readability import Reading, read, shown_labels, survey

    own: list[tuple[str, Reading]] = []
    table: dict[str, list[Any]] = {}

    def each(state: str, _: Any) -> None:
        for label in shown_labels():
            if _pack_owned(label):
                own.append((state, read(label)))
        if state == "05_table":
            ids = App.get_running_app().screen("table").ids
            table["rooms"] = list(ids.map.cells.values())
            table["ladder"] = list(reversed(ids.ladder.ids.grid.children))
            table["boog"] = list(reversed(ids.stress.ids.boog.children))
            table["sitr"] = list(reversed(ids.stress.ids.sitr.children))

    s = survey("BGM", tmp_path, each)
    assert len(s.states) >= 20 and len(own) >= 300, (s.states, len(own))
    small = [f"{st}: {r.px:.0f} px {r.widget} {r.text[:60]!r}" for st, r in own if r.px < 20 - 0.01]
    assert not small, "Boogeyman texts under 20 px:\n" + "\n".join(small)
    cut = [f"{st}: {r.cut}: {r.widget} {r.text[:60]!r}" for st, r in own if r.cut]
    assert not cut, "Boogeyman texts cut:\n" + "\n".join(cut)

    # Nothing the table needs has left the table screen: every zone's number (the Secret Room
    # shows "?" until it is found), the Ladder's spaces, both Stress Scale tracks space by space.
    house = house_for("")
    rooms = {c.zone: _plain(str(c.text)).split()[0] for c in table["rooms"] if isinstance(c, ZoneCell)}
    assert set(rooms) == set(house.zones)
    assert all(rooms[z] == z for z in house.zones if z != house.secret_room), rooms
    assert len(table["ladder"]) == house.ladder_spaces
    assert all(_plain(str(c.text)).strip() for c in table["ladder"])
    for row in ("boog", "sitr"):
        marks = [_plain(str(c.text)) for c in table[row] if isinstance(c, Cell)]  # left to right: 0 .. top
        assert len(marks) == house.stress_top + 1, marks
        assert all(m == str(k) or m in ("!", "\u2620", "\u25a0") for k, m in enumerate(marks)), marks
        assert all(float(c.font_size) >= 20 for c in table[row])


def test_a_crowded_room_steps_down_only_as_far_as_it_must() -> None:
    """The house as the table screen lays it out (471 x 316 px at 800 x 480): four children in a
    room read at 20 px; six with the Babysitter and the Boogeyman (the start corridor) step down
    but read whole at 16 px or more; a room stays a touch target of 48 px or more."""
    from kivy.core.window import Window

    from companion.games.boogeyman.houses import house_for
    from companion.games.boogeyman.ui.layout import plan
    from companion.games.boogeyman.ui.widgets import HouseMap
    from companion.ui import theme as T
    from companion.ui.fit import why_cut

    T.register_fonts()
    m = HouseMap(size_hint=(None, None), size=(471, 316), pos=(0, 0))
    Window.add_widget(m)
    try:
        m.plan = plan(house_for(""))
        six = ["peter", "ray", "daphne", "mike", "leila", "tommy"]
        m.show({"C1": {"children": six, "babysitter": True, "boogeyman": True},
                "1": {"children": six[:4]},
                "3": {"children": six[:2], "babysitter": True, "boogeyman": True},
                "12": {"dark": True, "trap_door": True, "children": six[:3]}})
        got = {z: (float(m.cells[z].font_size), why_cut(m.cells[z]), _plain(str(m.cells[z].text)))
               for z in ("C1", "1", "3", "12", "4")}
        assert all(cut == "" for _, cut, _ in got.values()), got
        assert got["1"][0] == T.FONT_BODY and got["1"][2] == "1\nPRDM"
        assert got["3"][0] == T.FONT_BODY and got["4"][0] == T.FONT_BODY
        assert T.FONT_MIN <= got["C1"][0] < T.FONT_BODY
        assert "PRDMLT" in got["C1"][2] and "\u25a0" in got["C1"][2] and "\u2620" in got["C1"][2]
        assert T.FONT_MIN <= got["12"][0] and "TD" in got["12"][2] and "PRD" in got["12"][2]
        assert all(c.width >= 48 and c.height >= 48 for c in m.cells.values())
        # The Secret Room has no passage: it sits under the shortest column, with no line to it.
        p = m.plan
        assert p.cols == 5 and p.cells[house_for("").secret_room].row == p.rows - 1
    finally:
        Window.remove_widget(m)
