"""Which facts of The Stuff of Legend's data files are guesses (the owner's box, core/ownbox.py):
the map's spaces and trails and the tracks (world.toml), the cards' titles and colours (cards.toml)."""

from pathlib import Path
from typing import Any

from companion.core.ownbox import Guess, GuessedFile
from companion.i18n import N_, pack_domain

_ = pack_domain(__file__).gettext


def _colour(colour: str) -> str:
    """A colour of the map or the cards in the device's language (the words: ui/screens/common.COLOURS)."""
    return _(colour) if colour else colour

DATA = Path(__file__).resolve().parent / "data"

# The questions and group titles are marked for the catalog (N_): the Check your box screen
# (companion/ui/screens/box.py) shows them, through `pack_text` once it translates them.
FILES = (
    GuessedFile("world.toml", "world", "the map", DATA / "world.toml",
                "companion.games.stuff_of_legend.world:world_text", context="companion.games.stuff_of_legend.guesses:concerns", guesses=(
                    Guess("spaces[id=*].name", N_("the name of the space"), "text", N_("Space names")),
                    Guess("spaces[id=*].colour", N_("the colour of the space {name}"), "text", N_("Space colours")),
                    Guess("spaces[id=*].plus", N_("does {name} show a +"), "yes/no", N_("+ spaces")),
                    Guess("spaces[id=*].soldier", N_("does {name} show a toy soldier"), "yes/no", N_("Toy soldier spaces")),
                    Guess("trails[*].colour", N_("the colour of the trail"), "text", N_("Trail colours")),
                    Guess("time.divisions[*].mark", N_("the mark of Time division {n}"), "text", N_("Time track marks")),
                )),
    GuessedFile("cards.toml", "cards", "the cards", DATA / "cards.toml",
                "companion.games.stuff_of_legend.catalogue:catalogue_text", context="companion.games.stuff_of_legend.guesses:concerns", guesses=(
                    Guess("location[code=*].title", N_("the title of the Location card"), "text", N_("Location titles")),
                    Guess("location[code=*].colour", N_("the colour of the Location {title}"), "text", N_("Location colours")),
                    Guess("action[code=*].title", N_("the title of the Action card"), "text", N_("Action titles")),
                    Guess("boogeyman[code=*].title", N_("the title of the Boogeyman card"), "text", N_("Boogeyman card titles")),
                    Guess("loyalty[code=*].title", N_("the title of the Loyalty card"), "text", N_("Loyalty card titles")),
                    Guess("encounter[code=*].title", N_("the title of the Encounter card"), "text", N_("Encounter titles")),
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
        colour = _colour(sp.get("colour", ""))
        if sp.get("plus") and sp.get("soldier"):
            head = _("A {colour} space with a + and a toy soldier; its trails:")
        elif sp.get("plus"):
            head = _("A {colour} space with a +; its trails:")
        elif sp.get("soldier"):
            head = _("A {colour} space and a toy soldier; its trails:")
        else:
            head = _("A {colour} space; its trails:")
        lines = [head.format(colour=colour)]
        trails = [t for t in data.get("trails", []) if first.value in (t.get("a"), t.get("b"))]
        for t in trails:
            other = t["b"] if t.get("a") == first.value else t["a"]
            lines.append("\u2192 " + _("{space}, {colour} trail").format(space=names.get(other, other),
                                                                      colour=_colour(t.get("colour", "plain"))))
        return lines
    if first.key == "trails" and first.index is not None:
        items = data.get("trails", [])
        k = int(first.index)
        if k < len(items):
            t = items[k]
            return [_("From {space}").format(space=names.get(t.get("a"), t.get("a"))),
                    _("to {space}").format(space=names.get(t.get("b"), t.get("b")))]
    if first.field == "code" and first.value:
        deck = {"location": N_("Location"), "action": N_("Action"), "boogeyman": N_("Boogeyman"),
                "loyalty": N_("Loyalty"), "encounter": N_("Encounter")}.get(first.key, first.key)
        card = next((c for c in data.get(first.key, []) if isinstance(c, dict) and c.get("code") == first.value), {})
        number = first.value.rsplit(":", 1)[-1]
        if isinstance(card.get("colour"), str):
            colour = card["colour"]
            an = colour[:1] in tuple("aeiouAEIOU")
            said = (_("An {colour} {deck} card") if an else _("A {colour} {deck} card")).format(
                colour=_colour(colour), deck=_(deck))
        else:
            said = (_("An {deck} card") if deck[:1] in tuple("aeiouAEIOU") else _("A {deck} card")).format(deck=_(deck))
        return [said, _("The number {number} beside its sticker").format(number=number)]
    return []
