"""The house as the table's observation shows it (its rooms where they lie, the doors between them,
girls, monsters and Scare symbols; rooms lit for a move made on the board), and the two-level list
of choices (what, then which) both play screens use for what has no place on the board."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from typing import Any, Callable, NamedTuple, Sequence

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.bump_in_the_night.choices import Choice, Group
from companion.ui import theme as T
from companion.i18n import pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown
from companion.ui.fit import why_cut
from companion.ui.widgets import BigButton, FitLabel

# One colour per player, always shown with the colour's initial (colour is never the only signal).
# (Red is ff8077: at least 5:1 on every room fill, a lit room's too; ff6b5e was 4.4:1 there.)
SEAT_COLOURS = {"red": "ff8077", "yellow": "ffd166", "mustard": "d9a93a", "green": "7fd06a", "blue": "7fb0ff",
                "black": "c8c0d0"}
KIND_LETTERS = {"cat": "Ca", "bat": "Ba", "goblin": "Go", "poltergeist": "Po", "ghost": "Gh", "specter": "Sp"}


def colour_words(colour: str) -> str:
    return f"[color={SEAT_COLOURS.get(colour, 'ffffff')}][b]{said(colour.capitalize())}[/b][/color]"


def monster_mark(ref: str) -> str:
    colour, _, kind = ref.partition("/")
    return f"[color={SEAT_COLOURS.get(colour, 'ffffff')}]{colour[:1].upper()}\u00b7{KIND_LETTERS.get(kind, kind)}[/color]"


CHIP_INK = T.hexc("16121b")  # a chip's letters: dark on the player's colour (7:1 or more on each)
CHIP_PAD = 3  # px each side of a chip's letters
NBSP = "\u00a0"


class MonsterChip(Label):
    """A monster on the house: a chip in its player's colour with its kind's letters ("Gh" the
    Ghost), 20 px bold, dark on the colour. The player shows twice, never by colour alone: the
    colour, and the chip's shape, square-cornered for the first, third and fifth colours at the
    table and round-ended for the others (the scores line under the house names the colours in
    seat order). It lies over a space its room's words keep free for it, so the room's words and
    its chips wrap together; it takes no touch (a tap goes through to the room)."""

    board_label = True  # a board label (readability.py)

    fill = ListProperty([1.0, 1.0, 1.0, 1.0])
    ink = ListProperty(list(CHIP_INK))
    radius = NumericProperty(0)


def chip_words(refs: Sequence[str]) -> str:
    """A chip's letters: its monsters' kinds ("Go Po"), all of one player."""
    return " ".join(KIND_LETTERS.get(ref.partition("/")[2], ref.partition("/")[2]) for ref in refs)


def chip_space(words: str, px: int, k: int) -> str:
    """The room's words keep a chip's room: no-break spaces as wide as the chip, marked as a
    reference so its place is known once the words are laid out."""
    n = math.ceil((text_width(words, px, bold=True) + 2 * CHIP_PAD) / max(1.0, text_width(NBSP, px)))
    return f"[ref=m{k}]{NBSP * n}[/ref]"


class RoomLabel(FitLabel):
    """A room of the house: its name, Scare symbols, girls and monsters. It takes a tap only when
    a piece in it may move (`mark` "from"), when it is a lit destination ("to"), or when it holds
    the piece picked ("picked"): then it is a touch target named `room:<id>`."""

    board_label = True  # a board or track label: 16 px is its floor (readability.py)

    fill = ListProperty(list(T.PANEL2))
    edge = ListProperty(list(T.hexc("5d5068")))
    edge_width = NumericProperty(1.0)
    room_id = StringProperty("")
    action = StringProperty("")
    mark = StringProperty("")
    touch_target = BooleanProperty(False)

    chip_groups: list[list[str]] = []  # the monsters of each chip its words keep a space for ("m0", "m1" ...)
    compose: Callable[[int], str] | None = None  # its words at a size (set by the house)

    def fit_now(self) -> None:
        """The largest size from `max_font` down to the theme's floor at which its words read
        whole and every chip's space is laid out (a space pushed off the room is not a cut word)."""
        hi = int(self.max_font or self.font_size)
        for size in range(max(hi, T.FONT_MIN), T.FONT_MIN - 1, -1):
            if self.compose is not None:
                self.text = self.compose(size)
            self.font_size = size
            self.text_size = self.size
            if self._whole():
                break
        self.__dict__["_fitted"] = (tuple(self.size), self.compose, self.max_font)

    def _whole(self) -> bool:
        return not why_cut(self) and all(f"m{k}" in self.refs for k in range(len(self.chip_groups)))

    def _fit(self, *_: Any) -> None:
        """On a new size (the house laid out again): fit its words again, then its chips."""
        key = (tuple(self.size), self.compose, self.max_font)
        if key == self.__dict__.get("_fitted"):
            return  # its own fitting changed its words or size: nothing new
        self.fit_now()
        house = self.parent
        if isinstance(house, HouseView):
            house.chips_later()

    def on_mark(self, *_: Any) -> None:
        self.touch_target = self.mark in ("from", "to", "picked")
        self.action = f"room:{self.room_id}" if self.touch_target else ""
        self.edge, self.edge_width = {
            "from": (list(T.OK), 2.2), "to": (list(T.ACCENT), 3.0), "picked": (list(T.TEXT), 3.0),
        }.get(self.mark, (list(T.hexc("5d5068")), 1.0))

    def on_touch_down(self, touch: Any) -> bool:
        # Every room hears its tap: a lit one moves the piece, another says why not (the screen's
        # room_tapped; a tap on an unlit room was mute, play-test of 6 Dec 2026)
        if self.collide_point(*touch.pos) and isinstance(self.parent, HouseView):
            self.parent.dispatch("on_room", self.room_id)
            return True
        return bool(super().on_touch_down(touch))


