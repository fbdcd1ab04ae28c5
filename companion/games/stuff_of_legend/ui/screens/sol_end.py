"""The end: which side won and why, the exit taken and the correct one, every Exit token and
Loyalty card turned up (the observation shows them once the game is over)."""

from __future__ import annotations


from companion.games.stuff_of_legend.common import where, who
from companion.games.stuff_of_legend.ui.words import ENDS
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people


class SolEndScreen(BaseScreen):
    title = "The end"

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        self.find("undo").disabled = not c.undo_label()
        r = v.get("result")
        if r is None:
            self.ids.heading.text = "The game is not over."
            self.ids.body.text = for_people(str(v["prompt"]))
            return
        side = "the Boy" if r["winner"] == "boy" else "the Boogeyman"
        winners = set(c.rules.result(s).winners)
        self.ids.heading.text = (f"The heroes loyal to {side} win" if winners else
                                 f"Nobody wins: no hero was loyal to {side}")
        lines = [f"The game ended because {ENDS.get(r['end'], r['end'])}."]
        if r["exit"]:
            lines.append(f"The party left by {where(s, r['exit'])}; the correct exit was {where(s, r['correct_exit'])}.")
        lines.append("Exit tokens: " + ", ".join(f"{where(s, e)} {n or '?'}" for e, n in r["exits"].items()))
        for seat, lo in r["loyalty"].items():
            mark = "\u2605 wins" if seat in winners else ""
            lines.append(f"{who(s, seat)}: {lo['title'] or 'Loyalty card not shown'} "
                         f"({'the Boy' if lo['side'] == 'boy' else 'the Boogeyman' if lo['side'] else '?'}) {mark}")
        self.ids.body.text = "\n".join(lines)

    def again(self) -> None:
        self.app.choose_game("SOL")


SCREEN = SolEndScreen
