"""The one validating reducer: `apply(state, input) -> state` (IllegalInput leaves the state as it
was). Each input answers the decision at the head of the queue; a few table events (the Rifle
handed over, an Exit token seen by accident, asking to throw a hand away) are accepted whenever the
game waits on a calm decision. Then the flow does every step that needs nobody."""

from __future__ import annotations

from typing import Any, Callable

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import actions, board, effects, enemies, hands
from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import Said, cat, note, push, require, seat_ok, set_seat, title, vote_order, who
from companion.games.stuff_of_legend.flow import settle
from companion.games.stuff_of_legend.state import (
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
    State,
    StateNumber,
    TakeWound,
    TieBreak,
    Vote,
    WoundTaker,
)
from companion.i18n import N_
from companion.i18n import pack_domain

gettext = pack_domain(__file__).gettext  # refusals in the device's language

CALM = (ChooseActor, ActorTurn, Contribute, Activate)  # where table events may come in


def apply(state: State, inp: I.Input) -> State:
    if state.phase == "over":
        raise IllegalInput("the game is over")
    s = evolve(state, notices=())
    return settle(_dispatch(s, inp))


def _actor(head: Pending | None) -> str:
    return str(getattr(head, "seat", ""))


def _by(s: State, head: Pending, seat: str) -> None:
    seat_ok(s, seat)
    require(seat == _actor(head), gettext("it is {who}'s decision, not {who2}'s").format(who=who(s, _actor(head)), who2=who(s, seat)))


def _dispatch(s: State, inp: I.Input) -> State:
    head = s.head
    require(head is not None, gettext("the device is not waiting for anything"))
    assert head is not None
    if isinstance(inp, I.Rifle) and not isinstance(head, AskRifle):
        require(isinstance(head, CALM), gettext("hand the Colonel's Rifle over between decisions"))
        seat_ok(s, inp.seat)
        return _rifle(s, inp.seat)
    if isinstance(inp, I.AccidentalReveal):
        require(isinstance(head, CALM), gettext("report an accidentally revealed Exit token between decisions"))
        return board.accidental_reveal(s, inp.exit, inp.number)
    if isinstance(inp, I.ThrowAway):
        require(isinstance(head, CALM) and s.phase in ("actions", "enemies"),
                "a hand can be thrown away between decisions of the turn (SOL-80)")
        seat_ok(s, inp.seat)
        return actions.call_throw_away(s, inp.seat)
    handler = _HANDLERS.get(type(head))
    require(handler is not None, gettext("the device is not waiting for an input now"))
    assert handler is not None
    return handler(s, head, inp)


def _rifle(s: State, seat: str) -> State:
    return note(evolve(s, rifle=seat), Said(N_("{who} holds the Colonel's Rifle."), who=who(s, seat)))


def _wrong(s: State, head: Pending, inp: I.Input) -> IllegalInput:
    from companion.games.stuff_of_legend.protocol import prompt

    return IllegalInput(f"{inp.kind!r} does not answer what the device is waiting for: {prompt(s)}")


def _ask_rifle(s: State, h: AskRifle, inp: I.Input) -> State:
    if not isinstance(inp, I.Rifle):
        raise _wrong(s, h, inp)
    seat_ok(s, inp.seat)
    return _rifle(evolve(s, pending=s.pending[1:]), inp.seat)


def _choose_actor(s: State, h: ChooseActor, inp: I.Input) -> State:
    if isinstance(inp, I.ChooseActorInput):
        seat_ok(s, inp.seat)
        return actions.choose_actor(s, inp.seat)
    if isinstance(inp, I.CallVote):
        s = evolve(s, pending=s.pending[1:])
        s = note(s, Said(N_("The table cannot agree: everyone votes for who performs the action.")))
        return push(s, Vote("actor", "player", vote_order(s), candidates=actions.eligible(s)))
    if isinstance(inp, I.EndActions):
        require(s.options.end_turn_early, "three actions are always performed; Skip is the way to do nothing "
                                          "(option end_turn_early, SOL-G8)")
        return note(evolve(s, pending=s.pending[1:], actions=3), Said(N_("The players end Phase 1 early.")))
    raise _wrong(s, h, inp)


