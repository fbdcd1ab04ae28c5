"""The effects of cards, one at a time, from the menu the catalogue uses (catalogue.EFFECTS).

A card's effects run in order; an effect that needs a choice (an exit to peek, a player, the
bridge's place, a discard) puts the decision before the effects that follow it."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import hands
from companion.games.stuff_of_legend.common import (
    Said,
    cards_at,
    note,
    push,
    require,
    title,
    where,
    who,
    world,
)
from companion.games.stuff_of_legend.state import (
    ChooseExit,
    ChooseTarget,
    Coin,
    PlaceBridge,
    RunEffects,
    State,
)
from companion.i18n import N_


def run(s: State, step: RunEffects) -> State:
    s = evolve(s, pending=s.pending[1:])
    if not step.effects:
        return s
    (name, n, arg), rest = step.effects[0], step.effects[1:]
    if rest:
        s = push(s, evolve(step, effects=rest))
    seat = step.seat or s.rifle or s.seats[0]
    return _one(s, step, seat, name, n, arg)


def _one(s: State, step: RunEffects, seat: str, name: str, n: int, arg: str) -> State:
    if name == "text":
        return note(s, Said(N_("{card}: read the card and resolve it by hand."), card=title(s, step.source)))
    if name == "attention":
        return attention(s, n)
    if name == "boy":
        return hands.move_boy(s, n)
    if name == "wounds":
        s = note(s, Said(N_("{card}: the party takes {n} wound(s)."), card=title(s, step.source), n=n))
        return hands.wounds(s, n)
    if name == "add_army":
        return add_armies(s, step.here if arg == "here" and step.here else s.party, n)
    if name == "destroy_army":
        return destroy_armies(s, n)
    if name == "coin":
        return push(s, *([Coin(seat, "effect")] * n))
    if name == "discard":
        return hands.ask_discard(s, seat, n, "effect")
    if name == "peek_exit":
        exits = world(s).exits
        choices = exits if arg in ("", "any") else tuple(e for e in exits if e in arg.split("|"))
        return push(s, *([ChooseExit(seat, choices)] * max(1, n)))
    if name == "approach":
        return approach(s, step.source, n, step.route)
    if name == "bridge":
        return bridge_choices(s, step.here)
    if name == "icons":
        return icons(s, n, arg)
    if name == "pass_loyalty":
        return pass_loyalty(s)
    if name == "swap_loyalty":
        return push(s, ChooseTarget(seat))
    if name == "pride":
        action = s.action
        for helper in reversed(action.helpers if action else ()):
            s = hands.ask_discard(s, helper, n, "weakness")
        return note(s, Said(N_("Pride: each player who assisted discards a card.")) if action and action.helpers else "")
    return s  # lasting effects (hand_size, range, strength) and extra_cards act where they are read


def attention(s: State, n: int) -> State:
    """Move the Attention Level; a rise or fall past an end does nothing (SOL-92, SOL-G5)."""
    last = world(s).attention.last
    after = max(0, min(last, s.attention + n))
    if after == s.attention:
        edge = N_("right") if n > 0 else N_("left")
        return note(s, Said(N_("The Attention Level is already at the {edge} end of its track: it stays."), edge=Said(edge))) if n else s
    values = world(s).attention.values
    s = evolve(s, attention=after)
    verb = N_("rises") if n > 0 else N_("falls")
    return note(s, Said(N_("The Attention Level {verb} to {value} (division {n})."), verb=Said(verb), value=values[after],
                     n=after + 1))


def add_armies(s: State, space: str, n: int) -> State:
    """Armies from the supply; none left means none added (SOL-G11)."""
    room = s.options.army_supply - len(s.armies)
    k = max(0, min(n, room))
    if k < n:
        s = note(s, Said(N_("The Army supply is empty: {n} Army marker(s) cannot be added."), n=n - k))
    if not k:
        return s
    s = evolve(s, armies=tuple(sorted(s.armies + (space,) * k)))
    return note(s, Said(N_("{n} Army marker(s) added in {space}."), n=k, space=where(s, space)))


def destroy_armies(s: State, n: int) -> State:
    here = s.armies.count(s.party)
    k = min(n, here)
    if not k:
        return note(s, Said(N_("There is no Army in the party's space to destroy.")))
    armies = list(s.armies)
    for _ in range(k):
        armies.remove(s.party)
    s = evolve(s, armies=tuple(armies))
    return note(s, Said(N_("{n} Army marker(s) destroyed in {space}."), n=k, space=where(s, s.party)))


def approach(s: State, leader: str, n: int, route: str) -> State:
    """A Leader "further than n spaces away" moves one space toward the party (SOL-100)."""
    space = next((sp for code, sp in s.leaders if code == leader), "")
    if not space:
        return s
    w = world(s)
    dist = w.distances(s.party, s.bridge)
    d = dist.get(space)
    if d is None or d <= n:
        require(route == "", f"{title(s, leader)} does not move: the party is {d} space(s) away")
        return note(s, Said(N_("{card} is close enough and does not move."), card=title(s, leader)))
    steps = closer_steps(s, space)
    to = route or steps[0]
    require(to in steps, f"{title(s, leader)} must move to a space closer to the party: {', '.join(steps)}")
    s = evolve(s, leaders=tuple((c, to if c == leader else sp) for c, sp in s.leaders))
    return note(s, Said(N_("{card} moves to {space}."), card=title(s, leader), space=where(s, to)))


def closer_steps(s: State, space: str) -> tuple[str, ...]:
    """The neighbouring spaces strictly closer to the party (SOL-96), in map order."""
    w = world(s)
    dist = w.distances(s.party, s.bridge)
    here = dist.get(space)
    if here is None or here == 0:
        return ()
    return tuple(x for x in w.neighbours(space, s.bridge) if dist.get(x, here) < here)


def bridge_choices(s: State, here: str) -> State:
    """Golem's Pass: the Rope Bridge goes straight across the canyon (SOL-116, SOL-G17)."""
    if s.bridge is not None:
        return note(s, Said(N_("The Rope Bridge is already in place.")))
    pairs = world(s).bridges
    if s.options.bridge_at_pass and here:
        touching = tuple(p for p in pairs if here in p)
        pairs = touching or pairs
    s = note(s, Said(N_("Golem's Pass: place the Rope Bridge across the canyon.")))
    return push(s, PlaceBridge(pairs))


