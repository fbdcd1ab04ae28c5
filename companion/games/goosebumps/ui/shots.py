"""Goosebumps for `companion shots` and the UI tests: a game against the automated player, played
by touches alone (`Player` stands for the people at the table: it reads the screen's choices and
taps them; the cards it names are ones the real deck could show)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.ui.screens.gsb_table import action_of, offered


def cards_of(inp: Any) -> tuple[str, ...]:
    return tuple(inp.cards) if isinstance(inp, I.Play) else (inp.card,)


class Player:
    """The table, by touch. `deal` is what the automated player's holder gets first (as the real
    cards show); after that its cards are drawn at random from those the device has not seen.
    The people prefer a three of a kind (until a Freeze Ray! has answered one), a move onto
    STEAL, stealing from the device, and answering with Freeze Ray!."""

    def __init__(self, h: Any, seed: int = 1, deal: tuple[str, ...] = ("freeze", "4", "4", "4"),
                 touch: bool = True) -> None:
        """`touch=False` (the screenshots only): the same choices entered without the finger, to get
        to the next picture quickly; the tests always touch."""
        self.h, self.rnd, self.deal, self.touch = h, random.Random(seed), list(deal), touch
        self.steps: list[str] = []  # the device's instructions, as shown
        self.seen: Counter[str] = Counter()  # what happened, by kind: "steal", "freeze", "device", ...

    @property
    def c(self) -> Any:
        return self.h.app.controller

    def step(self) -> str:
        h, app, c = self.h, self.h.app, self.c
        if app.summary.shown:
            self.seen["summary"] += 1
            self.steps.append(app.summary.steps[app.summary.index])
            if self.touch:
                h.tap("summary_next")
            else:
                app.summary.next()
            return "summary"
        if c.session is None or c.session.finished:
            return "over"
        if app.seat.plays(c.state):
            before = c.state
            if not h.until(lambda: c.state is not before or app.summary.shown, timeout=20):
                raise AssertionError("the device did not decide")
            self.seen["device"] += 1
            return "device"
        if app.sm.current != "gsb_table":
            app.go_play()
        v = c.view()
        waiting = v["waiting"]
        kind = waiting["kind"]
        seat = waiting.get("seat", "")
        auto = next(p["automated"] for p in v["players"] if p["seat"] == seat)
        if kind == "draw":
            if not auto:
                self.press("draw_unseen", I.Draw(("?",) * int(waiting["count"])))
                return "draw"
            if c.state.options.device_hand == "screen":  # its own shuffle: nobody names a card
                self.press("draw_shuffle", I.Draw((I.DEVICE_DRAWS,) * int(waiting["count"])))
                return "draw"
            left = Counter(c.state.unseen)
            cards = []
            if self.touch:  # the holder's cards: named in private by whoever deals them
                h.tap("draw_device")
                h.tap("look")
            for _ in range(int(waiting["count"])):
                card = self.deal.pop(0) if self.deal and left[self.deal[0]] > 0 else \
                    self.rnd.choice(sorted(left.elements()))
                left[card] -= 1
                cards.append(card)
                if self.touch:
                    h.tap(f"card:{card}")
            if not self.touch:
                app.submit(I.Draw(tuple(cards)))
            return "draw"
        legal = offered(c)  # the choices on screen: the table's
        hidden = kind == "play" and not auto or kind == "take" and not next(
            p["automated"] for p in v["players"] if p["seat"] == waiting.get("victim"))
        if hidden:  # the cards a person could really hold (the people know their own cards)
            left = Counter(c.state.unseen)
            legal = [i for i in legal if not isinstance(i, (I.Play, I.Take))
                     or all(left[k] >= n for k, n in Counter(cards_of(i)).items())] or legal
        pick = self.choose(kind, legal, v)
        if isinstance(pick, I.Play) and len(pick.cards) == 3 and self.touch:
            self.reach("threes")
            h.tap("threes")
        if isinstance(pick, I.React) and pick.play and waiting.get("card") == "freeze":
            self.seen["freeze"] += 1
        if isinstance(pick, I.Take):
            self.seen["steal"] += 1
        self.press(action_of(pick), pick)
        return kind

    def reach(self, action: str) -> None:
        """The choices are a list that scrolls (at the body text size a long hand takes three
        rows): slide it until the choice shows."""
        if not self.h.visible(action):
            self.h.scroll_to(action, self.h.screen.ids.get("scroller"))

    def press(self, action: str, inp: Any) -> None:
        if self.touch:
            self.reach(action)
            self.h.tap(action)
        else:
            self.h.app.submit(inp)
            self.h.pump(frames=1)

    def choose(self, kind: str, legal: list[Any], v: dict[str, Any]) -> Any:
        if kind == "play":
            threes = [i for i in legal if isinstance(i, I.Play) and len(i.cards) == 3]
            if threes and not self.seen["frozen"]:
                return threes[0]
            me = next(p for p in v["players"] if p["seat"] == v["waiting"]["seat"])
            steal = set(v["track"]["steal"])
            onto = [i for i in legal if isinstance(i, I.Play) and i.cards[0].isdigit() and len(i.cards) == 1
                    and me["space"] + int(i.cards[0]) in steal]
            if onto:
                return onto[0]
            numbers = [i for i in legal if isinstance(i, I.Play) and i.cards[0].isdigit()]
            return self.rnd.choice(numbers or legal)
        if kind == "react":  # a person answers only with a card they could really hold
            yes = [i for i in legal if i.play]
            could = v["waiting"].get("card") in self.c.state.unseen
            return yes[0] if yes and could and v["waiting"].get("card") == "freeze" else legal[0]
        if kind == "steal":
            device = [i for i in legal if i.victim == "Device"]
            return device[0] if device else legal[0]
        if kind == "shortcut":
            return I.Shortcut(True)
        if kind == "take":
            return self.rnd.choice(legal)
        return legal[0]

    def play(self, until: Callable[[], bool], limit: int = 800) -> int:
        n = 0
        while not until():
            if n >= limit:
                raise AssertionError(f"{limit} touches and the game is not where it should be: "
                                     f"{self.c.view().get('prompt', '')}")
            self.step()
            n += 1
            if self.c.session is not None and any("plays Freeze Ray! against" in x
                                                  for x in self.c.view().get("notices", [])):
                self.seen["frozen"] += 1
        return n


def new_game(h: Any, level: str = "hard", players: int = 2, device_at: int = 1, hand: str = "holder") -> None:
    """From the choose screen: the tile, then the set-up by touch."""
    app = h.app
    app.go("choose")
    h.choose_game("goosebumps")
    if players != 2:
        h.tap(f"players:{players}")
    h.tap(f"device_at:{device_at}")
    h.tap(f"level:{level}")
    if hand != "holder":
        h.scroll_to(f"hand:{hand}")
        h.tap(f"hand:{hand}")
    h.tap("start")


def take(h: Any, shot: Callable[[str], Any]) -> None:
    app = h.app
    app.go("choose")
    shot("01_choose_game")
    h.choose_game("goosebumps")
    h.tap("players:3")
    h.tap("device_at:2")
    shot("02_setup")
    h.tap("start")
    p = Player(h, seed=3, touch=False)
    h.tap("draw_name")  # a person's pick-up, named in private (then kept secret after all)
    shot("03b_pickup_cover")
    h.tap("look")
    h.tap("card:6")
    h.tap("card:pal")
    shot("03c_pickup_private")
    _held(h, lambda: shot("03f_pickup_held"))
    h.tap("pickup_cancel")
    p.play(lambda: app.controller.view()["waiting"].get("seat") == "Device")
    shot("03_deal_device")
    h.tap("draw_device")  # the holder's cards, named in private by whoever deals them
    shot("03d_device_cover")
    h.tap("look")
    h.tap("card:4")
    shot("03e_device_private")
    h.tap("pickup_cancel")
    p.play(lambda: app.controller.state.phase.value == "play" and not app.summary.shown)
    shot("04_table")
    p.play(lambda: app.controller.view()["waiting"]["kind"] == "play" and not app.seat.plays(app.controller.state)
           and app.controller.state.round >= 2 and not app.summary.shown)
    shot("05_play")
    h.tap("hand")  # the hand, on the private screen behind its cover
    shot("06_hand_over")
    h.tap("look")
    shot("07_hand")
    _held(h, lambda: shot("07b_hand_held"))
    h.tap("hand_done")
    h.tap("fix")
    shot("08a_move_a_monster_which")
    # Player 2's monster picked up by a tap on its space (its name too when others share it)
    space = next(p["space"] for p in app.controller.view()["players"] if p["seat"] == "Player 2")
    h.tap(f"space:{space}")
    if app.screen("gsb_table").mode == "fix_who":
        h.tap("fix:Player 2")
    shot("08b_move_a_monster")
    h.tap("fix_cancel")
    p.play(lambda: app.summary.shown)
    shot("08_device_turn")
    p.play(lambda: app.controller.view()["waiting"]["kind"] in ("steal", "react", "take") and not app.summary.shown)
    shot("09_window")
    p.play(lambda: app.controller.session.finished and not app.summary.shown)
    app.go_play()
    shot("10_end")


def _held(h: Any, then: Callable[[], Any]) -> None:
    """`then` with a finger on the private screen's cover (what it hides shows meanwhile)."""
    from companion.ui import touch

    with touch.held_down(h.find("hold")):
        then()
