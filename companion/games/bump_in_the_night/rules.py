"""Bump in the Night's reducer: set-up, the six turn steps and the cards (one validating `apply`).

Every input is checked against the state and refused with IllegalInput (the state untouched)
when the rules do not allow it. The scare itself is in scare.py; turn flow in flow.py.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.chance import check_face
from companion.core.deck import Deck
from companion.core.errors import IllegalInput, NotYourTurn
from companion.games.bump_in_the_night.fast import evolve
from companion.core.rng import Rng
from companion.core.rulesver import need_known
from companion.games.bump_in_the_night import flow, scare
from companion.games.bump_in_the_night.cards import BLOCK, BONUS
from companion.games.bump_in_the_night.chart import row_for
from companion.games.bump_in_the_night.context import Ctx, ctx_for, open_neighbours, presence
from companion.games.bump_in_the_night.house import OUTSIDE
from companion.games.bump_in_the_night.inputs import (
    Bonus,
    Done,
    Draw,
    GroupRoll,
    Hide,
    Input,
    Lock,
    Move,
    MovePerson,
    Place,
    PlaceGirls,
    PlaceGroup,
    PlayCard,
    Replace,
    Run,
    RunPlan,
    Scare,
)
from companion.games.bump_in_the_night.state import (
    RULES_VERSIONS,
    BAT,
    CAT,
    COLOURS,
    GHOST,
    GIRLS,
    GOBLIN,
    KINDS,
    LOCK_MARKERS,
    MONSTER_NAMES,
    POLTERGEIST,
    START_HAND,
    SUPPLY,
    BonusChance,
    DrawFor,
    HideGoblin,
    Options,
    Phase,
    State,
    Turn,
)

RUNNING_CARDS = frozenset({"open_gates", "through_locks", "scare_plus", "terror_plus", "extra_scare"})


def seat_colours(options: Options) -> tuple[str, ...]:
    colours = options.colours or COLOURS[:options.players]
    count = len(options.colours) if options.colours else options.players
    if not 2 <= count <= 6:
        raise IllegalInput(f"Bump in the Night is for 2 to 6 players (BIN-G6), not {count}")
    bad = [c for c in colours if c not in COLOURS]
    if bad:
        raise IllegalInput(f"{bad[0]!r} is not a colour of the box: {', '.join(COLOURS)}")
    if len(set(colours)) != len(colours):
        raise IllegalInput("each player takes a different colour (BIN-05)")
    if options.colours and options.players not in (0, 2, len(colours)):
        raise IllegalInput(f"players={options.players} but {len(colours)} colours were chosen")
    if options.first and options.first not in colours:
        raise IllegalInput(f"the first player {options.first!r} has no seat ({', '.join(colours)})")
    return tuple(colours)


# The settings that are numbers: (lowest, highest, what 0 means or "").
_NUMBERS = {"stall_rounds": (0, 1000, "never"), "hand_limit": (0, 100, "no limit"),
            "scares_per_turn": (0, 10, ""), "blocks_per_turn": (0, 10, "")}


def check_numbers(options: Options) -> None:
    """The settings that are counts lie within what a table could mean (a header may say -5)."""
    for key, (low, high, zero) in _NUMBERS.items():
        value = getattr(options, key)
        if not low <= value <= high:
            first = f"{low} ({zero})" if zero else str(low)
            raise IllegalInput(f"{key} is {first} to {high}, not {value} (docs/games/BIN.md)")
    if len(options.group_modifiers) != 5 or not all(-6 <= m <= 6 for m in options.group_modifiers):
        raise IllegalInput(f"group_modifiers are each -6 to 6, five of them (1, 2, 3, 4, 5+ people; BIN-G7), "
                           f"not {list(options.group_modifiers)}")


def setup(options: Options, seed: int) -> State:
    need_known(RULES_VERSIONS, options.rules_version, "Bump in the Night")
    colours = seat_colours(options)
    if options.chart_five not in range(5) or options.chart_six not in range(5):
        raise IllegalInput("chart_five and chart_six name a printed row, 1 to 4, or 0 to roll again (BIN-G1)")
    check_numbers(options)
    c = ctx_for(options)  # loads and checks the house and the cards
    rng = Rng.from_seed(seed)
    deck, rng = Deck.shuffled("cards", c.cards.codes, rng)  # BIN-07: one deck of all the cards
    n = len(colours)
    zeros = (0,) * c.n_rooms
    first = colours.index(options.first) if options.first else 0
    if options.monster_player and options.monster_player not in colours:
        raise IllegalInput(f"the monster player's colour {options.monster_player!r} is not at the table "
                           f"({', '.join(colours)})")
    return State(
        options=options, phase=Phase.ROLL, seats=colours, active=first, round=1, groups=(),
        unmoved=zeros, moved=zeros, monsters=((SUPPLY,) * 6,) * n, locks=frozenset(),
        claimed=(0,) * n, bonuses=((),) * n, hands=((),) * n, deck=deck, turn=Turn(), running=None,
        pending=(), quiet=0, winners=(), reason="", rng=rng,
        notices=("Roll a die (or draw a card and read its corner number) for the Group Creation Chart.",
                 flow.first_turn(options, colours)),
    )


def apply(state: State, inp: Input) -> State:
    if state.phase is Phase.OVER:
        raise IllegalInput("the game is over")
    c = ctx_for(state.options)
    state = evolve(state, notices=())
    handler = _HANDLERS.get(type(inp))
    if handler is None:
        raise IllegalInput(f"unknown input {inp!r}")
    return settle(handler(state, c, inp), c)


def settle(state: State, c: Ctx) -> State:
    """The automatic parts of the flow after an input."""
    if state.phase is Phase.DEAL and not state.pending:
        state = evolve(state, phase=Phase.PLAY, turn=Turn(),
                       notices=state.notices + (flow.first_turn(state.options, state.seats),))
        state = flow.start_turn(state, c)
    while state.phase is Phase.PLAY and not state.pending and state.running is None:
        t = state.turn
        if t.step == 1 and t.lock_used and (t.poltergeist_used or not _poltergeist_doors(state, c)):
            state = _to_step(state, 2)
        elif t.step == 2 and t.step2_left <= 0:
            state = _to_step(state, 3)
        elif t.step == 3 and t.scares_left <= 0:
            state = _to_step(state, 4)
        elif t.step == 4 and t.step4_used:
            state = _to_step(state, 5)
        elif t.step == 5 and t.blocks_left <= 0:
            state = flow.end_turn(state, c)
        elif t.step == 7:
            state = flow.next_turn(state, c)
        else:
            break
    return state


def _to_step(state: State, step: int) -> State:
    return evolve(state, turn=evolve(state.turn, step=step))


# ---------------------------------------------------------------- who may give an input


def _head(state: State) -> object:
    return state.pending[0] if state.pending else None


def _need_turn(state: State, what: str) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalInput(f"{what}: the game has not started (set-up: {state.phase.value})")
    if state.pending:
        raise NotYourTurn(f"{what}: waiting for {_waiting(state)}")


def _waiting(state: State) -> str:
    p = state.pending[0]
    who = state.seats[p.seat].capitalize()
    if isinstance(p, DrawFor):
        return f"{who} to draw a card"
    if isinstance(p, HideGoblin):
        return f"{who} to say whether their Goblin hides"
    return f"{who} to play a Bonus card or not"


def _need_step(state: State, steps: tuple[int, ...], what: str) -> None:
    _need_turn(state, what)
    if state.running is not None:
        raise IllegalInput(f"{what}: people are still running; move them first")
    if state.turn.step not in steps:
        names = {1: "Step 1 (locks)", 2: "Step 2 (place, replace or move)", 3: "Step 3 (scare)",
                 4: "Step 4 (move a monster or a person)", 5: "Step 5 (Block cards)"}
        raise IllegalInput(f"{what} belongs to {' or '.join(names[s] for s in steps)}; this is "
                           f"{names.get(state.turn.step, 'the end of the turn')}")


# ---------------------------------------------------------------- look-ups with clear errors


def room_of(c: Ctx, room: str) -> int:
    i = c.house.index.get(room)
    if i is None:
        raise IllegalInput(f"{room!r} is not a room of this house")
    return i


def kind_of(name: str) -> int:
    try:
        return KINDS.index(name)
    except ValueError:
        raise IllegalInput(f"{name!r} is not a monster: {', '.join(KINDS)}") from None


def seat_of(state: State, colour: str) -> int:
    if colour not in state.seats:
        raise IllegalInput(f"{colour!r} has no seat at this table ({', '.join(state.seats)})")
    return state.seats.index(colour)


def _card(state: State, c: Ctx, seat: int, code: str) -> None:
    if code not in c.cards:
        raise IllegalInput(f"{code!r} is not a Bump in the Night card")
    if code not in state.hands[seat]:
        who, n = state.seats[seat].capitalize(), len(state.hands[seat])
        # Only how many: the hand itself is hidden, and a refusal may show on the table's screen.
        held = f"{who} holds {n} card{'s' if n != 1 else ''}: play one of them" if n else f"{who} holds no cards"
        raise IllegalInput(f"{who} does not hold {c.card(code).name}: {held}")


def _without(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    i = hand.index(code)
    return hand[:i] + hand[i + 1:]


def _set_hand(state: State, seat: int, hand: tuple[str, ...]) -> State:
    return evolve(state, hands=state.hands[:seat] + (tuple(sorted(hand)),) + state.hands[seat + 1:])


def _set_monster(state: State, seat: int, kind: int, room: int) -> State:
    mine = state.monsters[seat]
    mine = mine[:kind] + (room,) + mine[kind + 1:]
    return evolve(state, monsters=state.monsters[:seat] + (mine,) + state.monsters[seat + 1:])


def _note(state: State, line: str) -> State:
    return evolve(state, notices=state.notices + (line,))


# ---------------------------------------------------------------- set-up


def _group_roll(state: State, c: Ctx, inp: GroupRoll) -> State:
    if state.phase is not Phase.ROLL:
        raise IllegalInput("the Group Creation Chart has already been rolled")
    rng = state.rng
    deck = state.deck
    if inp.card:
        if inp.value is not None:
            raise IllegalInput("give the die's value or the card drawn instead, not both")
        if inp.card not in c.cards:
            raise IllegalInput(f"{inp.card!r} is not a Bump in the Night card")
        value = c.card(inp.card).number  # BIN-09: the corner number; the card goes back, shuffled
        deck, rng = Deck.shuffled(deck.name, deck.draw_pile, rng)
        how = f"{c.card(inp.card).name} shows {value}"
    elif inp.value is None:
        value, rng = rng.die()
        how = f"the device rolled {value}"
    else:
        value = check_face(inp.value)
        how = f"the die shows {value}"
    groups = row_for(value, state.options.chart_five, state.options.chart_six)
    if groups is None:  # BIN-G1
        return _note(evolve(state, rng=rng, deck=deck),
                     f"{how}: {value} is not in the printed Group Creation Chart, roll again (BIN-G1).")
    line = f"{how}: six groups of {', '.join(str(g) for g in groups)} girls (Group Creation Chart)."
    state = evolve(state, rng=rng, deck=deck, groups=groups, phase=Phase.PLACE, notices=(line,))
    if state.options.table_places_girls:
        return _note(state, f"Put the first group of {groups[0]} into a room and say which.")
    return state


def _place_girls(state: State, c: Ctx, inp: PlaceGirls) -> State:
    """BIN-G2 default: the six groups go to the six tiles in a random order, each into a random
    room of its tile (the project's rule: the rulebook's steps two and three are missing)."""
    if state.phase is not Phase.PLACE:
        raise IllegalInput("the girls are not being placed now")
    if state.options.table_places_girls:
        raise IllegalInput("the table places the girls (setting table_places_girls): say where each group went")
    rng = state.rng
    order, rng = rng.shuffled(range(6))
    unmoved = list(state.unmoved)
    lines = []
    for group, slot in zip(state.groups, order):
        rooms = c.tile_rooms[slot]
        room, rng = rng.choice(rooms)
        unmoved[room] += group
        lines.append(f"{group} in the {c.house.room_name(room)}")
    state = evolve(state, rng=rng, unmoved=tuple(unmoved), groups=(),
                   notices=("Place the girls: " + ", ".join(lines) + ".",))
    return _deal(state)


def _place_group(state: State, c: Ctx, inp: PlaceGroup) -> State:
    if state.phase is not Phase.PLACE or not state.options.table_places_girls:
        raise IllegalInput("the table places the girls only in set-up with the setting table_places_girls")
    room = room_of(c, inp.room)
    group = state.groups[0]
    unmoved = state.unmoved[:room] + (state.unmoved[room] + group,) + state.unmoved[room + 1:]
    state = evolve(state, unmoved=unmoved, groups=state.groups[1:],
                   notices=(f"{group} girls in the {c.house.room_name(room)}.",))
    if state.groups:
        return _note(state, f"Next, a group of {state.groups[0]}.")
    assert sum(state.unmoved) == GIRLS
    return _deal(state)


def _deal(state: State) -> State:
    """BIN-12: three cards each, from the first player clockwise."""
    n = len(state.seats)
    order = [(state.active + k) % n for k in range(n)]
    draws = tuple(DrawFor(s, "deal") for _ in range(START_HAND) for s in order)
    return evolve(state, phase=Phase.DEAL, pending=draws,
                  notices=state.notices + ("Deal three cards to each player.",))


def _copy_left(state: State, c: Ctx, code: str, scanned: bool, drawer: int) -> str:
    """Copies of a title are alike: a card named by its title (picked on screen) is any copy of it
    still to be drawn (the discards, when the pile is empty and will be reshuffled). A scanned
    sticker is one physical card (rules version 2): read into a hand before (State.read) and not
    back in the draw pile, it is somewhere else and is refused. (A copy named by touch stands for
    any copy of its title, so a sticker only a touch put in a hand is taken for another copy.)"""
    deck = state.deck
    pool = deck.draw_pile or deck.discard_pile
    if code in pool:
        return code
    name = c.card(code).name
    if scanned and code in state.read and state.options.rules_version >= 2:
        where = _whereabouts(state, code, drawer)
        # Another seat's hand is hidden: its card is not named (it may be the one left under the camera).
        this = "this card" if where == "in another player's hand" else f"this {name} card"
        raise IllegalInput(f"{this} is already {where}: each card is in the box once, so it is not the card "
                           f"drawn now. Take it away and scan the card you drew")
    same = sorted(x for x in pool if c.card(x).name == name)
    if not same:
        copies = [x for x in c.cards.codes if c.card(x).name == name]
        places = sorted({_whereabouts(state, x, drawer) for x in copies})
        one = "the only" if len(copies) == 1 else "every"
        raise IllegalInput(f"no {name} card is left to draw ({one} {name} card is {' or '.join(places)}): pick "
                           f"the card as it shows; if it is {name}, a card was named wrong earlier: Undo back to it")
    return same[0]


def _whereabouts(state: State, code: str, drawer: int) -> str:
    """Where a card out of the draw pile is, in words; another seat's hand stays unnamed (hidden)."""
    for seat, hand in enumerate(state.hands):
        if code in hand:
            return "in your hand" if seat == drawer else "in another player's hand"
    for seat, played in enumerate(state.bonuses):
        if code in played:
            return f"played by {state.seats[seat].capitalize()} as a Bonus"
    if code in state.deck.discard_pile:
        return "in the discard pile"
    return "out of the deck"


