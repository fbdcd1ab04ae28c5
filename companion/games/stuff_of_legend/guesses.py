"""Which facts of The Stuff of Legend's data files are guesses (the owner's box, core/ownbox.py):
the map's spaces and trails and the tracks (world.toml), the cards' titles and colours (cards.toml)."""

from pathlib import Path
from typing import Any

from companion.core.ownbox import Guess, GuessedFile

DATA = Path(__file__).resolve().parent / "data"

FILES = (
    GuessedFile("world.toml", "world", "the map", DATA / "world.toml",
                "companion.games.stuff_of_legend.world:world_text", context="companion.games.stuff_of_legend.guesses:concerns", guesses=(
                    Guess("spaces[id=*].name", "the name of the space", "text", "Space names"),
                    Guess("spaces[id=*].colour", "the colour of the space {name}", "text", "Space colours"),
                    Guess("spaces[id=*].plus", "does {name} show a +", "yes/no", "+ spaces"),
                    Guess("spaces[id=*].soldier", "does {name} show a toy soldier", "yes/no", "Toy soldier spaces"),
                    Guess("trails[*].colour", "the colour of the trail", "text", "Trail colours"),
                    Guess("time.divisions[*].mark", "the mark of Time division {n}", "text", "Time track marks"),
                )),
    GuessedFile("cards.toml", "cards", "the cards", DATA / "cards.toml",
                "companion.games.stuff_of_legend.catalogue:catalogue_text", context="companion.games.stuff_of_legend.guesses:concerns", guesses=(
                    Guess("location[code=*].title", "the title of the Location card", "text", "Location titles"),
                    Guess("location[code=*].colour", "the colour of the Location {title}", "text", "Location colours"),
                    Guess("action[code=*].title", "the title of the Action card", "text", "Action titles"),
                    Guess("boogeyman[code=*].title", "the title of the Boogeyman card", "text", "Boogeyman card titles"),
                    Guess("loyalty[code=*].title", "the title of the Loyalty card", "text", "Loyalty card titles"),
                    Guess("encounter[code=*].title", "the title of the Encounter card", "text", "Encounter titles"),
                )),
)


def _names(data: dict[str, Any]) -> dict[str, str]:
    return {sp.get("id", ""): sp.get("name", "") for sp in data.get("spaces", []) if isinstance(sp, dict)}


def concerns(data: dict[str, Any], address: str) -> list[str]:
    """What a guessed fact of the map or the cards concerns, in the table's words: a space by its
    colour and the spaces its trails lead to; a trail by its two ends; a card by its deck, colour
    and the number printed beside its sticker."""
    from companion.core.ownbox import parse_address

    steps = parse_address(address) or []
    if not steps:
        return []
    first = steps[0]
    names = _names(data)
    if first.key == "spaces" and first.value in names:
        sp = next(x for x in data["spaces"] if x.get("id") == first.value)
        lines = [f"A {sp.get('colour', '')} space" + (" with a +" if sp.get("plus") else "")
                 + (" and a toy soldier" if sp.get("soldier") else "") + "; its trails:"]
        trails = [t for t in data.get("trails", []) if first.value in (t.get("a"), t.get("b"))]
        for t in trails:
            other = t["b"] if t.get("a") == first.value else t["a"]
            lines.append(f"\u2192 {names.get(other, other)}, {t.get('colour', 'plain')} trail")
        return lines
    if first.key == "trails" and first.index is not None:
        items = data.get("trails", [])
        k = int(first.index)
        if k < len(items):
            t = items[k]
            return [f"From {names.get(t.get('a'), t.get('a'))}", f"to {names.get(t.get('b'), t.get('b'))}"]
    if first.field == "code" and first.value:
        deck = {"location": "Location", "action": "Action", "boogeyman": "Boogeyman", "loyalty": "Loyalty",
                "encounter": "Encounter"}.get(first.key, first.key)
        card = next((c for c in data.get(first.key, []) if isinstance(c, dict) and c.get("code") == first.value), {})
        colour = f"{card['colour']} " if isinstance(card.get("colour"), str) else ""
        number = first.value.rsplit(":", 1)[-1]
        words = f"{colour}{deck} card"
        return [f"{'An' if words[0] in 'aeiouAEIOU' else 'A'} {words}", f"The number {number} beside its sticker"]
    return []
