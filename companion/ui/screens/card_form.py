"""'What is this card?': the first time a code is seen, the table names it and picks its effect.

The answer goes into the scan catalogue (remembered for every later game), then the card is played.
"""

from __future__ import annotations

from typing import Any

from cards_qr.codes import CardCode
from companion.games.boogeyman.effects import EFFECTS, effect_kind
from companion.games.boogeyman.rules import DECK_NAMES
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton


class CardFormScreen(BaseScreen):
    title = "What is this card?"

    def on_kv_post(self, base: Any) -> None:
        self.code: CardCode | None = None
        self.effect = "none"
        self.n = 1
        grid = self.ids.effects
        for e in EFFECTS:
            b = BigButton(caption=e.text, font_size=14, action=f"effect:{e.name}", height=52)
            b.bind(on_press=lambda btn, name=e.name: self.pick(name))
            grid.add_widget(b)

    def ask(self, code: CardCode, sticker: bool = True) -> None:
        """A card the companion has not met: `sticker` when it was read (or picked) by its sticker."""
        self.code, self.effect, self.n, self.sticker = code, "none", 1, sticker
        self.ids.name.text = ""
        self.refresh()

    def refresh(self) -> None:
        if self.code is None:
            return
        deck = DECK_NAMES.get(self.code.deck, self.code.deck)
        where = f" (sticker {self.code.number:02d})" if getattr(self, "sticker", True) else ""
        self.ids.heading.text = f"A new {deck} card{where}: what does it say?"
        takes = effect_kind(self.effect).takes_n
        for b in self.ids.effects.children:
            on = b.action == f"effect:{self.effect}"
            b.kind = "primary" if on else "normal"
        self.ids.n.text = f"N = {self.n}" if takes else "no number"
        self.find("n_minus").disabled = not takes or self.n <= 1
        self.find("n_plus").disabled = not takes

    def pick(self, name: str) -> None:
        self.effect = name
        self.refresh()

    def step(self, d: int) -> None:
        self.n = max(1, self.n + d)
        self.refresh()

    def save(self) -> None:
        from companion.scan.catalogue import CardInfo, Effect

        if self.code is None:
            return
        title = " ".join(self.ids.name.text.split())
        if not title:
            self.app.toast("Type the title printed on the card first: tap the box for the keyboard", "info")
            return
        n = self.n if effect_kind(self.effect).takes_n else 0
        info = CardInfo(title, DECK_NAMES.get(self.code.deck, self.code.deck), (Effect(self.effect, n),))
        try:
            self.app.scanner.catalogue().remember(self.code, info)
        except Exception as exc:  # noqa: BLE001 - kept in memory; say why it was not saved
            self.app.toast(f"Not saved to the catalogue: {exc}")
        code = self.code
        self.app.go("scan")
        self.app.screen("scan").play(code, info)


SCREEN = CardFormScreen
