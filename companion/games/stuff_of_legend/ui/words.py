"""The screens' words for The Stuff of Legend: a button's caption for each input, which decisions
are private (made behind the hand-over step and the hold-to-see cover) and which screen waits. No Kivy here.

Names and titles come from the map and the card list (public); anything a seat may not know
comes only from `view(seat)`.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from companion.games.stuff_of_legend import inputs as I
from companion.games.stuff_of_legend.common import SKILL_NAMES, title, where, who
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
from companion.i18n import N_, pack_domain

_ = pack_domain(__file__).gettext
ngettext = pack_domain(__file__).ngettext

ENDS = {"correct_exit": N_("the party left by the correct exit"),
        "wrong_exit": N_("the party left by a wrong exit"),
        "boy_lost": N_("the Boy reached BOY LOST")}  # shown through _()
SCAN_CARD = (I.Play, I.Boost, I.Assist)  # with real hands, the card played is scanned


def caption(s: State, inp: Any) -> str:
    """What a button says, in the game's words (the journal keeps the rules' own labels)."""
    n = lambda x: who(s, x)  # noqa: E731
    extra = " \u00b7 " + _("discard {card}").format(card=card_words(s, inp.discard)) if getattr(
        inp, "discard", "") else ""
    if isinstance(inp, (I.Move, I.Hide, I.Skip)) and not inp.discard:
        # "To perform a basic action, discard one Action card of your choice from your hand face
        # down" (Perform a Basic Action); Skip discards one too: the button says what it costs.
        extra = " \u00b7 " + _("discard 1 Action card")
    if isinstance(inp, I.Rifle):
        return _("{who} holds the Rifle").format(who=n(inp.seat))
    if isinstance(inp, I.ChooseActorInput):
        return _("{who} acts").format(who=n(inp.seat))
    if isinstance(inp, I.CallVote):
        return _("Call a vote")
    if isinstance(inp, I.EndActions):
        return _("End the actions now")
    if isinstance(inp, (I.Cast, I.BreakTie)):
        return {"for": _("For"), "against": _("Against")}.get(inp.choice) or n(inp.choice)
    if isinstance(inp, I.Move):
        return _("Move to {space}").format(space=where(s, inp.to)) + extra
    if isinstance(inp, I.Hide):
        return _("Hide") + extra
    if isinstance(inp, I.Skip):
        return _("Skip") + extra
    if isinstance(inp, I.Play):
        if inp.target:
            return _("Play {card} on {target}").format(card=card_words(s, inp.card), target=title(s, inp.target))
        return _("Play {card}").format(card=card_words(s, inp.card))
    if isinstance(inp, I.AttemptQuest):
        return _("Attempt {quest}").format(quest=title(s, inp.quest))
    if isinstance(inp, I.Boost):
        return _("Boost with {card}").format(card=card_words(s, inp.card))
    if isinstance(inp, I.AskHelp):
        return _("Ask for help")
    if isinstance(inp, I.Volunteer):
        return _("Yes, I assist") if inp.yes else _("No")
    if isinstance(inp, I.Permit):
        return (_("Accept {who}") if inp.yes else _("Refuse {who}")).format(who=n(inp.helper))
    if isinstance(inp, I.Assist):
        return _("Assist with {card}").format(card=card_words(s, inp.card))
    if isinstance(inp, I.AssistDone):
        return _("Done assisting")
    if isinstance(inp, I.ResolveAction):
        return _("Resolve the action")
    if isinstance(inp, I.UseAlly):
        return _("Use {ally}: {ability}").format(ally=title(s, inp.ally), ability=ally_words(s, inp.ally, inp.ability))
    if isinstance(inp, I.ThrowAway):
        return _("Throw my hand away (vote)")
    if isinstance(inp, I.DesignateInput):
        return _("Go to {space}").format(space=where(s, inp.space))
    if isinstance(inp, (I.Target, I.Gift)):
        return n(inp.other if isinstance(inp, I.Target) else inp.to)
    if isinstance(inp, I.PeekExit):
        return _("Peek at {space}").format(space=where(s, inp.exit))
    if isinstance(inp, I.StateNumberInput):
        return _("I say {number}").format(number=inp.number)
    if isinstance(inp, I.ScoutLook):
        return _("Look: {slot}").format(slot=slot_words(s, inp.slot))
    if isinstance(inp, I.ScoutDone):
        return _("Stop looking")
    if isinstance(inp, I.ScoutSwapInput):
        if inp.a:
            return _("Swap {a} / {b}").format(a=slot_words(s, inp.a), b=slot_words(s, inp.b))
        return _("Swap nothing")
    if isinstance(inp, I.Bridge):
        return f"{where(s, inp.a)} \u2194 {where(s, inp.b)}"
    if isinstance(inp, I.Reveal):
        return _("Turn up {space}").format(space=where(s, inp.space))
    if isinstance(inp, I.ResolveEncounter):
        return _("Resolve {card}").format(card=title(s, inp.code))
    if isinstance(inp, I.DiscardInput):
        if inp.card:
            return _("Discard {card}").format(card=card_words(s, inp.card))
        return _("Discard a card (face down)")
    if isinstance(inp, I.TakeWoundInput):
        return _("{who} takes it").format(who=n(inp.seat))
    if isinstance(inp, I.ActivateInput):
        said = enemy_words(s, inp.enemy)
        return said[:1].upper() + said[1:] + (f" \u2192 {where(s, inp.to)}" if inp.to else "")
    if isinstance(inp, I.CoinFlip):
        return {"boy": _("The Boy face"), "boogeyman": _("The Boogeyman face")}.get(inp.face or "",
                                                                                  _("Flip it for me"))
    if isinstance(inp, I.BoogeymanCardInput):
        return _("Draw it for me") if inp.code is None else title(s, inp.code)
    return str(inp.kind)


def enemy_words(s: State, enemy: str) -> str:
    """An enemy as a button names it (enemies.describe's words, in the device's language)."""
    kind, _sep, what = enemy.partition(":")
    if kind == "army":
        return _("the Army in {space}").format(space=where(s, what))
    return title(s, what)


def skill_words(skill: str) -> str:
    """A skill icon's name ("Fight") in the device's language."""
    return _(SKILL_NAMES[skill]) if skill in SKILL_NAMES else skill


def card_words(s: State, code: str) -> str:
    """An Action card by its title and icons ("Minion Breakthrough (Fight 2, tainted)"): two
    cards of one title can differ in what they add."""
    from companion.games.stuff_of_legend.common import cat

    try:
        card = cat(s).action(code)
    except Exception:  # noqa: BLE001 - not an Action card: its title alone
        return title(s, code)
    icons = ", ".join(f"{skill_words(k)} {n}" for k, n in card.icons) + (", " + _("tainted") if card.tainted else "")
    name = card.title or title(s, code)
    return f"{name} ({icons})" if icons else name


def slot_words(s: State, ref: str) -> str:
    space, _sep, part = ref.partition(":")
    if part == "L":
        what = _("Location")
    elif part[1:].isdigit():
        what = _("Encounter {n}").format(n=int(part[1:]) + 1)
    else:
        what = part
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


SCAN_CAPTIONS = {"play": N_("Play an Action card: scan it"), "boost": N_("Boost with a card: scan it"),
                 "assist": N_("Assist with a card: scan it")}  # shown through _()


def group_caption(s: State, name: str, items: list[Any]) -> str:
    if name:
        return _(SCAN_CAPTIONS[name])
    if len(items) > 1:
        return caption(s, replace(items[0], discard="")) + "\u2026"
    return caption(s, items[0])


def ally_words(s: State, ally: str, ability: int) -> str:
    """What an Ally's ability 1 or 2 does, in the card's own terms: the play-test of 5 Dec 2026
    read "Use The Jack of Clubs (1)" and "(2)" with nothing saying which was which ("Allies": the
    table chooses one of the two abilities)."""
    from companion.games.stuff_of_legend.common import cat

    try:
        card = cat(s).encounter(ally)
    except KeyError:
        return _("ability {n}").format(n=ability)
    said = []
    for e in (card.ability1 if ability == 1 else card.ability2):
        if e.name == "icons":
            said.append(f"+{e.n} {skill_words(e.arg)}")
        elif e.name == "attention":
            said.append((_("Attention down {n}") if e.n < 0 else _("Attention up {n}")).format(n=abs(e.n)))
        elif e.name == "destroy_army":
            said.append(ngettext("destroy {n} Army", "destroy {n} Armies", e.n).format(n=e.n))
        else:
            return _("ability {n}").format(n=ability)  # an effect without words here: the card says it
    return ", ".join(said) or _("ability {n}").format(n=ability)
