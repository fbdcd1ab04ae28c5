"""The board: moving the party, entering a space (exit, then adjacent Locations, then Encounters:
SOL-48/49/50), Location and Encounter cards, the Rope Bridge, Scout Ahead, and the Exit tokens
with their private peeks (SOL-64/65)."""

from __future__ import annotations

from companion.core.evolve import evolve
from companion.games.stuff_of_legend import effects
from companion.games.stuff_of_legend.common import (
    Said,
    cards_at,
    cat,
    effect_tuples,
    note,
    push,
    require,
    set_cards,
    title,
    where,
    who,
    world,
)
from companion.games.stuff_of_legend.ending import end_game
from companion.games.stuff_of_legend.state import (
    Enter,
    Peek,
    Pending,
    PlaceBridge,
    ResolveEncounters,
    RevealEncounters,
    RevealLocations,
    RunEffects,
    ScanExit,
    ScoutPeek,
    ScoutSwapping,
    Slot,
    SpaceCards,
    State,
    Stated,
    StateNumber,
)
from companion.i18n import N_
from companion.i18n import pack_domain

gettext = pack_domain(__file__).gettext  # refusals in the device's language

EXIT_NUMBERS = tuple(range(1, 8))


def move_party(s: State, to: str, actor: str, along_trail: bool) -> State:
    """The party moves; a red or green trail changes the Attention Level at once (SOL-45)."""
    trail = world(s).trail(s.party, to) if along_trail else None
    s = evolve(s, party=to)
    s = note(s, Said(N_("Move the Hero Party marker to {space}."), space=where(s, to)))
    if trail is not None and trail.attention and not world(s).space(to).exit:
        s = note(s, Said(N_("A noisy red trail.") if trail.attention > 0 else N_("A quiet green trail.")))
        s = effects.attention(s, trail.attention)
    return push(s, Enter(to, actor, transported=not along_trail))


def enter(s: State, step: Enter) -> State:
    """Entering a space: an exit ends the game before anything else; then the adjacent Locations,
    then the Encounters here (SOL-48/49/50). Transported: this space's own Location first (SOL-G15)."""
    s = evolve(s, pending=s.pending[1:])
    w = world(s)
    if w.space(step.space).exit:
        return end_game(s, "exit", step.space)
    todo: list[Pending] = []
    if step.transported and effects.face_down_location(s, step.space):
        todo.append(RevealLocations((step.space,), step.actor))
    near = tuple(x for x in w.neighbours(step.space, s.bridge) if effects.face_down_location(s, x))
    if near:
        todo.append(RevealLocations(near, step.actor))
    if any(not e.up for e in cards_at(s, step.space).encounters):
        todo.append(RevealEncounters(step.space, step.actor))
    return push(s, *todo)


def reveal_location(s: State, r: RevealLocations, space: str, code: str | None) -> State:
    """Turn a Location up (scanned when physical) and resolve it; one-time ones are discarded (SOL-52)."""
    require(space in r.spaces, f"the Location to turn up now is in {', '.join(where(s, x) for x in r.spaces)}")
    slot = cards_at(s, space).location
    assert slot is not None
    if s.options.board_cards == "digital":
        require(code is None, gettext("the device holds the board's cards: it turns this one up itself"))
        code = slot.code
    else:
        require(code is not None, gettext("scan the Location card in {space}").format(space=where(s, space)))
        assert code is not None
        require(code in possible_locations(s, slot.colour), not_face_down(s, code, "LOCN", slot.colour, space))
    card = cat(s).location(code)
    s = evolve(s, pending=s.pending[1:])
    rest = tuple(x for x in r.spaces if x != space)
    here = cards_at(s, space)
    s = set_cards(s, space, evolve(here, location=Slot(code, slot.colour, True) if card.lasting else None))
    if not card.lasting and s.options.rules_version >= 2:
        s = evolve(s, removed=s.removed + (code,))  # discarded: the box has one of each (version 2)
    s = note(s, Said(N_("{space} is {card}.") if card.lasting else N_("{space} is {card}: resolve it, then discard it."),
                     space=where(s, space), card=card.title))
    todo: list[Pending] = [RunEffects(code, r.actor, effect_tuples(card.reveal), here=space)] if card.reveal else []
    if rest:
        todo.append(evolve(r, spaces=rest))
    return push(s, *todo)