def _draw(state: State, c: Ctx, inp: Draw) -> State:
    p = _head(state)
    if not isinstance(p, DrawFor):
        raise IllegalInput("nobody is owed a card now")
    deck, rng = state.deck, state.rng
    if not state.options.reshuffle_discards and not deck.draw_pile:
        raise IllegalInput("the deck is empty")
    if inp.card is None:
        code, deck, rng = deck.draw(rng)
    else:
        if inp.card not in c.cards:
            raise IllegalInput(f"{inp.card!r} is not a Bump in the Night card")
        code = _copy_left(state, c, inp.card, inp.scanned, p.seat)
        deck, rng = deck.take(code, rng)
    state = _set_hand(state, p.seat, state.hands[p.seat] + (code,))
    read = state.read | {inp.card} if inp.scanned and inp.card is not None else state.read
    state = evolve(state, deck=deck, rng=rng, pending=state.pending[1:], read=read)
    return _note(state, f"{state.seats[p.seat].capitalize()} draws a card.")


# ---------------------------------------------------------------- Step 1: locks


def _poltergeist_doors(state: State, c: Ctx) -> tuple[str, ...]:
    """BIN-17/G12: the doors the active player's Poltergeist may lock or unlock (none if it is
    not on the board or has been used)."""
    room = state.monsters[state.active][POLTERGEIST]
    if room == SUPPLY or state.turn.poltergeist_used:
        return ()
    return c.lockable if state.options.poltergeist_any_door else c.room_doors[room]


