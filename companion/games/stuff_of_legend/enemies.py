"""Phase 2: every enemy within the Attention Level's range of trail steps activates, one at a
time in the order the table chooses ("Phase 2: Enemy Activation", SOL-91..100)."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import effects, hands
from companion.games.stuff_of_legend.common import (
    Said,
    attention_range,
    cat,
    effect_tuples,
    note,
    push,
    require,
    title,
    where,
    world,
)
from companion.games.stuff_of_legend.state import RunEffects, State
from companion.i18n import N_
from companion.i18n import pack_domain

gettext = pack_domain(__file__).gettext  # refusals in the device's language


def snapshot(s: State) -> tuple[str, ...]:
    """The enemies that activate this phase, fixed now (SOL-G9): Armies, Leaders, and lasting
    Locations with a Boogeyman ability, within range in trail steps (the bridge once placed)."""
    w = world(s)
    reach = attention_range(s)
    dist = w.distances(s.party, s.bridge)
    out = [f"army:{sp}" for sp in s.armies if dist.get(sp, reach + 1) <= reach]
    out += [f"leader:{code}" for code, sp in s.leaders if dist.get(sp, reach + 1) <= reach]
    for sid, sc in zip(w.ids, s.board):
        loc = sc.location
        if loc is not None and loc.up and loc.code and cat(s).location(loc.code).ability:
            if dist.get(sid, reach + 1) <= reach:
                out.append(f"location:{loc.code}")
    return tuple(out)


def start(s: State) -> State:
    s = evolve(s, pending=s.pending[1:])
    acts = snapshot(s)
    s = evolve(s, activations=acts)
    reach = attention_range(s)
    if not acts:
        return note(s, Said(N_("Enemy Activation: no enemy within {n} space(s) of the party."), n=reach))
    if len(acts) == 1:
        return note(s, Said(N_("Enemy Activation: {n} enemy within {reach} space(s); activate them one at a time, in "
                               "any order."), n=len(acts), reach=reach))
    return note(s, Said(N_("Enemy Activation: {n} enemies within {reach} space(s); activate them one at a time, in "
                           "any order."), n=len(acts), reach=reach))


def routes(s: State, enemy: str) -> tuple[str, ...]:
    """The steps an enemy may take ("" = it does not move): strictly closer to the party (SOL-96)."""
    kind, _, what = enemy.partition(":")
    if kind == "army":
        return ("",) if what == s.party else effects.closer_steps(s, what) or ("",)
    if kind == "leader":
        leader = cat(s).encounter(what)
        space = next((sp for c, sp in s.leaders if c == what), "")
        limits = [n for name, n, _ in effect_tuples(leader.ability) if name == "approach"]
        d = world(s).distance(s.party, space, s.bridge) if space else None
        if limits and d is not None and d > limits[0]:
            return effects.closer_steps(s, space)
    return ("",)


def describe(s: State, enemy: str) -> str:
    kind, _, what = enemy.partition(":")
    if kind == "army":
        return Said(N_("the Army in {space}"), space=where(s, what))
    return title(s, what)


def activate(s: State, enemy: str, to: str) -> State:
    require(enemy in s.activations, gettext("{x} is not an enemy still to activate this phase").format(x=repr(enemy)))
    options = routes(s, enemy)
    to = to or options[0]
    require(to in options, f"{describe(s, enemy)} must move to a space closer to the party: "
                           f"{', '.join(where(s, x) for x in options if x)}")
    acts = list(s.activations)
    acts.remove(enemy)
    s = evolve(s, activations=tuple(acts), pending=s.pending[1:])
    kind, _, what = enemy.partition(":")
    if kind == "army":
        if what not in s.armies:
            return note(s, Said(N_("{enemy} is gone."), enemy=describe(s, enemy)))
        if what == s.party:
            s = note(s, Said(N_("{enemy} stays and attacks: the heroes take 1 wound (SOL-97)."), enemy=describe(s, enemy)))
            return hands.wounds(s, 1)
        armies = list(s.armies)
        armies.remove(what)
        s = evolve(s, armies=tuple(sorted(armies + [to])))
        if to == s.party:
            return note(s, Said(N_("Move the Army from {space} to {space2}: it reaches the party, but deals nothing "
                                   "this phase."), space=where(s, what), space2=where(s, to)))
        return note(s, Said(N_("Move the Army from {space} to {space2}."), space=where(s, what), space2=where(s, to)))
    if kind == "leader":
        space = next((sp for c, sp in s.leaders if c == what), "")
        if not space:
            return note(s, Said(N_("{enemy} is gone."), enemy=describe(s, enemy)))
        leader = cat(s).encounter(what)
        s = note(s, Said(N_("{card} activates."), card=leader.title))
        return push(s, RunEffects(what, s.rifle, effect_tuples(leader.ability), here=space, route=to))
    loc = cat(s).location(what)
    here = next((sid for sid, sc in zip(world(s).ids, s.board) if sc.location and sc.location.code == what), "")
    s = note(s, Said(N_("{card} activates."), card=loc.title))
    return push(s, RunEffects(what, s.rifle, effect_tuples(loc.ability), here=here))


def end_turn(s: State) -> State:
    s = evolve(s, turn=s.turn + 1, actions=0, phase="actions", refused=(), ally_barred=(), activations=())
    return note(s, Said(N_("Turn {n} begins."), n=s.turn))


def space_of(s: State, enemy: str) -> str:
    kind, _, what = enemy.partition(":")
    if kind == "army":
        return what
    if kind == "leader":
        return next((sp for c, sp in s.leaders if c == what), "")
    return next((sid for sid, sc in zip(world(s).ids, s.board) if sc.location and sc.location.code == what), "")

