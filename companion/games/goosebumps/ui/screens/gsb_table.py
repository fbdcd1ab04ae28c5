"""The Goosebumps table: the track with every monster, whose turn it is and why, the draw pile,
what just happened, and the choices of whoever acts now. Cards are named as the real ones show
(the table is the truth), only in private (gsb_pickup: a person's, the holder's); a hand is shown
there too, behind its cover; a monster the table moved by hand is put right on the track (issue
25, "Moves on the board"): "Move a monster" enlarges the track, a tap on the monster's space picks
it up (several monsters on one space: which one, from a short list), the spaces it may stand on
are lit (the reducer's own check, GSB-17: only Landmarks are shared), a tap on one puts it there;
an unlit one is refused with the rule, a tap on its own space again puts it back. Everything shown comes from the "table" observation. A card taken from a person's hand
on STEAL is played at once, face up: the camera reads it here, as a tap on "It was ..."."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.graphics import Color, Line, Rectangle
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import scanning
from companion.games.goosebumps.cards import title
from companion.games.goosebumps.protocol import for_table
from companion.ui.camera import CAMERA
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence or name the rules made in English, in the language shown

SHORT = {"pal": "Pal", "car": "Haunted Car", "book": "Found Your Book!", "stine": "R.L. Stine!",
         "gnomies": "Gnomies", "freeze": "Freeze Ray!"}  # printed card titles: as printed in every language


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
        return f"take:slot{inp.slot}" if inp.slot else f"take:{inp.card or 'device'}"
    if isinstance(inp, I.Shortcut):
        return "shortcut:" + ("yes" if inp.take else "no")
    if isinstance(inp, I.Target):
        return f"target:{inp.seat}"
    if isinstance(inp, I.React):
        return "react:" + ("yes" if inp.play else "no")
    return type(inp).kind


LINE_ROOM = 62  # characters one line of the screen's width reads whole at the body size


def latest(notices: list[str]) -> str:
    """What just happened, newest last, large: the newest line, and the one before it when both
    read on one line of the screen's width (the Journal keeps every line, the device's steps say
    its moves whole). The older words are the dimmer."""
    lines = [said(for_people(for_table(x))) for x in notices[-2:] if x]
    if not lines:
        return ""
    if len(lines) == 2 and len(lines[0]) + 3 + len(lines[1]) > LINE_ROOM:
        lines = lines[-1:]
    *older, newest = [escape(n) for n in lines]
    return "".join(f"[color={DIM_HEX}]{o}[/color] \u00b7 " for o in older) + newest


def escape(text: str) -> str:
    """A line as markup shows it (square brackets are Kivy's tags)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


DIM_HEX = "".join(f"{round(c * 255):02x}" for c in T.DIM[:3])


def words(inp: Any, waiting: dict[str, Any], on_screen: bool = False) -> str:
    """A choice's button. `on_screen`: the automated player's cards are on the screen, not in a
    holder (a person stealing from them picks "Card 2", not "Slot 2")."""
    if isinstance(inp, I.Play):
        return _("Three {n}s").format(n=inp.cards[0]) if len(inp.cards) == 3 else caption(inp.cards[0])
    if isinstance(inp, I.Pass):
        return _("No card to play: pass")
    if isinstance(inp, I.Steal):
        return _("Steal from {who}").format(who=said(inp.victim))
    if isinstance(inp, I.Take):
        if inp.slot:
            return (_("Card {n}") if on_screen else _("Slot {n}")).format(n=inp.slot)
        return _("The device picks the slot") if not inp.card else _("It was {card}").format(card=caption(inp.card))
    if isinstance(inp, I.Shortcut):
        return _("Take the shortcut") if inp.take else _("Stay on the path")
    if isinstance(inp, I.Target):
        return _("{who} goes back").format(who=said(inp.seat))
    if isinstance(inp, I.React):
        return _("Play {card}").format(card=title(str(waiting.get("card", "")))) if inp.play else _("Let it pass")
    return type(inp).kind


def offered(c: Any) -> list[Any]:
    """The choices on the shared screen: what the whole table's view allows (every card a hand
    could hold, a pass whenever the public cards allow one), never the acting seat's own list, which
    would show a named hand; the rules refuse what the real hand cannot do."""
    return list(c.rules.legal_inputs(c.state, "table"))


PROMPT_ONE_LINE = 24  # px at the normal text size: the prompt takes a second line rather than going under this on one


def line_px(font: float) -> int:
    """The height of one line of text at `font` px (DejaVu's line is 1.2 times its size): boxes
    are sized from the font in use, so they grow with the "Large text" setting (theme.set_scale)."""
    return round(font * 1.2)


def prompt_px(two: bool) -> int:
    """The prompt's height: one line at the prompt's size, or two at the body size (the least it
    steps down to)."""
    return (2 * line_px(T.FONT_BODY) if two else line_px(T.FONT_PROMPT)) + 4


def strip_px() -> int:
    """The track strip's height: its chips hold a line of bold initials at the body size."""
    return line_px(T.FONT_BODY) + 2


@lru_cache(maxsize=512)  # the track's cells ask it on every refresh
def one_line(text: str, font_size: float, width: float) -> bool:
    """Does the (marked-up) text fit one line of `width` px in bold at `font_size`?"""
    from kivy.core.text.markup import MarkupLabel

    core = MarkupLabel(text=text, font_size=font_size, bold=True, font_name="Body")
    core.refresh()
    return bool(core.content_width <= width)


class TrackCell(Button):
    """One space of the track: its number or its kind, the monsters on it. A control only while a
    monster is being put right by hand."""

    board_label = True  # a board or track label (readability.py)

    action = StringProperty("")
    face = ListProperty(list(T.PANEL2))  # the space's colour, drawn under its text
    ring = BooleanProperty(False)        # monsters stand on it
    lit = BooleanProperty(False)         # the monster picked up may be put here
    picked = BooleanProperty(False)      # the space of the monster picked up


FIXING = ("fix_who", "fix_where")  # a monster put right by hand: the track enlarged, every space a target
WINDOW = 13  # spaces of the track shown large while playing (a finger's width each across the screen)
REACH = 6    # the stretch ahead of the mover kept in view: the highest numbered card


def window(end: int, focus: int, pieces: list[int], size: int = WINDOW) -> int:
    """The first space of the stretch shown large: the mover's space and the spaces a numbered
    card takes it to, and as many of the other monsters as fit with them (nearest first)."""
    size = min(size, end + 1)
    need = min(end, focus + REACH)
    lo, hi = max(0, need - size + 1), min(focus, end + 1 - size)
    best = max(0, min(focus - 2, end + 1 - size))
    if lo > hi:
        return best
    return max(range(lo, hi + 1), key=lambda s: (sum(s <= p < s + size for p in pieces), -abs(s - best)))


STRIP_PLAIN = T.hexc("5a5066")  # a plain space on the strip: seen against the screen, quieter than a coloured one


class TrackStrip(Widget):
    """The whole track as a thin strip: each space a sliver in its kind's colour, the stretch shown
    large framed, each monster's mark above its space."""

    def show(self, end: int, colours: list[Any], first: int, count: int, pawns: dict[int, str]) -> None:
        self._what = (end, colours, first, count, pawns)
        self._draw()

    def on_size(self, *_: Any) -> None:
        self._draw()

    def on_pos(self, *_: Any) -> None:
        self._draw()

    def _draw(self) -> None:
        what = getattr(self, "_what", None)
        self.canvas.clear()
        self.clear_widgets()
        if what is None or self.width <= 0:
            return
        end, colours, first, count, pawns = what
        step = self.width / (end + 1)
        band, mid = 10, self.y + (self.height - 10) / 2
        marks: list[tuple[Label, float]] = []
        right = self.x
        for space in sorted(pawns):  # each monster's mark on a light chip over its space
            mark = Label(text=f"[b]{pawns[space]}[/b]", markup=True, font_size=T.FONT_BODY, color=T.BG)
            mark.texture_update()
            w = mark.texture_size[0] + 8
            left = min(max(self.x + space * step + step / 2 - w / 2, right + 3), self.right - w)
            mark.size, mark.pos = (w, self.height), (left, self.y)
            right = left + w
            marks.append((mark, left))
        with self.canvas:
            for space, colour in enumerate(colours):
                Color(*colour)
                Rectangle(pos=(self.x + space * step, mid), size=(max(1.0, step - 1), band))
            Color(*T.TEXT)
            Line(rectangle=(self.x + first * step - 1, mid - 2, count * step + 1, band + 4), width=1.2)
            for mark, left in marks:
                Rectangle(pos=(left, self.y), size=mark.size)
        for mark, _ in marks:
            self.add_widget(mark)


class GsbTableScreen(BaseScreen):
    title = N_("Goosebumps")

    def on_kv_post(self, base: Any) -> None:
        self.mode = "play"  # play | threes | fix_who | fix_where
        self.fixing = ""
        self.crowd: list[str] = []  # the monsters on the space tapped, when more than one stand there
        self.told: tuple[Any, str] = (None, "")  # (the state it is about, a line from a private step)
        self.cells: list[TrackCell] = []
        self._key: Any = None
        self._camera = False  # the camera reads the card taken on STEAL

    # ---- drawing ----
    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB":
            return
        v = c.view()
        self._track(v)
        self._players(v)
        turn = v["turn"]
        because = said(for_people(for_table(str(turn.get("because", ""))))) if turn.get("because") else \
            _("{who}'s turn").format(who=said(str(turn["seat"])))
        self.ids.because.text = (_("Round {n}").format(n=v["round"]) + " \u00b7 " if v["phase"] == "play" else "") + because
        top = v.get("discard_top", "")
        pile = v["pile"]
        if c.state.options.device_hand == "screen":
            # The cards the device holds on the screen are still in the real draw pile (nobody dealt
            # them; gsb_setup's words): the count is the table's (play-test, issue 25: 57 for 61).
            pile += sum(p["cards"] for p in v["players"] if p["automated"])
        self.ids.pile.text = _("Draw pile: {n}").format(n=pile)
        self.ids.discard.text = _("Discard: {card}").format(card=caption(top)) if top else ""
        # Putting a monster right by hand, the track takes the room of what happened
        self.ids.notices.text = "" if self.mode in FIXING else latest(list(v.get("notices", [])))
        prompt = self.ids.prompt
        prompt.text = self.app.marked(said(for_people(for_table(str(v.get("prompt", ""))))))  # guesses marked
        if self.mode not in FIXING:  # one line when it reads at a good size, two when it does not
            prompt.height = prompt_px(not one_line(prompt.text, T.px(PROMPT_ONE_LINE), Window.width - 12 - 20))
        self.find("undo").disabled = not c.undo_label()
        w = v["waiting"]
        victim = [p for p in v["players"] if p["seat"] == w.get("victim")]
        stolen = w.get("kind") == "take" and bool(victim) and not victim[0]["automated"] and victim[0]["cards"] > 0 \
            and self.mode == "play"
        self._camera = stolen and CAMERA.read(self.app, self, self.scanned)
        if not stolen:
            CAMERA.stop(self.app, self)
        key = (id(c.state), self.mode, self.fixing, self._camera)
        if key == self._key:
            return
        if self._key is not None and self._key[0] != id(c.state) and self.mode not in FIXING:
            self.mode, self.fixing = "play", ""  # a new moment: start afresh
            key = (id(c.state), self.mode, "", self._camera)
        self._key = key
        self._choices(v)

    def _track(self, v: dict[str, Any]) -> None:
        """While playing: the stretch around the mover large, the whole track a strip under it.
        Putting a monster right by hand: every space, finger-sized (the rest folds away)."""
        t = v["track"]
        end = int(t["end"])
        grid = self.ids.track
        big = self.mode in FIXING
        lit = self.destinations() if self.mode == "fix_where" else set()
        home = next((p["space"] for p in v["players"] if p["seat"] == self.fixing), -1) if lit or self.fixing else -1
        on: dict[int, list[str]] = {}
        for p in v["players"]:
            on.setdefault(p["space"], []).append(initial(said(p["seat"])))
        focus = next((p["space"] for p in v["players"] if p["seat"] == v["turn"].get("seat")), 0)
        first = 0 if big else window(end, focus, sorted(on))
        count = end + 1 if big else min(WINDOW, end + 1)
        grid.cols = 13 if big else count
        rows = -(-count // grid.cols)
        crowd = any(len(ms) > 3 for ms in on.values())  # four monsters or more on a space: two lines of them
        grid.height = rows * (50 if big or crowd else 46) + rows - 1
        rows = max(2, -(-len(v["players"]) // (2 if len(v["players"]) > 3 else 1)))
        for w, height in ((self.ids.info, 24 * rows), (self.ids.prompt, prompt_px(True)), (self.ids.strip, strip_px())):
            w.height, w.opacity = (0, 0) if big else (height, 1)
        if len(self.cells) != count:
            grid.clear_widgets()
            self.cells = []
            for k in range(count):
                cell = Factory.TrackCell()
                cell.bind(on_press=lambda b: self.tapped_space(int(b.action.split(":")[1])))
                self.cells.append(cell)
                grid.add_widget(cell)
        landmarks, steal = set(t["landmarks"]), set(t["steal"])
        wide = (Window.width - 12 - (grid.cols - 1)) / grid.cols  # a cell's width (the grid's padding and spacing)

        def face(space: int) -> Any:
            return (T.ACCENT if space in landmarks else T.DANGER if space in steal
                    else T.INFO if space in (t["sign"], t["tombstone"]) else T.PANEL2)

        for k, cell in enumerate(self.cells):
            space = first + k
            # The ends by a glyph and a word the cell reads whole at the body size
            mark = "\u25b6" if space == 0 else _("END") if space == end else \
                "\u2605" if space in landmarks else _("ST") if space in steal else \
                "\u2197" if space == t["sign"] else "\u271d" if space == t["tombstone"] else str(space)
            pawns = "".join(on.get(space, []))
            cell.action = f"space:{space}"
            if len(pawns) > 3:  # four monsters or more: two lines of them
                pawns = pawns[:(len(pawns) + 1) // 2] + "\n" + pawns[(len(pawns) + 1) // 2:]
            cell.text = f"[b]{pawns}[/b]" if pawns else mark
            cell.face = list(face(space))
            cell.ring = bool(pawns)
            cell.lit = space in lit
            cell.picked = space == home
            # Dark words on a coloured space, light ones on a plain one: both read at 4.5:1 or more.
            cell.color = T.BG if cell.face != list(T.PANEL2) else T.TEXT
            size = T.FONT_BODY if big or len(pawns) > 3 else T.FONT_TITLE if len(pawns) < 3 \
                else T.FONT_TITLE - T.px(4) if pawns else T.FONT_TITLE - T.px(2)
            # Three monsters ("12D") or "END" at Large text: a step smaller rather than cut in the cell
            while size > T.FONT_BODY and "\n" not in cell.text and not one_line(cell.text, size, wide - 6):
                size -= 1
            cell.font_size = size
            cell.disabled = not big
            # A picture of the track while playing, pressed nowhere; a target, it is finger-sized.
            cell.small_reason = "" if big else _("the track shown, not pressed (Move a monster enlarges it)")
        if not big:
            self.ids.strip.show(end, [T.TEXT if sp in (0, end) else STRIP_PLAIN if face(sp) == T.PANEL2 else face(sp)
                                      for sp in range(end + 1)],
                                first, count, {sp: "".join(ms) for sp, ms in on.items()})

    def _players(self, v: dict[str, Any]) -> None:
        box = self.ids.players
        box.clear_widgets()
        many = len(v["players"]) > 3
        box.cols = 2 if many else 1  # a line each, as large as the corner holds
        on_screen = self.app.controller.state.options.device_hand == "screen"
        for p in v["players"]:
            me = "\u25b6 " if p["seat"] == v["turn"]["seat"] and v["phase"] == "play" else ""
            holder = ""
            if p.get("slots") is not None and not on_screen:
                holder = "".join("\u25a0" if f else "\u25a1" for f in p["slots"])
                holder = f" {holder}" if many else " " + _("holder {slots}").format(slots=holder)
            n = p["cards"]
            cards = ngettext("{n} card", "{n} cards", n).format(n=n)
            who = said(str(p["seat"]))
            if many:  # two columns: the mark and the space (the track shows what it is)
                where = p["where"] if p["where"] in ("START", "THE END") else _("space {n}").format(n=p["space"])
                text = f"{me}[b]{initial(who)}[/b] {where}, {cards}{holder}"
            else:
                # No slots at the table when its hand is on the screen: the count says it (the
                # play-test of issue 25 saw a long line drop out of its cell).
                text = f"{me}[b]{initial(who)}[/b] {who}: {said(str(p['where']))}, {cards}{holder}"
            box.add_widget(Factory.GsbLine(text=text, color=T.ACCENT if me else T.TEXT))

    def _button(self, text: str, action: str, fn: Any, kind: str = "normal") -> BigButton:
        b = BigButton(caption=text, action=action, font_size=T.FONT_BODY, kind=kind, height=50)
        b.bind(on_press=lambda *_: fn())
        self.ids.choices.add_widget(b)
        return b

    def _choices(self, v: dict[str, Any]) -> None:
        app, c = self.app, self.app.controller
        self.ids.choices.clear_widgets()
        self.ids.scroller.scroll_y = 1  # new choices: the list from its first row
        self.ids.note.text = ""
        self.find("hand").disabled = True
        self.find("fix").disabled = c.session.finished
        if self.mode in ("fix_who", "fix_where"):
            self._fix_choices(v)
            return
        waiting = v["waiting"]
        seat = str(waiting.get("seat", ""))
        if v["phase"] == "over":
            return
        if app.seat.plays(c.state):
            self.ids.note.text = _("{who}: the device is deciding\u2026").format(who=said(seat))
            return
        kind = waiting.get("kind")
        mine = [p for p in v["players"] if p["seat"] == seat]
        automated = bool(mine and mine[0]["automated"])
        if kind == "draw":
            self._draw_choices(int(waiting["count"]), automated, seat)
            self._tell()
            return
        legal = offered(c)
        on_screen = c.state.options.device_hand == "screen"
        if kind == "take" and any(isinstance(i, I.Take) and i.card for i in legal):
            self.ids.note.text = _("Which card did {who} take from {victim}?").format(
                who=said(seat), victim=said(str(waiting.get("victim", ""))))
            if self._camera:
                self.ids.note.text += " " + _("Tap it, or hold its sticker under the camera.")
        if kind == "play" and not automated:
            self.find("hand").disabled = False
        threes = [i for i in legal if isinstance(i, I.Play) and len(i.cards) == 3]
        if self.mode == "threes":
            self.ids.note.text = _("Which three of a kind?")
            for inp in threes:
                self._button(words(inp, waiting, on_screen), action_of(inp), lambda inp=inp: self.choose(inp))
            self._button("\u25c0 " + _("Back"), "threes_back", lambda: self._mode("play"))
            return
        for i, inp in enumerate(legal):
            if inp in threes:
                continue
            # A card played or taken is what the table holds or picked blind: none is lit as the
            # one to press (the panel's Confirm presses it; the play-test of issue 25 saw "1" and
            # "Card 1" lit).
            self._button(words(inp, waiting, on_screen), action_of(inp), lambda inp=inp: self.choose(inp),
                         "primary" if i == 0 and kind not in ("react", "play", "take") else "normal")
        if threes:  # up to six of them: one button opens them, so every choice fits the screen
            self._button(_("Three of a kind\u2026"), "threes", lambda: self._mode("threes"))
        self._tell()

    def _draw_choices(self, count: int, automated: bool, seat: str) -> None:
        # Cards are named only in private: the shared screen never shows one.
        private = self.app.screen("gsb_pickup")
        who = said(seat)
        if automated and self.app.controller.state.options.device_hand == "screen":
            # Its own shuffle: nobody deals it a card, nobody sees one (the set-up said so, once).
            self.ids.note.text = _("{who} picks up {n} from the device's own shuffle").format(who=who, n=count)
            self._button(ngettext("Let the device deal it (nobody sees it)", "Let the device deal them (nobody sees them)",
                                  count), "draw_shuffle",
                         lambda: self.choose(I.Draw((I.DEVICE_DRAWS,) * count)), "primary")
            return
        if automated:  # the holder's cards: named by whoever deals them face down into it
            self.ids.note.text = ngettext("Whoever deals it names it in private", "Whoever deals them names them in private",
                                          count)  # the prompt says where
            self._button(ngettext("Name {who}'s {n} card in private\u2026", "Name {who}'s {n} cards in private\u2026",
                                  count).format(who=who, n=count), "draw_device",
                         lambda: private.hand_to(seat, "holder"), "primary")
            return
        self.ids.note.text = ngettext("Secret, or named in private so the device can show it later",
                                      "Secret, or named in private so the device can show them later", count)
        self._button(_("{n} not shown").format(n=count), "draw_unseen", lambda: self.choose(I.Draw(("?",) * count)),
                     "primary")
        self._button(ngettext("{who} names it in private\u2026", "{who} names them in private\u2026", count).format(who=who),
                     "draw_name", lambda: private.hand_to(seat))

    def scanned(self, code: str) -> None:
        """The stolen card's sticker: the same Take as its button."""
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB":
            return
        try:
            inp = scanning.stolen_input(c.state, code)
        except scanning.NotNow as exc:
            self.app.toast(str(exc))
            return
        self.app.submit(inp)
        self.refresh()

    def on_leave(self, *_: Any) -> None:
        CAMERA.stop(self.app, self)

    def tell(self, line: str) -> None:
        """A line about the moment just made (by a private step), shown until the next input."""
        self.told, self._key = (self.app.controller.state, line), None
        self.refresh()

    def _tell(self) -> None:
        state, line = self.told
        if line and state is self.app.controller.state:
            self.ids.note.text = line + (" \u00b7 " + self.ids.note.text if self.ids.note.text else "")

    def _fix_choices(self, v: dict[str, Any]) -> None:
        if self.mode == "fix_who" and self.crowd:
            # several monsters on the space tapped: which one is a choice the track cannot show
            self.ids.note.text = _("Which monster on that space?")
            for seat in self.crowd:
                self._button(said(seat), f"fix:{seat}", lambda s=seat: self._fix(s))
        elif self.mode == "fix_who":
            self.ids.note.text = _("Tap the space of the monster that is not where the device shows it")
        else:
            self.ids.note.text = _("Tap a lit space: where {who}'s monster stands").format(who=said(self.fixing))
        self._button(_("Cancel"), "fix_cancel", lambda: self._mode("play"))

    def destinations(self) -> set[int]:
        """The spaces the monster picked up may be put on: each tried by the reducer itself."""
        c = self.app.controller
        if not self.fixing or c.session is None:
            return set()
        out = set()
        for k in range(int(c.view()["track"]["end"]) + 1):
            try:
                c.rules.apply(c.state, I.Place(self.fixing, k))
            except IllegalInput:
                continue
            out.add(k)
        return out

    # ---- touches ----
    def _mode(self, mode: str) -> None:
        self.mode = mode
        if mode != "fix_where":
            self.fixing = ""
        self.crowd = []
        self._key = None
        self.refresh()

    def choose(self, inp: Any) -> None:
        self.app.submit(inp)
        self.refresh()

    def show_hand(self) -> None:
        """The acting person's hand, on the private screen behind its cover."""
        seat = str(self.app.controller.view()["waiting"].get("seat", ""))
        self.app.screen("gsb_pickup").hand_to(seat, "hand")

    def start_fix(self) -> None:
        self._mode("fix_who")

    def _fix(self, seat: str) -> None:
        self.fixing = seat
        self._mode("fix_where")

    def tapped_space(self, space: int) -> None:
        """A tap on the enlarged track: the monster's space first, then a lit space."""
        c = self.app.controller
        if self.mode not in FIXING or c.session is None:
            return
        players = c.view()["players"]
        if self.mode == "fix_who":
            here = [str(p["seat"]) for p in players if p["space"] == space]
            if not here:
                self.app.toast(_("No monster stands there: tap the space of the monster to put right, "
                                 "then a lit space."))
                return
            if len(here) == 1:
                self._fix(here[0])
                return
            self.crowd = here
            self._key = None
            self.refresh()
            return
        home = next((p["space"] for p in players if p["seat"] == self.fixing), -1)
        if space == home:
            self._mode("fix_who")  # put back: nothing moved
            return
        if self.app.submit(I.Place(self.fixing, space)):  # an unlit space: the rule says why, nothing moves
            self._mode("play")


SCREEN = GsbTableScreen
