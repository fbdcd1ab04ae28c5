"""The inputs the table makes: the children's Actions, dice, cards and the player-run Boogeyman's choices."""

from __future__ import annotations

from companion.core.errors import IllegalInput, NotYourTurn
from companion.core.evolve import evolve
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman import v1
from companion.games.boogeyman.cards import (
    discard,
    put_card_in_play,
    refuse_second_copy,
    remember_name,
    stress,
    take_chosen,
    take_drawn,
    track_drawn,
    track_played,
)
from companion.games.boogeyman.common import (
    DECK_NAMES,
    PLACED_KINDS,
    TOKEN_KINDS,
    adults_in,
    babysitter_graph,
    child_graph,
    need_action,
    need_free_room,
    need_turn,
    note,
    pending_of,
    pop,
    roll,
    set_child,
    set_room,
    title,
    waits_first,
    zone_name,
)
from companion.games.boogeyman.effects import EFFECT_NAMES
from companion.games.boogeyman.figures import (
    appear,
    babysitter_meets,
    encounter,
    move_babysitter,
    possessed_move,
    reveal,
    walk_babysitter,
)
from companion.games.boogeyman.finale import check_finale_trigger, finale_arrival
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rounds import (
    advance_turn,
    begin_turn,
    gain_candy,
    lose_status,
    new_round,
    place_tokens,
    room_token_pools,
)
from companion.games.boogeyman.state import (
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    DEVICE_ANSWERS_SEARCH,
    DrawCard,
    Effect,
    HideTokens,
    Mode,
    NeedRoll,
    Pending,
    Phase,
    SearchToken,
    State,
    SteerBabysitter,
    Switch,
    TieRoll,
)

# ---------------------------------------------------------------- the children's Actions

def move(s: State, i: I.Move) -> State:
    c = need_turn(s, i.child)
    need_action(s, c)
    house = house_for(s.options.board)
    if i.to not in house.zones:
        raise IllegalInput(f"there is no zone {i.to!r} on {house.name}")
    if not child_graph(s).adjacent(c.zone, i.to):
        if i.to == house.attic and house.graph().adjacent(c.zone, i.to):
            raise IllegalInput(f"the Attic ({zone_name(s, i.to)}) is padlocked: use the Skeleton Key first")
        if i.to == house.secret_room:
            raise IllegalInput("the Secret Room can only be reached through a revealed Trap Door")
        raise IllegalInput(f"{zone_name(s, i.to)} is not next to {zone_name(s, c.zone)}")
    s = set_child(s, evolve(c, zone=i.to))
    s = evolve(s, actions_left=s.actions_left - 1)
    return arrive(s, i.child, i.to)


def arrive(s: State, name: str, zone: str) -> State:
    """'Entering a Room with a Character' and the Ladder reveals."""
    older = [t for t in s.ladder[: len(s.ladder) - s.current] if t.room == zone and not t.face_up]
    if older:
        # A child entering a room on an older token reveals it: only the Light turns Dark.
        s = reveal(s, zone)
        s = note(s, f"The Boogeyman was in {zone_name(s, zone)} before")
    meets_boogeyman = zone in s.boogeyman or zone in s.current_rooms
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = appear(s, zone)
    if s.babysitter == zone:
        s = encounter(s, name, "SITR")
        s = evolve(s, turn_ending=True)
    elif meets_boogeyman:
        s = encounter(s, name, "BOOG")
        s = evolve(s, turn_ending=True)
    return finale_arrival(s, name)


def taken_index(stack: tuple[SearchToken, ...], token: SearchToken | None, top_only: bool = False) -> int:
    """Which token of a room's stack a search takes off the device's model.

    "When you search, you take the top Search token from the Room you are in" (The Children's
    Actions, Search a Room): the table turns over the top token of its physical stack, and the
    device's order of a stack is only its guess (the table shuffled the tokens face down; in
    Competitive only the Boogeyman knows what it placed, never in which order). So the token the
    table turned over and scanned or named is the one taken: the first equal token of the stack;
    failing that, the first one nobody placed (a random token); failing that, the top.
    Without a scan (`token` None) the device's top token is taken.

    `top_only` is the old reading (before issue 25 #16): always the top token, whichever was
    scanned. Games recorded under it replay with it; the rules version chooses.
    """
    if token is None or top_only:
        return 0
    for n, t in enumerate(stack):
        if t == token:
            return n
    for n, t in enumerate(stack):
        if t.kind not in PLACED_KINDS:
            return n
    return 0


