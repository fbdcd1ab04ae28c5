"""Phase 2, Enemy Activation: the enemies within the Attention range, one at a time. The device
names each with its proposed route (the first button of each enemy); the table may send it another
way that is also closer. What it did comes as steps to carry out on the board (a TurnSummary)."""

from __future__ import annotations


from companion.games.stuff_of_legend.ui import words
from companion.games.stuff_of_legend.ui.screens.common import button
from companion.ui import theme as T
from companion.i18n import pack_domain
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people

_ = pack_domain(__file__).gettext
ngettext = pack_domain(__file__).ngettext


class SolEnemiesScreen(BaseScreen):
    title = "Enemy Activation"

    def refresh(self) -> None:
        self.find("table").caption = _("The table")
        app = self.app
        c = app.controller
        if c.session is None or c.rules.code != "SOL":
            return
        s = c.state
        v = c.view()
        a = v["tracks"]["attention"]
        self.ids.prompt.text = for_people(str(v["prompt"]))
        left = v["waiting"].get("enemies", []) if v["waiting"].get("kind") == "activate" else []
        self.ids.info.text = ngettext("Attention {value}: range {range} trail step, armies of strength {strength}.",
                                      "Attention {value}: range {range} trail steps, armies of strength {strength}.",
                                      a["range"]).format(value=a["value"], range=a["range"], strength=a["army_strength"]
                                                         ) + " " + _("{n} still to activate.").format(n=len(left))
        self.find("undo").disabled = not c.undo_label()
        grid = self.ids.choices
        grid.clear_widgets()
        if not left:
            grid.add_widget(button(_("Back to the table"), "go_on", app.go_play, kind="primary"))
            return
        seen: set[str] = set()
        for i, inp in enumerate(c.legal()):
            first = inp.enemy not in seen
            seen.add(inp.enemy)
            cap = words.caption(s, inp) + (" " + _("(proposed)") if first and inp.to else "")
            grid.add_widget(button(cap, f"enemy:{i}", lambda inp=inp: app.submit(inp),
                                   kind="primary" if first else "normal", inp=inp, font_size=T.FONT_BODY))


SCREEN = SolEnemiesScreen
