"""The rules reference: every rule the device applies, by rulebook section, in one sentence each."""

from __future__ import annotations

from companion.i18n import N_
from companion.ui.overlays import RuleEntry
from companion.ui.screens import BaseScreen


class RulesScreen(BaseScreen):
    title = N_("The rules the device applies")

    def refresh(self) -> None:
        box = self.ids.rules
        if box.children:
            return
        for section, says in self.app.rules_reference():
            box.add_widget(RuleEntry(section=section, says=says))

    def back(self) -> None:
        if self.app.controller.session is not None:
            self.app.go_play()
        else:
            self.app.go("choose")


SCREEN = RulesScreen
