"""Scanning a card: the camera preview while the scan worker decodes, or picking the card on screen.

Which card is asked for, and what input a card makes, is the game's (its UI's `card_request` and
`card_input`: for Boogeyman a drawn card answers the pending draw, a Search card played is a
PlayCard). Unknown codes go to the "What is this card?" form first.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.graphics.texture import Texture

from cards_qr.codes import CardCode, all_codes
from companion.i18n import N_, _, pack_said, pack_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton


class ScanScreen(BaseScreen):
    title = N_("Scan a card")

    def on_kv_post(self, base: Any) -> None:
        self.deck = ""
        self.search_instead = False
        self._instead_for: Any = None  # the game state "Cancel it with a Search card" was chosen in
        self._ev: Any = None
        self._listed: Any = None
        self.teaching = False  # "add a new one" chosen: the picker asks which sticker the card has

    # ---- what is expected ----
    def request(self) -> Any:
        """The game's CardRequest now (the deck, the heading, a second way to answer), or None."""
        c = self.app.controller
        if c.session is None:
            return None
        return c.ui.card_request(c, self.search_instead)

    def refresh(self) -> None:
        req = self.request()
        if req is None:
            return
        c = self.app.controller
        asked = (req.heading, req.deck, id(c.state) if c.session is not None else None)
        if asked != getattr(self, "_asked", None):  # a new draw: the list from its first card
            self._asked = asked
            self.teaching = False
            sv = self.ids.scroller
            if sv.effect_y is not None:  # a fling of the last list still moving would scroll it back
                sv.effect_y.velocity = 0
                sv.effect_y.value = sv.effect_y.max
            sv.scroll_y = 1
        rules = c.rules  # the pack's words, in the language shown (its catalog, its sentence shapes)
        self.ids.heading.text = self.app.marked(pack_said(rules, req.heading))  # what is still a guess, marked
        self.find("instead").shown = bool(req.alternative)
        self.find("instead").caption = pack_text(rules, req.alternative) if req.alternative else _("Instead")
        cam = self.app.scanner
        self.ids.camera.shown = cam.available
        self.ids.camera.width = 330 if cam.available else 0
        if cam.available:
            self.ids.camera_note.text = _("Hold the card under the camera\u2026")
        self._fill_picker(req.deck)

    def _fill_picker(self, deck: str) -> None:
        """The cards of the deck the table has named (by title), a new card, then the sticker
        numbers nobody has named yet (the number is printed beside each sticker)."""
        try:
            cat = self.app.scanner.catalogue()
        except Exception:  # noqa: BLE001 - a broken catalogue still lets the table name cards
            cat = None
        game = self.app.controller.ui
        codes = [code for code in all_codes(game.code) if code.deck == deck]
        named = []
        unnamed = []
        for code in codes:
            info = (cat.lookup(code) if cat is not None else None) or game.known_card(code)
            (named if info is not None else unnamed).append((code, info))
        teach = () if unnamed else tuple(game.teachable(self.app, deck))
        key = (deck, self.app.scanner.available, tuple((str(code), info.title) for code, info in named),
               self.teaching, teach)
        if self._listed == key:
            return
        self._listed = key
        words = pack_text(self.app.controller.rules, self.request().deck_words or deck)  # the pack's word for it
        if self.teaching and teach:
            self._fill_stickers(words, teach)
            return
        self.teaching = False
        no_camera = "" if self.app.scanner.available else f"{T.GLYPH_WARN} " + _("No camera.") + " "
        if not named:
            ask = _("Tap \u201cNew card\u201d and type the title of the {deck} card:")
        elif unnamed or teach:  # "add a new one" offered only where the button is
            ask = _("Which {deck} card is it? Tap its title, or add a new one:")
        else:
            ask = _("Which {deck} card is it? Tap its title:")
        self.ids.picker_title.text = no_camera + ask.format(deck=words)
        grid = self.ids.picker
        grid.clear_widgets()
        if unnamed or teach:
            new = BigButton(icon="+", caption=_("New card: type its title"), font_size=T.FONT_BODY, action="pick:new",
                            kind="primary")
            if unnamed:
                new.bind(on_release=lambda btn, code=unnamed[0][0]: self.new_card(code))
            else:
                new.bind(on_release=lambda btn: self.which_sticker(True))
            grid.add_widget(new)
        notes = {str(code): game.pick_note(code) for code, _info in named}
        for code, info in sorted(named, key=lambda ci: (notes[str(ci[0])][0], ci[1].title.lower())):
            note = notes[str(code)][1]
            sticker = _("sticker {n}").format(n=f"{code.number:02d}")
            under = f"{note} \u00b7 {sticker}" if note else sticker
            b = BigButton(caption=f"{info.title}\n[color=a89cb0]{under}[/color]",
                          font_size=T.FONT_BODY, action=f"pick:{code}")
            b.bind(on_release=lambda btn, code=code, info=info: self.play(code, info))
            grid.add_widget(b)
        for code, _info in unnamed:
            sticker = _("Sticker {n}").format(n=f"{code.number:02d}")
            b = BigButton(caption=f"[color=a89cb0]{sticker}[/color]", font_size=T.FONT_BODY, action=f"pick:{code}")
            b.bind(on_release=lambda btn, code=code: self.chosen(code))
            grid.add_widget(b)
        self.ids.scroller.scroll_y = 1

    def new_card(self, code: CardCode, teach: bool = False) -> None:
        self.app.screen("card_form").ask(code, sticker=teach, teach=teach)
        self.app.go("card_form")

    def which_sticker(self, on: bool) -> None:
        """"Add a new one" for a deck the pack names by guess: first the sticker number printed
        on the card (one of the cards whose title the table has not confirmed), then its title."""
        self.teaching = on
        self.refresh()

    def _fill_stickers(self, words: str, codes: tuple[CardCode, ...]) -> None:
        self.ids.picker_title.text = _("A new {deck} card: which number is printed beside its sticker? "
                                       "Then type its title.").format(deck=words)
        grid = self.ids.picker
        grid.clear_widgets()
        back = BigButton(icon="\u25c0", caption=_("Back to the titles"), font_size=T.FONT_BODY, action="pick:titles")
        back.bind(on_release=lambda btn: self.which_sticker(False))
        grid.add_widget(back)
        for code in codes:
            b = BigButton(caption=_("Sticker {n}").format(n=f"{code.number:02d}"), font_size=T.FONT_BODY, action=f"teach:{code}")
            b.bind(on_release=lambda btn, code=code: self.new_card(code, teach=True))
            grid.add_widget(b)
        self.ids.scroller.scroll_y = 1

    # ---- camera ----
    def on_enter(self, *_: Any) -> None:
        # The Search card list stays chosen while the game is where it was chosen (back from the
        # card form, a refused card, Why?, a look at the table); a new draw starts on the draw.
        c = self.app.controller
        if self.search_instead and (c.session is None or c.state is not self._instead_for):
            self.search_instead = False
        self.refresh()
        ok = self.app.scanner.begin(self.scanned, self.camera_error)
        if ok:
            self._ev = Clock.schedule_interval(self._preview, 1 / 10)
        self.app._update_status()

    def on_leave(self, *_: Any) -> None:
        if self._ev is not None:
            self._ev.cancel()
            self._ev = None
        self.app.scanner.end()
        self.app._update_status()

    def _preview(self, dt: float) -> None:
        frame = self.app.scanner.preview()
        if frame is None:
            return
        h, w = frame.shape[:2]
        fmt = "luminance" if frame.ndim == 2 else "bgr"
        tex = self.ids.preview.texture
        if tex is None or tex.size != (w, h) or tex.colorfmt != fmt:
            tex = Texture.create(size=(w, h), colorfmt=fmt)
            tex.flip_vertical()
        tex.blit_buffer(frame.tobytes(), colorfmt=fmt, bufferfmt="ubyte")
        self.ids.preview.texture = tex
        self.ids.preview.canvas.ask_update()

    def camera_error(self, message: str) -> None:
        self.app.toast(_("Camera: {message}. Pick the card on screen.").format(message=message))

    def scanned(self, events: list[Any]) -> None:
        from companion.scan.catalogue import CardScanned

        for ev in events:
            if isinstance(ev, CardScanned):
                self.chosen(ev.code, ev.info, scanned=True)
                return
            self.app.toast(getattr(ev, "message", str(ev)))

    # ---- the card is known ----
    def chosen(self, code: CardCode, info: Any = None, scanned: bool = False) -> None:
        if info is None:
            try:
                info = self.app.scanner.catalogue().lookup(code)
            except Exception:  # noqa: BLE001
                info = None
            if info is None and self.app.controller.session is not None:
                info = self.app.controller.ui.known_card(code)
        if info is None:
            self.app.screen("card_form").ask(code)
            self.app.go("card_form")
            return
        self.play(code, info)

    def play(self, code: CardCode, info: Any) -> bool:
        """The card played (True), or refused with the reason said."""
        c = self.app.controller
        req = self.request()
        if req is None:
            return False
        if code.deck != req.deck:
            words = getattr(c.ui, "deck_words", lambda d: d)
            self.app.toast(_("That is a {deck} card; expected a {expected} card").format(
                deck=words(code.deck), expected=req.deck_words or req.deck))
            return False
        ok = bool(self.app.submit(c.ui.card_input(c, code, info, self.search_instead)))
        if ok:
            if self.app.sm.current == "scan":
                self.app.go_play()
            self.app.toast(f"\u201c{info.title}\u201d", "info")
        return ok

    def toggle_instead(self) -> None:
        self.search_instead = not self.search_instead
        c = self.app.controller
        self._instead_for = c.state if c.session is not None else None
        self.refresh()

    def to_table(self) -> None:
        """The table may look at the board while a draw waits: its table screen, where the Scan
        button (or "Go on") comes back here."""
        app = self.app
        app.go(app.game.table_screen if app.game is not None else "choose")


SCREEN = ScanScreen
