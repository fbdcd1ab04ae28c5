"""The private screen: whatever one person may see alone, behind a cover ("Pass the device to
Player 1 ... Everyone else: look away"). Three errands: a person's pick-up named card by card (or
the rest kept secret); the automated player's cards named by whoever deals them into its holder;
a person's own hand, read only. The shared screen then says only how many were named. What was
shown here is cleared before the cover comes back, however the screen is left.

Past the hand-over, what the person holds (their hand, the cards named so far) is under the
shell's hold-to-reveal cover (companion/ui/hold.py, Settings -> "Private cards"): on screen only
while their finger is on it, or for a tap's seconds. The kinds of card to tap, and how many are
still to name, stay below it for the other hand. While a pick-up is named (past the hand-over,
held or not) the camera reads each card's sticker as a tap on that card: a card under the camera
needs no finger on the cover, and one held on it stays shown as the card is read."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import BooleanProperty

from companion.games.goosebumps import inputs as I
from companion.games.goosebumps import scanning
from companion.games.goosebumps.cards import KINDS
from companion.ui.camera import CAMERA
from companion.games.goosebumps.ui.screens.gsb_table import caption
from companion.ui import theme as T
from companion.ui.hold import look_hint
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said

PICKUP, HOLDER, HAND = "pickup", "holder", "hand"  # the errands


def naming_note(count: int, picked: list[str]) -> str:
    """Where a pick-up's naming stands: how many cards are still to name, and those named."""
    got = ", ".join(caption(x) for x in picked)
    return naming_count(count, picked) + (f": {got}" if got else "")


def naming_count(count: int, picked: list[str]) -> str:
    """The same without the cards: what shows outside the cover."""
    return _("Name each card as it shows ({n} more)").format(n=count - len(picked))


def card_buttons(add: Callable[..., Any], picked: list[str], name: Callable[[str], None],
                 unname: Callable[[], None]) -> None:
    """A button per kind of card, and one taking back the last card named."""
    for k in KINDS:
        add(caption(k), f"card:{k}", lambda k=k: name(k))
    if picked:
        add("\u232b " + _("Not that one"), "card_back", unname)


def hand_words(hand: list[str]) -> str:
    """A hand from its own seat's observation: the cards named, and how many were not."""
    named = [caption(x) for x in hand if x not in ("", "?")]
    hidden = sum(1 for x in hand if x == "?")
    return (", ".join(named) if named else _("none named")) + (
        _(", and {n} the device has not seen").format(n=hidden) if hidden else "")


class NamesCards:
    """Card-by-card naming of a pick-up (a person's, or the cards dealt into the holder)."""

    picked: list[str]  # (and the screen's `refresh`)
    stickers: list[str]  # the sticker read for each card picked ("" for a tap)

    def add_card(self, card: str, count: int, sticker: str = "") -> tuple[str, ...]:
        """The whole pick-up once its last card is named (and the naming starts afresh), else ()."""
        self.picked.append(card)
        self.stickers.append(sticker)
        if len(self.picked) < count:
            self.refresh()
            return ()
        cards, self.picked, self.stickers = tuple(self.picked), [], []
        return cards

    def unname(self) -> None:
        if self.picked:
            self.picked.pop()
            self.stickers.pop()
        self.refresh()


def cover_words(errand: str, seat: str, count: int) -> tuple[str, str]:
    """The cover's line and its button's caption."""
    who = said(seat)
    away = "\n[size=22]" + _("Everyone else: look away.") + "[/size]"
    if errand == HAND:
        return (f"{T.GLYPH_WARN} " + _("Pass the device to {who} to see their hand").format(who=who) + away,
                _("I am {who}: tap to see my hand").format(who=who))
    if errand == HOLDER:
        return (f"{T.GLYPH_WARN} " + ngettext("Pass the device to the person dealing {who}'s card into the holder, to name it",
                                              "Pass the device to the person dealing {who}'s {n} cards into the holder, "
                                              "to name them", count).format(who=who, n=count) + away,
                ngettext("I deal {who}'s card: tap to name it", "I deal {who}'s cards: tap to name them",
                         count).format(who=who))
    return (f"{T.GLYPH_WARN} " + ngettext("Pass the device to {who} to name the card they picked up",
                                          "Pass the device to {who} to name the cards they picked up",
                                          count).format(who=who) + away,
            ngettext("I am {who}: tap to name my card", "I am {who}: tap to name my cards", count).format(who=who))


def told(errand: str, seat: str, cards: tuple[str, ...]) -> str:
    """The shared screen's line once the cards are in: how many were named, never which."""
    n, named = len(cards), sum(1 for x in cards if x != "?")
    who = said(seat)
    if errand == HOLDER:
        return ngettext("{who}'s card is named", "{who}'s {n} cards are named", n).format(who=who, n=n)
    if n == 1:
        return _("{who} named the card in private").format(who=who)
    if named == n:
        return _("{who} named the {n} cards in private").format(who=who, n=n)
    return _("{who} named {named} of the {n} cards in private").format(who=who, named=named, n=n)