SEARCH_TAKES_SCANNED = 3  # the rules version from which a scanned token is the one taken


def device_answers_search(s: State) -> bool:
    """Competitive with the device as the Boogeyman (rules version 4 on, issue 25 #7): it hid the
    Objectives, the Trap Door and the Skeleton Key where only it knows ("The Boogeyman player ...
    places the Objective tokens, the Trap Door and the Skeleton Key", Competitive set-up), so it
    keeps every Search token off the table and says what each search finds; the table names none."""
    return (s.options.mode == Mode.COMPETITIVE and s.options.device_boogeyman
            and s.options.rules_version >= DEVICE_ANSWERS_SEARCH)


def search(s: State, i: I.Search, top_only: bool | None = None) -> State:
    """`top_only`: the reading before issue 25 #16 (see taken_index); by default, that of the
    game's rules version (1 and 2: the top token)."""
    if top_only is None:
        top_only = s.options.rules_version < SEARCH_TAKES_SCANNED
    c = need_turn(s, i.child)
    need_action(s, c)
    room = need_free_room(s, c, "search")
    if room.switch is not None:
        raise IllegalInput("remove the Light/Dark token first: you cannot search under it")
    if room.lock:
        raise IllegalInput("a Lock is on this room's stack: remove it first")
    if not room.stack:
        raise IllegalInput(f"{zone_name(s, c.zone)} has nothing left to search")
    answered = device_answers_search(s)
    if answered and i.token is not None:
        raise IllegalInput("the device hid the Search tokens and keeps them: it says what a search finds, "
                           "nobody turns one over")
    n = taken_index(room.stack, i.token, top_only)
    token, rest = i.token or room.stack[n], room.stack[:n] + room.stack[n + 1:]
    if token.kind not in TOKEN_KINDS:
        raise IllegalInput(f"unknown Search token kind {token.kind!r}")
    s = set_room(s, c.zone, evolve(room, stack=rest))
    s = evolve(s, actions_left=s.actions_left - 1)
    who = title(c.name)
    if token.kind == "noise":
        s = note(s, f"{who} finds a noise {token.value}: draw a Search card; the Babysitter moves {token.value}")
        s = evolve(s, pending=s.pending + (DrawCard("SRCH", c.name),))
        return move_babysitter(s, c.zone, token.value, noisy_child=c.name)
    if token.kind == "die":
        s = note(s, f"{who} finds a die noise: draw a Search card and roll")
        return evolve(s, pending=s.pending + (DrawCard("SRCH", c.name), NeedRoll(c.name, "noise")))
    if token.kind == "candy":
        s = note(s, f"{who} finds Candy")
        return gain_candy(s, c.name, 1)
    if token.kind == "objective":
        s = set_child(s, evolve(c, objectives=c.objectives + (token.colour,)))
        box = ": take it from the box" if answered else ""
        s = note(s, f"{who} finds an Objective token ({token.colour}){box}")
        return check_finale_trigger(s)
    if token.kind == "trap_door":
        s = evolve(s, trap_door=c.zone)
        box = " (take the Trap Door token from the box and put it there)" if answered else ""
        return note(s, f"{who} finds the Trap Door! {zone_name(s, c.zone)} now leads to the Secret Room{box}")
    if token.kind == "skeleton_key":
        s = set_child(s, evolve(c, has_key=True))
        return note(s, f"{who} finds the Skeleton Key" + (": take it from the box" if answered else ""))
    return note(s, f"{who} finds nothing")


def flip_switch(s: State, i: I.FlipSwitch) -> State:
    c = need_turn(s, i.child)
    need_action(s, c)
    room = need_free_room(s, c, "flip the switch")
    if room.switch is None:
        raise IllegalInput(f"{zone_name(s, c.zone)} has no Light/Dark token")
    deck = "LGHT" if room.switch == Switch.LIGHT else "DARK"
    s = set_room(s, c.zone, evolve(room, switch=None))
    s = evolve(s, actions_left=s.actions_left - 1, pending=s.pending + (DrawCard(deck, c.name),))
    return note(s, f"{title(c.name)} takes the {DECK_NAMES[deck]} token: draw a {DECK_NAMES[deck]} card")


