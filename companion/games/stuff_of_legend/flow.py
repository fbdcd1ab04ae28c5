"""The game's flow: after every input the reducer does the steps that need nobody (a new hand, a
wound's division, effects, entering a space, the phases) until a decision or the end."""

from __future__ import annotations

from companion.core.errors import CompanionError
from companion.core.evolve import evolve
from companion.games.stuff_of_legend import actions, board, effects, enemies, hands
from companion.games.stuff_of_legend.common import Said, cards_at, note, push, who
from companion.games.stuff_of_legend.ending import finish
from companion.games.stuff_of_legend.state import (
    ActionDone,
    Activate,
    ChooseActor,
    Cleanup,
    Discard,
    Enter,
    Finish,
    NewHand,
    Pending,
    ResolveEncounters,
    RevealEncounters,
    RevealLocations,
    RunEffects,
    StartEnemies,
    State,
    TakeWound,
    Tainted,
    WrapWound,
)
from companion.i18n import N_

STEP_LIMIT = 10_000  # far above any real chain of steps; a loop here is a bug, never a hang


def settle(s: State) -> State:
    for _ in range(STEP_LIMIT):
        if s.phase == "over":
            return s
        head = s.head
        if head is None:
            before = s
            s = idle(s)
            if s is before:
                return s
            continue
        nxt = step(s, head)
        if nxt is None:
            return s
        s = nxt
    raise CompanionError("The Stuff of Legend: the reducer's steps did not settle (a bug)")


def step(s: State, head: Pending) -> State | None:
    """Do `head` if it needs nobody; None if it waits for an input."""
    if isinstance(head, NewHand):
        return hands.new_hand(s, head)
    if isinstance(head, TakeWound):
        return hands.take_wound(s, head)
    if isinstance(head, WrapWound):
        return hands.wrap_wound(s)
    if isinstance(head, RunEffects):
        return effects.run(s, head)
    if isinstance(head, Enter):
        return board.enter(s, head)
    if isinstance(head, Tainted):
        return actions.tainted(s)
    if isinstance(head, Cleanup):
        return actions.cleanup(s)
    if isinstance(head, ActionDone):
        return evolve(s, pending=s.pending[1:], actions=s.actions + 1)
    if isinstance(head, StartEnemies):
        return enemies.start(s)
    if isinstance(head, Finish):
        return finish(s)
    if isinstance(head, Discard) and not s.hand(head.seat):
        return hands.owed_from_empty(s, head)
    if isinstance(head, RevealEncounters):
        down = any(not e.up for e in cards_at(s, head.space).encounters)
        if s.options.board_cards == "digital" or not down:
            return board.reveal_encounters(s, head, None)
    if isinstance(head, RevealLocations) and len(head.spaces) == 1 and s.options.board_cards == "digital":
        return board.reveal_location(s, head, head.spaces[0], None)
    if isinstance(head, ResolveEncounters) and len(head.codes) == 1:
        return board.resolve_encounter(s, head, head.codes[0])
    if isinstance(head, ChooseActor):
        can = actions.eligible(s)
        if len(can) == 1:
            return actions.choose_actor(note(s, Said(N_("Only {who} may act now."), who=who(s, can[0]))), can[0])
    if isinstance(head, Activate) and not s.activations:
        return evolve(s, pending=s.pending[1:])
    return None


def idle(s: State) -> State:
    """Nothing waits: the next thing the phase calls for."""
    if s.phase == "setup":
        return note(evolve(s, phase="actions"), Said(N_("Turn 1 begins: Phase 1, three actions.")))
    if s.phase == "actions":
        if s.actions >= 3:
            return push(actions.end_of_actions(s), StartEnemies())
        return push(s, ChooseActor())
    if s.phase == "enemies":
        if s.activations:
            return push(s, Activate())
        return enemies.end_turn(s)
    return s
