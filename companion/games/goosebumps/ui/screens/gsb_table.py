"""The Goosebumps table: the track with every monster, whose turn it is and why, the draw pile,
what just happened, and the choices of whoever acts now. Cards are named as the real ones show
(the table is the truth): the holder's here, a person's only in private (gsb_pickup); a hand is
shown only behind a hand-over step; a monster the table moved by hand is put right by a tap on
the track. Everything shown comes from the "table" observation (a hand: from its own seat's)."""

from __future__ import annotations

from typing import Any, Callable

from kivy.factory import Factory
from kivy.uix.button import Button
from kivy.properties import StringProperty

from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import KINDS, title
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

SHORT = {"pal": "Pal", "car": "Haunted Car", "book": "Found Your Book!", "stine": "R.L. Stine!",
         "gnomies": "Gnomies", "freeze": "Freeze Ray!"}


def initial(seat: str) -> str:
    """"Player 3" -> "3", "Device" -> "D": a pawn's mark on the track (with the legend beside)."""
    last = seat.split()[-1] if seat.split() else seat
    return last if last.isdigit() else seat[:1].upper()


def caption(card: str) -> str:
    return card if card.isdigit() else SHORT.get(card, title(card))


def action_of(inp: Any) -> str:
    """A stable name for a choice (tests and the screenshot tool tap through it)."""
    if isinstance(inp, I.Play):
        return "play:" + ",".join(inp.cards)
    if isinstance(inp, I.Pass):
        return "pass"
    if isinstance(inp, I.Steal):
        return f"steal:{inp.victim}"
    if isinstance(inp, I.Take):
        return f"take:{inp.card or 'device'}"
    if isinstance(inp, I.Shortcut):
        return "shortcut:" + ("yes" if inp.take else "no")
    if isinstance(inp, I.Target):
        return f"target:{inp.seat}"
    if isinstance(inp, I.React):
        return "react:" + ("yes" if inp.play else "no")
    return type(inp).kind


def words(inp: Any, waiting: dict[str, Any]) -> str:
    if isinstance(inp, I.Play):
        return f"Three {inp.cards[0]}s" if len(inp.cards) == 3 else caption(inp.cards[0])
    if isinstance(inp, I.Pass):
        return "No card to play: pass"
    if isinstance(inp, I.Steal):
        return f"Steal from {inp.victim}"
    if isinstance(inp, I.Take):
        return "The device picks the slot" if not inp.card else f"It was {caption(inp.card)}"
    if isinstance(inp, I.Shortcut):
        return "Take the shortcut" if inp.take else "Stay on the path"
    if isinstance(inp, I.Target):
        return f"{inp.seat} goes back"
    if isinstance(inp, I.React):
        return f"Play {title(str(waiting.get('card', '')))}" if inp.play else "Let it pass"
    return type(inp).kind


def naming_note(count: int, picked: list[str]) -> str:
    """Where a pick-up's naming stands: how many cards are still to name, and those named."""
    got = ", ".join(caption(x) for x in picked)
    return f"Name each card as it shows ({count - len(picked)} more)" + (f": {got}" if got else "")


def card_buttons(add: Callable[..., Any], picked: list[str], name: Callable[[str], None],
                 unname: Callable[[], None]) -> None:
    """A button per kind of card, and one taking back the last card named."""
    for k in KINDS:
        add(caption(k), f"card:{k}", lambda k=k: name(k))
    if picked:
        add("\u232b Not that one", "card_back", unname)


def hand_words(hand: list[str]) -> str:
    """A hand from its own seat's observation: the cards named, and how many were not."""
    named = [caption(x) for x in hand if x not in ("", "?")]
    hidden = sum(1 for x in hand if x == "?")
    return (", ".join(named) if named else "none named") + (f", and {hidden} the device has not seen" if hidden else "")


class NamesCards:
    """A screen on which a pick-up is named card by card (the table: the holder's; gsb_pickup: a
    person's, in private)."""

    picked: list[str]  # (and the screen's `refresh`)

    def add_card(self, card: str, count: int) -> tuple[str, ...]:
        """The whole pick-up once its last card is named (and the naming starts afresh), else ()."""
        self.picked.append(card)
        if len(self.picked) < count:
            self.refresh()
            return ()
        cards, self.picked = tuple(self.picked), []
        return cards

    def unname(self) -> None:
        if self.picked:
            self.picked.pop()
        self.refresh()


def offered(c: Any) -> list[Any]:
    """The choices on the shared screen: what the whole table's view allows (every card a hand
    could hold, a pass whenever the public cards allow one), never the acting seat's own list, which
    would show a named hand; the rules refuse what the real hand cannot do."""
    return list(c.rules.legal_inputs(c.state, "table"))