def toggle(state: State, c: Ctx, door: str) -> State:
    if door not in c.house.door_index:
        raise IllegalInput(f"{door!r} is not a door of this house")
    if door not in c.lockable:
        raise IllegalInput(f"the {c.house.doors[c.house.door(door)].name} takes no lock marker: it is always "
                           f"locked unless a card opens it (BIN-58)" if door in ("garage_door", "cemetery_gate")
                           else f"the {door} takes no lock marker (setting front_door_lockable)")
    name = c.house.doors[c.house.door(door)].name
    if door in state.locks:
        return _note(evolve(state, locks=state.locks - {door}), f"Remove the lock marker from {name}.")
    if len(state.locks) >= LOCK_MARKERS:
        raise IllegalInput(f"all {LOCK_MARKERS} lock markers are on doors (BIN-03): remove one instead")
    return _note(evolve(state, locks=state.locks | {door}), f"Put a lock marker on {name}.")


def _lock(state: State, c: Ctx, inp: Lock) -> State:
    _need_step(state, (1,), "Adjusting a lock")
    if inp.poltergeist:
        doors = _poltergeist_doors(state, c)
        if not doors:
            raise IllegalInput("your Poltergeist is not on the board, or has already changed a lock this turn")
        if inp.door not in doors:
            raise IllegalInput(f"your Poltergeist changes a lock on a door of its room only (BIN-G12): "
                               f"{', '.join(doors)}")
        state = toggle(state, c, inp.door)
        return evolve(state, turn=evolve(state.turn, poltergeist_used=True))
    if state.turn.lock_used:
        raise IllegalInput("you have already placed or removed your one lock marker this turn (BIN-26): "
                           "end Step 1 to go on")
    state = toggle(state, c, inp.door)
    return evolve(state, turn=evolve(state.turn, lock_used=True))


