"""The game protocol for Bump in the Night: who acts, what each seat may know, worlds consistent
with it, chance, labels. The monster player's hand is hidden from every other seat."""

from __future__ import annotations

import json
import random

from bin_helpers import table
from companion.core import codec
from companion.core.game import sample_chance
from companion.core.packs import get_pack
from companion.core.rng import Rng
from companion.games.bump_in_the_night.cards import code
from companion.games.bump_in_the_night.game import RULES
from companion.games.bump_in_the_night.inputs import Draw
from companion.games.bump_in_the_night.protocol import describe_outcome
from companion.games.bump_in_the_night.state import Options

KEY = code("BLCK", 4)


def random_states(games: int = 4, steps: int = 220, players: int = 2):
    """States along random legal games (the device deals the cards)."""
    for g in range(games):
        rnd = random.Random(g)
        s = RULES.setup(Options(players=players), g)
        for _ in range(steps):
            yield s
            actor = RULES.to_act(s)
            if actor.kind == "nobody":
                break
            if actor.kind in ("chance",):
                inp, _ = sample_chance(RULES.chance_outcomes(s), Rng(rnd.getrandbits(63)))
            else:
                inp = rnd.choice(RULES.legal_inputs(s, actor.seat))
            s = RULES.apply(s, inp)


def test_the_pack_is_registered_and_available():
    pack = get_pack("BIN")
    assert pack.available and pack.rules is RULES and pack.title == "Bump in the Night"


def test_each_seat_sees_its_own_hand_only():
    """Hidden information: the monster player's hand "stays hidden". A seat's observation holds its
    own cards and only the size of the others' hands."""
    s = table(step=1, hands={"red": ("BIN:ACTN:01",), "yellow": (KEY,)})
    red, yellow, everyone = RULES.observe(s, "red"), RULES.observe(s, "yellow"), RULES.observe(s, "table")
    assert [c["code"] for c in red["hand"]] == ["BIN:ACTN:01"] and yellow["hand"][0]["code"] == KEY
    assert "hand" not in everyone and red["players"]["yellow"]["cards"] == 1
    assert KEY not in json.dumps(red) and "BIN:ACTN:01" not in json.dumps(everyone)
    assert RULES.observe(s, "device")["hands"] == {"red": ["BIN:ACTN:01"], "yellow": [KEY]}


def test_observations_hide_what_a_seat_may_not_know_and_resample_keeps_what_it_may():
    """Two worlds that differ only in the others' hands and the deck's order give a seat the same
    observation, labels and legal inputs; resample draws such a world."""
    n = 0
    for s in random_states():
        for seat in s.seats:
            world, _ = RULES.resample(s, seat, Rng(n))
            n += 1
            assert RULES.observe(world, seat) == RULES.observe(s, seat)
            assert world.hands[s.seats.index(seat)] == s.hands[s.seats.index(seat)]
            assert sorted(world.deck.draw_pile + sum((h for h in world.hands), ())) == \
                sorted(s.deck.draw_pile + sum((h for h in s.hands), ()))
            if RULES.to_act(s).seat == seat:
                assert RULES.legal_inputs(world, seat) == RULES.legal_inputs(s, seat)
                for inp in RULES.legal_inputs(s, seat)[:5]:
                    assert RULES.label(world, inp) == RULES.label(s, inp)
    assert n > 500


def test_observations_are_json_and_say_what_the_device_wants():
    """Screens read observations: plain JSON with a one-sentence prompt and the notices."""
    for k, s in enumerate(random_states(games=2, steps=120)):
        obs = RULES.observe(s, s.seats[0])
        json.dumps(obs)
        assert obs["prompt"] and obs["prompt"][0].isupper() and obs["prompt"].endswith((".", "?"))
        assert isinstance(obs["notices"], list)


def test_a_drawn_card_is_never_named_in_public():
    """Labels and notices are public: a draw says who drew, never what."""
    s = table(step=5, scared=True)
    s = RULES.apply(s, RULES.legal_inputs(s, "red")[-1])
    assert s.pending and s.pending[0].kind == "draw"
    card = s.deck.draw_pile[0]
    assert RULES.label(s, Draw(card)) == "Red drew a card"
    after = RULES.apply(s, Draw(card))
    assert card not in json.dumps(RULES.observe(after, "yellow"))


def test_who_acts():
    """Chance for the set-up die and every card drawn (the drawer named); the Goblin's owner and a
    Bonus card's owner out of turn; otherwise the active player."""
    s = RULES.setup(Options(), 3)
    assert RULES.to_act(s).kind == "chance"
    s = table(step=5, scared=True)
    s = RULES.apply(s, RULES.legal_inputs(s, "red")[-1])
    actor = RULES.to_act(s)
    assert (actor.kind, actor.seat) == ("chance", "red")
    assert RULES.chance_outcomes(s) == [(Draw(None), 1.0)]
    assert RULES.legal_inputs(s, "chance") == [Draw(None)]


def test_inputs_and_options_survive_json():
    """Journal and replay: every input the game offers, and the options, round-trip through the
    codec."""
    seen: set[str] = set()
    for s in random_states(games=3, steps=200):
        actor = RULES.to_act(s)
        if actor.kind in ("seat", "table", "chance"):
            for inp in RULES.legal_inputs(s, actor.seat or "chance")[:20]:
                back = codec.from_jsonable(RULES.input_type, json.loads(codec.dumps(inp)))
                assert back == inp
                seen.add(inp.kind)
    assert {"group_roll", "place_girls", "draw", "lock", "place", "scare", "done"} <= seen
    opts = Options(colours=("blue", "red"), layout=("1b", "2a", "3a", "4a", "5a", "6a"), chart_five=2)
    assert codec.from_jsonable(Options, json.loads(codec.dumps(opts))) == opts
    assert codec.dumps(RULES.setup(opts, 4))


def test_describing_an_outcome():
    from bin_helpers import C, play
    from companion.games.bump_in_the_night import scare
    from companion.games.bump_in_the_night.inputs import Scare

    s = play(table(moved={"cellar": 2}, monsters={"red": {"cat": "cellar"}}), Scare("red", "cat"))
    words = {describe_outcome(s, end) for _, end in scare.outcomes(s, C)}
    assert words == {"2 to the Dining Room", "2 to the Front Hall", "1 to the Dining Room, 1 to the Front Hall"}


