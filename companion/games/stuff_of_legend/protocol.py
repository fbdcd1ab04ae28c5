"""The Stuff of Legend's answers to the game protocol (companion/core/game.py): who acts, the
legal inputs per seat, what each seat may know and worlds consistent with it, chance, the result.

Seats are the heroes. Two more names observe: "table" (what every player may know) and "device"
(everything the device holds: tests and the modelled table of the simulation).
"""

from __future__ import annotations

from typing import Any

from companion.core.evolve import evolve
from companion.core.game import NOBODY, TABLE, Actor, Observation, Result
from companion.core.rng import Rng
from companion.i18n import pack_domain
from companion.games.stuff_of_legend import actions, board, enemies
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import (
    SKILL_NAMES,
    WOUND_DIVISIONS,
    army_strength,
    attention_range,
    cards_at,
    cat,
    enemies_at,
    hero,
    leaders_at,
    side,
    title,
    where,
    who,
    world,
)
from companion.games.stuff_of_legend.state import (
    DEVICE_SEAT,
    TABLE_SEAT,
    Activate,
    ActorTurn,
    AskRifle,
    Assisting,
    BoogeymanDraw,
    ChooseActor,
    ChooseExit,
    ChooseTarget,
    Coin,
    Contribute,
    Designate,
    Discard,
    GiftTo,
    HelpOffer,
    Pending,
    Permission,
    PlaceBridge,
    ResolveEncounters,
    RevealEncounters,
    RevealLocations,
    ScanExit,
    ScanLoyalty,
    ScoutPeek,
    ScoutSwapping,
    Slot,
    SpaceCards,
    State,
    StateNumber,
    TieBreak,
    Vote,
    WoundTaker,
)

_ = pack_domain(__file__).gettext
ngettext = pack_domain(__file__).ngettext

_TABLE_DECISIONS = (AskRifle, ChooseActor, WoundTaker, Activate, PlaceBridge, ResolveEncounters)


def seats(s: State) -> tuple[str, ...]:
    return s.seats


def to_act(s: State) -> Actor:
    head = s.head
    if s.phase == "over" or head is None:
        return NOBODY
    if isinstance(head, _TABLE_DECISIONS):
        return TABLE
    if isinstance(head, RevealLocations):
        return TABLE if s.options.board_cards == "digital" else Actor("chance", "")
    if isinstance(head, RevealEncounters):
        return Actor("chance", "")
    if isinstance(head, (Coin, BoogeymanDraw, ScanExit, ScanLoyalty)):
        return Actor("chance", head.seat)
    if isinstance(head, Vote):
        return Actor.of(head.voter)
    return Actor.of(str(getattr(head, "seat", "")))


def _distinct(cards: tuple[str, ...]) -> list[str]:
    return sorted(set(cards))


def _possible_hand(s: State, seat: str) -> list[str]:
    """The cards `seat` might play: its hand when the device deals; any Action card not face up or
    in the discard pile when the hand is physical."""
    hand = s.hand(seat)
    if s.options.action_deck == "digital":
        return _distinct(hand)
    if not hand:
        return []
    elsewhere = set(s.discard_pile) | {c for _, c in (s.action.cards if s.action else ())}
    return [c.code for c in cat(s).actions if c.code not in elsewhere]


def _discards(s: State, seat: str) -> list[str]:
    return _distinct(s.hand(seat)) if s.options.action_deck == "digital" else ([""] if s.hand(seat) else [])


def legal_inputs(s: State, seat: str) -> list[Any]:
    actor = to_act(s)
    if actor.kind == "nobody":
        return []
    if actor.kind == "chance":
        if isinstance(s.head, ScanExit) and seat != DEVICE_SEAT:
            # Any sticker may be read; which numbers are already placed is the device's secret.
            return [I.ExitScanned(f"SOL:EXIT:{n:02d}") for n in board.EXIT_NUMBERS]
        return [inp for inp, _ in chance_outcomes(s)]
    if actor.kind == "seat" and seat not in (actor.seat, DEVICE_SEAT):
        return []
    head = s.head
    assert head is not None
    return _legal(s, head)


