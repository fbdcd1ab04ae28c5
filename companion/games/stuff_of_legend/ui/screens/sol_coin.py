"""The Boogeyman coin: the table flips the real coin and taps the face it shows, or asks the
device to flip (the physical table is the truth). A Boogeyman card the device draws, too."""

from __future__ import annotations


from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.ui.screens.common import tracks
from companion.i18n import N_, pack_domain
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext

WHY = {"hand": N_("out of cards: the coin comes before the new hand"), "wound": N_("a wound on D, E or F"),
       "effect": N_("a card says so")}  # shown through _()


class SolCoinScreen(BaseScreen):
    title = "The Boogeyman coin"

    def refresh(self) -> None:
        self.find("coin:boy").caption = _("The Boy face")
        self.find("coin:boogeyman").caption = _("The Boogeyman face")
        self.find("coin:flip").caption = _("Flip it for me")
        self.find("boog:draw").caption = _("Draw the Boogeyman card")
        c = self.app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        self.ids.prompt.text = for_people(str(v["prompt"]))
        self.ids.tracks.text = tracks(s, v, wide=True)  # the tracks only, two facts a line
        kind = v["waiting"].get("kind")
        coin = kind == "coin"
        self.ids.faces.shown = coin
        self.ids.draw.shown = kind == "boogeyman_draw"
        why = WHY.get(getattr(s.head, "why", ""), "")
        self.ids.why.text = _("Why: {why}").format(why=_(why) if why else "") if coin else (
            _("The coin showed the Boogeyman: a Boogeyman card is drawn and resolved for all to see.")
            if kind == "boogeyman_draw" else _("No coin to flip now."))
        self.find("undo").disabled = not c.undo_label()

    def flip(self, face: str | None) -> None:
        self.app.submit(I.CoinFlip(face))  # type: ignore[arg-type]

    def draw(self) -> None:
        self.app.submit(I.BoogeymanCardInput(None))


SCREEN = SolCoinScreen
