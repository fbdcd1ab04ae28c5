"""A person's pick-up, named in private: "Pass the device to Player 1 to name the cards they
picked up" (everyone else looks away); that player taps that they hold it, names each card as it
shows (or keeps the rest secret), and the device goes back to the table, which says only how many
were named. The cards named are shown here alone, and cleared before the cover comes back."""

from __future__ import annotations

from typing import Any

from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.ui.screens.gsb_table import NamesCards, card_buttons, hand_words, naming_note
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton


class GsbPickupScreen(NamesCards, BaseScreen):
    title = "Goosebumps: in private"

    def on_kv_post(self, base: Any) -> None:
        self.seat = ""
        self.moment: Any = None  # the state whose pick-up is being named
        self.picked: list[str] = []
        self.revealed = False

    def hand_to(self, seat: str) -> None:
        """From the table: the pick-up now waiting is `seat`'s to name, behind the cover."""
        self.seat, self.moment, self.picked, self.revealed = seat, self.app.controller.state, [], False
        self.app.go("gsb_pickup")

    def _count(self) -> int:
        """The pick-up's size, 0 when the moment has passed (an Undo, a resume, another game)."""
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB" or c.state is not self.moment:
            return 0
        w = c.view()["waiting"]
        return int(w["count"]) if w.get("kind") == "draw" and w.get("seat") == self.seat else 0

    def refresh(self) -> None:
        count = self._count()
        if not count:
            self.cover()
            if self.app.sm.current == "gsb_pickup":
                self.app.go_play()
            return
        self.ids.cover.shown, self.ids.secret.shown = not self.revealed, self.revealed
        if not self.revealed:
            cards = "card" if count == 1 else "cards"
            self.ids.cover_text.text = (f"{T.GLYPH_WARN} Pass the device to {self.seat} to name the {cards} "
                                        f"they picked up\n[size=22]Everyone else: look away.[/size]")
            self.find("look").caption = f"I am {self.seat}: tap to name my {cards}"
            return
        hand = [x for x in self.app.controller.view(self.seat).get("hand", []) if x]
        self.ids.heading.text = (f"[b]{self.seat} only[/b]: name the {count} card{'s' if count != 1 else ''} "
                                 "you picked up" + (f" (in your hand already: {hand_words(hand)})" if hand else ""))
        self.ids.note.text = naming_note(count, self.picked)
        box = self.ids.choices
        box.clear_widgets()
        card_buttons(self._button, self.picked, self.name_card, self.unname)
        if self.picked:
            self._button("The rest not shown", "pickup_rest", self.rest_secret)

    def _button(self, text: str, action: str, fn: Any) -> BigButton:
        b = BigButton(caption=text, action=action, font_size=17)
        b.bind(on_press=lambda *_: fn())
        self.ids.choices.add_widget(b)
        return b

    def cover(self) -> None:
        """Covered, and nothing of what was named left in any widget."""
        self.revealed = False
        self.ids.cover.shown, self.ids.secret.shown = True, False
        self.ids.heading.text = self.ids.note.text = ""
        self.ids.choices.clear_widgets()

    def on_leave(self, *_: Any) -> None:
        self.picked = []
        self.cover()  # however the screen is left, it comes back covered

    # ---- touches ----
    def look(self) -> None:
        self.revealed = True
        self.refresh()

    def back(self) -> None:
        """Nothing named: the table's choices again (the cards may still be kept secret)."""
        self.picked = []
        self.cover()
        self.app.go_play()

    def name_card(self, card: str) -> None:
        cards = self.add_card(card, self._count())
        if cards:
            self._submit(cards)

    def rest_secret(self) -> None:
        self._submit(tuple(self.picked) + ("?",) * (self._count() - len(self.picked)))

    def _submit(self, cards: tuple[str, ...]) -> None:
        named = sum(1 for x in cards if x != "?")
        seat, self.picked = self.seat, []
        if not self.app.submit(I.Draw(cards)):  # refused (said in a toast, here only): name them again
            self.refresh()
            return
        self.cover()
        n = len(cards)
        line = (f"{seat} named the card in private" if n == 1 else
                f"{seat} named {'the' if named == n else f'{named} of the'} {n} cards in private")
        self.app.go_play()
        table = self.app.screen("gsb_table")
        if self.app.sm.current == "gsb_table":
            table.tell(line)


SCREEN = GsbPickupScreen
