"""Every legal input of the seat that acts (the protocol's legal_inputs; the AI's candidates).

Copies of a card are interchangeable, so each title in a hand is offered once (its lowest code);
any copy is accepted by the reducer. During a scare the resolver's outcomes are offered whole
(`RunPlan`) when there are few enough of them, else the next single move (`Run`).
"""

from __future__ import annotations

from companion.games.bump_in_the_night import scare
from companion.games.bump_in_the_night.cards import ACTION, BLOCK, BONUS
from companion.games.bump_in_the_night.context import Ctx, presence
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
    RunPlan,
    Scare,
)
from companion.games.bump_in_the_night.rules import (
    RUNNING_CARDS,
    _poltergeist_doors,
    monster_moves,
    person_moves,
    scare_targets,
)
from companion.games.bump_in_the_night.state import (
    BAT,
    CAT,
    KINDS,
    LOCK_MARKERS,
    SUPPLY,
    BonusChance,
    DrawFor,
    HideGoblin,
    Phase,
    State,
)

PLAN_LIMIT = 32  # outcomes offered whole; more than this and the moves come one at a time
SEARCH_LIMIT = 600  # positions the resolver may visit for legal_inputs


def titles(state: State, c: Ctx, seat: int) -> list[str]:
    """One code per card title in the seat's hand."""
    seen: set[str] = set()
    out = []
    for code in state.hands[seat]:
        name = c.card(code).name
        if name not in seen:
            seen.add(name)
            out.append(code)
    return out


def legal(state: State, c: Ctx) -> list[Input]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.ROLL:
        return [GroupRoll(v) for v in range(1, 7)]
    if state.phase is Phase.PLACE:
        if state.options.table_places_girls:
            return [PlaceGroup(r.id) for r in c.house.rooms]
        return [PlaceGirls()]
    if state.pending:
        p = state.pending[0]
        if isinstance(p, DrawFor):
            return [Draw(None)]
        if isinstance(p, HideGoblin):
            return [Hide(False), Hide(True)]
        assert isinstance(p, BonusChance)
        out: list[Input] = [Bonus("")]
        for code in state.hands[p.seat]:
            card = c.card(code)
            if card.deck == BONUS and ((card.room and p.room in c.house.rooms_named(card.room))
                                       or card.monster == KINDS[p.monster]):
                out.append(Bonus(code))
        return out
    if state.running is not None:
        return running(state, c) + _actions(state, c, running=True)
    step = state.turn.step
    out = []
    if step == 1:
        out += locks(state, c)
    elif step == 2:
        out += placements(state, c) + moves(state, c, step4=False) + replacements(state, c)
    elif step == 3:
        out += [Scare(state.seats[s], KINDS[k]) for s, k in scare_targets(state)]
        if not state.options.scare_optional and out:
            return out + _actions(state, c, running=False)
    elif step == 4:
        out += moves(state, c, step4=True) + people(state, c)
    elif step == 5:
        out += blocks(state, c)
    if step <= 5:
        out.append(Done())
    return out + _actions(state, c, running=False)


def running(state: State, c: Ctx) -> list[Input]:
    found = scare.outcomes(state, c, SEARCH_LIMIT)
    if found is not None and 0 < len(found) <= PLAN_LIMIT:
        return [RunPlan(path) for path, _ in found]
    return [scare.to_input(state, c, ch) for ch in scare.choices(state, c)]


def locks(state: State, c: Ctx) -> list[Input]:
    out: list[Input] = []
    full = len(state.locks) >= LOCK_MARKERS
    if not state.turn.lock_used:
        out += [Lock(d) for d in c.lockable if d in state.locks or not full]
    out += [Lock(d, True) for d in _poltergeist_doors(state, c) if d in state.locks or not full]
    return out