# ---------------------------------------------------------------- Step 2: place, replace, move


def _place(state: State, c: Ctx, inp: Place) -> State:
    _need_step(state, (2,), "Placing a monster")
    me = state.active
    kind = kind_of(inp.monster)
    state = _put(state, c, me, kind, inp.room, need_empty=True)
    if inp.partner_room:
        if kind not in (CAT, BAT):
            raise IllegalInput("only the Black Cat and the Scary Bat are placed together (BIN-14)")
        state = _put(state, c, me, BAT if kind == CAT else CAT, inp.partner_room, need_empty=True)
    return evolve(state, turn=evolve(state.turn, step2_left=state.turn.step2_left - 1))


def _put(state: State, c: Ctx, seat: int, kind: int, room_id: str, need_empty: bool) -> State:
    room = room_of(c, room_id)
    if state.monsters[seat][kind] != SUPPLY:
        raise IllegalInput(f"your {MONSTER_NAMES[kind]} is already on the board: move it, or place a monster "
                           f"from your supply")
    if need_empty and state.people(room):
        empty = [r.name for i, r in enumerate(c.house.rooms) if not state.people(i)]
        raise IllegalInput(f"monsters are placed only in rooms with no people (BIN-30): the "
                           f"{c.house.room_name(room)} has {state.people(room)}; rooms with nobody in them: "
                           f"{', '.join(empty) or 'none'}")
    state = _set_monster(state, seat, kind, room)
    return _note(state, f"{state.seats[seat].capitalize()} places the {MONSTER_NAMES[kind]} in the "
                        f"{c.house.room_name(room)}.")