@functools.lru_cache(maxsize=1024)
def text_width(text: str, size: int = T.FONT_BODY, bold: bool = False) -> float:
    """The width of `text` at `size` px (the rooms' names are set at the body size, 20 px)."""
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(text=text, font_size=size, font_name="Body", bold=bold).get_extents(text)[0])


def fits_width(text: str, width: float) -> bool:
    """Whether each word of `text` fits a line `width` px wide at the theme's body size."""
    return all(text_width(w, T.FONT_BODY) <= width - 4 for w in text.split())


class LongOrShort(Label):
    """Words at the body size that wrap: `long` while each of its words fits the label's width,
    else `short` (a long room name in a narrow panel at Large text), chosen again when it is laid
    out at a new width."""

    long = StringProperty("")
    short = StringProperty("")

    def on_long(self, *_: Any) -> None:
        self._choose()

    def on_short(self, *_: Any) -> None:
        self._choose()

    def on_width(self, *_: Any) -> None:
        self._choose()

    def _choose(self) -> None:
        self.text = self.long if fits_width(self.long, self.width) else self.short
        # A word of even the short words wider than the panel (German's "abgeschlossen" at Large
        # text) steps the size down to where each word fits, never under FONT_MIN
        size = T.FONT_BODY
        while size > T.FONT_MIN and not all(text_width(w, size) <= self.width - 4 for w in self.text.split()):
            size -= 1
        self.font_size = size


def column_needs(house: Any, whole: bool = True, size: int = T.FONT_BODY) -> tuple[float, ...]:
    """Per column of the house, the width its one-column rooms need at `size` px, with the
    label's padding and the gap between rooms. `whole`: a room one row high has its name on one
    line (what is in it wraps below), a taller one its longest word; else (a house too wide for
    that) each room its longest word."""
    need = [0.0] * 6
    for i, r in enumerate(house.rooms):
        cols = {c for _, c in house.cells[i]}
        if len(cols) != 1:
            continue
        rows = {row for row, _ in house.cells[i]}
        widest = text_width(r.name, size) if whole and len(rows) == 1 else max(text_width(w, size) for w in r.name.split())
        col = cols.pop()
        need[col] = max(need[col], widest + ROOM_SLACK + 4)
    return tuple(need)


ROOM_PAD = 2  # px: a room label's padding each side (widgets.kv)
ROOM_SLACK = 8  # px a room label's text keeps from its sides (its padding, and rounding)
ROOM_READ = 20  # px: the body size at the normal text size, the size a room's words keep at Large text too


