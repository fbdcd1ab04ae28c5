"""The Boogeyman's decks (Nightmare, Trouble, Event) and the Stress Scale ("The Stress Scale").

When the game runs the Boogeyman, its cards are drawn 'from the deck' at the table: the device
asks for the top card and is told which it was. The state keeps a model of each deck (by card
number) for a player-run Boogeyman to choose from and for simulations to draw from."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman import v1
from companion.games.boogeyman.common import (
    DECK_NAMES,
    note,
    set_child,
    set_deck,
    title,
)
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ChooseCard,
    Deck,
    DrawCard,
    Phase,
    State,
)

# ---------------------------------------------------------------- decks the device draws

def model_top(s: State, code: str) -> str:
    """The card the deck model would give next (simulations and the AI's table draw it)."""
    deck = s.deck(code)
    if deck.remaining:
        return deck.remaining[0]
    return min(deck.discard) if deck.discard else f"BGM:{code}:01"


def take_drawn(s: State, card: str) -> State:
    """The table drew `card`: it leaves the model's deck (or its discards, when the deck ran out
    and the table reshuffled)."""
    code = card.split(":")[1]
    try:
        deck = s.deck(code)
    except KeyError:
        return s
    if card in deck.remaining:
        return set_deck(s, evolve(deck, remaining=tuple(c for c in deck.remaining if c != card)))
    if card in deck.discard:
        # A deck that ran out is reshuffled from its discards at the table.
        rest = tuple(c for c in deck.discard if c != card)
        return set_deck(s, Deck(code, rest, ()))
    return s


def discard(s: State, card: str) -> State:
    if not card:
        return s
    code = card.split(":")[1]
    deck = s.deck(code)
    return set_deck(s, evolve(deck, discard=deck.discard + (card,)))


def take_chosen(s: State, card: str) -> State:
    code = card.split(":")[1]
    deck = s.deck(code)
    if card not in deck.remaining:
        place = whereabouts(s, card)
        raise IllegalInput(f"{s.card_name(card)} is not available in the {DECK_NAMES[code]} deck"
                           + (f": it is {place}" if place else ""))
    return set_deck(s, evolve(deck, remaining=tuple(c for c in deck.remaining if c != card)))


# ---------------------------------------------------------------- one card, one place (version 3)

# The box's count of each deck the children draw from ("Components": 55 Search cards, 32 Boogeyman,
# 32 Babysitter, 32 Light and 32 Dark cards); a sticker code is one physical card.
BOX_COUNT = {"SRCH": 55, "BOOG": 32, "SITR": 32, "LGHT": 32, "DARK": 32}


def tracks_cards(s: State) -> bool:
    """Rules version 3 on: a card the box has once is refused in a second place."""
    return s.options.rules_version >= 3


def _out(s: State, deck: str) -> list[tuple[str, str]]:
    prefix = f"BGM:{deck}:"
    return [(c, h) for c, h in s.drawn if c.startswith(prefix)]


def free_code(s: State, deck: str) -> str:
    """A card of `deck` the table can draw now (what a modelled table draws): the lowest-numbered
    one still in the deck; with the deck drawn out, one from the discards it is reshuffled from.
    Before version 3 it is card 01, as it always was."""
    if not tracks_cards(s):
        return f"BGM:{deck}:01"
    if deck not in BOX_COUNT:  # the Boogeyman's decks: a card still in them (not the model's hidden order)
        d = s.deck(deck)
        return min(d.remaining) if d.remaining else min(d.discard) if d.discard else f"BGM:{deck}:01"
    out = dict(_out(s, deck))
    codes = [f"BGM:{deck}:{n:02d}" for n in range(1, BOX_COUNT.get(deck, 10) + 1)]
    return next((c for c in codes if c not in out), next((c for c in codes if out.get(c) == ""), codes[0]))


def whereabouts(s: State, card: str) -> str:
    """Where a card that is out of its deck is now, in words ("" when nothing says)."""
    for c, holder in s.drawn:
        if c == card:
            return f"in {title(holder)}'s hand" if holder else "in the discard pile"
    for child in s.children:
        if child.nightmare == card:
            return f"on {title(child.name)} as a Nightmare until revived"
    if s.active_event == card:
        return "in play as this round's Event"
    if s.trouble == card:
        return "in play as the Trouble card"
    deck = card.split(":")[1]
    if deck in ("NGHT", "TRBL", "EVNT") and card in s.deck(deck).discard:
        return "in the discard pile"
    return ""


def refuse_second_copy(s: State, card: str, name: str) -> None:
    """Version 3: the table cannot draw a card that is somewhere else (in a hand, in play, or
    discarded while its deck still has cards to draw): a misread or a wrong pick."""
    if not tracks_cards(s):
        return
    deck = card.split(":")[1]
    if deck in BOX_COUNT:
        out = _out(s, deck)
        holder = dict(out).get(card)
        if holder is None or (holder == "" and len(out) >= BOX_COUNT[deck]):
            return  # still in the deck, or the deck ran out and is reshuffled from its discards
    elif deck in ("NGHT", "TRBL", "EVNT"):
        d = s.deck(deck)
        if card in d.remaining or (card in d.discard and not d.remaining):
            return
    place = whereabouts(s, card)
    if not place:
        return  # nothing says where it is: the table's card is believed
    label = name or s.card_name(card)
    raise IllegalInput(f"{label} is already {place}: the box has one {label}, so it is not the card "
                       f"drawn now. Draw the top {DECK_NAMES[deck]} card and scan or pick that one")


def track_drawn(s: State, card: str, child: str) -> State:
    """Version 3: a child's card leaves its deck: a Search card into the child's hand, the others
    (read, carried out) to the discard pile; a deck drawn out is first reshuffled from its discards."""
    deck = card.split(":")[1]
    if not tracks_cards(s) or deck not in BOX_COUNT:
        return s
    out = _out(s, deck)
    kept = s.drawn
    if len(out) >= BOX_COUNT[deck]:
        kept = tuple((c, h) for c, h in kept if not (c.startswith(f"BGM:{deck}:") and h == ""))
    kept = tuple((c, h) for c, h in kept if c != card)
    return evolve(s, drawn=kept + ((card, child if deck == "SRCH" else ""),))


def track_played(s: State, card: str) -> State:
    """Version 3: a Search card played goes from its holder's hand to the discard pile."""
    if not tracks_cards(s):
        return s
    return evolve(s, drawn=tuple((c, "" if c == card else h) for c, h in s.drawn))


def chooses_cards(s: State) -> bool:
    """A Boogeyman player chooses its cards; the game's and the device's are drawn at random
    (the device cannot read a card to choose it)."""
    return s.player_run and not (s.options.device_boogeyman and s.boogeyman_seat == "boogeyman")


def boogeyman_card(s: State, deck: str, child: str = "") -> State:
    """A Nightmare, Trouble or Event card: chosen by the Boogeyman player, or drawn at the table."""
    if v1.applies(s):
        return v1.boogeyman_card(s, deck, child)
    if chooses_cards(s):
        d = s.deck(deck)
        if not d.remaining and d.discard:
            # Every card was used: the Boogeyman player takes the discards back to choose from.
            s = set_deck(s, Deck(deck, tuple(sorted(d.discard)), ()))
        if not s.deck(deck).remaining:
            return note(s, f"The {DECK_NAMES[deck]} deck is empty")
        return evolve(s, pending=s.pending + (ChooseCard(deck, child),))
    return evolve(s, pending=s.pending + (DrawCard(deck, child),))


def remember_name(s: State, card: str, name: str) -> State:
    if not name or (card, name) in s.names:
        return s
    return evolve(s, names=tuple((c, n) for c, n in s.names if c != card) + ((card, name),))


def put_card_in_play(s: State, card: str, child: str) -> State:
    if v1.applies(s):
        return v1.put_card_in_play(s, card, child)
    deck = card.split(":")[1]
    name = s.card_name(card)
    if deck == "NGHT":
        c = s.child(child)
        s = set_child(s, evolve(c, nightmare=card))
        return note(s, f"Nightmare on {title(child)}: {name}. It stays until {title(child)} is revived")
    if deck == "EVNT":
        s = evolve(s, active_event=card)
        return note(s, f"Event: {name}. It lasts the whole next round")
    s = evolve(discard(s, card), trouble=card)
    return note(s, f"Trouble: {name}. Play it now")


# ---------------------------------------------------------------- the Stress Scale

def stress(s: State, who: str, child: str = "") -> State:
    """'Move the matching token up one space'; a Trouble symbol draws a Trouble card; both at top ends it."""
    house = house_for(s.options.board)
    field_name = "stress_boogeyman" if who == "boogeyman" else "stress_babysitter"
    before = getattr(s, field_name)
    after = min(before + 1, house.stress_top)
    s = evolve(s, **{field_name: after})
    if after != before and after in house.stress_trouble:
        s = boogeyman_card(s, "TRBL", "" if v1.applies(s) else child)
    if s.stress_boogeyman >= house.stress_top and s.stress_babysitter >= house.stress_top:
        s = evolve(s, phase=Phase.OVER, winner="boogeyman", pending=())
        s = note(s, "Both Stress tokens reached the top: the Children lose")
    return s
