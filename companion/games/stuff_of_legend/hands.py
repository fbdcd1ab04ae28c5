"""Hands, the Action deck, running out of cards, the Boogeyman coin and deck, and wounds
("Running Out of Cards", "The Boogeyman Coin", "Boogeyman Cards", "Inflicting Wounds")."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend.common import (
    Said,
    WOUND_DIVISIONS,
    awaiting_hand,
    cat,
    effect_tuples,
    hand_size,
    note,
    push,
    require,
    set_hand,
    set_owed,
    title,
    who,
    without,
    world,
)
from companion.games.stuff_of_legend.ending import end_game
from companion.games.stuff_of_legend.state import (
    BoogeymanDraw,
    Coin,
    Discard,
    DiscardWhy,
    GiftTo,
    NewHand,
    RunEffects,
    State,
    TakeWound,
    WoundTaker,
    WrapWound,
)
from companion.i18n import N_
from companion.i18n import pack_domain

gettext = pack_domain(__file__).gettext  # refusals in the device's language


# A Boogeyman card's type as a notice names it (shown through _()).
BOOGEYMAN_KINDS = {"fleeting": N_("fleeting"), "gift": N_("Dark Gift"), "personal": N_("personal"),
                   "sinister": N_("sinister")}

def draw(s: State, n: int) -> tuple[tuple[str, ...], State]:
    """n cards off the Action deck; an empty deck is the discard pile shuffled unseen (SOL-G12)."""
    got: list[str] = []
    pile, discards, rng = s.draw_pile, s.discard_pile, s.rng
    for _ in range(n):
        if not pile and discards:
            pile, rng = rng.shuffled(discards)
            discards = ()
            s = note(s, Said(N_("The Action deck ran out: shuffle the discard pile face down, unseen, into a new deck.")))
        if not pile:
            break
        got.append(pile[0])
        pile = pile[1:]
    if s.options.action_deck == "physical":
        got = [""] * len(got)  # the table draws real cards the device does not see
    return tuple(got), evolve(s, draw_pile=pile, discard_pile=discards, rng=rng)


def held(s: State, seat: str) -> str:
    """How many cards `seat` holds and what to do, never which (a hand is private)."""
    n = len(s.hand(seat))
    return f"{who(s, seat)} holds {n} card{'s' if n != 1 else ''}: play one of them" if n else \
        f"{who(s, seat)} holds no cards"


def spend(s: State, seat: str, cards: tuple[str, ...], to_discard: bool) -> State:
    """Cards leave `seat`'s hand, played face up or discarded face down (SOL-34); an emptied hand
    means the coin at once, then a new hand (SOL-76)."""
    hand = s.hand(seat)
    for card in cards:
        left = without(hand, card)
        require(left is not None, f"{who(s, seat)} has no {title(s, card) if card else 'card'} in hand: "
                                  f"{held(s, seat)}")
        assert left is not None
        hand = left
    s = set_hand(s, seat, hand)
    if to_discard:
        s = evolve(s, discard_pile=s.discard_pile + cards)
    return check_out(s, seat)


def check_out(s: State, seat: str) -> State:
    if s.hand(seat) or awaiting_hand(s, seat) or s.phase in ("end", "over"):
        return s
    s = note(s, Said(N_("{who} ran out of cards: flip the Boogeyman coin, then draw a new hand."), who=who(s, seat)))
    return push(s, Coin(seat, "hand"), NewHand(seat))


def new_hand(s: State, step: NewHand) -> State:
    """The new hand, sized after the coin was flipped (SOL-76/77/84); owed discards come after (SOL-105)."""
    s = evolve(s, pending=s.pending[1:])
    n = hand_size(s, step.seat)
    cards, s = draw(s, n)
    s = set_hand(s, step.seat, s.hand(step.seat) + cards)
    s = note(s, Said(N_("{who} draws a new hand of {n} cards."), who=who(s, step.seat), n=len(cards)))
    owed = s.owed[s.index(step.seat)]
    if owed:
        s = set_owed(s, step.seat, 0)
        s = note(s, Said(N_("{who} now pays the {n} discard(s) still owed for a wound."), who=who(s, step.seat), n=owed))
        s = push(s, Discard(step.seat, owed, "owed"))
    return s


def ask_discard(s: State, seat: str, n: int, why: DiscardWhy) -> State:
    if n <= 0:
        return s
    if not s.hand(seat) and awaiting_hand(s, seat):
        return set_owed(s, seat, s.owed[s.index(seat)] + n)
    return push(s, Discard(seat, n, why))


def discard_one(s: State, d: Discard, card: str) -> State:
    """One card paid; more than the hand holds are owed until the new hand (SOL-105)."""
    if s.options.action_deck == "digital":
        require(card != "", f"name the card {who(s, d.seat)} discards")
    s = evolve(s, pending=s.pending[1:])
    s = spend(s, d.seat, (card,), to_discard=True)
    left = d.n - 1
    if left and not s.hand(d.seat):
        s = set_owed(s, d.seat, s.owed[s.index(d.seat)] + left)
        return note(s, Said(N_("{who} owes {n} more discard(s), paid from the new hand."), who=who(s, d.seat), n=left))
    if left:
        # Put the rest back in place: after any coin and new hand the emptying pushed in front.
        i = next((k for k, p in enumerate(s.pending) if isinstance(p, NewHand) and p.seat == d.seat), -1)
        rest = Discard(d.seat, left, d.why)
        return evolve(s, pending=s.pending[: i + 1] + (rest,) + s.pending[i + 1:])
    return s


def owed_from_empty(s: State, d: Discard) -> State:
    s = evolve(s, pending=s.pending[1:])
    return set_owed(s, d.seat, s.owed[s.index(d.seat)] + d.n)


# ---------------------------------------------------------------- the coin

def flip(s: State, c: Coin, face: str | None) -> State:
    """The Boogeyman coin (SOL-81): the device flips only when no face is given."""
    if face is None:
        i, rng = s.rng.below(2)
        face = ("boy", "boogeyman")[i]
        s = evolve(s, rng=rng)
    s = evolve(s, pending=s.pending[1:])
    s = note(s, Said(N_("{who} flipped the coin: the Boy face.") if face == "boy" else N_(
        "{who} flipped the coin: the Boogeyman face."), who=who(s, c.seat)))
    if face == "boy":
        return move_boy(s, 1)
    if not s.boogeyman_pile:
        if s.options.empty_boogeyman_deck == "boy":
            s = note(s, Said(N_("The Boogeyman deck is empty: the flip counts as the Boy face (option).")))
            return move_boy(s, 1)
        return note(s, Said(N_("The Boogeyman deck is empty: nothing happens (SOL-G12).")))
    return push(s, BoogeymanDraw(c.seat))


def move_boy(s: State, n: int) -> State:
    """The Boy down the Time track (SOL-82); entering BOY LOST ends the game at once (SOL-83). A
    "Hand size" mark, once entered, holds for the rest of the game even if the Boy comes back up (SOL-84)."""
    track = world(s).time
    before, reached = s.boy, s.boy_reached
    after = max(0, min(track.lost, s.boy + n))
    s = evolve(s, boy=after, boy_reached=max(reached, after))
    if after == before:
        return note(s, Said(N_("The Boy is already at the top of the Time track."))) if n < 0 else s
    s = note(s, Said(N_("The Boy moves to division {n} of the Time track."), n=after + 1))
    if after == track.lost:
        return end_game(s, "boy_lost")
    for i in range(reached + 1, after + 1):
        if track.marks[i].startswith("hand-"):
            s = note(s, Said(N_("Hand size {mark}: every new hand is smaller for the rest of the game."),
                             mark=track.marks[i][-2:]))
    return s


def _not_in_boogeyman_deck(s: State, code: str) -> str:
    """Why a scanned card is not the Boogeyman card drawn, by its title and where it is (issue 26)."""
    if not cat(s).is_card(code, "BOOG"):
        known = title(s, code)
        if known != code:
            return gettext("{card} is not a Boogeyman card").format(card=known)
        return gettext("that card is not one of the Boogeyman cards the companion knows")
    name = title(s, code)
    holder = next((x for x, held in zip(s.seats, s.held) if code in held), None)
    if holder is not None:
        where = gettext("held by {who}").format(who=who(s, holder))
    elif s.sinister == code:
        where = gettext("on the Sinister Games spot")
    elif code in s.removed:
        where = gettext("out of the game")
    else:
        where = gettext("drawn already")
    return gettext("{card} is already {where}: the box has one {card}, so it is not the card drawn now").format(
        card=name, where=where)


def boogeyman_card(s: State, d: BoogeymanDraw, code: str | None) -> State:
    """Draw (device) or scan (physical) the Boogeyman card and resolve it publicly (SOL-85..90)."""
    if s.options.boogeyman_deck == "digital":
        require(code is None, gettext("the device holds the Boogeyman deck: it draws the card itself"))
        code = s.boogeyman_pile[0]
        pile = s.boogeyman_pile[1:]
    else:
        require(code is not None, gettext("scan the Boogeyman card that was drawn"))
        assert code is not None
        require(code in s.boogeyman_pile, _not_in_boogeyman_deck(s, code))
        pile = tuple(c for c in s.boogeyman_pile if c != code)
    card = cat(s).boogeyman_card(code)
    s = evolve(s, boogeyman_pile=pile, pending=s.pending[1:])
    s = note(s, Said(N_("{who} drew the Boogeyman card {card} ({kind})."), who=who(s, d.seat), card=card.title, kind=Said(BOOGEYMAN_KINDS.get(card.type, card.type))))
    run = RunEffects(code, d.seat, effect_tuples(card.effects))
    if card.type == "fleeting":
        s = evolve(s, removed=s.removed + (code,))
        return push(s, run)
    if card.type == "personal":
        s = hold(s, d.seat, code)
        return push(s, run)
    if card.type == "gift":
        return push(s, GiftTo(d.seat, code))
    if s.sinister:
        s = evolve(s, removed=s.removed + (s.sinister,))
        s = note(s, Said(N_("{card} leaves the Sinister Games spot and the game."), card=title(s, s.sinister)))
    s = evolve(s, sinister=code)
    return push(s, run)


def hold(s: State, seat: str, code: str) -> State:
    i = s.index(seat)
    return evolve(s, held=s.held[:i] + (s.held[i] + (code,),) + s.held[i + 1:])


def give(s: State, g: GiftTo, to: str) -> State:
    require(to in s.seats and to != g.seat, f"a Dark Gift goes to another player, not {who(s, to)}: give it to "
                                            f"{', '.join(who(s, x) for x in s.seats if x != g.seat)}")
    s = evolve(s, pending=s.pending[1:])
    s = hold(s, to, g.card)
    s = note(s, Said(N_("{who} gives {card} to {who2}."), who=who(s, g.seat), card=title(s, g.card), who2=who(s, to)))
    return push(s, RunEffects(g.card, to, effect_tuples(cat(s).boogeyman_card(g.card).effects)))


# ---------------------------------------------------------------- wounds

def wounds(s: State, n: int) -> State:
    """n wounds, processed one at a time (SOL-106): each taker chosen in turn."""
    if n <= 0:
        return s
    return push(s, *([WoundTaker()] * n))


def take_wound(s: State, step: TakeWound) -> State:
    """The taker moves the Wound marker one division right and does what it says (SOL-102/103)."""
    s = evolve(s, pending=s.pending[1:])
    div = s.wound % 6 + 1
    s = evolve(s, wound=div)
    letter = WOUND_DIVISIONS[div - 1]
    if div <= 3:
        s = note(s, Said(N_("{who} takes the wound: the Wound marker to {n}, discard {n2}."), who=who(s, step.seat), n=letter, n2=div))
        return ask_discard(s, step.seat, div, "wound")
    s = note(s, Said(N_("{who} takes the wound: the Wound marker to {n}, flip the Boogeyman coin."), who=who(s, step.seat), n=letter))
    if div == 6:
        return push(s, Coin(step.seat, "wound"), WrapWound())
    return push(s, Coin(step.seat, "wound"))


def wrap_wound(s: State) -> State:
    """After division F the marker goes back to the left of A (SOL-104)."""
    s = evolve(s, pending=s.pending[1:])
    if s.wound == 6:
        s = evolve(s, wound=0)
        s = note(s, Said(N_("The Wound marker goes back to the left of division A.")))
    return s


def throw_away(s: State, seat: str) -> State:
    """The vote said For: the rest of the hand goes, then the coin and a new hand (SOL-80)."""
    hand = s.hand(seat)
    s = set_hand(s, seat, ())
    s = evolve(s, discard_pile=s.discard_pile + hand)
    s = note(s, Said(N_("{who} throws away {n} card(s)."), who=who(s, seat), n=len(hand)))
    return check_out(s, seat)
