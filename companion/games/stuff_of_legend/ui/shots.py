"""The Stuff of Legend's screens for `companion shots --game SOL`: a game set up by touch and
played by the hero bots (the table's decisions too; the device flips the coin), every screen on
the way (the private hand-over and its hold-to-see cover, held, a vote, the coin, the enemies and their steps, a peek, the end),
then a game with real cards for the scan screen, its "add a new one", and Check your box."""

from __future__ import annotations

from typing import Any, Callable

from companion.ai.engine import InfoState
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.policies import HeroBot, TableBot
from companion.games.stuff_of_legend.state import Options

SEED = 153  # a game (3 heroes, cards held by the device) that has every screen and ends at an exit


class _Bots:
    def __init__(self, seed: int) -> None:
        self.seed, self.table, self.heroes = seed, TableBot(seed), {}  # type: ignore[var-annotated]

    def decide(self, c: Any) -> Any:
        s, actor = c.state, c.actor()
        if actor.kind == "chance":
            return I.CoinFlip(None) if s.head.kind == "coin" else c.legal()[0]
        if actor.kind == "table":
            return self.table.decide(InfoState(c.rules, s, "table"))
        bot = self.heroes.setdefault(actor.seat, HeroBot(self.seed * 10 + len(self.heroes)))
        return bot.decide(InfoState(c.rules, s, actor.seat))


def _until(h: Any, bots: _Bots, kind: str, limit: int = 400) -> bool:
    """Let the bots play until the game waits on `kind` (False: it ended first)."""
    c = h.app.controller
    for _ in range(limit):
        s = c.state
        if s.phase == "over":
            break
        if s.head is not None and s.head.kind == kind:
            h.app.summary.shown = False
            h.app.go_play()
            return True
        c.submit(bots.decide(c))
    h.app.summary.shown = False
    h.app.go_play()
    return False


def _held(h: Any, then: Callable[[], Any]) -> None:
    """`then` with a finger on the private screen's cover (what it hides shows meanwhile)."""
    from companion.ui import touch

    with touch.held_down(h.find("hold")):
        then()


def take(h: Any, shot: Callable[[str], Any]) -> None:
    app = h.app
    app.seed = SEED
    app.go("choose")
    shot("01_choose_game")
    h.choose_game("game:SOL")
    for hero in ("max", "percy", "harmony"):
        h.tap(f"hero:{hero}")
    shot("02_setup_heroes")
    h.tap("next")
    for key in ("action_deck", "board_cards", "boogeyman_deck"):
        h.tap(f"{key}:digital")
    shot("03_setup_cards")
    h.tap("next")
    shot("04_setup_step")
    while app.sm.current == "sol_setup":
        h.tap("next")
    shot("05_private_cover")
    h.tap("reveal")
    shot("05b_private_hold")
    _held(h, lambda: shot("06_private_loyalty"))
    while app.sm.current == "sol_private":
        h.tap("hide" if app.screen("sol_private").opened else "reveal")
    shot("07_table_rifle")
    bots = _Bots(SEED)
    c = app.controller
    if _until(h, bots, "choose_actor"):
        shot("08_table_who_acts")
    if _until(h, bots, "actor_turn"):
        h.tap("reveal")
        shot("09_private_actions")
    if _until(h, bots, "vote"):
        shot("10_vote")
    if _until(h, bots, "state_number"):
        h.tap("reveal")
        _held(h, lambda: shot("11_private_peek"))
    if _until(h, bots, "activate"):
        shot("12_enemies")
        c.submit(bots.decide(c))
        if app.summary.shown:
            shot("13_enemy_steps")
    if _until(h, bots, "coin"):
        shot("14_coin")
        h.tap("coin:flip")
        if app.summary.shown:
            shot("15_coin_steps")
    if _until(h, bots, "boogeyman_draw"):
        shot("16_boogeyman_draw")
        h.tap("boog:draw")
        if app.summary.shown:
            shot("17_boogeyman_card")
    app.summary.shown = False
    app.go("rules")
    shot("18_rules")
    app.go("settings")
    shot("18b_settings")  # Max's chair, and how private cards are looked at
    _until(h, bots, "never")
    shot("19_end")
    # Real cards on the table: the Location turned up is scanned (no camera: picked on screen).
    app.summary.shown = False
    c.new_game("SOL", Options(players=3), SEED)
    c.submit(I.Rifle("max"))
    app.summary.shown = False
    app.go_play()
    shot("20_scan_location")
    # "Add a new one" (issue 26): the sticker number beside the new card's sticker, then its title.
    h.tap("pick:new")
    shot("21_scan_new_card")
    h.tap("pick:titles")
    # Check your box, from Settings: the kinds of guessed facts, then one question beside its place.
    app.go("settings")
    h.tap("check_box")
    shot("22_check_your_box")
    h.tap("group:0")
    shot("23_check_your_box_question")
