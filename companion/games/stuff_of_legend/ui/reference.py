"""The rules behind what the screens say (the Rules screen and "Why?"): rulebook section, one line."""

from __future__ import annotations

from companion.i18n import N_, pack_domain

_ = pack_domain(__file__).gettext

RULES: tuple[tuple[str, str], ...] = (  # shown through _() (rules_reference, explain)
    (N_("Phase 1: Hero Actions"),
     N_("The party performs at most three actions a turn; each hero places their Hero marker when "
        "they act, and all markers come back once the last is placed.")),
    (N_("Votes"),
     N_("Votes are cast in order, starting left of the Colonel's Rifle; the Rifle holder breaks a "
        "tie.")),
    (N_("Basic actions"),
     N_("Move, Hide and Skip each cost a discard; Move and Hide are barred while any enemy shares "
        "the party's space. A rejected Move wastes the action and the card.")),
    (N_("Hide"),
     N_("Hide lowers the Attention Level by one; it cannot be taken at the track's left edge.")),
    (N_("Running out of cards"),
     N_("Flip the Boogeyman coin before drawing a new hand of 7, less the Time track's marks (the "
        "Jester draws 2 more).")),
    (N_("The Boogeyman coin"),
     N_("The Boy face moves the Boy one division down the Time track; the Boogeyman face draws a "
        "Boogeyman card, resolved publicly.")),
    (N_("BOY LOST"),
     N_("When the Boy enters BOY LOST the game ends at once: the heroes loyal to the Boogeyman "
        "win.")),
    (N_("Wounds"),
     N_("The Wound marker runs A to F and wraps round; A-C cost discards, D-F flip the coin. The "
        "party chooses who takes each wound, one at a time.")),
    (N_("Phase 2: Enemy Activation"),
     N_("Every Army, Leader and Location within the Attention range (in trail steps) activates "
        "once, one at a time. An Army in the party's space wounds instead of moving; one that "
        "arrives this phase deals nothing.")),
    (N_("Exits"),
     N_("The correct exit holds the highest number, except that 1 beats 7 when both are in play. "
        "Entering an exit ends the game before anything else.")),
    (N_("Peeking at an exit"),
     N_("Only the peeker sees the number; they tell the table a number and may lie.")),
    (N_("Loyalty"),
     N_("Each player's Loyalty card is secret until the end; it says which side they win with.")),
)

_WORDS = {
    "vote": "Votes", "tie": "Votes", "rifle": "Votes", "move": "Basic actions", "hide": "Hide",
    "skip": "Basic actions", "enemy": "Basic actions", "coin": "The Boogeyman coin", "boy lost": "BOY LOST",
    "wound": "Wounds", "army": "Phase 2: Enemy Activation", "activat": "Phase 2: Enemy Activation",
    "exit": "Exits", "peek": "Peeking at an exit", "loyal": "Loyalty", "hand": "Running out of cards",
    "action": "Phase 1: Hero Actions", "may act": "Phase 1: Hero Actions",
}


def translated() -> list[tuple[str, str]]:
    """The rules reference in the device's language."""
    return [(_(head), _(text)) for head, text in RULES]


def explain(line: str) -> list[tuple[str, str]]:
    low = line.lower()
    sections = dict(RULES)
    out: list[tuple[str, str]] = []
    for word, section in _WORDS.items():
        entry = (_(section), _(sections[section]))
        if word in low and entry not in out:
            out.append(entry)
    return out[:3]