def possible_locations(s: State, colour: str) -> set[str]:
    """Location cards of `colour` still face down somewhere (the ones not yet seen)."""
    seen = {sc.location.code for sc in s.board if sc.location is not None and sc.location.code}
    gone = {c for c in _removed_locations(s)}
    return {c.code for c in cat(s).locations if c.colour == colour} - seen - gone


def _removed_locations(s: State) -> set[str]:
    return {c for c in s.removed if c.startswith("SOL:LOCN:")}


DECK_NAMES = {"LOCN": "Location", "ENCT": "Encounter"}


def not_face_down(s: State, code: str, deck: str, colour: str, space: str) -> str:
    """Why a scanned card cannot be the face-down one in `space`, in the card's own words: its
    title and, for a card the box has once, where it already is (SOL-51, SOL-52)."""
    kind = DECK_NAMES[deck]
    if not cat(s).is_card(code, deck):
        known = cat(s).title(code)
        if known != code:
            return gettext("{card} is not a {kind} card").format(card=known, kind=gettext(kind))
        return gettext("that card is not one of the {kind} cards the companion knows").format(kind=gettext(kind))
    name = title(s, code)
    already = whereabouts(s, code)
    if already:
        return gettext("{card} is already {where}: the box has one {card}, so it cannot also be in {space}").format(
            card=name, where=already, space=where(s, space))
    got = cat(s).location(code).colour if deck == "LOCN" else cat(s).encounter(code).colour
    if got != colour:
        return gettext("{card} is a {colour} {kind} card; the one in {space} has a {back} back").format(
            card=name, colour=gettext(got), kind=gettext(kind), space=where(s, space), back=gettext(colour))
    return gettext("{card} is not one of the {kind} cards in play at this table").format(card=name, kind=gettext(kind))


def whereabouts(s: State, code: str) -> str:
    """Where a board card already is, in words ("" when it is still face down, unseen)."""
    for i, sc in enumerate(s.board):
        space = where(s, world(s).ids[i])
        if sc.location is not None and sc.location.code == code and sc.location.up:
            return gettext("face up in {space}").format(space=space)
        if any(e.code == code and e.up for e in sc.encounters):
            return gettext("face up in {space}").format(space=space)
    for c, at in s.leaders:
        if c == code:
            return f"a Leader beside the board, its marker in {where(s, at)}"
    if code in s.allies:
        return "an Ally beside the board"
    if code in s.removed:
        return "turned up and discarded"
    return ""


def reveal_encounters(s: State, r: RevealEncounters, code: str | None) -> State:
    """Encounters here turn up: all at once when the device holds them, one scan at a time when
    physical; then they are resolved in the order the players choose (SOL-50)."""
    here = cards_at(s, r.space)
    down = [i for i, e in enumerate(here.encounters) if not e.up]
    if not down:
        s = evolve(s, pending=s.pending[1:])
        return s
    slots = list(here.encounters)
    if s.options.board_cards == "digital":
        shown = [slots[i].code for i in down]
        for i in down:
            slots[i] = evolve(slots[i], up=True)
    else:
        require(code is not None, gettext("scan the Encounter card in {space}").format(space=where(s, r.space)))
        assert code is not None
        i = down[0]
        require(code in possible_encounters(s, slots[i].colour),
                not_face_down(s, code, "ENCT", slots[i].colour, r.space))
        slots[i] = Slot(code, slots[i].colour, True)
        shown = [code]
    s = set_cards(s, r.space, evolve(here, encounters=tuple(slots)))
    s = note(s, *(Said(N_("Encounter in {space}: {card}."), space=where(s, r.space), card=title(s, c)) for c in shown))
    if len(down) > len(shown):
        return s  # more to scan
    s = evolve(s, pending=s.pending[1:])
    fresh = tuple(e.code for i, e in enumerate(slots) if i in down)
    return push(s, ResolveEncounters(r.space, fresh, r.actor))


