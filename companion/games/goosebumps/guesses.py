"""Which facts of Goosebumps' track file are guesses (the owner's box, core/ownbox.py): where THE
END, the Landmarks, the STEAL spaces and the Graveyard Shortcut are, and the Monster Mayhem mix."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("madison.toml", "board", "the board", DATA / "madison.toml",
                "companion.games.goosebumps.board:track_text", (
                    Guess("end", "the space number of THE END", "number", "THE END", ("THE END",)),
                    Guess("landmarks[*].space", "the space of the Landmark {n}", "number", "Landmark spaces", ("Landmark",)),
                    Guess("steal", "the STEAL spaces", "list", "STEAL spaces", ("STEAL",)),
                    Guess("shortcut.*", "the space of the Graveyard Shortcut's {key}", "number", "Graveyard Shortcut", ("Graveyard Shortcut",)),
                    Guess("mayhem.*", "how many Monster Mayhem cards show {key}", "number", "Monster Mayhem mix", ("Monster Mayhem",)),
                )),
)
