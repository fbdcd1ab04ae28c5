"""ABSTRACT card models for simulation: the rulebook does not print the cards' texts.

Everything here is a modelling assumption, kept in this one place so it can be tuned and
documented (docs/adversary.md, "Card-effect model"). Nothing here is the real card text.

Drawn cards (Babysitter, Boogeyman, Dark, Light, Search): each draw picks one outcome by
probability. Search cards go to the child's hand; a `cancel` one is played to cancel the next
Babysitter/Boogeyman encounter ('if you play a card that cancels an encounter ... the encounter
never happened'), an `unlock` one removes a Lock ('you can play a card that allows you to
remove it'); the others take effect at once.

Chosen cards (Nightmare, Trouble, Event): ten of each, with fixed effects (this table doubles as
the catalogue the AI may be given). `target` says whom they hit: "each" awake child, or "one"
(the child who triggered it: the encounter's victim for Trouble, the child whose turn it is for
an Event).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.boogeyman.state import Effect


@dataclass(frozen=True)
class Outcome:
    p: float
    effects: tuple[Effect, ...] = ()
    hand: str = ""  # Search cards kept in hand: "cancel"


def _o(p: float, *effects: tuple[str, int], hand: str = "") -> Outcome:
    return Outcome(p, tuple(Effect(e, n) for e, n in effects), hand)


# 'Babysitter/Boogeyman cards usually cost a Status card, Dark cards sometimes, Light rarely.'
DRAWN: dict[str, tuple[Outcome, ...]] = {
    "BOOG": (_o(0.45, ("lose_status", 1)), _o(0.20, ("lose_candy", 1)), _o(0.35)),
    "SITR": (_o(0.30, ("lose_status", 1)), _o(0.25, ("lose_candy", 1)), _o(0.45)),
    "DARK": (_o(0.15, ("lose_status", 1)), _o(0.20, ("lose_candy", 1)),
             _o(0.10, ("babysitter_toward", 2)), _o(0.55)),
    "LGHT": (_o(0.05, ("lose_status", 1)), _o(0.35, ("gain_candy", 1)), _o(0.60)),
    "SRCH": (_o(0.25, hand="cancel"), _o(0.20, hand="unlock"), _o(0.20, ("gain_candy", 1)),
             _o(0.05, ("gain_status", 1)), _o(0.10, ("babysitter_toward", 2)), _o(0.20)),
}


@dataclass(frozen=True)
class ChosenCard:
    effects: tuple[Effect, ...]
    target: str  # "each" or "one"


def _c(target: str, *effects: tuple[str, int]) -> ChosenCard:
    return ChosenCard(tuple(Effect(e, n) for e, n in effects), target)


# Ten cards per deck, from harmless to cruel, so a thinking Boogeyman's choice matters.
CHOSEN: dict[str, tuple[ChosenCard, ...]] = {
    "NGHT": (
        _c("each"), _c("each"), _c("each"), _c("one", ("lose_candy", 1)), _c("one", ("lose_candy", 1)),
        _c("each", ("lose_candy", 1)), _c("one", ("lose_actions", 1)), _c("one", ("babysitter_toward", 2)),
        _c("each", ("lose_candy", 1)), _c("one", ("lose_status", 1)),
    ),
    "TRBL": (
        _c("one"), _c("one"), _c("one"), _c("one", ("lose_candy", 1)), _c("one", ("lose_candy", 1)),
        _c("one", ("babysitter_toward", 2)), _c("one", ("lose_candy", 2)), _c("each", ("lose_candy", 1)),
        _c("one", ("babysitter_to_child", 0)), _c("one", ("lose_status", 1)),
    ),
    "EVNT": (
        _c("one"), _c("one"), _c("one"), _c("one"), _c("one", ("lose_actions", 1)),
        _c("one", ("lose_actions", 1)), _c("one", ("lose_candy", 1)), _c("one", ("lose_candy", 1)),
        _c("each", ("lose_candy", 1)), _c("one", ("lose_actions", 2)),
    ),
}


def chosen_card(code: str) -> ChosenCard:
    """The model of a Nightmare/Trouble/Event card from its code, e.g. BGM:TRBL:07."""
    _, deck, num = code.split(":")
    table = CHOSEN[deck]
    return table[(int(num) - 1) % len(table)]


def catalogue() -> dict[str, tuple[Effect, ...]]:
    """Code -> effects for every modelled chosen card: what a fully scanned catalogue would say."""
    return {f"BGM:{deck}:{i + 1:02d}": card.effects
            for deck, table in CHOSEN.items() for i, card in enumerate(table)}


# The Finale in the Book of Endings (ABSTRACT): each participant passes the tests with a chance
# set by their Status; the children win if at least one of them reaches the epilogue.
FINALE_PASS = {3: 0.60, 2: 0.45, 1: 0.30}

# The Mission card (ABSTRACT): the table declares it complete once all Objective tokens are
# found and MISSION_ROUNDS more rounds have started (time spent on the task).
MISSION_ROUNDS = 1

# Games that last longer than this many rounds end as a Boogeyman win ('surviving until morning'
# failed: the night is over).
ROUND_CAP = 40