def room_sizes() -> tuple[int, ...]:
    """The rooms' words: body size (20 px, more at Large text), smaller only for a house too wide:
    at Large text the board's size, then 20 px (the normal body size) before the floor, so a house
    that holds its words at 20 px at the normal size does at Large text too. Read when the house
    is built, as the Large-text setting scales the theme's sizes then."""
    return tuple(sorted({T.FONT_BODY, T.FONT_BOARD, min(ROOM_READ, T.FONT_BODY), T.FONT_MIN}, reverse=True))


def count_marks(n: int, mark: str, count_from: int = 3) -> str:
    """Girls as marks, "\u25cf\u25cf"; three or more (`count_from`) as a count, "3\u25cf", so a
    small room holds them."""
    return f"{n}{mark}" if n >= count_from else mark * n


_MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def room_words(lbl: Any, name: str, scare: int, girls: tuple[int, int], scared: Sequence[int],
               monsters: Sequence[str], px: int) -> str:
    """A room's words at `px`: its name, its Scare symbols, then what is in it: girls, running
    girls, and a space for each monster's chip. The name has its own line(s) when the room is tall
    enough, else what is in the room follows on the name's last line. When the room is still too
    small: two girls are "2\u25cf", running girls are counted by terror, then one player's monsters
    share a chip ("Go Po"); and when nothing fits, the most compact of these, smaller. Lines are
    broken here (a chip's space is never where the label wraps: Kivy drops a space-only word
    there). Sets the label's `chip_groups`: the monsters of each chip, in order."""
    tries = _tries(scared, monsters)
    last: tuple[list[str], list[list[str]]] = ([], [])
    for count_from, running, groups in tries:
        lines, fits = _room_lines(lbl, name, scare, girls, running, groups, px, count_from)
        last = (lines, groups)
        if fits:
            break
    lbl.chip_groups = last[1]
    return "\n".join(last[0])


def _tries(scared: Sequence[int], monsters: Sequence[str]) -> list[tuple[int, list[str], list[list[str]]]]:
    """A room's ways to say what is in it, from the plainest to the most compact: girls as marks,
    then counted; running girls one by one, then counted by terror ("2\u00d7\u25c91"); a chip a
    monster, then a chip a player."""
    apart = [[ref] for ref in monsters]
    by_colour: dict[str, list[str]] = {}
    for ref in monsters:
        by_colour.setdefault(ref.partition("/")[0], []).append(ref)
    shared = list(by_colour.values())
    runners = [f"[color=ff9a7a]\u25c9{t}[/color]" for t in scared]
    counted = [f"[color=ff9a7a]{n}\u00d7\u25c9{t}[/color]" if n > 1 else f"[color=ff9a7a]\u25c9{t}[/color]"
               for t, n in sorted(Counter(scared).items())]
    return [(3, runners, apart), (2, runners, apart), (2, counted, apart), (2, counted, shared)]


@functools.lru_cache(maxsize=2048)
def fewest_lines(width: float, name: str, scare: int, girls: tuple[int, int], scared: Sequence[int],
                 monsters: Sequence[str], px: int) -> int:
    """The fewest lines a room this wide says its name and what is in it in, at `px`."""
    probe = _Probe(width, 1e9)
    return min(len(_room_lines(probe, name, scare, girls, running, groups, px, count_from)[0])
               for count_from, running, groups in _tries(scared, monsters))


class _Probe(NamedTuple):
    width: float
    height: float


