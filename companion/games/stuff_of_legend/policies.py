"""The AI's part for The Stuff of Legend: hero bots that play whole games, the table's group
decisions, and the rollout and evaluation the engine's search uses.

A bot sees only its seat's world (`InfoState.known()`): its own hand, Loyalty card and peeks,
what peekers said aloud, and the public board. Heroes loyal to the Boy hunt for the correct exit:
they peek through Quests, trust what others say (their own peek first), and walk when they are
sure enough or time runs short. Heroes loyal to the Boogeyman play along, but lie about the
numbers they saw, vote against moves toward the exit they think right, and now and then lead the
party astray or waste an action.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

from companion.ai.engine import Budget, InfoState
from companion.core.errors import IllegalInput
from companion.core.rng import Rng
from companion.games.stuff_of_legend import actions, board, enemies
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.catalogue import ActionCard
from companion.games.stuff_of_legend.common import army_strength, cards_at, cat, enemies_at, hero, side, world
from companion.games.stuff_of_legend.ending import correct_exit
from companion.games.stuff_of_legend.protocol import current_peeks, legal_inputs, to_act
from companion.games.stuff_of_legend.state import (
    Activate,
    ActorTurn,
    AskRifle,
    Assisting,
    ChooseActor,
    ChooseExit,
    ChooseTarget,
    Contribute,
    Designate,
    Discard,
    GiftTo,
    HelpOffer,
    Permission,
    PlaceBridge,
    ResolveEncounters,
    RevealLocations,
    ScoutPeek,
    ScoutSwapping,
    State,
    StateNumber,
    TieBreak,
    Vote,
    WoundTaker,
)

SURE = 0.8  # walk to an exit once this sure it is the correct one


@dataclass(frozen=True)
class Style:
    """How a bot plays: `lie` how often a traitor lies about a peek, `sabotage` how often it votes
    against a good move or wastes its own action, `noise` how often anyone picks a random input."""

    lie: float = 0.8
    sabotage: float = 0.5
    noise: float = 0.0


# ---------------------------------------------------------------- beliefs

@functools.lru_cache(maxsize=4096)
def exit_odds(known: tuple[tuple[str, int], ...], exits: tuple[str, ...]) -> tuple[float, ...]:
    """The chance that each exit is the correct one, given the numbers believed known."""
    fixed = dict(known)
    free = [e for e in exits if e not in fixed]
    pool = [n for n in range(1, 8) if n not in fixed.values()]
    wins = dict.fromkeys(exits, 0)
    total = 0
    for combo in itertools.permutations(pool, len(free)):
        values = dict(fixed)
        values.update(zip(free, combo))
        wins[correct_exit({e: values[e] for e in exits})] += 1
        total += 1
    return tuple(wins[e] / max(1, total) for e in exits)


def beliefs(s: State, seat: str) -> dict[str, int]:
    """Exit numbers `seat` believes: its own peeks, then what others said about tokens still in place."""
    out = current_peeks(s, seat) if seat in s.seats else {}
    epochs = dict(zip(world(s).exits, s.exit_epochs))
    for st in s.stated:
        if st.seat != seat and st.exit not in out and st.epoch == epochs[st.exit]:
            out[st.exit] = st.number
    used: set[int] = set()
    clean = {}
    for e, n in out.items():  # two exits cannot show one number: the first claim stands
        if n not in used:
            clean[e] = n
            used.add(n)
    return clean


def odds(s: State, seat: str) -> dict[str, float]:
    exits = world(s).exits
    known = tuple(sorted(beliefs(s, seat).items()))
    return dict(zip(exits, exit_odds(known, exits)))


def loyal_to_boy(s: State, seat: str) -> bool:
    code = s.loyalty[s.index(seat)] if seat in s.seats else ""
    return not code or side(s, code) == "boy"


def time_left(s: State) -> int:
    return world(s).time.lost - s.boy


# ---------------------------------------------------------------- where to go

def goal(s: State, seat: str, honest: bool) -> str:
    """The space this hero wants the party to head for."""
    w = world(s)
    p = odds(s, seat)
    dist = w.distances(s.party, s.bridge)
    ranked = sorted(w.exits, key=lambda e: (-p[e], e))
    if not honest:
        wrong = [e for e in reversed(ranked) if e in dist and p[e] < 0.5]
        return wrong[0] if wrong else _explore(s, seat) or ranked[-1]
    best = ranked[0]
    hurry = time_left(s) <= 2
    if best in dist and (p[best] >= SURE or hurry):
        return best
    quest = _quest_target(s, seat)
    if quest:
        return quest
    if best not in dist or not _explore(s, seat):
        explore = _explore(s, seat, prefer_red=best not in dist)
        if explore:
            return explore
    return best if best in dist else (_explore(s, seat) or s.party)


def useful_quest(s: State, seat: str, code: str) -> bool:
    """A Quest whose peek would teach this hero an exit it is not sure of."""
    q = cat(s).encounter(code)
    if q.kind != "quest":
        return False
    known = beliefs(s, seat)
    targets = [x.arg for x in q.reward if x.name == "peek_exit"]
    return any(a in ("", "any") and len(known) < 4 or any(x not in known for x in a.split("|")) for a in targets)


def likely_help(s: State) -> int:
    """Icons a hero may hope the others add when asked (their hands are unseen)."""
    return 1 + (1 if len(s.seats) >= 5 else 0)


def _quest_target(s: State, seat: str) -> str:
    """The nearest space with a face-up Quest whose peek this hero would learn from."""
    w = world(s)
    dist = w.distances(s.party, s.bridge)
    best = ("", 99)
    for sid, sc in zip(w.ids, s.board):
        for e in sc.encounters:
            if not e.up or not e.code or sid not in dist:
                continue
            q = cat(s).encounter(e.code)
            if useful_quest(s, seat, e.code) and dist[sid] < best[1] and \
                    reach_icons(s, seat, q.skill) + likely_help(s) + 1 >= q.needs:
                best = (sid, dist[sid])
    return best[0]


def _explore(s: State, seat: str, prefer_red: bool = False) -> str:
    """The nearest space with face-down cards (Encounters may hide Quests, Locations the bridge)."""
    w = world(s)
    dist = w.distances(s.party, s.bridge)
    options = []
    for sid, sc in zip(w.ids, s.board):
        if sid == s.party or sid not in dist or w.space(sid).exit:
            continue
        down = any(not e.up for e in sc.encounters) or (sc.location is not None and not sc.location.up)
        if down:
            red = prefer_red and any(w.space(x).colour == "red" for x in (sid,))
            options.append((0 if red else 1, dist[sid], sid))
    return min(options)[2] if options else ""


def next_step(s: State, target: str) -> str:
    """The neighbour on a shortest route to `target`, preferring quiet trails and no enemies."""
    w = world(s)
    if target == s.party:
        return ""
    dist = w.distances(target, s.bridge)
    here = dist.get(s.party)
    if here is None:
        return ""
    best = None
    for x in w.neighbours(s.party, s.bridge):
        d = dist.get(x)
        if d is None or d >= here:
            continue
        trail = w.trail(s.party, x)
        key = (d, enemies_at(s, x), trail.attention if trail else 0, x)
        if best is None or key < best[0]:
            best = (key, x)
    return best[1] if best else ""


# ---------------------------------------------------------------- cards

def keep_value(s: State, code: str) -> float:
    """How much a hero wants to keep a card (the lowest is discarded first)."""
    if not code:
        return 0.0
    c = cat(s).action(code)
    v = sum(n for _, n in c.icons) + 0.5 * c.icons_of("wild")
    v += {"destroy_armies": 4.0, "move": 3.0, "grand_duel": 1.5 if s.leaders else 0.5, "attention": 2.0,
          "transport": 2.0, "scout_ahead": 1.0, "swap_loyalty": 0.5, "peek_exit": 3.0}.get(c.action, 0.0)
    return v - (0.3 if c.tainted else 0.0)


def worst_card(s: State, seat: str) -> str:
    hand = s.hand(seat)
    if not hand:
        return ""
    return min(hand, key=lambda c: (keep_value(s, c), c))


def reach_icons(s: State, seat: str, skill: str) -> int:
    return hero(s, seat).sheet_icons(skill) + sum(cat(s).action(c).counts_for(skill) for c in s.hand(seat) if c)


def boost_cards(s: State, seat: str, skill: str, deficit: int, exclude: str = "") -> list[str]:
    """Fewest cards of the hand that cover `deficit` icons of `skill` (text-less cards first)."""
    if deficit <= 0:
        return []
    c = cat(s)
    cands = sorted((x for x in s.hand(seat) if x and x != exclude and c.action(x).counts_for(skill)),
                   key=lambda x: (-c.action(x).counts_for(skill), keep_value(s, x), x))
    out, got = [], 0
    for x in cands:
        if got >= deficit:
            break
        out.append(x)
        got += c.action(x).counts_for(skill)
    return out


# ---------------------------------------------------------------- the hero bot

class HeroBot:
    """A hero at the table. `style` sets how a traitor misbehaves; its generator is its own."""

    searches = False
    observes: str | None = None

    def __init__(self, seed: int = 0, style: Style = Style(), name: str = "bot") -> None:
        self.name = name
        self.style = style
        self.rng = Rng.from_seed(seed ^ 0x5017)

    def chance(self, p: float) -> bool:
        v, self.rng = self.rng.below(1_000_000)
        return v < p * 1_000_000

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        legal = info.legal()
        if not legal:
            raise IllegalInput(f"{info.seat} has nothing to decide")
        if self.style.noise and self.chance(self.style.noise):
            pick, self.rng = self.rng.choice(legal)
            return pick
        s: State = info.known()
        try:
            want = choose(s, info.seat, self)
        except (IllegalInput, KeyError, ValueError):
            want = None
        return want if want in legal else _fallback(legal)


class TableBot:
    """The table's group decisions (who acts, who takes a wound, the enemies' order), from what
    everyone may see."""

    name = "table"
    searches = False
    observes: str | None = "table"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed ^ 0x7AB1E)

    def decide(self, info: InfoState[Any], deadline: float | None = None) -> Any:
        legal = info.legal()
        s: State = info.known()
        want = table_choice(s)
        return want if want in legal else _fallback(legal)


def _fallback(legal: list[Any]) -> Any:
    """A safe legal input: never throw a hand away or call a vote by accident."""
    calm = [x for x in legal if not isinstance(x, (I.ThrowAway, I.CallVote, I.UseAlly, I.AskHelp, I.AttemptQuest))]
    return (calm or legal)[0]


def table_choice(s: State) -> Any:
    head = s.head
    if isinstance(head, AskRifle):
        return I.Rifle(s.seats[0])
    if isinstance(head, ChooseActor):
        can = actions.eligible(s)
        return I.ChooseActorInput(max(can, key=lambda x: (len(s.hand(x)), -s.index(x))))
    if isinstance(head, WoundTaker):
        return I.TakeWoundInput(max(s.seats, key=lambda x: (len(s.hand(x)), -s.index(x))))
    if isinstance(head, Activate):
        enemy = s.activations[0]
        return I.ActivateInput(enemy, enemies.routes(s, enemy)[0])
    if isinstance(head, PlaceBridge):
        return I.Bridge(*head.choices[0])
    if isinstance(head, ResolveEncounters):
        return I.ResolveEncounter(head.codes[0])
    if isinstance(head, RevealLocations):
        return I.Reveal(head.spaces[0])
    return None


def choose(s: State, seat: str, bot: HeroBot) -> Any:
    head = s.head
    honest = loyal_to_boy(s, seat)
    if isinstance(head, ActorTurn):
        return act(s, seat, honest, bot)
    if isinstance(head, Contribute):
        return contribute(s, seat, honest, bot)
    if isinstance(head, HelpOffer):
        a = s.action
        assert a is not None
        short = a.needs - actions.icons_so_far(s, a) if a.kind == "quest" else \
            actions.needs_of(s, cat(s).action(a.source), a.target)[1] - actions.icons_so_far(s, a)
        mine = reach_icons(s, seat, a.skill) - hero(s, seat).sheet_icons(a.skill)
        if honest:
            return I.Volunteer(seat, short > 0 and mine > 0)
        tainted = any(cat(s).action(c).tainted and cat(s).action(c).counts_for(a.skill) for c in s.hand(seat) if c)
        return I.Volunteer(seat, tainted and bot.chance(bot.style.sabotage))
    if isinstance(head, Permission):
        return I.Permit(seat, head.helper, True)
    if isinstance(head, Assisting):
        return assist(s, seat, honest)
    if isinstance(head, Vote):
        return I.Cast(seat, vote(s, seat, head, honest, bot))
    if isinstance(head, TieBreak):
        choice = vote(s, seat, head.vote, honest, bot)
        return I.BreakTie(seat, choice if choice in head.tied else head.tied[0])
    if isinstance(head, Designate):
        return designate(s, seat, head, honest)
    if isinstance(head, ChooseTarget):
        others = [x for x in s.seats if x != seat]
        pick, bot.rng = bot.rng.choice(others)
        return I.Target(seat, pick)
    if isinstance(head, ChooseExit):
        believed = beliefs(s, seat)
        peeked = current_peeks(s, seat)
        order = sorted(head.choices, key=lambda e: (e in peeked, e in believed, e))
        return I.PeekExit(seat, order[0])
    if isinstance(head, StateNumber):
        return I.StateNumberInput(seat, state_number(s, seat, head.exit, honest, bot))
    if isinstance(head, ScoutPeek):
        look = board.peekable(s, head.seen)
        return I.ScoutLook(seat, look[0]) if look else I.ScoutDone(seat)
    if isinstance(head, ScoutSwapping):
        pairs = board.swappable(s)
        if not honest and pairs and bot.chance(bot.style.sabotage):
            pair, bot.rng = bot.rng.choice(list(pairs))
            return I.ScoutSwapInput(seat, *pair)
        return I.ScoutSwapInput(seat, "", "")
    if isinstance(head, GiftTo):
        others = [x for x in s.seats if x != seat]
        return I.Gift(seat, max(others, key=lambda x: (len(s.hand(x)), x)))
    if isinstance(head, Discard):
        return I.DiscardInput(seat, worst_card(s, seat))
    return None


def act(s: State, seat: str, honest: bool, bot: HeroBot) -> Any:
    c = cat(s)
    hand = s.hand(seat)
    worst = worst_card(s, seat)
    cards = {x: c.action(x) for x in hand if x}
    armies_here = s.armies.count(s.party)
    leaders_here = [code for code, sp in s.leaders if sp == s.party]
    sabotage = not honest and bot.chance(bot.style.sabotage * 0.4)
    if sabotage:
        return I.Skip(seat, max(hand, key=lambda x: (keep_value(s, x), x)) if hand else "")

    def can(card: ActionCard, needs: int, skill: str) -> bool:
        return reach_icons(s, seat, skill) + likely_help(s) + 1 >= needs

    for ally in s.allies:
        if (ally, seat) in s.ally_barred:
            continue
        a = c.encounter(ally)
        for k, ability in ((1, a.ability1), (2, a.ability2)):
            names = {e.name for e in ability}
            if armies_here and "destroy_army" in names:
                return I.UseAlly(seat, ally, k)
            if "attention" in names and s.attention >= world(s).attention.start + 2 and not armies_here:
                return I.UseAlly(seat, ally, k)
    if armies_here or leaders_here:
        if armies_here:
            for code, card in sorted(cards.items()):
                if card.action == "destroy_armies" and can(card, army_strength(s), "fight"):
                    return I.Play(seat, code)
        for code, card in sorted(cards.items()):
            if card.action == "move" and can(card, card.needs, card.skill):
                return I.Play(seat, code)
        for leader in leaders_here:
            lc = c.encounter(leader)
            for code, card in sorted(cards.items()):
                if card.action == "grand_duel" and reach_icons(s, seat, lc.skill) + likely_help(s) >= lc.strength:
                    return I.Play(seat, code, leader)
        return I.Skip(seat, worst)
    for e in cards_at(s, s.party).encounters:
        if e.up and e.code and useful_quest(s, seat, e.code):
            q = c.encounter(e.code)
            if reach_icons(s, seat, q.skill) + likely_help(s) >= q.needs:
                return I.AttemptQuest(seat, e.code)
    w = world(s)
    if s.attention >= w.attention.start + 2 or (s.attention > w.attention.start and s.turn % 3 == 0):
        return I.Hide(seat, worst)
    target = goal(s, seat, honest)
    step = next_step(s, target)
    if not step:
        for code, card in sorted(cards.items()):
            if card.action == "scout_ahead":
                return I.Play(seat, code)
        return I.Hide(seat, worst) if s.attention > 0 else I.Skip(seat, worst)
    if not honest and bot.chance(bot.style.sabotage * 0.3):
        others = [x for x in w.neighbours(s.party, s.bridge) if x != step and not w.space(x).exit]
        if others:
            step, bot.rng = bot.rng.choice(others)
    return I.Move(seat, step, worst)


def contribute(s: State, seat: str, honest: bool, bot: HeroBot) -> Any:
    a = s.action
    assert a is not None
    needs = a.needs if a.kind == "quest" else actions.needs_of(s, cat(s).action(a.source), a.target)[1]
    have = actions.icons_so_far(s, a)
    if not honest and bot.chance(bot.style.sabotage * 0.5):
        return I.ResolveAction(seat)
    if have >= needs:
        return I.ResolveAction(seat)
    for ally in s.allies:
        if (ally, seat) not in s.ally_barred:
            al = cat(s).encounter(ally)
            for k, ability in ((1, al.ability1), (2, al.ability2)):
                if any(e.name == "icons" and e.arg in (a.skill, "wild") for e in ability) and have + 3 >= needs:
                    return I.UseAlly(seat, ally, k)
    more = boost_cards(s, seat, a.skill, needs - have)
    covered = sum(cat(s).action(x).counts_for(a.skill) for x in more)
    if more and covered >= needs - have:
        return I.Boost(seat, more[0])
    if not a.asked and len(s.seats) > 1:
        return I.AskHelp(seat)
    if more:
        return I.Boost(seat, more[0])
    return I.ResolveAction(seat)


def assist(s: State, seat: str, honest: bool) -> Any:
    a = s.action
    assert a is not None
    needs = a.needs if a.kind == "quest" else actions.needs_of(s, cat(s).action(a.source), a.target)[1]
    short = needs - actions.icons_so_far(s, a)
    if honest:
        more = boost_cards(s, seat, a.skill, short)
        return I.Assist(seat, more[0]) if more and short > 0 else I.AssistDone(seat)
    tainted = [x for x in s.hand(seat) if x and cat(s).action(x).tainted and cat(s).action(x).counts_for(a.skill)]
    if tainted and not any(x in tainted for _, x in a.cards):
        return I.Assist(seat, tainted[0])
    return I.AssistDone(seat)


def vote(s: State, seat: str, v: Vote, honest: bool, bot: HeroBot) -> str:
    if v.ballot == "player":
        return max(v.candidates, key=lambda x: (len(s.hand(x)), x == seat, x))
    if v.topic in ("move", "card_move"):
        target = goal(s, seat, True)
        w = world(s)
        dist = w.distances(target, s.bridge)
        closer = dist.get(v.subject, 99) < dist.get(s.party, 99) or v.subject == target
        if w.space(v.subject).exit:
            p = odds(s, seat).get(v.subject, 0.0)
            good = p >= 0.5 or (time_left(s) <= 1 and p >= max(odds(s, seat).values()))
            if honest:
                return "for" if good else "against"
            return "against" if good else "for"
        if honest:
            crowded = s.armies.count(v.subject) >= 2 and v.subject != target
            return "for" if (closer and not crowded) or enemies_at(s, s.party) else "against"
        if closer and dist.get(v.subject, 99) <= 3 and bot.chance(bot.style.sabotage):
            return "against"
        return "for"
    if v.topic == "throw_away":
        return "for" if len(s.hand(v.subject)) <= 2 else "against"
    return "for"


def designate(s: State, seat: str, d: Designate, honest: bool) -> Any:
    legal = [x.space for x in legal_inputs(s, seat) if isinstance(x, I.DesignateInput)]
    target = goal(s, seat, honest)
    dist = world(s).distances(target, s.bridge)
    pick = min(legal, key=lambda x: (dist.get(x, 99), enemies_at(s, x), x))
    return I.DesignateInput(seat, pick)


def state_number(s: State, seat: str, exit: str, honest: bool, bot: HeroBot) -> int:
    truth = current_peeks(s, seat).get(exit, 0)
    if honest or not truth or not bot.chance(bot.style.lie):
        return truth or 1
    known = beliefs(s, seat)
    taken = {n for e, n in known.items() if e != exit}
    if truth >= 5 or truth == 1:  # a promising exit: make it look poor
        lies = [n for n in (2, 3, 4) if n not in taken]
    else:  # a poor exit: make it look promising
        lies = [n for n in (7, 6) if n not in taken]
    return lies[0] if lies else truth


# ---------------------------------------------------------------- the engine's part

def quick(s: State, rng: Rng) -> tuple[Any, Rng]:
    """A fast input for whoever acts in a sampled world (the engine's rollouts)."""
    actor = to_act(s)
    if actor.kind == "table":
        want = table_choice(s)
    else:
        bot = HeroBot(rng.state)
        want = choose(s, actor.seat, bot) if actor.kind == "seat" else None
    legal = legal_inputs(s, actor.seat or "table")
    if want in legal:
        return want, rng
    if not legal:
        return None, rng
    return _fallback(legal), rng


class Policies:
    """The engine's view of the game: levels, rollout and evaluation."""

    levels = {
        "easy": Budget(iterations=1, depth=1, params={"bot": "noisy"}),
        "normal": Budget(iterations=1, depth=1, params={"bot": "plain"}),
        "hard": Budget(iterations=24, depth=60, time_ms=2000),
    }

    def rollout(self, state: State, rng: Rng) -> tuple[Any, Rng]:
        return quick(state, rng)

    def evaluate(self, state: State, seat: str) -> float:
        """Closeness of the party to the exit this seat's side wants, and time left."""
        w = world(state)
        values = dict(zip(w.exits, state.exits))
        if 0 in values.values():
            return 0.5
        right = correct_exit(values)
        dist = w.distances(right, state.bridge).get(state.party, 12)
        boy_side = 0.5 + 0.4 * (1 - min(dist, 12) / 12) * (time_left(state) / max(1, w.time.lost))
        return boy_side if loyal_to_boy(state, seat) else 1.0 - boy_side

    def make_policy(self, level: str, seed: int, **options: Any) -> Any:
        if level == "easy":
            return HeroBot(seed, Style(noise=0.15), name="easy")
        if level == "normal":
            return HeroBot(seed, Style(), name="normal")
        return None


POLICIES = Policies()
