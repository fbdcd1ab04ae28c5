"""The screens' words for The Stuff of Legend: a button's caption for each input, which decisions
are private (made behind the hand-over step and the hold-to-see cover) and which screen waits. No Kivy here.

Names and titles come from the map and the card list (public); anything a seat may not know
comes only from `view(seat)`.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import title, where, who
from companion.games.stuff_of_legend.state import (
    Activate,
    ActorTurn,
    Assisting,
    BoogeymanDraw,
    Coin,
    Contribute,
    Discard,
    RevealEncounters,
    RevealLocations,
    ScanExit,
    ScanLoyalty,
    ScoutPeek,
    State,
    StateNumber,
    TieBreak,
    Vote,
)

ENDS = {"correct_exit": "the party left by the correct exit",
        "wrong_exit": "the party left by a wrong exit",
        "boy_lost": "the Boy reached BOY LOST"}
SCAN_CARD = (I.Play, I.Boost, I.Assist)  # with real hands, the card played is scanned


def caption(s: State, inp: Any) -> str:
    """What a button says, in the game's words (the journal keeps the rules' own labels)."""
    n = lambda x: who(s, x)  # noqa: E731
    extra = f" \u00b7 discard {card_words(s, inp.discard)}" if getattr(inp, "discard", "") else ""
    if isinstance(inp, (I.Move, I.Hide, I.Skip)) and not inp.discard:
        # "To perform a basic action, discard one Action card of your choice from your hand face
        # down" (Perform a Basic Action); Skip discards one too: the button says what it costs.
        extra = " \u00b7 discard 1 Action card"
    if isinstance(inp, I.Rifle):
        return f"{n(inp.seat)} holds the Rifle"
    if isinstance(inp, I.ChooseActorInput):
        return f"{n(inp.seat)} acts"
    if isinstance(inp, I.CallVote):
        return "Call a vote"
    if isinstance(inp, I.EndActions):
        return "End the actions now"
    if isinstance(inp, (I.Cast, I.BreakTie)):
        return {"for": "For", "against": "Against"}.get(inp.choice) or n(inp.choice)
    if isinstance(inp, I.Move):
        return f"Move to {where(s, inp.to)}{extra}"
    if isinstance(inp, I.Hide):
        return f"Hide{extra}"
    if isinstance(inp, I.Skip):
        return f"Skip{extra}"
    if isinstance(inp, I.Play):
        return f"Play {card_words(s, inp.card)}" + (f" on {title(s, inp.target)}" if inp.target else "")
    if isinstance(inp, I.AttemptQuest):
        return f"Attempt {title(s, inp.quest)}"
    if isinstance(inp, I.Boost):
        return f"Boost with {card_words(s, inp.card)}"
    if isinstance(inp, I.AskHelp):
        return "Ask for help"
    if isinstance(inp, I.Volunteer):
        return "Yes, I assist" if inp.yes else "No"
    if isinstance(inp, I.Permit):
        return f"Accept {n(inp.helper)}" if inp.yes else f"Refuse {n(inp.helper)}"
    if isinstance(inp, I.Assist):
        return f"Assist with {card_words(s, inp.card)}"
    if isinstance(inp, I.AssistDone):
        return "Done assisting"
    if isinstance(inp, I.ResolveAction):
        return "Resolve the action"
    if isinstance(inp, I.UseAlly):
        return f"Use {title(s, inp.ally)}: {ally_words(s, inp.ally, inp.ability)}"
    if isinstance(inp, I.ThrowAway):
        return "Throw my hand away (vote)"
    if isinstance(inp, I.DesignateInput):
        return f"Go to {where(s, inp.space)}"
    if isinstance(inp, (I.Target, I.Gift)):
        return n(inp.other if isinstance(inp, I.Target) else inp.to)
    if isinstance(inp, I.PeekExit):
        return f"Peek at {where(s, inp.exit)}"
    if isinstance(inp, I.StateNumberInput):
        return f"I say {inp.number}"
    if isinstance(inp, I.ScoutLook):
        return f"Look: {slot_words(s, inp.slot)}"
    if isinstance(inp, I.ScoutDone):
        return "Stop looking"
    if isinstance(inp, I.ScoutSwapInput):
        return f"Swap {slot_words(s, inp.a)} / {slot_words(s, inp.b)}" if inp.a else "Swap nothing"
    if isinstance(inp, I.Bridge):
        return f"{where(s, inp.a)} \u2194 {where(s, inp.b)}"
    if isinstance(inp, I.Reveal):
        return f"Turn up {where(s, inp.space)}"
    if isinstance(inp, I.ResolveEncounter):
        return f"Resolve {title(s, inp.code)}"
    if isinstance(inp, I.DiscardInput):
        return f"Discard {card_words(s, inp.card)}" if inp.card else "Discard a card (face down)"
    if isinstance(inp, I.TakeWoundInput):
        return f"{n(inp.seat)} takes it"
    if isinstance(inp, I.ActivateInput):
        from companion.games.stuff_of_legend.enemies import describe

        return describe(s, inp.enemy)[:1].upper() + describe(s, inp.enemy)[1:] + (
            f" \u2192 {where(s, inp.to)}" if inp.to else "")
    if isinstance(inp, I.CoinFlip):
        return {"boy": "The Boy face", "boogeyman": "The Boogeyman face"}.get(inp.face or "", "Flip it for me")
    if isinstance(inp, I.BoogeymanCardInput):
        return "Draw it for me" if inp.code is None else title(s, inp.code)
    return str(inp.kind)


def card_words(s: State, code: str) -> str:
    """An Action card by its title and icons ("Minion Breakthrough (Fight 2, tainted)"): two
    cards of one title can differ in what they add."""
    from companion.games.stuff_of_legend.common import SKILL_NAMES, cat

    try:
        card = cat(s).action(code)
    except Exception:  # noqa: BLE001 - not an Action card: its title alone
        return title(s, code)
    icons = ", ".join(f"{SKILL_NAMES.get(k, k)} {n}" for k, n in card.icons) + (", tainted" if card.tainted else "")
    name = card.title or title(s, code)
    return f"{name} ({icons})" if icons else name


def slot_words(s: State, ref: str) -> str:
    space, _, part = ref.partition(":")
    what = "Location" if part == "L" else f"Encounter {int(part[1:]) + 1}" if part[1:].isdigit() else part
    return f"{where(s, space)} {what}"


def physical_hands(s: State) -> bool:
    return s.options.action_deck == "physical"


def private_decision(s: State) -> str:
    """The seat whose decision now shows what only it may see ("" = a public decision): the number
    it saw, the cards it looks at, or (when the device holds the hands) the cards in its hand."""
    head = s.head
    if isinstance(head, (StateNumber, ScoutPeek)):
        return head.seat
    if not physical_hands(s) and isinstance(head, (ActorTurn, Contribute, Assisting, Discard)):
        return head.seat
    return ""


def scan_wanted(s: State) -> bool:
    """The table holds the real card the game waits for: it is scanned (or picked on screen)."""
    head = s.head
    if isinstance(head, BoogeymanDraw):
        return s.options.boogeyman_deck == "physical"
    if isinstance(head, RevealLocations):
        return s.options.board_cards == "physical"
    return isinstance(head, (RevealEncounters, ScanExit, ScanLoyalty))


def screen_for(s: State) -> str:
    """The screen the game waits on ("" = the table screen)."""
    head = s.head
    if s.phase == "over":
        return "sol_end"
    if isinstance(head, (Vote, TieBreak)):
        return "sol_vote"
    if isinstance(head, Coin) or (isinstance(head, BoogeymanDraw) and not scan_wanted(s)):
        return "sol_coin"
    if scan_wanted(s):
        return "scan"
    if isinstance(head, Activate):
        return "sol_enemies"
    if private_decision(s):
        return "sol_private"
    return ""


def group(s: State, legal: list[Any], physical: bool) -> list[tuple[str, list[Any]]]:
    """The buttons for a list of inputs: one per input, except that the card paid for Move, Hide
    or Skip is a second step, two copies of one card are one button, and (real hands) every card
    to play is one "scan it" button."""
    out: dict[Any, list[Any]] = {}
    for inp in legal:
        if physical and isinstance(inp, SCAN_CARD):
            key: Any = ("scan", type(inp))
        elif any(f.name == "discard" for f in fields(inp)) and inp.discard:
            key = replace(inp, discard="")
        elif isinstance(inp, (*SCAN_CARD, I.DiscardInput)) and inp.card:
            key = ("same", type(inp), inp.seat, card_words(s, inp.card), getattr(inp, "target", ""))
            if key in out:
                continue  # the same card twice: either copy will do
        else:
            key = inp
        out.setdefault(key, []).append(inp)
    return [(_key_name(k), v) for k, v in out.items()]


def _key_name(key: Any) -> str:
    if isinstance(key, tuple) and key[:1] == ("scan",):
        return {I.Play: "play", I.Boost: "boost", I.Assist: "assist"}[key[1]]
    return ""


SCAN_CAPTIONS = {"play": "Play an Action card: scan it", "boost": "Boost with a card: scan it",
                 "assist": "Assist with a card: scan it"}


def group_caption(s: State, name: str, items: list[Any]) -> str:
    if name:
        return SCAN_CAPTIONS[name]
    if len(items) > 1:
        return caption(s, replace(items[0], discard="")) + "\u2026"
    return caption(s, items[0])


def ally_words(s: State, ally: str, ability: int) -> str:
    """What an Ally's ability 1 or 2 does, in the card's own terms: the play-test of 5 Dec 2026
    read "Use The Jack of Clubs (1)" and "(2)" with nothing saying which was which ("Allies": the
    table chooses one of the two abilities)."""
    from companion.games.stuff_of_legend.common import SKILL_NAMES, cat

    try:
        card = cat(s).encounter(ally)
    except KeyError:
        return f"ability {ability}"
    said = []
    for e in (card.ability1 if ability == 1 else card.ability2):
        if e.name == "icons":
            said.append(f"+{e.n} {SKILL_NAMES.get(e.arg, e.arg)}")
        elif e.name == "attention":
            said.append(f"Attention {'down' if e.n < 0 else 'up'} {abs(e.n)}")
        elif e.name == "destroy_army":
            said.append(f"destroy {e.n} {'Army' if e.n == 1 else 'Armies'}")
        else:
            return f"ability {ability}"  # an effect without words here: the card says it
    return ", ".join(said) or f"ability {ability}"
