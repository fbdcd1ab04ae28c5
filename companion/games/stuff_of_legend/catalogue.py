"""The card catalogue: data/cards.toml (Action, Boogeyman, Loyalty, Location and Encounter cards
and the Hero sheets), keyed by the sticker codes of cards_qr/decks.toml, and its checker.

The rulebook prints almost no card text, so every card's icons and effect are data the table
checks against its cards (`companion sol cards check`). Effects come from a short menu the device
understands (EFFECTS); "text" leaves a card to the table.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.datafile import Issue, Lines, loaded, parse_checked, read_checked, record_file, recorded, recorded_name

SKILLS = ("talk", "fight", "scout", "wild")  # SOL-68
TYPED_SKILLS = ("talk", "fight", "scout")  # what an action needs (Wild only boosts and assists)

# name -> what it does (docs/games/SOL.md lists them with their contexts).
EFFECTS: dict[str, str] = {
    "text": "nothing for the device: the table reads the card and resolves it by hand",
    "attention": "the Attention Level moves n divisions (negative: down)",
    "boy": "the Boy moves n divisions down the Time track (negative: up)",
    "wounds": "the party takes n wounds",
    "add_army": "n Armies in the party's space (argument \"here\": in the card's own space)",
    "destroy_army": "n Armies in the party's space are destroyed",
    "coin": "the player flips the Boogeyman coin n times",
    "discard": "the player discards n cards",
    "peek_exit": "the player peeks at an exit (argument: \"any\" or exits joined by |)",
    "approach": "a Leader further than n spaces away moves one space toward the party",
    "bridge": "the Rope Bridge is placed across the canyon",
    "icons": "n icons of the argument's skill join the action in progress",
    "pass_loyalty": "every player passes their Loyalty card to the left",
    "swap_loyalty": "the player swaps Loyalty cards with a player of their choice",
    "pride": "each player who assisted discards n cards",
    "extra_cards": "n more cards in every new hand",
    "hand_size": "while in effect: n more (negative: fewer) cards in a new hand",
    "range": "while in effect: enemies sense the party n trail steps further",
    "strength": "while in effect: each Army is n stronger",
}

_NOW = ("text", "attention", "boy", "wounds", "add_army", "destroy_army", "coin", "discard", "peek_exit",
        "pass_loyalty", "swap_loyalty")
CONTEXTS: dict[str, frozenset[str]] = {
    "strength": frozenset({"text", "extra_cards"}),
    "weakness": frozenset({"text", "pride", "discard", "attention", "coin", "wounds", "boy"}),
    "then": frozenset(_NOW),
    "effects": frozenset(_NOW),
    "lasting": frozenset({"hand_size", "range", "strength"}),
    "reveal": frozenset(_NOW + ("bridge",)),
    "ability": frozenset(_NOW + ("approach",)),
    "reward": frozenset(_NOW),
    "ability1": frozenset(_NOW + ("icons",)),
    "ability2": frozenset(_NOW + ("icons",)),
}
ACTIONS = ("", "move", "transport", "destroy_armies", "grand_duel", "swap_loyalty", "scout_ahead", "attention",
           "peek_exit", "effects")
BOOGEYMAN_TYPES = ("fleeting", "personal", "gift", "sinister")
LOYALTY_SIDES = ("boy", "boogeyman", "successor", "friend")
ENCOUNTER_KINDS = ("army", "leader", "ally", "quest")
DECKS = {"action": "ACTN", "boogeyman": "BOOG", "loyalty": "LOYL", "location": "LOCN", "encounter": "ENCT"}
HERO_SHEETS = 10
_CODE = re.compile(r"SOL:([A-Z]{4}):([0-9]{2})")


@dataclass(frozen=True)
class Effect:
    name: str
    n: int = 0
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.name} {self.n}" + (f" {self.arg}" if self.arg else "")


Effects = tuple[Effect, ...]


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    kind: str  # "human" or "animal" (SOL-66, SOL-117)
    icons: tuple[str, ...]  # the two skill icons of the sheet
    strength: Effects = ()
    weakness: Effects = ()
    alternate: bool = False

    def sheet_icons(self, skill: str) -> int:
        """The sheet's icons that count toward an action of `skill` (SOL-69)."""
        return sum(1 for i in self.icons if i == skill)

    @property
    def extra_cards(self) -> int:
        return sum(e.n for e in self.strength if e.name == "extra_cards")


