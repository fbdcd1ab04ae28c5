"""The sensors disagree with the game: answer one question, or put one thing right at a time."""

from __future__ import annotations


from typing import Any

from companion.i18n import N_, _, pack_said
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton


class MismatchScreen(BaseScreen):
    title = N_("Check the board")

    def refresh(self) -> None:
        app = self.app
        box = self.ids.choices
        box.clear_widgets()
        q = app.question
        rules = app.controller.rules if app.controller.session is not None else None  # its words
        if q is not None:
            self.ids.heading.text = f"{T.GLYPH_WARN} {pack_said(rules, q.question.split(' (')[0])}"
            for move in q.choices:
                who = getattr(move, "child", "")
                to = getattr(move, "to", "")
                caption = f"{who.capitalize()} \u2192 {to}" if who and to else app.controller.label(move)
                b = BigButton(caption=caption, action=f"answer:{who}:{to}" if who else f"answer:{caption}",
                              font_size=T.FONT_BODY)
                b.bind(on_press=lambda btn, move=move: self.answer(move))
                box.add_widget(b)
            self.ids.detail.text = _("The mat cannot tell pieces apart: tap what happened.")
        else:
            fix = app.fix_text
            self.ids.heading.text = f"{T.GLYPH_WARN} {pack_said(rules, fix)}" if fix else "\u2714 " + _("The board matches the game")
            self.ids.detail.text = _("Put it right on the board; the screen checks again by itself. "
                                     "If the game is wrong instead, use Undo or the Journal.") if fix else ""

    def answer(self, move: Any) -> None:
        app = self.app
        app.question = None
        app.submit(move)
        app._check_mat()
        app.go_play()

    def ignore(self) -> None:
        self.app.question = None
        self.app.go_play()


SCREEN = MismatchScreen
