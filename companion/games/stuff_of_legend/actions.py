"""Phase 1: who acts, the Hero Action board, votes, the three options of an action (basic action,
Action card, skip), boosting and assisting, tainted actions, Quests and Allies ("Phase 1: Player
Actions", "Resolving Action Cards", "Ally Encounters", "Quest Encounters")."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import board, effects, hands
from companion.games.stuff_of_legend.catalogue import ActionCard
from companion.games.stuff_of_legend.common import (
    Said,
    SKILL_NAMES,
    army_strength,
    cards_at,
    cat,
    effect_tuples,
    enemies_at,
    hero,
    leaders_at,
    left_of,
    note,
    push,
    require,
    set_cards,
    title,
    vote_order,
    where,
    who,
    world,
)
from companion.games.stuff_of_legend.state import (
    Action,
    ActionDone,
    ActorTurn,
    Assisting,
    ChooseExit,
    ChooseTarget,
    Cleanup,
    Contribute,
    Designate,
    HelpOffer,
    Pending,
    Permission,
    RunEffects,
    ScoutPeek,
    State,
    TakeWound,
    Tainted,
    TieBreak,
    Vote,
)
from companion.i18n import N_
from companion.i18n import pack_domain

gettext = pack_domain(__file__).gettext  # refusals in the device's language


def eligible(s: State) -> tuple[str, ...]:
    """Who may act now: not on the Hero Action board, not exhausted (SOL-30)."""
    return tuple(x for x in s.seats if x not in s.on_board and x not in s.exhausted)


def choose_actor(s: State, seat: str) -> State:
    require(seat in eligible(s), gettext("{who} has already acted: the others have a chance first (SOL-30)").format(who=who(s, seat)))
    s = evolve(s, pending=s.pending[1:])
    s = note(s, Said(N_("{who} performs action {n} of this turn."), who=who(s, seat), n=s.actions + 1))
    return push(s, ActorTurn(seat))


def place_marker(s: State, seat: str) -> State:
    """The Hero marker goes on the Hero Action board; once every hero has placed theirs, all come
    back at once (SOL-36/47)."""
    s = evolve(s, on_board=s.on_board + (seat,))
    if set(s.on_board) | set(s.exhausted) >= set(s.seats):
        s = evolve(s, on_board=(), exhausted=())
        s = note(s, Said(N_("Every hero has now acted: all Hero markers come back from the Hero Action board.")))
    return s


def end_of_actions(s: State) -> State:
    """Three actions done: markers still on the board go to Exhausted Heroes (SOL-46)."""
    if s.on_board:
        s = note(s, Said(N_("{heroes}: your markers go to the Exhausted Heroes space."),
                         heroes=", ".join(who(s, x) for x in s.on_board)))
    return evolve(s, exhausted=s.exhausted + s.on_board, on_board=(), phase="enemies")


def _begin(s: State, seat: str) -> State:
    return place_marker(evolve(s, pending=s.pending[1:]), seat)


def _no_enemies(s: State) -> None:
    require(enemies_at(s, s.party) == 0,
            "there are enemies in the party's space: no basic action; play an Action card or skip (SOL-38)")


def _card_in_hand(s: State, seat: str, card: str) -> None:
    """A digital hand is known; a physical hand is not, but a card seen elsewhere cannot be in it."""
    if s.options.action_deck == "digital" or card == "":
        require(card in s.hand(seat), f"{who(s, seat)} has no {title(s, card) or 'such card'} in hand: "
                                      f"{hands.held(s, seat)}")
        return
    require(cat(s).is_card(card, "ACTN"), gettext("{x} is not an Action card").format(x=card))
    require(bool(s.hand(seat)), f"{who(s, seat)} has no cards")
    elsewhere = set(s.discard_pile) | {c for _, c in (s.action.cards if s.action else ())}
    require(card not in elsewhere,
            f"{title(s, card)} is already " + ("in the discard pile" if card in s.discard_pile else "face up in play")
            + ": the box has one of each card, so scan the card being played")


def _trails(s: State) -> str:
    return f"the trails from {where(s, s.party)} lead to " + (
        ", ".join(where(s, x) for x in world(s).neighbours(s.party, s.bridge)) or "nowhere")


def move(s: State, t: ActorTurn, to: str, discard: str) -> State:
    """Basic Move: pay a card, designate an adjacent space, everyone votes (SOL-37..41)."""
    _no_enemies(s)
    w = world(s)
    require(to in w.neighbours(s.party, s.bridge),
            (f"{where(s, to)} is not joined to {where(s, s.party)} by a trail" if w.has(to) else f"no space {to!r}")
            + f": {_trails(s)}")
    _card_in_hand(s, t.seat, discard)
    s = _begin(s, t.seat)
    s = note(s, Said(N_("{who} proposes to Move to {space}: everyone votes For or Against."), who=who(s, t.seat), space=where(s, to)))
    s = push(s, Vote("move", "for_against", vote_order(s), subject=to, by=t.seat), ActionDone())
    return hands.spend(s, t.seat, (discard,), to_discard=True)


def hide(s: State, t: ActorTurn, discard: str) -> State:
    """Basic Hide: the Attention Level one division left; not at the left edge (SOL-42)."""
    _no_enemies(s)
    require(s.attention > 0, gettext("the Attention Level is at the far left of its track: Hide is not possible (SOL-42)"))
    _card_in_hand(s, t.seat, discard)
    s = _begin(s, t.seat)
    s = note(s, Said(N_("{who} hides."), who=who(s, t.seat)))
    s = effects.attention(s, -1)
    s = push(s, ActionDone())
    return hands.spend(s, t.seat, (discard,), to_discard=True)


def skip(s: State, t: ActorTurn, discard: str) -> State:
    _card_in_hand(s, t.seat, discard)
    s = _begin(s, t.seat)
    s = note(s, Said(N_("{who} skips the action and discards a card."), who=who(s, t.seat)))
    s = push(s, ActionDone())
    return hands.spend(s, t.seat, (discard,), to_discard=True)


def needs_of(s: State, card: ActionCard, target: str) -> tuple[str, int]:
    """The skill an action counts and the icons it needs: a Grand Duel takes the Leader's own
    (SOL-59; the Mayor: Talk, SOL-110), Minion Breakthrough an Army's strength (SOL-56)."""
    if card.action == "grand_duel":
        leader = cat(s).encounter(target)
        return leader.skill, leader.strength
    if card.action == "destroy_armies":
        return card.skill, army_strength(s)
    return card.skill, card.needs


