"""What lies on the physical Stuff of Legend table, as data (issue 25; companion/core/table.py).

Every place is in the game's own words: a space as the map file names it (the names the screens
show), the tracks as "Game Setup" step 1 names them. What the table holds, and so what this
projection lists (the rulebook section in brackets):

- the four markers of "Game Setup" 1: the Boogeyman marker on the Attention Level track ("the
  yellow 2"), the Boy marker on the Time track (a division, "BOY LOST" the last), the Wound marker
  ("to the left of the first division of the Wound track", then A..F), the Hero Party marker on
  its space;
- the Rifle token in front of the player holding the Colonel's Rifle (Components; Voting);
- each Hero marker on the Hero Action board or in the Exhausted Heroes space ("take your Hero
  marker and place it in one of the three spots"; "move the Hero markers ... into the Exhausted
  Heroes space"); beside its Hero sheet otherwise, which is off the board: absent;
- the Army markers on the board, one Thing each (a space's k-th Army), the Leader markers on
  their spaces and the Rope Bridge token where it lies ("Set aside the other markers");
- with the board's cards physical (option board_cards "physical", the default): the Location and
  Encounter cards on each space, face down or face up ("Game Setup" 2-3 and "Entering a Space"),
  the spare Encounter cards face down above the board, the Allies face up beside it ("placed face
  up next to it when encountered") and each revealed Leader's card beside it ("place its card
  next to the game board for reference"). A face-down card is named by its place only, never its
  title: the table does not see it;
- with the Action deck physical: the Action cards played face up in front of their player into the
  action under way ("play that card face up in front of you"), and the discard pile, each card
  face down and unnamed ("it must be placed face down in the discard pile without exception.
  Players are not allowed to look at the cards in the discard pile"), so a basic Move or Hide
  says "Put a card on the Action discard pile, face down" (issue 25 #13);
- with the Boogeyman deck physical: the Personal Attention and Dark Gift cards face up beside
  their Hero sheet ("place it face up next to your Hero sheet") and the Sinister Games card on its
  spot;
- with physical Exit tokens: one face down on each Exit space ("Game Setup" 1e), turned face up at
  the end ("turn all four Exit tokens face up");
- with physical Loyalty cards: one face down in front of each player ("Deal each player one
  Loyalty card face down"), turned face up at the end.

Not on the table, and why: the hands (held in the hand, or on the private screens when the device
deals the Action deck); whatever the device holds instead in its digital modes (the board's cards,
the Exit tokens, the Loyalty cards, the Boogeyman deck, the Action deck); the face-down draw piles
(stacks the table draws from when a prompt says so).
"""

from __future__ import annotations

from companion.core.table import Table, Thing
from companion.i18n import N_
from companion.games.stuff_of_legend.catalogue import Catalogue
from companion.games.stuff_of_legend.common import SKILL_NAMES, WOUND_DIVISIONS, cat, world
from companion.games.stuff_of_legend.state import Slot, State
from companion.games.stuff_of_legend.world import World

FACE_UP = "face"  # core.table words a face as "<face> up": "face up"
FACE_DOWN = "face down"
HERO_BOARD = "the Hero Action board"
EXHAUSTED = "the Exhausted Heroes space"
BESIDE = "beside the board"
ABOVE = "above the board"
DISCARDS = "the Action discard pile"
SINISTER_SPOT = "the Sinister Games spot"


