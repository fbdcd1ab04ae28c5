"""Decks the device draws (Nightmare, Trouble, Event) and the Stress Scale ("The Stress Scale")."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
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
    Phase,
    State,
)

# ---------------------------------------------------------------- decks the device draws

def device_draw(s: State, code: str) -> tuple[str, State]:
    deck = s.deck(code)
    if not deck.remaining:
        # An empty deck is reshuffled from its discards.
        shuffled, rng = s.rng.shuffled(deck.discard)
        deck = Deck(code, shuffled, ())
        s = evolve(s, rng=rng)
    if not deck.remaining:
        return "", s
    card = deck.remaining[0]
    s = set_deck(s, evolve(deck, remaining=deck.remaining[1:]))
    return card, s


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


def boogeyman_card(s: State, deck: str, child: str = "") -> State:
    """A Nightmare, Trouble or Event card: drawn by the device, or chosen by the Boogeyman player."""
    if s.player_run:
        d = s.deck(deck)
        if not d.remaining and d.discard:
            # Every card was used: the Boogeyman player takes the discards back to choose from.
            s = set_deck(s, Deck(deck, tuple(sorted(d.discard)), ()))
        if not s.deck(deck).remaining:
            return note(s, f"The {DECK_NAMES[deck]} deck is empty")
        return evolve(s, pending=s.pending + (ChooseCard(deck, child),))
    card, s = device_draw(s, deck)
    if not card:
        return note(s, f"The {DECK_NAMES[deck]} deck is empty")
    return put_card_in_play(s, card, child)


def put_card_in_play(s: State, card: str, child: str) -> State:
    deck = card.split(":")[1]
    if deck == "NGHT":
        c = s.child(child)
        s = set_child(s, evolve(c, nightmare=card))
        return note(s, f"Nightmare on {title(child)}: take Nightmare card {card} and read it to everyone")
    if deck == "EVNT":
        s = evolve(s, active_event=card)
        return note(s, f"Event: take Event card {card}; it lasts the whole next round")
    s = discard(s, card)
    return note(s, f"Trouble: take Trouble card {card} and play it now")


# ---------------------------------------------------------------- the Stress Scale

def stress(s: State, who: str) -> State:
    """'Move the matching token up one space'; a Trouble symbol draws a Trouble card; both at top ends it."""
    house = house_for(s.options.board)
    field_name = "stress_boogeyman" if who == "boogeyman" else "stress_babysitter"
    before = getattr(s, field_name)
    after = min(before + 1, house.stress_top)
    s = evolve(s, **{field_name: after})
    if after != before and after in house.stress_trouble:
        s = boogeyman_card(s, "TRBL")
    if s.stress_boogeyman >= house.stress_top and s.stress_babysitter >= house.stress_top:
        s = evolve(s, phase=Phase.OVER, winner="boogeyman", pending=())
        s = note(s, "Both Stress tokens reached the top: the Children lose")
    return s
