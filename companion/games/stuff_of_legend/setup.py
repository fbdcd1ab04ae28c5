"""Game set-up (SOL-10..25): the printed steps 1-4, 9 and 10, and the documented defaults for the
missing steps 5-8 (SOL-G1): heroes, opening hands, the Boogeyman deck and coin, the Loyalty deck
with its completion rule (SOL-G2), and the Colonel's Rifle (SOL-G6)."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.core.rulesver import need_known
from companion.games.stuff_of_legend.catalogue import Catalogue, catalogue_for
from companion.games.stuff_of_legend.common import Said, hand_size, side
from companion.games.stuff_of_legend.state import (
    RULES_VERSIONS,
    STANDARD_HEROES,
    AskRifle,
    Options,
    Pending,
    RevealLocations,
    Slot,
    SpaceCards,
    State,
)
from companion.games.stuff_of_legend.world import World, world_for
from companion.i18n import N_

# The Loyalty table, decoded (SOL-22): players -> (Boy, Boogeyman, Colonel's Successor, Scout's Friend).
LOYALTY_TABLE: dict[int, tuple[int, int, int, int]] = {
    3: (1, 0, 1, 0),
    4: (2, 0, 1, 0),
    5: (2, 1, 1, 0),
    6: (2, 1, 1, 1),
}
EXIT_TOKENS = tuple(range(1, 8))  # "On the back of each Exit token there is a number from 1 to 7"


def heroes_of(options: Options, cat: Catalogue) -> tuple[str, ...]:
    if not 3 <= options.players <= 6:
        raise IllegalInput(f"The Stuff of Legend is for 3-6 players, not {options.players} (SOL-01)")
    heroes = options.heroes or STANDARD_HEROES[: options.players]
    if len(heroes) != options.players:
        raise IllegalInput(f"{options.players} players need {options.players} heroes, not {len(heroes)}")
    unknown = [h for h in heroes if not cat.has_hero(h)]
    if unknown:
        known = ", ".join(h.id for h in cat.heroes)
        raise IllegalInput(f"no Hero sheet {unknown[0]!r} (the heroes are {known})")
    if len(set(heroes)) != len(heroes):
        raise IllegalInput("each player plays a different hero")
    return tuple(heroes)


def check_pair(world: World, cat: Catalogue) -> list[str]:
    """The map and the cards agree: one Location per space of each colour, enough Encounters."""
    problems = []
    for colour, name, _ in world.regions:
        spaces = [s for s in world.spaces if s.colour == colour and s.takes_cards]
        locs = [c for c in cat.locations if c.colour == colour]
        if len(locs) != len(spaces):
            problems.append(f"{name}: {len(spaces)} space(s) but {len(locs)} {colour} Location card(s)")
        need = sum(s.encounters for s in spaces)
        have = [c for c in cat.encounters if c.colour == colour and not c.alternate]
        if len(have) < need:
            problems.append(f"{name}: the spaces take {need} Encounter cards but the {colour} deck has {len(have)}")
    colours = {c for c, _, _ in world.regions}
    for c in cat.locations:
        if c.colour not in colours:
            problems.append(f"{c.code} ({c.title}) is {c.colour}: no region of the map has that colour")
    for e in cat.encounters:
        if e.colour not in colours:
            problems.append(f"{e.code} ({e.title}) is {e.colour}: no region of the map has that colour")
    if not any(any(x.name == "bridge" for x in c.reveal) for c in cat.locations):
        problems.append("no Location places the Rope Bridge (Golem's Pass): the Jungle could never be reached")
    return problems


def loyalty_deck(options: Options, cat: Catalogue, rng: Rng) -> tuple[tuple[str, ...], str, Rng]:
    """The table's cards plus one more by the completion rule (SOL-G2); the unused card hidden."""
    boy, boog, succ, friend = LOYALTY_TABLE[options.players]
    by_side: dict[str, list[str]] = {}
    for c in cat.loyalty:
        by_side.setdefault(c.side, []).append(c.code)
    want = {"boy": boy, "boogeyman": boog, "successor": succ, "friend": friend}
    deck: list[str] = []
    for s, n in want.items():
        deck += by_side.get(s, [])[:n]
    spare_boy = by_side["boy"][boy]
    spare_boog = by_side["boogeyman"][boog]
    unused = ""
    if options.loyalty_completion == "coin":
        i, rng = rng.below(2)
        extra, unused = (spare_boy, spare_boog) if i == 0 else (spare_boog, spare_boy)
    elif options.loyalty_completion == "boy":
        extra = spare_boy
    else:
        extra = spare_boog
    shuffled, rng = rng.shuffled(tuple(deck) + (extra,))
    return shuffled, unused, rng


