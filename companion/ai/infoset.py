"""The Boogeyman player's information set, and determinization for planning.

A Boogeyman player knows: the public table (positions, Stress, switches, locks, how many
tokens each stack holds, every token revealed so far), its own Ladder and Room-token reserve,
the Nightmare/Trouble/Event cards in its hand, and - in Competitive - the rooms it hid the
Objectives, Trap Door and Skeleton Key in. It does not know the other Search tokens' order or
places, nor future dice (`state.rng`).

`determinize` turns the true state into one world consistent with that knowledge: every
unknown stack slot is refilled from the pool of unseen tokens, shuffled by the bot's own
generator, and the reducer's generator is reseeded from it too. Two states that differ only
in hidden information determinize to the same world for the same bot generator.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core.rng import Rng
from companion.games.boogeyman.state import Mode, SearchToken, State

# Tokens a Competitive Boogeyman placed itself ('personally selects the Objectives, Trap Door
# Token and Skeleton Key Token ... and places them in numbered Rooms of its choice').
PLACED_KINDS = frozenset({"objective", "trap_door", "skeleton_key"})


def _token_key(t: SearchToken) -> tuple[str, int, str]:
    return (t.kind, t.value, t.colour)


def knows_token(state: State, token: SearchToken) -> bool:
    """Whether the Boogeyman seat knows this face-down token is where it is."""
    return state.options.mode == Mode.COMPETITIVE and token.kind in PLACED_KINDS


def unseen_pool(state: State) -> list[SearchToken]:
    """The face-down tokens the Boogeyman cannot place, as a canonical (sorted) multiset.

    It equals the box's tokens minus the revealed ones and minus its own placements, so it is
    public knowledge; sorting makes it independent of where the tokens really lie."""
    pool = [t for _, room in state.rooms for t in room.stack if not knows_token(state, t)]
    return sorted(pool, key=_token_key)


def determinize(state: State, rng: Rng) -> tuple[State, Rng]:
    """One world consistent with what the Boogeyman knows, drawn with the bot's generator."""
    pool, rng = rng.shuffled(unseen_pool(state))
    it = iter(pool)
    rooms = []
    for zone, room in state.rooms:
        known = sorted((t for t in room.stack if knows_token(state, t)), key=_token_key)
        if known:
            # It chose the room, not the slot (the set-up shuffles each room's stack): a canonical
            # order, then the bot's own shuffle.
            stack, rng = rng.shuffled(tuple(known) + tuple(next(it) for _ in range(len(room.stack) - len(known))))
        else:
            stack = tuple(next(it) for _ in room.stack)
        rooms.append((zone, replace(room, stack=stack) if stack != room.stack else room))
    seed, rng = rng.next_u64()
    return replace(state, rooms=tuple(rooms), rng=Rng.from_seed(seed)), rng


def public_fingerprint(state: State) -> State:
    """The state with hidden information blanked (tests: equal fingerprints = same information)."""
    def blank(stack: tuple[SearchToken, ...]) -> tuple[SearchToken, ...]:
        known = tuple(t if knows_token(state, t) else SearchToken("?") for t in stack)
        return tuple(sorted(known, key=_token_key)) if any(t.kind != "?" for t in known) else known

    rooms = tuple((z, replace(r, stack=blank(r.stack))) for z, r in state.rooms)
    return replace(state, rooms=rooms, rng=Rng(0), notices=())
