"""The Boogeyman coin: the table flips the real coin and taps the face it shows, or asks the
device to flip (the physical table is the truth). A Boogeyman card the device draws, too."""

from __future__ import annotations


from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.ui.screens.common import tracks
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

WHY = {"hand": "out of cards: the coin comes before the new hand", "wound": "a wound on D, E or F",
       "effect": "a card says so"}


class SolCoinScreen(BaseScreen):
    title = "The Boogeyman coin"

    def refresh(self) -> None:
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
        self.ids.why.text = f"Why: {WHY.get(getattr(s.head, 'why', ''), '')}" if coin else (
            "The coin showed the Boogeyman: a Boogeyman card is drawn and resolved for all to see."
            if kind == "boogeyman_draw" else "No coin to flip now.")
        self.find("undo").disabled = not c.undo_label()

    def flip(self, face: str | None) -> None:
        self.app.submit(I.CoinFlip(face))  # type: ignore[arg-type]

    def draw(self) -> None:
        self.app.submit(I.BoogeymanCardInput(None))


SCREEN = SolCoinScreen
