"""What a card sticker under the camera means now: the input it fills, the same one a tap fills.

The camera reads a card the table drew: a person's draw (on their private screen, `bin_hand`),
a card dealt face down into the device's holder (its monster player's seat), or a card drawn
instead of the set-up die for its corner number (BIN-09). No Kivy here: the screens call these.
"""

from __future__ import annotations

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
        raise NotNow(f"this sticker is not in this game's card list ({cards.source}): name the card by touch")
    return code


def draw_input(state: State, code: str) -> Draw:
    """The card a seat drew (a person's, or the device's holder): Draw(code, scanned). A code the
    camera read before (State.read, journaled with each draw: it holds after an Undo or a resume)
    still in a hand is the last card left lying under the camera (it would be taken as another
    copy, or refused by its name), so it is refused without its name."""
    if not (state.pending and isinstance(state.pending[0], DrawFor)):
        raise NotNow("nobody is drawing a card now: put the card back")
    holder = next((seat for seat, hand in enumerate(state.hands) if code in hand), None)
    if code in state.read and holder is not None:
        where = "your hand" if holder == state.pending[0].seat else "another player's hand"
        raise NotNow(f"this card was read into a hand already (it is in {where}): take it away and show the "
                     f"card just drawn")
    return Draw(card_code(state, code), scanned=True)


def chart_input(state: State, code: str) -> GroupRoll:
    """A card drawn instead of the die for the Group Creation Chart (BIN-09): its corner number counts."""
    if state.phase is not Phase.ROLL:
        raise NotNow("the Group Creation Chart has already been rolled")
    return GroupRoll(card=card_code(state, code))


def table_input(state: State, code: str) -> Input:
    """What a sticker shown on the table screen fills: the chart's card in set-up, else a card
    dealt into the device's holder. The rules would refuse a holder's card with no copy left by its
    name, on the screen the whole table sees: it is refused here without it."""
    if state.phase is Phase.ROLL:
        return chart_input(state, code)
    inp = draw_input(state, code)
    c = ctx_for(state.options)
    pool = state.deck.draw_pile or state.deck.discard_pile
    name = c.card(code).name
    if code not in pool and not any(c.card(x).name == name for x in pool):
        raise NotNow("this card cannot be drawn by the cards named so far: if it is the card dealt, a card was "
                     "named wrong earlier: Undo back to it")
    return inp
