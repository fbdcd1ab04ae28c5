"""What a person does at the screen, by touches only: the helpers UI tests share. What a pack's
own `shots` may need too (a tap, whether a control shows, sliding a list to a control, turning
the choose screen's pages, a finger held on a cover) lives in the shell: `companion.ui.harness.
Harness` (`tap`, `visible`, `scroll_to`, `choose_game`, `drag`) and `companion.ui.touch`
(`held_down`, `Finger`)."""

from __future__ import annotations

import os
import random
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator



def start_game(h: Any, mode: str = "coop", kids: tuple[str, ...] = ("mike", "daphne"),
               difficulty: str = "normal") -> None:
    """Choose Boogeyman, the mode, the difficulty and the children, then every set-up step."""
    app = h.app
    assert app.sm.current == "choose"
    h.choose_game("boogeyman")
    h.tap(f"mode:{mode}")
    h.tap(f"difficulty:{difficulty}")
    h.tap("next")
    for k in kids:
        h.tap(f"child:{k}")
    h.tap("next")
    assert app.sm.current == "setup"
    for _ in app.screen("setup").steps:
        h.tap("next")


def tap_room(h: Any, zone: str) -> None:
    """One tap on a room (or corridor) of the table's house, at its place on the screen."""
    h.tap_widget(h.app.screen("table").ids.map.cells[zone])


def tap_zone(h: Any, zone: str) -> None:
    """Move the active child to `zone` as a person does (issue 25, "Moves on the board"): a tap on
    the child's room picks it up (unless it is picked up already), then a tap on `zone`."""
    table = h.app.screen("table")
    if not table.picked:
        tap_room(h, h.app.controller.state.child(h.app.controller.state.active).zone)
    tap_room(h, zone)


def lit_rooms(house: Any) -> list[str]:
    """The rooms a house widget lights now as a destination of the piece picked up."""
    return [z for z, cell in house.cells.items() if (cell.info or {}).get("movable")]


def steer_on_house(h: Any, walk: int) -> list[str]:
    """The Boogeyman player steers the Possessed Babysitter on its private screen's house: a tap on
    her room, then up to `walk` lit rooms (as many as the die allows), then Confirm. Returns her walk."""
    bgm = h.app.screen("boogeyman")
    v = h.app.controller.view("boogeyman")
    h.tap_widget(bgm.house.cells[v["babysitter"]])
    path: list[str] = []
    for _ in range(walk):
        lit = lit_rooms(bgm.house)
        if not lit:
            break
        path.append(sorted(lit)[len(path) % len(lit)])
        h.tap_widget(bgm.house.cells[path[-1]])
    h.tap("confirm")
    return path


def gsb_pick(h: Any, seat: str) -> None:
    """Goosebumps, "Move a monster" pressed: a tap on the space `seat`'s monster stands on (and its
    name, when other monsters share the space) picks it up; its possible spaces light."""
    space = next(p["space"] for p in h.app.controller.view()["players"] if p["seat"] == seat)
    h.tap(f"space:{space}")
    if h.app.screen("gsb_table").mode == "fix_who":
        h.tap(f"fix:{seat}")
    assert h.app.screen("gsb_table").fixing == seat


def type_text(h: Any, text: str) -> None:
    """On the on-screen keyboard: shift for capitals after the first letter, space, symbols."""
    from companion.i18n import language
    from companion.ui.overlays import LETTERS, LETTERS_DE

    kb = h.app.keyboard
    assert kb.shown, "the keyboard is not up"
    letters = "".join(LETTERS_DE if language() == "de" else LETTERS)  # the letters page of the language shown
    for ch in text:
        if ch == " ":
            h.tap("key:space")
            continue
        lower = ch.lower()
        if ch.isalpha() or ch in letters:
            if kb.mode != "letters":
                h.tap("key:mode")
            if ch.isupper() and not kb.shift:
                h.tap("key:shift")
            h.tap(f"key:{lower}")
        else:
            if kb.mode != "symbols":
                h.tap("key:mode")
            h.tap(f"key:{ch}")


def through_summary(h: Any) -> list[str]:
    """Tap Next through the Boogeyman's-turn steps; returns them."""
    app = h.app
    assert app.summary.shown, "no Boogeyman's-turn summary on screen"
    steps = list(app.summary.steps)
    while app.summary.shown:
        h.tap("summary_next")
    return steps


def table_done(h: Any) -> list[str]:
    """A person does the steps the list shows, if it shows, and taps Done: the next prompt waits
    for it (issue 25). Returns the steps (none when no list was up)."""
    return through_summary(h) if h.app.summary.shown else []


@contextmanager
def panel_app(data: Path) -> Iterator[Any]:
    """An app with the GPIO panel on gpiozero's mock pins (`h.factory`), its data in `data`."""
    from gpiozero.pins.mock import MockFactory

    from companion.ui.harness import Harness

    old = os.environ.get("COMPANION_DATA_DIR")
    os.environ["COMPANION_DATA_DIR"] = str(data)
    factory = MockFactory()
    h = Harness(data, camera="none", pin_factory=factory, draw=False)
    h.factory = factory
    try:
        yield h
    finally:
        h.close()
        factory.reset()
        if old is not None:
            os.environ["COMPANION_DATA_DIR"] = old


