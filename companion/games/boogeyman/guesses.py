"""Which facts of Boogeyman's board file are guesses (the owner's box, core/ownbox.py): the plan's
passages, the starting places, the Lock rooms, the Ladder's events, the Stress Scale and the
Search token mix. What the rulebook prints (the Attic, the Secret Room, ...) is not asked."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("villa_spencer.toml", "board", "the board", DATA / "villa_spencer.toml",
                "companion.games.boogeyman.board_file:load_house_text", (
                    Guess("zones.passages", "the passages (each pair of places a door joins)", "list", "Passages"),
                    Guess("rules.children_start", "where the children start", "text", "Children's start"),
                    Guess("rules.babysitter_start", "where the Babysitter starts", "text", "Babysitter's start"),
                    Guess("rules.lock_rooms", "the Rooms that start with a Lock", "list", "Lock rooms"),
                    Guess("ladder.event_spaces", "the Ladder spaces with the Event symbol", "list", "Ladder events", ("Ladder",)),
                    Guess("stress.top", "the top of the Stress Scale", "number", "Stress Scale top", ("Stress Scale", "Stress")),
                    Guess("stress.trouble", "the Stress spaces with the Trouble symbol", "list", "Trouble spaces", ("Stress Scale", "Stress")),
                    Guess("search_tokens[*].count", "how many Search tokens of the kind {n}", "number", "Search token mix", ("Search token",)),
                )),
)