def _actor_turn(s: State, h: ActorTurn, inp: I.Input) -> State:
    if isinstance(inp, I.Move):
        _by(s, h, inp.seat)
        return actions.move(s, h, inp.to, inp.discard)
    if isinstance(inp, I.Hide):
        _by(s, h, inp.seat)
        return actions.hide(s, h, inp.discard)
    if isinstance(inp, I.Skip):
        _by(s, h, inp.seat)
        return actions.skip(s, h, inp.discard)
    if isinstance(inp, I.Play):
        _by(s, h, inp.seat)
        return actions.play(s, h, inp.card, inp.target)
    if isinstance(inp, I.AttemptQuest):
        _by(s, h, inp.seat)
        return actions.quest(s, h, inp.quest)
    if isinstance(inp, I.UseAlly):
        _by(s, h, inp.seat)
        return actions.call_ally(s, inp.seat, inp.ally, inp.ability)
    raise _wrong(s, h, inp)


def _contribute(s: State, h: Contribute, inp: I.Input) -> State:
    if isinstance(inp, I.Boost):
        _by(s, h, inp.seat)
        return actions.add_card(s, inp.seat, inp.card)
    if isinstance(inp, I.AskHelp):
        _by(s, h, inp.seat)
        return actions.ask_help(s, h)
    if isinstance(inp, I.ResolveAction):
        _by(s, h, inp.seat)
        return actions.resolve(s, h)
    if isinstance(inp, I.UseAlly):
        _by(s, h, inp.seat)
        return actions.call_ally(s, inp.seat, inp.ally, inp.ability)
    raise _wrong(s, h, inp)


def _help_offer(s: State, h: HelpOffer, inp: I.Input) -> State:
    if not isinstance(inp, I.Volunteer):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return actions.volunteer(s, h, inp.yes)


def _permission(s: State, h: Permission, inp: I.Input) -> State:
    if not isinstance(inp, I.Permit):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return actions.permit(s, h, inp.helper, inp.yes)


def _assisting(s: State, h: Assisting, inp: I.Input) -> State:
    if isinstance(inp, I.Assist):
        _by(s, h, inp.seat)
        return actions.add_card(s, inp.seat, inp.card)
    if isinstance(inp, I.AssistDone):
        _by(s, h, inp.seat)
        return evolve(s, pending=s.pending[1:])
    raise _wrong(s, h, inp)


def _vote(s: State, h: Vote, inp: I.Input) -> State:
    if not isinstance(inp, I.Cast):
        raise _wrong(s, h, inp)
    seat_ok(s, inp.seat)
    return actions.cast(s, h, inp.seat, inp.choice)


def _tie(s: State, h: TieBreak, inp: I.Input) -> State:
    if not isinstance(inp, I.BreakTie):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return actions.break_tie(s, h, inp.choice)


def _designate(s: State, h: Designate, inp: I.Input) -> State:
    if not isinstance(inp, I.DesignateInput):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return actions.designate(s, h, inp.space)


def _target(s: State, h: ChooseTarget, inp: I.Input) -> State:
    if not isinstance(inp, I.Target):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return effects.swap_loyalty(evolve(s, pending=s.pending[1:]), inp.seat, inp.other)


def _choose_exit(s: State, h: ChooseExit, inp: I.Input) -> State:
    if not isinstance(inp, I.PeekExit):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    require(inp.exit in h.choices, f"this peek is at one of {', '.join(h.choices)}")
    return board.peek(evolve(s, pending=s.pending[1:]), inp.seat, inp.exit)


def _scan_exit(s: State, h: ScanExit, inp: I.Input) -> State:
    if not isinstance(inp, I.ExitScanned):
        raise _wrong(s, h, inp)
    return board.exit_scanned(s, h, inp.code)


def _state_number(s: State, h: StateNumber, inp: I.Input) -> State:
    if not isinstance(inp, I.StateNumberInput):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return board.state_number(s, h, inp.number)


def _scout_peek(s: State, h: ScoutPeek, inp: I.Input) -> State:
    if isinstance(inp, I.ScoutLook):
        _by(s, h, inp.seat)
        return board.scout_look(s, h, inp.slot)
    if isinstance(inp, I.ScoutDone):
        _by(s, h, inp.seat)
        return push(evolve(s, pending=s.pending[1:]), ScoutSwapping(h.seat))
    raise _wrong(s, h, inp)


def _scout_swap(s: State, h: ScoutSwapping, inp: I.Input) -> State:
    if not isinstance(inp, I.ScoutSwapInput):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return board.scout_swap(s, inp.seat, inp.a, inp.b)