def _legal(s: State, head: Pending) -> list[Any]:
    w = world(s)
    if isinstance(head, AskRifle):
        return [I.Rifle(x) for x in s.seats]
    if isinstance(head, ChooseActor):
        out: list[Any] = [I.ChooseActorInput(x) for x in actions.eligible(s)] + [I.CallVote()]
        return out + ([I.EndActions()] if s.options.end_turn_early else [])
    if isinstance(head, ActorTurn):
        return _actor_turn(s, head.seat)
    if isinstance(head, Contribute):
        return _contribute(s, head.seat)
    if isinstance(head, HelpOffer):
        return [I.Volunteer(head.seat, True), I.Volunteer(head.seat, False)]
    if isinstance(head, Permission):
        return [I.Permit(head.seat, head.helper, True), I.Permit(head.seat, head.helper, False)]
    if isinstance(head, Assisting):
        skill = s.action.skill if s.action else ""
        cards = [c for c in _possible_hand(s, head.seat) if cat(s).action(c).counts_for(skill)]
        return [I.Assist(head.seat, c) for c in cards] + [I.AssistDone(head.seat)]
    if isinstance(head, Vote):
        choices = ("for", "against") if head.ballot == "for_against" else head.candidates
        return [I.Cast(head.voter, c) for c in choices]
    if isinstance(head, TieBreak):
        return [I.BreakTie(head.seat, c) for c in head.tied]
    if isinstance(head, Designate):
        if head.how == "move":
            targets = list(w.neighbours(s.party, s.bridge))
        else:
            dist = w.distances(s.party, s.bridge)
            targets = [x for x in w.ids if 1 <= dist.get(x, 99) <= head.reach]
        return [I.DesignateInput(head.seat, x) for x in targets]
    if isinstance(head, ChooseTarget):
        return [I.Target(head.seat, x) for x in s.seats if x != head.seat]
    if isinstance(head, ChooseExit):
        return [I.PeekExit(head.seat, e) for e in head.choices]
    if isinstance(head, StateNumber):
        return [I.StateNumberInput(head.seat, n) for n in board.EXIT_NUMBERS]
    if isinstance(head, ScoutPeek):
        return [I.ScoutLook(head.seat, r) for r in board.peekable(s, head.seen)] + [I.ScoutDone(head.seat)]
    if isinstance(head, ScoutSwapping):
        return [I.ScoutSwapInput(head.seat, "", "")] + [I.ScoutSwapInput(head.seat, a, b)
                                                        for a, b in board.swappable(s)]
    if isinstance(head, PlaceBridge):
        return [I.Bridge(a, b) for a, b in head.choices]
    if isinstance(head, RevealLocations):
        return [I.Reveal(x) for x in head.spaces]
    if isinstance(head, ResolveEncounters):
        return [I.ResolveEncounter(c) for c in head.codes]
    if isinstance(head, GiftTo):
        return [I.Gift(head.seat, x) for x in s.seats if x != head.seat]
    if isinstance(head, Discard):
        return [I.DiscardInput(head.seat, c) for c in _discards(s, head.seat)]
    if isinstance(head, WoundTaker):
        return [I.TakeWoundInput(x) for x in s.seats] + [I.CallVote()]
    if isinstance(head, Activate):
        out = []
        for enemy in dict.fromkeys(s.activations):
            out += [I.ActivateInput(enemy, to) for to in enemies.routes(s, enemy)]
        return out
    return []


def _actor_turn(s: State, seat: str) -> list[Any]:
    w = world(s)
    out: list[Any] = []
    discards = _discards(s, seat)
    calm = enemies_at(s, s.party) == 0
    if calm:
        out += [I.Move(seat, to, d) for to in w.neighbours(s.party, s.bridge) for d in discards]
        if s.attention > 0:
            out += [I.Hide(seat, d) for d in discards]
    out += [I.Skip(seat, d) for d in discards]
    leaders = leaders_at(s, s.party)
    for code in _possible_hand(s, seat):
        card = cat(s).action(code)
        if not card.describes_action:
            continue
        if card.action == "grand_duel":
            out += [I.Play(seat, code, ld) for ld in leaders]
        else:
            out.append(I.Play(seat, code))
    out += [I.AttemptQuest(seat, e.code) for e in cards_at(s, s.party).encounters
            if e.up and cat(s).encounter(e.code).kind == "quest"]
    out += [I.UseAlly(seat, a, k) for a in s.allies if (a, seat) not in s.ally_barred for k in (1, 2)]
    if s.hand(seat) and seat not in s.refused:
        out.append(I.ThrowAway(seat))
    return out


