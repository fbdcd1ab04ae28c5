"""Bump in the Night's answers to the game protocol (companion/core/game.py): who acts, what each
seat may know and worlds consistent with it, chance, the result, public labels.

Seats are the colours. Two pseudo-seats observe too: "table" (what everyone may know: no hand)
and "device" (everything: the referee, tests). Hidden from a seat: the other seats' hands and the
order of the draw pile. Everything else is on the table.
"""

from __future__ import annotations

from typing import Any

from companion.core.deck import Deck
from companion.games.bump_in_the_night.fast import evolve
from companion.core.game import NOBODY, TABLE, Actor, Observation, Result
from companion.core.rng import Rng
from companion.games.bump_in_the_night import scare
from companion.games.bump_in_the_night.context import Ctx, ctx_for
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    Done,
    Draw,
    GroupRoll,
    Hide,
    Input,
    Lock,
    Move,
    MovePerson,
    Place,
    PlaceGirls,
    PlaceGroup,
    PlayCard,
    Replace,
    Run,
    RunPlan,
    Scare,
)
from companion.games.bump_in_the_night.state import (
    KINDS,
    MONSTER_NAMES,
    SUPPLY,
    BonusChance,
    DrawFor,
    HideGoblin,
    Phase,
    State,
)

DEVICE, PUBLIC = "device", "table"
STEP_NAMES = {1: "Adjust locks", 2: "Place, replace or move a monster", 3: "Scare people",
              4: "Move a monster or a person", 5: "Play a Block card", 6: "End of the turn", 7: "End of the turn"}


def to_act(state: State) -> Actor:
    if state.phase is Phase.OVER:
        return NOBODY
    if state.phase is Phase.ROLL:
        return Actor("chance", PUBLIC)
    if state.phase is Phase.PLACE:
        return TABLE if state.options.table_places_girls else Actor("chance", "")
    if state.pending:
        p = state.pending[0]
        if isinstance(p, DrawFor):
            return Actor("chance", state.seats[p.seat])
        return Actor.of(state.seats[p.seat])
    return Actor.of(state.seats[state.active])