def possible_encounters(s: State, colour: str) -> set[str]:
    seen = {e.code for sc in s.board for e in sc.encounters if e.code}
    seen |= {c for c, _ in s.leaders} | set(s.allies) | set(s.removed)
    chosen = {h for h in s.seats}
    out = set()
    for c in cat(s).encounters:
        if c.colour != colour or c.code in seen:
            continue
        if c.alternate and c.alternate not in chosen:
            continue
        if any(a.replaces == c.code and a.alternate in chosen for a in cat(s).encounters):
            continue
        out.add(c.code)
    return out


def resolve_encounter(s: State, r: ResolveEncounters, code: str) -> State:
    """Army: armies added, card discarded; Leader: its marker here; Ally: beside the board; Quest:
    stays here face up (SOL-55..63)."""
    require(code in r.codes, f"the Encounters to resolve here are {', '.join(title(s, c) for c in r.codes)}")
    card = cat(s).encounter(code)
    s = evolve(s, pending=s.pending[1:])
    rest = tuple(c for c in r.codes if c != code)
    todo = [evolve(r, codes=rest)] if rest else []
    here = cards_at(s, r.space)
    if card.kind == "quest":
        s = note(s, Said(N_("The Quest {card} stays here: any hero here may attempt it as an action."), card=card.title))
        return push(s, *todo)
    s = set_cards(s, r.space, evolve(here, encounters=tuple(e for e in here.encounters if e.code != code)))
    if card.kind == "army":
        s = evolve(s, removed=s.removed + (code,))
        s = note(s, Said(N_("{card}: resolve it, then discard the card."), card=card.title))
        return push(s, RunEffects(code, r.actor, effect_tuples(card.effects), here=r.space), *todo)
    if card.kind == "leader":
        s = evolve(s, leaders=s.leaders + ((code, r.space),))
        s = note(s, Said(N_("{card} is a Leader: put its card beside the board and its marker in {space}."), card=card.title, space=where(s, r.space)))
        return push(s, *todo)
    s = evolve(s, allies=s.allies + (code,))
    s = note(s, Said(N_("{card} joins as an Ally: put the card face up beside the board."), card=card.title))
    return push(s, *todo)


def place_bridge(s: State, p: PlaceBridge, a: str, b: str) -> State:
    pair = next((x for x in p.choices if set(x) == {a, b}), None)
    choices = ", ".join(f"{where(s, x)}-{where(s, y)}" for x, y in p.choices)
    require(pair is not None, gettext("the Rope Bridge goes straight across the canyon: one of {x}").format(x=choices))
    assert pair is not None
    s = evolve(s, bridge=pair, pending=s.pending[1:])
    s = note(s, Said(N_("Place the Rope Bridge between {space} and {space2}."), space=where(s, pair[0]), space2=where(s, pair[1])))
    if effects.face_down_location(s, pair[1]):
        return push(s, RevealLocations((pair[1],)))
    return s


# ---------------------------------------------------------------- Scout Ahead

def slot_ref(space: str, which: int) -> str:
    """"space:L" for the Location, "space:E0".. for the Encounters."""
    return f"{space}:L" if which < 0 else f"{space}:E{which}"


def parse_slot(s: State, ref: str) -> tuple[str, int]:
    space, _, part = ref.partition(":")
    require(world(s).has(space) and (part == "L" or (part[:1] == "E" and part[1:].isdigit())),
            f"{ref!r} is not a card on the board (SPACE:L or SPACE:E0)")
    return space, -1 if part == "L" else int(part[1:])


def slot_at(s: State, ref: str) -> Slot | None:
    space, which = parse_slot(s, ref)
    cards = cards_at(s, space)
    if which < 0:
        return cards.location
    return cards.encounters[which] if which < len(cards.encounters) else None