def play(s: State, t: ActorTurn, code: str, target: str) -> State:
    """Play an Action card that describes an action, face up (SOL-43, SOL-111)."""
    require(cat(s).is_card(code, "ACTN"), gettext("{x} is not an Action card").format(x=repr(code)))
    card = cat(s).action(code)
    require(card.describes_action, f"{card.name} describes no action: it can only be discarded, or boost and "
                                   "assist an action (SOL-111)")
    _card_in_hand(s, t.seat, code)
    if card.action == "grand_duel":
        here = leaders_at(s, s.party)
        require(target in here, "a Grand Duel names a Leader in the party's space"
                + (f": {', '.join(title(s, c) for c in here)}" if here else " (there is none)"))
    else:
        require(target == "", f"{card.name} names no Leader")
    skill, needs = needs_of(s, card, target)
    s = _begin(s, t.seat)
    s = evolve(s, action=Action(t.seat, "card", code, skill, needs, target, ((t.seat, code),)))
    s = note(s, Said(N_("{who} plays {card}: {n} {skill} icon(s) needed."), who=who(s, t.seat), card=card.name, n=needs,
                     skill=Said(SKILL_NAMES[skill])))
    s = push(s, Contribute(t.seat), ActionDone())
    return hands.spend(s, t.seat, (code,), to_discard=False)


def quest(s: State, t: ActorTurn, code: str) -> State:
    """Attempt a Quest here as an action, as if it were an Action card (SOL-62)."""
    here = cards_at(s, s.party)
    quests = [title(s, e.code) for e in here.encounters if e.up and cat(s).encounter(e.code).kind == "quest"]
    require(any(e.up and e.code == code for e in here.encounters),
            f"{title(s, code)} is not a Quest in the party's space: "
            + (f"the Quests here are {', '.join(quests)}" if quests else "there is no Quest here"))
    card = cat(s).encounter(code)
    require(card.kind == "quest", f"{card.title} is not a Quest")
    s = _begin(s, t.seat)
    s = evolve(s, action=Action(t.seat, "quest", code, card.skill, card.needs))
    s = note(s, Said(N_("{who} attempts the Quest {card}: {n} {skill} icons."), who=who(s, t.seat), card=card.title,
                     n=card.needs, skill=Said(SKILL_NAMES[card.skill])))
    return push(s, Contribute(t.seat), ActionDone())


