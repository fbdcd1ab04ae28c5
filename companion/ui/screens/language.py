"""The first start: the table chooses the language every screen speaks (English or German; each
named in its own words). Shown once, while the settings name no language; Settings changes it
later. A tap sets it and goes on to the choose screen."""

from __future__ import annotations

from typing import Any

from companion.i18n import LANGUAGES
from companion.ui.screens import BaseScreen


class LanguageScreen(BaseScreen):
    title = "Language \u00b7 Sprache"  # both: it is asked before the language is known

    def on_kv_post(self, base: Any) -> None:
        from companion.ui import theme as T
        from companion.ui.widgets import BigButton

        for lang, words in LANGUAGES.items():
            b = BigButton(caption=words, action=f"language:{lang}", font_size=T.FONT_PROMPT,
                          kind="primary" if lang == "en" else "normal")
            b.bind(on_press=lambda _b, lang=lang: self.choose(lang))
            self.ids.choices.add_widget(b)

    def choose(self, lang: str) -> None:
        self.app.set_language(lang)
        self.app.go("choose")


SCREEN = LanguageScreen
