"""Status and passing out, turns, the Boogeyman's turn and the Apparitions Ladder ("The Play of the Game")."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman.cards import boogeyman_card, discard
from companion.games.boogeyman.common import note, set_child, set_room, title
from companion.games.boogeyman.figures import (
    appear,
    boogeyman_interaction,
)
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ACTIONS_PER_TURN,
    CANDY_CAP,
    ChooseRoomTokens,
    DrawCard,
    LadderToken,
    Mode,
    Phase,
    State,
)

# ---------------------------------------------------------------- status, candy, passing out

def lose_status(s: State, name: str, n: int) -> State:
    c = s.child(name)
    if c.passed_out:
        return s
    status = max(0, c.status - n)
    c = evolve(c, status=status, candy=min(c.candy, CANDY_CAP[status]) if status else c.candy)
    s = set_child(s, c)
    if status == 0:
        s = pass_out(s, name)
    return s


def pass_out(s: State, name: str) -> State:
    s = note(s, f"{title(name)} Passes Out! Lay the miniature down")
    if s.options.mode == Mode.SEMI and not s.player_run:
        return take_over(s, name)
    return s


def take_over(s: State, name: str) -> State:
    """Semi-Cooperative Mode, 'Becoming the Boogeyman'."""
    c = s.child(name)
    room = s.room(c.zone)
    if room is not None:
        from companion.games.boogeyman.state import SearchToken

        # Objectives and Items go to the bottom of the stack in the Room they Passed Out in.
        buried = tuple(SearchToken("objective", colour=col) for col in c.objectives)
        if c.has_key:
            buried += (SearchToken("skeleton_key"),)
        s = set_room(s, c.zone, evolve(room, stack=room.stack + buried))
    s = set_child(s, evolve(c, removed=True, candy=0, objectives=(), has_key=False, nightmare=""))
    i = s.order.index(name)
    rest = s.order[i + 1:] + s.order[:i]
    new_order = tuple(n for n in rest if not s.child(n).removed)
    s = evolve(s, player_run=True, boogeyman_seat=name, order=new_order, turn=0,
                actions_left=ACTIONS_PER_TURN, turn_ending=False,
                pending=tuple(p for p in s.pending if getattr(p, "child", None) != name))
    s = note(s, f"{title(name)} becomes the Boogeyman: take the Room tokens and the Nightmare, "
                 f"Trouble and Event cards. {title(new_order[0]) if new_order else 'Nobody'} takes the Flashlight")
    return begin_turn(s) if new_order else s


def gain_candy(s: State, name: str, n: int) -> State:
    c = s.child(name)
    cap = CANDY_CAP[c.status] if not c.passed_out else 0
    return set_child(s, evolve(c, candy=max(0, min(cap, c.candy + n))))


# ---------------------------------------------------------------- turns and rounds

def begin_turn(s: State) -> State:
    s = evolve(s, actions_left=ACTIONS_PER_TURN, turn_ending=False)
    if not s.order:
        return s
    c = s.child(s.active)
    if c.passed_out:
        # 'Nightmares: The next time the Passed Out Child's turn comes up, they must draw 1 Nightmare card.'
        if c.nightmare:
            s = note(s, f"{title(c.name)}'s Nightmare {c.nightmare} strikes again")
        else:
            s = boogeyman_card(s, "NGHT", c.name)
        s = evolve(s, actions_left=0)
    return s


def advance_turn(s: State) -> State:
    s = evolve(s, turn_ending=False)
    if s.turn + 1 < len(s.order):
        return begin_turn(evolve(s, turn=s.turn + 1))
    return boogeyman_turn(s)


def boogeyman_turn(s: State) -> State:
    """End of round: 'After every child has taken their turn, the Boogeyman plays.'"""
    if s.active_event:
        s = evolve(discard(s, s.active_event), active_event="")
    if not s.player_run:
        # Run by the game: reveal the room on the last token(s), then draw a new one.
        waiting = len(s.pending)
        for zone in s.current_rooms:
            s = appear(s, zone)
            s = boogeyman_interaction(s, zone)
            if s.phase == Phase.OVER:
                return s
        # Met on the Boogeyman's turn, not on the child's: the child's next turn is not cut short.
        met = tuple(evolve(p, ends_turn=False) if isinstance(p, DrawCard) else p for p in s.pending[waiting:])
        s = evolve(s, pending=s.pending[:waiting] + met, turn_ending=False)
        count = tokens_per_turn(s)
        if not ladder_has_room(s, count):
            s = clear_ladder(s)
        s = place_tokens(s, s.reserve[:count])  # the reserve is kept shuffled: its front is random
        return new_round(s)
    return evolve(s, pending=s.pending + (ChooseRoomTokens(tokens_per_turn(s)),))


def tokens_per_turn(s: State) -> int:
    from companion.games.boogeyman.state import Difficulty

    return 2 if s.options.difficulty == Difficulty.NIGHTMARE else 1


def ladder_has_room(s: State, count: int) -> bool:
    return len(s.ladder) + count <= house_for(s.options.board).ladder_spaces


def usable_room_tokens(s: State, count: int) -> tuple[str, ...]:
    """Tokens a turn of `count` may play: the reserve, or all of them when the Ladder must clear."""
    return s.reserve if ladder_has_room(s, count) else s.reserve + tuple(t.room for t in s.ladder)


def clear_ladder(s: State) -> State:
    """'At this point, all of the Room tokens are taken back and mixed together to form a new reserve.'"""
    back, rng = s.rng.shuffled(s.reserve + tuple(t.room for t in s.ladder))
    s = evolve(s, ladder=(), reserve=back, rng=rng, current=0)
    return note(s, "The Ladder is full: all Room tokens are shuffled back")


def place_tokens(s: State, rooms: tuple[str, ...]) -> State:
    """'Any Room token placed on the Ladder cannot be used again until the entire Ladder is full.'

    A turn's tokens always land together: a Ladder without room for them all is cleared first."""
    house = house_for(s.options.board)
    if not ladder_has_room(s, len(rooms)):
        s = clear_ladder(s)
    for room in rooms:
        if room not in s.reserve:
            raise IllegalInput(f"Room token {room} is on the Ladder and cannot be played until it fills")
        s = evolve(s, ladder=s.ladder + (LadderToken(room),), reserve=tuple(r for r in s.reserve if r != room))
        if len(s.ladder) in house.ladder_event_spaces:
            s = note(s, f"Ladder space {len(s.ladder)} shows the Event symbol")
            s = boogeyman_card(s, "EVNT")
    return evolve(s, current=len(rooms))


def new_round(s: State) -> State:
    s = evolve(s, round=s.round + 1, turn=0)
    s = note(s, f"Round {s.round}: {title(s.order[0]) if s.order else 'nobody'} goes first")
    return begin_turn(s)


def settle(s: State) -> State:
    """Once nothing is pending, a turn that an encounter ended passes to the next player."""
    while s.phase == Phase.PLAY and not s.pending and s.turn_ending:
        s = advance_turn(s)
    return s