# The words of this table's things and places, for the catalog (docs/i18n.md): a step is said in
# the language shown by the shell's shapes ("Move {thing} from {start} to {end}", core/table.py)
# with these said inside it; the places' own prepositions are said whole by the shapes below.
SHAPES = (
    N_("the Boogeyman marker"), N_("the Boy marker"), N_("the Wound marker"), N_("the Hero Party marker"),
    N_("the Rifle token"), N_("{hero}'s Hero marker"), N_("an Army marker"), N_("the Leader marker of {title}"),
    N_("the Rope Bridge token"), N_("the Location card of {place}"), N_("the Location card of {place} ({title})"),
    N_("the Encounter card of {place}"), N_("the Encounter card of {place} ({title})"),
    N_("an Encounter card of {place}"), N_("an Encounter card of {place} ({title})"),
    N_("the spare Encounter card {title}"), N_("a spare Encounter card"), N_("the Ally card {title}"),
    N_("the Leader card {title}"), N_("the Action card {title} ({icons})"), N_("the Action card {title}"),
    N_("an Action card ({icons})"), N_("an Action card"), N_("the card {title}"), N_("a card"),
    N_("the Boogeyman card {title}"), N_("the Exit token of {space}"), N_("the Exit token of {space} ({n})"),
    N_("{hero}'s Loyalty card"), N_("{hero}'s Loyalty card ({title})"),
    N_("the {colour} {value} of the Attention Level track"),
    N_("the {colour} {value} (division {n}) of the Attention Level track"),
    N_("the BOY LOST division of the Time track"), N_("division {n} of the Time track"),
    N_("the start of the Wound track (left of division A)"), N_("division {division} of the Wound track"),
    N_("the Action discard pile"), N_("the Sinister Games spot"), N_("the Hero Action board"),
    N_("the Exhausted Heroes space"), N_("above the board"), N_("beside the board"),
    N_("Put {thing} above the board"), N_("Put {thing} above the board, {face}"),
    N_("Take {thing} from above the board"), N_("Put {thing} beside the board"),
    N_("Put {thing} beside the board, {face}"), N_("Take {thing} from beside the board"),
    N_("Put {thing} on the table in front of {hero}"), N_("Put {thing} on the table in front of {hero}, {face}"),
    N_("Take {thing} off the table in front of {hero}"),
    N_("Move {thing} from the table in front of {hero} to the table in front of {other}"),
    N_("Turn {thing} on the table in front of {hero} {face}"),
    N_("Put {thing} beside {hero}'s Hero sheet"), N_("Put {thing} beside {hero}'s Hero sheet, {face}"),
    N_("Take {thing} from beside {hero}'s Hero sheet"),
    N_("Put {thing} between {a} and {b}"), N_("Take {thing} from between {a} and {b}"),
)


def attention_place(w: World, division: int) -> str:
    """"the yellow 2 of the Attention Level track" ("Game Setup" 1a), with its division number
    where two divisions print the same colour and number."""
    a = w.attention
    colour, value = a.colours[division], a.values[division]
    same = sum(1 for c, v in zip(a.colours, a.values) if (c, v) == (colour, value))
    extra = f" (division {division + 1})" if same > 1 else ""
    return f"the {colour} {value}{extra} of the Attention Level track"


def time_place(w: World, boy: int) -> str:
    if boy >= w.time.lost:
        return "the BOY LOST division of the Time track"
    return f"division {boy + 1} of the Time track"


def wound_place(wound: int) -> str:
    if wound <= 0:  # "to the left of the first division of the Wound track" (Game Setup 1c)
        return "the start of the Wound track (left of division A)"
    return f"division {WOUND_DIVISIONS[wound - 1]} of the Wound track"


def _card(slot: Slot, deck: str, place: str, title: str, article: str = "the") -> Thing:
    """A card on a space, named by its place (a "Turn" step names no place: "Turn the Location
    card of Hollow Oak face up"), and by its title only once it is face up."""
    name = f"{article} {deck} card of {place}"
    if slot.up:
        return Thing(f"{name} ({title})" if title else name, place, FACE_UP)
    return Thing(name, place, FACE_DOWN)


def action_card(c: Catalogue, code: str) -> str:
    """An Action card by its title and icons, as the screens show it: "the Action card Minion
    Breakthrough (Fight 2)", "an Action card (Talk 1)" for a card without text (SOL-111)."""
    if not code:
        return "an Action card"
    try:
        card = c.action(code)
    except KeyError:  # not an Action card: its title alone
        return f"the card {c.title(code)}"
    icons = ", ".join(f"{SKILL_NAMES.get(k, k)} {n}" for k, n in card.icons) + (", tainted" if card.tainted else "")
    what = f" ({icons})" if icons else ""
    return f"the Action card {card.title}{what}" if card.title else f"an Action card{what}"


