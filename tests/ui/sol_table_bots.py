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
SEED = 153  # three heroes, the cards held by the device: a game that ends at an exit (see shots.py)
HEROES = ("max", "percy", "harmony")


def set_up(h: Any, digital: tuple[str, ...] = ("action_deck", "board_cards", "boogeyman_deck")) -> None:
    """Choose the game, the heroes and what the device holds, walk the set-up steps."""
    app = h.app
    app.seed = SEED
    app.go("choose")
    h.choose_game("game:SOL")
    assert app.sm.current == "sol_setup"
    assert h.find("next").disabled  # 3 to 6 heroes first
    for hero in HEROES:
        h.tap(f"hero:{hero}")
    h.tap("next")
    for key in digital:
        h.tap(f"{key}:digital")
    h.tap("next")
    c = app.controller
    assert c.rules.code == "SOL" and c.state.seats == HEROES
    assert c.state.options.action_deck == ("digital" if digital else "physical") and c.state.options.exits == "digital"
    screen = app.screen("sol_setup")
    assert screen.steps and screen.steps[0].startswith("Set-up")  # the game's own set-up steps
    while app.sm.current == "sol_setup":
        h.tap("next")


def labels_holding(text: str) -> list[Any]:
    """Every Label in the window whose text holds `text` (shown or not: a secret must be nowhere)."""
    from kivy.base import EventLoop
    from kivy.uix.label import Label

    def walk(w: Any) -> Any:
        for child in w.children:
            yield child
            yield from walk(child)

    return [w for w in walk(EventLoop.window) if isinstance(w, Label) and text in w.text]


def held(h: Any, read: Any) -> Any:
    """A finger down on the private screen's cover, `read()` while it is down, then lifted."""
    cover = h.find("hold")
    finger = touch.Finger()
    finger.down(*touch.centre(cover))
    h.pump()
    try:
        assert cover.revealed, "a finger on the cover did not reveal it"
        return read()
    finally:
        finger.up()
        h.pump()
        assert not cover.revealed, "lifting the finger did not cover it"


def _slide(h: Any, sv: Any, down_the_list: bool) -> None:
    """A finger slides the list most of its height, held still before it lifts so the list does
    not fling on (Kivy takes a release's speed from real times): towards its end, or its top."""
    import time

    from companion.ui.harness import STILL_S

    (x0, y0), margin = sv.to_window(sv.x, sv.y), min(30.0, sv.height * 0.15)
    x, low, high = x0 + sv.width / 2, y0 + margin, y0 + sv.height - margin
    y, end, step = (low, high, 12.0) if down_the_list else (high, low, -12.0)
    h.finger.down(x, y)
    while (y < end) if down_the_list else (y > end):
        y = min(end, y + step) if down_the_list else max(end, y + step)
        h.finger.move(x, y)
        touch.let_pass(touch.FRAME_S)
    time.sleep(STILL_S)
    h.finger.up()
    touch.let_pass(0.4)


def scrolled_to(h: Any, pred: Any, tries: int = 40) -> Any | None:
    """The shown control `pred` accepts, a finger sliding the list on screen to find it: on
    towards its end, then back from its top (a list left scrolled by the last pick may hold it
    above what shows), once a toast saying the last card's name is gone (it lies over the list's
    lower rows). None when the whole list was seen without it."""
    from kivy.uix.scrollview import ScrollView

    h.until(lambda: not h.app.toaster.shown, timeout=4.0)
    down, turned = True, False
    for _ in range(tries):
        h.pump(frames=2)
        for w in touch.controls():
            if pred(w):
                return w
        # The lists of controls (the table screen's column of tracks scrolls too, and holds none)
        lists = [w for w in h.screen.walk(restrict=True) if isinstance(w, ScrollView)
                 and w.height < w.children[0].height - 1 and any(getattr(x, "action", "") for x in w.walk(restrict=True))]
        if not lists:
            return None
        ahead = [w for w in lists if w.scroll_y > 0.001]  # a list that can still go on down
        if down and not ahead:  # every list at its end: the first back to its top, then on down once more
            if turned:
                return None
            down, turned = False, True
        if not down and lists[0].scroll_y >= 0.999:
            down, ahead = True, [lists[0]]
        _slide(h, ahead[0] if down else lists[0], down)
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
        if screen == "sol_private" and not app.screen("sol_private").opened:
            self.peeks += 1
            h.tap("reveal")
            held(h, lambda: None)  # the holder looks, by holding the cover, before deciding
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

