"""The table view: the house, the Ladder, the Stress Scale, the children, one big prompt, the buttons.

A child's move is made on the house (issue 25, "Moves on the board"): a tap on the active child's
room picks the piece up and lights the rooms the rules let it reach (the rulebook's "Moving": one
Action to an adjacent Room or corridor); a tap on a lit room moves it there; a tap on the picked
room again puts it back. Any other tap is refused with what to tap instead, and nothing changes."""

from __future__ import annotations

from typing import Any

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.actions import device_answers_search
from companion.games.boogeyman.common import zone_name
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.ui.layout import plan
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.plain import for_people
from companion.i18n import N_, language, pack_domain

_DOMAIN = pack_domain(__file__)
_ = _DOMAIN.gettext
said = _DOMAIN.said


class TableScreen(BaseScreen):
    title = N_("The table")

    def on_kv_post(self, base: Any) -> None:
        self._house: Any = None
        self.picked = ""  # the room whose child was tapped: its destinations are lit
        self._picked_in: Any = None  # the state it was picked in: any input puts it back
        self.ids.map.bind(on_zone=lambda m, z: self.tap_zone(z))

    def refresh(self) -> None:
        app = self.app
        c = app.controller
        if c.session is None:
            return
        house = house_for(c.state.options.board)
        if self.ids.map.plan is None or self._house is not house:
            self._house, self.ids.map.plan = house, plan(house)
        v = c.view()
        legal = c.legal()
        kinds = {type(i).kind for i in legal}
        movable = {i.to for i in legal if isinstance(i, I.Move)}
        if c.state is not self._picked_in or not movable:
            self.picked = ""  # something happened (a move, an undo, a new turn): put back
        prompt = said(for_people(str(v["prompt"])))
        if self.picked:
            prompt = _("Move {who}: tap a lit room").format(who=str(c.state.active).capitalize())
        self.ids.prompt.text = app.marked(prompt)  # what is still a guess, marked
        fix = app.fix_text
        notes = said(for_people(str(v["notices"][-1]))) if v["notices"] else ""  # the last line, large; the rest on the Journal
        self.ids.notices.text = (f"[color=e8a23a]{T.GLYPH_WARN} " + _("Sensors: {fix}").format(fix=said(fix)) + "[/color]" if fix else notes)
        self.ids.fix.shown = bool(fix)
        self.ids.lasting.text = self.lasting_text(v)
        infos = self.zone_infos(v, movable if self.picked else set(), app.sensors.occupied if app.sensors else None)
        if self.picked:
            infos.setdefault(self.picked, {})["picked"] = True
        if not v["secret_room"]:
            infos.setdefault(house.secret_room, {})["hidden"] = True  # not found yet: no number
        self.ids.map.show(infos)
        self.ids.ladder.spaces = v["ladder_spaces"]
        self.ids.ladder.event_spaces = [i + 1 for i, s in enumerate(v["ladder"]) if s["event"]] + \
            list(house.ladder_event_spaces)
        self.ids.ladder.slots = v["ladder"]
        self.ids.ladder.on_slots()
        st = self.ids.stress
        st.top, st.trouble = v["stress"]["top"], v["stress"]["trouble"]
        st.boogeyman, st.babysitter = v["stress"]["boogeyman"], v["stress"]["babysitter"]
        st.refresh()
        self.ids.kids.text = self.children_text(v)
        for action, kind in (("search", "search"), ("flip", "flip_switch"), ("lock", "break_lock"),
                             ("key", "use_key"), ("revive", "revive"), ("end", "end_turn")):
            self.find(action).disabled = kind not in kinds
            if action in self.REFUSED:
                self.find(action).why_not = lambda a=action: self.why_not(a)
        self.find("finale").disabled = not ({"mission_complete", "start_finale"} & kinds)
        self.find("finale").caption = _("Mission") if "mission_complete" in kinds else _("Finale")
        pending = c.pending_screen()
        self.find("roll").disabled = pending != "roll"
        self.find("roll").kind = "primary" if pending == "roll" else "normal"
        self.find("scan").kind = "primary" if pending == "scan" else "normal"
        self.find("undo").disabled = not c.undo_label()
        self.find("undo").caption = _("Undo")  # the pack's short word: the row holds ten buttons
        self.find("end").kind = "primary" if v["actions_left"] == 0 and "end_turn" in kinds else "normal"
        self.fit_row()

    ROW = ("search", "flip", "lock", "key", "revive", "finale", "roll", "scan", "undo", "end")

    def fit_row(self) -> None:
        """The bottom row's shares in a language other than English: each button's caption width at
        the body size and a margin, as the .kv's English shares were measured (issue 28: German
        words are longer, "Rückgängig" beside "Zug beenden")."""
        lang = language()
        if getattr(self, "_fitted", "en") == lang and lang == "en":
            return
        key = (lang, tuple(self.find(a).caption for a in self.ROW))
        if getattr(self, "_fitted", None) == key:
            return
        self._fitted = key
        if lang == "en":
            for a, share in zip(self.ROW, (77, 75, 113, 87, 76, 82, 58, 58, 61, 95)):
                self.find(a).size_hint_x = share  # the .kv's shares
            return
        from kivy.core.text import Label as CoreLabel

        for a in self.ROW:
            label = CoreLabel(text=self.find(a).caption, font_size=T.FONT_BODY, font_name="Body")
            label.refresh()
            self.find(a).size_hint_x = label.content_width + 12

    @staticmethod
    def zone_infos(v: dict[str, Any], movable: set[str], sensed: frozenset[str] | None) -> dict[str, dict[str, Any]]:
        house_rooms = v["rooms"]
        infos: dict[str, dict[str, Any]] = {}
        attic = v["attic"]["room"]
        for zone, room in house_rooms.items():
            infos[zone] = {"dark": room["switch"] == "dark", "lock": room["lock"]}
        for zone in list(infos):
            if zone == attic and not v["attic"]["unlocked"]:
                infos[zone]["attic_locked"] = True
        for c in v["children"]:
            if not c["removed"]:
                infos.setdefault(c["zone"], {}).setdefault("children", []).append(c["name"])
        infos.setdefault(v["babysitter"], {})["babysitter"] = True
        for z in v["boogeyman"]:
            infos.setdefault(z, {})["boogeyman"] = True
        active = next((c["zone"] for c in v["children"] if c["name"] == v["active"]), "")
        if active:
            infos.setdefault(active, {})["active"] = True
        for z in movable:
            infos.setdefault(z, {})["movable"] = True
        if v["trap_door"]:
            infos.setdefault(v["trap_door"], {})["trap_door"] = True
        for z in sensed or ():
            infos.setdefault(z, {})["sensed"] = True
        return infos

    @staticmethod
    def lasting_text(v: dict[str, Any]) -> str:
        """Effects in play while they last: the round's Event, a Trouble card, Nightmares."""
        out = []
        finale = v.get("finale") or {}
        if finale.get("room") and v["phase"] == "play":
            # Where the Finale token lies and how many Objective tokens are there ("the Children
            # must bring the Objective tokens there"): the house drew no mark for it, and the table
            # was told the room once (play-test, 5 Dec 2026). One line: the notices come below.
            room = finale["room"]
            where = (_("Room {n}") if room[:1].isdigit() else _("corridor {name}")).format(n=room, name=room)
            out.append(_("[b]Finale[/b]: {where}, Obj\u00a0{n}\u00a0of\u00a03").format(
                where=where, n=len(finale.get('stack') or ())))
        if v["active_event"]:
            out.append(f"[color=e8a23a]{T.GLYPH_EVENT}[/color] " + _("[b]{name}[/b] (Event, this round)").format(
                name=v['active_event_name']))
        if v["trouble"]:
            out.append(f"[color=e8a23a]{T.GLYPH_TROUBLE}[/color] " + _("[b]{name}[/b] (Trouble)").format(name=v['trouble_name']))
        for c in v["children"]:
            if c["nightmare"]:
                out.append(f"[color=e8594d]{T.GLYPH_DARK}[/color] " + _("[b]{name}[/b] (Nightmare on {who})").format(
                    name=c['nightmare_name'], who=c['name'].capitalize()))
        return "\n".join(out)

    @staticmethod
    def children_text(v: dict[str, Any]) -> str:
        lines = []
        # The candy as a count and its sign with more than four children, or at Large text: one line
        # a child, so the corner shows them all (the play-test of 6 Dec 2026 saw one and a half)
        short = len(v["children"]) > 4 or T.SCALE > 1
        for c in v["children"]:
            col = T.CHILD_COLOURS.get(c["name"], "ffffff")
            mark = "\u25b6" if c["name"] == v["active"] else "  "
            if c["removed"]:
                lines.append(f"{mark}[color={col}][b]{c['name'][:1].upper()}[/b][/color] " + _("{who}: plays the Boogeyman").format(who=c['name'].capitalize()))
                continue
            status = "[color=e8594d]" + _("PASSED OUT") + "[/color]" if c["passed_out"] else said(c["status"])
            # The count kept on its word's line (the play-test of 5 Dec 2026 read "Candy 0 Obj" with
            # "1" wrapped alone below; a star would read as the Ladder's Event mark beside it)
            extra = "".join([" \u26b7 " + _("Key") if c["has_key"] else "",
                             f" Obj\u00a0{len(c['objectives'])}" if c["objectives"] else ""])
            candy = f" \u00b7\u00a0{c['candy']}\u25c9" if short else " \u00b7 " + _("Candy {n}").format(n=c['candy']).replace(" ", "\u00a0")
            lines.append(f"{mark}[color={col}][b]{c['name'][:1].upper()}[/b][/color] {c['name'].capitalize()} "
                         f"{status}{candy}{extra}")
        return "\n".join(lines)

    # ---- taps ----
    def tap_zone(self, zone: str) -> None:
        """A tap on the house: the active child's room picks the child up, then a lit room moves
        it there (an unlit one is refused by the rules, with the rule behind it)."""
        app = self.app
        c = app.controller
        if c.session is None or not c.state.active:
            return
        s = c.state
        name = s.active
        who = name.capitalize()
        here = s.child(name).zone
        if self.picked:
            if zone == self.picked:
                self.picked = ""  # put back: nothing moved
            elif app.submit(I.Move(name, zone)):
                self.picked = ""
            self.refresh()
            return
        if not any(isinstance(i, I.Move) for i in c.legal()):
            app.submit(I.Move(name, zone))  # no move now: the rules say why (and Why? shows the rule)
            return
        if zone != here:
            app.toast(_("To move {who}, tap {who} first ({where}), then a lit room.").format(
                who=who, where=said(zone_name(s, here))))
            return
        self.picked, self._picked_in = here, s
        self.refresh()

    # The children's actions whose grey button says, when tapped, why not: the rules' own refusal
    # of that action now (nothing is recorded), with its Why?.
    REFUSED = {"search": I.Search, "flip": I.FlipSwitch, "lock": I.BreakLock, "key": I.UseKey}

    def why_not(self, action: str) -> None:
        c = self.app.controller
        if c.session is None or not c.state.active:
            return
        self.app.submit(self.REFUSED[action](c.state.active))

    def act(self, action: str) -> None:
        app = self.app
        c = app.controller
        name = c.state.active
        legal = c.legal()
        if action == "search":
            if device_answers_search(c.state):  # it hid the tokens and keeps them: it says what is found
                if app.submit(I.Search(name)):
                    # A state's notices are its last input's own (the reducer starts each input
                    # with none): the search's, whatever the input before it said.
                    found = [n for n in c.state.notices if " finds " in n]
                    if found:
                        app.toast(said(found[-1]), "info")
                    pending = app.controller.pending_screen()
                    if pending and not app.summary.shown:  # else after the table's steps (app.route)
                        app.go(pending)
                return
            app.go("found")  # the physical token decides what was found
        elif action == "flip":
            app.submit(I.FlipSwitch(name))
        elif action == "lock":
            app.submit(I.BreakLock(name))
        elif action == "key":
            app.submit(I.UseKey(name))
        elif action == "revive":
            target = next((i.target for i in legal if isinstance(i, I.Revive)), "")
            app.submit(I.Revive(name, target))
        elif action == "finale":
            if any(isinstance(i, I.MissionComplete) for i in legal):
                # Only the table knows its Mission card's task is done ("you cannot start the
                # Finale unless you have already completed the Mission card's task"): one tap
                # declared it with no question (play-test, 5 Dec 2026).
                app.confirm.ask(_("Is the Mission card's task done?"), _("Yes, it is done"),
                                lambda: app.submit(I.MissionComplete()),
                                detail=_("Read the Mission card beside the board: the Finale can start only once "
                                         "its task is done."), cancel=_("Not yet"))
            else:
                app.submit(I.StartFinale(name))
        elif action == "end":
            app.submit(I.EndTurn())
        elif action == "roll":
            app.go("roll")
        elif action == "scan":
            app.go("scan")
        elif action == "undo":
            app.ask_undo()
        elif action == "why":
            v = c.view()
            # What just happened, then the prompt beside the button ("only to leave Room 2": the
            # rule a child beside the Babysitter or the Boogeyman plays by).
            app.show_why_all(list(dict.fromkeys(list(v["notices"]) + [v["prompt"]])))
        elif action == "menu":
            app.go("journal")
        elif action == "fix":
            app.go("mismatch")


SCREEN = TableScreen
