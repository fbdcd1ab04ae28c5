"""A deck: a face-down draw pile and a discard pile, with the reshuffle every box game has.

Two ways to draw, because the physical table is the truth:
- `take(card)`: the table drew a real card and named it (scanned or picked); it leaves the
  draw pile wherever it was, since nobody knows the real order;
- `draw(rng)`: the device draws for itself (simulations, digital decks), from the top.
When the draw pile is empty, the discard pile is shuffled into a new draw pile first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.core.errors import IllegalInput
from companion.core.rng import Rng


@dataclass(frozen=True)
class Deck:
    name: str
    draw_pile: tuple[str, ...]  # top first
    discard_pile: tuple[str, ...] = ()  # the newest discard last

    @staticmethod
    def shuffled(name: str, cards: tuple[str, ...] | list[str], rng: Rng) -> tuple["Deck", Rng]:
        pile, rng = rng.shuffled(tuple(cards))
        return Deck(name, pile), rng

    def __len__(self) -> int:
        return len(self.draw_pile)

    @property
    def empty(self) -> bool:
        return not self.draw_pile and not self.discard_pile

    def refilled(self, rng: Rng) -> tuple["Deck", Rng]:
        """The discards shuffled into a new draw pile when the draw pile ran out."""
        if self.draw_pile or not self.discard_pile:
            return self, rng
        pile, rng = rng.shuffled(self.discard_pile)
        return Deck(self.name, pile, ()), rng

    def draw(self, rng: Rng) -> tuple[str, "Deck", Rng]:
        """The device draws the top card (reshuffling the discards if it must)."""
        deck, rng = self.refilled(rng)
        if not deck.draw_pile:
            raise IllegalInput(f"the {self.name} deck and its discard pile are both empty")
        return deck.draw_pile[0], Deck(deck.name, deck.draw_pile[1:], deck.discard_pile), rng

    def take(self, card: str, rng: Rng) -> tuple["Deck", Rng]:
        """The table drew `card` from this deck (scanned or named)."""
        deck, rng = self.refilled(rng)
        if card not in deck.draw_pile:
            where = " (it is in the discard pile)" if card in deck.discard_pile else ""
            raise IllegalInput(f"{card} is not in the {self.name} draw pile{where}")
        i = deck.draw_pile.index(card)
        return Deck(deck.name, deck.draw_pile[:i] + deck.draw_pile[i + 1:], deck.discard_pile), rng

    def discard(self, *cards: str) -> "Deck":
        return Deck(self.name, self.draw_pile, self.discard_pile + cards)

    def next_draw_odds(self) -> list[tuple[str, float]]:
        """The chance outcomes of the next draw: each distinct card with its probability (from
        the discards when the draw pile is empty, as the reshuffle would make it)."""
        pool = self.draw_pile or self.discard_pile
        if not pool:
            return []
        counts = Counter(pool)
        return [(card, n / len(pool)) for card, n in sorted(counts.items())]
