"""The end: which side won and why, the exit taken and the correct one, every Exit token and
Loyalty card turned up (the observation shows them once the game is over)."""

from __future__ import annotations


from companion.games.stuff_of_legend.common import where, who
from companion.games.stuff_of_legend.ui.words import ENDS
from companion.i18n import pack_domain
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext


class SolEndScreen(BaseScreen):
    title = "The end"

    def refresh(self) -> None:
        self.find("again").caption = _("Another game")
        c = self.app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        self.find("undo").disabled = not c.undo_label()
        r = v.get("result")
        if r is None:
            self.ids.heading.text = _("The game is not over.")
            self.ids.body.text = for_people(str(v["prompt"]))
            return
        winners = set(c.rules.result(s).winners)
        boy = r["winner"] == "boy"
        if winners:
            self.ids.heading.text = _("The heroes loyal to the Boy win") if boy else _(
                "The heroes loyal to the Boogeyman win")
        else:
            self.ids.heading.text = _("Nobody wins: no hero was loyal to the Boy") if boy else _(
                "Nobody wins: no hero was loyal to the Boogeyman")
        end = _(ENDS[r["end"]]) if r["end"] in ENDS else r["end"]
        lines = [_("The game ended because {why}.").format(why=end)]
        if r["exit"]:
            lines.append(_("The party left by {exit}; the correct exit was {correct}.").format(
                exit=where(s, r["exit"]), correct=where(s, r["correct_exit"])))
        lines.append(_("Exit tokens: {tokens}").format(
            tokens=", ".join(f"{where(s, e)} {n or '?'}" for e, n in r["exits"].items())))
        for seat, lo in r["loyalty"].items():
            mark = "\u2605 " + _("wins") if seat in winners else ""
            side = _("the Boy") if lo["side"] == "boy" else _("the Boogeyman") if lo["side"] else "?"
            lines.append(f"{who(s, seat)}: {lo['title'] or _('Loyalty card not shown')} ({side}) {mark}")
        self.ids.body.text = "\n".join(lines)

    def again(self) -> None:
        self.app.choose_game("SOL")


SCREEN = SolEndScreen