def _contribute(s: State, seat: str) -> list[Any]:
    action = s.action
    assert action is not None
    out: list[Any] = [I.Boost(seat, c) for c in _possible_hand(s, seat) if cat(s).action(c).counts_for(action.skill)]
    if not action.asked:
        out.append(I.AskHelp(seat))
    out.append(I.ResolveAction(seat))
    out += [I.UseAlly(seat, a, k) for a in s.allies if (a, seat) not in s.ally_barred for k in (1, 2)]
    if s.hand(seat) and seat not in s.refused:
        out.append(I.ThrowAway(seat))
    return out


# ---------------------------------------------------------------- chance

def chance_outcomes(s: State) -> list[tuple[Any, float]]:
    head = s.head
    if isinstance(head, Coin):
        return [(I.CoinFlip("boy"), 0.5), (I.CoinFlip("boogeyman"), 0.5)]
    if isinstance(head, BoogeymanDraw):
        if s.options.boogeyman_deck == "digital":
            return [(I.BoogeymanCardInput(None), 1.0)]
        return _uniform([I.BoogeymanCardInput(c) for c in sorted(s.boogeyman_pile)])
    if isinstance(head, RevealLocations) and s.options.board_cards == "physical":
        space = head.spaces[0]
        slot = cards_at(s, space).location
        assert slot is not None
        return _uniform([I.Reveal(space, c) for c in sorted(board.possible_locations(s, slot.colour))])
    if isinstance(head, RevealEncounters):
        down = [e for e in cards_at(s, head.space).encounters if not e.up]
        if down:
            return _uniform([I.EncounterShown(c) for c in sorted(board.possible_encounters(s, down[0].colour))])
    if isinstance(head, ScanExit):
        i = board.exit_index(s, head.exit)
        taken = {v for k, v in enumerate(s.exits) if k != i and v}
        return _uniform([I.ExitScanned(f"SOL:EXIT:{n:02d}") for n in board.EXIT_NUMBERS if n not in taken])
    if isinstance(head, ScanLoyalty):
        shown = set(s.loyalty)
        return _uniform([I.LoyaltyShown(head.seat, c.code) for c in cat(s).loyalty if c.code not in shown])
    return []


def _uniform(inputs: list[Any]) -> list[tuple[Any, float]]:
    return [(x, 1.0 / len(inputs)) for x in inputs] if inputs else []


# ---------------------------------------------------------------- the result

def result(s: State) -> Result | None:
    if s.phase != "over":
        return None
    winners = tuple(seat for seat, code in zip(s.seats, s.loyalty) if code and side(s, code) == s.winner)
    return Result(winners, {x: (1.0 if x in winners else 0.0) for x in s.seats}, s.end)


# ---------------------------------------------------------------- what a seat may know

def knows_hand(s: State, seat: str, other: str) -> bool:
    return seat == DEVICE_SEAT or seat == other


def current_peeks(s: State, seat: str) -> dict[str, int]:
    """The exit numbers `seat` saw on the tokens now in place."""
    out: dict[str, int] = {}
    epochs = dict(zip(world(s).exits, s.exit_epochs))
    for p in s.peeks:
        if p.seat == seat and p.epoch == epochs[p.exit]:
            out[p.exit] = p.value
    return out