class GsbPickupScreen(NamesCards, BaseScreen):
    title = N_("Goosebumps: in private")
    reading = BooleanProperty(False)  # a hand read only: the cover takes the screen

    def on_kv_post(self, base: Any) -> None:
        self.errand, self.seat = PICKUP, ""
        self.moment: Any = None  # the state the errand is about
        self.picked: list[str] = []
        self.stickers: list[str] = []
        self.revealed = False

    def hand_to(self, seat: str, errand: str = PICKUP) -> None:
        """From the table: `seat`'s pick-up now waiting (PICKUP: named by that person; HOLDER: by
        whoever deals the holder's cards) or `seat`'s hand (HAND), behind the cover."""
        self.errand, self.seat, self.moment = errand, seat, self.app.controller.state
        self.picked, self.stickers, self.revealed = [], [], False
        self.app.go("gsb_pickup")

    def _count(self) -> int:
        """The pick-up's size (HAND: 1 while its moment lasts), 0 when the moment has passed (an
        Undo, a resume, another game)."""
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB" or c.state is not self.moment:
            return 0
        w = c.view()["waiting"]
        if w.get("seat") != self.seat:
            return 0
        if self.errand == HAND:
            return int(w.get("kind") == "play")
        return int(w["count"]) if w.get("kind") == "draw" else 0

    def refresh(self) -> None:
        count = self._count()
        if not count:
            self.cover()
            if self.app.sm.current == "gsb_pickup":
                self.app.go_play()
            return
        self.ids.cover.shown, self.ids.secret.shown = not self.revealed, self.revealed
        if not self.revealed:
            self.ids.cover_text.text, self.find("look").caption = cover_words(self.errand, self.seat, count)
            self.ids.back.caption = _("Back to the table") if self.errand == HAND else _("Back to the table: name none")
            return
        done, look = self.ids.done, self.ids.look
        self.ids.choices.clear_widgets()
        hand = [x for x in self.app.controller.view(self.seat).get("hand", []) if x]  # the seat's own view
        self.reading = self.errand == HAND
        who = said(self.seat)
        if self.errand == HAND:
            done.action, done.caption = "hand_done", _("Done: cover")
            self.ids.heading.text = _("[b]{who} only[/b]: your hand").format(who=who)
            self.ids.note.text = ""
            look.hint = f"{who}: " + look_hint(_("your hand"))
            look.secret = _("{who}'s cards: {cards}").format(who=who, cards=hand_words(hand))
            return
        camera = CAMERA.read(self.app, self, self.scanned)
        done.action, done.caption = "pickup_cancel", _("Hide: name none, back to the table")
        self.ids.heading.text = (  # the table's prompt says where they go
            ngettext("[b]The dealer only[/b]: name the {n} card for {who}",
                     "[b]The dealer only[/b]: name the {n} cards for {who}", count)
            if self.errand == HOLDER else
            ngettext("[b]{who} only[/b]: name the {n} card you picked up",
                     "[b]{who} only[/b]: name the {n} cards you picked up", count)).format(who=who, n=count)
        if camera:
            self.ids.heading.text += _(": tap each, or hold its sticker under the camera")
        self.ids.note.text = naming_count(count, self.picked)
        look.hint = (_("Dealer") + ": " + look_hint(_("the cards named")) if self.errand == HOLDER else
                     f"{who}: " + look_hint(_("the cards named and your hand") if hand else _("the cards named")))
        look.secret = naming_note(count, self.picked) + (
            "\n" + _("In your hand already: {cards}").format(cards=hand_words(hand))
            if hand and self.errand == PICKUP else "")
        card_buttons(self._button, self.picked, self.name_card, self.unname)
        if self.picked and self.errand == PICKUP:  # the holder's cards must all be named
            self._button(_("The rest not shown"), "pickup_rest", self.rest_secret)

    def _button(self, text: str, action: str, fn: Any) -> BigButton:
        b = BigButton(caption=text, action=action, font_size=T.FONT_BODY)
        b.bind(on_press=lambda *_: fn())
        self.ids.choices.add_widget(b)
        return b

    def cover(self) -> None:
        """Covered, and nothing of what was shown left in any widget; the camera off."""
        CAMERA.stop(self.app, self)
        self.ids.look.cover()
        self.ids.look.secret = ""
        self.revealed = False
        self.ids.cover.shown, self.ids.secret.shown = True, False
        self.ids.heading.text = self.ids.note.text = ""
        self.ids.choices.clear_widgets()

    def on_pre_leave(self, *_: Any) -> None:
        self.ids.look.cover()

    def on_leave(self, *_: Any) -> None:
        self.picked, self.stickers = [], []
        self.cover()  # however the screen is left, it comes back covered

    # ---- touches ----
    def look(self) -> None:
        self.revealed = True
        self.refresh()

    def back(self) -> None:
        """Nothing named (or the hand seen): the table's choices again."""
        self.picked, self.stickers = [], []
        self.cover()
        self.app.go_play()

    def name_card(self, card: str, sticker: str = "") -> None:
        read = self.stickers + [sticker]
        cards = self.add_card(card, self._count(), sticker)
        if cards:
            self._submit(cards, read)

    def scanned(self, code: str) -> None:
        """A sticker under the camera while the pick-up is named: that card, as its tap."""
        c = self.app.controller
        if not self.revealed or self.errand == HAND or not self._count():
            return
        try:
            card = scanning.picked_card(c.state, code, self.stickers)
        except scanning.NotNow as exc:
            self.app.toast(str(exc))  # here, to this person only; nothing named is lost
            return
        self.name_card(card, code)

    def rest_secret(self) -> None:
        self._submit(tuple(self.picked) + ("?",) * (self._count() - len(self.picked)), self.stickers)

    def _submit(self, cards: tuple[str, ...], read: list[str]) -> None:
        """The pick-up, with the stickers read for it: the game keeps them (State.read), so one
        shown again is refused after an Undo or a resume as well."""
        self.picked, self.stickers = [], []
        stickers = tuple(read) + ("",) * (len(cards) - len(read)) if any(read) else ()
        if not self.app.submit(I.Draw(cards, stickers)):  # refused (said here only): name them again
            self.refresh()
            return
        self.cover()
        self.app.go_play()
        if self.app.sm.current == "gsb_table":
            self.app.screen("gsb_table").tell(told(self.errand, self.seat, cards))


SCREEN = GsbPickupScreen