def table(s: State) -> Table:
    w = world(s)
    c = cat(s)
    o = s.options
    name = {sp.id: sp.name for sp in w.spaces}

    def hero(seat: str) -> str:
        return c.hero(seat).name if c.has_hero(seat) else seat

    def title(code: str) -> str:
        return c.title(code) if code else ""

    out: dict[str, Thing] = {
        "marker:boogeyman": Thing("the Boogeyman marker", attention_place(w, s.attention)),
        "marker:boy": Thing("the Boy marker", time_place(w, s.boy)),
        "marker:wound": Thing("the Wound marker", wound_place(s.wound)),
        "marker:party": Thing("the Hero Party marker", name.get(s.party, s.party)),
    }
    if s.rifle in s.seats:  # "the player holding the Colonel's Rifle" (Voting): the Rifle token
        out["rifle"] = Thing("the Rifle token", f"the table in front of {hero(s.rifle)}")
    for seat in s.seats:
        if seat in s.on_board:
            out[f"hero:{seat}"] = Thing(f"{hero(seat)}'s Hero marker", HERO_BOARD)
        elif seat in s.exhausted:
            out[f"hero:{seat}"] = Thing(f"{hero(seat)}'s Hero marker", EXHAUSTED)
    counts: dict[str, int] = {}
    for space in s.armies:
        counts[space] = counts.get(space, 0) + 1
        out[f"army:{space}:{counts[space]}"] = Thing("an Army marker", name.get(space, space))
    for code, space in s.leaders:
        out[f"leader:{code}"] = Thing(f"the Leader marker of {title(code)}", name.get(space, space))
    if s.bridge is not None:
        a, b = s.bridge
        out["bridge"] = Thing("the Rope Bridge token", f"between {name.get(a, a)} and {name.get(b, b)}")
    if o.board_cards == "physical":
        for sp, cards in zip(w.spaces, s.board):
            if cards.location is not None:
                out[f"location:{sp.id}"] = _card(cards.location, "Location", sp.name, title(cards.location.code))
            # A "+" space's two Encounter cards are keyed by their order in the state, which shifts when
            # the first is resolved and taken off while the second (a Quest) stays: named by title,
            # that step would name the wrong card. So they are "an Encounter card of <space>" there
            # (the notice says which one goes); a space's only Encounter card is named by its title.
            two = sp.encounters > 1
            for k, enc in enumerate(cards.encounters):
                out[f"encounter:{sp.id}:{k + 1}"] = _card(enc, "Encounter", sp.name, "" if two else title(enc.code),
                                                          "an" if two else "the")
        for k, enc in enumerate(s.extras):
            out[f"extra:{k + 1}"] = (Thing(f"the spare Encounter card {title(enc.code)}", ABOVE, FACE_UP) if enc.up
                                      else Thing("a spare Encounter card", ABOVE, FACE_DOWN))
        for code in s.allies:
            out[f"ally:{code}"] = Thing(f"the Ally card {title(code)}", BESIDE, FACE_UP)
        for code, _ in s.leaders:
            out[f"leadercard:{code}"] = Thing(f"the Leader card {title(code)}", BESIDE, FACE_UP)
    if o.action_deck == "physical":
        if s.action is not None:
            for k, (seat, code) in enumerate(s.action.cards):
                out[f"played:{k + 1}"] = Thing(action_card(c, code), f"the table in front of {hero(seat)}", FACE_UP)
        for k in range(len(s.discard_pile)):
            out[f"discard:{k + 1}"] = Thing("a card", DISCARDS, FACE_DOWN, heap=True)
    if o.boogeyman_deck == "physical":
        for seat, held in zip(s.seats, s.held):
            for code in held:
                out[f"held:{code}"] = Thing(f"the Boogeyman card {title(code)}", f"beside {hero(seat)}'s Hero sheet",
                                            FACE_UP)
        if s.sinister:
            out["sinister"] = Thing(f"the Boogeyman card {title(s.sinister)}", SINISTER_SPOT, FACE_UP)
    over = s.phase == "over"
    if o.exits == "physical":
        # "turn all four Exit tokens face up" when the party enters an exit; not when the Boy is lost.
        turned = over and s.end != "boy_lost"
        for k, space in enumerate(w.exits):
            shown = turned and s.exits[k] > 0
            token = f"the Exit token of {name[space]}"
            out[f"exit:{space}"] = (Thing(f"{token} ({s.exits[k]})", name[space], FACE_UP) if shown
                                    else Thing(token, name[space], FACE_DOWN))
    if o.loyalty == "physical":
        for seat, code in zip(s.seats, s.loyalty):
            shown = over and bool(code)
            out[f"loyalty:{seat}"] = Thing(f"{hero(seat)}'s Loyalty card" + (f" ({title(code)})" if shown else ""),
                                           f"the table in front of {hero(seat)}", FACE_UP if shown else FACE_DOWN)
    return out