def observe(s: State, seat: str) -> Observation:
    w = world(s)
    c = cat(s)
    over = s.phase == "over"
    everything = seat == DEVICE_SEAT or over
    obs: dict[str, Any] = {
        "game": "SOL",
        "you": seat,
        "phase": s.phase,
        "turn": s.turn,
        "actions_done": s.actions,
        "prompt": prompt(s),
        "notices": list(s.notices),
        "waiting": waiting(s),
        "rifle": s.rifle,
        "party": s.party,
        "bridge": list(s.bridge) if s.bridge else None,
        "heroes": [_hero_view(s, x, everything or x == seat) for x in s.seats],
        "tracks": {
            "attention": {"division": s.attention + 1, "value": w.attention.values[s.attention],
                          "colour": w.attention.colours[s.attention], "range": attention_range(s),
                          "army_strength": army_strength(s), "divisions": len(w.attention.values)},
            "time": {"division": s.boy + 1, "divisions": len(w.time.marks), "boy_lost": w.time.lost + 1,
                     "hand_reduction": w.time.reduction(max(s.boy, s.boy_reached),
                                                        s.options.cumulative_hand_marks)},
            "wound": WOUND_DIVISIONS[s.wound - 1] if s.wound else "",
        },
        "armies": {sp: s.armies.count(sp) for sp in sorted(set(s.armies))},
        "army_supply": s.options.army_supply - len(s.armies),
        "leaders": [{"card": code, "title": title(s, code), "space": sp} for code, sp in s.leaders],
        "allies": [{"card": a, "title": title(s, a)} for a in s.allies],
        "spaces": [_space_view(s, sid, sc, everything) for sid, sc in zip(w.ids, s.board) if w.space(sid).takes_cards],
        "extras": len(s.extras),
        "exits": _exits_view(s, seat, everything),
        "decks": {"action": len(s.draw_pile), "boogeyman": len(s.boogeyman_pile),
                  "sinister": s.sinister, "sinister_title": title(s, s.sinister) if s.sinister else ""},
        "action": _action_view(s),
        "activations": list(s.activations),
        "private": _private(s, seat),
    }
    if over:
        obs["result"] = {"winner": s.winner, "end": s.end, "exit": s.end_exit, "correct_exit": s.correct_exit,
                         "exits": dict(zip(w.exits, s.exits)),
                         "loyalty": {x: {"card": code, "title": c.loyalty_card(code).title if code else "",
                                         "side": side(s, code) if code else ""} for x, code in zip(s.seats, s.loyalty)}}
    if seat == DEVICE_SEAT:
        obs["device"] = {"hands": {x: list(h) for x, h in zip(s.seats, s.hands)}, "loyalty": list(s.loyalty),
                         "exits": list(s.exits), "box": list(s.box), "draw_pile": len(s.draw_pile)}
    return obs


def _hero_view(s: State, x: str, mine: bool) -> dict[str, Any]:
    h = hero(s, x)
    return {"hero": x, "name": h.name, "kind": h.kind, "icons": list(h.icons), "cards": len(s.hand(x)),
            "owed": s.owed[s.index(x)], "held": [title(s, code) for code in s.held[s.index(x)]],
            "on_board": x in s.on_board, "exhausted": x in s.exhausted, "rifle": x == s.rifle}


def _slot_view(s: State, slot: Slot | None, everything: bool) -> dict[str, Any] | None:
    if slot is None:
        return None
    if slot.up or everything:
        return {"card": slot.code, "title": title(s, slot.code) if slot.code else "", "up": slot.up,
                "colour": slot.colour}
    return {"card": "", "title": "", "up": False, "colour": slot.colour}


def _space_view(s: State, sid: str, sc: SpaceCards, everything: bool) -> dict[str, Any]:
    return {"space": sid, "name": where(s, sid), "location": _slot_view(s, sc.location, everything),
            "encounters": [_slot_view(s, e, everything) for e in sc.encounters], "enemies": enemies_at(s, sid)}


def _exits_view(s: State, seat: str, everything: bool) -> list[dict[str, Any]]:
    out = []
    for e, epoch in zip(world(s).exits, s.exit_epochs):
        i = world(s).exits.index(e)
        out.append({"exit": e, "name": where(s, e),
                    "peeked_by": list(dict.fromkeys(p.seat for p in s.peeks if p.exit == e and p.epoch == epoch)),
                    "stated": [{"seat": st.seat, "number": st.number, "current": st.epoch == epoch}
                               for st in s.stated if st.exit == e],
                    "exposed": [n for x, n in s.exposed if x == e],
                    "number": s.exits[i] if everything else None})
    return out


def _action_view(s: State) -> dict[str, Any] | None:
    a = s.action
    if a is None:
        return None
    return {"actor": a.actor, "kind": a.kind, "card": a.source, "title": title(s, a.source), "skill": a.skill,
            "needs": a.needs if a.kind == "quest" else actions.needs_of(s, cat(s).action(a.source), a.target)[1],
            "icons": actions.icons_so_far(s, a), "cards": [{"seat": x, "card": code} for x, code in a.cards],
            "helpers": list(a.helpers), "tainted": any(cat(s).action(code).tainted for _, code in a.cards),
            "target": a.target}