def setup(options: Options, seed: int) -> State:
    need_known(RULES_VERSIONS, options.rules_version, "The Stuff of Legend")
    cat = catalogue_for(options.cards)
    world = world_for(options.world)
    heroes = heroes_of(options, cat)
    problems = check_pair(world, cat)
    if problems:
        raise IllegalInput("the map and the card catalogue disagree: " + "; ".join(problems))
    if options.rifle and options.rifle not in heroes:
        raise IllegalInput(f"the Colonel's Rifle holder {options.rifle!r} is not at the table")
    if not 1 <= options.hand_size <= 20 or not 0 <= options.army_supply <= 100:
        raise IllegalInput("hand_size is 1 to 20 and army_supply 0 to 100")
    rng = Rng.from_seed(seed)

    # 1e: the Exit tokens, four placed face down, three back in the box unseen (SOL-15).
    if options.exits == "digital":
        tokens, rng = rng.shuffled(EXIT_TOKENS)
        exits, box = tokens[:4], tuple(sorted(tokens[4:]))
    else:
        exits, box = (0, 0, 0, 0), ()

    # 2-3: Encounters by colour ("+" spaces two), Locations on top (SOL-16..19, SOL-119).
    chosen = set(heroes)
    replaced = {c.replaces for c in cat.encounters if c.alternate in chosen}
    board: list[SpaceCards] = []
    extras: list[Slot] = []
    by_colour: dict[str, list[str]] = {}
    locs: dict[str, list[str]] = {}
    for c in cat.encounters:
        if (c.alternate and c.alternate in chosen) or (not c.alternate and c.code not in replaced):
            by_colour.setdefault(c.colour, []).append(c.code)
    for loc in cat.locations:
        locs.setdefault(loc.colour, []).append(loc.code)
    for colour in sorted(by_colour):
        by_colour[colour], rng = _deal(options.board_cards, by_colour[colour], rng)
    for colour in sorted(locs):
        locs[colour], rng = _deal(options.board_cards, locs[colour], rng)
    for sp in world.spaces:
        if not sp.takes_cards:
            board.append(SpaceCards(None, ()))
            continue
        deck = by_colour[sp.colour]
        enc = tuple(Slot(code, sp.colour) for code in deck[: sp.encounters])
        by_colour[sp.colour] = deck[sp.encounters:]
        board.append(SpaceCards(Slot(locs[sp.colour].pop(0), sp.colour), enc))
    for colour in sorted(by_colour):
        extras += [Slot(code, colour) for code in by_colour[colour]]

    # 4: an Army on every toy-soldier space (SOL-20).
    armies = tuple(sorted(sp.id for sp in world.spaces if sp.soldier))

    # 8: the Loyalty deck, dealt one each (SOL-22/23, SOL-G2).
    if options.loyalty == "digital":
        dealt, unused, rng = loyalty_deck(options, cat, rng)
        loyalty = dealt[: len(heroes)]
    else:
        loyalty, unused = ("",) * len(heroes), ""

    # 6-7: the Action deck and opening hands (no coin: nobody ran out, SOL-G13); the Boogeyman deck.
    action_codes = tuple(c.code for c in cat.actions)
    pile: tuple[str, ...] = ("",) * len(action_codes)
    if options.action_deck == "digital":
        pile, rng = rng.shuffled(action_codes)
    boog = tuple(sorted(c.code for c in cat.boogeyman))
    if options.boogeyman_deck == "digital":
        boog, rng = rng.shuffled(boog)
    boy = world.time.start[options.players]

    s = State(
        options=options, rng=rng, seats=heroes, phase="setup", turn=1, actions=0, on_board=(), exhausted=(),
        rifle=options.rifle, attention=world.attention.start, boy=boy, boy_reached=boy, wound=0, party=world.start, armies=armies,
        leaders=(), bridge=None, board=tuple(board), extras=tuple(extras), allies=(), exits=tuple(exits), box=box,
        exit_epochs=(0,) * len(exits), peeks=(), stated=(), exposed=(), loyalty=tuple(loyalty),
        loyalty_unused=unused, dealt=tuple(loyalty), loyalty_known=(), hands=((),) * len(heroes), draw_pile=pile,
        discard_pile=(), owed=(0,) * len(heroes), boogeyman_pile=boog, sinister="", held=((),) * len(heroes),
        removed=(), board_seen=(), refused=(), ally_barred=(), action=None, activations=(), pending=(), notices=(),
    )
    hands_: list[tuple[str, ...]] = []
    for h in heroes:
        n = hand_size(s, h)
        hands_.append(pile[:n] if options.action_deck == "digital" else ("",) * n)
        pile = pile[n:]
    s = evolve(s, hands=tuple(hands_), draw_pile=pile)
    for h, code in zip(heroes, loyalty):
        if code:
            side(s, code)  # every dealt card has a side
    pending: list[Pending] = [] if options.rifle else [AskRifle()]
    near = world.neighbours(world.start)
    pending.append(RevealLocations(tuple(near)))  # 10: the three Locations beside Brooklyn
    notes = _instructions(s, world, cat, heroes)
    return evolve(s, pending=tuple(pending), notices=tuple(notes))


