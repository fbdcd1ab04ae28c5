"""The house as the table's observation shows it (six tiles, their rooms with girls, monsters and
Scare symbols), and the two-level list of choices (what, then where) both play screens use."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from kivy.properties import ListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.games.bump_in_the_night.choices import Choice, Group
from companion.ui import theme as T
from companion.ui.widgets import BigButton, FitLabel

# One colour per player, always shown with the colour's initial (colour is never the only signal).
SEAT_COLOURS = {"red": "ff6b5e", "yellow": "ffd166", "mustard": "d9a93a", "green": "7fd06a", "blue": "7fb0ff",
                "black": "c8c0d0"}
KIND_LETTERS = {"cat": "Ca", "bat": "Ba", "goblin": "Go", "poltergeist": "Po", "ghost": "Gh", "specter": "Sp"}


def colour_words(colour: str) -> str:
    return f"[color={SEAT_COLOURS.get(colour, 'ffffff')}][b]{colour.capitalize()}[/b][/color]"


def monster_mark(ref: str) -> str:
    colour, _, kind = ref.partition("/")
    return f"[color={SEAT_COLOURS.get(colour, 'ffffff')}]{colour[:1].upper()}\u00b7{KIND_LETTERS.get(kind, kind)}[/color]"


class RoomLabel(FitLabel):
    board_label = True  # a board or track label: 16 px is its floor (readability.py)

    fill = ListProperty(list(T.PANEL2))


class TileBox(BoxLayout):
    pass


class HouseView(GridLayout):
    """2 x 3 tiles (NW N NE / SW S SE); in each room: its name, girls (never moved \u25cf, moved
    \u25cb), Scare symbols (!) and the monsters there. The tiles and their labels are made once
    for a house; a refresh gives them new words and fills (a label whose words are the same does
    not render again)."""

    _layout: tuple[tuple[int, ...], ...] = ()
    _rooms: Sequence[tuple[int, RoomLabel]] = ()

    def show(self, view: dict[str, Any], tiles: Sequence[Sequence[int]], running_room: str = "") -> None:
        layout = tuple(tuple(slot) for slot in tiles)
        if layout != self._layout:
            self.clear_widgets()
            made: list[tuple[int, RoomLabel]] = []
            for slot in layout:
                box = TileBox()
                for i in slot:
                    lbl = RoomLabel()
                    made.append((i, lbl))
                    box.add_widget(lbl)
                self.add_widget(box)
            self._rooms = made
            self._layout = layout
        rooms = view["rooms"]
        for i, lbl in self._rooms:
            r = rooms[i]
            girls = "\u25cf" * r["unmoved"] + "\u25cb" * r["moved"]
            marks = " ".join(monster_mark(m) for m in r["monsters"])
            scare = " " + "!" * r["scare"] if r["scare"] else ""
            lbl.text = f"{r['name']}[color=a89cb0]{scare}[/color]\n[color=f1e9dc]{girls}[/color] {marks}"
            if r["id"] == running_room:
                lbl.fill = list(T.hexc("5a1612"))
            elif r["unmoved"] + r["moved"]:
                lbl.fill = list(T.LIGHT_ROOM)
            else:
                lbl.fill = list(T.PANEL2)


class Press(NamedTuple):
    """A button as a screen wants it: its words, its action name, what a press does, its look, and
    whether it acts when pressed or when released."""

    caption: str
    action: str
    fn: Callable[[], Any]
    kind: str = "normal"
    on: str = "release"


def fill_buttons(grid: Any, wanted: Sequence[Press], font_size: int = T.FONT_BODY) -> None:
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
            b = spare.pop() if spare else _new_button(font_size)
            grid.add_widget(b)
        b.caption, b.action, b.kind = want.caption, want.action, want.kind
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
                 open_group: Callable[[str], None]) -> str:
    """Buttons into `grid`: the groups (a group of one is its choice), or the open group's choices.
    Returns the key of the group shown open ("" when the groups are listed)."""
    group = next((g for g in groups if g.key == opened), None)
    if group is not None and len(group.choices) > 1:
        fill_buttons(grid, [Press(ch.caption, f"choice:{i}", lambda ch=ch: submit(ch.inp))
                            for i, ch in enumerate(group.choices)])
        return group.key
    wanted = []
    for g in groups:
        if len(g.choices) == 1:
            only: Choice = g.choices[0]
            plain = g.key in ("done", "draw", "deal", "girls", "hide") or only.caption == g.caption
            words = only.caption if plain else f"{g.caption}: {only.caption}"
            wanted.append(Press(words, f"group:{g.key}", lambda ch=only: submit(ch.inp),
                                "quiet" if g.key == "done" else "normal"))
        else:
            wanted.append(Press(f"{g.caption} \u25b8 ({len(g.choices)})", f"group:{g.key}",
                                lambda k=g.key: open_group(k)))
    fill_buttons(grid, wanted)
    return ""