def monster_moves(state: State, c: Ctx, seat: int, kind: int, step4: bool) -> tuple[int, ...]:
    """Where a monster may move: one room through an unlocked door (BIN-31); the Bat two
    (BIN-15, BIN-G11); the Ghost through any wall or locked door, not diagonally (BIN-18)."""
    room = state.monsters[seat][kind]
    if room == SUPPLY:
        return ()
    if kind == GHOST:
        return c.house.walls[room]
    nb = open_neighbours(c, state.locks)
    if kind == BAT and (not step4 or state.options.bat_flies_in_step4):
        two = {x for b in nb[room] for x in nb[b]} - {room}
        if not state.options.bat_exactly_two:
            two |= set(nb[room])
        return tuple(sorted(two))
    return nb[room]


def _move(state: State, c: Ctx, inp: Move) -> State:
    _need_step(state, (2, 4), "Moving a monster")
    me, kind, to = state.active, kind_of(inp.monster), room_of(c, inp.to)
    step4 = state.turn.step == 4
    seat = seat_of(state, inp.colour) if inp.colour else me
    if seat != me and (step4 or not state.options.move_any_monster):
        raise IllegalInput("you move only your own monsters" + (" in Step 4 (BIN-60)" if step4 else
                           " (setting move_any_monster)"))
    whose = "your" if seat == me else f"{inp.colour}'s"
    if state.monsters[seat][kind] == SUPPLY:
        raise IllegalInput(f"{whose} {MONSTER_NAMES[kind]} is not on the board")
    ways = monster_moves(state, c, seat, kind, step4)
    if to not in ways:
        raise IllegalInput(f"{whose} {MONSTER_NAMES[kind]} cannot move from the "
                           f"{c.house.room_name(state.monsters[seat][kind])} to the {c.house.room_name(to)} "
                           f"(it may go to: {', '.join(c.house.room_id(w) for w in ways) or 'nowhere'})")
    line = (f"{state.seats[me].capitalize()} moves {'the' if seat == me else whose} {MONSTER_NAMES[kind]} from the "
            f"{c.house.room_name(state.monsters[seat][kind])} to the {c.house.room_name(to)}.")
    state = _note(_set_monster(state, seat, kind, to), line)
    if step4:
        return evolve(state, turn=evolve(state.turn, step4_used=True))
    return evolve(state, turn=evolve(state.turn, step2_left=state.turn.step2_left - 1))