def _deal(mode: str, cards: list[str], rng: Rng) -> tuple[list[str], Rng]:
    if mode == "digital":
        shuffled, rng = rng.shuffled(tuple(cards))
        return list(shuffled), rng
    return [""] * len(cards), rng  # physical: the table shuffled them; the device sees them when turned up


def _instructions(s: State, world: World, cat: Catalogue, heroes: tuple[str, ...]) -> list[str]:
    """What the table does by hand at set-up (SOL-10..25), as the device shows it."""
    soldiers = ", ".join(sp.name for sp in world.spaces if sp.soldier)
    start = world.space(world.start).name
    out: list[str] = [
        Said(N_("Set-up: unfold the board and put the Hero Action board beside it.")),
        Said(N_("Put the Boogeyman marker on the yellow 2 of the Attention Level track, the Boy on division {n} of the "
                "Time track, the Wound marker left of division A and the Hero Party in {space}."), n=s.boy + 1,
             space=start),
    ]
    if s.options.exits == "digital":
        out.append(Said(N_("The device holds the seven Exit tokens: four are in the Exit spaces, three back in the box, "
                           "unseen by anyone.")))
    else:
        out.append(Said(N_("Shuffle the seven Exit tokens, place one face down in each Exit space without looking, and "
                           "return the other three to the box unseen.")))
    out.append(Said(N_("Shuffle each Encounter deck and deal one face down on each space of its colour, two on a \"+\" "
                       "space; lay the rest face down above the board.")))
    alts = [cat.hero(h).name for h in heroes if cat.hero(h).alternate]
    if alts:
        out.append(Said(N_("Alternate Heroes ({heroes}): swap in their Colonel-icon Encounter cards first."),
                        heroes=", ".join(alts)))
    else:
        out.append(Said(N_("Leave out the four Encounter cards with a Colonel icon.")))
    out.append(Said(N_("Shuffle each Location deck and deal one face down on each space of its colour, on the "
                       "Encounters.")))
    out.append(Said(N_("Put an Army on every toy-soldier space ({spaces})."), spaces=soldiers))
    if s.options.action_deck == "physical":
        sizes = ", ".join(f"{cat.hero(h).name} {len(hh)}" for h, hh in zip(heroes, s.hands))
        out.append(Said(N_("Shuffle the Action deck and deal the opening hands: {sizes}."), sizes=sizes))
    if s.options.boogeyman_deck == "physical":
        out.append(Said(N_("Shuffle the 13 Boogeyman cards face down on their spot; the Sinister Games spot is empty.")))
    if s.options.loyalty == "physical":
        boy, boog, succ, friend = LOYALTY_TABLE[s.options.players]
        more = {"coin": Said(N_("one more drawn unseen from one Loyalty to the Boy and one Loyalty to the Boogeyman "
                                "(put the other back in the box unseen)")),
                "boy": Said(N_("one more Loyalty to the Boy")),
                "boogeyman": Said(N_("one more Loyalty to the Boogeyman"))}
        out.append(Said(N_("Make the Loyalty deck: {boy} Loyalty to the Boy, {boogeyman} Loyalty to the Boogeyman, "
                           "{successor} Colonel's Successor, {friend} Scout's Friend, and {more}; shuffle and deal one "
                           "each, face down."), boy=boy, boogeyman=boog, successor=succ, friend=friend,
                        more=more[s.options.loyalty_completion]))
    else:
        out.append(Said(N_("The device has dealt the Loyalty cards: each player looks at their own on the private "
                           "screen.")))
    out.append(Said(N_("Put the Leader markers and the Rope Bridge token beside the board.")))
    return out
