"""What a card sticker under the camera means now: the input it fills, the same one a tap fills.

The camera reads a card the table drew: a person's draw (on their private screen, `bin_hand`),
a card dealt face down into the device's holder (its monster player's seat), or a card drawn
instead of the set-up die for its corner number (BIN-09). No Kivy here: the screens call these.
"""

from __future__ import annotations

from typing import Collection

from companion.core.errors import IllegalInput
from companion.games.bump_in_the_night.context import ctx_for
from companion.games.bump_in_the_night.inputs import Draw, GroupRoll, Input
from companion.games.bump_in_the_night.state import DrawFor, Phase, State


class NotNow(IllegalInput):
    """A sticker the game cannot take now, with words for the table."""


def card_code(state: State, code: str) -> str:
    """The code, if the game's card list has it (a card file missing a card would be refused at set-up)."""
    cards = ctx_for(state.options).cards
    if code not in cards:
        raise NotNow(f"{code} is not in this game's card list ({cards.source}): name the card by touch")
    return code


def draw_input(state: State, code: str, read: Collection[str] = ()) -> Draw:
    """The card a seat drew (a person's, or the device's holder): Draw(code). `read`: codes the
    camera read before; one still in a hand is the last card left lying under the camera (it
    would be taken as another copy, or refused by its name), so it is refused without its name."""
    if not (state.pending and isinstance(state.pending[0], DrawFor)):
        raise NotNow("nobody is drawing a card now: put the card back")
    if code in read and any(code in hand for hand in state.hands):
        raise NotNow(f"{code} was read into a hand already: take it away and show the card just drawn")
    return Draw(card_code(state, code))


def chart_input(state: State, code: str) -> GroupRoll:
    """A card drawn instead of the die for the Group Creation Chart (BIN-09): its corner number counts."""
    if state.phase is not Phase.ROLL:
        raise NotNow("the Group Creation Chart has already been rolled")
    return GroupRoll(card=card_code(state, code))


def table_input(state: State, code: str, read: Collection[str] = ()) -> Input:
    """What a sticker shown on the table screen fills: the chart's card in set-up, else a card
    dealt into the device's holder. The rules would refuse a holder's card with no copy left by its
    name, on the screen the whole table sees: it is refused here without it."""
    if state.phase is Phase.ROLL:
        return chart_input(state, code)
    inp = draw_input(state, code, read)
    c = ctx_for(state.options)
    pool = state.deck.draw_pile or state.deck.discard_pile
    name = c.card(code).name
    if code not in pool and not any(c.card(x).name == name for x in pool):
        raise NotNow(f"{code} cannot be drawn by the cards named so far: if it is the card dealt, a card was "
                     f"named wrong earlier: Undo back to it")
    return inp