def icons_so_far(s: State, action: Action) -> int:
    """The acting hero's sheet, plus every card's matching and Wild icons, plus Allies (SOL-69/70)."""
    c = cat(s)
    total = hero(s, action.actor).sheet_icons(action.skill) + action.extra
    return total + sum(c.action(code).counts_for(action.skill) for _, code in action.cards)


def add_card(s: State, seat: str, code: str) -> State:
    """Boost or assist: only cards with matching or Wild icons (SOL-70/71)."""
    action = s.action
    assert action is not None
    require(cat(s).is_card(code, "ACTN"), gettext("{x} is not an Action card: scan the card").format(x=repr(code)))
    card = cat(s).action(code)
    require(card.counts_for(action.skill) > 0,
            f"{card.name} has no {SKILL_NAMES[action.skill]} or Wild icon: it cannot join this action (SOL-70)")
    _card_in_hand(s, seat, code)
    s = evolve(s, action=evolve(action, cards=action.cards + ((seat, code),)))
    verb = "boosts" if seat == action.actor else "assists"
    n = icons_so_far(s, s.action) if s.action else 0
    if verb == "boosts":
        said = N_("{who} boosts with {card} (a tainted card): {n} icon(s) so far.") if card.tainted else N_(
            "{who} boosts with {card}: {n} icon(s) so far.")
    else:
        said = N_("{who} assists with {card} (a tainted card): {n} icon(s) so far.") if card.tainted else N_(
            "{who} assists with {card}: {n} icon(s) so far.")
    s = note(s, Said(said, who=who(s, seat), card=card.name, n=n))
    return hands.spend(s, seat, (code,), to_discard=False)


def ask_help(s: State, c: Contribute) -> State:
    action = s.action
    assert action is not None
    require(not action.asked, gettext("{who} has already asked for help with this action").format(who=who(s, c.seat)))
    others = left_of(s, c.seat)
    s = evolve(s, action=evolve(action, asked=True))
    s = note(s, Said(N_("{who} asks the others for help."), who=who(s, c.seat)))
    return push(s, HelpOffer(others[0], others[1:]))


def volunteer(s: State, h: HelpOffer, yes: bool) -> State:
    action = s.action
    assert action is not None
    s = evolve(s, pending=s.pending[1:])
    nxt: list[Pending] = [HelpOffer(h.later[0], h.later[1:])] if h.later else []
    if not yes:
        return push(s, *nxt)
    s = note(s, Said(N_("{who} volunteers to assist: {who2} accepts or refuses."), who=who(s, h.seat), who2=who(s, action.actor)))
    return push(s, Permission(action.actor, h.seat), *nxt)


def permit(s: State, p: Permission, helper: str, yes: bool) -> State:
    require(helper == p.helper, gettext("{who} is the one waiting for an answer").format(who=who(s, p.helper)))
    action = s.action
    assert action is not None
    s = evolve(s, pending=s.pending[1:])
    if not yes:
        return note(s, Said(N_("{who} refuses {who2}'s help: they may not assist this action (SOL-71)."), who=who(s, p.seat), who2=who(s, helper)))
    s = evolve(s, action=evolve(action, helpers=action.helpers + (helper,)))
    s = note(s, Said(N_("{who} accepts {who2}'s help: any card(s) they choose may now be played."), who=who(s, p.seat), who2=who(s, helper)))
    return push(s, Assisting(helper))


def resolve(s: State, c: Contribute) -> State:
    """The icons are counted and the action resolved; a tainted action then triggers the actor's
    weakness (SOL-72/73); the cards go to the discard pile."""
    action = s.action
    assert action is not None
    s = evolve(s, pending=s.pending[1:])
    icons = icons_so_far(s, action)
    todo: list[Pending] = []
    if action.kind == "quest":
        q = cat(s).encounter(action.source)
        ok = icons >= q.needs
        s = note(s, Said(N_("{icons} {skill} icon(s) for {card}, which needs {needs}: completed.") if ok else N_(
            "{icons} {skill} icon(s) for {card}, which needs {needs}: failed; the action is wasted and the Quest stays "
            "(SOL-63)."), icons=icons, skill=Said(SKILL_NAMES[action.skill]), card=q.title, needs=q.needs))
        if ok:
            here = cards_at(s, s.party)
            s = set_cards(s, s.party, evolve(here, encounters=tuple(e for e in here.encounters
                                                                    if e.code != action.source)))
            s = evolve(s, removed=s.removed + (action.source,))
            todo.append(RunEffects(action.source, action.actor, effect_tuples(q.reward), here=s.party))
    else:
        card = cat(s).action(action.source)
        skill, needs = needs_of(s, card, action.target)
        ok = icons >= needs
        s = note(s, Said(N_("{icons} {skill} icon(s) for {card}, which needs {needs}: it succeeds.") if ok else N_(
            "{icons} {skill} icon(s) for {card}, which needs {needs}: it fails; the action is wasted."),
            icons=icons, skill=Said(SKILL_NAMES[skill]), card=card.name, needs=needs))
        if ok and card.vote and card.action not in ("move", "transport"):
            s = note(s, Said(N_("{card} has the vote icon: everyone votes For or Against its effect."), card=card.name))
            todo.append(Vote("card", "for_against", vote_order(s), subject=card.code, by=action.actor))
        elif ok:
            s, todo = _card_effect(s, action, card, icons)
    if any(cat(s).action(code).tainted for _, code in action.cards):
        todo.append(Tainted())
    todo.append(Cleanup())
    return push(s, *todo)