def press(h: Any, button: str) -> None:
    """A finger on the panel's button: the pin goes low (it closes to GND), then high; gpiozero's
    thread hands the press to the UI through the Clock."""
    pins = h.app.panel.panel.pins
    pin = h.factory.pin(getattr(pins, button))
    pin.drive_low()
    time.sleep(pins.bounce_s + 0.02)
    pin.drive_high()
    h.pump(0.15)


def shown_steps(h: Any) -> list[str]:
    """The step rows a person sees in the steps list now (their text without its markup, nor the
    small mark after what is still a guess: companion/ui/guessmarks.py)."""
    import re

    h.pump(frames=2)
    rows = [str(w.text) for w in h.app.summary.ids.list.children[::-1]]
    return [re.sub(r"\[/?[a-z]+[^\]]*\]", "", r).replace("\u25cc", "").split("  ", 1)[-1] for r in rows]


def same_table(a: Any, b: Any) -> bool:
    """Two tables hold the same components, each in the same place with the same face up."""
    return {k: (x.place, x.face) for k, x in a.items()} == {k: (x.place, x.face) for k, x in b.items()}


class TableModel:
    """The test's own model of the physical table (issue 25, "Done when"): it changes only by the
    steps the shell showed (each read on screen while its list was up) or, when no list came up,
    by what a person did and entered themselves (a step shown ticked). `read` taps Done through
    a list on screen; `settle` (whenever no list is up) follows what was shown and checks the
    model is the device's table (`table_of`)."""

    def __init__(self, h: Any) -> None:
        from companion.core.table import ToDo, table_of

        self.h = h
        self.c = c = h.app.controller
        self.model = dict(table_of(c.rules, c.state))
        self.queued: list[ToDo] = []
        self.seen: list[str] = []  # the rows of the lists on screen since the model last followed
        self.shown: list[tuple[str, str]] = []  # every list's heading and rows, as read, all game
        self.followed = self.lists = self.ticked = 0
        self.look: Callable[[], None] = lambda: None  # called on each page of a list, as it shows
        c.subscribe(self._changed)
        self._listener = c._listeners[-1]

    def _changed(self) -> None:
        self.queued.extend(self.c.table_steps)

    def close(self) -> None:
        if self._listener in self.c._listeners:
            self.c._listeners.remove(self._listener)

    def __enter__(self) -> "TableModel":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def read(self) -> bool:
        """A list is up: read each page as shown and tap Done (which may bring the device's next
        list up, read too), then follow. False when no list was up."""
        summary = self.h.app.summary
        if not summary.shown:
            return False
        self.lists += 1
        while summary.shown:
            rows = list(summary.steps)
            assert shown_steps(self.h)[:len(rows)] == rows
            self.shown.extend((summary.heading, x) for x in rows)
            self.look()
            self.seen.extend(x for x in rows if x not in self.seen)
            self.h.tap("summary_next")
        self.settle()
        return True

    def settle(self) -> None:
        from companion.core.table import follow, table_of

        if self.h.app.summary.shown:
            return
        for t in self.queued:  # each was shown in a list, or done (and entered) by the person
            assert t.done or t.step.text in self.seen, (t.step.text, self.seen)
            self.ticked += t.done
        now = follow(self.model, [t.step for t in self.queued])
        self.model.clear()
        self.model.update(now)
        self.followed += len(self.queued)
        self.queued.clear()
        self.seen.clear()
        assert same_table(self.model, table_of(self.c.rules, self.c.state)), self.c.history()[0][-3:]


