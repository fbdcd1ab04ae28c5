"""Boogeyman's board widgets: the house map, the Apparitions Ladder, the Stress Scale.

Every label here is set at the body size (FONT_BODY, 20 px: issue 28) and steps down towards
FONT_MIN only when its text does not fit its box (a crowded room, a long Stress Scale of a board
file): the house has one column fewer (layout.py) so that a room's number and up to four
children's letters read at the body size."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.boogeyman.ui.layout import Plan
from companion.ui import theme as T
from companion.ui.fit import why_cut
from companion.ui.widgets import FitLabel, fit_font


# ---- the house map ---------------------------------------------------------------------------

class ZoneCell(ButtonBehavior, Label):
    board_label = True  # a board or track label: 16 px is its floor (readability.py)
    zone = StringProperty("")
    info = ObjectProperty(None, allownone=True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.markup = True
        self.font_name = "Body"
        self.halign = "center"
        self.valign = "middle"
        self._laid: tuple[Any, ...] = ()
        self.bind(pos=self.redraw, size=self.redraw, info=self.redraw)

    def redraw(self, *_: Any) -> None:
        i = self.info or {}
        options = self.layouts(i)
        key = (options, tuple(self.size))
        if key != self._laid:
            self._laid = key
            self.text_size = self.size
            self.text, self.font_size = self._largest(options)
        self.canvas.before.clear()
        x, y, w, h = self.x, self.y, self.width, self.height
        with self.canvas.before:
            fill = T.CORRIDOR if i.get("corridor") else (T.DARK_ROOM if i.get("dark") else T.LIGHT_ROOM)
            if i.get("hidden"):
                fill = T.BG
            Color(*fill)
            Rectangle(pos=self.pos, size=self.size)
            if i.get("dark") and not i.get("hidden"):
                Color(*T.hexc("3d3350"))  # hatching: Dark without relying on colour
                step = 10
                for k in range(-int(h), int(w), step):
                    x0, x1 = x + max(k, 0), x + min(k + h, w)
                    if x1 > x0:
                        Line(points=[x0, y + (x0 - x - k), x1, y + (x1 - x - k)], width=1)
            if i.get("movable") or i.get("picked"):
                # lit: a destination of the piece picked up (green), or the picked piece's room
                # (flame): a second frame inside the first, clear of the text (no wash under it:
                # the letters keep their contrast)
                Color(*(T.OK if i.get("movable") else T.ACCENT))
                Line(rectangle=(x + 6, y + 6, w - 12, h - 12), width=1.4)
            border, width = (T.DIM, 1.0)
            if i.get("movable"):
                border, width = (T.OK, 3.0)
            if i.get("active"):
                border, width = (T.ACCENT, 2.6)
            if i.get("picked"):
                border, width = (T.ACCENT, 3.4)
            Color(*border)
            Line(rectangle=(x + 1, y + 1, w - 2, h - 2), width=width,
                 dash_length=4 if i.get("hidden") else 1, dash_offset=4 if i.get("hidden") else 0)
            if i.get("sensed"):
                Color(*T.TEXT)
                Ellipse(pos=(x + w - 13, y + h - 13), size=(9, 9))
            if (i.get("lock") or i.get("attic_locked")) and not i.get("hidden"):
                # A padlock drawn, not a font glyph: readable without colour, in any font.
                Color(*(T.ACCENT if i.get("attic_locked") else T.TEXT))
                bx, by = x + w - 15, y + 4
                Rectangle(pos=(bx, by), size=(11, 8))
                Line(circle=(bx + 5.5, by + 8, 3.6, -90, 90), width=1.4)

    def _largest(self, options: tuple[str, ...]) -> tuple[str, float]:
        """The first way of writing the room that reads whole at the largest font (the body size
        unless the room is crowded; never under FONT_MIN)."""
        best: tuple[str, float] = (options[0], 0.0)
        for text in options:
            self.text = text
            fit_font(self, T.FONT_BODY, T.FONT_MIN)
            size = float(self.font_size) if not why_cut(self) else 0.0
            if size > best[1]:
                best = (text, size)
            if size >= T.FONT_BODY:
                break
        return best[0], best[1] or float(T.FONT_MIN)

    def layouts(self, i: dict[str, Any]) -> tuple[str, ...]:
        """The room's text in two lines, written the ways that may fit: its number and marks
        (Dark, Trap Door) above, the pieces in it below; when the pieces are too many for one line,
        the Babysitter and the Boogeyman join the number's line, or the Trap Door the pieces'."""
        if i.get("hidden"):
            return ("[color=9a8fa3]?[/color]",)
        head = f"[b]{self.zone}[/b]"
        dark = [T.GLYPH_DARK] if i.get("dark") else []
        door = ["TD"] if i.get("trap_door") else []
        kids = "".join(f"[b][color={T.CHILD_COLOURS.get(name, 'ffffff')}]{name[:1].upper()}[/color][/b]"
                       for name in i.get("children", []))
        others = []
        if i.get("babysitter"):
            others.append(f"[color=7b9fd4]{T.GLYPH_SITTER}[/color]")
        if i.get("boogeyman"):
            others.append(f"[color=ff5a4f]{T.GLYPH_SKULL}[/color]")
        pieces = [kids] if kids else []
        n = len(i.get("children", [])) + len(others)

        def text(line1: list[str], line2: list[str], n2: int) -> str:
            second = (" " if n2 < 3 else "").join(line2)  # three or more pieces close up
            return " ".join([head, *line1]) + ("\n" + second if second else "")

        spaced = [f"[b][color={T.CHILD_COLOURS.get(name, 'ffffff')}]{name[:1].upper()}[/color][/b]"
                  for name in i.get("children", [])]
        out = [text(dark + door, spaced + others if n < 3 else pieces + others, n)]
        if others and kids:
            out.append(text(dark + door + ["".join(others)], pieces, 3))
        if door:
            out.append(text(dark, ["TD "] + (pieces + others), 3))
        return tuple(out)


class HouseMap(Widget):
    """The plan with zones as tappable cells; `on_zone` fires with the zone id."""

    __events__ = ("on_zone",)
    plan = ObjectProperty(None, allownone=True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cells: dict[str, ZoneCell] = {}
        self.bind(pos=self._layout, size=self._layout, plan=self._build)

    def on_zone(self, zone: str) -> None:
        pass

    def _build(self, *_: Any) -> None:
        self.clear_widgets()
        self.cells = {}
        plan: Plan | None = self.plan
        if plan is None:
            return
        for zone in plan.cells:
            cell = ZoneCell(zone=zone, font_size=T.FONT_BODY, color=T.TEXT)
            cell.bind(on_press=lambda c: self.dispatch("on_zone", c.zone))
            self.cells[zone] = cell
            self.add_widget(cell)
        self._layout()

    def _rect(self, zone: str) -> tuple[float, float, float, float]:
        plan: Plan = self.plan
        c = plan.cells[zone]
        cw, rh = self.width / plan.cols, self.height / plan.rows
        x = self.x + c.col * cw + 12
        y = self.top - (c.row + 1) * rh + 2
        return x, y, cw - 16, rh - 4  # 4 px between rows: a room stays >= 48 px high at 800x480

    def _layout(self, *_: Any) -> None:
        plan: Plan | None = self.plan
        if plan is None or not self.cells:
            return
        for zone, cell in self.cells.items():
            x, y, w, h = self._rect(zone)
            cell.pos, cell.size = (x, y), (w, h)
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*T.hexc("5a4e66"))
            cols: dict[int, list[str]] = {}
            for z, c in plan.cells.items():
                cols.setdefault(c.col, []).append(z)
            by_zone = plan.cells
            for a, b in plan.edges:
                if a not in by_zone or b not in by_zone:
                    continue
                ca, cb = by_zone[a], by_zone[b]
                ax, ay, aw, ah = self._rect(a)
                bx, by, bw, bh = self._rect(b)
                if ca.col == cb.col and (ca.corridor or cb.corridor):
                    # Corridor to its own rooms: a spine down the left of the column, a stub to each door.
                    room_y = (by + bh / 2) if ca.corridor else (ay + ah / 2)
                    top_y = (ay + ah / 2) if ca.corridor else (by + bh / 2)
                    spine_x = ax - 7
                    Line(points=[spine_x, top_y, spine_x, room_y, spine_x + 7, room_y], width=2)
                else:
                    Line(points=[ax + aw / 2, ay + ah / 2, bx + bw / 2, by + bh / 2], width=1.6)

    def show(self, infos: dict[str, dict[str, Any]]) -> None:
        for zone, cell in self.cells.items():
            cell.info = infos.get(zone, {})


# ---- the Ladder and the Stress Scale ----------------------------------------------------------

class Cell(FitLabel):
    """A small framed label (Ladder space, Stress space), at the body size when it fits."""

    board_label = True  # a board or track label: 16 px is its floor (readability.py)

    fill = ListProperty([0.1, 0.1, 0.1, 1])
    frame = ListProperty([0.4, 0.4, 0.4, 1])
    hatch = BooleanProperty(False)


class LadderView(BoxLayout):
    """The Apparitions Ladder: face-down tokens ('?', hatched), revealed rooms, Event spaces (★)."""

    slots = ListProperty([])
    spaces = NumericProperty(10)
    event_spaces = ListProperty([])

    def on_slots(self, *_: Any) -> None:
        grid = self.ids.grid
        if len(grid.children) != self.spaces:  # built once; later refreshes only change the cells
            grid.clear_widgets()
            for _ in range(self.spaces):
                grid.add_widget(Cell())
        for i, c in enumerate(reversed(grid.children)):
            slot = self.slots[i] if i < len(self.slots) else None
            c.text = ladder_text(slot, i + 1, (i + 1) in self.event_spaces)
            c.hatch = slot is not None and not slot.get("face_up")
            c.fill = [0.1, 0.1, 0.1, 1]
            c.frame = list(T.DANGER) if slot is not None and slot.get("face_up") else [0.4, 0.4, 0.4, 1]
            if i == len(self.slots) - 1:
                c.frame = list(T.ACCENT)  # the newest token: where it is hiding now


class StressView(BoxLayout):
    """Two tracks, 0..top; Trouble spaces carry '!' and the token position a glyph and a number."""

    boogeyman = NumericProperty(0)
    babysitter = NumericProperty(0)
    top = NumericProperty(8)
    trouble = ListProperty([])

    def refresh(self) -> None:
        for name, value, glyph in (("boog", self.boogeyman, T.GLYPH_SKULL), ("sitr", self.babysitter, T.GLYPH_SITTER)):
            row = self.ids[name]
            if len(row.children) != self.top + 1:
                row.clear_widgets()
                for _ in range(self.top + 1):
                    row.add_widget(Cell())
            for k, c in enumerate(reversed(row.children)):
                mark = glyph if k == value else (T.GLYPH_TROUBLE if k in self.trouble else str(k))
                # the token: dark on its bright fill (WCAG 4.5:1 or more); the other spaces light on dark
                c.text = f"[b][color=0d0b10]{mark}[/color][/b]" if k == value else f"[color=a89cb0]{mark}[/color]"
                c.fill = list(T.DANGER if name == "boog" else T.INFO) if k == value else [0.1, 0.1, 0.1, 1]
                c.frame = list(T.ACCENT) if k in self.trouble and k != value else [0.4, 0.4, 0.4, 1]
                c.hatch = k == self.top


def ladder_text(slot: dict[str, Any] | None, index: int, event_space: bool = False) -> str:
    event = f"[color=e8a23a]{T.GLYPH_EVENT}[/color]" if event_space else ""
    if slot is None:
        return f"[color=9a8fa3]{index}[/color]{event}"
    if slot.get("room") is None:
        return f"[b]?[/b]{event}"
    if slot.get("face_up"):
        return f"[b][color=ff5a4f]{slot['room']}[/color][/b]{event}"
    return f"[b][color=a89cb0]({slot['room']})[/color][/b]{event}"  # hidden, seen by the Boogeyman only