def _replace(state: State, c: Ctx, inp: Replace) -> State:
    _need_step(state, (2,), "Replacing a monster")
    me, other, kind = state.active, seat_of(state, inp.colour), kind_of(inp.monster)
    if other == me:
        raise IllegalInput("Replace takes a monster belonging to another player (BIN-32)")
    _card(state, c, me, inp.card)
    room = state.monsters[other][kind]
    if room == SUPPLY:
        raise IllegalInput(f"{inp.colour}'s {MONSTER_NAMES[kind]} is not on the board")
    if state.options.replace_from_supply and state.monsters[me][kind] != SUPPLY:
        raise IllegalInput(f"your {MONSTER_NAMES[kind]} is on the board: Replace uses one from your supply (BIN-G19)")
    state = _set_hand(state, me, _without(state.hands[me], inp.card))
    state = evolve(state, deck=state.deck.discard(inp.card))
    state = _set_monster(_set_monster(state, other, kind, SUPPLY), me, kind, room)
    state = _note(state, f"{state.seats[me].capitalize()} discards {c.card(inp.card).name} and replaces "
                         f"{inp.colour}'s {MONSTER_NAMES[kind]} in the {c.house.room_name(room)} with their own.")
    return evolve(state, turn=evolve(state.turn, step2_left=state.turn.step2_left - 1))


# ---------------------------------------------------------------- Step 3: scare


def scare_targets(state: State) -> list[tuple[int, int]]:
    """(seat, kind) of every monster that may start a scare: on the board, not hiding, in a room
    with people (BIN-33)."""
    hidden = state.turn.hidden
    out = []
    for seat, kinds in enumerate(state.monsters):
        for kind, room in enumerate(kinds):
            if room != SUPPLY and state.people(room) and not (kind == GOBLIN and seat in hidden):
                out.append((seat, kind))
    return out


def _scarers(state: State, c: Ctx) -> str:
    """The monsters that may scare now, in words (the board is public)."""
    names = [f"{state.seats[s].capitalize()}'s {MONSTER_NAMES[k]} in the {c.house.room_name(state.monsters[s][k])}"
             for s, k in scare_targets(state)]
    return "a scare may start from " + "; ".join(names) if names else "no monster is in a room with people"


def _scare(state: State, c: Ctx, inp: Scare) -> State:
    _need_step(state, (3,), "Scaring")
    if state.turn.scares_left <= 0:
        raise IllegalInput("you have already scared this turn: end Step 3 to go on")
    seat, kind = seat_of(state, inp.colour), kind_of(inp.monster)
    room = state.monsters[seat][kind]
    if room == SUPPLY:
        raise IllegalInput(f"{inp.colour}'s {MONSTER_NAMES[kind]} is not on the board")
    if kind == GOBLIN and seat in state.turn.hidden:
        raise IllegalInput(f"{inp.colour}'s Goblin is hiding this turn: the room is as if it were not there (BIN-35)")
    if not state.people(room):
        raise IllegalInput(f"nobody is in the {c.house.room_name(room)} to scare: {_scarers(state, c)}")
    if kind == GOBLIN and seat != state.active:  # BIN-35: its owner decides at once
        return evolve(state, pending=state.pending + (HideGoblin(seat),),
                      notices=state.notices + (f"{state.seats[state.active].capitalize()} wants to use "
                                               f"{inp.colour}'s Goblin: {inp.colour}, does it hide?",))
    return scare.start(state, c, seat, kind)


def _hide(state: State, c: Ctx, inp: Hide) -> State:
    p = _head(state)
    if not isinstance(p, HideGoblin):
        raise IllegalInput("no Goblin is being used now")
    state = evolve(state, pending=state.pending[1:])
    who = state.seats[p.seat].capitalize()
    if inp.hide:
        return _note(evolve(state, turn=evolve(state.turn, hidden=state.turn.hidden | {p.seat})),
                     f"{who}'s Goblin hides: it is not there for the rest of this turn.")
    return scare.start(_note(state, f"{who}'s Goblin does not hide."), c, p.seat, GOBLIN)


def _run(state: State, c: Ctx, inp: Run) -> State:
    _need_turn(state, "Moving a scared person")
    if state.running is None:
        raise IllegalInput("nobody is running: no scare is being resolved")
    return scare.run(state, c, inp)


def _run_plan(state: State, c: Ctx, inp: RunPlan) -> State:
    if not inp.steps:
        raise IllegalInput("a plan needs at least one move")
    for k, step in enumerate(inp.steps):
        if state.phase is Phase.OVER or state.running is None or state.pending:
            raise IllegalInput(f"move {k + 1} of the plan comes after the scare stopped")
        try:
            state = _run(state, c, step)
        except IllegalInput as exc:
            raise IllegalInput(f"move {k + 1} of the plan: {exc}") from None
    return state