def entered(s: State, inp: object, after: State) -> frozenset[str]:
    """What a person's own input says they already did on the real table (the steps list shows it
    ticked; `table_entered`, companion/core/table.py). Only a person's own act, in the rulebook's
    words:

    - the actor's Hero marker on the Hero Action board ("you must first take your Hero marker and
      place it in one of the three spots", Performing an Action) for a Move, Hide, Skip, Play or
      Quest, unless every marker then came back ("the players immediately retrieve all Hero
      markers");
    - the card a player discards face down ("Whenever a card goes to the discard pile ... it must
      be placed face down", Calling a Vote's note; a wound's discard, Inflicting Wounds) and the
      card played, boosted or assisted with ("play that card face up in front of you", Performing
      an Action);
    - the Rifle token handed to its holder, the Rope Bridge token placed ("When placing the Rope
      Bridge token, it must physically touch both the space it is in and the space directly across
      the canyon", Golem's Pass), a Dark Gift handed over ("give it to another player of your
      choice", Boogeyman Cards);
    - a real Location or Encounter card the table turned face up and scanned (Entering a Space),
      and a real Loyalty card turned face up at the end (Ending the Game).

    What the device decides stays a step to do: the party moved after a vote, the Boy and
    Boogeyman markers, the Wound marker, the enemies, the Hero markers coming back, a card turned
    up and then discarded, a Boogeyman card's place."""
    from companion.games.stuff_of_legend import inputs as I

    was, now = table(s), table(after)
    seat = str(getattr(inp, "seat", ""))
    mine: set[str] = set()
    marker = now.get(f"hero:{seat}")
    if isinstance(inp, (I.Move, I.Hide, I.Skip, I.Play, I.AttemptQuest)) and marker is not None \
            and marker.place == HERO_BOARD:  # not when every marker came back at once
        mine.add(f"hero:{seat}")
    if isinstance(inp, (I.Move, I.Hide, I.Skip, I.DiscardInput)):
        mine.add(f"discard:{len(s.discard_pile) + 1}")
    if isinstance(inp, I.Play):
        mine.add("played:1")
    if isinstance(inp, (I.Boost, I.Assist)) and s.action is not None:
        mine.add(f"played:{len(s.action.cards) + 1}")
    if isinstance(inp, I.Rifle):
        mine.add("rifle")
    if isinstance(inp, I.Bridge):
        mine.add("bridge")
    if isinstance(inp, I.Reveal) and inp.code:
        mine.add(f"location:{inp.space}")
    if isinstance(inp, I.EncounterShown):
        mine |= {k for k in now if k.startswith("encounter:") and k in was and was[k].face == FACE_DOWN}
    if isinstance(inp, I.Gift):
        mine |= {k for k in now if k.startswith("held:") and k not in was}
    if isinstance(inp, I.LoyaltyShown):
        mine.add(f"loyalty:{seat}")
    # Only what changed, and only a thing now on the table the way the person left it: a card
    # turned up and then taken off by the rules is the table's step to do.
    return frozenset(k for k in mine if k in now and was.get(k) != now[k]
                     and (not k.startswith(("location:", "encounter:", "loyalty:")) or now[k].face == FACE_UP))
