"""Which facts of Bump in the Night's data files are guesses (the owner's box, core/ownbox.py):
the rooms and doors of each tile side and the outside doors (house.toml), the cards' names,
sticker numbers and corner numbers (cards.toml)."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("house.toml", "house", "the house", DATA / "house.toml",
                "companion.games.bump_in_the_night.house_file:house_text", (
                    Guess("tile[id=*].a.rooms", "the rooms of tile {id}, side a", "list"),
                    Guess("tile[id=*].b.rooms", "the rooms of tile {id}, side b", "list"),
                    Guess("tile[id=*].a.doors", "the doors inside tile {id}, side a", "list"),
                    Guess("tile[id=*].b.doors", "the doors inside tile {id}, side b", "list"),
                    Guess("tile[id=*].a.edges", "the doorways on the edges of tile {id}, side a", "list"),
                    Guess("tile[id=*].b.edges", "the doorways on the edges of tile {id}, side b", "list"),
                )),
    GuessedFile("cards.toml", "cards", "the cards", DATA / "cards.toml",
                "companion.games.bump_in_the_night.cards:cards_text", (
                    Guess("card[*].name", "the name of card {n}", "text"),
                    Guess("card[*].copies", "the sticker numbers of {name}", "list"),
                    Guess("card[*].numbers", "the corner numbers of {name}", "list"),
                )),
)
