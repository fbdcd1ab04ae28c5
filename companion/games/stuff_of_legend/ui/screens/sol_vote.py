"""A vote: what is voted on, the order (from the left of the Colonel's Rifle), the votes cast so
far (open, SOL-G21), and the buttons of the hero whose vote it is; a tie goes to the Rifle."""

from __future__ import annotations


from companion.games.stuff_of_legend.common import who
from companion.games.stuff_of_legend.ui import words
from companion.games.stuff_of_legend.ui.screens.common import button
from companion.i18n import N_, pack_domain
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext
VOTE_WORDS = (N_("for"), N_("against"))  # a vote cast, shown through _()


class SolVoteScreen(BaseScreen):
    title = "A vote"

    def refresh(self) -> None:
        self.find("table").caption = _("The table")
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        w = v["waiting"]
        self.ids.prompt.text = for_people(str(v["prompt"]))
        self.find("undo").disabled = not c.undo_label()
        grid = self.ids.choices
        grid.clear_widgets()
        if w.get("kind") == "vote":
            cast = {x["seat"]: x["choice"] for x in w["cast"]}
            rows = []
            for seat in w["order"]:
                said = cast.get(seat)
                mark = ("\u2714 " + (_(said) if said in ("for", "against") else who(s, said))) if said else (
                    "\u25b6 " + _("voting now") if seat == w["seat"] else "\u2026")
                rows.append(f"{who(s, seat)}: {mark}")
            self.ids.order.text = _("Votes, in order: {votes}").format(votes=" \u00b7 ".join(rows))
        elif w.get("kind") == "tie_break":
            self.ids.order.text = _("Tied between {choices}.").format(choices=", ".join(
                _(x) if x in ("for", "against") else who(s, x) for x in w["tied"]))
        else:
            self.ids.order.text = ""
            grid.add_widget(button(_("Back to the table"), "go_on", app.go_play, kind="primary"))
            return
        if app.seat.think(s):
            self.ids.order.text += "\n" + _("The device is voting for {who}\u2026").format(who=who(s, app.seat.seat))
            return
        legal = c.legal()
        grid.cols = 2 if len(legal) <= 2 else 3
        for inp in legal:
            grid.add_widget(button(words.caption(s, inp), f"vote:{inp.choice}", lambda inp=inp: app.submit(inp),
                                   kind="primary" if inp.choice == "for" else "normal", inp=inp, font_size=22))


SCREEN = SolVoteScreen