class BgmChildren:
    """The children's players at a Boogeyman table, by touch: on the table screen they walk (often
    toward the Babysitter or the Boogeyman: encounters raise the Stress Scale, so the night ends),
    take Light tokens, search, break locks, end turns, and now and then Undo (at most `undos`);
    they roll, draw the top card of the real deck (one not already out of it), name a card the
    device does not know yet, and answer the Finale. A seat the device holds is waited for.
    `short_names`: a card is named in two letters on the keyboard (a long game draws many).
    `goal(state)`: zones the acting child heads for (most turns, by the shortest way); there it
    takes the Light token off, searches, tries the Lock, or stays (ends the turn)."""

    def __init__(self, h: Any, seed: int = 25, undos: int = 4, short_names: bool = False,
                 goal: Callable[[Any], set[str]] | None = None) -> None:
        self.h, self.r, self.max_undos, self.short = h, random.Random(seed), undos, short_names
        self.goal = goal
        self.undos = 0

    def _toward(self, legal: list[Any]) -> str:
        """The action that takes the acting child on toward `goal`, or "" (none, or not this time)."""
        from companion.games.boogeyman import inputs as I
        from companion.games.boogeyman.common import child_graph

        s = self.h.app.controller.state
        goals = self.goal(s) if self.goal is not None else set()
        if not goals or self.r.random() < 0.15:
            return ""
        here = s.child(s.active).zone
        kinds = {type(i): i for i in legal}
        if here in goals:  # what there is to do here, or stay
            return next((a for a, k in (("flip", I.FlipSwitch), ("search", I.Search), ("lock", I.BreakLock),
                                        ("end", I.EndTurn)) if k in kinds), "")
        moves = {i.to for i in legal if isinstance(i, I.Move)}
        graph = child_graph(s)  # the passages a child may take now (the Attic's padlock, the Trap Door)

        def far(z: str) -> int:
            d = graph.distances(z)
            return min(d.get(g, 99) for g in goals)

        best = min(sorted(moves), key=far, default="")
        return f"zone:{best}" if best and far(best) < 99 else ""

    def _visible(self, prefix: str) -> list[str]:
        from companion.ui import touch

        self.h.pump(frames=1)
        return [str(w.action) for w in touch.controls() if str(getattr(w, "action", "")).startswith(prefix)]

    def step(self) -> None:
        from companion.games.boogeyman import inputs as I
        from companion.games.boogeyman.cards import BOX_COUNT
        from companion.ui import touch

        h, r = self.h, self.r
        app = h.app
        c = app.controller
        screen = app.sm.current
        if app.seat.plays(c.state):
            before = c.state
            assert h.until(lambda: c.state is not before or app.summary.shown, 30), "the device did not decide"
        elif app.confirm.shown:
            h.tap("confirm_ok")
        elif screen == "table":
            legal = c.legal()
            kinds = {type(i) for i in legal}
            options: list[str] = ["end"] if I.EndTurn in kinds and r.random() < 0.3 else []
            options += [x for x, k in (("flip", I.FlipSwitch), ("search", I.Search), ("lock", I.BreakLock))
                        if k in kinds]
            zones = [i.to for i in legal if isinstance(i, I.Move)]
            toward = self._toward(legal)
            if toward.startswith("zone:"):
                tap_zone(h, toward[5:])
                return
            if toward and (toward in self._visible(toward) or h.visible(toward)):
                h.tap(toward)
                return
            adults = [z for z in zones if z == c.state.babysitter or z in c.state.boogeyman]
            pick = r.random()
            if adults and pick < 0.7:
                tap_zone(h, r.choice(adults))
            elif zones and pick < 0.5:
                tap_zone(h, r.choice(zones))
            elif pick < 0.53 and c.session.can_undo and self.undos < self.max_undos:
                self.undos += 1
                h.tap("undo")
                if app.confirm.shown:
                    h.tap("confirm_ok")
            elif options:
                action = r.choice(options)
                if action in self._visible(action) or h.visible(action):
                    h.tap(action)
            elif h.visible("end"):
                h.tap("end")
        elif screen == "found":
            h.tap(r.choice(self._visible("found:")))
        elif screen == "roll":
            faces = self._visible("face")
            if faces:
                h.tap(r.choice(faces))
            elif h.visible("keep"):
                h.tap("keep")
        elif screen == "scan":
            # The card on top of the real deck: one that is not out of it (in a hand, the discard, in play).
            deck = c.state.pending[0].deck
            out = {code for code, _ in c.state.drawn}
            try:
                pool = list(c.state.deck(deck).remaining) or list(c.state.deck(deck).discard)
            except KeyError:
                pool = []
            size = BOX_COUNT.get(deck, 30)
            every = [f"BGM:{deck}:{n:02d}" for n in range(1, size + 1)]
            pool = pool or [x for x in every if x not in out] or every
            code = r.choice(pool)
            try:
                h.scroll_to(f"pick:{code}", app.screen("scan").ids.scroller)
            except AssertionError:  # not a card of this box's deck: draw again
                return
            h.tap(f"pick:{code}")
        elif screen == "card_form":
            h.tap_widget(app.screen("card_form").ids.name)
            letters = "".join(r.choice("abcdefgh") for _ in range(1 if self.short else 4))
            type_text(h, ("Z" if self.short else "Card ") + letters)
            h.tap("key:done")
            h.tap(r.choice(["effect:none", "effect:none", "effect:lose_candy"]))
            h.tap("save")
        elif screen in ("boogeyman", "finale"):
            choices = self._visible("room:") + self._visible("won")
            bgm = app.screen("boogeyman")
            if h.visible("reveal"):
                h.tap("reveal")
            elif screen == "boogeyman" and bgm.house.parent is not None:
                steer_on_house(h, r.randint(0, 3))  # a Possessed Babysitter: steered on the house
            elif choices:
                h.tap(r.choice(choices))
                if h.visible("confirm"):
                    h.tap("confirm")
            else:
                raise AssertionError(f"stuck on {screen}: {[str(getattr(w, 'action', '')) for w in touch.controls()]}")
        else:
            raise AssertionError(f"stuck on {screen}")
