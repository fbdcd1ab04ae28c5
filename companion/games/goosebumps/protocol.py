"""Goosebumps' answers to the game protocol (companion/core/game.py): who acts, legal inputs,
what each seat may know and worlds consistent with it, chance outcomes, the result, labels.

Seats are the players' names. Every hand is hidden from every other seat; the automated
player's holder shows only which of its numbered slots are filled. Any other name ("table")
observes the public view. The discard pile is face up, so it is public.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.game import NOBODY, Actor, Observation, Result
from companion.core.rng import Rng
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.board import track_for
from companion.games.goosebumps.cards import EMPTY, KINDS, UNSEEN, title
from companion.games.goosebumps.rules import apply, hand_size, may_hold, may_pass, mix_of, plays
from companion.games.goosebumps.state import (
    DrawStep,
    Phase,
    PlayStep,
    ReactStep,
    ShortcutStep,
    State,
    StealStep,
    TakeStep,
    TargetStep,
)


def seats(state: State) -> tuple[str, ...]:
    return state.seats


def to_act(state: State) -> Actor:
    if state.phase is Phase.OVER or not state.queue:
        return NOBODY
    head = state.queue[0]
    name = state.seats[head.seat]  # type: ignore[union-attr]
    if isinstance(head, (DrawStep, TakeStep)):
        return Actor("chance", name)  # the player picks up or takes the card at the table
    return Actor.of(name)


def legal_inputs(state: State, seat: str) -> list[I.Input]:
    actor = to_act(state)
    if actor.kind == "nobody" or seat not in (actor.seat, "chance", "table", "device"):
        return []
    head = state.queue[0]
    if isinstance(head, TakeStep) and seat == "table":
        return _public_takes(state, head)
    if isinstance(head, (DrawStep, TakeStep)):
        return [inp for inp, _ in chance_outcomes(state)]
    if seat != actor.seat and isinstance(head, (PlayStep, ReactStep)):
        state = _public(state, head.seat)  # the table's list: from what the table may know
    if isinstance(head, PlayStep):
        pool = hidden_pool(state, head.seat) if UNSEEN in state.hands[head.seat] else state.unseen
        out: list[I.Input] = [I.Play(c) for c in plays(state, head.seat, pool)]
        if UNSEEN not in state.hands[head.seat]:  # a known hand (the search's case): pass iff nothing to play
            return out or [I.Pass()]
        return out + [I.Pass()] if may_pass(state, head.seat, pool) else out
    if isinstance(head, StealStep):
        return [I.Steal(state.seats[v]) for v in range(len(state.seats))
                if v != head.seat and (hand_size(state.hands[v]) or not state.options.steal_needs_cards)]
    if isinstance(head, ShortcutStep):
        return [I.Shortcut(True), I.Shortcut(False)]
    if isinstance(head, TargetStep):
        return [I.Target(state.seats[c]) for c in head.choices]
    assert isinstance(head, ReactStep)
    out = [I.React(False)]
    hand = state.hands[head.seat]
    if may_hold(hand, hidden_pool(state, head.seat) if UNSEEN in hand else (), head.card):
        out.append(I.React(True))
    return out


def _public(state: State, seat: int) -> State:
    """`state` as the table knows it: every card in a hand unseen (the holder's empty slots kept),
    and all of them in the pool of cards the table has not seen."""
    pool = hidden_pool(state, -1)
    hands = tuple(tuple(EMPTY if c == EMPTY else UNSEEN for c in hand) for hand in state.hands)
    return evolve(state, hands=hands, unseen=tuple(pool))


def _holder_slots(state: State, head: TakeStep) -> list[I.Input] | None:
    """A person stealing from the automated player's holder: the filled slots to pick from
    without looking (GSB-20: the stealer picks, not the device). None otherwise."""
    if not state.automated[head.victim] or state.automated[head.seat]:
        return None
    return [I.Take(slot=k + 1) for k, c in enumerate(state.hands[head.victim]) if c != EMPTY] or None


def _public_takes(state: State, head: TakeStep) -> list[I.Input]:
    """The table's entries for a stolen card: a person stealing from the holder picks its slot;
    the device stealing from its own holder picks the slot; from a person's hand, any card the
    discard pile leaves (named or not, the table cannot tell)."""
    victim = head.victim
    slots = _holder_slots(state, head)
    if slots is not None:
        return slots
    if state.automated[victim] or not hand_size(state.hands[victim]):
        return [I.Take("")]
    left = set(hidden_pool(state, -1))
    return [I.Take(c) for c in KINDS if c in left]


def chance_outcomes(state: State) -> list[tuple[I.Input, float]]:
    """A draw: the device draws (one input; the reducer's generator picks the cards). A theft
    from a hand the device knows: it picks the slot; from a hand it has not seen: each card the
    victim may hold, by how many of them the device has not seen."""
    head = state.queue[0] if state.queue and state.phase is not Phase.OVER else None
    if isinstance(head, DrawStep):
        return [(I.Draw((I.DEVICE_DRAWS,) * head.count), 1.0)]
    if isinstance(head, TakeStep):
        hand = state.hands[head.victim]
        slots = _holder_slots(state, head)
        if slots is not None:  # the person's blind pick: each filled slot alike
            return [(inp, 1.0 / len(slots)) for inp in slots]
        if UNSEEN not in hand:
            return [(I.Take(""), 1.0)]
        counts = Counter(c for c in hand if c not in (EMPTY, UNSEEN))
        hidden = hand.count(UNSEEN)
        pool = Counter(state.unseen)
        weights = {c: counts.get(c, 0) + hidden * pool.get(c, 0) / max(1, len(state.unseen)) for c in KINDS}
        total = sum(weights.values())
        return [(I.Take(c), w / total) for c, w in weights.items() if w > 0]
    return []


def result(state: State) -> Result | None:
    if state.phase is not Phase.OVER or state.winner < 0:
        return None
    win = state.seats[state.winner]
    return Result((win,), {s: (1.0 if s == win else 0.0) for s in state.seats}, "the_end")


# ---------------------------------------------------------------- hidden information

def resample(state: State, seat: str, rng: Rng) -> tuple[State, Rng]:
    """A world consistent with what `seat` knows: the other hands redealt from the canonical
    (sorted) pool of every card `seat` has not seen, keeping each hand's size and the holders'
    filled slots; the rest stays unseen (the draw pile, and `seat`'s own "?" cards at a real
    table); the device's future draws reseeded. A partial Fisher-Yates: only the dealt cards are
    drawn."""
    me = state.seats.index(seat) if seat in state.seats else -1
    pool = hidden_pool(state, me)
    need = sum(hand_size(hand) for i, hand in enumerate(state.hands) if i != me)
    for j in range(need):
        r, rng = rng.below(len(pool) - j)
        pool[j], pool[j + r] = pool[j + r], pool[j]
    k = 0
    hands = []
    for i, hand in enumerate(state.hands):
        if i == me:
            hands.append(hand)
            continue
        new = []
        for c in hand:
            if c == EMPTY:
                new.append(c)
            else:
                new.append(pool[k])
                k += 1
        hands.append(tuple(new))
    seed, rng = rng.next_u64()
    # The stickers read into hands are not in `seat`'s observation: none in the world drawn for it.
    return evolve(state, hands=tuple(hands), unseen=tuple(pool[k:]), rng=Rng.from_seed(seed), read=frozenset(),
                  held=()), rng


def hidden_pool(state: State, me: int) -> list[str]:
    """Every card seat `me` has not seen (the draw pile, every "?" card, the other hands), sorted."""
    pool = list(state.unseen)
    for i, hand in enumerate(state.hands):
        if i != me:
            pool += [c for c in hand if c not in (EMPTY, UNSEEN)]
    pool.sort()
    return pool


def observe(state: State, seat: str) -> Observation:
    """What `seat` may know, as screen-friendly JSON data (the same for every world it cannot
    tell apart)."""
    track = track_for(state.options.board)
    me = state.seats.index(seat) if seat in state.seats else -1
    players = []
    for i, name in enumerate(state.seats):
        hand = state.hands[i]
        entry: dict[str, Any] = {
            "seat": name, "space": state.positions[i], "where": track.space_name(state.positions[i]),
            "cards": hand_size(hand), "automated": state.automated[i],
        }
        if state.automated[i]:
            entry["slots"] = [c != EMPTY for c in hand]
        if state.owed[i]:
            entry["owed"] = state.owed[i]
        players.append(entry)
    waiting = _waiting(state)
    out: Observation = {
        "game": "GSB", "you": seat, "phase": state.phase.value, "round": state.round,
        "track": {"name": track.name, "end": track.end, "landmarks": list(track.landmarks),
                  "steal": sorted(track.steal), "sign": track.sign, "tombstone": track.tombstone},
        "mix": mix_of(state.options).counts(),
        "players": players,
        "turn": {"seat": state.seats[state.active], "why": state.why, "because": state.because,
                 "continues_left_of": state.seats[state.anchor]},
        "waiting": waiting,
        "steals_owed": [state.seats[s] for s, _ in state.stealers],
        "extra_turns_owed": [state.seats[s] for s, _ in state.extra],
        "pile": state.pile,
        "discard": dict(sorted(Counter(state.discard).items())),
        "discard_top": state.discard[-1] if state.discard else "",
        "winner": state.seats[state.winner] if state.winner >= 0 else "",
        "prompt": prompt(state),
        "notices": list(state.notices),
    }
    if me >= 0:
        out["hand"] = list(state.hands[me])
    return out


def _waiting(state: State) -> dict[str, Any]:
    if state.phase is Phase.OVER or not state.queue:
        return {"kind": "nothing"}
    head = state.queue[0]
    out: dict[str, Any] = {"kind": head.kind, "seat": state.seats[head.seat]}  # type: ignore[union-attr]
    if isinstance(head, DrawStep):
        out.update(count=head.count, why=head.why, reshuffle=state.pile < head.count)
    elif isinstance(head, TakeStep):
        out["victim"] = state.seats[head.victim]
    elif isinstance(head, TargetStep):
        out["choices"] = [state.seats[c] for c in head.choices]
    elif isinstance(head, ReactStep):
        out.update(card=head.card, against=state.seats[head.against], what=head.what)
    return out


def prompt(state: State) -> str:
    """One sentence: what the device wants from the table now."""
    if state.phase is Phase.OVER:
        return f"{state.seats[state.winner]} reached THE END and wins!" if state.winner >= 0 else "The game is over."
    head = state.queue[0]
    who = state.seats[head.seat]  # type: ignore[union-attr]
    auto = state.automated[head.seat]  # type: ignore[union-attr]
    track = track_for(state.options.board)
    if isinstance(head, DrawStep):
        first = ("The draw pile is out: someone other than " + who + " shuffles the discards into a new draw pile. "
                 if state.pile < head.count and head.why != "deal" else "")
        screen = auto and state.options.device_hand == "screen"
        cards = "one card" if head.count == 1 else f"{head.count} cards"
        if screen:  # the set-up said once how the table handles its cards: nobody deals it one
            if head.why == "deal":
                return f"The device deals {who} four cards from its own shuffle: nobody sees them."
            return first + f"The device picks up {cards} for {who} from its own shuffle: nobody sees them."
        if head.why == "deal":
            return (f"Deal {who} four cards face down into the holder and scan each one." if auto
                    else f"Deal {who} four cards.")
        if auto:
            return first + f"Pick up {cards} for {who}: scan each and put it face down in the holder."
        return first + f"{who}: pick up {cards}."
    if isinstance(head, PlayStep):
        return f"The device is choosing {who}'s play." if auto else \
            f"{who}: play a numbered card, three of a kind or a Monster Mayhem card."
    if isinstance(head, StealStep):
        return f"{who} is on STEAL: pick the player to steal from."
    if isinstance(head, TakeStep):
        victim = state.seats[head.victim]
        if state.automated[head.victim]:
            if state.options.device_hand == "screen":
                if state.automated[head.seat]:
                    return f"{who} steals from {victim}'s cards on the screen: the device picks one."
                return f"{who} steals from {victim}'s cards on the screen: {who}, pick one without looking."
            if state.automated[head.seat]:
                return f"{who} steals from {victim}'s holder: the device picks the slot."
            return f"{who} steals from {victim}'s holder: {who}, pick a slot without looking."
        return f"{who}: take a card from {victim}'s hand without looking and play it at once: which card is it?"
    if isinstance(head, ShortcutStep):
        return f"{who} is on the Graveyard Shortcut sign: proceed to the top tombstone ({track.space_name(track.tombstone)})?"
    if isinstance(head, TargetStep):
        names = " and ".join(state.seats[c] for c in head.choices)
        return f"Found Your Book!: {names} share the lead. {who}, pick who goes back."
    assert isinstance(head, ReactStep)
    return f"{state.seats[head.against]} played {head.what}: does {who} play {title(head.card)}?"


# ---------------------------------------------------------------- labels and instructions

_RULE_ID = re.compile(r"\s*\((?:GSB-[^()]*|[^()]*\bGSB-[^()]*)\)")


def for_table(line: str) -> str:
    """A notice as the table reads it: the rule IDs it cites for the journal and the docs
    ("(GSB-37)", "(GSB-22/24)") left out; the words are the same."""
    return _RULE_ID.sub("", line)


def label(state: State, inp: I.Input) -> str:
    """A public line for the journal and the undo button: never a card the table has not seen."""
    head = state.queue[0] if state.queue else None
    who = state.seats[head.seat] if head is not None else ""  # type: ignore[union-attr]
    if isinstance(inp, I.Place):
        return f"{inp.seat}'s monster put on space {inp.space} by hand"
    if isinstance(inp, I.Draw):
        n = len(inp.cards)
        return f"{who} picked up {n} card{'s' if n != 1 else ''}"
    if isinstance(inp, I.Play):
        if len(inp.cards) == 3:
            return f"{who} played three {inp.cards[0]}s"
        return f"{who} played {title(inp.cards[0])}"
    if isinstance(inp, I.Pass):
        return f"{who} could not play"
    if isinstance(inp, I.Steal):
        return f"{who} steals from {inp.victim}"
    if isinstance(inp, I.Take):
        if inp.slot:
            victim = state.seats[head.victim] if isinstance(head, TakeStep) else "the holder"
            return f"{who} stole from slot {inp.slot} of {victim}'s holder"
        if not inp.card:
            return f"{who} stole a card (the device picked it)"
        return f"{who} stole {title(inp.card)}"
    if isinstance(inp, I.Shortcut):
        return f"{who} took the Graveyard shortcut" if inp.take else f"{who} stayed on the path"
    if isinstance(inp, I.Target):
        return f"{who} sent {inp.seat} back"
    assert isinstance(inp, I.React) and isinstance(head, ReactStep)
    return f"{who} played {title(head.card)}" if inp.play else f"{who} let it pass"


def instruction(state: State, inp: I.Input) -> str:
    """What the table does for the automated player's decision: which slot to play, where its
    monster goes (computed by the rules), or its answer."""
    head = state.queue[0] if state.queue else None
    if head is None:
        return ""
    who = state.seats[head.seat]  # type: ignore[union-attr]
    if isinstance(inp, I.Play):
        hand = list(state.hands[head.seat])  # type: ignore[union-attr]
        slots = []
        for c in inp.cards:
            k = hand.index(c) if c in hand else -1
            if k >= 0:
                hand[k] = EMPTY
            slots.append(str(k + 1) if k >= 0 else "?")
        what = f"three {inp.cards[0]}s" if len(inp.cards) == 3 else title(inp.cards[0])
        where = " and ".join(slots)
        try:
            after = apply(state, inp)
        except IllegalInput:
            if state.options.device_hand == "screen":
                return f"{who} plays {what}"
            return f"{who} plays slot {where} ({what})"
        track = track_for(state.options.board)
        moved = [f"{state.seats[i]} to {track.space_name(after.positions[i])}" for i in range(len(state.seats))
                 if after.positions[i] != state.positions[i]]
        s = "s" if len(slots) > 1 else ""
        if state.options.device_hand == "screen":  # no holder: the set-up says where the card comes from
            return f"{who} plays {what}" + (f": move {', '.join(moved)}" if moved else "")
        return f"{who} plays slot{s} {where} ({what})" + (f": move {', '.join(moved)}" if moved else "")
    if isinstance(inp, I.Steal):
        return f"{who} steals from {inp.victim}: take one of {inp.victim}'s cards without looking"
    if isinstance(inp, I.React):
        assert isinstance(head, ReactStep)
        slot = state.hands[head.seat].index(head.card) + 1 if inp.play and head.card in state.hands[head.seat] else 0
        if inp.play and state.options.device_hand == "screen":
            return f"{who} plays {title(head.card)}"
        return (f"{who} plays {title(head.card)} from slot {slot}" if inp.play
                else f"{who} does not answer")
    if isinstance(inp, I.Shortcut):
        return f"{who} takes the Graveyard shortcut" if inp.take else f"{who} stays on the path"
    if isinstance(inp, I.Target):
        return f"{who} sends {inp.seat} back"
    return label(state, inp)

