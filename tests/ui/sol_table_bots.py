"""A table of hero bots that plays The Stuff of Legend on the app by touch only: each decision is
the bot's (from its seat's observation), and the test finds the control on screen that enters it
and presses it through the window's touch dispatch. Nothing here calls a handler."""

from __future__ import annotations

from typing import Any

from companion.ai.engine import InfoState
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.policies import HeroBot, TableBot
from companion.games.stuff_of_legend.ui import words
from companion.ui import touch

ACTIONS = {I.CoinFlip: lambda i: f"coin:{i.face or 'flip'}", I.BoogeymanCardInput: lambda i: "boog:draw"}


def scrolled_to(h: Any, pred: Any, tries: int = 8) -> Any | None:
    """The shown control `pred` accepts, scrolling the lists on screen down by finger to find it."""
    from kivy.uix.scrollview import ScrollView

    for _ in range(tries):
        for w in touch.controls():
            if pred(w):
                return w
        lists = [w for w in h.screen.walk(restrict=True) if isinstance(w, ScrollView) and w.scroll_y > 0.001]
        if not lists:
            return None
        sv = lists[0]
        x, y = sv.to_window(sv.center_x, sv.y)
        h.drag([(x, y + sv.height * 0.2 + k * sv.height * 0.1) for k in range(7)])  # a swipe up
    return None


def same(h: Any, a: Any, b: Any) -> bool:
    """`a` enters `b`, or a copy of the same card in its place (one button stands for both)."""
    if a == b:
        return True
    s = h.app.controller.state
    return a is not None and type(a) is type(b) and words.caption(s, a) == words.caption(s, b)


def shown_with(h: Any, wanted: Any) -> Any | None:
    """The shown control that enters `wanted` (or the same card), or the group leading to it."""
    def enters(w: Any) -> bool:
        return same(h, getattr(w, "inp", None), wanted)

    def leads(w: Any) -> bool:
        return any(same(h, x, wanted) for x in (getattr(w, "items", None) or ()))

    w = scrolled_to(h, lambda w: enters(w) or leads(w))
    if w is None or enters(w):
        return w
    return next((x for x in touch.controls() if enters(x)), w)


class TouchTable:
    def __init__(self, h: Any, seed: int = 7, faces: tuple[str | None, ...] = ("boy", None)) -> None:
        self.h = h
        self.app = h.app
        self.bots: dict[str, HeroBot] = {}
        self.seed = seed
        self.table = TableBot(seed)
        self.faces = list(faces)  # the real coin's faces to enter first, then the device flips (None)
        self.seen: dict[str, int] = {}  # screen -> decisions made there
        self.summaries = 0
        self.peeks = 0
        self.device = 0  # decisions the device made for the hero it holds

    def wanted(self) -> Any:
        c = self.app.controller
        s = c.state
        actor = c.actor()
        if actor.kind == "chance":
            if type(s.head).__name__ == "Coin":
                return I.CoinFlip(self.faces.pop(0) if self.faces else None)  # type: ignore[arg-type]
            return c.legal()[0]
        if actor.kind == "table":
            return self.table.decide(InfoState(c.rules, s, "table"))
        bot = self.bots.setdefault(actor.seat, HeroBot(self.seed * 10 + len(self.bots)))
        return bot.decide(InfoState(c.rules, s, actor.seat))

    def step(self) -> None:
        """One decision by touch (or one acknowledgement of the device's steps)."""
        h, app = self.h, self.app
        if app.summary.shown:
            self.summaries += 1
            h.tap("summary_next")
            return
        c = app.controller
        if app.seat.plays(c.state):  # the device's hero decides off the UI thread, then submits
            s = c.state
            self.device += 1
            assert h.until(lambda: c.state is not s, timeout=15.0), "the device did not decide"
            return
        screen = app.sm.current
        if screen == "sol_private" and not app.screen("sol_private").revealed:
            self.peeks += 1
            h.tap("reveal")
            return
        wanted = self.wanted()
        self.seen[screen] = self.seen.get(screen, 0) + 1
        action = ACTIONS.get(type(wanted))
        if action is not None:
            h.tap(action(wanted))
            return
        w = shown_with(h, wanted)
        if w is None:
            raise AssertionError(f"{screen}: no control enters {wanted!r}")
        h.tap_widget(w)
        if not same(h, getattr(w, "inp", None), wanted):  # a group: the card paid is the second step
            card = shown_with(h, wanted)
            assert card is not None and same(h, card.inp, wanted), f"{screen}: the group has no {wanted!r}"
            h.tap_widget(card)

    def play(self, limit: int = 600) -> int:
        n = 0
        while not self.app.controller.session.finished and n < limit:
            self.step()
            n += 1
        return n

