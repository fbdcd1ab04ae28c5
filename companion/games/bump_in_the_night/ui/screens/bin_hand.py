"""The hand-over: what only one player may see (their cards, the card they drew, whether they play
a Bonus card) waits behind "Pass the device to Red - tap to look", and shows only that seat's
observation. Leaving the screen, or the next player's decision, hides it again. While the player
looks and a card is owed to them, the camera reads the drawn card's sticker: the same Draw a tap
on its title makes; the card shows in their hand line, the toast says only "Red's card is read"."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night import choices, scanning
from companion.games.bump_in_the_night.state import DrawFor
from companion.games.bump_in_the_night.ui import acting_colour
from companion.ui.camera import CAMERA
from companion.games.bump_in_the_night.ui.widgets import colour_words, fill_buttons, fill_choices
from kivy.properties import BooleanProperty

from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown

DECKS = {"ACTN": N_("Action"), "BLCK": N_("Block"), "BONS": N_("Bonus")}


class BinHandScreen(BaseScreen):
    title = N_("Cards")
    looking = BooleanProperty(False)

    def on_kv_post(self, base: Any) -> None:
        self.colour = ""
        self.opened = ""

    def hand_over(self, colour: str) -> None:
        self.colour, self.looking, self.opened = colour, False, ""

    def on_leave(self, *_: Any) -> None:
        self.looking, self.opened = False, ""
        CAMERA.stop(self.app, self)

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "BIN":
            return
        state = c.state
        colour = acting_colour(state)
        if colour != self.colour:
            self.hand_over(colour)
        self.find("undo").disabled = not c.undo_label()
        who = colour_words(colour) if colour else _("the player")
        self.find("look").shown = not self.looking
        self.find("look").caption = _("Pass the device to {who} \u2014 tap to look").format(who=said(colour.capitalize()))
        self.find("hide_hand").shown = self.looking
        self.find("back_group").shown = self.looking and bool(self.opened)
        grid = self.ids.choices
        drawing = bool(state.pending) and isinstance(state.pending[0], DrawFor)
        camera = self.looking and drawing and CAMERA.read(self.app, self, self.scanned)
        if not (self.looking and drawing):
            CAMERA.stop(self.app, self)
        if not self.looking:
            self.ids.heading.text = _("Only {who} looks now").format(who=who)
            self.ids.hand.text = self.ids.note.text = ""
            self.ids.prompt.text = ""
            fill_buttons(grid, [])
            return
        v = c.view(colour)  # that seat's observation only
        self.ids.heading.text = _("{who}'s cards").format(who=who)
        hand = [f"{card['name']} [color=a89cb0]({_(DECKS.get(card['deck'], card['deck']))})[/color]" for card in v.get("hand", [])]
        self.ids.hand.text = _("In your hand: {cards}").format(cards=", ".join(hand) if hand else _("no cards"))
        self.ids.prompt.text = said(for_people(str(v["prompt"])))
        if drawing:
            groups = choices.draw_groups(state)
            self.ids.prompt.text = _("{who}: which card did you draw?").format(who=said(colour.capitalize()))
        else:
            groups = [g for g in choices.menu(state, c.legal()) if g.private]
        self.ids.note.text = "" if groups else _("No card of yours can be played now.")
        if camera:
            self.ids.note.text = _("Or hold the card's sticker under the camera.")
        self.opened = fill_choices(grid, groups, self.opened, self.choose, self.open_group)
        self.find("back_group").shown = bool(self.opened)
        self.ids.scroller.scroll_y = 1

    def look(self) -> None:
        self.looking = True
        self.refresh()

    def hide(self) -> None:
        self.looking = False
        if self.app.controller.pending_screen() == "bin_hand":
            self.refresh()  # the decision is still this player's: the device waits, hidden
        else:
            self.app.go_play()

    def open_group(self, key: str) -> None:
        self.opened = key
        self.refresh()

    def close_group(self) -> None:
        self.opened = ""
        self.refresh()

    def choose(self, inp: Any) -> None:
        self.opened = ""
        self.app.submit(inp)  # the app then routes: this player again, the next one, or the table

    def scanned(self, code: str) -> None:
        """A sticker under the camera while the player looks: the card they drew, as a tap on its title."""
        c = self.app.controller
        if not self.looking or c.session is None or c.rules.code != "BIN":
            return
        try:
            inp = scanning.draw_input(c.state, code)
        except scanning.NotNow as exc:
            self.app.toast(str(exc))
            return
        who = acting_colour(c.state).capitalize()
        self.opened = ""
        if self.app.submit(inp):  # the hand line shows it while they look; the toast never names it
            self.app.toast(_("{who}'s card is read").format(who=said(who)), "info")


SCREEN = BinHandScreen
