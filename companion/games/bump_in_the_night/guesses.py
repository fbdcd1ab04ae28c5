"""Which facts of Bump in the Night's data files are guesses (the owner's box, core/ownbox.py):
the rooms and doors of each tile side and the outside doors (house.toml), the cards' names,
sticker numbers and corner numbers (cards.toml)."""

from pathlib import Path

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("house.toml", "house", "the house", DATA / "house.toml",
                "companion.games.bump_in_the_night.house_file:house_text", (
                    Guess("tile[id=*].a.rooms", "the rooms of tile {id}, side a", "list", "Rooms, side a"),
                    Guess("tile[id=*].b.rooms", "the rooms of tile {id}, side b", "list", "Rooms, side b"),
                    Guess("tile[id=*].a.doors", "the doors inside tile {id}, side a", "list", "Doors, side a"),
                    Guess("tile[id=*].b.doors", "the doors inside tile {id}, side b", "list", "Doors, side b"),
                    Guess("tile[id=*].a.edges", "the doorways on the edges of tile {id}, side a", "list", "Edge doorways, side a"),
                    Guess("tile[id=*].b.edges", "the doorways on the edges of tile {id}, side b", "list", "Edge doorways, side b"),
                )),
    GuessedFile("cards.toml", "cards", "the cards", DATA / "cards.toml",
                "companion.games.bump_in_the_night.cards:cards_text", (
                    Guess("card[*].name", "the name of card {n}", "text", "Card names"),
                    Guess("card[*].copies", "the sticker numbers of {name}", "list", "Sticker numbers"),
                    Guess("card[*].numbers", "the corner numbers of {name}", "list", "Corner numbers"),
                )),
)