def _private(s: State, seat: str) -> dict[str, Any]:
    """What only `seat` sees, behind the hold-to-reveal cover: its hand, Loyalty card, peeks."""
    if seat not in s.seats:
        return {}
    c = cat(s)
    code = s.loyalty[s.index(seat)]
    seen = []
    where_now = _face_down_codes(s)
    for who_, card in s.board_seen:
        if who_ == seat and card in where_now:
            seen.append({"card": card, "title": title(s, card), "slot": where_now[card]})
    return {
        "hand": list(s.hand(seat)),
        "loyalty": {"card": code, "title": c.loyalty_card(code).title if code else "",
                    "side": side(s, code) if code else ""},
        "peeks": [{"exit": e, "number": n} for e, n in sorted(current_peeks(s, seat).items())],
        "loyalty_known": [{"seat": holder, "card": card, "title": title(s, card)}
                          for who_, holder, card in s.loyalty_known if who_ == seat],
        "seen": seen,
    }


def _face_down_codes(s: State) -> dict[str, str]:
    out = {}
    for sid, sc in zip(world(s).ids, s.board):
        if sc.location is not None and not sc.location.up and sc.location.code:
            out[sc.location.code] = board.slot_ref(sid, -1)
        for i, e in enumerate(sc.encounters):
            if not e.up and e.code:
                out[e.code] = board.slot_ref(sid, i)
    return out


def waiting(s: State) -> dict[str, Any]:
    head = s.head
    if head is None:
        return {}
    out: dict[str, Any] = {"kind": head.kind, "seat": to_act(s).seat}
    if isinstance(head, Vote):
        out.update(topic=head.topic, ballot=head.ballot, subject=head.subject, by=head.by, order=list(head.order),
                   cast=[{"seat": x, "choice": ch} for x, ch in head.cast], candidates=list(head.candidates))
    elif isinstance(head, TieBreak):
        out.update(topic=head.vote.topic, tied=list(head.tied))
    elif isinstance(head, (RevealLocations,)):
        out.update(spaces=list(head.spaces))
    elif isinstance(head, (RevealEncounters, ResolveEncounters)):
        out.update(space=head.space)
        if isinstance(head, ResolveEncounters):
            out.update(cards=list(head.codes))
    elif isinstance(head, Discard):
        out.update(n=head.n, why=head.why)
    elif isinstance(head, (ChooseExit,)):
        out.update(choices=list(head.choices))
    elif isinstance(head, (ScanExit, StateNumber)):
        out.update(exit=head.exit)
    elif isinstance(head, Activate):
        out.update(enemies=[{"enemy": e, "name": enemies.describe(s, e), "space": enemies.space_of(s, e),
                             "routes": [r for r in enemies.routes(s, e) if r]} for e in dict.fromkeys(s.activations)])
    elif isinstance(head, PlaceBridge):
        out.update(choices=[list(p) for p in head.choices])
    elif isinstance(head, ScoutPeek):
        out.update(left=head.left)
    return out


