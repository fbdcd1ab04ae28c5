"""The short menu of card effects the Boogeyman engine understands.

The rulebook does not print every card's text, so a card's effect is whatever the table told
the catalogue the first time the card was scanned, chosen from this menu. `none` means the
table resolves the card by hand; the engine only records that it was drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_  # shown by the card form (the shell's): marked for this pack's catalog


@dataclass(frozen=True)
class EffectKind:
    name: str
    takes_n: bool
    text: str


EFFECTS: tuple[EffectKind, ...] = (
    EffectKind("none", False, N_("Nothing: the table resolves the card")),  # two lines at 20 px (issue 28)
    EffectKind("lose_status", True, N_("The child loses N Status cards")),
    EffectKind("gain_status", True, N_("The child gets back N Status cards")),
    EffectKind("lose_candy", True, N_("The child loses N Candy")),
    EffectKind("gain_candy", True, N_("The child gains N Candy (up to the Status cap)")),
    EffectKind("babysitter_toward", True, N_("The Babysitter moves N rooms toward the child")),
    EffectKind("babysitter_to_child", False, N_("The Babysitter comes straight to the child")),
    EffectKind("cancel_encounter", False, N_("Cancels an encounter: no card, no Stress")),
    EffectKind("remove_lock", False, N_("Removes the Lock in the child's room")),
    EffectKind("extra_actions", True, N_("The child gets N more Actions this turn")),
    EffectKind("lose_actions", True, N_("The child loses N of this turn's Actions")),
    EffectKind("end_turn", False, N_("The child's turn ends now")),
)

EFFECT_NAMES: frozenset[str] = frozenset(e.name for e in EFFECTS)


def effect_kind(name: str) -> EffectKind:
    for e in EFFECTS:
        if e.name == name:
            return e
    raise KeyError(name)