def _bridge(s: State, h: PlaceBridge, inp: I.Input) -> State:
    if not isinstance(inp, I.Bridge):
        raise _wrong(s, h, inp)
    return board.place_bridge(s, h, inp.a, inp.b)


def _reveal(s: State, h: RevealLocations, inp: I.Input) -> State:
    if not isinstance(inp, I.Reveal):
        raise _wrong(s, h, inp)
    return board.reveal_location(s, h, inp.space, inp.code)


def _encounter(s: State, h: RevealEncounters, inp: I.Input) -> State:
    if not isinstance(inp, I.EncounterShown):
        raise _wrong(s, h, inp)
    return board.reveal_encounters(s, h, inp.code)


def _resolve_encounter(s: State, h: ResolveEncounters, inp: I.Input) -> State:
    if not isinstance(inp, I.ResolveEncounter):
        raise _wrong(s, h, inp)
    return board.resolve_encounter(s, h, inp.code)


def _coin(s: State, h: Coin, inp: I.Input) -> State:
    if not isinstance(inp, I.CoinFlip):
        raise _wrong(s, h, inp)
    require(inp.face in (None, "boy", "boogeyman"), gettext("the coin shows boy or boogeyman, not {x}").format(x=repr(inp.face)))
    return hands.flip(s, h, inp.face)


def _boogeyman(s: State, h: BoogeymanDraw, inp: I.Input) -> State:
    if not isinstance(inp, I.BoogeymanCardInput):
        raise _wrong(s, h, inp)
    return hands.boogeyman_card(s, h, inp.code)


def _gift(s: State, h: GiftTo, inp: I.Input) -> State:
    if not isinstance(inp, I.Gift):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return hands.give(s, h, inp.to)


def _discard(s: State, h: Discard, inp: I.Input) -> State:
    if not isinstance(inp, I.DiscardInput):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    return hands.discard_one(s, h, inp.card)


def _wound_taker(s: State, h: WoundTaker, inp: I.Input) -> State:
    if isinstance(inp, I.TakeWoundInput):
        seat_ok(s, inp.seat)
        return push(evolve(s, pending=s.pending[1:]), TakeWound(inp.seat))
    if isinstance(inp, I.CallVote):
        s = evolve(s, pending=s.pending[1:])
        s = note(s, Said(N_("No volunteer: everyone votes for who takes the wound.")))
        return push(s, Vote("wound", "player", vote_order(s), candidates=s.seats))
    raise _wrong(s, h, inp)


def _activate(s: State, h: Activate, inp: I.Input) -> State:
    if not isinstance(inp, I.ActivateInput):
        raise _wrong(s, h, inp)
    return enemies.activate(s, inp.enemy, inp.to)


def _scan_loyalty(s: State, h: ScanLoyalty, inp: I.Input) -> State:
    if not isinstance(inp, I.LoyaltyShown):
        raise _wrong(s, h, inp)
    _by(s, h, inp.seat)
    require(cat(s).is_card(inp.code, "LOYL"), gettext("{x} is not a Loyalty card").format(x=repr(inp.code)))
    require(inp.code not in s.loyalty, f"{title(s, inp.code)} was already shown by another player: the box has "
                                       f"one of each Loyalty card")
    loyalty = tuple(str(x) for x in set_seat(s.loyalty, s.index(inp.seat), inp.code))
    s = evolve(s, loyalty=loyalty, pending=s.pending[1:])
    return note(s, Said(N_("{who} shows {card}."), who=who(s, inp.seat), card=cat(s).loyalty_card(inp.code).title))


_HANDLERS: dict[type, Callable[[State, Any, I.Input], State]] = {
    AskRifle: _ask_rifle, ChooseActor: _choose_actor, ActorTurn: _actor_turn, Contribute: _contribute,
    HelpOffer: _help_offer, Permission: _permission, Assisting: _assisting, Vote: _vote, TieBreak: _tie,
    Designate: _designate, ChooseTarget: _target, ChooseExit: _choose_exit, ScanExit: _scan_exit,
    StateNumber: _state_number, ScoutPeek: _scout_peek, ScoutSwapping: _scout_swap, PlaceBridge: _bridge,
    RevealLocations: _reveal, RevealEncounters: _encounter, ResolveEncounters: _resolve_encounter, Coin: _coin,
    BoogeymanDraw: _boogeyman, GiftTo: _gift, Discard: _discard, WoundTaker: _wound_taker, Activate: _activate,
    ScanLoyalty: _scan_loyalty,
}