def resample(state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
    """The other seats' hands and the draw pile redrawn from the cards `seat` cannot see, in
    their sizes; the device's generator reseeded. Depends only on what `seat` observes."""
    if seat == DEVICE:
        return state, rng
    me = state.seats.index(seat) if seat in state.seats else -1
    hidden = sorted(state.deck.draw_pile + tuple(code for i, h in enumerate(state.hands) if i != me for code in h))
    pool, rng = rng.shuffled(hidden)
    hands = []
    k = 0
    for i, h in enumerate(state.hands):
        if i == me:
            hands.append(h)
        else:
            hands.append(tuple(sorted(pool[k:k + len(h)])))
            k += len(h)
    deck = Deck(state.deck.name, tuple(pool[k:]), state.deck.discard_pile)
    seed, rng = rng.next_u64()
    # The stickers read into hands are not in `seat`'s observation: none in the world drawn for it.
    return evolve(state, hands=tuple(hands), deck=deck, rng=Rng.from_seed(seed), read=frozenset()), rng


def chance_outcomes(state: State) -> list[tuple[Input, float]]:
    """The set-up die; the device's placement of the girls; a card drawn (the device draws from
    its shuffled deck, whose order is hidden from every seat)."""
    if state.phase is Phase.ROLL:
        return [(GroupRoll(v), 1 / 6) for v in range(1, 7)]
    if state.phase is Phase.PLACE and not state.options.table_places_girls:
        return [(PlaceGirls(), 1.0)]
    if state.pending and isinstance(state.pending[0], DrawFor):
        return [(Draw(None), 1.0)]
    return []


def result(state: State) -> Result | None:
    if state.phase is not Phase.OVER:
        return None
    share = 1.0 / len(state.winners) if state.winners else 0.0
    scores = {s: (share if s in state.winners else 0.0) for s in state.seats}
    return Result(state.winners, scores, state.reason)


# ---------------------------------------------------------------- what a seat may know


def _monster(state: State, seat: int, kind: int) -> str:
    return f"{state.seats[seat]}/{KINDS[kind]}"


def observe(state: State, seat: str) -> Observation:
    c = ctx_for(state.options)
    h = c.house
    me = state.seats.index(seat) if seat in state.seats else -1
    rooms = []
    for i, r in enumerate(h.rooms):
        here = [_monster(state, s, k) for s, ks in enumerate(state.monsters) for k, room in enumerate(ks) if room == i]
        rooms.append({"id": r.id, "name": r.name, "scare": r.scare, "unmoved": state.unmoved[i],
                      "moved": state.moved[i], "monsters": here})
    players = {}
    for i, colour in enumerate(state.seats):
        players[colour] = {
            "claimed": state.claimed[i], "score": state.score(i),
            "bonus": [c.card(b).name for b in state.bonuses[i]], "cards": len(state.hands[i]),
            "supply": [KINDS[k] for k, room in enumerate(state.monsters[i]) if room == SUPPLY],
            "goblin_hiding": i in state.turn.hidden,
        }
    t = state.turn
    obs: Observation = {
        "game": "BIN", "you": seat, "phase": state.phase.value, "round": state.round,
        "active": state.seats[state.active], "step": t.step, "step_name": STEP_NAMES.get(t.step, ""),
        "rooms": rooms, "locks": sorted(state.locks), "players": players,
        "turn": {"lock_used": t.lock_used, "poltergeist_used": t.poltergeist_used, "step2_left": t.step2_left,
                 "scares_left": t.scares_left, "step4_used": t.step4_used, "blocks_left": t.blocks_left,
                 "scared": t.scared, "gates_open": t.gates_open, "through_locks": t.through_locks,
                 "scare_plus": t.scare_plus, "terror_plus": t.terror_plus,
                 "drawn": sorted(_monster(state, s, k) for s, k in t.drawn)},
        "deck": {"draw_pile": len(state.deck.draw_pile), "discards": list(state.deck.discard_pile)},
        "groups": list(state.groups), "girls_on_board": state.on_board,
        "pending": _pending(state), "running": _running(state, c),
        "winners": list(state.winners), "reason": state.reason,
        "prompt": prompt(state, c), "notices": list(state.notices),
    }
    if me >= 0:
        obs["hand"] = [{"code": code, "name": c.card(code).name, "deck": c.card(code).deck} for code in state.hands[me]]
    if seat == DEVICE:
        obs["hands"] = {colour: list(hand) for colour, hand in zip(state.seats, state.hands)}
        obs["draw_order"] = list(state.deck.draw_pile)
    return obs


def _pending(state: State) -> dict[str, Any] | None:
    if not state.pending:
        return None
    p = state.pending[0]
    out: dict[str, Any] = {"kind": p.kind, "seat": state.seats[p.seat]}
    if isinstance(p, DrawFor):
        out["why"] = p.why
    if isinstance(p, BonusChance):
        out.update(room=ctx_for(state.options).house.rooms[p.room].id, monster=KINDS[p.monster])
    return out


def _running(state: State, c: Ctx) -> dict[str, Any] | None:
    run = state.running
    if run is None:
        return None
    return {
        "room": c.house.rooms[run.room].id, "monster": _monster(state, run.seat, run.kind), "free": run.free,
        "claimed": run.claimed, "used": sorted(_monster(state, s, k) for s, k in run.used),
        "runners": [{"room": c.house.rooms[r.room].id, "terror": r.terror, "moved": r.moved, "held": r.held,
                     "colours": [s for i, s in enumerate(state.seats) if (r.met >> i) & 1],
                     "visited": [c.house.rooms[i].id for i in range(c.n_rooms) if (r.visited >> i) & 1]}
                    for r in run.runners],
    }


def prompt(state: State, c: Ctx) -> str:
    """One sentence: what the device waits for now."""
    if state.phase is Phase.OVER:
        if state.winners:
            return f"{' and '.join(w.capitalize() for w in state.winners)} won."
        return "The game is over: nobody won."
    if state.phase is Phase.ROLL:
        return "Roll a die (or draw a card) for the Group Creation Chart."
    if state.phase is Phase.PLACE:
        if state.options.table_places_girls:
            return f"Put a group of {state.groups[0]} girls into a room and say which."
        return "The device places the girls."
    active = state.seats[state.active].capitalize()
    if state.pending:
        p = state.pending[0]
        who = state.seats[p.seat].capitalize()
        if isinstance(p, DrawFor):
            return f"{who} draws a card." if p.why != "deal" else f"Deal a card to {who}."
        if isinstance(p, HideGoblin):
            return f"{who}: does your Goblin hide?"
        return f"{who}: play a Bonus card for the {c.house.rooms[p.room].name} or the {MONSTER_NAMES[p.monster]}?"
    if state.running is not None:
        return f"{active}: choose where the scared people run."
    return f"{active}: Step {min(state.turn.step, 6)}, {STEP_NAMES.get(state.turn.step, '').lower()}."


# ---------------------------------------------------------------- labels (public sentences)


def label(state: State, inp: Input) -> str:
    c = ctx_for(state.options)
    who = state.seats[state.active].capitalize()

    # Rooms, doors and monsters by the names the house and Figure 3 print, never their ids: Undo's
    # confirm read "changed the lock on conservatory/library; placed the cat in dining_room"
    # (play-test of 5 Dec 2026).
    def room(rid: str) -> str:
        if rid == "outside":
            return "outside"
        return f"the {c.house.rooms[c.house.index[rid]].name}" if rid in c.house.index else rid

    def door(did: str) -> str:
        return next((f"the {d.name} door" for d in c.house.doors if d.id == did), did)

    def monster(kind: str) -> str:
        return MONSTER_NAMES[KINDS.index(kind)] if kind in KINDS else kind
    if isinstance(inp, GroupRoll):
        if inp.card:
            return f"A card was drawn for the chart: {c.card(inp.card).number}"
        return "The device rolled the die for the chart" if inp.value is None else f"The die shows {inp.value}"
    if isinstance(inp, PlaceGirls):
        return "The device placed the girls"
    if isinstance(inp, PlaceGroup):
        return f"A group of girls went into {room(inp.room)}"
    if isinstance(inp, Draw):
        p = state.pending[0] if state.pending else None
        whose = state.seats[p.seat].capitalize() if isinstance(p, DrawFor) else "A player"
        return f"{whose} drew a card"
    if isinstance(inp, Lock):
        return f"{who} changed the lock on {door(inp.door)}" + (" (Poltergeist)" if inp.poltergeist else "")
    if isinstance(inp, Place):
        extra = f" and the Scary Bat in {room(inp.partner_room)}" if inp.partner_room else ""
        return f"{who} placed the {monster(inp.monster)} in {room(inp.room)}{extra}"
    if isinstance(inp, Move):
        return f"{who} moved {inp.colour.capitalize() + chr(39) + 's ' if inp.colour else 'the '}{monster(inp.monster)} to {room(inp.to)}"
    if isinstance(inp, Replace):
        return f"{who} replaced {inp.colour.capitalize()}'s {monster(inp.monster)} (discarding {c.card(inp.card).name})"
    if isinstance(inp, Scare):
        return f"{who} scares with {inp.colour.capitalize()}'s {monster(inp.monster)}"
    if isinstance(inp, Hide):
        return "The Goblin hides" if inp.hide else "The Goblin does not hide"
    if isinstance(inp, Run):
        return f"A scared girl runs to {room(inp.to)}"
    if isinstance(inp, RunPlan):
        return f"The scared people run ({len(inp.steps)} moves)"
    if isinstance(inp, Bonus):
        return f"Bonus card {c.card(inp.card).name} played" if inp.card else "No Bonus card played"
    if isinstance(inp, MovePerson):
        return f"{who} moved a girl from {room(inp.room)} to {room(inp.to)}"
    if isinstance(inp, PlayCard):
        return f"{who} played {c.card(inp.card).name}"
    if isinstance(inp, Done):
        return f"{who} ended step {state.turn.step}"
    return repr(inp)


def describe_outcome(state: State, after: State) -> str:
    """A scare outcome in words, for the resolver's list of choices."""
    c = ctx_for(state.options)
    parts = []
    for i, r in enumerate(c.house.rooms):
        gain = (after.unmoved[i] + after.moved[i]) - (state.unmoved[i] + state.moved[i])
        if gain > 0:
            parts.append(f"{gain} to the {r.name}")
    claimed = after.claimed[state.active] - state.claimed[state.active]
    if after.running is not None:
        claimed += after.running.claimed - (state.running.claimed if state.running else 0)
    if claimed:
        parts.append(f"{claimed} claimed")
    if any(isinstance(p, BonusChance) for p in after.pending):
        parts.append("then a Bonus card may be played")
    draws = sorted({state.seats[p.seat] for p in after.pending if isinstance(p, DrawFor)})
    if draws:
        parts.append(f"{' and '.join(draws)} draw{'s' if len(draws) == 1 else ''}")
    return ", ".join(parts) or "nobody moves"


__all__ = ["to_act", "resample", "chance_outcomes", "result", "observe", "label", "describe_outcome", "scare"]
