"""The end: who won and why, everyone's claimed people and Bonus cards."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night.ui.widgets import colour_words
from companion.ui.screens import BaseScreen
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
ngettext = _DOMAIN.ngettext
said = _DOMAIN.said  # a sentence the rules made in English, in the language shown


class BinOverScreen(BaseScreen):
    title = N_("Game over")

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "BIN":
            return
        v = c.view()
        winners = v["winners"]
        both = _(" and ").join(colour_words(w) for w in winners)
        self.ids.heading.text = ((_("{who} win") if len(winners) > 1 else _("{who} wins")).format(who=both)
                                 if winners else _("Nobody wins"))
        rounds = c.state.options.stall_rounds
        self.ids.reason.text = {
            "five": _("Five people claimed: the game ends at once."),
            "no_girls": _("No girls are left in the house: the most claimed win."),
            "stall": _("{n} rounds without anyone claimed: the most claimed win (a house rule: the "
                       "rulebook does not say how a stalled game ends).").format(n=rounds),
        }.get(str(v["reason"]), said(str(v["reason"])))
        for col in v["players"]:  # a fair device: how hard it pushed
            pushed = self.app.seat.pushed_line(col, _("The {who} monster player").format(who=colour_words(col)))
            if pushed:
                self.ids.reason.text += f"\n{pushed}"
        self.ids.scores.text = "\n".join(
            _("{who}: {n} claimed").format(who=colour_words(col), n=p["claimed"])
            + (_(", Bonus: {cards}").format(cards=", ".join(p["bonus"])) if p["bonus"] else "")
            for col, p in v["players"].items())
        self.find("undo").disabled = not c.undo_label()

    def again(self) -> Any:
        self.app.choose_game("BIN")


SCREEN = BinOverScreen
