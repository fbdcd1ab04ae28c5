"""The player-run Boogeyman's private choices (Competitive, or Semi-cooperative after a take-over).

Shown behind a hand-over ("Children: look away now"); reads view(state, "boogeyman") only. The
Apparitions Ladder's face-down rooms are under the shell's hold-to-reveal cover (companion/ui/hold.py,
Settings -> "Private cards"): on screen only while the Boogeyman player's finger is on it, or for the
seconds a tap gives. The choices stay below the cover, where the other hand can tap them: a touch
there covers the Ladder first.

A Possessed Babysitter is steered on the house (issue 25, "Moves on the board"; the rulebook's
Possessed Babysitter: "If the Boogeyman is controlled by a player, that player decides where to move
the Babysitter"): a tap on her room picks her up and lights the rooms next door, each tap on a lit
room walks her one room (up to the die's count), a tap on her last room steps back; Confirm walks
her. While she is steered the house takes the Ladder's place (the Ladder is not needed to steer her).
"""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for, walk_graph
from companion.games.boogeyman.ui.layout import plan
from companion.games.boogeyman.ui.screens.table import TableScreen
from companion.games.boogeyman.rules import DECK_NAMES
from companion.games.boogeyman.state import card_label
from companion.ui import theme as T
from companion.ui.hold import look_hint
from companion.ui.screens import BaseScreen
from companion.games.boogeyman.ui.widgets import HouseMap, ladder_text
from companion.ui.widgets import BigButton
from companion.i18n import N_, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said


