"""Greedy child bots for simulation. They read only what the children may know: positions,
switches, locks, how many tokens a stack holds, face-up Ladder tokens, the Finale token - never
the face-down tokens, the Boogeyman's hidden Room tokens, or future dice. The Boogeyman's
likely rooms: its miniature's (never entered willingly) and any room whose Ladder token is still
face down; rooms shown by a face-up token are preferred.

Each step the active child takes the most useful thing it can do here (revive a friend, flip,
search, break a Lock when the Babysitter is far enough), otherwise walks toward its target:
the nearest unsearched reachable room not claimed by a team-mate, the Attic's padlock when it
holds the Key, a Passed Out friend, or - once all Objectives are found - the Finale room.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from companion.core.graph import Graph
from companion.core.rng import Rng
from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.rules import babysitter_graph, child_graph
from companion.games.boogeyman.state import AdjustRoll, Child, DrawCard, Effect, Room, State

_NO_ROOM = Room((), None, False)
ADULT_COST = 6.0  # about two turns: a card, the rest of the turn lost
SAFE_BONUS = 1.0  # a room the Boogeyman cannot be hiding in is worth a step's detour


@dataclass
class Tuning:
    search_min_babysitter: int = 2   # search only when she is at least this far (noise 1-3)
    lock_min_babysitter: int = 4     # break a Lock when distance + Candy reach this
    finale_wait_turns: int = 2       # the Leader waits this many of its turns for friends
    revive_range: int = 6            # walk this far to revive a friend
    wander: float = 0.0              # chance a turn's step is a random neighbour instead
    candy: bool = True               # spend Candy to keep the Babysitter out
    cancel: bool = True              # play a `cancel` Search card on an encounter


# Child bots' skills (`companion simulate --children-level`): "good" is the planner above (the
# default, as measured before skills existed); "novice" walks at random 40 % of the time,
# searches under the Babysitter's nose, keeps its Candy and forgets its cancel cards.
SKILLS: dict[str, Tuning] = {
    "good": Tuning(),
    "novice": Tuning(search_min_babysitter=1, lock_min_babysitter=2, finale_wait_turns=4, revive_range=2,
                     wander=0.4, candy=False, cancel=False),
}


@dataclass
class ChildTeam:
    """One bot for all the children (they talk at the table): claims keep them apart."""

    tuning: Tuning = field(default_factory=Tuning)
    hand: dict[str, list[str]] = field(default_factory=dict)  # Search cards held (modelled)
    claims: dict[str, str] = field(default_factory=dict)
    leader_waited: int = 0
    rng: Rng = field(default_factory=lambda: Rng.from_seed(0))  # only a wandering skill draws

    # ------------------------------------------------------------ public-knowledge helpers

    def _blocked(self, s: State) -> set[str]:
        return {s.babysitter, *s.boogeyman}

    def _costs(self, g: Graph, src: str, blocked: set[str]) -> dict[str, float]:
        """Path costs from `src`: 1 a step, plus ADULT_COST for walking into an adult's room
        (the turn ends there with a card) - so a Babysitter in a hall slows them, never traps."""
        cost = {src: 0.0}
        heap = [(0.0, src)]
        while heap:
            d, z = heapq.heappop(heap)
            if d > cost[z]:
                continue
            for n in g.neighbours(z):
                nd = d + 1.0 + (ADULT_COST if n in blocked else 0.0)
                if nd < cost.get(n, 1e9):
                    cost[n] = nd
                    heapq.heappush(heap, (nd, n))
        return cost

    def _dist_from(self, g: Graph, src: str, blocked: set[str]) -> dict[str, float]:
        return self._costs(g, src, blocked)

    def _work(self, s: State, zone: str) -> bool:
        room = s.room(zone)
        return room is not None and bool(room.stack)

    def _can_break(self, s: State, c: Child, bs_dist: int, desperate: bool) -> bool:
        """Break a Lock when the die is more likely than not to leave her outside (Candy
        lowers the roll), with a card that opens it, or when nothing else is left."""
        if "unlock" in self.hand.get(c.name, []):
            return True
        return desperate or bs_dist - 1 + c.candy >= self.tuning.lock_min_babysitter - 1

    def _target(self, s: State, c: Child, g: Graph) -> str | None:
        blocked = self._blocked(s)
        dist = self._dist_from(g, c.zone, blocked)
        house = house_for(s.options.board)
        # A Passed Out friend nearby comes first: their Nightmares hurt everyone.
        friends = [k for k in s.children if k.passed_out and k.on_board and k.zone in dist
                   and dist[k.zone] <= self.tuning.revive_range]
        if friends:
            return min(friends, key=lambda k: (dist[k.zone], k.name)).zone
        if s.finale_room and (c.objectives or s.mission_done):
            return s.finale_room
        if c.has_key and not s.attic_unlocked:
            doors = [z for z in house.graph().neighbours(house.attic) if z in dist]
            if doors:
                return min(doors, key=lambda z: dist[z])
        bs = babysitter_graph(s).distances(s.babysitter)
        taken = {z for k, z in self.claims.items() if k != c.name}
        # A face-up Ladder token away from the miniature marks where the Boogeyman was: its
        # token cannot be played again before the Ladder fills, so that room is safer.
        safe = {t.room for t in s.ladder if t.face_up} - set(s.boogeyman)
        unlocked_left = any(self._work(s, z) and not (s.room(z) or _NO_ROOM).lock for z in dist)
        best: tuple[float, str] | None = None
        for z, d in dist.items():
            if not self._work(s, z) or z in blocked:
                continue
            room = s.room(z)
            assert room is not None
            near = bs.get(z, 9)
            if z == c.zone and near < self.tuning.search_min_babysitter and not room.lock:
                continue  # too close to her to search here: go elsewhere
            if room.lock and z == c.zone and not self._can_break(s, c, near, not unlocked_left):
                continue
            cost = d + (2.0 if room.lock else 0.0) + (3.0 if z in taken else 0.0)
            cost += max(0, 3 - near) * 1.5
            cost -= 0.3 * len(room.stack) + (SAFE_BONUS if z in safe else 0.0)
            if best is None or (cost, z) < best:
                best = (cost, z)
        if best is None:
            return s.finale_room or None
        return best[1]

    def _step(self, s: State, c: Child, g: Graph, target: str) -> str | None:
        blocked = self._blocked(s) - {target}
        # Costs are symmetric but charged on entry: cost to target from n = entry costs after n.
        best: tuple[float, str] | None = None
        for n in g.neighbours(c.zone):
            tail = self._costs(g, n, blocked).get(target, 1e9) if n != target else 0.0
            step = 1.0 + (ADULT_COST if n in self._blocked(s) else 0.0)
            if best is None or (step + tail, n) < best:
                best = (step + tail, n)
        return best[1] if best else None

    # ------------------------------------------------------------ the active child's turn

    def act(self, s: State) -> I.Input:
        c = s.child(s.active)
        if c.passed_out:
            return I.EndTurn()
        house = house_for(s.options.board)
        g = child_graph(s)
        if c.has_key and not s.attic_unlocked and house.graph().adjacent(c.zone, house.attic):
            return I.UseKey(c.name)
        if s.leader == c.name and s.finale_room == c.zone and len(s.finale_stack) >= 3:
            # The Leader waits a little for friends still on their way, then starts.
            awake = [k for k in s.children if k.on_board and not k.passed_out]
            if all(k.zone == s.finale_room for k in awake) or self.leader_waited >= self.tuning.finale_wait_turns:
                return I.StartFinale(c.name)
            self.leader_waited += 1
            return I.EndTurn()
        if s.actions_left <= 0:
            return I.EndTurn()
        in_danger = c.zone in self._blocked(s)
        if not in_danger:
            for k in s.children:
                if k.passed_out and k.on_board and k.zone == c.zone:
                    return I.Revive(c.name, k.name)
            here = self._here(s, c)
            if here is not None:
                return here
        target = self._target(s, c, g)
        self.claims[c.name] = target or ""
        if not in_danger and target in (None, c.zone):
            here = self._here(s, c, desperate=True)
            if here is not None:
                return here
        if self.tuning.wander > 0 and not in_danger:
            roll, self.rng = self.rng.below(1_000_000)
            if roll < self.tuning.wander * 1_000_000:
                ways = sorted(g.neighbours(c.zone))
                if ways:
                    way, self.rng = self.rng.choice(ways)
                    return I.Move(c.name, way)
        if target is not None and target != c.zone:
            if s.finale_room == target and c.objectives and not s.mission_done:
                # Stacking before the Mission is done would leave no Leader: wait next door.
                if g.adjacent(c.zone, target):
                    return I.EndTurn()
            step = self._step(s, c, g, target)
            if step is not None:
                return I.Move(c.name, step)
        if in_danger:
            safe = [n for n in g.neighbours(c.zone) if n not in self._blocked(s)]
            if safe:
                return I.Move(c.name, min(safe))
        return I.EndTurn()

    def _here(self, s: State, c: Child, desperate: bool = False) -> I.Input | None:
        room = s.room(c.zone)
        if room is None or not room.stack:
            return None
        bs = babysitter_graph(s).distances(s.babysitter).get(c.zone, 99)
        if room.switch is not None:
            return I.FlipSwitch(c.name)
        if room.lock:
            hand = self.hand.get(c.name, [])
            if "unlock" in hand:
                hand.remove("unlock")
                return I.PlayCard(c.name, "BGM:SRCH:02", (Effect("remove_lock"),))
            others = any(self._work(s, z) and not (s.room(z) or _NO_ROOM).lock for z, _ in s.rooms)
            if self._can_break(s, c, bs, not others):
                return I.BreakLock(c.name)
            return None
        if bs >= self.tuning.search_min_babysitter or (desperate and bs > 0):
            return I.Search(c.name)
        return None

    # ------------------------------------------------------------ table decisions

    def adjust_roll(self, s: State, p: AdjustRoll) -> I.Input:
        """Spend just enough Candy to keep the Babysitter out of the room."""
        c = s.child(p.child)
        if not self.tuning.candy:
            return I.SpendCandy(0)
        dist = babysitter_graph(s).distances(s.babysitter).get(c.zone, 99)
        if dist == 0 or p.rolled < dist:
            return I.SpendCandy(0)
        need = p.rolled - (dist - 1)
        return I.SpendCandy(-need if need <= c.candy else 0)

    def cancel_card(self, s: State, p: DrawCard) -> I.Input | None:
        hand = self.hand.get(p.child, [])
        if p.encounter and "cancel" in hand and self.tuning.cancel:
            hand.remove("cancel")
            return I.PlayCard(p.child, "BGM:SRCH:01", (Effect("cancel_encounter"),))
        return None