def _bonus(state: State, c: Ctx, inp: Bonus) -> State:
    p = _head(state)
    if not isinstance(p, BonusChance):
        raise IllegalInput("no Bonus card can be played now")
    state = evolve(state, pending=state.pending[1:])
    who = state.seats[p.seat].capitalize()
    if not inp.card:
        state = _note(state, f"{who} plays no Bonus card.")
        return scare.advance(state, c) if state.running is not None else state
    _card(state, c, p.seat, inp.card)
    card = c.card(inp.card)
    if card.deck != BONUS:
        raise IllegalInput(f"{card.name} is not a Bonus card")
    fits = (card.room and p.room in c.house.rooms_named(card.room)) or (card.monster and KINDS[p.monster] == card.monster)
    if not fits:
        raise IllegalInput(f"{card.name} names {card.room or card.monster}: it does not fit the "
                           f"{KINDS[p.monster]} in the {c.house.room_name(p.room)}")
    state = _set_hand(state, p.seat, _without(state.hands[p.seat], inp.card))
    bonuses = state.bonuses[:p.seat] + (state.bonuses[p.seat] + (inp.card,),) + state.bonuses[p.seat + 1:]
    state = evolve(state, bonuses=bonuses, quiet=0)
    state = _note(state, f"{who} plays {card.name}: one more point ({state.score(p.seat)} in all), and one girl "
                         f"stops in the {c.house.room_name(p.room)} (BIN-23).")
    state = scare.hold(state, p.runner)
    if flow.won(state, p.seat) and state.options.five_off_turn_wins_at_once:  # BIN-G16 setting
        if state.running is not None:
            state = scare.finish(state)
        return flow.over(state, (p.seat,), "five", f"{who} has {state.score(p.seat)} and wins at once.")
    return scare.advance(state, c) if state.running is not None else state


# ---------------------------------------------------------------- Step 4: move a monster or a person


def person_moves(state: State, c: Ctx, room: int, figure5: bool) -> tuple[int, ...]:
    """Rooms next door through an unlocked door, never outside (BIN-60); with Figure 5, not into a
    room with a monster while another way has none (BIN-49)."""
    ways = open_neighbours(c, state.locks)[room]
    if not figure5:
        return ways
    mask, _ = presence(c.n_rooms, state.monsters, state.turn.hidden)
    calm = tuple(w for w in ways if not (mask >> w) & 1)
    return calm or ways


def move_person(state: State, c: Ctx, room_id: str, to_id: str, unmoved: bool, figure5: bool) -> State:
    room, to = room_of(c, room_id), room_of(c, to_id)
    counts = state.unmoved if unmoved else state.moved
    if not counts[room]:
        raise IllegalInput(f"no girl who has {'never' if unmoved else 'already'} moved is in the "
                           f"{c.house.room_name(room)}")
    ways = person_moves(state, c, room, figure5)
    if to not in ways:
        raise IllegalInput(f"a girl in the {c.house.room_name(room)} may move to "
                           f"{', '.join(c.house.room_id(w) for w in ways) or 'nowhere'}, not {to_id}")
    um, mv = list(state.unmoved), list(state.moved)
    (um if unmoved else mv)[room] -= 1
    (mv if (state.options.step4_marks_moved or not unmoved) else um)[to] += 1  # BIN-G10
    state = evolve(state, unmoved=tuple(um), moved=tuple(mv))
    return _note(state, f"Move a girl from the {c.house.room_name(room)} to the {c.house.room_name(to)}.")


def _move_person(state: State, c: Ctx, inp: MovePerson) -> State:
    _need_step(state, (4,), "Moving a person")
    state = move_person(state, c, inp.room, inp.to, inp.unmoved, state.options.step4_people_obey_figure5)
    return evolve(state, turn=evolve(state.turn, step4_used=True))


# ---------------------------------------------------------------- Step 5 and the cards


def _play_card(state: State, c: Ctx, inp: PlayCard) -> State:
    _need_turn(state, "Playing a card")
    me = state.active
    _card(state, c, me, inp.card)
    card = c.card(inp.card)
    t = state.turn
    if card.deck == BONUS:
        raise IllegalInput("a Bonus card is played when another player uses your monster (BIN-22)")
    if not card.playable:
        raise IllegalInput(f"{card.name}: its effect is not in the catalogue (BIN-G4): name the card in cards.toml")
    if card.deck == BLOCK:
        _need_step(state, (5,), "A Block card")  # BIN-21/61
        if t.blocks_left <= 0:
            raise IllegalInput("you have played your Block card this turn")
    elif state.running is not None and card.effect not in RUNNING_CARDS:
        raise IllegalInput(f"{card.name} cannot be played while people are running: move them first")
    if t.step >= 6:
        raise IllegalInput("the turn is over")
    state = _note(state, f"{state.seats[me].capitalize()} plays {card.name}.")
    state = _effect(state, c, card.effect, card.n, card.kind, inp)
    state = _set_hand(state, me, _without(state.hands[me], inp.card))
    state = evolve(state, deck=state.deck.discard(inp.card))
    if card.deck == BLOCK:
        state = evolve(state, turn=evolve(state.turn, blocks_left=state.turn.blocks_left - 1))
    if state.running is not None:  # a card that changes how people run: the forced moves again
        state = scare.advance(state, c)
    return state