def _card_effect(s: State, action: Action, card: ActionCard, icons: int) -> tuple[State, list[Pending]]:
    then = RunEffects(card.code, action.actor, effect_tuples(card.then), here=s.party)
    amount = card.amount(icons)
    if card.action == "move":
        return s, [Designate(action.actor, "move")]
    if card.action == "transport":
        return s, [Designate(action.actor, "transport", reach=max(1, amount))]
    if card.action == "destroy_armies":
        k = icons // army_strength(s)
        return effects.destroy_armies(s, k), [then]
    if card.action == "grand_duel":
        s = evolve(s, leaders=tuple(x for x in s.leaders if x[0] != action.target),
                   removed=s.removed + (action.target,))
        return note(s, Said(N_("{card} is defeated in the Grand Duel: remove its marker."), card=title(s, action.target))), [then]
    if card.action == "swap_loyalty":
        return s, [ChooseTarget(action.actor), then]
    if card.action == "scout_ahead":
        if not board.peekable(s):
            return note(s, Said(N_("There is no face-down card to look at."))), [then]
        return s, [ScoutPeek(action.actor, amount), then]
    if card.action == "attention":
        return effects.attention(s, amount), [then]
    if card.action == "peek_exit":
        return s, [ChooseExit(action.actor, world(s).exits), then]
    return s, [then]


def designate(s: State, d: Designate, space: str) -> State:
    w = world(s)
    require(w.has(space), gettext("no space {x}").format(x=repr(space)))
    if d.how == "move":
        require(space in w.neighbours(s.party, s.bridge),
                f"{where(s, space)} is not joined to the party's space: {_trails(s)}")
    else:
        dist = w.distance(s.party, space, s.bridge)
        require(dist is not None and 1 <= dist <= d.reach,
                f"{where(s, space)} is out of reach ({d.reach} space(s))" + (
                    "; the Jungle cannot be reached before the Rope Bridge (SOL-115)"
                    if dist is None and w.space(space).jungle else ""))
    s = evolve(s, pending=s.pending[1:])
    s = note(s, Said(N_("{who} designates {space}: everyone votes For or Against."), who=who(s, d.seat), space=where(s, space)))
    return push(s, Vote("card_move", "for_against", vote_order(s), subject=space, by=d.seat,
                        detail=0 if d.how == "move" else 1))


def tainted(s: State) -> State:
    action = s.action
    s = evolve(s, pending=s.pending[1:])
    if action is None:
        return s
    h = hero(s, action.actor)
    s = note(s, Said(N_("The action was tainted: {card}'s weakness."), card=h.name))
    return push(s, RunEffects(h.id, action.actor, effect_tuples(h.weakness)))


def cleanup(s: State) -> State:
    action = s.action
    s = evolve(s, pending=s.pending[1:], action=None)
    if action is None:
        return s
    played = tuple(code for _, code in action.cards)
    return evolve(s, discard_pile=s.discard_pile + played)


# ---------------------------------------------------------------- votes

def cast(s: State, v: Vote, seat: str, choice: str) -> State:
    require(seat == v.voter, gettext("it is {who}'s vote").format(who=who(s, v.voter)))
    options = ("for", "against") if v.ballot == "for_against" else v.candidates
    require(choice in options, f"the vote is {' or '.join(options)}, not {choice!r}")
    v = evolve(v, cast=v.cast + ((seat, choice),))
    s = evolve(s, pending=(v,) + s.pending[1:])
    s = note(s, Said(N_("{who} votes {choice}."), who=who(s, seat),
                     choice=Said(choice) if v.ballot == "for_against" else who(s, choice)))
    if len(v.cast) < len(v.order):
        return s
    counts: dict[str, int] = {}
    for _, c in v.cast:
        counts[c] = counts.get(c, 0) + 1
    best = max(counts.values())
    tied = tuple(c for c in options if counts.get(c, 0) == best)
    s = evolve(s, pending=s.pending[1:])
    if len(tied) > 1:
        s = note(s, Said(N_("A tie: {who}, who holds the Colonel's Rifle, decides (SOL-33)."), who=who(s, s.rifle)))
        return push(s, TieBreak(s.rifle, v, tied))
    return outcome(s, v, tied[0])


