"""What did the child find? The physical Search token decides, not the device's own deal.

The table turns the token over and taps what it shows; the engine gets Search(child, token).
"""

from __future__ import annotations

from typing import Any

from cards_qr.codes import CardCode
from companion.core.errors import CompanionError
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import SearchToken
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton
from companion.i18n import N_, language, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

# What a token can show, with words and a glyph (never colour alone).
KINDS: tuple[tuple[str, str, str], ...] = (
    ("noise", "\u266b", N_("Noise")),
    ("die", "\u2684", N_("Die noise")),
    ("candy", "\u25c9", N_("Candy")),
    ("objective", "\u2605", N_("Objective")),
    ("trap_door", "\u25a4", N_("Trap Door")),
    ("skeleton_key", "\u26b7", N_("Skeleton Key")),
    ("blank", "\u2205", N_("Nothing")),
)


def shown(caption: str) -> str:
    """A token's caption (English: the catalogue keeps it as a sticker's title) in the language
    shown: its word and colour through the catalog, the glyph and value as they are."""
    glyph, _sep, rest = caption.partition(" ")
    colour = ""
    if rest.endswith(")") and " (" in rest:
        rest, colour = rest[:-1].split(" (", 1)
    word, value = rest, ""
    head, _s, tail = rest.rpartition(" ")
    if head and tail.isdigit():
        word, value = head, tail
    out = f"{glyph} {_(word)}" + (f" {value}" if value else "")
    return out + (f" ({said(colour)})" if colour else "")


def token_choices(board: str) -> list[tuple[SearchToken, str]]:
    """Every distinct token the board's box holds, with a caption, in a stable order."""
    house = house_for(board)
    seen: list[tuple[SearchToken, str]] = []
    for kind, glyph, word in KINDS:
        for spec in sorted((t for t in house.search_tokens if t.kind == kind), key=lambda t: (t.value, t.colour)):
            token = SearchToken(spec.kind, spec.value, spec.colour)
            caption = f"{glyph} {word}"
            if spec.value:
                caption += f" {spec.value}"
            if spec.colour:
                caption += f" ({spec.colour})"
            if all(token != t for t, _ in seen):
                seen.append((token, caption))
    return seen


TOKEN_TYPE = "Search token"  # the catalogue type of a BGM:STOK sticker; its title names the token


class FoundScreen(BaseScreen):
    """Tap what the token shows, or hold its sticker under the camera: a sticker seen before is
    played at once; a new one is named by the next tap and remembered in the catalogue."""

    title = N_("Search")
    new_sticker: CardCode | None = None

    def on_enter(self, *_: Any) -> None:
        self.new_sticker = None
        self.refresh()
        self.app.scanner.begin(self.scanned, lambda message: None)  # no camera: taps only

    def on_leave(self, *_: Any) -> None:
        self.app.scanner.end()

    def refresh(self) -> None:
        c = self.app.controller
        box = self.ids.choices
        if c.session is None:
            box.clear_widgets()
            return
        name = c.state.active
        if self.new_sticker is not None:
            self.ids.prompt.text = _("New token {code}: tap what it shows (remembered)").format(code=self.new_sticker)
        else:
            self.ids.prompt.text = _("{who}: turn the top token over. What is it?").format(who=name.capitalize())
        if getattr(self, "_built_for", None) == (c.state.options.board, language()) and box.children:
            return  # the same buttons: rebuilt only for another board (no flicker under a finger)
        self._built_for = (c.state.options.board, language())
        box.clear_widgets()
        for token, caption in token_choices(c.state.options.board):
            b = BigButton(caption=shown(caption), action=f"found:{token.kind}:{token.value}", font_size=20)
            b.bind(on_press=lambda btn, token=token, caption=caption: self.found(token, caption))
            box.add_widget(b)

    def scanned(self, events: list[Any]) -> None:
        from companion.scan.catalogue import CardScanned

        for ev in events:
            if not isinstance(ev, CardScanned):
                self.app.toast(getattr(ev, "message", str(ev)))
                continue
            if ev.code.deck != "STOK":
                self.app.toast(_("{code} is a card: show the Search token instead").format(code=ev.code))
                continue
            known = {caption: token for token, caption in token_choices(self.app.controller.state.options.board)}
            if ev.info is not None and ev.info.title in known:
                self.found(known[ev.info.title], ev.info.title)
            else:
                self.new_sticker = ev.code
                self.refresh()
            return

    def found(self, token: SearchToken, caption: str = "") -> None:
        app = self.app
        if self.new_sticker is not None and caption:
            from companion.scan.catalogue import CardInfo

            try:
                app.scanner.catalogue().remember(self.new_sticker, CardInfo(caption, TOKEN_TYPE))
            except (ValueError, CompanionError) as exc:  # a broken catalogue file: play on, say why
                app.toast(_("Not remembered: {why}").format(why=exc))
            self.new_sticker = None
        if app.submit(I.Search(app.controller.state.active, token)):
            # With steps for the table on screen (the Babysitter walked), the board waits under
            # them; the next prompt comes after Done (app.route).
            app.go("table" if app.summary.shown else (app.controller.pending_screen() or "table"))


SCREEN = FoundScreen