def peekable(s: State, seen: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Face-down cards in spaces adjacent to the party, and face-down Encounters in its space (SOL-113)."""
    w = world(s)
    out = []
    here = cards_at(s, s.party)
    out += [slot_ref(s.party, i) for i, e in enumerate(here.encounters) if not e.up]
    for x in w.neighbours(s.party, s.bridge):
        if w.space(x).exit:
            continue
        c = cards_at(s, x)
        if c.location is not None and not c.location.up:
            out.append(slot_ref(x, -1))
        out += [slot_ref(x, i) for i, e in enumerate(c.encounters) if not e.up]
    return tuple(r for r in out if r not in seen)


def scout_look(s: State, p: ScoutPeek, ref: str) -> State:
    require(ref in peekable(s, p.seen), gettext("{x} is not a face-down card {who} may look at").format(x=ref, who=who(s, p.seat)))
    slot = slot_at(s, ref)
    assert slot is not None
    s = evolve(s, pending=s.pending[1:])
    space, which = parse_slot(s, ref)
    what = N_("Location") if which < 0 else N_("Encounter")
    s = note(s, Said(N_("{who} looks at the {n} card in {space}, without showing it."), who=who(s, p.seat), n=Said(what), space=where(s, space)))
    if slot.code:
        s = evolve(s, board_seen=s.board_seen + ((p.seat, slot.code),))
    if p.left > 1 and peekable(s, p.seen + (ref,)):
        return push(s, evolve(p, left=p.left - 1, seen=p.seen + (ref,)))
    return push(s, ScoutSwapping(p.seat))


def swappable(s: State) -> tuple[tuple[str, str], ...]:
    """Pairs of face-down Encounter cards Scout Ahead may swap (SOL-114, SOL-G14)."""
    w = world(s)
    if s.options.scout_swap == "near_party":
        spaces = [s.party] + [x for x in w.neighbours(s.party, s.bridge) if not w.space(x).exit]
        refs = [slot_ref(x, i) for x in spaces for i, e in enumerate(cards_at(s, x).encounters) if not e.up]
        return tuple((a, b) for k, a in enumerate(refs) for b in refs[k + 1:])
    out = []
    for x in w.card_spaces:
        mine = [slot_ref(x, i) for i, e in enumerate(cards_at(s, x).encounters) if not e.up]
        out += [(a, b) for k, a in enumerate(mine) for b in mine[k + 1:]]
        for y in w.neighbours(x, s.bridge):
            if y > x and w.space(y).takes_cards:
                theirs = [slot_ref(y, i) for i, e in enumerate(cards_at(s, y).encounters) if not e.up]
                out += [(a, b) for a in mine for b in theirs]
    return tuple(out)


def scout_swap(s: State, seat: str, a: str, b: str) -> State:
    s = evolve(s, pending=s.pending[1:])
    if not a and not b:
        return note(s, Said(N_("{who} swaps no Encounter cards."), who=who(s, seat)))
    require((a, b) in swappable(s) or (b, a) in swappable(s),
            f"{a} and {b} are not two face-down adjacent Encounter cards that may be swapped")
    (sa, ia), (sb, ib) = parse_slot(s, a), parse_slot(s, b)
    ca, cb = cards_at(s, sa).encounters[ia], cards_at(s, sb).encounters[ib]
    s = _set_encounter(s, sa, ia, cb)
    s = _set_encounter(s, sb, ib, ca)
    return note(s, Said(N_("{who} swaps an Encounter card of {space} with one of {space2}."), who=who(s, seat), space=where(s, sa), space2=where(s, sb)))


def _set_encounter(s: State, space: str, i: int, slot: Slot) -> State:
    c = cards_at(s, space)
    return set_cards(s, space, SpaceCards(c.location, c.encounters[:i] + (slot,) + c.encounters[i + 1:]))


# ---------------------------------------------------------------- exits

def exit_index(s: State, exit: str) -> int:
    exits = world(s).exits
    require(exit in exits, f"{exit!r} is not an Exit space ({', '.join(exits)})")
    return exits.index(exit)


def peek(s: State, seat: str, exit: str) -> State:
    """A private look at an Exit token; the peeker then states a number (SOL-64)."""
    i = exit_index(s, exit)
    s = note(s, Said(N_("{who} peeks at the Exit token of {space}, in secret."), who=who(s, seat), space=where(s, exit)))
    if s.exits[i] == 0:
        return push(s, ScanExit(seat, exit, "peek"))  # a physical token: its sticker is read unseen
    s = evolve(s, peeks=s.peeks + (Peek(seat, exit, s.exits[i], s.exit_epochs[i]),))
    return push(s, StateNumber(seat, exit))


def scanned_number(s: State, code: str) -> int:
    head, _, nn = code.rpartition(":")
    require(head == "SOL:EXIT" and nn.isdigit() and 1 <= int(nn) <= 7,
            gettext("{code} is not an Exit token's sticker (SOL:EXIT:01 to SOL:EXIT:07)").format(code=repr(code)))
    return int(nn)


def exit_scanned(s: State, p: ScanExit, code: str) -> State:
    n = scanned_number(s, code)
    i = exit_index(s, p.exit)
    others = {v for k, v in enumerate(s.exits) if k != i and v}
    require(n not in others, gettext("that sticker is not the token in {space}: scan that token again, without "
                                     "showing it").format(space=where(s, p.exit)))  # no number: a seat must not learn another's token
    s = evolve(s, exits=s.exits[:i] + (n,) + s.exits[i + 1:], pending=s.pending[1:])
    if p.why == "end":
        return note(s, Said(N_("{space}: Exit token {n}."), space=where(s, p.exit), n=n))
    s = evolve(s, peeks=s.peeks + (Peek(p.seat, p.exit, n, s.exit_epochs[i]),))
    if p.why == "repeek":
        return s
    return push(s, StateNumber(p.seat, p.exit))


def state_number(s: State, p: StateNumber, number: int) -> State:
    require(number in EXIT_NUMBERS, gettext("an Exit token shows 1 to 7, not {x}").format(x=repr(number)))
    i = exit_index(s, p.exit)
    s = evolve(s, stated=s.stated + (Stated(p.seat, p.exit, number, s.exit_epochs[i]),), pending=s.pending[1:])
    return note(s, Said(N_("{who} says the Exit token of {space} shows {n}."), who=who(s, p.seat), space=where(s, p.exit), n=number))


def accidental_reveal(s: State, exit: str, number: int) -> State:
    """A token seen by all goes back among the unused ones, one comes out at random, and those who
    had peeked there may peek again (SOL-65)."""
    i = exit_index(s, exit)
    peekers = tuple(dict.fromkeys(p.seat for p in s.peeks if p.exit == exit))
    epochs = s.exit_epochs[:i] + (s.exit_epochs[i] + 1,) + s.exit_epochs[i + 1:]
    if s.options.exits == "digital":
        require(number in (0, s.exits[i]), gettext("the device holds the Exit tokens: give 0 and it tells the number"))
        seen = s.exits[i]
        pool = tuple(sorted(s.box + (seen,)))
        k, rng = s.rng.below(len(pool))
        new = pool[k]
        box = pool[:k] + pool[k + 1:]
        s = evolve(s, exits=s.exits[:i] + (new,) + s.exits[i + 1:], box=box, rng=rng, exit_epochs=epochs)
        s = evolve(s, exposed=s.exposed + ((exit, seen),))
        s = evolve(s, peeks=s.peeks + tuple(Peek(p, exit, new, epochs[i]) for p in peekers))
        s = note(s, Said(N_("The Exit token of {space} was seen by all: it showed {n}. It is shuffled with the three "
                            "unused tokens and one of them is placed there at random."), space=where(s, exit), n=seen))
        if peekers:
            s = note(s, Said(N_("{heroes}: look at your private exit screen again."),
                             heroes=", ".join(who(s, p) for p in peekers)))
        return s
    require(number in EXIT_NUMBERS, gettext("an Exit token shows 1 to 7, not {x}").format(x=repr(number)))
    s = evolve(s, exits=s.exits[:i] + (0,) + s.exits[i + 1:], exit_epochs=epochs, exposed=s.exposed + ((exit, number),))
    s = note(s, Said(N_("The Exit token of {space} was seen by all: it showed {n}. Shuffle it face down with the "
                        "tokens in the box and place one of them there at random."), space=where(s, exit), n=number))
    return push(s, *(ScanExit(p, exit, "repeek") for p in peekers))