def break_tie(s: State, t: TieBreak, choice: str) -> State:
    require(choice in t.tied, f"the tie is between {', '.join(t.tied)}")
    s = evolve(s, pending=s.pending[1:])
    return outcome(s, t.vote, choice)


def outcome(s: State, v: Vote, choice: str) -> State:
    shown = Said(choice) if v.ballot == "for_against" else who(s, choice)
    s = note(s, Said(N_("The vote: {n}."), n=shown))
    if v.topic == "actor":
        s = note(s, Said(N_("{who} performs action {n} of this turn."), who=who(s, choice), n=s.actions + 1))
        return push(s, ActorTurn(choice))
    if v.topic == "wound":
        return push(s, TakeWound(choice))
    yes = choice == "for"
    if v.topic == "move":
        if not yes:
            return note(s, Said(N_("The Move is rejected: the party stays, and the action and the card are wasted (SOL-40).")))
        return board.move_party(s, v.subject, v.by, along_trail=True)
    if v.topic == "card_move":
        if not yes:
            return note(s, Said(N_("The party stays where it is: the action is wasted.")))
        action = s.action
        then: tuple[tuple[str, int, str], ...] = ()
        if action is not None and action.kind == "card":
            then = effect_tuples(cat(s).action(action.source).then)
        s = push(s, RunEffects(action.source if action else "", v.by, then, here=v.subject))
        return board.move_party(s, v.subject, v.by, along_trail=v.detail == 0)
    if v.topic == "card":
        action = s.action
        if not yes or action is None:
            return note(s, Said(N_("The vote says Against: the card's effect is lost and the action wasted.")))
        s, todo = _card_effect(s, action, cat(s).action(v.subject), icons_so_far(s, action))
        return push(s, *todo)
    if v.topic == "throw_away":
        if not yes:
            s = evolve(s, refused=s.refused + (v.subject,))
            return note(s, Said(N_("{who} keeps the hand and cannot ask again this turn (SOL-80)."), who=who(s, v.subject)))
        return hands.throw_away(s, v.subject)
    # an Ally
    if not yes:
        s = evolve(s, ally_barred=s.ally_barred + ((v.subject, v.by),))
        return note(s, Said(N_("{card} stays; {who} cannot use it for the rest of this turn."), card=title(s, v.subject), who=who(s, v.by)))
    ally = cat(s).encounter(v.subject)
    ability = ally.ability1 if v.detail == 1 else ally.ability2
    s = evolve(s, allies=tuple(a for a in s.allies if a != v.subject), removed=s.removed + (v.subject,))
    s = note(s, Said(N_("{card} uses its ability and leaves the game (no action is spent)."), card=ally.title))
    return push(s, RunEffects(v.subject, v.by, effect_tuples(ability), here=s.party))


def call_ally(s: State, seat: str, ally: str, ability: int) -> State:
    require(ally in s.allies, gettext("{card} is not an Ally beside the board").format(card=title(s, ally)))
    require(ability in (1, 2), gettext("an Ally has abilities 1 and 2"))
    require((ally, seat) not in s.ally_barred, gettext("the vote refused {card} to {who} this turn").format(card=title(s, ally), who=who(s, seat)))
    s = note(s, Said(N_("{who} asks to use {card}'s ability {n}: everyone votes For or Against."), who=who(s, seat), card=title(s, ally), n=ability))
    return push(s, Vote("ally", "for_against", vote_order(s), subject=ally, by=seat, detail=ability))


def call_throw_away(s: State, seat: str) -> State:
    require(bool(s.hand(seat)), f"{who(s, seat)} has no cards to throw away")
    require(seat not in s.refused, gettext("the vote said Against: {who} cannot ask again until next turn (SOL-80)").format(who=who(s, seat)))
    s = note(s, Said(N_("{who} asks to throw away their hand and draw a new one: everyone votes For or Against."), who=who(s, seat)))
    return push(s, Vote("throw_away", "for_against", vote_order(s), subject=seat, by=seat))