@dataclass(frozen=True)
class ActionCard:
    code: str
    title: str
    icons: tuple[tuple[str, int], ...]
    tainted: bool = False
    action: str = ""  # "" = a card without text (SOL-111)
    skill: str = ""
    needs: int = 0
    n: int = 0
    per: int = 0
    then: Effects = ()
    vote: bool = False  # the vote icon: a For/Against vote decides whether the success takes effect

    def icons_of(self, skill: str) -> int:
        return sum(k for s, k in self.icons if s == skill)

    def counts_for(self, skill: str) -> int:
        """Icons this card adds to an action of `skill`: the matching ones and Wild (SOL-70)."""
        return self.icons_of(skill) + self.icons_of("wild")

    @property
    def describes_action(self) -> bool:
        return bool(self.action)

    def amount(self, icons: int) -> int:
        """How strong a success is: `n` at `needs`, one more (in n's direction) every `per` icons."""
        if not self.per or icons <= self.needs:
            return self.n
        step = (icons - self.needs) // self.per
        return self.n + (step if self.n >= 0 else -step)

    @property
    def name(self) -> str:
        return self.title or "a card without text"


@dataclass(frozen=True)
class BoogeymanCard:
    code: str
    title: str
    type: str
    effects: Effects = ()
    lasting: Effects = ()


@dataclass(frozen=True)
class LoyaltyCard:
    code: str
    title: str
    side: str


@dataclass(frozen=True)
class LocationCard:
    code: str
    title: str
    colour: str
    lasting: bool = False
    reveal: Effects = ()
    ability: Effects = ()


@dataclass(frozen=True)
class EncounterCard:
    code: str
    title: str
    colour: str
    kind: str
    effects: Effects = ()
    strength: int = 0
    skill: str = ""
    ability: Effects = ()
    ability1: Effects = ()
    ability2: Effects = ()
    needs: int = 0
    reward: Effects = ()
    alternate: str = ""  # the Alternate Hero this Colonel-icon card comes with
    replaces: str = ""


@dataclass(frozen=True)
class Catalogue:
    heroes: tuple[Hero, ...]
    actions: tuple[ActionCard, ...]
    boogeyman: tuple[BoogeymanCard, ...]
    loyalty: tuple[LoyaltyCard, ...]
    locations: tuple[LocationCard, ...]
    encounters: tuple[EncounterCard, ...]
    path: str = ""
    _index: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for group in (self.actions, self.boogeyman, self.loyalty, self.locations, self.encounters):
            for card in group:
                self._index[card.code] = card
        for h in self.heroes:
            self._index[h.id] = h

    def hero(self, hid: str) -> Hero:
        got = self._index.get(hid)
        assert isinstance(got, Hero), hid
        return got

    def has_hero(self, hid: str) -> bool:
        return isinstance(self._index.get(hid), Hero)

    def action(self, code: str) -> ActionCard:
        got = self._index.get(code)
        if not isinstance(got, ActionCard):
            raise KeyError(code)
        return got

    def boogeyman_card(self, code: str) -> BoogeymanCard:
        got = self._index.get(code)
        if not isinstance(got, BoogeymanCard):
            raise KeyError(code)
        return got

    def loyalty_card(self, code: str) -> LoyaltyCard:
        got = self._index.get(code)
        if not isinstance(got, LoyaltyCard):
            raise KeyError(code)
        return got

    def location(self, code: str) -> LocationCard:
        got = self._index.get(code)
        if not isinstance(got, LocationCard):
            raise KeyError(code)
        return got

    def encounter(self, code: str) -> EncounterCard:
        got = self._index.get(code)
        if not isinstance(got, EncounterCard):
            raise KeyError(code)
        return got

    def is_card(self, code: str, deck: str) -> bool:
        return code.startswith(f"SOL:{deck}:") and code in self._index

    def title(self, code: str) -> str:
        card = self._index.get(code)
        if card is None:
            return code
        if isinstance(card, ActionCard):
            return card.name
        return str(card.title if not isinstance(card, Hero) else card.name)


