"""Which facts of Boogeyman's board file are guesses (the owner's box, core/ownbox.py): the plan's
passages, the starting places, the Lock rooms, the Ladder's events, the Stress Scale and the
Search token mix. What the rulebook prints (the Attic, the Secret Room, ...) is not asked."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile
from companion.i18n import N_  # the words the shell's box check shows: in this pack's catalog

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("villa_spencer.toml", "board", N_("the board"), DATA / "villa_spencer.toml",
                "companion.games.boogeyman.board_file:load_house_text", (
                    Guess("zones.passages", N_("the passages (each pair of places a door joins)"), "list", N_("Passages")),
                    Guess("rules.children_start", N_("where the children start"), "text", N_("Children's start")),
                    Guess("rules.babysitter_start", N_("where the Babysitter starts"), "text", N_("Babysitter's start")),
                    Guess("rules.lock_rooms", N_("the Rooms that start with a Lock"), "list", N_("Lock rooms")),
                    Guess("ladder.event_spaces", N_("the Ladder spaces with the Event symbol"), "list", N_("Ladder events"), ("Ladder",)),
                    Guess("stress.top", N_("the top of the Stress Scale"), "number", N_("Stress Scale top"), ("Stress Scale", "Stress")),
                    Guess("stress.trouble", N_("the Stress spaces with the Trouble symbol"), "list", N_("Trouble spaces"), ("Stress Scale", "Stress")),
                    Guess("search_tokens[*].count", N_("how many Search tokens of the kind {n}"), "number", N_("Search token mix"), ("Search token",)),
                )),
)