def _room_lines(lbl: Any, name: str, scare: int, girls: tuple[int, int], scared: Sequence[str],
                groups: Sequence[Sequence[str]], px: int, count_from: int) -> tuple[list[str], bool]:
    """The room's lines, and whether they fit it (as tall as it is, no word wider)."""
    pieces = [count_marks(girls[0], "\u25cf", count_from) + count_marks(girls[1], "\u25cb", count_from), *scared]
    room = lbl.width - 2 * ROOM_PAD
    marks = "!" * scare
    dim = f"[color=a89cb0]{marks}[/color]"
    words = [(w, w) for w in name.split()]
    rest = [(dim, marks)] if scare else []
    rest += [(p, _MARKUP.sub("", p)) for p in pieces if p]
    rest += [(chip_space(chip_words(g), px, k), "") for k, g in enumerate(groups)]
    space = text_width(" ", px)
    widest = [0.0]

    def pack(tokens: list[tuple[str, str]], lines: list[str]) -> list[str]:
        line, used = "", 0.0
        for markup, plain in tokens:
            w = text_width(plain, px) if plain else _chip_room(markup, px)
            widest[0] = max(widest[0], w)
            if line and used + space + w > room:
                lines.append(line)
                line, used = "", 0.0
            line, used = (f"{line} {markup}", used + space + w) if line else (markup, w)
        return lines + ([line] if line else [])

    flowing = pack(words + rest, [])
    named = pack(words, [])
    if scare and len(pack(words + rest[:1], [])) == len(named):  # the Scare symbols fit beside the name
        named, rest = pack(words + rest[:1], []), rest[1:]
    apart = pack(rest, list(named))
    height = lbl.height - 2
    if len(apart) * text_width_height(px) <= height:
        return apart, widest[0] <= room
    return flowing, len(flowing) * text_width_height(px) <= height and widest[0] <= room


@functools.lru_cache(maxsize=16)
def text_width_height(px: int) -> float:
    """The height of one line of words at `px`."""
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(text="Ag", font_size=px, font_name="Body").get_extents("Ag")[1])


def _chip_room(space: str, px: int) -> float:
    return space.count(NBSP) * text_width(NBSP, px)


# Door marks: an open door is a light bar across the wall; a locked one is red with a bar across it.
DOOR_OPEN = T.hexc("e8d6a8")
DOOR_LOCKED = T.hexc("ff6b5e")
MARGIN = 7  # px around the house: the outside doors are drawn on its edge


