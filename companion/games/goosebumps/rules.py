"""The Goosebumps reducer: `apply(state, input) -> state`, pure and validating.

Every input answers the head of `state.queue`. The reducer works on a scratch copy (`Table`),
so a refused input leaves the state as it was; it then runs the automatic steps and, when the
queue is empty, goes on by the rules (`Table.go_on`): steals owed first (GSB-20..24), then
extra turns owed (GSB-10), then the player to the left of the last to steal (GSB-23).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Sequence

from companion.core.errors import IllegalInput
from companion.core.evolve import evolve
from companion.core.rng import Rng
from companion.core.rulesver import need_known
from companion.games.goosebumps import inputs as I
from companion.games.goosebumps.board import Track, track_for
from companion.games.goosebumps.cards import (
    BOOK,
    CAR,
    EMPTY,
    FREEZE,
    GNOMIES,
    KINDS,
    NUMBERS,
    OUT_OF_TURN,
    PAL,
    STINE,
    TITLES,
    UNSEEN,
    Mix,
    card_for_code,
    deck,
    title,
)
from companion.games.goosebumps.state import (
    RULES_VERSIONS,
    DEAL,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    BookLead,
    DrawStep,
    Frozen,
    MoveThree,
    Options,
    Phase,
    PlayStep,
    ReactStep,
    SendBack,
    ShortcutStep,
    State,
    StealStep,
    StineBack,
    Step,
    TakeStep,
    TargetStep,
)

STINE_BACK = 5  # "All players move back 5 spaces"
BOOK_AHEAD = 6  # "Move ahead 6"


def mix_of(options: Options) -> Mix:
    return options.mix if options.mix is not None else track_for(options.board).mix


def seat_names(options: Options) -> tuple[str, ...]:
    return options.names or tuple(f"Player {i + 1}" for i in range(options.players))


# ---------------------------------------------------------------- set-up

_CHOICES = {
    "extra_turn_on": ("numbered", "any"), "extra_turn_draw": ("one", "refill"),
    "stolen_reaction_card": ("discard", "keep"), "steal_order": ("clockwise", "rearmost"),
    "backward_onto_occupied": ("behind", "bump"), "no_landmark_behind": ("start", "stay"),
    "lead_tie": ("choose", "all"), "car_to_end": ("no_effect", "unplayable"),
    "book_near_end": ("stop", "unplayable"), "no_landmark_ahead": ("unplayable", "no_effect"),
    "device_hand": ("holder", "screen"),
}


def check_options(options: Options) -> None:
    # The counts first: the seat names are built from `players` (a header may say 100,000,000).
    count = len(options.names) if options.names else options.players
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise IllegalInput(f"Goosebumps is for {MIN_PLAYERS} to {MAX_PLAYERS} players (6 Monster Characters), "
                           f"not {count}")
    if options.names and len(options.names) != options.players:
        raise IllegalInput(f"{len(options.names)} names for {options.players} players")
    names = seat_names(options)
    if len(set(names)) != len(names) or any(not n.strip() for n in names):
        raise IllegalInput(f"seat names must be distinct and not blank: {names}")
    for seat in options.automated:
        if seat not in names:
            raise IllegalInput(f"automated seat {seat!r} is not at the table ({', '.join(names)})")
    if options.dealer and options.dealer not in names:
        raise IllegalInput(f"dealer {options.dealer!r} is not at the table ({', '.join(names)})")
    if options.alternate_start and len(names) < 5:
        raise IllegalInput("the alternate start on R.L. Stine's House is for 5-6 players (GSB-30)")
    for key, allowed in _CHOICES.items():
        if getattr(options, key) not in allowed:
            raise IllegalInput(f"option {key} is one of {', '.join(allowed)}, not {getattr(options, key)!r}")
    problems = mix_of(options).problems()
    if problems:
        raise IllegalInput("Monster Mayhem mix: " + "; ".join(problems))


def setup(options: Options, seed: int) -> State:
    """GSB-01..04: the deck of 65, every monster on START (or R.L. Stine's House, GSB-30), four
    cards dealt to each player from the dealer's left."""
    need_known(RULES_VERSIONS, options.rules_version, "Goosebumps")
    check_options(options)
    track = track_for(options.board)
    names = seat_names(options)
    n = len(names)
    dealer = names.index(options.dealer) if options.dealer else n - 1
    start = track.landmarks[0] if options.alternate_start else 0
    order = [(dealer + k) % n for k in range(1, n + 1)]
    return State(
        options=options,
        seats=names,
        automated=tuple(s in options.automated for s in names),
        rng=Rng.from_seed(seed),
        phase=Phase.DEAL,
        positions=(start,) * n,
        hands=((),) * n,
        unseen=deck(mix_of(options)),
        pile=len(deck(mix_of(options))),
        discard=(),
        active=order[0],
        why="deal",
        because=f"{names[dealer]} deals four cards to each player",
        owner=dealer,
        anchor=dealer,
        queue=tuple(DrawStep(i, DEAL, "deal") for i in order),
        owed=(0,) * n,
        started=(False,) * n,
    )


# ---------------------------------------------------------------- what may be played

def hand_size(hand: Sequence[str]) -> int:
    return sum(1 for c in hand if c != EMPTY)


def may_hold(hand: Sequence[str], unseen: Sequence[str], card: str, count: int = 1) -> bool:
    """Whether `hand` holds (or, with "?" cards, may hold) `count` copies of `card`."""
    known = sum(1 for c in hand if c == card)
    if known >= count:
        return True
    hidden = sum(1 for c in hand if c == UNSEEN)
    return hidden > 0 and known + min(hidden, sum(1 for c in unseen if c == card)) >= count


def unplayable(state: State, track: Track, seat: int, card: str) -> str:
    """Why `seat` may not play `card` as the turn's play ("" = it may)."""
    o = state.options
    here = state.positions[seat]
    if card in NUMBERS:
        return ""
    if card in OUT_OF_TURN:
        return f"{title(card)} is played during other players' turns (GSB-39)"
    if card == PAL:
        if track.next_landmark[here] < 0 and o.no_landmark_ahead == "unplayable":
            return "there is no Landmark ahead, and THE END is not one (GSB-18, GSB-G17)"
    elif card == CAR:
        ahead = [p for i, p in enumerate(state.positions) if i != seat and p > here]
        if ahead and min(ahead) + 1 >= track.end and o.car_to_end == "unplayable":
            return "the space in front of the player ahead is THE END (GSB-18, GSB-G15)"
    elif card == BOOK:
        if here + BOOK_AHEAD >= track.end and o.book_near_end == "unplayable":
            return "6 spaces would reach THE END, which Monster Mayhem cards cannot (GSB-18, GSB-G16)"
    return ""


def three_unplayable(state: State, track: Track, seat: int) -> str:
    if track.next_landmark[state.positions[seat]] < 0 and state.options.no_landmark_ahead == "unplayable":
        return "there is no Landmark ahead, and three of a kind cannot reach THE END (GSB-18, GSB-G17)"
    return ""


def plays(state: State, seat: int, pool: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """Every play `seat` may make now: single cards, then three of a kind. A hand with "?" cards
    may hold any card of `pool` (default: every card the device has not seen)."""
    track = track_for(state.options.board)
    hand = state.hands[seat]
    pool = state.unseen if pool is None else pool
    kinds = {c for c in hand if c not in (EMPTY, UNSEEN)}
    if UNSEEN in hand:
        kinds |= set(pool)
    out: list[tuple[str, ...]] = [(c,) for c in KINDS if c in kinds and not unplayable(state, track, seat, c)]
    if not three_unplayable(state, track, seat):
        out += [(n, n, n) for n in NUMBERS if n in kinds and may_hold(hand, pool, n, 3)]
    return out


def stuck(state: State, track: Track, seat: int) -> frozenset[str]:
    """The kinds `seat` may not play as the turn's play now (Gnomies, Freeze Ray!, and the Monster
    Mayhem cards `unplayable` rules out here)."""
    return frozenset(c for c in KINDS if unplayable(state, track, seat, c))


def may_pass(state: State, seat: int, pool: Sequence[str] | None = None) -> bool:
    """Whether `seat`'s hand may hold no card it may play now, so the turn passes (docs/games/GSB.md,
    "No playable card"): every card known to be in it is stuck, and its "?" cards could all be
    stuck cards of `pool` (default: every card the device has not seen)."""
    no = stuck(state, track_for(state.options.board), seat)
    hand = state.hands[seat]
    if any(c not in no for c in hand if c not in (EMPTY, UNSEEN)):
        return False
    pool = state.unseen if pool is None else pool
    return hand.count(UNSEEN) <= sum(1 for c in pool if c in no)


def pass_disproved(state: State, seat: int) -> str:
    """Why what the whole table sees proves that `seat` has a card to play ("" = it does not): the
    hand holds more cards than there are stuck cards outside the face-up discard pile."""
    no = stuck(state, track_for(state.options.board), seat)
    left = Counter(deck(mix_of(state.options)))
    left.subtract(state.discard)
    could = sum(max(0, left[c]) for c in no)
    size = hand_size(state.hands[seat])
    if size <= could:
        return ""
    some = f"only {could} card{'s' if could != 1 else ''}" if could else "no card"
    return f"of the cards not in the discard pile, {some} could not be played now, and " \
           f"{state.seats[seat]} holds {size}"


def left_of(n: int, seat: int) -> int:
    return (seat + 1) % n


def clockwise_from(n: int, seat: int) -> list[int]:
    """The other seats, starting to the left of `seat`."""
    return [(seat + k) % n for k in range(1, n)]


def refill_count(o: Options, size: int, owed: int, available: int) -> int:
    """GSB-05/06: enough cards to make five, at least one (GSB-G7), plus any owed by theft (GSB-G8),
    as many as the draw and discard piles hold."""
    return min(max(HAND - size, 1 if o.always_pick_up else 0) + owed, available)


def turn_start(s: State, i: int, why: str, because: str, started: bool, turns: int, size: int, owed: int,
               available: int) -> tuple[str, str, int, int, int]:
    """A turn begins for `i`: (why, because, cards to pick up, turns, round)."""
    name = s.seats[i]
    if why == "regular" and not started:
        why = "first"
        because = because or f"{name}'s first turn: pick up one card to make five"
    turns += 1
    return why, because or f"{name}'s turn", refill_count(s.options, size, owed, available), turns, \
        (turns - 1) // len(s.seats) + 1


# ---------------------------------------------------------------- the scratch table

class Table:
    """A mutable copy of the state for one input; `freeze()` makes the next state."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.o = s.options
        self.t = track_for(s.options.board)
        self.n = len(s.seats)
        self.pos = list(s.positions)
        self.hands = list(s.hands)  # tuples, replaced on change
        self.unseen = list(s.unseen)
        self.pile = s.pile
        self.discard = list(s.discard)
        self.queue: list[Step] = list(s.queue)
        self.stealers = list(s.stealers)
        self.extra = list(s.extra)
        self.owed = list(s.owed)
        self.blocked = set(s.blocked)
        self.started = list(s.started)
        self.rng = s.rng
        self.read = s.read
        self.held = list(s.held)
        self.phase = s.phase
        self.active, self.why, self.because = s.active, s.why, s.because
        self.owner, self.anchor = s.owner, s.anchor
        self.turns, self.round, self.winner = s.turns, s.round, s.winner
        self.notes: list[str] = []

    def freeze(self) -> State:
        return evolve(
            self.s, positions=tuple(self.pos), hands=tuple(self.hands),
            unseen=tuple(self.unseen), pile=self.pile, discard=tuple(self.discard), queue=tuple(self.queue),
            stealers=tuple(self.stealers), extra=tuple(self.extra), owed=tuple(self.owed),
            blocked=frozenset(self.blocked), started=tuple(self.started), rng=self.rng, phase=self.phase,
            active=self.active, why=self.why, because=self.because, owner=self.owner, anchor=self.anchor,
            turns=self.turns, round=self.round, winner=self.winner, notices=tuple(self.notes), read=self.read,
            held=tuple(self.held))

    # -- words
    def name(self, i: int) -> str:
        return self.s.seats[i]

    def where(self, space: int) -> str:
        return self.t.space_name(space)

    def note(self, text: str) -> None:
        self.notes.append(text)

    # -- hands
    def size(self, i: int) -> int:
        return hand_size(self.hands[i])

    def add(self, i: int, card: str) -> int:
        """Into the hand; an automated seat's holder fills its lowest empty slot. The slot index."""
        hand = self.hands[i]
        if self.s.automated[i] and EMPTY in hand:
            k = hand.index(EMPTY)
            self.hands[i] = hand[:k] + (card,) + hand[k + 1:]
            return k
        self.hands[i] = hand + (card,)
        return len(hand)

    def remove(self, i: int, card: str, instead: str = "play another card") -> None:
        hand = self.hands[i]
        if card in hand and card not in (EMPTY, UNSEEN):
            k = hand.index(card)
        elif UNSEEN in hand and card in self.unseen:
            k = hand.index(UNSEEN)
            self.unseen.remove(card)
        else:
            raise IllegalInput(self.not_held(i, card, instead))
        self.take_slot(i, k)

    def not_held(self, i: int, card: str, instead: str, what: str = "", count: int = 1) -> str:
        """Why `i` cannot give up `card`, and what to do. The table's screen shows it, so it says
        only what the table saw (the discard pile, the input): never which cards a hand holds, nor
        whether the device has seen them."""
        why = self.unfit(card, count, f"{self.name(i)} cannot give up {what or title(card)}")
        end = "" if why.endswith("!") else "."  # a title's own "!" ends the sentence
        return f"{why}{end} {instead.capitalize()}; if the real card is {title(card)}, a card was named wrong at a " \
               f"pick-up: Undo back to it"

    def unfit(self, card: str, count: int, what: str) -> str:
        """`what`, refused by the device's count of `card`, with the reason the table may read: the
        discard pile when it leaves too few copies, else "the cards named so far" (no hand)."""
        if self.discard.count(card) > deck(mix_of(self.o)).count(card) - count:
            return f"{what}: every {TITLES.get(card, card)} is in the discard pile"
        return f"By the cards named so far, {what}"

    def take_slot(self, i: int, k: int) -> str:
        hand = self.hands[i]
        card = hand[k]
        self.hands[i] = hand[:k] + ((EMPTY,) if self.s.automated[i] else ()) + hand[k + 1:]
        if self.held:  # which sticker of this kind left the hand is not known: none of them is sure now
            mix = mix_of(self.o)
            self.held = [(x, j) for x, j in self.held if j != i or card_for_code(x, mix) != card]
        return card

    def where_read(self, code: str, seat: int) -> str:
        """Where a sticker read before is, in words: a hand (another seat's unnamed), or the discards."""
        holder = next((j for x, j in self.held if x == code), None)
        if holder is None:
            return "it is in a hand or on the discard pile"
        return "it is in your hand" if holder == seat else "it is in another player's hand"

    def gnomies_left(self) -> bool:
        """Whether a Gnomies may be in someone's hand. Public knowledge only: the discard pile,
        never a hand, decides whether a reaction window opens."""
        return self.discard.count(GNOMIES) < mix_of(self.o).gnomies

    def freeze_left(self) -> bool:
        return self.discard.count(FREEZE) < mix_of(self.o).freeze

    # -- the draw pile (GSB-05..07)
    def reshuffle(self) -> None:
        """GSB-07: the discards, gathered and shuffled, make the new draw pile."""
        if self.pile == 0 and self.discard:
            self.unseen += self.discard
            self.pile = len(self.discard)
            self.discard = []
            # The cards played come back: a sticker read before may be drawn again, but (version 2)
            # not one surely still in a hand.
            self.read = frozenset(x for x, _ in self.held) if self.o.rules_version >= 2 else frozenset()
            self.note(f"The draw pile ran out: the {self.pile} discarded cards were shuffled into a new "
                      f"draw pile (by a player other than {self.name(self.active)}).")

    def refill(self, i: int) -> int:
        """GSB-05/06: enough cards to make five, at least one (GSB-G7), plus any owed (GSB-G8)."""
        want = refill_count(self.o, self.size(i), self.owed[i], self.pile + len(self.discard))
        self.owed[i] = 0
        return want

    # -- turns
    def start_turn(self, i: int, why: str, because: str) -> None:
        self.active = self.owner = self.anchor = i
        self.why, self.because, count, self.turns, self.round = turn_start(
            self.s, i, why, because, self.started[i], self.turns, self.size(i), self.owed[i],
            self.pile + len(self.discard))
        self.started[i] = True
        self.owed[i] = 0
        self.queue = [DrawStep(i, count, "turn")] if count else []
        self.queue.append(PlayStep(i))

    def go_on(self) -> None:
        """The queue is empty: steals owed, extra turns owed, else the next player."""
        if self.phase is Phase.DEAL:
            self.phase = Phase.PLAY
            first = left_of(self.n, self.owner)
            self.start_turn(first, "regular", f"{self.name(first)} sits to the left of the dealer and begins")
            return
        while self.stealers:
            s, why = self.stealers.pop(0)
            self.active, self.anchor, self.why, self.because = s, s, "steal", why
            victims = [v for v in clockwise_from(self.n, s) if self.size(v) or not self.o.steal_needs_cards]
            if not victims:
                self.note(f"{self.name(s)} is on STEAL but nobody holds a card to steal (GSB-G10).")
                continue
            self.queue = [TakeStep(s, victims[0])] if len(victims) == 1 else [StealStep(s)]
            return
        if self.extra:
            e, why = self.extra.pop(0)
            self.active, self.why, self.because = e, "extra", why
            if self.o.extra_turn_draw == "one":  # GSB-G6: "Draw a card and play again"
                count = min(1 + self.owed[e], self.pile + len(self.discard))
                self.owed[e] = 0
            else:
                count = self.refill(e)
            self.queue = [DrawStep(e, count, "extra")] if count else []
            self.queue.append(PlayStep(e))
            return
        nxt = left_of(self.n, self.anchor)
        because = ""
        if self.anchor != self.owner:
            skipped = [self.name(k) for k in clockwise_from(self.n, self.owner) if k != self.anchor][
                :(self.anchor - self.owner - 1) % self.n]
            because = (f"play continues to the left of {self.name(self.anchor)}, the last to steal"
                       + (f" ({', '.join(skipped)} skipped)" if skipped else ""))
        self.start_turn(nxt, "regular", because)

    def run(self) -> None:
        while self.winner < 0:
            if self.queue:
                head = self.queue[0]
                if isinstance(head, (DrawStep, PlayStep, StealStep, TakeStep, ShortcutStep, TargetStep, ReactStep)):
                    if isinstance(head, DrawStep) and head.count == 0:
                        self.queue.pop(0)
                        continue
                    return
                self.queue.pop(0)
                self.automatic(head)
            else:
                self.go_on()
        self.phase = Phase.OVER
        self.queue = []
        self.stealers, self.extra = [], []

    def push(self, steps: list[Step]) -> None:
        self.queue[:0] = steps

    # -- moving (GSB-09, 17, 19, 25)
    def land(self, p: int, to: int, came_from: int, move: str) -> list[Step]:
        """`p` ends a forward move on `to` (< THE END)."""
        if to == self.t.sign and self.o.shortcut and self.t.tombstone > 0:
            self.pos[p] = to
            self.note(f"{self.name(p)} landed exactly on the Graveyard Shortcut sign.")
            return [ShortcutStep(p, came_from, move)]
        return self.arrive(p, to, came_from, move)

    def arrive(self, p: int, to: int, came_from: int, move: str) -> list[Step]:
        steps: list[Step] = []
        self.pos[p] = to
        if not self.t.shared[to]:
            for q in range(self.n):
                if q != p and self.pos[q] == to:  # GSB-25: back to the mover's previous space
                    self.pos[q] = came_from
                    self.note(f"{self.name(p)} landed on {self.name(q)}: {self.name(q)} goes back to "
                              f"{self.where(came_from)}.")
                    steps += self.moved_back(q, came_from, p)
        if self.t.is_steal[to] and (move in ("number", "back") or self.o.steal_on_own_mayhem):
            self.stealers.append((p, f"{self.name(p)} landed on a STEAL space"))
        if self.t.is_landmark[to] and (move == "number" or self.o.extra_turn_on == "any"):
            self.extra.append((p, f"{self.name(p)} landed on {self.where(to)}: another turn (GSB-10)"))
            self.note(f"{self.name(p)} landed on {self.where(to)} and takes another turn.")
        return steps

    def moved_back(self, q: int, space: int, by: int) -> list[Step]:
        """`q` was moved back onto `space` (by `by`'s play): STEAL is in effect (GSB-22)."""
        if self.t.is_steal[space] and (by != q or self.o.steal_on_own_mayhem):
            why = (f"{self.name(by)} moved {self.name(q)} onto a STEAL space: stealing is "
                   f"{self.name(q)}'s turn (GSB-22/24)") if by != q else f"{self.name(q)} landed on a STEAL space"
            self.stealers.append((q, why))
        if space == self.t.sign and self.o.shortcut and self.o.shortcut_backward and self.t.tombstone > 0:
            return [ShortcutStep(q, space, "back")]
        return []

    def occupied(self, space: int, but: int) -> int:
        for q in range(self.n):
            if q != but and self.pos[q] == space:
                return q
        return -1

    def move_back(self, q: int, steps: int, by: int) -> list[Step]:
        frm = self.pos[q]
        to = max(0, frm - steps)
        out: list[Step] = []
        other = -1 if self.t.shared[to] else self.occupied(to, q)
        if other >= 0 and self.o.backward_onto_occupied == "behind":  # GSB-G12
            while to > 0 and not self.t.shared[to] and self.occupied(to, q) >= 0:
                to -= 1
        elif other >= 0:  # the literal bump: the occupant goes to the mover's previous space
            self.pos[other] = frm
            self.note(f"{self.name(q)} landed on {self.name(other)}: {self.name(other)} goes to {self.where(frm)}.")
            out += self.moved_back(other, frm, by)
        self.pos[q] = to
        self.note(f"{self.name(q)} moves back to {self.where(to)}.")
        return out + self.moved_back(q, to, by)

    # -- cards
    def resolve(self, p: int, card: str, stolen: bool) -> None:
        """`p`'s card takes effect (played from the hand, or stolen and played at once)."""
        self.blocked = set()
        here = self.pos[p]
        track = self.t
        if card in NUMBERS:
            to = here + int(card)
            if to >= track.end:  # GSB-27/28: exact or greater
                self.pos[p] = track.end
                self.winner = p
                self.note(f"{self.name(p)} plays {title(card)} and reaches THE END: {self.name(p)} wins!")
                return
            self.note(f"{self.name(p)} moves {card} to {self.where(to)}.")
            self.push(self.land(p, to, here, "number"))
            return
        if card in OUT_OF_TURN:  # only ever stolen (GSB-G9)
            if self.o.stolen_reaction_card == "keep":
                self.discard.remove(card)
                self.add(p, card)
                self.note(f"{title(card)} has nothing to answer: {self.name(p)} keeps it (GSB-G9).")
            else:
                self.note(f"{title(card)} has nothing to answer: it is discarded without effect (GSB-G9).")
            return
        stuck = track.is_landmark[here] and not self.o.own_card_from_landmark
        if card == PAL:
            to = track.next_landmark[here]
            if to < 0 or stuck:
                self.note(f"{title(PAL)}: no effect.")
                return
            self.note(f"{title(PAL)}: {self.name(p)} proceeds to {self.where(to)} (GSB-31).")
            self.push(self.land(p, to, here, "mayhem"))
        elif card == CAR:
            ahead = [x for i, x in enumerate(self.pos) if i != p and x > here]
            if not ahead or stuck:
                self.note(f"{title(CAR)}: nobody ahead of {self.name(p)}, no effect (GSB-32).")
                return
            to = min(ahead) + 1
            if to >= track.end:
                self.note(f"{title(CAR)}: the space in front is THE END, which Mayhem cannot reach: no effect.")
                return
            self.note(f"{title(CAR)}: {self.name(p)} passes and takes {self.where(to)} (GSB-32).")
            self.push(self.land(p, to, here, "mayhem"))
        elif card == BOOK:
            steps: list[Step] = []
            to = here + BOOK_AHEAD
            if to >= track.end:
                if self.o.book_near_end == "unplayable":  # only a stolen one gets here
                    self.note(f"{title(BOOK)}: 6 spaces would reach THE END: no effect (GSB-G16).")
                    return
                to = track.end - 1
            if to != here and not stuck:
                self.note(f"{title(BOOK)}: {self.name(p)} moves ahead to {self.where(to)} (GSB-33).")
                steps = self.land(p, to, here, "mayhem")
            self.push(steps + [BookLead(p)])
        elif card == STINE:
            movers = tuple(q for q in range(self.n) if self.pos[q] > 0 and not track.is_landmark[self.pos[q]])
            self.note(f"{title(STINE)}: everyone not on a Landmark moves back {STINE_BACK} (GSB-35).")
            windows: list[Step] = [ReactStep(q, GNOMIES, p, title(STINE)) for q in clockwise_from(self.n, p)
                                   if q in movers and self.size(q) and self.gnomies_left()]
            self.push(windows + [StineBack(p, movers)])

    def automatic(self, step: Step) -> None:
        if isinstance(step, MoveThree):
            self.pos[step.mover] = step.to
            self.note(f"{self.name(step.mover)} moves to {self.where(step.to)} (GSB-11).")
            if self.o.extra_turn_on == "any":
                self.extra.append((step.mover, f"{self.name(step.mover)} reached {self.where(step.to)}: another turn"))
        elif isinstance(step, Frozen):
            self.frozen(step)
        elif isinstance(step, BookLead):
            self.book_lead(step.player)
        elif isinstance(step, SendBack):
            self.send_back(step.player, step.target)
        elif isinstance(step, StineBack):
            self.stine_back(step)

    def frozen(self, step: Frozen) -> None:
        f, p = step.freezer, step.mover
        if p in self.blocked:
            self.note(f"Rollin' With My Gnomies blocks the Freeze Ray!: {self.name(p)} moves on (GSB-G19).")
            self.push([MoveThree(p, step.to, step.cards)])
            return
        if not self.o.freeze_discards_three:
            for c in step.cards:
                self.discard.remove(c)
                self.add(p, c)
        between = [self.name(k) for k in clockwise_from(self.n, p)[:(f - p - 1) % self.n]]
        self.note(f"Freeze Ray!: {self.name(p)} stays on {self.where(self.pos[p])} and loses the turn; play "
                  f"moves to {self.name(f)} (GSB-38).")
        self.stealers, self.extra = [], []
        self.start_turn(f, "freeze", f"{self.name(f)}'s Freeze Ray! stopped {self.name(p)}'s three of a kind: "
                                     f"now it is {self.name(f)}'s turn"
                        + (f" ({', '.join(between)} skipped)" if between else ""))

    def book_lead(self, p: int) -> None:
        others = [q for q in range(self.n) if q != p]
        far = max(self.pos[q] for q in others)
        lead = [q for q in clockwise_from(self.n, p) if self.pos[q] == far]
        if len(lead) > 1 and self.o.lead_tie == "choose":
            self.push([TargetStep(p, tuple(lead))])
            return
        self.send_back_steps(p, lead)

    def send_back_steps(self, p: int, targets: list[int]) -> None:
        steps: list[Step] = []
        for q in targets:
            if self.previous_landmark(q) == self.pos[q]:
                self.note(f"{title(BOOK)}: {self.name(q)} has no Landmark behind to go back to.")
                continue
            if self.size(q) and self.gnomies_left():
                steps.append(ReactStep(q, GNOMIES, p, title(BOOK)))
            steps.append(SendBack(p, q))
        self.push(steps)

    def previous_landmark(self, q: int) -> int:
        """GSB-G13: the nearest Landmark behind (even from a Landmark); START, or stay, if none."""
        back = self.t.prev_landmark[self.pos[q]]
        if back == 0 and self.o.no_landmark_behind == "stay":
            return self.pos[q]
        return back

    def send_back(self, p: int, q: int) -> None:
        if q in self.blocked:
            self.note(f"Rollin' With My Gnomies: {self.name(q)} is not moved (GSB-36).")
            return
        to = self.previous_landmark(q)
        self.pos[q] = to
        self.note(f"{title(BOOK)}: {self.name(q)} goes back to {self.where(to)} (GSB-33/34).")

    def stine_back(self, step: StineBack) -> None:
        movers = sorted((q for q in step.movers if q not in self.blocked), key=lambda q: self.pos[q])
        for q in step.movers:
            if q in self.blocked:
                self.note(f"Rollin' With My Gnomies: {self.name(q)} is not moved (GSB-36).")
        before = len(self.stealers)
        out: list[Step] = []
        for q in movers:
            out += self.move_back(q, STINE_BACK, step.player)
        if self.o.steal_order == "clockwise":  # GSB-G11
            new = self.stealers[before:]
            new.sort(key=lambda sw: (sw[0] - step.player) % self.n)
            self.stealers[before:] = new
        self.push(out)

    def windows_freeze(self, p: int, to: int, cards: tuple[str, ...]) -> list[Step]:
        steps: list[Step] = []
        if self.freeze_left():
            steps = [ReactStep(q, FREEZE, p, "three of a kind") for q in clockwise_from(self.n, p) if self.size(q)]
        return steps + [MoveThree(p, to, cards)]


# ---------------------------------------------------------------- the reducer

FAST = True  # the fast paths below; tests check they give exactly what the general path gives


def apply(state: State, inp: I.Input) -> State:
    if state.phase is Phase.OVER:
        raise IllegalInput("the game is over: Undo the last play, or start another game")
    if FAST and state.queue:
        head = state.queue[0]
        if type(inp) is I.Draw and type(head) is DrawStep:
            fast = _fast_draw(state, head, inp)
            if fast is not None:
                return fast
        elif type(inp) is I.Play and type(head) is PlayStep and len(inp.cards) == 1:
            fast = _fast_number(state, head, inp.cards[0])
            if fast is not None:
                return fast
    t = Table(state)
    if isinstance(inp, I.Place):
        _place(t, inp)
        return t.freeze()
    if not state.queue:
        raise IllegalInput("nothing is waiting for an input")
    step = state.queue[0]
    handler = _HANDLERS.get((type(step), type(inp)))
    if handler is None:
        raise IllegalInput(f"waiting for {_waiting(state, step)}, not a {inp.kind} input")
    t.queue.pop(0)
    handler(t, step, inp)
    t.run()
    return t.freeze()


def _waiting(state: State, head: Step) -> str:
    who = state.seats[head.seat] if hasattr(head, "seat") else ""
    return {
        "draw": f"{who} to pick up cards", "play": f"{who} to play", "steal": f"{who} to pick a player to steal from",
        "take": f"the card {who} stole", "shortcut": f"{who} to take the shortcut or not",
        "target": f"{who} to pick who goes back", "react": f"{who}'s answer (play the card or not)",
    }.get(head.kind, head.kind)


def _either(names: Sequence[str]) -> str:
    """"Bob", "Bob or Dan", "Bob, Cat or Dan"."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else "nobody"


def _seat(t: Table, name: str) -> int:
    try:
        return t.s.seats.index(name)
    except ValueError:
        raise IllegalInput(f"{name!r} is not at the table ({', '.join(t.s.seats)})") from None


def _draw(t: Table, step: DrawStep, inp: I.Draw) -> None:
    i = step.seat
    who = t.name(i)
    if len(inp.cards) != step.count:
        raise IllegalInput(f"{who} picks up {step.count} card(s) now, not {len(inp.cards)}")
    auto = t.s.automated[i]
    stickers = _stickers(t, inp)
    slots = []
    for c in inp.cards:
        if t.pile == 0:
            t.reshuffle()
        if t.pile == 0:
            raise IllegalInput("the draw pile and the discard pile are both empty")
        if c == I.DEVICE_DRAWS:
            k, t.rng = t.rng.below(len(t.unseen))
            card = t.unseen.pop(k)
        elif auto and t.s.options.device_hand == "screen":
            raise IllegalInput(f"{who}'s cards are dealt by the device from its own shuffle, and nobody sees them: "
                               "no card is named for it")
        elif c == UNSEEN:
            if auto:
                raise IllegalInput(f"{who}'s cards go face down into the device's holder: scan each one, not '?'")
            card = UNSEEN
        else:
            if c not in KINDS:
                raise IllegalInput(f"{c!r} is not a Goosebumps card (one of {', '.join(KINDS)}, '?' or '*')")
            if c not in t.unseen:
                raise IllegalInput(f"{t.unfit(c, 1, f'{title(c)} cannot be in the draw pile')}. Name the card as "
                                   f"it shows; if it is {title(c)}, a card was named wrong at a pick-up: Undo back to it")
            t.unseen.remove(c)
            card = c
        t.pile -= 1
        slots.append(t.add(i, card) + 1)
    t.read |= stickers
    if t.o.rules_version >= 2:
        t.held += [(x, i) for x in inp.stickers if x]
    if auto and t.o.device_hand == "screen":
        t.note(f"{who} picked up {len(slots)} card(s) from the device's own shuffle (nobody sees them).")
    elif auto:
        where = ", ".join(str(k) for k in slots)
        t.note(f"{who} picked up {len(slots)} card(s): into the holder, slot(s) {where}.")
    else:
        t.note(f"{who} picked up {len(slots)} card(s).")


def inp_seat(t: Table) -> int:
    """The seat picking up now (the head of the queue was popped for this input: the Draw step)."""
    return t.s.queue[0].seat if t.s.queue and isinstance(t.s.queue[0], DrawStep) else -1


def _stickers(t: Table, inp: I.Draw) -> frozenset[str]:
    """The stickers read for a pick-up: each the card it names, once; one read into a hand before
    (while no reshuffle brings the discards back) is refused without its card's name."""
    if not inp.stickers:
        return frozenset()
    if len(inp.stickers) != len(inp.cards):
        raise IllegalInput(f"{len(inp.cards)} card(s) picked up but {len(inp.stickers)} sticker entries")
    read = [code for code in inp.stickers if code]
    if len(set(read)) != len(read):
        twice = next(title(card) for code, card in zip(inp.stickers, inp.cards) if code and read.count(code) > 1)
        raise IllegalInput(f"the same {twice} card is read twice in this pick-up: show each card once")
    reshuffles = t.pile < len(inp.cards) and bool(t.discard)
    sure = {x for x, _ in t.held}  # version 2: still in a hand, so not shuffled back
    for code, card in zip(inp.stickers, inp.cards):
        if not code:
            continue
        if code in t.read and (not reshuffles or code in sure):
            # Not named: it may be the card another player left under the camera (a hidden hand).
            raise IllegalInput(f"this card was read into a hand already ({t.where_read(code, inp_seat(t))}): each "
                               f"card is in the box once. "
                               f"Take it away and show the card just picked up")
        try:
            named = card_for_code(code, mix_of(t.o))
        except ValueError as exc:
            raise IllegalInput(str(exc)) from None
        if named != card:
            raise IllegalInput(f"sticker {code} is not the card named for it: name the card as it shows")
    return frozenset(read)


def _play(t: Table, step: PlayStep, inp: I.Play) -> None:
    p = step.seat
    cards = inp.cards
    if len(cards) == 3:
        n = cards[0]
        if n not in NUMBERS or any(c != n for c in cards):
            raise IllegalInput(f"three of a kind is three equal numbers, not {', '.join(cards)} (GSB-11)")
        reason = three_unplayable(t.s, t.t, p)
        if reason:
            raise IllegalInput(f"{t.name(p)} may not play three of a kind: {reason}; play one card instead")
        if not may_hold(t.hands[p], t.unseen, n, 3):
            raise IllegalInput(t.not_held(p, n, "play one card instead", f"three {n}s", 3))
        for c in cards:
            t.remove(p, c)
        t.discard += cards
        to = t.t.next_landmark[t.pos[p]]
        t.blocked = set()
        if to < 0:
            t.note(f"{t.name(p)} plays three {n}s: no Landmark ahead, no effect (GSB-G17).")
            return
        t.note(f"{t.name(p)} plays three {n}s to move to {t.where(to)}.")
        t.push(t.windows_freeze(p, to, tuple(cards)))
        return
    if len(cards) != 1:
        raise IllegalInput(f"play one card or three of a kind, not {len(cards)} cards (GSB-14)")
    card = cards[0]
    if card not in KINDS:
        raise IllegalInput(f"{card!r} is not a Goosebumps card (one of {', '.join(KINDS)})")
    reason = unplayable(t.s, t.t, p, card)
    if reason:
        raise IllegalInput(f"{t.name(p)} may not play {title(card)}: {reason}; play another card")
    t.remove(p, card)
    t.discard.append(card)
    if card not in NUMBERS:
        t.note(f"{t.name(p)} plays {title(card)}.")
    t.resolve(p, card, stolen=False)


def _pass(t: Table, step: PlayStep, inp: I.Pass) -> None:
    """A hand with no card to play passes, unnamed: refused only when the table's own view proves a
    play (then the words say why), or the cards named so far do (then they say only that)."""
    rule = f"{t.name(step.seat)} may pass only when no card in hand may be played (GSB-14): play a card"
    public = pass_disproved(t.s, step.seat)
    if public:
        raise IllegalInput(f"{rule}: {public}")
    if not may_pass(t.s, step.seat):
        raise IllegalInput(f"{rule}. By the cards named so far, one may be played; if none really may, a card "
                           f"was named wrong at a pick-up: Undo back to it")
    t.note(f"{t.name(step.seat)} holds no card that may be played: the turn passes.")


def _steal(t: Table, step: StealStep, inp: I.Steal) -> None:
    v = _seat(t, inp.victim)
    victims = _either([t.name(q) for q in clockwise_from(t.n, step.seat) if t.size(q) or not t.o.steal_needs_cards])
    if v == step.seat:
        raise IllegalInput(f"{t.name(v)} cannot steal from themselves (GSB-20): pick {victims}")
    if not t.size(v) and t.o.steal_needs_cards:
        raise IllegalInput(f"{t.name(v)} holds no cards: pick {victims}, who hold cards (GSB-G10)")
    t.queue.insert(0, TakeStep(step.seat, v))


PERSON_PICKS_SLOT = 2  # the rules version from which a person stealing from the holder picks the slot


def _take(t: Table, step: TakeStep, inp: I.Take, device_picks_for_people: bool | None = None) -> None:
    """GSB-20, "pick a player (and without looking) steal one of their cards": the stealer picks.
    A person stealing from the automated player's holder picks the slot (`inp.slot`); the device
    picks only for itself. `device_picks_for_people` is the reading before issue 25 #14 (the
    device picked the holder's slot for a person who gave none), kept for games recorded under
    it: by default, that of the game's rules version (1: the device picks)."""
    if device_picks_for_people is None:
        device_picks_for_people = t.o.rules_version < PERSON_PICKS_SLOT
    s, v = step.seat, step.victim
    if not t.size(v):
        t.note(f"{t.name(v)} holds no cards: nothing is stolen (GSB-G10).")
        return
    hand = t.hands[v]
    filled = [k for k, c in enumerate(hand) if c != EMPTY]
    if inp.slot:
        if not t.s.automated[v]:
            raise IllegalInput(f"{t.name(v)} keeps their cards in their hand, not in the holder: "
                               f"name the card {t.name(s)} took")
        if inp.card:
            raise IllegalInput("give the slot or the card, not both")
        if inp.slot - 1 not in filled:
            raise IllegalInput(f"slot {inp.slot} of {t.name(v)}'s holder is empty: pick slot "
                               f"{_either([str(k + 1) for k in filled])}")
        card = t.take_slot(v, inp.slot - 1)
        if t.o.device_hand == "screen":  # no real card: the set-up says to find it in the draw pile
            t.note(f"{t.name(s)} steals card {inp.slot} of {t.name(v)}'s hand on the screen without looking: "
                   f"{title(card)}.")
        else:
            t.note(f"{t.name(s)} steals from slot {inp.slot} of {t.name(v)}'s holder without looking: {title(card)}.")
    elif not inp.card:
        if t.s.automated[v] and not t.s.automated[s] and not device_picks_for_people:
            raise IllegalInput(f"{t.name(s)} picks the slot of {t.name(v)}'s holder without looking: "
                               f"slot {_either([str(k + 1) for k in filled])}")
        if UNSEEN in hand:
            raise IllegalInput(f"name the card {t.name(s)} took from {t.name(v)}: the device has not seen "
                               f"{t.name(v)}'s cards")
        pick, t.rng = t.rng.below(len(filled))
        k = filled[pick]
        card = t.take_slot(v, k)
        where = f"slot {k + 1} of {t.name(v)}'s holder" if t.s.automated[v] else f"{t.name(v)}'s hand"
        t.note(f"{t.name(s)} steals from {where} without looking: {title(card)}.")
    else:
        card = inp.card
        if card not in KINDS:
            raise IllegalInput(f"{card!r} is not a Goosebumps card (one of {', '.join(KINDS)})")
        t.remove(v, card, f"name the card {t.name(s)} took as it shows")
        t.note(f"{t.name(s)} steals {title(card)} from {t.name(v)}.")
    if t.o.theft_extra_card:
        t.owed[v] += 1
    t.discard.append(card)
    t.resolve(s, card, stolen=True)  # "Play it immediately and move accordingly"


def _shortcut(t: Table, step: ShortcutStep, inp: I.Shortcut) -> None:
    p = step.seat
    if inp.take:
        t.note(f"{t.name(p)} takes the shortcut through the Graveyard to {t.where(t.t.tombstone)} (GSB-19).")
        t.push(t.arrive(p, t.t.tombstone, step.came_from, step.move))
    else:
        t.push(t.arrive(p, t.t.sign, step.came_from, step.move))


def _target(t: Table, step: TargetStep, inp: I.Target) -> None:
    q = _seat(t, inp.seat)
    if q not in step.choices:
        raise IllegalInput(f"{t.name(q)} is not among the lead players: choose "
                           f"{_either([t.name(c) for c in step.choices])} (GSB-G14)")
    t.send_back_steps(step.seat, [q])


def _react(t: Table, step: ReactStep, inp: I.React) -> None:
    if not inp.play:
        return
    q = step.seat
    t.remove(q, step.card, "let it pass")
    t.discard.append(step.card)
    if step.card == GNOMIES:
        t.blocked.add(q)
        t.note(f"{t.name(q)} plays Rollin' With My Gnomies against {step.what} (GSB-36).")
        return
    t.note(f"{t.name(q)} plays Freeze Ray! against {t.name(step.against)}'s three of a kind (GSB-37).")
    while t.queue and isinstance(t.queue[0], ReactStep) and t.queue[0].card == FREEZE:
        t.queue.pop(0)  # one Freeze Ray! answers a three of a kind (GSB-G19)
    move = t.queue.pop(0)
    assert isinstance(move, MoveThree)
    p = step.against
    steps: list[Step] = []
    if t.o.gnomies_vs_freeze and t.size(p) and t.gnomies_left():
        steps.append(ReactStep(p, GNOMIES, q, "Freeze Ray!"))
    t.push(steps + [Frozen(q, p, move.to, move.cards)])


def _place(t: Table, inp: I.Place) -> None:
    q = _seat(t, inp.seat)
    if not 0 <= inp.space < t.t.end:
        raise IllegalInput(f"space {inp.space} is not on the track (0 = START to {t.t.end - 1}; only a "
                           f"numbered card reaches THE END)")
    other = -1 if t.t.shared[inp.space] else t.occupied(inp.space, q)
    if other >= 0:
        raise IllegalInput(f"{t.name(other)} stands on {t.where(inp.space)}: only Landmarks are shared (GSB-17). "
                           f"Put {t.name(q)}'s monster on a free space or a Landmark, or put {t.name(other)}'s "
                           f"right first")
    t.pos[q] = inp.space
    t.note(f"{t.name(q)}'s monster was put on {t.where(inp.space)} by hand.")


_HANDLERS: dict[tuple[type, type], Callable[[Table, Any, Any], None]] = {
    (DrawStep, I.Draw): _draw,
    (PlayStep, I.Play): _play,
    (PlayStep, I.Pass): _pass,
    (StealStep, I.Steal): _steal,
    (TakeStep, I.Take): _take,
    (ShortcutStep, I.Shortcut): _shortcut,
    (TargetStep, I.Target): _target,
    (ReactStep, I.React): _react,
}


# ---------------------------------------------------------------- fast paths (the search's hot inputs)

def _fast_draw(s: State, head: DrawStep, inp: I.Draw) -> State | None:
    """A turn's draw with no reshuffle and no stickers; None leaves it to the general path."""
    n = head.count
    if inp.stickers or head.why == "deal" or len(inp.cards) != n or s.pile < n or len(s.queue) < 2 \
            or type(s.queue[1]) is not PlayStep:
        return None
    i = head.seat
    auto = s.automated[i]
    unseen = list(s.unseen)
    rng = s.rng
    hand = s.hands[i]
    slots = []
    for c in inp.cards:
        if c == I.DEVICE_DRAWS:
            k, rng = rng.below(len(unseen))
            card = unseen.pop(k)
        elif c == UNSEEN and not auto:
            card = UNSEEN
        elif c in KINDS and c in unseen and not (auto and s.options.device_hand == "screen"):
            unseen.remove(c)
            card = c
        else:
            return None
        if auto and EMPTY in hand:
            k = hand.index(EMPTY)
            hand = hand[:k] + (card,) + hand[k + 1:]
        else:
            k = len(hand)
            hand = hand + (card,)
        slots.append(k + 1)
    name = s.seats[i]
    if auto and s.options.device_hand == "screen":
        note = f"{name} picked up {n} card(s) from the device's own shuffle (nobody sees them)."
    else:
        note = (f"{name} picked up {n} card(s): into the holder, slot(s) {', '.join(str(k) for k in slots)}."
                if auto else f"{name} picked up {n} card(s).")
    hands = s.hands[:i] + (hand,) + s.hands[i + 1:]
    return evolve(s, hands=hands, unseen=tuple(unseen), pile=s.pile - n, rng=rng, queue=s.queue[1:],
                  notices=(note,))


def _fast_number(s: State, head: PlayStep, card: str) -> State | None:
    """A numbered card to a plain free space that ends the turn; None leaves it to the general path."""
    if card not in NUMBERS or len(s.queue) != 1 or s.stealers or s.extra or s.anchor != s.owner or s.held:
        return None
    p = head.seat
    hand = s.hands[p]
    if card not in hand:
        return None
    t = track_for(s.options.board)
    here = s.positions[p]
    to = here + int(card)
    if to >= t.end or t.shared[to] or t.is_steal[to] or to == t.sign or to in s.positions:
        return None
    k = hand.index(card)
    hand = hand[:k] + ((EMPTY,) if s.automated[p] else ()) + hand[k + 1:]
    hands = s.hands[:p] + (hand,) + s.hands[p + 1:]
    positions = s.positions[:p] + (to,) + s.positions[p + 1:]
    discard = s.discard + (card,)
    nxt = left_of(len(s.seats), s.anchor)
    why, because, count, turns, rnd = turn_start(s, nxt, "regular", "", s.started[nxt], s.turns,
                                                 hand_size(hands[nxt]), s.owed[nxt], s.pile + len(discard))
    owed = s.owed[:nxt] + (0,) + s.owed[nxt + 1:] if s.owed[nxt] else s.owed
    started = s.started if s.started[nxt] else s.started[:nxt] + (True,) + s.started[nxt + 1:]
    queue: tuple[Step, ...] = ((DrawStep(nxt, count, "turn"),) if count else ()) + (PlayStep(nxt),)
    return evolve(s, positions=positions, hands=hands, discard=discard, blocked=frozenset(), active=nxt,
                  owner=nxt, anchor=nxt, why=why, because=because, turns=turns, round=rnd, owed=owed,
                  started=started, queue=queue,
                  notices=(f"{s.seats[p]} moves {card} to {t.space_name(to)}.",))