def break_lock(s: State, i: I.BreakLock) -> State:
    c = need_turn(s, i.child)
    need_action(s, c)
    room = need_free_room(s, c, "break a Lock")
    if not room.lock:
        raise IllegalInput(f"{zone_name(s, c.zone)} has no Lock")
    if room.switch is not None:
        raise IllegalInput("the Light/Dark token lies on top of the Lock: remove it first")
    s = evolve(s, actions_left=s.actions_left - 1, pending=s.pending + (NeedRoll(c.name, "lock"),))
    return note(s, f"{title(c.name)} tries to break the Lock: roll the die")


def use_key(s: State, i: I.UseKey) -> State:
    c = need_turn(s, i.child)
    house = house_for(s.options.board)
    if not c.has_key:
        raise IllegalInput(f"{title(c.name)} does not have the Skeleton Key")
    if s.attic_unlocked:
        raise IllegalInput("the Attic is already open")
    if not house.graph().adjacent(c.zone, house.attic):
        raise IllegalInput(f"{title(c.name)} must stand next to the Attic's padlock")
    s = evolve(set_child(s, evolve(c, has_key=False)), attic_unlocked=True)
    return note(s, f"{title(c.name)} opens the Attic with the Skeleton Key")


def revive(s: State, i: I.Revive) -> State:
    c = need_turn(s, i.child)
    need_action(s, c)
    try:
        t = s.child(i.target)
    except KeyError:
        raise IllegalInput(f"there is no child called {i.target!r}") from None
    if not t.passed_out or t.removed:
        raise IllegalInput(f"{title(t.name)} has not Passed Out")
    if t.zone != c.zone:
        raise IllegalInput(f"{title(t.name)} is not in {title(c.name)}'s zone")
    if adults_in(s, c.zone):
        raise IllegalInput(f"{title(c.name)} cannot act with the Babysitter or the Boogeyman in the room")
    # Reviving (rulebook p.14 is not in the text): the child gets back the Terrified card; the
    # Nightmare leaves play.
    s = discard(s, t.nightmare)
    s = set_child(s, evolve(t, status=1, nightmare=""))
    s = evolve(s, actions_left=s.actions_left - 1)
    return note(s, f"{title(c.name)} revives {title(t.name)}")


# ---------------------------------------------------------------- dice

def _die(s: State, i: I.RollDie) -> tuple[int, State]:
    if i.value is None:
        value, s = roll(s)
        return value, note(s, f"The device rolls {value}")
    if not 1 <= i.value <= 6:
        raise IllegalInput(f"a die shows 1 to 6, not {i.value}")
    return i.value, note(s, f"The die shows {i.value}")


def _then_first(s: State, rest: tuple[Pending, ...]) -> State:
    """What a resolved roll leads to comes before the decisions that were already waiting."""
    return evolve(s, pending=s.pending + rest)


def roll_die(s: State, i: I.RollDie) -> State:
    head = s.pending[0] if s.pending else None
    if isinstance(head, TieRoll):
        return tie_die(s, head, i)
    p = pending_of(s, NeedRoll)
    assert isinstance(p, NeedRoll)
    value, s = _die(s, i)
    if p.purpose == "possessed":
        rest = s.pending[1:]
        s = evolve(s, pending=())
        s = note(s, f"The Possessed Babysitter moves {value}")
        return _then_first(possessed_move(s, value, p.on_turn), rest)
    s = evolve(pop(s), pending=(AdjustRoll(p.child, p.purpose, value),) + s.pending[1:])
    if s.child(p.child).candy == 0:
        return resolve_roll(s, 0)
    return s


def spend_candy(s: State, i: I.SpendCandy) -> State:
    head = s.pending[0] if s.pending else None
    if isinstance(head, TieRoll) and head.rolled:
        return tie_candy(s, head, i.delta)
    pending_of(s, AdjustRoll)
    return resolve_roll(s, i.delta)