def _effect(state: State, c: Ctx, effect: str, n: int, kind_filter: str, inp: PlayCard) -> State:
    t = state.turn
    if effect == "open_gates":  # BIN-58
        if t.gates_open:
            raise IllegalInput("the Garage Door and the Cemetery Gate are already open this turn")
        return evolve(state, turn=evolve(t, gates_open=True))
    if effect == "through_locks":  # BIN-47
        if t.through_locks:
            raise IllegalInput("scared people may already pass locked doors this turn")
        return evolve(state, turn=evolve(t, through_locks=True))
    if effect in ("scare_plus", "terror_plus", "extra_scare"):
        if t.step > 3:
            raise IllegalInput("no scare is left this turn (Step 3 is over)")
        if effect == "scare_plus":
            return evolve(state, turn=evolve(t, scare_plus=t.scare_plus + n))
        if effect == "terror_plus":
            return evolve(state, turn=evolve(t, terror_plus=t.terror_plus + n))
        return evolve(state, turn=evolve(t, scares_left=t.scares_left + 1))
    if effect == "extra_step2":
        if t.step > 2:
            raise IllegalInput("Step 2 is over this turn")
        return evolve(state, turn=evolve(t, step2_left=t.step2_left + 1))
    if effect == "place_anywhere":
        return _put(state, c, state.active, kind_of(inp.monster), inp.room, need_empty=False)
    if effect == "move_person":
        return move_person(state, c, inp.room, inp.to, inp.unmoved, figure5=False)
    if effect == "lock_change":
        return toggle(state, c, inp.door)
    if effect == "remove_monster":
        seat, kind = seat_of(state, inp.colour), kind_of(inp.monster)
        if kind_filter != "any" and KINDS[kind] != kind_filter:
            raise IllegalInput(f"this card sends a {kind_filter} home, not a {KINDS[kind]}")
        room = state.monsters[seat][kind]
        if room == SUPPLY:
            raise IllegalInput(f"{inp.colour}'s {MONSTER_NAMES[kind]} is not on the board")
        return _note(_set_monster(state, seat, kind, SUPPLY),
                     f"Return {inp.colour}'s {MONSTER_NAMES[kind]} from the {c.house.room_name(room)} to its owner.")
    if effect == "clear_room":
        room = room_of(c, inp.room)
        _, present = presence(c.n_rooms, state.monsters, frozenset())
        if not present[room]:
            raise IllegalInput(f"no monster is in the {c.house.room_name(room)}")
        for seat, kind in present[room]:
            state = _set_monster(state, seat, kind, SUPPLY)
        return _note(state, f"Return every monster in the {c.house.room_name(room)} to its owner.")
    raise IllegalInput(f"unknown card effect {effect!r}")


def _done(state: State, c: Ctx, inp: Done) -> State:
    _need_turn(state, "Ending a step")
    if state.running is not None:
        raise IllegalInput("people are still running: move them first")
    t = state.turn
    if t.step == 3 and not state.options.scare_optional and t.scares_left > 0 and scare_targets(state):
        raise IllegalInput(f"you must scare (setting scare_optional is off): {_scarers(state, c)}")
    if t.step == 5:
        return flow.end_turn(state, c)
    if t.step >= 6:
        raise IllegalInput("the turn is already over")
    if t.step == 2:
        t = evolve(t, step2_left=0)
    if t.step == 3:
        t = evolve(t, scares_left=0)
    return evolve(state, turn=evolve(t, step=t.step + 1))


_HANDLERS: dict[type, Callable[[State, Ctx, Any], State]] = {
    GroupRoll: _group_roll, PlaceGirls: _place_girls, PlaceGroup: _place_group, Draw: _draw, Lock: _lock,
    Place: _place, Move: _move, Replace: _replace, Scare: _scare, Hide: _hide, Run: _run, RunPlan: _run_plan,
    Bonus: _bonus, MovePerson: _move_person, PlayCard: _play_card, Done: _done,
}

__all__ = ["apply", "setup", "settle", "OUTSIDE"]
