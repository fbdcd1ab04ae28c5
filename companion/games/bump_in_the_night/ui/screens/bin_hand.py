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

DECKS = {"ACTN": "Action", "BLCK": "Block", "BONS": "Bonus"}


class BinHandScreen(BaseScreen):
    title = "Cards"
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
        who = colour_words(colour) if colour else "the player"
        self.find("look").shown = not self.looking
        self.find("look").caption = f"Pass the device to {colour.capitalize()} \u2014 tap to look"
        self.find("hide_hand").shown = self.looking
        self.find("back_group").shown = self.looking and bool(self.opened)
        grid = self.ids.choices
        drawing = bool(state.pending) and isinstance(state.pending[0], DrawFor)
        camera = self.looking and drawing and CAMERA.read(self.app, self, self.scanned)
        if not (self.looking and drawing):
            CAMERA.stop(self.app, self)
        if not self.looking:
            self.ids.heading.text = f"Only {who} looks now"
            self.ids.hand.text = self.ids.note.text = ""
            self.ids.prompt.text = ""
            fill_buttons(grid, [])
            return
        v = c.view(colour)  # that seat's observation only
        self.ids.heading.text = f"{who}'s cards"
        hand = [f"{card['name']} [color=a89cb0]({DECKS.get(card['deck'], card['deck'])})[/color]" for card in v.get("hand", [])]
        self.ids.hand.text = "In your hand: " + (", ".join(hand) if hand else "no cards")
        self.ids.prompt.text = for_people(str(v["prompt"]))
        if drawing:
            groups = choices.draw_groups(state)
            self.ids.prompt.text = f"{colour.capitalize()}: which card did you draw?"
        else:
            groups = [g for g in choices.menu(state, c.legal()) if g.private]
        self.ids.note.text = "" if groups else "No card of yours can be played now."
        if camera:
            self.ids.note.text = "Or hold the card's sticker under the camera."
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
            self.app.toast(f"{who}'s card is read", "info")


SCREEN = BinHandScreen
