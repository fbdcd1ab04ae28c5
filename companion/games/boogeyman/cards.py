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
        raise IllegalInput(f"{card} is not available in the {DECK_NAMES[code]} deck")
    return set_deck(s, evolve(deck, remaining=tuple(c for c in deck.remaining if c != card)))


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