def default_catalogue_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "cards.toml"


@functools.cache
def default_catalogue() -> Catalogue:
    return load_catalogue(default_catalogue_path())


@functools.lru_cache(maxsize=8)
def _load_cached(path: str, mtime: float) -> Catalogue:
    return load_catalogue(path)


def catalogue_for(path: str) -> Catalogue:
    """The catalogue of a game's options: "" = the shipped one, a file's path (read again, as
    journals from before recording hold it), or as a game records it (`record_catalogue`)."""
    if "\n" in path:
        return _recorded_catalogue(path)
    if not path:
        return default_catalogue()
    try:
        mtime = Path(path).stat().st_mtime
    except OSError:
        mtime = 0.0
    return _load_cached(path, mtime)


@functools.lru_cache(maxsize=8)
def _recorded_catalogue(setting: str) -> Catalogue:
    name, text = recorded(setting)
    return catalogue_text(text or "", recorded_name(name, default_catalogue_path()))


def catalogue_text(raw: bytes | str, name: str) -> Catalogue:
    """The catalogue of a file's content (as a game records it); `name` is for messages."""
    return loaded(parse_checked(raw, name, _Checker), most=3)


def record_catalogue(setting: str) -> str:
    """The option as a new game records it: the file's name, a newline and its content
    (a bad file is refused with its lines, before the game begins)."""
    return record_file(setting, default_catalogue_path(), catalogue_text, game="SOL")


def load_catalogue(path: str | Path) -> Catalogue:
    return loaded(_read(path), most=3)


def check_catalogue(path: str | Path) -> list[Issue]:
    return _read(path)[1]


def _read(path: str | Path) -> tuple[Catalogue | None, list[Issue]]:
    return read_checked(path, _Checker)