class BoogeymanScreen(BaseScreen):
    title = N_("The Boogeyman's turn")

    def on_kv_post(self, base: Any) -> None:
        self.revealed = False
        self.sel: list[str] = []
        self.stage = 0
        self._key: Any = None
        self._state: Any = None
        self.picked = False  # the Possessed Babysitter picked up on the house: her next rooms lit
        self._house: Any = None
        self.house = HouseMap()
        self.house.bind(on_zone=lambda m, z: self.tap_room(z))
        self._scroll = self.ids.scroll.__self__  # held here: off the screen while she is steered

    def on_pre_leave(self, *_: Any) -> None:
        self.ids.look.cover()

    def on_leave(self, *_: Any) -> None:
        self.ids.look.cover()
        self.revealed = False

    def hide(self) -> None:
        """Covered and handed over again."""
        self.ids.look.cover()
        self.revealed = False
        self.refresh()

    def refresh(self) -> None:
        c = self.app.controller
        if c.session is None:
            return
        v = c.view("boogeyman")
        p = v["pending"][0] if v["pending"] else None
        key = (p and p.get("kind"), len(v["ladder"]), v["babysitter"])
        if key != self._key:
            self._key, self.sel, self.stage, self.picked = key, [], 0, False
        if c.state is not self._state:
            self._state = c.state
            self.ids.look.cover()  # something happened at the table: look again
        self.ids.cover.shown = not self.revealed
        self.ids.secret.shown = self.revealed
        seat = v.get("boogeyman_seat") or ""
        self.ids.cover_text.text = (f"{T.GLYPH_SKULL} " + _("Boogeyman player only")
                                    + (f" ({_(seat.capitalize())})" if seat and seat != 'boogeyman' else "")
                                    + "\n[size=22]" + _("Children: look away now.") + "[/size]")
        grid = self.ids.options
        grid.clear_widgets()
        look = self.ids.look
        self._board(p is not None and p["kind"] == "steer_babysitter", v)
        if p is None:
            self.ids.ask.text = _("Nothing to decide now.")
            look.cover()
            look.secret = ""
            return
        kind = p["kind"]
        grid.cols = 3 if kind == "choose_card" else 7
        ladder = "  ".join(ladder_text(s, i + 1) for i, s in enumerate(v["ladder"])) or _("no token yet")
        look.hint = "Boogeyman: " + look_hint(_("the Ladder"))  # one line at 24 px
        look.secret = _("[b]Ladder:[/b] {ladder} \u00b7 Babysitter in {where}.").format(ladder=ladder, where=v['babysitter'])
        confirm = self.find("confirm")
        confirm.disabled = True
        if kind == "choose_room_tokens":
            n = p["count"]
            pools = v.get("token_pools") or [v.get("reserve", [])]
            nxt = pools[min(len(self.sel), len(pools) - 1)]
            pool = sorted(set(nxt) | set(self.sel), key=int)
            self.ids.ask.text = _DOMAIN.ngettext("Play {n} Room token face down: where will you hide?",
                                                 "Play {n} Room tokens face down: where will you hide?", n).format(n=n)
            self._rooms(grid, pool, n)
            confirm.disabled = len(self.sel) != n
            confirm.caption = _("Play face down")
        elif kind == "choose_card":
            deck = p["deck"]
            who = f" on {p['child'].capitalize()}" if p.get("child") else ""
            self.ids.ask.text = said(f"Choose the {DECK_NAMES.get(deck, deck)} card to inflict{who}")
            def order(code: str) -> tuple[bool, str, str]:
                title = self.card_title(code)
                unnamed = title == said(card_label(code))
                return unnamed, "" if unnamed else title.lower(), code  # named by title, then by number

            cards = sorted(v.get("decks", {}).get(deck, []), key=order)
            confirm.caption = _("Tap the card")
            for code in cards:
                b = BigButton(caption=self.card_title(code), font_size=T.FONT_BODY, action=f"card:{code}")
                b.bind(on_press=lambda btn, code=code: self.app.submit(I.ChooseCardInput(code)))
                grid.add_widget(b)
        elif kind == "steer_babysitter":
            steps = p["steps"]
            walk = " \u2192 ".join([v["babysitter"], *self.sel])
            if len(self.sel) > 3:  # a long walk: its ends (the house shows where she got to)
                walk = f"{v['babysitter']} \u2192 \u2026 \u2192 {self.sel[-1]}"
            # one line each: the house below needs the height (a room >= 48 px high)
            if not self.picked:
                self.ids.ask.text = _("Tap the Babysitter ({where}), then up to {n} lit rooms").format(where=v['babysitter'], n=steps)
            elif len(self.sel) < steps:
                self.ids.ask.text = _("Walk her up to {n} rooms: {walk}").format(n=steps, walk=walk)
            else:
                self.ids.ask.text = _("{walk}: Confirm, or tap {where} to step back").format(walk=walk, where=self.sel[-1])
            self._light(v, steps)
            confirm.disabled = False
            confirm.caption = _("Walk her") if self.sel else _("Stay put")
        elif kind == "hide_tokens":
            n = p["objectives"]
            rooms = [z for z in v["rooms"] if z != v["attic"]["room"] or True]
            rooms = [z for z in rooms if z != "20"] if "20" in rooms else rooms
            what = [_("the Objective tokens"), _("the Trap Door"), _("the Skeleton Key")][self.stage]
            need = n if self.stage == 0 else 1
            self.ids.ask.text = _("Set-up: hide {what} (pick {n})").format(what=what, n=need)
            self._rooms(grid, sorted(rooms, key=int), need)
            confirm.disabled = len(self.sel) != need
            confirm.caption = _("Next") if self.stage < 2 else _("Hide them")

    def card_title(self, code: str) -> str:
        """The card by the title the table gave it, else its number: never a bare code."""
        from cards_qr.codes import parse_code

        try:
            info = self.app.scanner.catalogue().lookup(parse_code(code))
        except Exception:  # noqa: BLE001 - a broken catalogue: numbers still work
            info = None
        return info.title if info is not None else said(card_label(code))

    def _rooms(self, grid: Any, pool: list[str], n: int) -> None:
        for z in pool:
            on = z in self.sel
            b = BigButton(caption=("\u2714 " if on else "") + z, kind="primary" if on else "normal", font_size=T.FONT_BODY,
                          action=f"room:{z}")
            b.bind(on_press=lambda btn, z=z, n=n: self._toggle(z, n))
            grid.add_widget(b)

    def _toggle(self, z: str, n: int) -> None:
        if z in self.sel:
            self.sel.remove(z)
        else:
            self.sel.append(z)
            self.sel = self.sel[-n:]
        self.refresh()

    # ---- the Possessed Babysitter, steered on the house ----
    def _board(self, steer: bool, v: dict[str, Any]) -> None:
        """The house in the choices' place while she is steered (and the Ladder's cover folded
        away: the house needs its height to read at the body size); the list otherwise."""
        body, look = self.ids.body.__self__, self.ids.look
        want = self.house if steer else self._scroll
        if want.parent is not body:
            body.clear_widgets()
            body.add_widget(want)
        look.height = 0 if steer else 84
        look.opacity = 0 if steer else 1
        look.disabled = steer
        if steer:
            house = house_for(self.app.controller.state.options.board)
            if self._house is not house:
                self._house, self.house.plan = house, plan(house)

    def _next_rooms(self, v: dict[str, Any], steps: int) -> list[str]:
        """The rooms she may walk into next: beside the end of her walk, while steps remain."""
        if not self.picked or len(self.sel) >= steps:
            return []
        here = self.sel[-1] if self.sel else v["babysitter"]
        board = self.app.controller.state.options.board  # the game's house (the old list used the default one)
        return list(walk_graph(board, v["attic"]["unlocked"], v["trap_door"], True).neighbours(here))

    def _light(self, v: dict[str, Any], steps: int) -> None:
        infos = TableScreen.zone_infos(v, set(self._next_rooms(v, steps)), None)
        if not v["secret_room"]:
            infos.setdefault(self._house.secret_room, {})["hidden"] = True
        for i in infos.values():
            i.pop("active", None)  # no child acts here: the flame marks her
        end = self.sel[-1] if self.sel else v["babysitter"]
        infos.setdefault(end, {})["picked" if self.picked else "active"] = True
        self.house.show(infos)

    def tap_room(self, zone: str) -> None:
        """A tap on the house while she is steered."""
        v = self.app.controller.view("boogeyman")
        p = v["pending"][0] if v["pending"] else None
        if p is None or p["kind"] != "steer_babysitter":
            return
        steps = p["steps"]
        end = self.sel[-1] if self.sel else v["babysitter"]
        if not self.picked:
            if zone != v["babysitter"]:
                self.app.toast(_("Tap the Babysitter's room first ({where}), then a lit room.").format(where=v['babysitter']))
                return
            self.picked = True
        elif zone == end:
            if self.sel:
                self.sel.pop()  # a step back
            else:
                self.picked = False  # put back: she stays
        elif zone in self._next_rooms(v, steps):
            self.sel.append(zone)
        elif len(self.sel) >= steps:
            self.app.toast(_("She walks at most {n} rooms: Confirm, or tap {where} to step back.").format(n=steps, where=end))
            return
        else:
            self.app.toast(_("The Babysitter cannot go from {start} to {end}: tap a lit room next to {start}.").format(
                start=end, end=zone))
            return
        self.refresh()

    def show(self) -> None:
        self.revealed = True
        self.refresh()

    def confirm(self) -> None:
        v = self.app.controller.view("boogeyman")
        p = v["pending"][0] if v["pending"] else None
        if p is None:
            return
        kind = p["kind"]
        if kind == "choose_room_tokens":
            self.app.submit(I.PlaceRoomTokens(tuple(self.sel)))
        elif kind == "steer_babysitter":
            self.app.submit(I.SteerBabysitterInput(tuple(self.sel)))
        elif kind == "hide_tokens":
            self._hidden = getattr(self, "_hidden", [])
            if self.stage == 0:
                self._hidden = [tuple(self.sel)]
            else:
                self._hidden.append(self.sel[0])
            if self.stage < 2:
                self.stage += 1
                self.sel = []
                self.refresh()
                return
            objectives, trap, key = self._hidden
            self.app.submit(I.HideTokensInput(objectives, trap, key))
        self.ids.look.cover()
        self.revealed = False
        self.refresh()


SCREEN = BoogeymanScreen
