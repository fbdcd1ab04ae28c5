"""The end: who won and why, everyone's claimed people and Bonus cards."""

from __future__ import annotations

from typing import Any

from companion.games.bump_in_the_night.ui.widgets import colour_words
from companion.ui.screens import BaseScreen


class BinOverScreen(BaseScreen):
    title = "Game over"

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "BIN":
            return
        v = c.view()
        winners = v["winners"]
        self.ids.heading.text = (" and ".join(colour_words(w) for w in winners) + (" win" if len(winners) > 1 else " wins")
                                 if winners else "Nobody wins")
        rounds = c.state.options.stall_rounds
        self.ids.reason.text = {
            "five": "Five people claimed: the game ends at once.",
            "no_girls": "No girls are left in the house: the most claimed win.",
            "stall": f"{rounds} rounds without anyone claimed: the most claimed win (a house rule: the "
                     "rulebook does not say how a stalled game ends).",
        }.get(str(v["reason"]), str(v["reason"]))
        for col in v["players"]:  # a fair device: how hard it pushed
            pushed = self.app.seat.pushed_line(col, f"The {colour_words(col)} monster player")
            if pushed:
                self.ids.reason.text += f"\n{pushed}"
        self.ids.scores.text = "\n".join(
            f"{colour_words(col)}: {p['claimed']} claimed" + (f", Bonus: {', '.join(p['bonus'])}" if p["bonus"] else "")
            for col, p in v["players"].items())
        self.find("undo").disabled = not c.undo_label()

    def again(self) -> Any:
        self.app.choose_game("BIN")


SCREEN = BinOverScreen
