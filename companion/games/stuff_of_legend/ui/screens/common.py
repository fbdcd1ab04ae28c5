"""Shared pieces of the SOL screens: the choice buttons (a card to pay as a second step, a card to
play as a scan) and the tracks in words. Reads observations; sends inputs through the app."""

from __future__ import annotations

from typing import Any, Callable

from companion.games.stuff_of_legend.common import where, who
from companion.games.stuff_of_legend.ui import words
from companion.i18n import N_, pack_domain
from companion.ui import theme as T
from companion.ui.widgets import BigButton

WOUNDS = "ABCDEF"
_ = pack_domain(__file__).gettext
ngettext = pack_domain(__file__).ngettext
COLOURS = (N_("green"), N_("yellow"), N_("orange"), N_("red"), N_("purple"), N_("blue"), N_("plain"))


def button(caption: str, action: str, on_press: Callable[[], Any], kind: str = "normal", inp: Any = None,
           font_size: int = T.FONT_BODY, items: Any = None) -> BigButton:
    b = BigButton(caption=caption, action=action, kind=kind, font_size=font_size)
    b.inp = inp  # what a tap enters (tests read it to know which button to touch)
    b.items = items or ([inp] if inp is not None else [])  # the inputs behind it (a group: a second step)
    b.bind(on_press=lambda *_: on_press())
    return b


class Choices:
    """The acting seat's inputs as buttons in `grid`; a group (the card paid for a Move) opens a
    second step in place. `submit(inp)` is called for a tap; `scan()` for "scan the card"."""

    def __init__(self, grid: Any, submit: Callable[[Any], Any], scan: Callable[[], Any]) -> None:
        self.grid, self.submit, self.scan = grid, submit, scan
        self.opened: list[Any] | None = None
        self._key: Any = None

    def show(self, s: Any, legal: list[Any], prefix: str = "choice", primary_first: bool = True) -> None:
        key = (id(s), len(legal), None if self.opened is None else len(self.opened))
        if key == self._key:
            return
        self._key = key
        grid = self.grid
        grid.clear_widgets()
        if self.opened is not None:
            grid.add_widget(button("\u25c0 " + _("Back"), f"{prefix}:back", self._close, kind="quiet"))
            said: set[str] = set()
            for i, inp in enumerate(self.opened):
                cap = words.caption(s, inp)
                if cap not in said:  # two copies of one card: either will do
                    said.add(cap)
                    grid.add_widget(button(cap, f"{prefix}:card:{i}", lambda inp=inp: self._pick(inp), inp=inp))
            return
        for i, (name, items) in enumerate(words.group(s, legal, words.physical_hands(s))):
            kind = "primary" if i == 0 and primary_first else "normal"
            cap = words.group_caption(s, name, items)
            if name:
                grid.add_widget(button(cap, f"{prefix}:scan_{name}", self.scan, kind=kind, items=items))
            elif len(items) > 1:
                grid.add_widget(button(cap, f"{prefix}:{i}", lambda items=items: self._open(items), kind=kind,
                                       items=items))
            else:
                grid.add_widget(button(cap, f"{prefix}:{i}", lambda inp=items[0]: self._pick(inp), kind=kind,
                                       inp=items[0]))

    def reset(self) -> None:
        self.opened, self._key = None, None

    def _open(self, items: list[Any]) -> None:
        self.opened, self._key = items, None
        self._redraw()

    def _close(self) -> None:
        self.opened, self._key = None, None
        self._redraw()

    def _pick(self, inp: Any) -> None:
        self.opened, self._key = None, None
        self.submit(inp)

    def _redraw(self) -> None:
        from kivy.app import App

        App.get_running_app().screen(App.get_running_app().sm.current).refresh()


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def on_wound(wound: str) -> str:
    return _("on {division}").format(division=wound) if wound else _("none")