# ---------------------------------------------------------------- tie-break rolls

def tie_die(s: State, p: TieRoll, i: I.RollDie) -> State:
    if p.rolled:
        raise IllegalInput(f"{title(p.roller)} rolled {p.rolled}: spend Candy or keep it first")
    who = p.roller
    value, s = _die(s, i)
    s = note(s, f"{title(who)} rolls {value}")
    if who == p.candy and s.child(who).candy > 0:
        return evolve(s, pending=(evolve(p, rolled=value),) + s.pending[1:])
    return tie_next(s, evolve(p, rolls=p.rolls + (value,)))


def tie_candy(s: State, p: TieRoll, delta: int) -> State:
    c = s.child(p.roller)
    if abs(delta) > c.candy:
        raise IllegalInput(f"{title(c.name)} has only {c.candy} Candy, cannot change the roll by {delta}")
    s = set_child(s, evolve(c, candy=c.candy - abs(delta)))
    result = max(0, p.rolled + delta)
    if delta:
        s = note(s, f"{title(c.name)} spends {abs(delta)} Candy: the roll is now {result}")
    return tie_next(s, evolve(p, rolls=p.rolls + (result,), rolled=0))


def tie_next(s: State, p: TieRoll) -> State:
    """Another child to roll, a tie among the lowest that rolls again, or the one who faces it."""
    rest = s.pending[1:]
    if len(p.rolls) < len(p.children):
        return evolve(s, pending=(p,) + rest)
    low = min(p.rolls)
    lowest = [n for n, v in zip(p.children, p.rolls) if v == low]
    s = evolve(s, pending=())
    if len(lowest) > 1:
        s = note(s, f"{' and '.join(title(n) for n in lowest)} tie on {low}: they roll again")
        return evolve(s, pending=(evolve(p, children=tuple(lowest), rolls=(), rolled=0,
                                         candy=p.candy if p.candy in lowest else ""),) + rest)
    victim = lowest[0]
    s = note(s, f"{title(victim)} rolled lowest ({low})")
    if p.then == "boogeyman":
        s = encounter(s, victim, "BOOG", p.on_turn)
    elif p.then == "babysitter":
        s = babysitter_meets(s, victim, p.noisy, p.on_turn)
    else:
        s = move_babysitter(s, s.child(victim).zone, p.steps, possessed=True, on_turn=p.on_turn)
    return _then_first(s, rest)


def resolve_roll(s: State, delta: int) -> State:
    p = s.pending[0]
    assert isinstance(p, AdjustRoll)
    c = s.child(p.child)
    if abs(delta) > c.candy:
        raise IllegalInput(f"{title(c.name)} has only {c.candy} Candy, cannot change the roll by {delta}")
    s = set_child(pop(s), evolve(c, candy=c.candy - abs(delta)))
    result = max(0, p.rolled + delta)
    if delta:
        s = note(s, f"{title(c.name)} spends {abs(delta)} Candy: the roll is now {result}")
    if p.purpose == "lock":
        before = s.babysitter
        s = move_babysitter(s, c.zone, result, noisy_child=c.name)
        room = s.room(c.zone)
        if s.babysitter != c.zone and room is not None:
            s = set_room(s, c.zone, evolve(room, lock=False))
            return note(s, "The Lock breaks")
        if before == c.zone:
            return s
        return note(s, "The Babysitter reached the room: the Lock holds")
    return move_babysitter(s, c.zone, result, noisy_child=c.name)


# ---------------------------------------------------------------- cards

def check_effects(effects: tuple[Effect, ...]) -> None:
    for e in effects:
        if e.effect not in EFFECT_NAMES:
            raise IllegalInput(f"unknown card effect {e.effect!r}")
        if e.n < 0:
            raise IllegalInput(f"effect {e.effect} needs a count of 0 or more, not {e.n}")


