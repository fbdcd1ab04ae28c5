"""The die: the table's roll (tap the face) or the device's, then Candy to change it by +/-1 each."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.state import AdjustRoll, NeedRoll
from companion.ui.screens import BaseScreen

FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀..⚅
PURPOSE = {"lock": "to break the Lock", "noise": "for the noise"}


class RollScreen(BaseScreen):
    title = "Roll the die"

    def on_kv_post(self, base: Any) -> None:
        self.delta = 0

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None:
            return
        p = c.pending()
        v = c.view()
        self.ids.prompt.text = v["prompt"]
        rolling = isinstance(p, NeedRoll)
        adjusting = isinstance(p, AdjustRoll)
        self.ids.faces.opacity = 1 if rolling else 0
        self.ids.faces.disabled = not rolling
        self.ids.adjust.opacity = 1 if adjusting else 0
        self.ids.adjust.disabled = not adjusting
        if adjusting:
            candy = c.state.child(p.child).candy
            self.delta = max(-candy, min(candy, self.delta))
            result = max(0, p.rolled + self.delta)
            self.ids.rolled.text = f"[size=64]{FACES[p.rolled - 1]}[/size]\n{p.rolled}"
            self.ids.result.text = (f"Result [b]{result}[/b]\n[size=17]{abs(self.delta)} of {candy} Candy spent "
                                    f"({self.delta:+d})[/size]")
            self.find("minus").disabled = self.delta <= -candy or p.rolled + self.delta <= 0
            self.find("plus").disabled = self.delta >= candy
            self.find("keep").caption = f"Use {result}" if self.delta else f"Keep {p.rolled}"
        else:
            self.delta = 0
        if not (rolling or adjusting):
            self.ids.prompt.text = "No roll is needed now."

    def roll(self, value: int | None) -> None:
        self.delta = 0
        self.app.submit(I.RollDie(value))

    def change(self, d: int) -> None:
        self.delta += d
        self.refresh()

    def keep(self) -> None:
        if self.app.submit(I.SpendCandy(self.delta)):
            self.delta = 0


SCREEN = RollScreen