def _deck_sizes() -> dict[str, int]:
    from cards_qr.codes import manifest

    game = manifest().game("SOL")
    assert game is not None, "cards_qr/decks.toml has no SOL decks"
    return {d.code: d.size for d in game.decks}


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, path: str, text: str, data: dict[str, Any]) -> None:
        self.path = path
        self.lines = Lines(text)
        self.data = data
        self.issues: list[Issue] = []
        self.line: int | None = None
        self.sizes = _deck_sizes()

    def bad(self, message: str, line: int | None = None) -> None:
        self.issues.append(Issue(self.path, line if line is not None else self.line, message))

    def rows(self, key: str, what: str) -> list[dict[str, Any]]:
        raw = self.data.get(key)
        if not isinstance(raw, list) or not raw:
            self.bad(f"`{key}` must be a non-empty list of {what}", self.lines.key("", key))
            return []
        if len(raw) > 200:
            self.bad(f"`{key}` has {len(raw)} entries; at most 200", self.lines.key("", key))
            return []
        out = []
        for i, item in enumerate(raw):
            line = self.lines.item("", key, i)
            if not isinstance(item, dict):
                self.bad(f"each of `{key}` must be a table like {{ ... }}", line)
                continue
            item = dict(item)
            item["__line"] = line
            out.append(item)
        return out

    def effects(self, row: dict[str, Any], key: str) -> Effects:
        raw = row.get(key, [])
        allowed = CONTEXTS[key]
        if not isinstance(raw, list):
            self.bad(f"`{key}` is a list of effects like [[\"attention\", 1]]")
            return ()
        out = []
        for e in raw:
            ok = (isinstance(e, list) and 2 <= len(e) <= 3 and isinstance(e[0], str) and _int(e[1])
                  and (len(e) == 2 or isinstance(e[2], str)))
            if not ok:
                self.bad(f"`{key}`: an effect is [NAME, N] or [NAME, N, \"ARGUMENT\"], not {e!r}")
                continue
            if e[0] not in allowed:
                self.bad(f"`{key}`: effect {e[0]!r} is not one of {', '.join(sorted(allowed))}")
                continue
            if e[0] == "icons" and (len(e) < 3 or e[2] not in SKILLS):
                self.bad(f"`{key}`: an icons effect names its skill: [\"icons\", 2, \"fight\"]")
                continue
            out.append(Effect(e[0], e[1], e[2] if len(e) == 3 else ""))
        return tuple(out)

    def keys(self, row: dict[str, Any], allowed: set[str]) -> None:
        extra = set(row) - allowed - {"__line"}
        if extra:
            self.bad(f"unknown key(s) {', '.join(sorted(extra))} (known: {', '.join(sorted(allowed))})")

    def code(self, row: dict[str, Any], deck: str, seen: set[str]) -> str | None:
        code = row.get("code")
        m = _CODE.fullmatch(code) if isinstance(code, str) else None
        if m is None or m.group(1) != deck:
            self.bad(f"code must be SOL:{deck}:NN, not {code!r}")
            return None
        if not 1 <= int(m.group(2)) <= self.sizes.get(deck, 0):
            self.bad(f"{code}: the {deck} deck has {self.sizes.get(deck, 0)} cards (cards_qr/decks.toml)")
            return None
        if code in seen:
            self.bad(f"{code} is listed twice")
            return None
        seen.add(str(code))
        return str(code)

    def complete(self, key: str, deck: str, seen: set[str]) -> None:
        size = self.sizes.get(deck, 0)
        missing = [f"SOL:{deck}:{i:02d}" for i in range(1, size + 1) if f"SOL:{deck}:{i:02d}" not in seen]
        if missing:
            self.bad(f"`{key}` lacks {len(missing)} of the {size} cards: {', '.join(missing[:5])}"
                     + (", ..." if len(missing) > 5 else ""), self.lines.key("", key))

    def text(self, row: dict[str, Any], key: str, empty: bool = False) -> str:
        v = row.get(key, "")
        if not isinstance(v, str) or (not v and not empty):
            self.bad(f"`{key}` must be a {'' if empty else 'non-empty '}string")
            return ""
        return v

    def run(self) -> Catalogue | None:
        known = {"heroes", *DECKS}
        for key in sorted(set(self.data) - known):
            self.bad(f"unknown key `{key}` (known: {', '.join(sorted(known))})", self.lines.key("", key))
        heroes = self._heroes()
        actions = self._actions()
        boog = self._boogeyman()
        loyalty = self._loyalty()
        locations = self._locations()
        encounters = self._encounters({h.id for h in heroes if h.alternate})
        if self.issues:
            return None
        return Catalogue(tuple(heroes), tuple(actions), tuple(boog), tuple(loyalty), tuple(locations),
                         tuple(encounters), self.path)

    def _heroes(self) -> list[Hero]:
        out: list[Hero] = []
        ids: set[str] = set()
        hid: Any
        for row in self.rows("heroes", "Hero sheets"):
            self.line = row["__line"]
            self.keys(row, {"id", "name", "kind", "icons", "strength", "weakness", "alternate"})
            hid, name = row.get("id"), self.text(row, "name")
            if not isinstance(hid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", hid) or hid in ids:
                self.bad(f"a hero id is a new lower-case word, not {hid!r}")
                continue
            ids.add(hid)
            kind, icons, alt = row.get("kind"), row.get("icons"), row.get("alternate", False)
            if kind not in ("human", "animal"):
                self.bad(f"{hid}: kind is human or animal (SOL-66), not {kind!r}")
            if not (isinstance(icons, list) and len(icons) == 2 and all(i in TYPED_SKILLS for i in icons)):
                self.bad(f"{hid}: a Hero sheet has two skill icons of {', '.join(TYPED_SKILLS)}, not {icons!r}")
                icons = []
            if not isinstance(alt, bool):
                self.bad(f"{hid}: alternate is true or false")
                alt = False
            out.append(Hero(hid, name, str(kind), tuple(icons or ()), self.effects(row, "strength"),
                            self.effects(row, "weakness"), alt))
        if len(out) != HERO_SHEETS and out:
            self.bad(f"the box has {HERO_SHEETS} Hero sheets, not {len(out)}", self.lines.key("", "heroes"))
        if out and sum(h.alternate for h in out) != 4:
            self.bad("4 of the Hero sheets are the Alternate Heroes", self.lines.key("", "heroes"))
        return out

    def _icons(self, row: dict[str, Any]) -> tuple[tuple[str, int], ...]:
        icons = row.get("icons", {})
        if not isinstance(icons, dict) or any(k not in SKILLS or not _int(v) or v < 0 for k, v in icons.items()):
            self.bad(f"icons is a table of {', '.join(SKILLS)} counts like {{ talk = 1 }}, not {icons!r}")
            return ()
        return tuple((k, int(v)) for k, v in sorted(icons.items()) if v)

    def _actions(self) -> list[ActionCard]:
        out: list[ActionCard] = []
        seen: set[str] = set()
        for row in self.rows("action", "Action cards"):
            self.line = row["__line"]
            self.keys(row, {"code", "title", "icons", "tainted", "action", "skill", "needs", "n", "per", "then", "vote"})
            code = self.code(row, "ACTN", seen)
            if code is None:
                continue
            title = self.text(row, "title", empty=True)
            icons = self._icons(row)
            tainted, action, skill = row.get("tainted", False), row.get("action", ""), row.get("skill", "")
            needs, n, per = row.get("needs", 0), row.get("n", 0), row.get("per", 0)
            if not isinstance(tainted, bool):
                self.bad(f"{code}: tainted is true or false")
                continue
            if action not in ACTIONS:
                self.bad(f"{code}: action is one of {', '.join(a for a in ACTIONS if a)} or \"\", not {action!r}")
                continue
            if action and skill not in TYPED_SKILLS:
                self.bad(f"{code}: an action card names the skill it counts ({', '.join(TYPED_SKILLS)})")
                continue
            if not action and (skill or row.get("then") or needs):
                self.bad(f"{code}: a card without text (no action) has no skill, needs or effects")
                continue
            if not all(_int(x) for x in (needs, n, per)) or needs < 0 or per < 0:
                self.bad(f"{code}: needs, n and per are whole numbers (needs and per not negative)")
                continue
            if not icons:
                self.bad(f"{code}: an Action card shows at least one skill icon")
            vote = row.get("vote", False)
            if not isinstance(vote, bool) or (vote and not action):
                self.bad(f"{code}: vote (the vote icon) is true or false, on a card with an action")
                vote = False
            out.append(ActionCard(code, title, icons, tainted, str(action), str(skill), needs, n, per,
                                  self.effects(row, "then"), vote))
        self.complete("action", "ACTN", seen)
        return out

    def _boogeyman(self) -> list[BoogeymanCard]:
        out: list[BoogeymanCard] = []
        seen: set[str] = set()
        for row in self.rows("boogeyman", "Boogeyman cards"):
            self.line = row["__line"]
            self.keys(row, {"code", "title", "type", "effects", "lasting"})
            code = self.code(row, "BOOG", seen)
            if code is None:
                continue
            kind = row.get("type")
            if kind not in BOOGEYMAN_TYPES:
                self.bad(f"{code}: type is one of {', '.join(BOOGEYMAN_TYPES)} (the four types), not {kind!r}")
                continue
            lasting = self.effects(row, "lasting")
            if kind == "fleeting" and lasting:
                self.bad(f"{code}: a Fleeting Interest card is removed at once, so nothing of it lasts")
            out.append(BoogeymanCard(code, self.text(row, "title"), str(kind), self.effects(row, "effects"), lasting))
        self.complete("boogeyman", "BOOG", seen)
        return out

    def _loyalty(self) -> list[LoyaltyCard]:
        out: list[LoyaltyCard] = []
        seen: set[str] = set()
        for row in self.rows("loyalty", "Loyalty cards"):
            self.line = row["__line"]
            self.keys(row, {"code", "title", "side"})
            code = self.code(row, "LOYL", seen)
            if code is None:
                continue
            side = row.get("side")
            if side not in LOYALTY_SIDES:
                self.bad(f"{code}: side is one of {', '.join(LOYALTY_SIDES)}, not {side!r}")
                continue
            out.append(LoyaltyCard(code, self.text(row, "title"), str(side)))
        self.complete("loyalty", "LOYL", seen)
        for side, least in (("boy", 3), ("boogeyman", 2), ("successor", 1), ("friend", 1)):
            if out and sum(c.side == side for c in out) < least:
                self.bad(f"the Loyalty table and its completion need at least {least} card(s) of side {side!r}",
                         self.lines.key("", "loyalty"))
        return out

    def _locations(self) -> list[LocationCard]:
        out: list[LocationCard] = []
        seen: set[str] = set()
        for row in self.rows("location", "Location cards"):
            self.line = row["__line"]
            self.keys(row, {"code", "title", "colour", "lasting", "reveal", "ability"})
            code = self.code(row, "LOCN", seen)
            if code is None:
                continue
            lasting = row.get("lasting", False)
            if not isinstance(lasting, bool):
                self.bad(f"{code}: lasting is true or false")
                continue
            ability = self.effects(row, "ability")
            if ability and not lasting:
                self.bad(f"{code}: a Boogeyman ability works in Phase 2, so the Location must stay (lasting = true)")
            out.append(LocationCard(code, self.text(row, "title"), self.text(row, "colour"), lasting,
                                    self.effects(row, "reveal"), ability))
        self.complete("location", "LOCN", seen)
        return out

    def _encounters(self, alternates: set[str]) -> list[EncounterCard]:
        out: list[EncounterCard] = []
        seen: set[str] = set()
        for row in self.rows("encounter", "Encounter cards"):
            self.line = row["__line"]
            self.keys(row, {"code", "title", "colour", "kind", "effects", "strength", "skill", "ability",
                            "ability1", "ability2", "needs", "reward", "alternate", "replaces"})
            code = self.code(row, "ENCT", seen)
            if code is None:
                continue
            kind = row.get("kind")
            if kind not in ENCOUNTER_KINDS:
                self.bad(f"{code}: kind is one of {', '.join(ENCOUNTER_KINDS)} (SOL-54), not {kind!r}")
                continue
            strength, skill, needs = row.get("strength", 0), row.get("skill", ""), row.get("needs", 0)
            if not _int(strength) or not _int(needs) or strength < 0 or needs < 0:
                self.bad(f"{code}: strength and needs are whole numbers")
                continue
            if kind == "leader" and (strength < 1 or skill not in TYPED_SKILLS):
                self.bad(f"{code}: a Leader has a strength and the skill a Grand Duel needs (SOL-59)")
                continue
            if kind == "quest" and (needs < 1 or skill not in TYPED_SKILLS):
                self.bad(f"{code}: a Quest shows the icons it needs: skill and needs")
                continue
            alt, replaces = row.get("alternate", ""), row.get("replaces", "")
            if alt and (alt not in alternates or not isinstance(replaces, str) or not replaces):
                self.bad(f"{code}: an Alternate card names its Alternate Hero and the encounter it replaces")
                continue
            out.append(EncounterCard(
                code, self.text(row, "title"), self.text(row, "colour"), str(kind), self.effects(row, "effects"),
                strength, str(skill), self.effects(row, "ability"), self.effects(row, "ability1"),
                self.effects(row, "ability2"), needs, self.effects(row, "reward"), str(alt), str(replaces)))
        self.complete("encounter", "ENCT", seen)
        codes = {c.code for c in out}
        for c in out:
            if c.replaces and (c.replaces not in codes or any(d.code == c.replaces and d.alternate for d in out)):
                self.bad(f"{c.code}: replaces {c.replaces}, which is not a normal Encounter card",
                         self.lines.key("", "encounter"))
        if out and sum(bool(c.alternate) for c in out) != 4:
            self.bad("4 Encounter cards carry the Colonel icon (SOL-18)", self.lines.key("", "encounter"))
        return out