def card_drawn(s: State, i: I.CardDrawn) -> State:
    p = pending_of(s, DrawCard)
    assert isinstance(p, DrawCard)
    parts = i.code.split(":")
    if len(parts) != 3 or parts[0] != "BGM":
        raise IllegalInput(f"{i.code!r} is not a Boogeyman card code")
    if parts[1] != p.deck:
        raise IllegalInput(f"expected a {DECK_NAMES[p.deck]} card, got {i.code}")
    check_effects(i.effects)
    refuse_second_copy(s, i.code, i.name)
    s = track_drawn(remember_name(pop(s), i.code, i.name), i.code, p.child)
    if p.deck in ("NGHT", "TRBL", "EVNT"):
        # The Boogeyman's card, drawn at the table: it lasts as the rules say.
        s = put_card_in_play(take_drawn(s, i.code), i.code, p.child)
        who = p.child or s.active
        return apply_effects(s, who, i.effects) if who else s
    if p.encounter:
        s = stress(s, "babysitter" if p.deck == "SITR" else "boogeyman", p.child)
        if s.phase == Phase.OVER:
            return s
    if p.ends_turn:
        s = evolve(s, turn_ending=True)
    return apply_effects(s, p.child, i.effects)


def _shown(s: State, code: str) -> str:
    """A played card in the table's notes: its name (rules version 1: its code)."""
    return code if v1.applies(s) else s.card_name(code)


def play_card(s: State, i: I.PlayCard) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput("cards are played during play")
    try:
        c = s.child(i.child)
    except KeyError:
        raise IllegalInput(f"there is no child called {i.child!r}") from None
    if not i.code.startswith("BGM:SRCH:"):
        raise IllegalInput(f"{i.code} is not a Search card")
    check_effects(i.effects)
    s = track_played(remember_name(s, i.code, i.name), i.code)
    names = {e.effect for e in i.effects}
    if "cancel_encounter" in names:
        head = s.pending[0] if s.pending else None
        if not (isinstance(head, DrawCard) and head.encounter and head.child == c.name):
            raise IllegalInput("there is no encounter of this child to cancel")
        # 'The encounter never happened': no card, no Stress.
        s = evolve(pop(s), turn_ending=False)
        s = note(s, f"{title(c.name)} plays {_shown(s, i.code)}: the encounter never happened")
        return apply_effects(s, c.name, tuple(e for e in i.effects if e.effect != "cancel_encounter"))
    head = s.pending[0] if s.pending else None
    if isinstance(head, DrawCard) and head.encounter and head.child == c.name:
        # Played against an encounter it cannot cancel: say that, and the two ways on.
        raise IllegalInput(f"{s.card_name(i.code)} does not cancel an encounter: {title(c.name)} draws the top "
                           f"{DECK_NAMES[head.deck]} card, or plays a Search card that cancels it")
    if s.pending:
        raise IllegalInput(waits_first(s))
    if s.active != c.name:
        raise NotYourTurn(f"{title(c.name)} can play cards on their own turn (it is {title(s.active)}'s)")
    s = note(s, f"{title(c.name)} plays {_shown(s, i.code)}")
    return apply_effects(s, c.name, i.effects)


def apply_effects(s: State, name: str, effects: tuple[Effect, ...]) -> State:
    for e in effects:
        c = s.child(name)
        if e.effect == "lose_status":
            s = lose_status(s, name, e.n)
        elif e.effect == "gain_status":
            s = set_child(s, evolve(c, status=min(3, c.status + e.n)))
        elif e.effect == "lose_candy":
            s = set_child(s, evolve(c, candy=max(0, c.candy - e.n)))
        elif e.effect == "gain_candy":
            s = gain_candy(s, name, e.n)
        elif e.effect == "babysitter_toward":
            s = move_babysitter(s, c.zone, e.n, noisy_child=name)
        elif e.effect == "babysitter_to_child":
            s = move_babysitter(s, c.zone, 99, noisy_child=name)
        elif e.effect == "remove_lock":
            room = s.room(c.zone)
            if room is not None:
                s = set_room(s, c.zone, evolve(room, lock=False))
        elif e.effect == "extra_actions" and s.active == name:
            s = evolve(s, actions_left=s.actions_left + e.n)
        elif e.effect == "lose_actions" and s.active == name:
            s = evolve(s, actions_left=max(0, s.actions_left - e.n))
        elif e.effect == "end_turn" and s.active == name:
            s = evolve(s, turn_ending=True)
        if s.phase == Phase.OVER:
            break
    return s


