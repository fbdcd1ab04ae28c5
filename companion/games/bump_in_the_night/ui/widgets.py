"""The house as the table's observation shows it (six tiles, their rooms with girls, monsters and
Scare symbols), and the two-level list of choices (what, then where) both play screens use."""

from __future__ import annotations

from typing import Any, Callable, Sequence

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
    fill = ListProperty(list(T.PANEL2))


class TileBox(BoxLayout):
    pass


class HouseView(GridLayout):
    """2 x 3 tiles (NW N NE / SW S SE); in each room: its name, girls (never moved \u25cf, moved
    \u25cb), Scare symbols (!) and the monsters there."""

    def show(self, view: dict[str, Any], tiles: Sequence[Sequence[int]], running_room: str = "") -> None:
        self.clear_widgets()
        rooms = view["rooms"]
        for slot in tiles:
            box = TileBox()
            for i in slot:
                r = rooms[i]
                girls = "\u25cf" * r["unmoved"] + "\u25cb" * r["moved"]
                marks = " ".join(monster_mark(m) for m in r["monsters"])
                scare = " " + "!" * r["scare"] if r["scare"] else ""
                text = f"[b]{r['name']}[/b][color=a89cb0]{scare}[/color]\n[color=f1e9dc]{girls}[/color] {marks}"
                lbl = RoomLabel(text=text)
                if r["id"] == running_room:
                    lbl.fill = list(T.hexc("5a1612"))
                elif r["unmoved"] + r["moved"]:
                    lbl.fill = list(T.LIGHT_ROOM)
                box.add_widget(lbl)
            self.add_widget(box)


def fill_choices(grid: Any, groups: Sequence[Group], opened: str, submit: Callable[[Any], None],
                 open_group: Callable[[str], None]) -> str:
    """Buttons into `grid`: the groups (a group of one is its choice), or the open group's choices.
    Returns the key of the group shown open ("" when the groups are listed)."""
    grid.clear_widgets()
    group = next((g for g in groups if g.key == opened), None)
    if group is not None and len(group.choices) > 1:
        for i, ch in enumerate(group.choices):
            grid.add_widget(_button(ch.caption, f"choice:{i}", lambda ch=ch: submit(ch.inp), i == 0 and False))
        return group.key
    for g in groups:
        if len(g.choices) == 1:
            only: Choice = g.choices[0]
            plain = g.key in ("done", "draw", "deal", "girls", "hide") or only.caption == g.caption
            words = only.caption if plain else f"{g.caption}: {only.caption}"
            grid.add_widget(_button(words, f"group:{g.key}", lambda ch=only: submit(ch.inp), g.key == "done"))
        else:
            grid.add_widget(_button(f"{g.caption} \u25b8 [size=13]({len(g.choices)})[/size]", f"group:{g.key}",
                                    lambda k=g.key: open_group(k), False))
    return ""


def _button(caption: str, action: str, fn: Callable[[], None], quiet: bool) -> BigButton:
    b = BigButton(caption=caption, action=action, font_size=16, kind="quiet" if quiet else "normal")
    b.bind(on_release=lambda *_: fn())
    return b
