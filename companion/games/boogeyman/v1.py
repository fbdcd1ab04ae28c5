"""Boogeyman rules version 1: the table as the first landing played it (to stop 7, 871ed87).

A journal keeps inputs, not states, so what an input means must not change under a recorded game
(docs/journal.md, "Rules versions"). Version 2 (the physical draws, 02c41ef) changed it; the
functions here are version 1's behaviour where version 2 differs, reached through
`Options.rules_version == 1` from the version-2 functions of the same name. In version 1:

- the device draws the Boogeyman's Nightmare, Trouble and Event cards from its own shuffled decks
  (an empty one reshuffled from its discards); version 2 asks the table for the top card;
- the device rolls the children's tie-breaks and the Possessed Babysitter's die itself; version 2
  takes each child's die (and Candy) and her die from the table;
- at the end of a round the game-run Boogeyman reveals the rooms of its current tokens and a
  player-run one reveals nothing; a turn's tokens land together, a Ladder without room for them
  all cleared first;
- a Competitive game begins in play with a random first Room token (version 2: the Boogeyman
  player chooses it, in a placement phase);
- the notes the table reads say what they said then ("draw a Babysitter card", "take Event card
  BGM:EVNT:07").

Nothing here is used by a game started today: new games record `rules_version` 2.
"""

from __future__ import annotations

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.boogeyman.common import (
    DECK_NAMES,
    babysitter_graph,
    conscious_children_in,
    note,
    roll,
    set_child,
    set_deck,
    title,
    zone_name,
)
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import (
    ChooseCard,
    ChooseRoomTokens,
    Deck,
    DrawCard,
    LadderToken,
    Phase,
    State,
    SteerBabysitter,
)

VERSION = 1


def applies(s: State) -> bool:
    """True for a game started under rules version 1."""
    return s.options.rules_version == VERSION


# ---------------------------------------------------------------- dice the device rolls

def lowest_roller(s: State, names: list[str]) -> tuple[str, State]:
    """'They each roll 1 die: whoever rolls the lowest number': the device rolls for each, ties
    among the lowest roll again."""
    contenders = sorted(names, key=s.order.index) if all(n in s.order for n in names) else sorted(names)
    while len(contenders) > 1:
        rolls: list[tuple[int, str]] = []
        for n in contenders:
            v, s = roll(s)
            rolls.append((v, n))
        low = min(v for v, _ in rolls)
        s = note(s, "Rolls: " + ", ".join(f"{title(n)} {v}" for v, n in rolls))
        contenders = [n for v, n in rolls if v == low]
    return contenders[0], s


# ---------------------------------------------------------------- the figures

def boogeyman_interaction(s: State, zone: str) -> State:
    kids = conscious_children_in(s, zone)
    sitter = s.babysitter == zone
    if kids and sitter:
        return note(s, "Adults and children together: the Boogeyman stays in the shadows")
    if kids:
        victim, s = lowest_roller(s, [c.name for c in kids])
        return encounter(s, victim, "BOOG")
    if sitter:
        return possess(s)
    return s


def encounter(s: State, name: str, deck: str) -> State:
    who = "the Babysitter" if deck == "SITR" else "the Boogeyman"
    s = note(s, f"{title(name)} meets {who}: draw a {DECK_NAMES[deck]} card")
    own_turn = name == s.active
    return evolve(s, pending=s.pending + (DrawCard(deck, name, encounter=True, ends_turn=own_turn),))


def walk_babysitter(s: State, path: tuple[str, ...], noisy_child: str, possessed: bool) -> State:
    from companion.games.boogeyman.figures import appear, place_miniature, reveal

    for zone in path:
        s = evolve(s, babysitter=zone)
        kids = conscious_children_in(s, zone)
        if kids:
            victim, s = lowest_roller(s, [c.name for c in kids])
            s = note(s, f"The Babysitter stops in {zone_name(s, zone)}")
            if zone in s.current_rooms and zone not in s.boogeyman:
                s = place_miniature(reveal(s, zone), zone)
            s = encounter(s, victim, "SITR")
            if victim == noisy_child and noisy_child == s.active:
                s = evolve(s, turn_ending=True)
            return s
    s = note(s, f"The Babysitter moves to {zone_name(s, s.babysitter)}")
    zone = s.babysitter
    if zone in s.current_rooms and zone not in s.boogeyman:
        s = appear(s, zone)
    if zone in s.boogeyman and not possessed:
        s = possess(s)
    return s