def prompt(s: State) -> str:
    """One sentence: what the device wants from the table now (in the device's language)."""
    head = s.head
    if s.phase == "over":
        if s.winner == "boy":
            return _("The game is over: the heroes loyal to the Boy win.")
        return _("The game is over: the heroes loyal to the Boogeyman win.")
    if head is None:
        return _("Nothing to do.")
    def n(x: str) -> str:
        return who(s, x)

    if isinstance(head, AskRifle):
        return _("Who holds the Colonel's Rifle?")
    if isinstance(head, ChooseActor):
        return _("Who performs action {action} of turn {turn}? (or call a vote)").format(action=s.actions + 1,
                                                                                      turn=s.turn)
    if isinstance(head, ActorTurn):
        # "To perform a basic action, discard one Action card of your choice from your hand face
        # down" (1. Perform a Basic Action); "3. Skip and Discard a Card": the prompt says the cost.
        if enemies_at(s, s.party) == 0:
            return _("{who}: place your Hero marker, then Move or Hide (each costs 1 Action card), play an Action "
                     "card, attempt a Quest, or skip (costs 1).").format(who=n(head.seat))
        return _("{who}: place your Hero marker, then play an Action card, attempt a Quest, or skip (costs 1)."
                 ).format(who=n(head.seat))
    if isinstance(head, Contribute):
        a = s.action
        assert a is not None
        count = actions.icons_so_far(s, a)
        return ngettext("{who}: {count} {skill} icon(s) so far; boost, ask for help, or resolve the action.",
                        "{who}: {count} {skill} icon(s) so far; boost, ask for help, or resolve the action.",
                        count).format(who=n(head.seat), count=count, skill=skill_name(a.skill))
    if isinstance(head, HelpOffer):
        return _("{who}: will you assist {actor}?").format(who=n(head.seat),
                                                           actor=n(s.action.actor) if s.action else "")
    if isinstance(head, Permission):
        return _("{who}: do you accept {helper}'s help?").format(who=n(head.seat), helper=n(head.helper))
    if isinstance(head, Assisting):
        return _("{who}: play the cards you assist with, then say you are done.").format(who=n(head.seat))
    if isinstance(head, Vote):
        return _("{who}: your vote on {what}.").format(who=n(head.voter), what=vote_subject(s, head))
    if isinstance(head, TieBreak):
        return _("{who}: the vote is tied; the Colonel's Rifle decides.").format(who=n(head.seat))
    if isinstance(head, Designate):
        return _("{who}: designate the space the party goes to.").format(who=n(head.seat))
    if isinstance(head, ChooseTarget):
        return _("{who}: choose the player to swap Loyalty cards with.").format(who=n(head.seat))
    if isinstance(head, ChooseExit):
        return _("{who}: choose the exit to peek at.").format(who=n(head.seat))
    if isinstance(head, ScanExit):
        if head.why == "end":
            return _("Scan the Exit token of {space}, face up.").format(space=where(s, head.exit))
        return _("{who}: scan the back of the Exit token of {space} without showing it.").format(
            who=n(head.seat), space=where(s, head.exit))
    if isinstance(head, StateNumber):
        return _("{who}: tell the table the number you saw at {space}.").format(who=n(head.seat),
                                                                               space=where(s, head.exit))
    if isinstance(head, ScoutPeek):
        return ngettext("{who}: look at up to {left} more face-down card(s), or stop.",
                        "{who}: look at up to {left} more face-down card(s), or stop.", head.left).format(
            who=n(head.seat), left=head.left)
    if isinstance(head, ScoutSwapping):
        return _("{who}: you may swap two face-down Encounter cards.").format(who=n(head.seat))
    if isinstance(head, PlaceBridge):
        return _("Place the Rope Bridge straight across the canyon.")
    if isinstance(head, RevealLocations):
        if s.options.board_cards == "physical":
            # The scanned card is taken as the first space's (`chances`): the prompt names that one
            # alone, then the others to come, so a table does not turn up another first (play-test
            # of 5 Dec 2026; "Entering a Space" 2 lets the table choose the order, the device asks).
            rest = [where(s, x) for x in head.spaces[1:]]
            if rest:
                return _("Turn up the Location in {space} and scan it (then {rest}).").format(
                    space=where(s, head.spaces[0]), rest=", ".join(rest))
            return _("Turn up the Location in {space} and scan it.").format(space=where(s, head.spaces[0]))
        return _("Turn up the Location in {spaces}.").format(spaces=", ".join(where(s, x) for x in head.spaces))
    if isinstance(head, RevealEncounters):
        return _("Turn up the next Encounter card in {space} and scan it.").format(space=where(s, head.space))
    if isinstance(head, ResolveEncounters):
        return _("Choose which Encounter in {space} to resolve next.").format(space=where(s, head.space))
    if isinstance(head, Coin):
        return _("{who}: flip the Boogeyman coin, at least one full turn (or let the device flip it)."
                 ).format(who=n(head.seat))
    if isinstance(head, BoogeymanDraw):
        if s.options.boogeyman_deck == "physical":
            return _("{who}: draw a Boogeyman card and scan it.").format(who=n(head.seat))
        return _("{who}: draw a Boogeyman card.").format(who=n(head.seat))
    if isinstance(head, GiftTo):
        return _("{who}: give {card} to another player.").format(who=n(head.seat), card=title(s, head.card))
    if isinstance(head, Discard):
        return ngettext("{who}: discard {n} card(s) of your choice, face down.",
                        "{who}: discard {n} card(s) of your choice, face down.", head.n).format(who=n(head.seat),
                                                                                                  n=head.n)
    if isinstance(head, WoundTaker):
        return _("Who takes the wound? (a volunteer, or call a vote)")
    if isinstance(head, Activate):
        return _("Enemy Activation: choose the next enemy to activate.")
    if isinstance(head, ScanLoyalty):
        return _("{who}: turn your Loyalty card face up and scan it.").format(who=n(head.seat))
    return _("The device is working ({kind}).").format(kind=head.kind)


