"""Which facts of The Stuff of Legend's data files are guesses (the owner's box, core/ownbox.py):
the map's spaces and trails and the tracks (world.toml), the cards' titles and colours (cards.toml)."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("world.toml", "world", "the map", DATA / "world.toml",
                "companion.games.stuff_of_legend.world:world_text", (
                    Guess("spaces[id=*].name", "the name of the space", "text"),
                    Guess("spaces[id=*].colour", "the colour of the space {name}", "text"),
                    Guess("spaces[id=*].plus", "whether {name} shows a +", "yes/no"),
                    Guess("spaces[id=*].soldier", "whether {name} shows a toy soldier", "yes/no"),
                    Guess("trails[*].colour", "the colour of the trail from {a} to {b}", "text"),
                    Guess("time.divisions[*].mark", "the mark of Time division {n}", "text"),
                )),
    GuessedFile("cards.toml", "cards", "the cards", DATA / "cards.toml",
                "companion.games.stuff_of_legend.catalogue:catalogue_text", (
                    Guess("location[code=*].title", "the title of a Location card", "text"),
                    Guess("location[code=*].colour", "the colour of the Location {title}", "text"),
                    Guess("action[code=*].title", "the title of an Action card", "text"),
                    Guess("boogeyman[code=*].title", "the title of a Boogeyman card", "text"),
                    Guess("loyalty[code=*].title", "the title of a Loyalty card", "text"),
                    Guess("encounter[code=*].title", "the title of an Encounter card", "text"),
                )),
)
