"""'What is this card?': the first time a code is seen, the table names it and picks its effect
from the game's menu (its pack's `cards` module: EFFECTS, each with a name, a text and whether it
takes a number N).

The answer goes into the scan catalogue (remembered for every later game), then the card is played.
"""

from __future__ import annotations

from typing import Any

from cards_qr.codes import CardCode
from companion.i18n import N_, _, language, pack_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton


class _NoEffect:
    name, takes_n, text = "none", False, N_("The table reads and resolves the card")


class CardFormScreen(BaseScreen):
    title = N_("What is this card?")

    def on_kv_post(self, base: Any) -> None:
        self.code: CardCode | None = None
        self.effect = "none"
        self.n = 1
        self._menu_of = ""
        self.teach = False

    def menu(self) -> tuple[Any, ...]:
        """The game's effect menu (a game without one: the table resolves every card)."""
        from companion.core.packs import get_pack

        game = self.code.game if self.code is not None else "BGM"
        pack = get_pack(game)
        effects = getattr(pack.part("cards"), "EFFECTS", ()) if pack.has("cards") else ()
        return tuple(effects) or (_NoEffect(),)

    def effect_kind(self, name: str) -> Any:
        return next((e for e in self.menu() if e.name == name), _NoEffect())

    def deck_words(self, deck: str) -> str:
        game = self.app.controller.ui if self.app.controller.session is not None else None
        words = getattr(game, "deck_words", None)
        return str(words(deck)) if words is not None else deck

    def _fill(self) -> None:
        from companion.core.packs import get_pack

        game = self.code.game if self.code is not None else ""
        key = f"{game}:{language()}"  # a new language: the effects in its words
        if key == self._menu_of:
            return
        self._menu_of = key
        grid = self.ids.effects
        grid.clear_widgets()
        rules = get_pack(game).rules if game else None
        for e in self.menu():
            b = BigButton(caption=pack_text(rules, e.text), font_size=T.FONT_BODY, action=f"effect:{e.name}", height=64)
            b.bind(on_press=lambda btn, name=e.name: self.pick(name))
            grid.add_widget(b)

    def ask(self, code: CardCode, sticker: bool = True, teach: bool = False) -> None:
        """A card the companion has not met: `sticker` when it was read (or picked) by its sticker;
        `teach` when the pack names it by a guess and the table types the printed title (the pack
        keeps it: `GameUI.teach`)."""
        self.code, self.effect, self.n, self.sticker, self.teach = code, "none", 1, sticker, teach
        self.ids.name.text = ""
        self.ids.effects_list.scroll_y = 1  # a new card: its effects from the first
        self.refresh()

    def refresh(self) -> None:
        if self.code is None:
            return
        self._fill()
        deck = self.deck_words(self.code.deck)
        n = f"{self.code.number:02d}"
        if getattr(self, "teach", False):
            ask = (_("A new {deck} card (sticker {n}): what is the title printed on it?") if getattr(self, "sticker", True)
                   else _("A new {deck} card: what is the title printed on it?"))
        else:
            ask = (_("A new {deck} card (sticker {n}): what does it say?") if getattr(self, "sticker", True)
                   else _("A new {deck} card: what does it say?"))
        self.ids.heading.text = ask.format(deck=deck, n=n)
        takes = self.effect_kind(self.effect).takes_n
        for b in self.ids.effects.children:
            on = b.action == f"effect:{self.effect}"
            b.kind = "primary" if on else "normal"
        self.ids.n.text = f"N = {self.n}" if takes else _("no number")
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
            self.app.toast(_("Type the title printed on the card first: tap the box for the keyboard"), "info")
            return
        n = self.n if self.effect_kind(self.effect).takes_n else 0
        info = CardInfo(title, self.deck_words(self.code.deck), (Effect(self.effect, n),))
        kept = ""
        if getattr(self, "teach", False) and self.app.controller.session is not None:
            try:
                kept = self.app.controller.ui.teach(self.app, self.code, title)
            except Exception as exc:  # noqa: BLE001 - the card is still played; say why it was not kept
                self.app.toast(_("Not saved to your box: {error}").format(error=exc))
        else:
            try:
                self.app.scanner.catalogue().remember(self.code, info)
            except Exception as exc:  # noqa: BLE001 - kept in memory; say why it was not saved
                self.app.toast(_("Not saved to the catalogue: {error}").format(error=exc))
        code = self.code
        self.teach = False
        scan = self.app.screen("scan")
        scan.teaching = False
        self.app.go("scan")
        if scan.play(code, info) and kept:
            self.app.toast(kept, "info")


SCREEN = CardFormScreen