def skill_name(skill: str) -> str:
    """A skill icon's name in the device's language ("Fight": SKILL_NAMES)."""
    return _(SKILL_NAMES[skill]) if skill in SKILL_NAMES else skill


def vote_subject(s: State, head: Vote) -> str:
    """What a vote is on, as the vote's prompt names it."""
    def n(x: str) -> str:
        return who(s, x)

    if head.topic == "move":
        return _("Move to {space}").format(space=where(s, head.subject))
    if head.topic == "card_move":
        return _("go to {space}").format(space=where(s, head.subject))
    if head.topic == "card":
        return _("the effect of {card}").format(card=title(s, head.subject))
    if head.topic == "actor":
        return _("who performs the action")
    if head.topic == "wound":
        return _("who takes the wound")
    if head.topic == "throw_away":
        return _("let {who} throw away their hand").format(who=n(head.subject))
    if head.topic == "ally":
        return _("let {who} use {card}").format(who=n(head.by), card=title(s, head.subject))
    raise KeyError(head.topic)


# ---------------------------------------------------------------- worlds

def resample(s: State, seat: str, rng: Rng) -> tuple[State, Rng]:
    """A world consistent with `seat`'s observation: every card, token and loyalty it cannot know
    redrawn with `rng`, and the game's own generator reseeded."""
    if seat == DEVICE_SEAT or s.phase == "over":
        seed, rng = rng.next_u64()
        return evolve(s, rng=Rng.from_seed(seed)), rng
    changes: dict[str, Any] = {}
    if s.options.action_deck == "digital":
        rng = _hands(s, seat, rng, changes)
    if s.options.loyalty == "digital":
        rng = _loyalty(s, seat, rng, changes)
    rng = _exits(s, seat, rng, changes)
    if s.options.board_cards == "digital":
        rng = _board(s, seat, rng, changes)
    if s.options.boogeyman_deck == "digital":
        pile, rng = rng.shuffled(tuple(sorted(s.boogeyman_pile)))
        changes["boogeyman_pile"] = pile
    seed, rng = rng.next_u64()
    changes["rng"] = Rng.from_seed(seed)
    world_ = evolve(s, **changes)
    return _others_knowledge(s, world_, seat), rng


def _others_knowledge(s: State, w: State, seat: str) -> State:
    """What the other seats saw, made true of the drawn world: their current peeks show its tokens,
    their loyalty facts its cards, their Scout Ahead looks its cards (never the real ones)."""
    epochs = dict(zip(world(s).exits, s.exit_epochs))
    values = dict(zip(world(s).exits, w.exits))
    peeks = tuple(evolve(p, value=values[p.exit]) if p.seat != seat and p.epoch == epochs[p.exit] and values[p.exit]
                  else p for p in s.peeks)
    known = tuple((who_, holder, w.loyalty[w.index(holder)]) if who_ != seat else (who_, holder, card)
                  for who_, holder, card in s.loyalty_known)
    moved: dict[str, str] = {}
    for old, new in zip(s.board, w.board):
        if old.location is not None and new.location is not None:
            moved[old.location.code] = new.location.code
        for a, b in zip(old.encounters, new.encounters):
            moved[a.code] = b.code
    seen = tuple((who_, moved.get(card, card) if who_ != seat else card) for who_, card in s.board_seen)
    return evolve(w, peeks=peeks, loyalty_known=known, board_seen=seen)