def apply_effects_input(s: State, i: I.ApplyEffects) -> State:
    if s.phase not in (Phase.PLAY, Phase.FINALE):
        raise IllegalInput("effects apply during play")
    try:
        s.child(i.child)
    except KeyError:
        raise IllegalInput(f"there is no child called {i.child!r}") from None
    check_effects(i.effects)
    return apply_effects(s, i.child, i.effects)


def place_figure(s: State, i: I.PlaceFigure) -> State:
    house = house_for(s.options.board)
    if s.phase != Phase.PLAY:
        raise IllegalInput("figures move during play")
    if i.zone not in house.zones:
        raise IllegalInput(f"there is no zone {i.zone!r} on {house.name}")
    if i.figure == "babysitter":
        return walk_babysitter(s, (i.zone,), "", False)
    if i.figure == "boogeyman":
        return evolve(s, boogeyman=(i.zone,))
    raise IllegalInput(f"unknown figure {i.figure!r}: babysitter or boogeyman")


def end_turn(s: State, i: I.EndTurn) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput(f"no turn to end in the {s.phase.value} phase")
    if s.pending:
        raise IllegalInput(waits_first(s))
    if not s.order:
        raise IllegalInput("no child is left to play")
    return advance_turn(s)


# ---------------------------------------------------------------- the player-run Boogeyman

def place_room_tokens(s: State, i: I.PlaceRoomTokens) -> State:
    p = pending_of(s, ChooseRoomTokens)
    assert isinstance(p, ChooseRoomTokens)
    if len(i.rooms) != p.count or len(set(i.rooms)) != len(i.rooms):
        raise IllegalInput(f"play exactly {p.count} different Room token(s)")
    for r, pool in zip(i.rooms, room_token_pools(s, p.count)):
        if r not in pool:
            raise IllegalInput(f"Room token {r} is on the Ladder and cannot be played until it fills")
    s = place_tokens(pop(s), i.rooms)
    if s.phase == Phase.PLACEMENT:
        # Competitive set-up: 'a Room token is placed face down on the first space of the Ladder',
        # chosen by the Boogeyman player. Then the first child plays.
        return s if s.pending else begin_turn(evolve(s, phase=Phase.PLAY))
    return new_round(s)


def choose_card(s: State, i: I.ChooseCardInput) -> State:
    p = pending_of(s, ChooseCard)
    assert isinstance(p, ChooseCard)
    if i.code.split(":")[1:2] != [p.deck]:
        raise IllegalInput(f"choose a {DECK_NAMES[p.deck]} card, not {i.code}")
    s = take_chosen(pop(s), i.code)
    return put_card_in_play(s, i.code, p.child)


def steer(s: State, i: I.SteerBabysitterInput) -> State:
    p = pending_of(s, SteerBabysitter)
    assert isinstance(p, SteerBabysitter)
    if len(i.path) > p.steps:
        raise IllegalInput(f"the Babysitter moves at most {p.steps} rooms")
    graph = babysitter_graph(s)
    here = s.babysitter
    for z in i.path:
        if not graph.adjacent(here, z):
            raise IllegalInput(f"the Babysitter cannot go from {here} to {z}")
        here = z
    return walk_babysitter(pop(s), i.path, "", True, p.on_turn)


def hide_tokens(s: State, i: I.HideTokensInput) -> State:
    from companion.games.boogeyman.setup import deal_hidden

    p = pending_of(s, HideTokens)
    assert isinstance(p, HideTokens)
    house = house_for(s.options.board)
    chosen = i.objectives + (i.trap_door, i.skeleton_key)
    if len(i.objectives) != p.objectives:
        raise IllegalInput(f"hide exactly {p.objectives} Objective tokens")
    for r in chosen:
        if r not in house.rooms:
            raise IllegalInput(f"{r!r} is not a numbered Room")
    for r in set(chosen):
        if chosen.count(r) > house.tokens_per_room:
            raise IllegalInput(f"Room {r} holds only {house.tokens_per_room} Search tokens")
    s = deal_hidden(pop(s), i)
    return s if s.pending else begin_turn(evolve(s, phase=Phase.PLAY))
