"""The Boogeyman reducer: `apply(state, input) -> state`, validating first, pure, deterministic.

Section names in comments are the rulebook's (shared/seeds/000_2850ad6adba777bb.txt).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from companion.core.errors import IllegalInput, NotYourTurn
from companion.core.graph import Graph
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.effects import EFFECT_NAMES
from companion.games.boogeyman.houses import house_for, walk_graph
from companion.games.boogeyman.state import (
    ACTIONS_PER_TURN,
    CANDY_CAP,
    AdjustRoll,
    ChooseCard,
    ChooseRoomTokens,
    Child,
    Deck,
    DrawCard,
    Effect,
    HideTokens,
    LadderToken,
    Mode,
    NeedRoll,
    Pending,
    Phase,
    PlayFinale,
    Room,
    State,
    SteerBabysitter,
    Switch,
)

TOKEN_KINDS = ("noise", "die", "candy", "objective", "trap_door", "skeleton_key", "blank")
DECK_NAMES = {
    "SITR": "Babysitter", "BOOG": "Boogeyman", "LGHT": "Light", "DARK": "Dark", "SRCH": "Search",
    "NGHT": "Nightmare", "TRBL": "Trouble", "EVNT": "Event",
}


# ---------------------------------------------------------------- small pure helpers

def _note(s: State, text: str) -> State:
    return replace(s, notices=s.notices + (text,))


def _set_child(s: State, child: Child) -> State:
    return replace(s, children=tuple(child if c.name == child.name else c for c in s.children))


def _set_room(s: State, zone: str, room: Room) -> State:
    return replace(s, rooms=tuple((z, room if z == zone else r) for z, r in s.rooms))


def _set_deck(s: State, deck: Deck) -> State:
    return replace(s, decks=tuple(deck if d.code == deck.code else d for d in s.decks))


def _roll(s: State) -> tuple[int, State]:
    value, rng = s.rng.die()
    return value, replace(s, rng=rng)


def zone_name(s: State, zone: str) -> str:
    return f"Room {zone}" if house_for(s.options.board).is_room(zone) else f"corridor {zone}"


def title(name: str) -> str:
    return name.capitalize()


def conscious_children_in(s: State, zone: str) -> list[Child]:
    return [c for c in s.children if c.on_board and not c.passed_out and c.zone == zone]


def adults_in(s: State, zone: str) -> bool:
    return s.babysitter == zone or zone in s.boogeyman


def child_graph(s: State) -> Graph:
    return walk_graph(s.options.board, s.attic_unlocked, s.trap_door, False)


def babysitter_graph(s: State) -> Graph:
    return walk_graph(s.options.board, s.attic_unlocked, s.trap_door, True)


def _lowest_roller(s: State, names: list[str]) -> tuple[str, State]:
    """'They each roll 1 die: whoever rolls the lowest number' — ties among the lowest roll again."""
    contenders = sorted(names, key=s.order.index) if all(n in s.order for n in names) else sorted(names)
    while len(contenders) > 1:
        rolls: list[tuple[int, str]] = []
        for n in contenders:
            v, s = _roll(s)
            rolls.append((v, n))
        low = min(v for v, _ in rolls)
        s = _note(s, "Rolls: " + ", ".join(f"{title(n)} {v}" for v, n in rolls))
        contenders = [n for v, n in rolls if v == low]
    return contenders[0], s


# ---------------------------------------------------------------- decks the device draws

def _device_draw(s: State, code: str) -> tuple[str, State]:
    deck = s.deck(code)
    if not deck.remaining:
        # An empty deck is reshuffled from its discards.
        shuffled, rng = s.rng.shuffled(deck.discard)
        deck = Deck(code, shuffled, ())
        s = replace(s, rng=rng)
    if not deck.remaining:
        return "", s
    card = deck.remaining[0]
    s = _set_deck(s, replace(deck, remaining=deck.remaining[1:]))
    return card, s


def _discard(s: State, card: str) -> State:
    if not card:
        return s
    code = card.split(":")[1]
    deck = s.deck(code)
    return _set_deck(s, replace(deck, discard=deck.discard + (card,)))


def _take_chosen(s: State, card: str) -> State:
    code = card.split(":")[1]
    deck = s.deck(code)
    if card not in deck.remaining:
        raise IllegalInput(f"{card} is not available in the {DECK_NAMES[code]} deck")
    return _set_deck(s, replace(deck, remaining=tuple(c for c in deck.remaining if c != card)))


def _boogeyman_card(s: State, deck: str, child: str = "") -> State:
    """A Nightmare, Trouble or Event card: drawn by the device, or chosen by the Boogeyman player."""
    if s.player_run:
        d = s.deck(deck)
        if not d.remaining and d.discard:
            # Every card was used: the Boogeyman player takes the discards back to choose from.
            s = _set_deck(s, Deck(deck, tuple(sorted(d.discard)), ()))
        if not s.deck(deck).remaining:
            return _note(s, f"The {DECK_NAMES[deck]} deck is empty")
        return replace(s, pending=s.pending + (ChooseCard(deck, child),))
    card, s = _device_draw(s, deck)
    if not card:
        return _note(s, f"The {DECK_NAMES[deck]} deck is empty")
    return _put_card_in_play(s, card, child)


def _put_card_in_play(s: State, card: str, child: str) -> State:
    deck = card.split(":")[1]
    if deck == "NGHT":
        c = s.child(child)
        s = _set_child(s, replace(c, nightmare=card))
        return _note(s, f"Nightmare on {title(child)}: take Nightmare card {card} and read it to everyone")
    if deck == "EVNT":
        s = replace(s, active_event=card)
        return _note(s, f"Event: take Event card {card}; it lasts the whole next round")
    s = _discard(s, card)
    return _note(s, f"Trouble: take Trouble card {card} and play it now")


# ---------------------------------------------------------------- the Stress Scale

def _stress(s: State, who: str) -> State:
    """'Move the matching token up one space'; a Trouble symbol draws a Trouble card; both at top ends it."""
    house = house_for(s.options.board)
    field_name = "stress_boogeyman" if who == "boogeyman" else "stress_babysitter"
    before = getattr(s, field_name)
    after = min(before + 1, house.stress_top)
    s = replace(s, **{field_name: after})
    if after != before and after in house.stress_trouble:
        s = _boogeyman_card(s, "TRBL")
    if s.stress_boogeyman >= house.stress_top and s.stress_babysitter >= house.stress_top:
        s = replace(s, phase=Phase.OVER, winner="boogeyman", pending=())
        s = _note(s, "Both Stress tokens reached the top: the Children lose")
    return s


# ---------------------------------------------------------------- status, candy, passing out

def _lose_status(s: State, name: str, n: int) -> State:
    c = s.child(name)
    if c.passed_out:
        return s
    status = max(0, c.status - n)
    c = replace(c, status=status, candy=min(c.candy, CANDY_CAP[status]) if status else c.candy)
    s = _set_child(s, c)
    if status == 0:
        s = _pass_out(s, name)
    return s


def _pass_out(s: State, name: str) -> State:
    s = _note(s, f"{title(name)} Passes Out! Lay the miniature down")
    if s.options.mode == Mode.SEMI and not s.player_run:
        return _take_over(s, name)
    return s


def _take_over(s: State, name: str) -> State:
    """Semi-Cooperative Mode, 'Becoming the Boogeyman'."""
    c = s.child(name)
    room = s.room(c.zone)
    if room is not None:
        from companion.games.boogeyman.state import SearchToken

        # Objectives and Items go to the bottom of the stack in the Room they Passed Out in.
        buried = tuple(SearchToken("objective", colour=col) for col in c.objectives)
        if c.has_key:
            buried += (SearchToken("skeleton_key"),)
        s = _set_room(s, c.zone, replace(room, stack=room.stack + buried))
    s = _set_child(s, replace(c, removed=True, candy=0, objectives=(), has_key=False, nightmare=""))
    i = s.order.index(name)
    rest = s.order[i + 1:] + s.order[:i]
    new_order = tuple(n for n in rest if not s.child(n).removed)
    s = replace(s, player_run=True, boogeyman_seat=name, order=new_order, turn=0,
                actions_left=ACTIONS_PER_TURN, turn_ending=False,
                pending=tuple(p for p in s.pending if getattr(p, "child", None) != name))
    s = _note(s, f"{title(name)} becomes the Boogeyman: take the Room tokens and the Nightmare, "
                 f"Trouble and Event cards. {title(new_order[0]) if new_order else 'Nobody'} takes the Flashlight")
    return _begin_turn(s) if new_order else s


def _gain_candy(s: State, name: str, n: int) -> State:
    c = s.child(name)
    cap = CANDY_CAP[c.status] if not c.passed_out else 0
    return _set_child(s, replace(c, candy=max(0, min(cap, c.candy + n))))


# ---------------------------------------------------------------- the Boogeyman appears

def _reveal(s: State, zone: str) -> State:
    """Flip face-down Ladder tokens of this room; flip its Light token to Dark."""
    ladder = tuple(replace(t, face_up=True) if t.room == zone else t for t in s.ladder)
    s = replace(s, ladder=ladder)
    room = s.room(zone)
    if room is not None and room.switch == Switch.LIGHT:
        s = _set_room(s, zone, replace(room, switch=Switch.DARK))
    return s


def _place_miniature(s: State, zone: str) -> State:
    """Its miniature goes to `zone`; a second one stays only where it is also 'now' (Nightmare Mode)."""
    if zone in s.boogeyman:
        return s
    keep = tuple(z for z in s.boogeyman if z in s.current_rooms) if len(s.current_rooms) > 1 else ()
    return replace(s, boogeyman=keep + (zone,))


def _appear(s: State, zone: str) -> State:
    """The Boogeyman is revealed in `zone` and its miniature placed there."""
    s = _place_miniature(_reveal(s, zone), zone)
    return _note(s, f"The Boogeyman appears in {zone_name(s, zone)}!")


def _boogeyman_interaction(s: State, zone: str) -> State:
    """'Interacting with the Boogeyman' when it reveals itself at the end of a round."""
    kids = conscious_children_in(s, zone)
    sitter = s.babysitter == zone
    if kids and sitter:
        return _note(s, "Adults and children together: the Boogeyman stays in the shadows")
    if kids:
        victim, s = _lowest_roller(s, [c.name for c in kids])
        return _encounter(s, victim, "BOOG")
    if sitter:
        return _possess(s)
    return s


def _encounter(s: State, name: str, deck: str) -> State:
    who = "the Babysitter" if deck == "SITR" else "the Boogeyman"
    s = _note(s, f"{title(name)} meets {who}: draw a {DECK_NAMES[deck]} card")
    own_turn = name == s.active
    return replace(s, pending=s.pending + (DrawCard(deck, name, encounter=True, ends_turn=own_turn),))


# ---------------------------------------------------------------- the Babysitter moves

def _move_babysitter(s: State, target: str, steps: int, noisy_child: str = "", possessed: bool = False) -> State:
    """Move her `steps` rooms along the shortest path toward `target`, stopping at the first child."""
    if steps <= 0:
        return s
    path = babysitter_graph(s).path(s.babysitter, target)
    if path is None:
        return _note(s, "The Babysitter cannot reach there")
    return _walk_babysitter(s, path[1:steps + 1], noisy_child, possessed)


def _walk_babysitter(s: State, path: tuple[str, ...], noisy_child: str, possessed: bool) -> State:
    for zone in path:
        s = replace(s, babysitter=zone)
        kids = conscious_children_in(s, zone)
        if kids:
            victim, s = _lowest_roller(s, [c.name for c in kids])
            s = _note(s, f"The Babysitter stops in {zone_name(s, zone)}")
            if zone in s.current_rooms and zone not in s.boogeyman:
                s = _place_miniature(_reveal(s, zone), zone)
            s = _encounter(s, victim, "SITR")
            if victim == noisy_child and noisy_child == s.active:
                s = replace(s, turn_ending=True)
            return s
    s = _note(s, f"The Babysitter moves to {zone_name(s, s.babysitter)}")
    zone = s.babysitter
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = _appear(s, zone)
    if zone in s.boogeyman and not possessed:
        # 'To be Possessed, the Babysitter must be stationary ... in the same place as the Boogeyman.'
        s = _possess(s)
    return s


def _possess(s: State) -> State:
    """The Possessed Babysitter: 1 die of rooms toward the nearest child, or where its player says."""
    steps, s = _roll(s)
    s = _note(s, f"The Babysitter is Possessed! Rolled {steps}")
    if s.player_run:
        return replace(s, pending=s.pending + (SteerBabysitter(steps),))
    graph = babysitter_graph(s)
    dist = graph.distances(s.babysitter)
    kids = [c for c in s.children if c.on_board and not c.passed_out and c.zone in dist]
    if not kids:
        return s
    nearest = min(dist[c.zone] for c in kids)
    tied = [c.name for c in kids if dist[c.zone] == nearest]
    target, s = _lowest_roller(s, tied) if len(tied) > 1 else (tied[0], s)
    return _move_babysitter(s, s.child(target).zone, steps, possessed=True)


# ---------------------------------------------------------------- turns and rounds

def _begin_turn(s: State) -> State:
    s = replace(s, actions_left=ACTIONS_PER_TURN, turn_ending=False)
    if not s.order:
        return s
    c = s.child(s.active)
    if c.passed_out:
        # 'Nightmares: The next time the Passed Out Child's turn comes up, they must draw 1 Nightmare card.'
        if c.nightmare:
            s = _note(s, f"{title(c.name)}'s Nightmare {c.nightmare} strikes again")
        else:
            s = _boogeyman_card(s, "NGHT", c.name)
        s = replace(s, actions_left=0)
    return s


def _advance_turn(s: State) -> State:
    s = replace(s, turn_ending=False)
    if s.turn + 1 < len(s.order):
        return _begin_turn(replace(s, turn=s.turn + 1))
    return _boogeyman_turn(s)


def _boogeyman_turn(s: State) -> State:
    """End of round: 'After every child has taken their turn, the Boogeyman plays.'"""
    if s.active_event:
        s = replace(_discard(s, s.active_event), active_event="")
    if not s.player_run:
        # Run by the game: reveal the room on the last token(s), then draw a new one.
        waiting = len(s.pending)
        for zone in s.current_rooms:
            s = _appear(s, zone)
            s = _boogeyman_interaction(s, zone)
            if s.phase == Phase.OVER:
                return s
        # Met on the Boogeyman's turn, not on the child's: the child's next turn is not cut short.
        met = tuple(replace(p, ends_turn=False) if isinstance(p, DrawCard) else p for p in s.pending[waiting:])
        s = replace(s, pending=s.pending[:waiting] + met, turn_ending=False)
        s = _place_tokens(s, _draw_tokens(s, _tokens_per_turn(s)))
        return _new_round(s)
    return replace(s, pending=s.pending + (ChooseRoomTokens(_tokens_per_turn(s)),))


def _tokens_per_turn(s: State) -> int:
    from companion.games.boogeyman.state import Difficulty

    return 2 if s.options.difficulty == Difficulty.NIGHTMARE else 1


def _draw_tokens(s: State, count: int) -> tuple[str, ...]:
    """The next random tokens (the reserve is kept shuffled, so 'random' is the front)."""
    reserve = s.reserve
    if len(reserve) < count:
        reserve = reserve + tuple(t.room for t in s.ladder)
    return reserve[:count]


def _place_tokens(s: State, rooms: tuple[str, ...]) -> State:
    """'Any Room token placed on the Ladder cannot be used again until the entire Ladder is full.'"""
    house = house_for(s.options.board)
    for room in rooms:
        if len(s.ladder) >= house.ladder_spaces:
            # The Ladder is full: every token goes back and is mixed into a new reserve.
            back, rng = s.rng.shuffled(s.reserve + tuple(t.room for t in s.ladder))
            s = replace(s, ladder=(), reserve=back, rng=rng, current=0)
            s = _note(s, "The Ladder is full: all Room tokens are shuffled back")
            if room not in s.reserve:
                raise IllegalInput(f"Room token {room} is not available")
        s = replace(s, ladder=s.ladder + (LadderToken(room),), reserve=tuple(r for r in s.reserve if r != room))
        if len(s.ladder) in house.ladder_event_spaces:
            s = _note(s, f"Ladder space {len(s.ladder)} shows the Event symbol")
            s = _boogeyman_card(s, "EVNT")
    return replace(s, current=len(rooms))


def _new_round(s: State) -> State:
    s = replace(s, round=s.round + 1, turn=0)
    s = _note(s, f"Round {s.round}: {title(s.order[0]) if s.order else 'nobody'} goes first")
    return _begin_turn(s)


def _settle(s: State) -> State:
    """Once nothing is pending, a turn that an encounter ended passes to the next player."""
    while s.phase == Phase.PLAY and not s.pending and s.turn_ending:
        s = _advance_turn(s)
    return s


# ---------------------------------------------------------------- validation helpers

def _need_turn(s: State, name: str) -> Child:
    if s.phase != Phase.PLAY:
        raise IllegalInput(f"the game is in its {s.phase.value} phase, not in play")
    try:
        c = s.child(name)
    except KeyError:
        raise IllegalInput(f"there is no child called {name!r} in this game") from None
    if s.pending:
        raise IllegalInput(f"first: {describe_pending(s, s.pending[0])}")
    if c.removed:
        raise IllegalInput(f"{title(name)} is no longer in the game")
    if s.active != name:
        raise NotYourTurn(f"it is {title(s.active)}'s turn, not {title(name)}'s")
    if c.passed_out:
        raise IllegalInput(f"{title(name)} has Passed Out and cannot act")
    return c


def _need_action(s: State, c: Child) -> None:
    if s.actions_left <= 0:
        raise IllegalInput(f"{title(c.name)} has no Actions left this turn")


def _need_free_room(s: State, c: Child, what: str) -> Room:
    """'No Child can take any Actions in a Room that the Babysitter is in' (nor the Boogeyman)."""
    if adults_in(s, c.zone):
        raise IllegalInput(f"{title(c.name)} cannot {what} with the Babysitter or the Boogeyman in the room")
    room = s.room(c.zone)
    if room is None:
        raise IllegalInput(f"{title(c.name)} is in a corridor: nothing to {what} there")
    return room


def describe_pending(s: State, p: Pending) -> str:
    if isinstance(p, DrawCard):
        return f"{title(p.child)}: draw a {DECK_NAMES[p.deck]} card"
    if isinstance(p, NeedRoll):
        return f"{title(p.child)}: roll the die"
    if isinstance(p, AdjustRoll):
        return f"{title(p.child)} rolled {p.rolled}: spend Candy (+1/-1 each) or keep it"
    if isinstance(p, ChooseRoomTokens):
        return f"Boogeyman: play {p.count} Room token{'s' if p.count > 1 else ''} face down"
    if isinstance(p, ChooseCard):
        return f"Boogeyman: choose a {DECK_NAMES[p.deck]} card"
    if isinstance(p, SteerBabysitter):
        return f"Boogeyman: move the Possessed Babysitter up to {p.steps} rooms"
    if isinstance(p, HideTokens):
        return f"Boogeyman: hide the {p.objectives} Objectives, the Trap Door and the Skeleton Key"
    return "play the Finale from the Book of Endings, then say how it ended"


def _pending_of(s: State, tp: type) -> Pending:
    if s.phase == Phase.OVER:
        raise IllegalInput("the game is over")
    if not s.pending or not isinstance(s.pending[0], tp):
        if s.pending:
            raise IllegalInput(f"not now: first, {describe_pending(s, s.pending[0])}")
        raise IllegalInput("nothing is waiting for that")
    return s.pending[0]


def _pop(s: State) -> State:
    return replace(s, pending=s.pending[1:])


# ---------------------------------------------------------------- the children's Actions

def _move(s: State, i: I.Move) -> State:
    c = _need_turn(s, i.child)
    _need_action(s, c)
    house = house_for(s.options.board)
    if i.to not in house.zones:
        raise IllegalInput(f"there is no zone {i.to!r} on {house.name}")
    if not child_graph(s).adjacent(c.zone, i.to):
        if i.to == house.attic and house.graph().adjacent(c.zone, i.to):
            raise IllegalInput(f"the Attic ({zone_name(s, i.to)}) is padlocked: use the Skeleton Key first")
        if i.to == house.secret_room:
            raise IllegalInput("the Secret Room can only be reached through a revealed Trap Door")
        raise IllegalInput(f"{zone_name(s, i.to)} is not next to {zone_name(s, c.zone)}")
    s = _set_child(s, replace(c, zone=i.to))
    s = replace(s, actions_left=s.actions_left - 1)
    return _arrive(s, i.child, i.to)


def _arrive(s: State, name: str, zone: str) -> State:
    """'Entering a Room with a Character' and the Ladder reveals."""
    older = [t for t in s.ladder[: len(s.ladder) - s.current] if t.room == zone and not t.face_up]
    if older:
        # A child entering a room on an older token reveals it: only the Light turns Dark.
        s = _reveal(s, zone)
        s = _note(s, f"The Boogeyman was in {zone_name(s, zone)} before")
    meets_boogeyman = zone in s.boogeyman or zone in s.current_rooms
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = _appear(s, zone)
    if s.babysitter == zone:
        s = _encounter(s, name, "SITR")
        s = replace(s, turn_ending=True)
    elif meets_boogeyman:
        s = _encounter(s, name, "BOOG")
        s = replace(s, turn_ending=True)
    return _finale_arrival(s, name)


def _search(s: State, i: I.Search) -> State:
    c = _need_turn(s, i.child)
    _need_action(s, c)
    room = _need_free_room(s, c, "search")
    if room.switch is not None:
        raise IllegalInput("remove the Light/Dark token first: you cannot search under it")
    if room.lock:
        raise IllegalInput("a Lock is on this room's stack: remove it first")
    if not room.stack:
        raise IllegalInput(f"{zone_name(s, c.zone)} has nothing left to search")
    token, rest = i.token or room.stack[0], room.stack[1:]
    if token.kind not in TOKEN_KINDS:
        raise IllegalInput(f"unknown Search token kind {token.kind!r}")
    s = _set_room(s, c.zone, replace(room, stack=rest))
    s = replace(s, actions_left=s.actions_left - 1)
    who = title(c.name)
    if token.kind == "noise":
        s = _note(s, f"{who} finds a noise {token.value}: draw a Search card; the Babysitter moves {token.value}")
        s = replace(s, pending=s.pending + (DrawCard("SRCH", c.name),))
        return _move_babysitter(s, c.zone, token.value, noisy_child=c.name)
    if token.kind == "die":
        s = _note(s, f"{who} finds a die noise: draw a Search card and roll")
        return replace(s, pending=s.pending + (DrawCard("SRCH", c.name), NeedRoll(c.name, "noise")))
    if token.kind == "candy":
        s = _note(s, f"{who} finds Candy")
        return _gain_candy(s, c.name, 1)
    if token.kind == "objective":
        s = _set_child(s, replace(c, objectives=c.objectives + (token.colour,)))
        s = _note(s, f"{who} finds an Objective token ({token.colour})")
        return _check_finale_trigger(s)
    if token.kind == "trap_door":
        s = replace(s, trap_door=c.zone)
        return _note(s, f"{who} finds the Trap Door! {zone_name(s, c.zone)} now leads to the Secret Room")
    if token.kind == "skeleton_key":
        s = _set_child(s, replace(c, has_key=True))
        return _note(s, f"{who} finds the Skeleton Key")
    return _note(s, f"{who} finds nothing")


def _flip_switch(s: State, i: I.FlipSwitch) -> State:
    c = _need_turn(s, i.child)
    _need_action(s, c)
    room = _need_free_room(s, c, "flip the switch")
    if room.switch is None:
        raise IllegalInput(f"{zone_name(s, c.zone)} has no Light/Dark token")
    deck = "LGHT" if room.switch == Switch.LIGHT else "DARK"
    s = _set_room(s, c.zone, replace(room, switch=None))
    s = replace(s, actions_left=s.actions_left - 1, pending=s.pending + (DrawCard(deck, c.name),))
    return _note(s, f"{title(c.name)} takes the {DECK_NAMES[deck]} token: draw a {DECK_NAMES[deck]} card")


def _break_lock(s: State, i: I.BreakLock) -> State:
    c = _need_turn(s, i.child)
    _need_action(s, c)
    room = _need_free_room(s, c, "break a Lock")
    if not room.lock:
        raise IllegalInput(f"{zone_name(s, c.zone)} has no Lock")
    if room.switch is not None:
        raise IllegalInput("the Light/Dark token lies on top of the Lock: remove it first")
    s = replace(s, actions_left=s.actions_left - 1, pending=s.pending + (NeedRoll(c.name, "lock"),))
    return _note(s, f"{title(c.name)} tries to break the Lock: roll the die")


def _use_key(s: State, i: I.UseKey) -> State:
    c = _need_turn(s, i.child)
    house = house_for(s.options.board)
    if not c.has_key:
        raise IllegalInput(f"{title(c.name)} does not have the Skeleton Key")
    if s.attic_unlocked:
        raise IllegalInput("the Attic is already open")
    if not house.graph().adjacent(c.zone, house.attic):
        raise IllegalInput(f"{title(c.name)} must stand next to the Attic's padlock")
    s = replace(_set_child(s, replace(c, has_key=False)), attic_unlocked=True)
    return _note(s, f"{title(c.name)} opens the Attic with the Skeleton Key")


def _revive(s: State, i: I.Revive) -> State:
    c = _need_turn(s, i.child)
    _need_action(s, c)
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
    s = _discard(s, t.nightmare)
    s = _set_child(s, replace(t, status=1, nightmare=""))
    s = replace(s, actions_left=s.actions_left - 1)
    return _note(s, f"{title(c.name)} revives {title(t.name)}")


# ---------------------------------------------------------------- dice

def _roll_die(s: State, i: I.RollDie) -> State:
    p = _pending_of(s, NeedRoll)
    assert isinstance(p, NeedRoll)
    if i.value is None:
        value, s = _roll(s)
        how = "The device rolls"
    else:
        if not 1 <= i.value <= 6:
            raise IllegalInput(f"a die shows 1 to 6, not {i.value}")
        value, how = i.value, "The die shows"
    s = replace(_pop(s), pending=(AdjustRoll(p.child, p.purpose, value),) + s.pending[1:])
    s = _note(s, f"{how} {value}")
    if s.child(p.child).candy == 0:
        return _resolve_roll(s, 0)
    return s


def _spend_candy(s: State, i: I.SpendCandy) -> State:
    _pending_of(s, AdjustRoll)
    return _resolve_roll(s, i.delta)


def _resolve_roll(s: State, delta: int) -> State:
    p = s.pending[0]
    assert isinstance(p, AdjustRoll)
    c = s.child(p.child)
    if abs(delta) > c.candy:
        raise IllegalInput(f"{title(c.name)} has only {c.candy} Candy, cannot change the roll by {delta}")
    s = _set_child(_pop(s), replace(c, candy=c.candy - abs(delta)))
    result = max(0, p.rolled + delta)
    if delta:
        s = _note(s, f"{title(c.name)} spends {abs(delta)} Candy: the roll is now {result}")
    if p.purpose == "lock":
        before = s.babysitter
        s = _move_babysitter(s, c.zone, result, noisy_child=c.name)
        room = s.room(c.zone)
        if s.babysitter != c.zone and room is not None:
            s = _set_room(s, c.zone, replace(room, lock=False))
            return _note(s, "The Lock breaks")
        if before == c.zone:
            return s
        return _note(s, "The Babysitter reached the room: the Lock holds")
    return _move_babysitter(s, c.zone, result, noisy_child=c.name)


# ---------------------------------------------------------------- cards

def _check_effects(effects: tuple[Effect, ...]) -> None:
    for e in effects:
        if e.effect not in EFFECT_NAMES:
            raise IllegalInput(f"unknown card effect {e.effect!r}")
        if e.n < 0:
            raise IllegalInput(f"effect {e.effect} needs a count of 0 or more, not {e.n}")


def _card_drawn(s: State, i: I.CardDrawn) -> State:
    p = _pending_of(s, DrawCard)
    assert isinstance(p, DrawCard)
    parts = i.code.split(":")
    if len(parts) != 3 or parts[0] != "BGM":
        raise IllegalInput(f"{i.code!r} is not a Boogeyman card code")
    if parts[1] != p.deck:
        raise IllegalInput(f"expected a {DECK_NAMES[p.deck]} card, got {i.code}")
    _check_effects(i.effects)
    s = _pop(s)
    if p.encounter:
        s = _stress(s, "babysitter" if p.deck == "SITR" else "boogeyman")
        if s.phase == Phase.OVER:
            return s
    if p.ends_turn:
        s = replace(s, turn_ending=True)
    return _apply_effects(s, p.child, i.effects)


def _play_card(s: State, i: I.PlayCard) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput("cards are played during play")
    try:
        c = s.child(i.child)
    except KeyError:
        raise IllegalInput(f"there is no child called {i.child!r}") from None
    if not i.code.startswith("BGM:SRCH:"):
        raise IllegalInput(f"{i.code} is not a Search card")
    _check_effects(i.effects)
    names = {e.effect for e in i.effects}
    if "cancel_encounter" in names:
        head = s.pending[0] if s.pending else None
        if not (isinstance(head, DrawCard) and head.encounter and head.child == c.name):
            raise IllegalInput("there is no encounter of this child to cancel")
        # 'The encounter never happened': no card, no Stress.
        s = replace(_pop(s), turn_ending=False)
        s = _note(s, f"{title(c.name)} plays {i.code}: the encounter never happened")
        return _apply_effects(s, c.name, tuple(e for e in i.effects if e.effect != "cancel_encounter"))
    if s.pending:
        raise IllegalInput(f"first: {describe_pending(s, s.pending[0])}")
    if s.active != c.name:
        raise NotYourTurn(f"{title(c.name)} can play cards on their own turn (it is {title(s.active)}'s)")
    s = _note(s, f"{title(c.name)} plays {i.code}")
    return _apply_effects(s, c.name, i.effects)


def _apply_effects(s: State, name: str, effects: tuple[Effect, ...]) -> State:
    for e in effects:
        c = s.child(name)
        if e.effect == "lose_status":
            s = _lose_status(s, name, e.n)
        elif e.effect == "gain_status":
            s = _set_child(s, replace(c, status=min(3, c.status + e.n)))
        elif e.effect == "lose_candy":
            s = _set_child(s, replace(c, candy=max(0, c.candy - e.n)))
        elif e.effect == "gain_candy":
            s = _gain_candy(s, name, e.n)
        elif e.effect == "babysitter_toward":
            s = _move_babysitter(s, c.zone, e.n, noisy_child=name)
        elif e.effect == "babysitter_to_child":
            s = _move_babysitter(s, c.zone, 99, noisy_child=name)
        elif e.effect == "remove_lock":
            room = s.room(c.zone)
            if room is not None:
                s = _set_room(s, c.zone, replace(room, lock=False))
        elif e.effect == "extra_actions" and s.active == name:
            s = replace(s, actions_left=s.actions_left + e.n)
        elif e.effect == "lose_actions" and s.active == name:
            s = replace(s, actions_left=max(0, s.actions_left - e.n))
        elif e.effect == "end_turn" and s.active == name:
            s = replace(s, turn_ending=True)
        if s.phase == Phase.OVER:
            break
    return s


def _apply_effects_input(s: State, i: I.ApplyEffects) -> State:
    if s.phase not in (Phase.PLAY, Phase.FINALE):
        raise IllegalInput("effects apply during play")
    try:
        s.child(i.child)
    except KeyError:
        raise IllegalInput(f"there is no child called {i.child!r}") from None
    _check_effects(i.effects)
    return _apply_effects(s, i.child, i.effects)


def _place_figure(s: State, i: I.PlaceFigure) -> State:
    house = house_for(s.options.board)
    if s.phase != Phase.PLAY:
        raise IllegalInput("figures move during play")
    if i.zone not in house.zones:
        raise IllegalInput(f"there is no zone {i.zone!r} on {house.name}")
    if i.figure == "babysitter":
        return _walk_babysitter(s, (i.zone,), "", False)
    if i.figure == "boogeyman":
        return replace(s, boogeyman=(i.zone,))
    raise IllegalInput(f"unknown figure {i.figure!r}: babysitter or boogeyman")


def _end_turn(s: State, i: I.EndTurn) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput(f"no turn to end in the {s.phase.value} phase")
    if s.pending:
        raise IllegalInput(f"first: {describe_pending(s, s.pending[0])}")
    if not s.order:
        raise IllegalInput("no child is left to play")
    return _advance_turn(s)


# ---------------------------------------------------------------- the player-run Boogeyman

def _place_room_tokens(s: State, i: I.PlaceRoomTokens) -> State:
    p = _pending_of(s, ChooseRoomTokens)
    assert isinstance(p, ChooseRoomTokens)
    if len(i.rooms) != p.count or len(set(i.rooms)) != len(i.rooms):
        raise IllegalInput(f"play exactly {p.count} different Room token(s)")
    available = set(s.reserve) if len(s.ladder) < house_for(s.options.board).ladder_spaces \
        else set(s.reserve) | {t.room for t in s.ladder}
    for r in i.rooms:
        if r not in available:
            raise IllegalInput(f"Room token {r} is on the Ladder and cannot be played until it fills")
    s = _place_tokens(_pop(s), i.rooms)
    return _new_round(s)


def _choose_card(s: State, i: I.ChooseCardInput) -> State:
    p = _pending_of(s, ChooseCard)
    assert isinstance(p, ChooseCard)
    if i.code.split(":")[1:2] != [p.deck]:
        raise IllegalInput(f"choose a {DECK_NAMES[p.deck]} card, not {i.code}")
    s = _take_chosen(_pop(s), i.code)
    return _put_card_in_play(s, i.code, p.child)


def _steer(s: State, i: I.SteerBabysitterInput) -> State:
    p = _pending_of(s, SteerBabysitter)
    assert isinstance(p, SteerBabysitter)
    if len(i.path) > p.steps:
        raise IllegalInput(f"the Babysitter moves at most {p.steps} rooms")
    graph = babysitter_graph(s)
    here = s.babysitter
    for z in i.path:
        if not graph.adjacent(here, z):
            raise IllegalInput(f"the Babysitter cannot go from {here} to {z}")
        here = z
    return _walk_babysitter(_pop(s), i.path, "", True)


def _hide_tokens(s: State, i: I.HideTokensInput) -> State:
    from companion.games.boogeyman.setup import deal_hidden

    p = _pending_of(s, HideTokens)
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
    s = deal_hidden(_pop(s), i)
    return _begin_turn(replace(s, phase=Phase.PLAY))


# ---------------------------------------------------------------- the Mission and the Finale

def _objective_goal(s: State) -> tuple[str, int]:
    counts: dict[str, int] = {}
    for c in s.children:
        for col in c.objectives:
            counts[col] = counts.get(col, 0) + 1
    for col in s.finale_stack:
        counts[col] = counts.get(col, 0) + 1
    if not counts:
        return "", 0
    col = max(sorted(counts), key=lambda k: counts[k])
    return col, counts[col]


def _check_finale_trigger(s: State) -> State:
    """'When the Children are in possession of all 3 Objective tokens, a Room token is drawn.'"""
    if s.finale_room:
        return _finale_arrival(s, s.active)
    _, count = _objective_goal(s)
    if count < 3:
        return s
    pool = s.reserve or tuple(t.room for t in s.ladder)
    room, rng = s.rng.choice(pool)
    s = replace(s, finale_room=room, rng=rng)
    s = _note(s, f"All 3 Objectives found! Place the Finale token in {zone_name(s, room)}")
    for c in s.children:
        s = _finale_arrival(s, c.name)
    return s


def _finale_arrival(s: State, name: str) -> State:
    """Objective tokens carried into the Finale room are stacked there; the first carrier after
    the Mission is done becomes the Leader."""
    if not s.finale_room or not name:
        return s
    c = s.child(name)
    if c.zone != s.finale_room or not c.objectives or c.removed:
        return s
    s = _set_child(s, replace(c, objectives=()))
    s = replace(s, finale_stack=s.finale_stack + c.objectives)
    s = _note(s, f"{title(name)} stacks {len(c.objectives)} Objective token(s) in the Finale room")
    if s.mission_done and not s.leader:
        s = replace(s, leader=name)
        s = _note(s, f"{title(name)} is the Leader")
    return s


def _mission_complete(s: State, i: I.MissionComplete) -> State:
    if s.phase != Phase.PLAY:
        raise IllegalInput("the Mission is completed during play")
    if s.mission_done:
        raise IllegalInput("the Mission is already complete")
    return _note(replace(s, mission_done=True), "Mission complete: the Finale can begin once everything is ready")


def _start_finale(s: State, i: I.StartFinale) -> State:
    c = _need_turn(s, i.child)
    if not s.mission_done:
        raise IllegalInput("the Mission must be completed before the Finale")
    if not s.finale_room:
        raise IllegalInput("the Children do not hold all 3 Objective tokens yet")
    if not s.leader:
        raise IllegalInput("nobody has brought an Objective token to the Finale room since the Mission")
    if s.leader != c.name:
        raise IllegalInput(f"only the Leader ({title(s.leader)}) can start the Finale")
    col, count = _objective_goal(s)
    if len([x for x in s.finale_stack if x == col]) < 3:
        raise IllegalInput("all 3 Objective tokens must be stacked in the Finale room")
    house = house_for(s.options.board)
    # 'Shuffle ALL the Room tokens ... and without looking at them draw one.'
    number, rng = s.rng.choice(house.rooms)
    kids = tuple(k.name for k in s.children if k.on_board and k.zone == s.finale_room and not k.passed_out)
    s = replace(s, rng=rng, phase=Phase.FINALE, finale_number=int(number), finale_children=kids,
                pending=(PlayFinale(),))
    return _note(s, f"The Finale begins: reveal your Objective cards, then open the Book of Endings at Finale {number}")


def _finale_outcome(s: State, i: I.FinaleOutcome) -> State:
    _pending_of(s, PlayFinale)
    s = replace(_pop(s), phase=Phase.OVER, winner="children" if i.children_won else "boogeyman")
    return _note(s, "The Children survive the night!" if i.children_won else "The Boogeyman wins")


# ---------------------------------------------------------------- the reducer

_HANDLERS: dict[type, Callable[[State, object], State]] = {}


def _on(tp: type, fn: Callable[[State, object], State]) -> None:
    _HANDLERS[tp] = fn


for _tp, _fn in (
    (I.Move, _move), (I.Search, _search), (I.FlipSwitch, _flip_switch), (I.BreakLock, _break_lock),
    (I.UseKey, _use_key), (I.Revive, _revive), (I.RollDie, _roll_die), (I.SpendCandy, _spend_candy),
    (I.CardDrawn, _card_drawn), (I.PlayCard, _play_card), (I.ApplyEffects, _apply_effects_input),
    (I.PlaceFigure, _place_figure), (I.EndTurn, _end_turn), (I.PlaceRoomTokens, _place_room_tokens),
    (I.ChooseCardInput, _choose_card), (I.SteerBabysitterInput, _steer), (I.HideTokensInput, _hide_tokens),
    (I.MissionComplete, _mission_complete), (I.StartFinale, _start_finale), (I.FinaleOutcome, _finale_outcome),
):
    _on(_tp, _fn)  # type: ignore[arg-type]


def apply(state: State, inp: I.Input) -> State:
    """The one way a Boogeyman game changes. Raises IllegalInput and leaves `state` as it was."""
    handler = _HANDLERS.get(type(inp))
    if handler is None:
        raise IllegalInput(f"not a Boogeyman input: {inp!r}")
    if state.phase == Phase.OVER:
        raise IllegalInput("the game is over")
    s = handler(replace(state, notices=()), inp)
    return _settle(s)