class HouseView(Widget):
    """The house as it lies on the table: 4 x 6 cells, each room over its cells, the doors between
    rooms (and the three outside doors on the edge) drawn where they are, locked ones marked. In
    each room: its name, Scare symbols (!), girls (never moved \u25cf, moved \u25cb, running
    \u25c9 with her terror) and the monsters there, each a chip (`MonsterChip`). Rooms are made
    once for a house; a refresh gives them new words, fills and marks. `on_room(room_id)` fires on a tap on a room that takes one."""

    __events__ = ("on_room",)
    wants = NumericProperty(0)  # px: the width that sets every room's words at 20 px

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._house: Any = None
        self.rooms: dict[str, RoomLabel] = {}
        self._chips: list[MonsterChip] = []
        self._placed: tuple[list[RoomLabel], list[str]] = ([], [])
        self._chips_trigger = Clock.create_trigger(self._place_chips, -1)
        self._locks: tuple[str, ...] = ()
        self._shown: tuple[dict[str, Any], dict[str, str]] | None = None
        self._needs: dict[tuple[int, bool], tuple[float, ...]] = {}  # (px, whole): each column's need
        self._widths: tuple[float, tuple[float, ...], int] = (-1.0, (), T.FONT_BODY)  # for a width: columns, px
        self._row_h: list[float] = [1.0] * 4  # each row's height (`_fit_rows`)
        self._same: tuple[Any, ...] = ()  # what the house was last laid out for
        self._relayout = Clock.create_trigger(self._layout, -1)
        self.bind(pos=self._relayout, size=self._relayout)

    def on_room(self, room_id: str) -> None:
        pass

    def _build(self, house: Any) -> None:
        self.clear_widgets()
        self._same = ()
        self._chips = []
        self._placed = ([], [])
        self.rooms = {}
        for r in house.rooms:
            lbl = RoomLabel(room_id=r.id)
            self.rooms[r.id] = lbl
            self.add_widget(lbl)
        self._house = house
        self._needs = {(px, whole): column_needs(house, whole, px) for px in room_sizes() for whole in (True, False)}
        self._widths = (-1.0, (), T.FONT_BODY)
        self.wants = sum(self._needs[(T.FONT_BODY, False)]) + 2 * MARGIN
        self._layout()

    def columns(self) -> tuple[tuple[float, ...], int]:
        """The columns' widths and the rooms' font size (px) at the house's present width. The
        rooms' words are 20 px whenever each column fits its rooms' longest words at that size
        (else 18, then 16). Each column gets what its longest word needs; then, cheapest first, a
        column whose one-row rooms' whole names fit on one line if it grows gets that; what is
        left is shared evenly."""
        if self._widths[0] == self.width and self._widths[1]:
            return self._widths[1], self._widths[2]
        avail = self.width - 2 * MARGIN
        sizes = room_sizes()
        px = next((p for p in sizes if sum(self._needs[(p, False)]) <= avail), sizes[-1])
        need, whole = list(self._needs[(px, False)]), self._needs[(px, True)]
        spare = avail - sum(need)
        for col in sorted(range(6), key=lambda k: whole[k] - need[k]):
            grow = whole[col] - need[col]
            if 0 < grow <= spare:
                need[col], spare = whole[col], spare - grow
        widths = tuple(n + spare / 6 for n in need)
        self._widths = (self.width, widths, px)
        return widths, px

    def _col_x(self, col: int) -> float:
        """The left edge of a column (col 6: the right edge of the house)."""
        widths, _ = self.columns()
        return self.x + MARGIN + sum(widths[:col])

    def _row_y(self, row: int) -> float:
        """The top edge of a row (row 4: the bottom of the house)."""
        return self.top - MARGIN - sum(self._row_h[:row])

    def _fit_rows(self) -> None:
        """The rows' heights: equal while every room's words fit them at the rooms' size; else a
        row whose rooms need more lines takes them from rows that have lines to spare (the rooms
        that take the fewest lines they can: "2\u25cf", "3\u00d7\u25c91", a chip a player), so
        the words need not get smaller; only when the other rows have too little to spare do the
        crowded row's words get smaller."""
        total = max(1.0, self.height - 2 * MARGIN)
        base = total / 4
        house = self._house
        if self._shown is None or house is None:
            self._row_h = [base] * 4
            return
        view = self._shown[0]
        widths, px = self.columns()
        line = text_width_height(px)
        running = _running(view)
        rooms = {r["id"]: r for r in view["rooms"]}
        need = [line + 8] * 4
        for i, room in enumerate(house.rooms):
            r = rooms.get(room.id)
            if r is None:
                continue
            rows = sorted({row for row, _ in house.cells[i]})
            cols = sorted({col for _, col in house.cells[i]})
            width = sum(widths[cols[0]:cols[-1] + 1]) - 4
            n = fewest_lines(width, r["name"], int(r["scare"]), (int(r["unmoved"]), int(r["moved"])),
                             tuple(running.get(r["id"], ())), tuple(r["monsters"]), px)
            for row in rows:  # a room over two rows asks half of each
                need[row] = max(need[row], (n * line + 8) / len(rows))
        if all(n <= base for n in need):
            self._row_h = [base] * 4
            return
        over = sum(max(0.0, n - base) for n in need)
        slack = [max(0.0, base - n) for n in need]
        if sum(slack) >= over:
            self._row_h = [n if n > base else base - sl * over / sum(slack) for n, sl in zip(need, slack)]
        else:  # the rows that fit keep what they need; the crowded ones share the rest
            left = total - sum(n for n in need if n <= base)
            crowded = sum(n for n in need if n > base)
            self._row_h = [n if n <= base else n * left / crowded for n in need]

    def _room_rect(self, cells: Sequence[tuple[int, int]]) -> tuple[float, float, float, float]:
        r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
        c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
        x, right = self._col_x(c0), self._col_x(c1 + 1)
        top, y = self._row_y(r0), self._row_y(r1 + 1)
        return x + 2, y + 2, right - x - 4, top - y - 4

    def _layout(self, *_: Any) -> None:
        house = self._house
        if house is None:
            return
        self._fit_rows()
        for i, r in enumerate(house.rooms):
            x, y, w, h = self._room_rect(house.cells[i])
            lbl = self.rooms[r.id]
            lbl.pos, lbl.size = (x, y), (w, h)
        self._draw_doors()
        self._render()

    def _draw_doors(self) -> None:
        house = self._house
        self.canvas.after.clear()
        if house is None:
            return
        with self.canvas.after:
            for (r1, c1), (r2, c2), k in house.frames:
                locked = house.doors[k].id in self._locks
                Color(*(DOOR_LOCKED if locked else DOOR_OPEN))
                if r1 == r2:  # side by side: the door is on the wall between the columns
                    ch = self._row_h[r1]
                    x = self._col_x(max(c1, c2))
                    y = self._row_y(r1) - ch / 2
                    Rectangle(pos=(x - 4, y - ch * 0.2), size=(8, ch * 0.4))
                    if locked:
                        Color(*T.BG)
                        Line(points=[x - 7, y, x + 7, y], width=1.6)
                else:  # one above the other: on the wall between the rows
                    cw = self._col_x(c1 + 1) - self._col_x(c1)
                    x = self._col_x(c1) + cw / 2
                    y = self._row_y(max(r1, r2))
                    Rectangle(pos=(x - cw * 0.2, y - 4), size=(cw * 0.4, 8))
                    if locked:
                        Color(*T.BG)
                        Line(points=[x, y - 7, x, y + 7], width=1.6)

    def show(self, view: dict[str, Any], house: Any, marks: dict[str, str] | None = None) -> None:
        if house is not self._house:
            self._build(house)
        locks = tuple(view.get("locks", ()))
        if locks != self._locks:
            self._locks = locks
            self._draw_doors()
        self._shown = (view, marks or {})
        same = _view_key(view) + (tuple(self.pos), tuple(self.size))
        if same == self._same:  # the same house, pieces and size: only which rooms take a tap changed
            for rid, lbl in self.rooms.items():
                lbl.mark = (marks or {}).get(rid, "")
            return
        self._same = same
        self._layout()

    def _render(self) -> None:
        """The rooms' words, fills, marks and monster chips for the view last shown, at the rooms'
        present size."""
        if self._shown is None:
            return
        view, marks = self._shown
        _, px = self.columns()
        seats = list(view.get("players", {}))
        running = _running(view)
        run = view.get("running")
        placed: list[RoomLabel] = []
        for r in view["rooms"]:
            lbl = self.rooms.get(r["id"])
            if lbl is None:
                continue
            scared = list(running.get(r["id"], ()))
            monsters = list(r["monsters"])
            words = (r["name"], int(r["scare"]), (int(r["unmoved"]), int(r["moved"])), tuple(scared), tuple(monsters))
            if lbl.__dict__.get("_words") != (words, px, tuple(lbl.size)):  # else its words are as they were
                lbl.__dict__["_words"] = (words, px, tuple(lbl.size))
                lbl.max_font = px
                lbl.compose = functools.partial(room_words, lbl, *words)
                lbl.fit_now()
            placed.append(lbl)
            if run and r["id"] == run["room"]:
                lbl.fill = list(T.hexc("5a1612"))
            elif r["unmoved"] + r["moved"] or r["id"] in running:
                lbl.fill = list(T.LIGHT_ROOM)
            else:
                lbl.fill = list(T.PANEL2)
            lbl.mark = marks.get(r["id"], "")
        self._placed = (placed, seats)
        self._place_chips()

    def chips_later(self) -> None:
        self._chips_trigger()

    def _place_chips(self, *_: Any) -> None:
        """Each monster's chip over the space its room's words keep for it (the reference `m<k>`)."""
        placed, seats = self._placed
        want: list[tuple[str, str, tuple[float, float, float, float], float, int]] = []
        for lbl in placed:
            if not lbl.chip_groups:
                continue
            tw, th = lbl.texture_size
            left, top = lbl.center_x - tw / 2, lbl.center_y + th / 2
            for k, group in enumerate(lbl.chip_groups):
                boxes = lbl.refs.get(f"m{k}")
                if not boxes:
                    continue
                x1, y1, x2, y2 = boxes[0]
                colour = group[0].partition("/")[0]
                seat = seats.index(colour) if colour in seats else 0
                want.append((chip_words(group), colour, (left + x1 + 1, top - y2 + 1, x2 - x1 - 2, y2 - y1 - 2),
                             float(lbl.font_size), seat))
        while len(self._chips) < len(want):
            chip = MonsterChip()
            self._chips.append(chip)
        for chip in self._chips[len(want):]:
            if chip.parent is not None:
                self.remove_widget(chip)
        for chip, (words, colour, (x, y, w, h), size, seat) in zip(self._chips, want):
            chip.text = words
            chip.font_size = size
            chip.fill = list(T.hexc(SEAT_COLOURS.get(colour, "ffffff")))
            chip.radius = 3 if seat % 2 == 0 else h / 2
            chip.pos, chip.size = (x, y), (w, h)
            if chip.parent is None:
                self.add_widget(chip)


