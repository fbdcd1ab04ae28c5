"""The die: the table's roll (tap the face) or the device's, then Candy to change it by +/-1 each."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import AdjustRoll, NeedRoll, TieRoll
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said

FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀..⚅
PURPOSE = {"lock": "to break the Lock", "noise": "for the noise"}


class RollScreen(BaseScreen):
    title = N_("Roll the die")

    def on_kv_post(self, base: Any) -> None:
        self.delta = 0

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None:
            return
        p = c.pending()
        v = c.view()
        self.ids.prompt.text = said(for_people(str(v["prompt"])))
        # Whose die, and whether their Candy may change it once they see it.
        if isinstance(p, TieRoll):
            rolling, adjusting, who, rolled = not p.rolled, bool(p.rolled), p.roller, p.rolled
        else:
            rolling, adjusting = isinstance(p, NeedRoll), isinstance(p, AdjustRoll)
            who = p.child if isinstance(p, (NeedRoll, AdjustRoll)) else ""
            rolled = p.rolled if isinstance(p, AdjustRoll) else 0
        self.ids.faces.shown = rolling
        self.ids.adjust.shown = adjusting
        if rolling:
            done = ", ".join(_("{who} rolled {n}").format(who=n.capitalize(), n=r) for n, r in zip(p.children, p.rolls)) \
                if isinstance(p, TieRoll) else ""
            self.ids.faces_hint.text = ((_("{who}: tap what your die shows, or let the device roll").format(who=who.capitalize())
                                         if who else _("Tap what the die shows, or let the device roll"))
                                        + (f" ({done}):" if done else ":"))
        if adjusting:
            candy = c.state.child(who).candy
            self.delta = max(-candy, min(candy, self.delta))
            result = max(0, rolled + self.delta)
            self.ids.rolled.text = f"[size=64]{FACES[rolled - 1]}[/size]\n{rolled}"
            self.ids.result.text = _("Result [b]{result}[/b]\n{n} of {candy} Candy spent ({delta})").format(
                result=result, n=abs(self.delta), candy=candy, delta=f"{self.delta:+d}")
            self.find("minus").disabled = self.delta <= -candy or rolled + self.delta <= 0
            self.find("plus").disabled = self.delta >= candy
            self.find("keep").caption = (_("Use {n}").format(n=result) if self.delta
                                         else _("Keep {n}").format(n=rolled))
        else:
            self.delta = 0
        if not (rolling or adjusting):
            self.ids.prompt.text = _("No roll is needed now.")

    def roll(self, value: int | None) -> None:
        self.delta = 0
        if self.app.submit(I.RollDie(value)) and value is None:
            self.tell()  # the device's die: nobody at the table saw it fall

    def tell(self) -> None:
        """What the roll just did, said as a notice over the next screen: the device's number, a
        tie-break's lowest, a Lock broken or held (the play-test of 6 Dec 2026 saw the screen move on
        with none of them shown, and the journal said only "rolled by the device")."""
        notes = [str(n) for n in self.app.controller.view()["notices"]]  # the table's own view
        if notes:
            self.app.toast(" \u00b7 ".join(said(for_people(n)) for n in notes), "info")

    def change(self, d: int) -> None:
        self.delta += d
        self.refresh()

    def keep(self) -> None:
        if self.app.submit(I.SpendCandy(self.delta)):
            self.delta = 0
            self.tell()


SCREEN = RollScreen