def icons(s: State, n: int, skill: str) -> State:
    action = s.action
    if action is None:
        return note(s, Said(N_("No action is being performed: the Ally's icons are lost.")))
    if skill not in (action.skill, "wild"):
        return note(s, Said(N_("The Ally's icons do not match this {n} action: they add nothing."), n=action.skill))
    s = evolve(s, action=evolve(action, extra=action.extra + n))
    return note(s, Said(N_("The Ally adds {n} icon(s) to the action."), n=n))


def pass_loyalty(s: State) -> State:
    """Every player passes their Loyalty card to the left (each learns who holds theirs now)."""
    old = s.loyalty
    new = old[-1:] + old[:-1]
    learnt = tuple((seat, s.seats[(i + 1) % len(s.seats)], code) for i, (seat, code) in enumerate(zip(s.seats, old)))
    s = evolve(s, loyalty=new, loyalty_known=learnt if s.options.loyalty == "digital" else ())
    return note(s, Said(N_("Every player passes their Loyalty card to the left, face down.")))


def swap_loyalty(s: State, seat: str, other: str) -> State:
    """Muddy the Waters (SOL-112): both swap, and both know what the other now holds."""
    require(other in s.seats and other != seat, f"swap with another player, not {who(s, other)}: one of "
                                                f"{', '.join(who(s, x) for x in s.seats if x != seat)}")
    i, j = s.index(seat), s.index(other)
    loy = list(s.loyalty)
    loy[i], loy[j] = loy[j], loy[i]
    keep = tuple(k for k in s.loyalty_known if k[1] not in (seat, other))
    known = keep + ((seat, other, s.loyalty[i]), (other, seat, s.loyalty[j])) if s.options.loyalty == "digital" \
        else keep
    s = evolve(s, loyalty=tuple(loy), loyalty_known=known)
    return note(s, Said(N_("{who} and {who2} swap Loyalty cards."), who=who(s, seat), who2=who(s, other)))


def face_down_location(s: State, space: str) -> bool:
    loc = cards_at(s, space).location
    return loc is not None and not loc.up