def _view_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What of the table's view the house shows (rooms' pieces, who runs where, the seats)."""
    rooms = tuple((r["id"], r["name"], r["scare"], r["unmoved"], r["moved"], tuple(r["monsters"])) for r in view["rooms"])
    run = view.get("running")
    runners = (run["room"], tuple((r["room"], r["terror"]) for r in run["runners"])) if run else ()
    return rooms, runners, tuple(view.get("players", {})), tuple(view.get("locks", ()))


def _running(view: dict[str, Any]) -> dict[str, list[int]]:
    """The terror of each girl running now, by the room she stands in."""
    out: dict[str, list[int]] = {}
    run = view.get("running")
    if run:
        for r in run["runners"]:
            out.setdefault(r["room"], []).append(int(r["terror"]))
    return out


class Press(NamedTuple):
    """A button as a screen wants it: its words, its action name, what a press does, its look, and
    whether it acts when pressed or when released."""

    caption: str
    action: str
    fn: Callable[[], Any]
    kind: str = "normal"
    on: str = "release"


def fill_buttons(grid: Any, wanted: Sequence[Press], font_size: int = 0) -> None:
    """`grid` shows these buttons in this order. The buttons it has are given the new words and
    deeds, in place; a button is made only when the grid never had that many (ones it no longer
    needs wait, out of the window, for the next refresh that does)."""
    have = list(reversed(grid.children))  # in the order they were added: the order they are laid out
    spare: list[BigButton] = grid.__dict__.setdefault("spare_buttons", [])
    for b in have[len(wanted):]:
        grid.remove_widget(b)
        spare.append(b)
    for k, want in enumerate(wanted):
        if k < len(have):
            b = have[k]
        else:
            b = spare.pop() if spare else _new_button(font_size or T.FONT_BODY)  # the size at the scale in use
            b.grow = not grid.row_force_default  # a list of rows as tall as their words
            grid.add_widget(b)
        b.caption, b.action, b.kind = said(want.caption), want.action, want.kind
        b.press = want


def _new_button(font_size: int) -> BigButton:
    b = BigButton(font_size=font_size)
    b.bind(on_press=lambda b: _act(b, "press"), on_release=lambda b: _act(b, "release"))
    return b


def _act(b: BigButton, when: str) -> None:
    press = getattr(b, "press", None)
    if press is not None and press.on == when:
        press.fn()


def fill_choices(grid: Any, groups: Sequence[Group], opened: str, submit: Callable[[Any], None],
                 open_group: Callable[[str], None], extra: Sequence[Press] = ()) -> str:
    """Buttons into `grid`: the groups (a group of one is its choice) and then `extra`, or the open
    group's choices. Returns the key of the group shown open ("" when the groups are listed)."""
    group = next((g for g in groups if g.key == opened), None)
    if group is not None and len(group.choices) > 1:
        fill_buttons(grid, [Press(said(ch.caption), f"choice:{i}", lambda ch=ch: submit(ch.inp))
                            for i, ch in enumerate(group.choices)])
        return group.key
    wanted = []
    for g in groups:
        if len(g.choices) == 1:
            only: Choice = g.choices[0]
            plain = g.key in ("done", "draw", "deal", "girls", "hide") or only.caption == g.caption
            words = said(only.caption) if plain else f"{said(g.caption)}: {said(only.caption)}"
            wanted.append(Press(words, f"group:{g.key}", lambda ch=only: submit(ch.inp),
                                "quiet" if g.key == "done" else "normal"))
        else:
            wanted.append(Press(f"{said(g.caption)} \u25b8 ({len(g.choices)})", f"group:{g.key}",
                                lambda k=g.key: open_group(k)))
    fill_buttons(grid, wanted + list(extra))
    return ""
