"""THE END: who won, where everyone finished, and the way back (undo the last play, a new game)."""

from __future__ import annotations

from typing import Any

from companion.games.goosebumps.protocol import for_table
from companion.games.goosebumps.ui import DEVICE
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said


def where(p: dict[str, Any]) -> str:
    """Where a monster finished: "space 49", "the Amusement Park (space 52)", "THE END"."""
    name, space = str(p["where"]), int(p["space"])
    if name in ("START", "THE END"):
        return name
    if name == f"space {space}" or name.startswith(f"space {space} "):
        return said(name)
    return _("{name} (space {n})").format(name=said(name), n=space)


class GsbEndScreen(BaseScreen):
    title = N_("THE END")

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None or c.rules.code != "GSB":
            return
        v = c.view()
        self.ids.heading.text = (_("{who} reached THE END and wins!").format(who=said(str(v["winner"])))
                                 if v.get("winner") else _("The game is over"))
        order = sorted(v["players"], key=lambda p: -p["space"])
        self.ids.standings.text = "\n".join(
            f"{k + 1}. {said(str(p['seat']))} \u2014 {where(p)}" for k, p in enumerate(order))
        rounds = _DOMAIN.ngettext("{n} round", "{n} rounds", int(v["round"])).format(n=v["round"])
        self.ids.summary.text = rounds + " \u00b7 " + " \u00b7 ".join(
            said(for_people(for_table(n))) for n in v.get("notices", [])[-2:])
        pushed = self.app.seat.pushed_line(DEVICE, _("The automated player"))  # at the fair level
        if pushed:
            self.ids.summary.text += f"\n{pushed}"
        self.find("undo").disabled = not c.undo_label()

    def again(self) -> None:
        self.app.choose_game("GSB")


SCREEN = GsbEndScreen