class TrackCell(Button):
    """One space of the track: its number, its kind, the monsters on it. A control only while a
    monster is being put right by hand."""

    action = StringProperty("")


class GsbTableScreen(NamesCards, BaseScreen):
    title = "Goosebumps"

    def on_kv_post(self, base: Any) -> None:
        self.mode = "play"  # play | threes | handover | hand | fix_who | fix_where
        self.picked: list[str] = []  # the holder's cards named so far for the draw in progress
        self.fixing = ""
        self.told: tuple[Any, str] = (None, "")  # (the state it is about, a line from a private step)
        self.cells: list[TrackCell] = []
        self._key: Any = None

    # ---- drawing ----
    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB":
            return
        v = c.view()
        self._track(v)
        self._players(v)
        turn = v["turn"]
        self.ids.because.text = (f"Round {v['round']} \u00b7 " if v["phase"] == "play" else "") + \
            str(turn.get("because", "") or f"{turn['seat']}'s turn")
        top = v.get("discard_top", "")
        self.ids.pile.text = f"Draw pile: {v['pile']}" + (f" \u00b7 discard: {caption(top)}" if top else "")
        self.ids.notices.text = " \u00b7 ".join(v.get("notices", [])[-3:])
        self.ids.prompt.text = str(v.get("prompt", ""))
        self.find("undo").disabled = not c.undo_label()
        key = (id(c.state), self.mode, tuple(self.picked), self.fixing)
        if key == self._key:
            return
        if self._key is not None and self._key[0] != id(c.state) and self.mode != "fix_where":
            self.mode, self.picked, self.fixing = "play", [], ""  # a new moment: start afresh
            key = (id(c.state), self.mode, (), "")
        self._key = key
        self._choices(v)

    def _track(self, v: dict[str, Any]) -> None:
        t = v["track"]
        grid = self.ids.track
        # Putting a monster right, the track grows to finger-sized spaces (the rest folds away).
        big = self.mode == "fix_where"
        grid.cols = 13 if big else 21
        rows = -(-(t["end"] + 1) // grid.cols)
        grid.height = rows * (50 if big else 25) + rows - 1
        for w, height in ((self.ids.info, 54), (self.ids.prompt, 36)):
            w.height, w.opacity = (0, 0) if big else (height, 1)
        if len(self.cells) != t["end"] + 1:
            grid.clear_widgets()
            self.cells = []
            for space in range(t["end"] + 1):
                cell = Factory.TrackCell(action=f"space:{space}")
                cell.bind(on_press=lambda _b, s=space: self.tapped_space(s))
                self.cells.append(cell)
                grid.add_widget(cell)
        on: dict[int, list[str]] = {}
        for p in v["players"]:
            on.setdefault(p["space"], []).append(initial(p["seat"]))
        landmarks, steal = set(t["landmarks"]), set(t["steal"])
        for space, cell in enumerate(self.cells):
            mark = "START" if space == 0 else "END" if space == t["end"] else \
                "\u2605" if space in landmarks else "ST" if space in steal else \
                "\u2197" if space == t["sign"] else "\u271d" if space == t["tombstone"] else str(space)
            pawns = "".join(on.get(space, []))
            cell.text = f"[b][size=13]{pawns}[/size][/b]" if pawns else mark
            cell.background_color = (T.ACCENT if space in landmarks else T.DANGER if space in steal
                                     else T.INFO if space in (t["sign"], t["tombstone"]) else T.PANEL2)
            cell.disabled = not big
            # Small only while it is a picture of the track (disabled); a target, it is finger-sized.
            cell.small_reason = "" if big else "the track shown, not pressed (Move a monster enlarges it)"

    def _players(self, v: dict[str, Any]) -> None:
        box = self.ids.players
        box.clear_widgets()
        for p in v["players"]:
            me = "\u25b6 " if p["seat"] == v["turn"]["seat"] and v["phase"] == "play" else ""
            holder = ""
            if p.get("slots") is not None:
                holder = " holder " + "".join("\u25a0" if f else "\u25a1" for f in p["slots"])
            box.add_widget(Factory.GsbLine(
                text=f"{me}[b]{initial(p['seat'])}[/b] {p['seat']}: {p['where']}, "
                     f"{p['cards']} card{'s' if p['cards'] != 1 else ''}{holder}",
                color=T.ACCENT if me else T.TEXT))

    def _button(self, text: str, action: str, fn: Any, kind: str = "normal") -> BigButton:
        b = BigButton(caption=text, action=action, font_size=15, kind=kind, height=50)
        b.bind(on_press=lambda *_: fn())
        self.ids.choices.add_widget(b)
        return b

    def _choices(self, v: dict[str, Any]) -> None:
        app, c = self.app, self.app.controller
        self.ids.choices.clear_widgets()
        self.ids.note.text = ""
        self.find("hand").disabled = True
        self.find("fix").disabled = c.session.finished
        if self.mode in ("fix_who", "fix_where"):
            self._fix_choices(v)
            return
        waiting = v["waiting"]
        seat = str(waiting.get("seat", ""))
        if self.mode == "handover":
            self._button(f"Pass the device to {seat} \u2014 tap to look", "handover_look",
                         lambda: self._mode("hand"), "primary")
            return
        if self.mode == "hand":
            self.ids.note.text = f"{seat}'s cards: " + hand_words(c.view(seat).get("hand", []))
            self._button("Hide the hand", "hand_hide", lambda: self._mode("play"), "primary")
            return
        if v["phase"] == "over":
            return
        if app.seat.plays(c.state):
            self.ids.note.text = f"{seat}: the device is deciding\u2026"
            return
        kind = waiting.get("kind")
        mine = [p for p in v["players"] if p["seat"] == seat]
        automated = bool(mine and mine[0]["automated"])
        if kind == "draw":
            self._draw_choices(int(waiting["count"]), automated, seat)
            self._tell()
            return
        legal = offered(c)
        if kind == "take" and any(isinstance(i, I.Take) and i.card for i in legal):
            self.ids.note.text = f"Which card did {seat} take from {waiting.get('victim', '')}?"
        if kind == "play" and not automated:
            self.find("hand").disabled = False
        threes = [i for i in legal if isinstance(i, I.Play) and len(i.cards) == 3]
        if self.mode == "threes":
            self.ids.note.text = "Which three of a kind?"
            for inp in threes:
                self._button(words(inp, waiting), action_of(inp), lambda inp=inp: self.choose(inp))
            self._button("\u25c0 Back", "threes_back", lambda: self._mode("play"))
            return
        for i, inp in enumerate(legal):
            if inp in threes:
                continue
            self._button(words(inp, waiting), action_of(inp), lambda inp=inp: self.choose(inp),
                         "primary" if i == 0 and kind != "react" else "normal")
        if threes:  # up to six of them: one button opens them, so every choice fits the screen
            self._button("Three of a kind\u2026", "threes", lambda: self._mode("threes"))
        self._tell()

    def _draw_choices(self, count: int, automated: bool, seat: str) -> None:
        if automated:  # the holder's cards: scanned (named) as they go face down into it
            self.ids.note.text = naming_note(count, self.picked)
            card_buttons(self._button, self.picked, lambda k: self.name_card(k, count), self.unname)
            return
        # A person's cards are named only in private: the shared screen never shows one.
        cards, them = ("the card", "it") if count == 1 else ("the cards", "them")
        self.ids.note.text = f"{seat} keeps {cards} secret, or names {them} in private so the device can show {them} later"
        self._button(f"{count} not shown", "draw_unseen", lambda: self.choose(I.Draw(("?",) * count)), "primary")
        self._button(f"{seat} names {them} in private\u2026", "draw_name",
                     lambda: self.app.screen("gsb_pickup").hand_to(seat))

    def tell(self, line: str) -> None:
        """A line about the moment just made (by a private step), shown until the next input."""
        self.told, self._key = (self.app.controller.state, line), None
        self.refresh()

    def _tell(self) -> None:
        state, line = self.told
        if line and state is self.app.controller.state:
            self.ids.note.text = line + (" \u00b7 " + self.ids.note.text if self.ids.note.text else "")

    def _fix_choices(self, v: dict[str, Any]) -> None:
        if self.mode == "fix_who":
            self.ids.note.text = "Whose monster is not where the device shows it?"
            for p in v["players"]:
                self._button(p["seat"], f"fix:{p['seat']}", lambda s=p["seat"]: self._fix(s))
        else:
            self.ids.note.text = f"Tap the space where {self.fixing}'s monster stands"
        self._button("Cancel", "fix_cancel", lambda: self._mode("play"))

    # ---- touches ----
    def _mode(self, mode: str) -> None:
        self.mode = mode
        if mode == "play":
            self.fixing = ""
        self.refresh()

    def choose(self, inp: Any) -> None:
        self.picked = []
        self.app.submit(inp)
        self.refresh()

    def name_card(self, card: str, count: int) -> None:
        cards = self.add_card(card, count)
        if cards:
            if not self.app.submit(I.Draw(cards)):
                self._key = None
            self.refresh()

    def show_hand(self) -> None:
        self._mode("handover")

    def start_fix(self) -> None:
        self._mode("fix_who")

    def _fix(self, seat: str) -> None:
        self.fixing = seat
        self._mode("fix_where")

    def tapped_space(self, space: int) -> None:
        if self.mode != "fix_where" or not self.fixing:
            return
        seat, self.mode, self.fixing = self.fixing, "play", ""
        self.app.submit(I.Place(seat, space))
        self._key = None
        self.refresh()


SCREEN = GsbTableScreen