def placements(state: State, c: Ctx) -> list[Input]:
    me = state.active
    empty = [r.id for i, r in enumerate(c.house.rooms) if not state.people(i)]
    out: list[Input] = []
    mine = state.monsters[me]
    for kind, room in enumerate(mine):
        if room != SUPPLY:
            continue
        out += [Place(KINDS[kind], r) for r in empty]
        if kind == CAT and mine[BAT] == SUPPLY:  # BIN-14: the pair counts as one placement
            out += [Place("cat", r, r2) for r in empty for r2 in empty]
    return out


def moves(state: State, c: Ctx, step4: bool) -> list[Input]:
    me = state.active
    out: list[Input] = [Move(KINDS[k], c.house.room_id(to)) for k in range(6)
                        for to in monster_moves(state, c, me, k, step4)]
    if not step4 and state.options.move_any_monster:
        out += [Move(KINDS[k], c.house.room_id(to), state.seats[s]) for s in range(len(state.seats)) if s != me
                for k in range(6) for to in monster_moves(state, c, s, k, False)]
    return out


def replacements(state: State, c: Ctx) -> list[Input]:
    me = state.active
    if not state.hands[me]:
        return []
    out: list[Input] = []
    for seat, kinds in enumerate(state.monsters):
        if seat == me:
            continue
        for kind, room in enumerate(kinds):
            if room == SUPPLY or (state.options.replace_from_supply and state.monsters[me][kind] != SUPPLY):
                continue
            out += [Replace(code, state.seats[seat], KINDS[kind]) for code in titles(state, c, me)]
    return out


def people(state: State, c: Ctx, figure5: bool | None = None) -> list[Input]:
    f5 = state.options.step4_people_obey_figure5 if figure5 is None else figure5
    out: list[Input] = []
    for room in range(c.n_rooms):
        for unmoved, count in ((True, state.unmoved[room]), (False, state.moved[room])):
            if count:
                out += [MovePerson(c.house.room_id(room), c.house.room_id(to), unmoved)
                        for to in person_moves(state, c, room, f5)]
    return out


def blocks(state: State, c: Ctx) -> list[Input]:
    if state.turn.blocks_left <= 0:
        return []
    return [inp for code in titles(state, c, state.active) if c.card(code).deck == BLOCK and c.card(code).playable
            for inp in _targets(state, c, code)]


def _actions(state: State, c: Ctx, running: bool) -> list[Input]:
    t = state.turn
    out: list[Input] = []
    for code in titles(state, c, state.active):
        card = c.card(code)
        if card.deck != ACTION or not card.playable or (running and card.effect not in RUNNING_CARDS):
            continue
        e = card.effect
        if (e == "open_gates" and t.gates_open) or (e == "through_locks" and t.through_locks):
            continue
        if e in ("scare_plus", "terror_plus", "extra_scare") and t.step > 3:
            continue
        if e == "extra_step2" and t.step > 2:
            continue
        out += _targets(state, c, code)
    return out


def _targets(state: State, c: Ctx, code: str) -> list[Input]:
    """A card's inputs with every target its effect can take."""
    card = c.card(code)
    e = card.effect
    rooms = c.house.rooms
    if e == "place_anywhere":
        return [PlayCard(code, monster=KINDS[k], room=r.id) for k in range(6)
                if state.monsters[state.active][k] == SUPPLY for r in rooms]
    if e == "move_person":
        return [PlayCard(code, room=m.room, to=m.to, unmoved=m.unmoved)
                for m in people(state, c, figure5=False) if isinstance(m, MovePerson)]
    if e == "lock_change":
        full = len(state.locks) >= LOCK_MARKERS
        return [PlayCard(code, door=d) for d in c.lockable if d in state.locks or not full]
    if e == "remove_monster":
        return [PlayCard(code, colour=state.seats[s], monster=KINDS[k]) for s, kinds in enumerate(state.monsters)
                for k, room in enumerate(kinds) if room != SUPPLY and card.kind in ("any", KINDS[k])]
    if e == "clear_room":
        _, present = presence(c.n_rooms, state.monsters, frozenset())
        return [PlayCard(code, room=rooms[i].id) for i, ms in enumerate(present) if ms]
    return [PlayCard(code)]