def tracks(s: Any, v: dict[str, Any], wide: bool = False) -> str:
    """The Time, Attention and Wound tracks and the Boogeyman deck, in words (markup) at the body
    size: one fact a line in a narrow column, two to a line when `wide` (the coin's screen)."""
    t, a = v["tracks"]["time"], v["tracks"]["attention"]
    boxes = "".join("\u25cf" if i < t["division"] else "\u25cb" for i in range(t["boy_lost"] - 1))
    hand = " \u00b7 " + _("hands \u2212{n}").format(n=t["hand_reduction"]) if t["hand_reduction"] else ""
    wound = v["tracks"]["wound"]
    wounds = " ".join(f"[b][color=e8a23a]{w}[/color][/b]" if w == wound else w for w in WOUNDS)
    decks = v["decks"]
    join = "  \u00b7  " if wide else "\n"
    lines = [
        "[b]" + _("Time") + f"[/b]  {boxes}{T.GLYPH_SKULL}{join}"
        + _("the Boy on {division} \u00b7 lost on {lost}").format(division=t["division"], lost=t["boy_lost"]) + hand,
        "[b]" + _("Attention") + f"[/b] {a['value']} ({_(a['colour'])}){join}"
        + _("range {range} \u00b7 armies {strength}").format(range=a["range"], strength=a["army_strength"]),
        "[b]" + _("Wounds") + f"[/b]  {on_wound(wound)} \u00b7 {wounds}",
        "[b]" + _("Boogeyman deck") + f"[/b] {decks['boogeyman']}",
    ]
    if decks["sinister_title"]:
        lines.append("[b]" + _("Sinister Games") + f"[/b] {decks['sinister_title']}")
    return "\n".join(lines)


def board(s: Any, v: dict[str, Any]) -> str:
    """The enemies and friends on the board, in words (markup): the armies by space, the Leaders,
    the Allies ("" when there are none). Where the party is, the table screen's heading says."""
    lines = []
    if v["armies"]:
        lines.append("[b]" + _("Armies") + "[/b] " + ", ".join(f"{where(s, sp)} {n}" for sp, n in v["armies"].items()))
    if v["leaders"]:
        lines.append("[b]" + _("Leaders") + "[/b] " + ", ".join(f"{ld['title']} ({where(s, ld['space'])})" for ld in v["leaders"]))
    if v["allies"]:
        lines.append("[b]" + _("Allies") + "[/b] " + ", ".join(al["title"] for al in v["allies"]))
    return "\n".join(lines)


def heroes(v: dict[str, Any]) -> str:
    """Each hero a line: the cards in hand, the Colonel's Rifle, a marker on the board, what is
    owed and the Boogeyman cards held."""
    out = []
    for h in v["heroes"]:
        marks = (" \u2691 " + _("Rifle") if h["rifle"] else "") + (" \u2714 " + _("acted") if h["on_board"] else "") + (
            " " + _("(exhausted)") if h["exhausted"] else "")
        held = f" \u00b7 {', '.join(h['held'])}" if h["held"] else ""
        owed = " \u00b7 " + _("owes {n}").format(n=h["owed"]) if h["owed"] else ""
        out.append(f"[b]{h['name']}[/b]{marks}: {_cards(int(h['cards']))}{owed}{held}")
    return "\n".join(out)


def private_text(s: Any, p: dict[str, Any]) -> str:
    """What only this seat sees: its Loyalty card, the exits it peeked at, its hand, its looks."""
    lines = []
    loyal = p.get("loyalty") or {}
    if loyal.get("card"):
        win = _("you win with the Boy") if loyal["side"] == "boy" else _("you win with the Boogeyman")
        lines.append("[b]" + _("Loyalty:") + f"[/b] {loyal['title']} \u2014 {win}")
    else:
        lines.append("[b]" + _("Loyalty:") + "[/b] " + _("your real Loyalty card (face down in front of you)"))
    for pk in p.get("peeks", []):
        lines.append(f"[b]{where(s, pk['exit'])}:[/b] " + _("the token shows {number}").format(
            number=f"[b][size=30]{pk['number']}[/size][/b]"))
    for k in p.get("loyalty_known", []):
        lines.append("[b]" + _("{who}'s Loyalty:").format(who=who(s, k["seat"])) + f"[/b] {k['title']}")
    for seen in p.get("seen", []):
        lines.append("[b]" + _("Face down at {slot}:").format(slot=words.slot_words(s, seen["slot"]))
                     + f"[/b] {seen['title']}")
    hand = [c for c in p.get("hand", []) if c]
    if hand:
        from companion.games.stuff_of_legend.ui.words import card_words

        lines.append("[b]" + _("Hand:") + "[/b] " + ", ".join(card_words(s, c) for c in hand))
    return "\n".join(lines)