def possess(s: State) -> State:
    """The Possessed Babysitter: the device rolls her die; she goes toward the nearest child."""
    from companion.games.boogeyman.figures import move_babysitter

    steps, s = roll(s)
    s = note(s, f"The Babysitter is Possessed! Rolled {steps}")
    if s.player_run:
        return evolve(s, pending=s.pending + (SteerBabysitter(steps),))
    graph = babysitter_graph(s)
    dist = graph.distances(s.babysitter)
    kids = [c for c in s.children if c.on_board and not c.passed_out and c.zone in dist]
    if not kids:
        return s
    nearest = min(dist[c.zone] for c in kids)
    tied = [c.name for c in kids if dist[c.zone] == nearest]
    target, s = lowest_roller(s, tied) if len(tied) > 1 else (tied[0], s)
    return move_babysitter(s, s.child(target).zone, steps, possessed=True)


# ---------------------------------------------------------------- the Boogeyman's turn and the Ladder

def boogeyman_turn(s: State) -> State:
    from companion.games.boogeyman.cards import discard
    from companion.games.boogeyman.figures import appear
    from companion.games.boogeyman.rounds import new_round, tokens_per_turn

    if s.active_event:
        s = evolve(discard(s, s.active_event), active_event="")
    if not s.player_run:
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
        s = place_tokens(s, s.reserve[:count])
        return new_round(s)
    return evolve(s, pending=s.pending + (ChooseRoomTokens(tokens_per_turn(s)),))


def ladder_has_room(s: State, count: int) -> bool:
    return len(s.ladder) + count <= house_for(s.options.board).ladder_spaces


def usable_room_tokens(s: State, count: int) -> tuple[str, ...]:
    """Tokens a turn of `count` may play: the reserve, or all of them when the Ladder must clear."""
    return s.reserve if ladder_has_room(s, count) else s.reserve + tuple(t.room for t in s.ladder)


def clear_ladder(s: State) -> State:
    back, rng = s.rng.shuffled(s.reserve + tuple(t.room for t in s.ladder))
    s = evolve(s, ladder=(), reserve=back, rng=rng, current=0)
    return note(s, "The Ladder is full: all Room tokens are shuffled back")


def place_tokens(s: State, rooms: tuple[str, ...]) -> State:
    """A turn's tokens land together: a Ladder without room for them all is cleared first."""
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


# ---------------------------------------------------------------- the Boogeyman's cards

def device_draw(s: State, code: str) -> tuple[str, State]:
    deck = s.deck(code)
    if not deck.remaining:
        shuffled, rng = s.rng.shuffled(deck.discard)
        deck = Deck(code, shuffled, ())
        s = evolve(s, rng=rng)
    if not deck.remaining:
        return "", s
    card = deck.remaining[0]
    s = set_deck(s, evolve(deck, remaining=deck.remaining[1:]))
    return card, s


def boogeyman_card(s: State, deck: str, child: str = "") -> State:
    """Drawn by the device, or chosen by the Boogeyman player."""
    if s.player_run:
        d = s.deck(deck)
        if not d.remaining and d.discard:
            s = set_deck(s, Deck(deck, tuple(sorted(d.discard)), ()))
        if not s.deck(deck).remaining:
            return note(s, f"The {DECK_NAMES[deck]} deck is empty")
        return evolve(s, pending=s.pending + (ChooseCard(deck, child),))
    card, s = device_draw(s, deck)
    if not card:
        return note(s, f"The {DECK_NAMES[deck]} deck is empty")
    return put_card_in_play(s, card, child)


def put_card_in_play(s: State, card: str, child: str) -> State:
    from companion.games.boogeyman.cards import discard

    deck = card.split(":")[1]
    if deck == "NGHT":
        c = s.child(child)
        s = set_child(s, evolve(c, nightmare=card))
        return note(s, f"Nightmare on {title(child)}: take Nightmare card {card} and read it to everyone")
    if deck == "EVNT":
        s = evolve(s, active_event=card)
        return note(s, f"Event: take Event card {card}; it lasts the whole next round")
    s = discard(s, card)
    return note(s, f"Trouble: take Trouble card {card} and play it now")
