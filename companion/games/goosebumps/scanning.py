"""What a card sticker under the camera means now in Goosebumps: the card it names, for the same
input a tap on that card makes.

The camera reads a card the table picked up: a person's pick-up and the cards dealt into the
automated player's holder (both on the private screen, card by card), and a card taken from a
person's hand on STEAL (played at once, face up: on the table screen). Stickers follow the default
layout of `cards.card_for_code` (GSB:NUMB:01-09 the 1s, ...; GSB:MAYH in the mix's order). No Kivy.
"""

from __future__ import annotations

from typing import Sequence

from companion.core.errors import IllegalInput
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.cards import card_for_code, title
from companion.games.goosebumps.rules import mix_of
from companion.games.goosebumps.state import DrawStep, State, TakeStep


class NotNow(IllegalInput):
    """A sticker the game cannot take now, with words for the table."""


def card_of(state: State, code: str) -> str:
    """The card a sticker stands for in this game's mix."""
    try:
        return card_for_code(code, mix_of(state.options))
    except ValueError as exc:
        raise NotNow(f"{exc}: name the card by touch") from None


def picked_card(state: State, code: str, named: Sequence[str]) -> str:
    """A card of the pick-up being named (`named`: the stickers read for it so far). A sticker the
    camera read into a hand before (`State.read`, journaled with each pick-up) cannot be in the draw
    pile until it is reshuffled: one shown again is a card left lying under the camera, and its
    name would tell the person now looking a card of another hand, so it is refused without it."""
    if not isinstance(state.head, DrawStep):
        raise NotNow("nobody is picking up cards now: put the card back")
    if code in named:
        raise NotNow(f"this {title(card_of(state, code))} card is named already in this pick-up: show the next card")
    sure = {x for x, _ in state.held}  # version 2: surely still in a hand, so not shuffled back
    if code in state.read and (not reshuffles(state) or code in sure):  # else the discards bring it back
        holder = next((j for x, j in state.held if x == code), None)
        where = ("it is in a hand or on the discard pile" if holder is None
                 else "it is in your hand" if holder == state.head.seat else "it is in another player's hand")
        raise NotNow(f"this card was read into a hand already ({where}): take it away and show the card just "
                     f"picked up")
    return card_of(state, code)


def reshuffles(state: State) -> bool:
    """This pick-up empties the draw pile: the discards come back into it (GSB-07)."""
    return isinstance(state.head, DrawStep) and state.pile < state.head.count


def stolen_input(state: State, code: str) -> I.Take:
    """The card taken from a person's hand on STEAL (the automated player's holder: the device picks)."""
    head = state.head
    if not isinstance(head, TakeStep) or state.automated[head.victim]:
        raise NotNow("no card is being taken from a hand now: put the card back")
    return I.Take(card_of(state, code))