def _hands(s: State, seat: str, rng: Rng, changes: dict[str, Any]) -> Rng:
    mine = s.index(seat) if seat in s.seats else -1
    pool = [c for i, h in enumerate(s.hands) if i != mine for c in h] + list(s.draw_pile) + list(s.discard_pile)
    shuffled, rng = rng.shuffled(tuple(sorted(pool)))
    k = 0
    hands = []
    for i, h in enumerate(s.hands):
        if i == mine:
            hands.append(h)
        else:
            hands.append(shuffled[k:k + len(h)])
            k += len(h)
    changes["hands"] = tuple(hands)
    changes["draw_pile"] = shuffled[k:k + len(s.draw_pile)]
    changes["discard_pile"] = shuffled[k + len(s.draw_pile):]
    return rng


def _loyalty(s: State, seat: str, rng: Rng, changes: dict[str, Any]) -> Rng:
    fixed: dict[str, str] = {}
    if seat in s.seats:
        fixed[seat] = s.loyalty[s.index(seat)]
    for who_, holder, card in s.loyalty_known:
        if who_ == seat:
            fixed[holder] = card
    free = [x for x in s.seats if x not in fixed]
    pool = [s.loyalty[s.index(x)] for x in free] + ([s.loyalty_unused] if s.loyalty_unused else [])
    shuffled, rng = rng.shuffled(tuple(sorted(pool)))
    got = dict(zip(free, shuffled))
    loyalty = tuple(fixed.get(x) or got[x] for x in s.seats)
    changes["loyalty"] = loyalty
    changes["dealt"] = loyalty
    changes["loyalty_unused"] = shuffled[len(free)] if s.loyalty_unused else ""
    return rng


def _exits(s: State, seat: str, rng: Rng, changes: dict[str, Any]) -> Rng:
    known = current_peeks(s, seat)
    exits = world(s).exits
    if s.options.exits == "physical":
        # A token the device has read (someone peeked there: public) gets a number drawn for this
        # world, so other seats' peeks never carry the real one; unread tokens stay unknown (0).
        pool = sorted(set(range(1, 8)) - set(known.values()))
        shuffled, rng = rng.shuffled(tuple(pool))
        it = iter(shuffled)
        changes["exits"] = tuple(known[e] if e in known else (next(it) if v else 0) for e, v in zip(exits, s.exits))
        return rng
    pool = sorted(set(range(1, 8)) - set(known.values()))
    shuffled, rng = rng.shuffled(tuple(pool))
    it = iter(shuffled)
    changes["exits"] = tuple(known[e] if e in known else next(it) for e in exits)
    changes["box"] = tuple(sorted(it))
    return rng


def _board(s: State, seat: str, rng: Rng, changes: dict[str, Any]) -> Rng:
    seen = {card for who_, card in s.board_seen if who_ == seat}
    pools: dict[tuple[str, str], list[str]] = {}
    for sc in s.board:
        if sc.location is not None and not sc.location.up and sc.location.code not in seen:
            pools.setdefault(("L", sc.location.colour), []).append(sc.location.code)
        for e in sc.encounters:
            if not e.up and e.code not in seen:
                pools.setdefault(("E", e.colour), []).append(e.code)
    for e in s.extras:
        pools.setdefault(("E", e.colour), []).append(e.code)
    drawn: dict[tuple[str, str], list[str]] = {}
    for key in sorted(pools):
        shuffled, rng = rng.shuffled(tuple(sorted(pools[key])))
        drawn[key] = list(shuffled)

    def redraw(slot: Slot, deck: str) -> Slot:
        if slot.up or slot.code in seen:
            return slot
        return Slot(drawn[(deck, slot.colour)].pop(), slot.colour, False)

    changes["board"] = tuple(SpaceCards(redraw(sc.location, "L") if sc.location else None,
                                        tuple(redraw(e, "E") for e in sc.encounters)) for sc in s.board)
    changes["extras"] = tuple(Slot(drawn[("E", e.colour)].pop(), e.colour) for e in s.extras)
    return rng


__all__ = ["TABLE_SEAT", "chance_outcomes", "legal_inputs", "observe", "prompt", "resample", "result", "seats",
           "to_act"]
