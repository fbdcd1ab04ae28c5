"""Small helpers the rule modules share: the map and catalogue of a state, notices, the decision
queue, hands, tracks."""

from __future__ import annotations

from typing import Iterable

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.games.stuff_of_legend.catalogue import Catalogue, Effect, Hero, catalogue_for
from companion.games.stuff_of_legend.state import Pending, SpaceCards, State
from companion.games.stuff_of_legend.world import World, world_for
from companion.i18n import N_

SKILL_NAMES = {"talk": N_("Talk"), "fight": N_("Fight"), "scout": N_("Scout"), "wild": N_("Wild")}  # shown through _()
WOUND_DIVISIONS = "ABCDEF"


def world(s: State) -> World:
    return world_for(s.options.world)


def cat(s: State) -> Catalogue:
    return catalogue_for(s.options.cards)


def hero(s: State, seat: str) -> Hero:
    return cat(s).hero(seat)


def who(s: State, seat: str) -> str:
    c = cat(s)
    return c.hero(seat).name if c.has_hero(seat) else seat


def where(s: State, space: str) -> str:
    w = world(s)
    return w.space(space).name if w.has(space) else space


def title(s: State, code: str) -> str:
    return cat(s).title(code)


class Said(str):
    """A notice as the state keeps it: the English sentence (what the state holds and compares, so
    apply's results and old journals are as before), with the msgid and fields it was made from, so
    a screen says it in the device's language (`said_words`). A field may be a Said itself (a word
    to translate) or a name the components print (kept as it is)."""

    msgid: str
    fields: dict[str, object]

    def __new__(cls, msgid: str, **fields: object) -> Said:
        obj = super().__new__(cls, msgid.format(**fields) if fields else msgid)
        obj.msgid = msgid
        obj.fields = fields
        return obj

    def __reduce__(self) -> tuple[object, ...]:
        return (_said, (self.msgid, self.fields))


def _said(msgid: str, fields: dict[str, object]) -> Said:
    return Said(msgid, **fields)


def said_words(line: object) -> str:
    """A notice in the device's language (an old state's plain sentence: as it is)."""
    if not isinstance(line, Said):
        return str(line)
    from companion.i18n import pack_domain

    text = pack_domain(__file__).gettext(line.msgid)
    if not line.fields:
        return text
    return text.format(**{k: said_words(v) if isinstance(v, Said) else v for k, v in line.fields.items()})


def note(s: State, *messages: str) -> State:
    return evolve(s, notices=s.notices + tuple(m for m in messages if m))


def push(s: State, *items: Pending) -> State:
    """Decisions or steps before everything waiting (what a resolution triggers)."""
    return evolve(s, pending=tuple(items) + s.pending)


def later(s: State, *items: Pending) -> State:
    return evolve(s, pending=s.pending + tuple(items))


def pop(s: State) -> State:
    return evolve(s, pending=s.pending[1:])


def require(ok: bool, message: str) -> None:
    if not ok:
        raise IllegalInput(message)


def seat_ok(s: State, seat: str) -> None:
    require(seat in s.seats, f"{seat!r} is not a hero at this table ({', '.join(s.seats)})")


def set_seat(values: tuple[object, ...], i: int, value: object) -> tuple[object, ...]:
    return values[:i] + (value,) + values[i + 1:]


def set_hand(s: State, seat: str, hand: tuple[str, ...]) -> State:
    i = s.index(seat)
    return evolve(s, hands=s.hands[:i] + (hand,) + s.hands[i + 1:])


def set_owed(s: State, seat: str, n: int) -> State:
    i = s.index(seat)
    return evolve(s, owed=s.owed[:i] + (n,) + s.owed[i + 1:])


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...] | None:
    """`cards` less one copy of `card`; for a physical hand an unseen "" stands for any card."""
    if card in cards:
        i = cards.index(card)
        return cards[:i] + cards[i + 1:]
    if "" in cards:
        i = cards.index("")
        return cards[:i] + cards[i + 1:]
    return None


def lasting(s: State, seat: str | None = None) -> list[Effect]:
    """The lasting effects of the Sinister Games card and, for `seat`, of the cards it holds."""
    c = cat(s)
    out = list(c.boogeyman_card(s.sinister).lasting) if s.sinister else []
    if seat is not None:
        for code in s.held[s.index(seat)]:
            out.extend(c.boogeyman_card(code).lasting)
    return out


def attention_range(s: State) -> int:
    """Trail steps within which enemies sense the party (SOL-93), Sinister Games included."""
    return world(s).attention.values[s.attention] + sum(e.n for e in lasting(s) if e.name == "range")


def army_strength(s: State) -> int:
    """Fight icons that destroy one Army now (SOL-56/95)."""
    return world(s).attention.strengths[s.attention] + sum(e.n for e in lasting(s) if e.name == "strength")


def hand_size(s: State, seat: str) -> int:
    """Cards in a new hand: 7, less the Time track's reduction, the Jester's 2 more, and lasting
    Boogeyman cards (SOL-77/84, SOL-G4); never fewer than one."""
    w = world(s)
    n = s.options.hand_size - w.time.reduction(max(s.boy, s.boy_reached), s.options.cumulative_hand_marks)
    n += hero(s, seat).extra_cards
    n += sum(e.n for e in lasting(s, seat) if e.name == "hand_size")
    return max(1, n)


def cards_at(s: State, space: str) -> SpaceCards:
    return s.board[world(s).ids.index(space)]


def set_cards(s: State, space: str, cards: SpaceCards) -> State:
    i = world(s).ids.index(space)
    return evolve(s, board=s.board[:i] + (cards,) + s.board[i + 1:])


def enemies_at(s: State, space: str) -> int:
    return s.armies.count(space) + sum(1 for _, sp in s.leaders if sp == space)


def leaders_at(s: State, space: str) -> tuple[str, ...]:
    return tuple(code for code, sp in s.leaders if sp == space)


def vote_order(s: State) -> tuple[str, ...]:
    """Everyone, from the left of the Rifle holder, clockwise (SOL-32): the holder votes last."""
    i = s.index(s.rifle) if s.rifle in s.seats else len(s.seats) - 1
    return s.seats[i + 1:] + s.seats[: i + 1]


def left_of(s: State, seat: str) -> tuple[str, ...]:
    """The other players, starting at `seat`'s left."""
    i = s.index(seat)
    return s.seats[i + 1:] + s.seats[:i]


def side(s: State, code: str) -> str:
    """The side a Loyalty card is loyal to (the Successor's and the Friend's from the options, SOL-G3)."""
    got = cat(s).loyalty_card(code).side
    if got == "successor":
        return s.options.successor_side
    if got == "friend":
        return s.options.friend_side
    return got


def effect_tuples(effects: Iterable[Effect]) -> tuple[tuple[str, int, str], ...]:
    return tuple((e.name, e.n, e.arg) for e in effects)


def awaiting_hand(s: State, seat: str) -> bool:
    """A new hand is on its way (the coin is being flipped first)."""
    from companion.games.stuff_of_legend.state import NewHand

    return any(isinstance(p, NewHand) and p.seat == seat for p in s.pending)
