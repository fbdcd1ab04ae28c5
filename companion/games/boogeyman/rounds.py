"""Status and passing out, turns, the Boogeyman's turn and the Apparitions Ladder ("The Play of the Game")."""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman import v1
from companion.games.boogeyman.cards import boogeyman_card, discard
from companion.games.boogeyman.common import conscious_children_in, note, set_child, set_room, title
from companion.games.boogeyman.figures import (
    appear,
    boogeyman_interaction,
)
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ACTIONS_PER_TURN,
    CANDY_CAP,
    ChooseRoomTokens,
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
    # "discard ... any Search cards you have" (version 3 keeps where each card is).
    s = evolve(s, drawn=tuple((code, "" if holder == name else holder) for code, holder in s.drawn))
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
    if v1.applies(s):
        return v1.boogeyman_turn(s)
    if s.active_event:
        s = evolve(discard(s, s.active_event), active_event="")
    s = evolve(s, trouble="")
    # Its tokens still face down reveal it now: in game-run play always ('the last Room token on
    # the Ladder is flipped over'), in player-run play where a child or the Babysitter stayed
    # ('if any Children or the Babysitter are still in that Room, the Boogeyman is revealed').
    # A token already face up was met when someone walked in: it does not strike twice.
    hiding = [t.room for t in s.ladder[len(s.ladder) - s.current:] if not t.face_up] if s.current else []
    for zone in hiding:
        if s.player_run and not (conscious_children_in(s, zone) or s.babysitter == zone):
            continue
        s = appear(s, zone)
        s = boogeyman_interaction(s, zone, on_turn=False)
        if s.phase == Phase.OVER:
            return s
    s = evolve(s, turn_ending=False)
    if not s.player_run:
        s = draw_tokens(s, tokens_per_turn(s))  # the reserve is kept shuffled: its front is random
        return new_round(s)
    return evolve(s, pending=s.pending + (ChooseRoomTokens(tokens_per_turn(s)),))


def tokens_per_turn(s: State) -> int:
    from companion.games.boogeyman.state import Difficulty

    return 2 if s.options.difficulty == Difficulty.NIGHTMARE else 1


def ladder_full(s: State) -> bool:
    return len(s.ladder) >= house_for(s.options.board).ladder_spaces


def usable_room_tokens(s: State, count: int = 1) -> tuple[str, ...]:
    """Tokens every one of a turn's `count` tokens may be: the reserve, or all of them when the
    Ladder is already full (it is cleared before they are played). When the first token of a
    Nightmare turn fills the Ladder, the second may also be any token but the first
    (`room_token_pools`)."""
    if v1.applies(s):
        return v1.usable_room_tokens(s, count)
    return s.reserve + tuple(t.room for t in s.ladder) if ladder_full(s) else s.reserve


def room_token_pools(s: State, count: int) -> tuple[tuple[str, ...], ...]:
    """For each of the turn's tokens in order, the tokens it may be (before removing earlier picks)."""
    if v1.applies(s):
        return tuple(v1.usable_room_tokens(s, count) for _ in range(count))
    spaces = house_for(s.options.board).ladder_spaces
    every = s.reserve + tuple(t.room for t in s.ladder)
    if len(s.ladder) >= spaces:
        return tuple(every for _ in range(count))
    return tuple(s.reserve if len(s.ladder) + k < spaces else every for k in range(count))


def clear_ladder(s: State, keep: tuple[str, ...] = ()) -> State:
    """'At this point, all of the Room tokens are taken back and mixed together to form a new
    reserve.' Tokens of the turn being played (`keep`) are where the Boogeyman is now: they stay,
    moved to the first spaces of the cleared Ladder."""
    kept = tuple(t for t in s.ladder if t.room in keep)
    back, rng = s.rng.shuffled(s.reserve + tuple(t.room for t in s.ladder if t.room not in keep))
    s = evolve(s, ladder=kept, reserve=back, rng=rng, current=len(kept))
    return note(s, "The Ladder is full: the Room tokens are shuffled back" + (
        "; this turn's first token stays, on space 1" if kept else ""))


def _place_one(s: State, room: str, placed: tuple[str, ...]) -> State:
    house = house_for(s.options.board)
    if ladder_full(s):
        s = clear_ladder(s, keep=placed)
    if room not in s.reserve:
        raise IllegalInput(f"Room token {room} is on the Ladder and cannot be played until it fills")
    s = evolve(s, ladder=s.ladder + (LadderToken(room),), reserve=tuple(r for r in s.reserve if r != room))
    if len(s.ladder) in house.ladder_event_spaces:
        s = note(s, f"Ladder space {len(s.ladder)} shows the Event symbol")
        s = boogeyman_card(s, "EVNT")
    return s


def place_tokens(s: State, rooms: tuple[str, ...]) -> State:
    """'Any Room token placed on the Ladder cannot be used again until the entire Ladder is full.'

    A full Ladder is cleared before the next token; when a Nightmare turn's first token fills it,
    that token stays (on space 1) and the second is played from the new reserve."""
    if v1.applies(s):
        return v1.place_tokens(s, rooms)
    placed: tuple[str, ...] = ()
    for room in rooms:
        s = _place_one(s, room, placed)
        placed += (room,)
    return evolve(s, current=len(rooms))


def draw_tokens(s: State, count: int) -> State:
    """Game-run: each token drawn at random from the reserve as it is then (kept shuffled)."""
    placed: tuple[str, ...] = ()
    for _ in range(count):
        if ladder_full(s):
            s = clear_ladder(s, keep=placed)
        room = s.reserve[0]
        s = _place_one(s, room, placed)
        placed += (room,)
    return evolve(s, current=count)


def new_round(s: State) -> State:
    s = evolve(s, round=s.round + 1, turn=0)
    s = note(s, f"Round {s.round}: {title(s.order[0]) if s.order else 'nobody'} goes first")
    return begin_turn(s)


def settle(s: State) -> State:
    """Once nothing is pending, a turn that an encounter ended passes to the next player."""
    while s.phase == Phase.PLAY and not s.pending and s.turn_ending:
        s = advance_turn(s)
    return s
