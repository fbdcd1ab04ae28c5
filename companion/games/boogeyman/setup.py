"""Setting up a Boogeyman game ('Setting Up the Game', Hard and Nightmare Mode) and the steps to show."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.core.rulesver import need_known
from companion.games.boogeyman.house import House
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    DEVICE_ANSWERS_SEARCH,
    ACTIONS_PER_TURN,
    RULES_VERSIONS,
    CHILDREN,
    Child,
    ChooseRoomTokens,
    Deck,
    Difficulty,
    HideTokens,
    LadderToken,
    Mode,
    Options,
    Phase,
    Room,
    SearchToken,
    State,
    Switch,
)

# Decks the device itself draws from or hands the Boogeyman player (shared/specs/card-codes.md sizes).
DEVICE_DECKS = {"NGHT": 10, "TRBL": 10, "EVNT": 10}


def validate_options(options: Options) -> None:
    need_known(RULES_VERSIONS, options.rules_version, "Boogeyman")
    kids = options.children
    if not 1 <= len(kids) <= 6:
        raise IllegalInput(f"play with 1 to 6 children, not {len(kids)}")
    unknown = [k for k in kids if k not in CHILDREN]
    if unknown:
        raise IllegalInput(f"unknown child {unknown[0]!r}; the children are {', '.join(CHILDREN)}")
    if len(set(kids)) != len(kids):
        raise IllegalInput("each child can be played only once")
    if not 0 <= options.players <= 12:
        raise IllegalInput(f"players must be 0 (one per child) to 12, not {options.players}")
    if options.mode == Mode.SOLO and options.players > 1:
        raise IllegalInput("Solo Mode is for 1 player")
    if options.mode in (Mode.SEMI, Mode.COMPETITIVE) and table_size(options) < 2:
        raise IllegalInput(f"{options.mode.value} mode needs 2 or more players")
    if options.mode == Mode.SEMI and len(kids) < 2:
        raise IllegalInput("Semi-Cooperative Mode needs 2 or more children")


def table_size(options: Options) -> int:
    if options.players:
        return options.players
    if options.mode == Mode.SOLO:
        return 1
    return len(options.children) + (1 if options.mode == Mode.COMPETITIVE else 0)


def keep_possessed(options: Options) -> bool:
    """'We recommend that you use this card only in games with 4 or more players.'"""
    if options.possessed_objective is not None:
        return options.possessed_objective
    return table_size(options) >= 4


def objective_count(house: House) -> int:
    return sum(t.count for t in house.search_tokens if t.kind == "objective")


def _all_tokens(house: House) -> list[SearchToken]:
    out: list[SearchToken] = []
    for spec in house.search_tokens:
        out.extend(SearchToken(spec.kind, spec.value, spec.colour) for _ in range(spec.count))
    return out


def _deal(house: House, rng: Rng, fixed: dict[str, list[SearchToken]], pool: list[SearchToken]) -> tuple[
        dict[str, tuple[SearchToken, ...]], Rng]:
    """Fill every room to tokens_per_room: the fixed tokens first, then random ones from the pool."""
    n = house.tokens_per_room
    shuffled, rng = rng.shuffled(pool)
    rest = list(shuffled)
    stacks: dict[str, tuple[SearchToken, ...]] = {}
    # Rooms 6 and 20 are dealt first from the random tokens, as the rulebook's set-up says.
    order = list(house.double_search_rooms) + [r for r in house.rooms if r not in house.double_search_rooms]
    for room in order:
        mine = list(fixed.get(room, []))
        while len(mine) < n and rest:
            mine.append(rest.pop())
        if len(mine) < n:
            raise IllegalInput(f"not enough Search tokens to fill Room {room}")
        stack, rng = rng.shuffled(mine)
        stacks[room] = stack
    return stacks, rng


def setup(options: Options, seed: int) -> State:
    validate_options(options)
    house = house_for(options.board)
    rng = Rng.from_seed(seed)

    # Room tokens: shuffled face down. Hard Mode reveals 13 of them to darken those rooms.
    reserve, rng = rng.shuffled(house.rooms)
    dark: set[str] = set()
    if options.difficulty == Difficulty.HARD:
        picked, rng = rng.sample(house.rooms, min(13, len(house.rooms)))
        dark = set(picked)
        reserve, rng = rng.shuffled(house.rooms)
    elif options.difficulty == Difficulty.NIGHTMARE:
        dark = set(house.rooms)

    tokens = _all_tokens(house)
    competitive = options.mode == Mode.COMPETITIVE
    stacks: dict[str, tuple[SearchToken, ...]] = {r: () for r in house.rooms}
    if not competitive:
        # Trap Door and Skeleton Key are set aside, rooms 6 and 20 get 2 random tokens, then the
        # rest (with the Trap Door and Key shuffled back in) fill the other rooms.
        special = [t for t in tokens if t.kind in ("trap_door", "skeleton_key")]
        plain = [t for t in tokens if t.kind not in ("trap_door", "skeleton_key")]
        plain_shuffled, rng = rng.shuffled(plain)
        first = {r: list(plain_shuffled[i * 2:(i + 1) * 2])
                 for i, r in enumerate(house.double_search_rooms)}
        used = 2 * len(house.double_search_rooms)
        stacks, rng = _deal(house, rng, first, list(plain_shuffled[used:]) + special)

    rooms = tuple(
        (r, Room(stacks[r], Switch.DARK if r in dark else Switch.LIGHT, r in house.lock_rooms))
        for r in house.rooms
    )
    decks = []
    for code, size in DEVICE_DECKS.items():
        cards, rng = rng.shuffled([f"BGM:{code}:{n:02d}" for n in range(1, size + 1)])
        decks.append(Deck(code, cards))
    # 'At the beginning of the game, a Room token is placed face down on the first space': drawn
    # at random, or in Competitive chosen by the Boogeyman player ('chooses the Room tokens').
    # Rules version 1 drew it at random in Competitive too.
    chosen = competitive and options.rules_version >= 2
    ladder = () if chosen else (LadderToken(reserve[0]),)
    if not chosen:
        reserve = reserve[1:]
    first_decisions = ((HideTokens(objective_count(house)),) if competitive else ()) + (
        (ChooseRoomTokens(1),) if chosen else ())
    children = tuple(Child(name, house.children_start) for name in options.children)
    state = State(
        options=options, rng=rng, phase=Phase.PLACEMENT if competitive else Phase.PLAY, round=1,
        order=options.children, turn=0, actions_left=ACTIONS_PER_TURN, children=children, rooms=rooms,
        babysitter=house.babysitter_start, boogeyman=(), ladder=ladder, current=len(ladder),
        reserve=reserve, player_run=competitive, boogeyman_seat="boogeyman" if competitive else "",
        stress_boogeyman=0, stress_babysitter=0, decks=tuple(decks), active_event="",
        attic_unlocked=False, trap_door="", mission_done=False, finale_room="", finale_stack=(),
        leader="", finale_number=0, finale_children=(), winner="", turn_ending=False,
        pending=first_decisions,
    )
    return state


def deal_hidden(s: State, hide: object) -> State:
    """Competitive set-up: the Boogeyman's chosen rooms get the Objectives, Trap Door and Key;
    every other slot is filled with random Search tokens."""
    from companion.games.boogeyman.inputs import HideTokensInput

    assert isinstance(hide, HideTokensInput)
    house = house_for(s.options.board)
    tokens = _all_tokens(house)
    objectives = [t for t in tokens if t.kind == "objective"]
    plain = [t for t in tokens if t.kind not in ("objective", "trap_door", "skeleton_key")]
    fixed: dict[str, list[SearchToken]] = {}
    for room, tok in zip(hide.objectives, objectives):
        fixed.setdefault(room, []).append(tok)
    fixed.setdefault(hide.trap_door, []).append(SearchToken("trap_door"))
    fixed.setdefault(hide.skeleton_key, []).append(SearchToken("skeleton_key"))
    stacks, rng = _deal(house, s.rng, fixed, plain)
    rooms = tuple((z, evolve(r, stack=stacks[z])) for z, r in s.rooms)
    return evolve(s, rooms=rooms, rng=rng)


def setup_steps(options: Options) -> list[str]:
    """The set-up as instructions the screen shows one by one. They follow who holds the
    Boogeyman's seat: the device (Cooperative, Solo, Semi-cooperative at first, or Competitive with
    the device in the seat) or a person (Competitive)."""
    house = house_for(options.board)
    person = options.mode == Mode.COMPETITIVE and not options.device_boogeyman
    steps = [
        "Place the game board on the table.",
        "Shuffle the Search, Light, Dark, Boogeyman, Babysitter, Mission and Objective decks separately.",
    ]
    if person:
        steps.append("The Boogeyman player takes the Nightmare, Trouble and Event cards (no need to shuffle).")
    elif options.mode == Mode.COMPETITIVE:
        steps.append("The device plays the Boogeyman: shuffle the Nightmare, Trouble and Event decks and put "
                     "them beside the board. When it plays one, the screen asks you to draw the top card.")
    else:
        steps.append("Shuffle the Nightmare, Trouble and Event decks and put them beside the board. When the "
                     "Boogeyman plays one, the screen asks you to draw the top card.")
    if not keep_possessed(options):
        steps.append("Remove the 'Possessed' card from the Objective deck (advised for 3 or fewer players).")
    for name in options.children:
        steps.append(f"{name.capitalize()}: take the miniature, 3 Candy, and the Status cards "
                     "(Calm on top, then Scared, then Terrified).")
    steps.append("Each child player draws 1 Objective card and keeps it secret.")
    steps.append("Draw 1 Mission card and read it aloud; put it beside the board.")
    if person:
        steps.append("The Boogeyman player takes the 25 Room tokens and keeps them covered; the device keeps "
                     "the Apparitions Ladder for them on their private screen.")
        steps.append("Give the Boogeyman player the Objective tokens, the Trap Door and the Skeleton Key; shuffle "
                     "the other Search tokens face down.")
    elif options.mode == Mode.COMPETITIVE and options.rules_version >= DEVICE_ANSWERS_SEARCH:
        # Issue 25 #7: it hides the Objectives, the Trap Door and the Skeleton Key where only it
        # knows, so it keeps every Search token and says what each search finds.
        steps.append("The device keeps the 25 Room tokens and the Apparitions Ladder for you: leave the Room "
                     "tokens in the box.")
        steps.append("The device hides the Objective tokens, the Trap Door and the Skeleton Key, and keeps every "
                     "Search token for you: leave the Search tokens in the box. When a child searches, the screen "
                     "says what was found; take a found Objective token, the Trap Door or the Skeleton Key from "
                     f"the box then. Put a Light token in each Room and a Lock token in Rooms "
                     f"{', '.join(house.lock_rooms)}.")
    else:
        steps.append("The device keeps the 25 Room tokens and the Apparitions Ladder for you: leave the Room "
                     "tokens in the box.")
        # "Select a Trap Door Token and Skeleton Key Token ... and set them aside. The remaining
        # Search tokens are drawn randomly and 2 are placed face down in Room 6 and 2 in Room 20.
        # Then shuffle the rest ... including the Trap Door, Skeleton Key": the play-test of 5 Dec
        # 2026 read "(Rooms 6 and 20 first)" with no word of setting those two aside. The Lock
        # lies under the Light token (actions.break_lock: "remove the Light/Dark token first").
        double = " and ".join(house.double_search_rooms)
        steps.append(f"Set the Trap Door and the Skeleton Key aside; shuffle the other Search tokens face down "
                     f"and put 2 in Rooms {double}. Shuffle the Trap Door and the Skeleton Key back in and put 2 "
                     f"in every other Room. Then a Lock token on the stack in Rooms {', '.join(house.lock_rooms)}, "
                     "and a Light token on top of every Room's stack (over the Lock). When a child searches, you "
                     "turn the top Search token over and tell the device what it shows.")
    if options.difficulty == Difficulty.HARD:
        steps.append("Hard Mode: flip the Light tokens to Dark in the 13 rooms listed below.")
    elif options.difficulty == Difficulty.NIGHTMARE:
        steps.append("Nightmare Mode: flip every Light token to Dark. The Boogeyman plays 2 Room tokens a turn.")
    def place(zone: str) -> str:
        return f"Room {zone}" if house.is_room(zone) else f"corridor {zone}"

    steps.append(f"Put the children's miniatures in {place(house.children_start)} and the Babysitter in "
                 f"{place(house.babysitter_start)}; the Boogeyman and Babysitter tokens on space 0 of the "
                 "Stress Scale.")
    steps.append(f"{options.children[0].capitalize()} takes the Flashlight and goes first.")
    if person:
        steps.append("Next comes the Boogeyman player's private screen (the children look away): choose the rooms "
                     "for the Objectives, the Trap Door and the Skeleton Key, and the first Room token. Then put "
                     "those tokens face down in their rooms, fill every Room up to 2 with random Search tokens, a "
                     f"Light token on top of each, and a Lock token in Rooms {', '.join(house.lock_rooms)}.")
    return steps
