"""The rules behind what the screens say (the Rules screen and "Why?"): rulebook section, one line."""

from __future__ import annotations

RULES: tuple[tuple[str, str], ...] = (
    ("Phase 1: Hero Actions", "The party performs at most three actions a turn; each hero places their Hero "
                              "marker when they act, and all markers come back once the last is placed."),
    ("Votes", "Votes are cast in order, starting left of the Colonel's Rifle; the Rifle holder breaks a tie."),
    ("Basic actions", "Move, Hide and Skip each cost a discard; Move and Hide are barred while any enemy "
                      "shares the party's space. A rejected Move wastes the action and the card."),
    ("Hide", "Hide lowers the Attention Level by one; it cannot be taken at the track's left edge."),
    ("Running out of cards", "Flip the Boogeyman coin before drawing a new hand of 7, less the Time track's "
                             "marks (the Jester draws 2 more)."),
    ("The Boogeyman coin", "The Boy face moves the Boy one division down the Time track; the Boogeyman face "
                           "draws a Boogeyman card, resolved publicly."),
    ("BOY LOST", "When the Boy enters BOY LOST the game ends at once: the heroes loyal to the Boogeyman win."),
    ("Wounds", "The Wound marker runs A to F and wraps round; A-C cost discards, D-F flip the coin. The party "
               "chooses who takes each wound, one at a time."),
    ("Phase 2: Enemy Activation", "Every Army, Leader and Location within the Attention range (in trail steps) "
                                  "activates once, one at a time. An Army in the party's space wounds "
                                  "instead of moving; one that arrives this phase deals nothing."),
    ("Exits", "The correct exit holds the highest number, except that 1 beats 7 when both are in play. "
              "Entering an exit ends the game before anything else."),
    ("Peeking at an exit", "Only the peeker sees the number; they tell the table a number and may lie."),
    ("Loyalty", "Each player's Loyalty card is secret until the end; it says which side they win with."),
)

_WORDS = {
    "vote": "Votes", "tie": "Votes", "rifle": "Votes", "move": "Basic actions", "hide": "Hide",
    "skip": "Basic actions", "enemy": "Basic actions", "coin": "The Boogeyman coin", "boy lost": "BOY LOST",
    "wound": "Wounds", "army": "Phase 2: Enemy Activation", "activat": "Phase 2: Enemy Activation",
    "exit": "Exits", "peek": "Peeking at an exit", "loyal": "Loyalty", "hand": "Running out of cards",
    "action": "Phase 1: Hero Actions", "may act": "Phase 1: Hero Actions",
}


def explain(line: str) -> list[tuple[str, str]]:
    low = line.lower()
    sections = dict(RULES)
    out: list[tuple[str, str]] = []
    for word, section in _WORDS.items():
        entry = (section, sections[section])
        if word in low and entry not in out:
            out.append(entry)
    return out[:3]
