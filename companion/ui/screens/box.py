"""'Check your box': the table walks through the facts a game's data files only guess (space
names and trails, card titles, counts ...), one question at a time beside what it concerns, and
confirms or corrects each. The answers go into the owner's box (core/ownbox.py), which every new
game of that game lays over the shipped guess; the shipped files are never written.

Opened from Settings (for the game being played, else the first on the shelf) or from a game's
set-up screen (`open_for(code)`)."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, _, ngettext, pack_said, pack_text
from companion.ui import theme as T
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

MARK_GUESS = "\u25cc"  # the small mark of a fact still a guess
MARK_CHECKED = "\u2714"


class BoxScreen(BaseScreen):
    title = N_("Check your box")

    def on_kv_post(self, base: Any) -> None:
        self.code = ""
        self.stage = "list"  # list | ask | type
        self.group = 0  # the guess being asked about: index into `groups()`
        self.at = ""  # the fact asked about
        self.error = ""
        self.back_to = ""
        self._views: dict[tuple[str, str], list[Any]] = {}  # (game, file) -> its facts, until the box changes

    # ---- what is asked ----
    def open_for(self, code: str, back: str = "") -> None:
        """Ask about `code`'s guesses ("": the game played, else the first on the shelf); Back
        returns to the screen `back` ("": where Settings would return)."""
        self.code, self.stage, self.error, self.back_to = code, "list", "", back

    def _rules(self) -> Any:
        """The rules object of the game asked about (its catalog says its words), else None."""
        from companion.core.packs import get_pack

        code = self.game_code()
        return get_pack(code).rules if code else None

    def checkable(self) -> list[Any]:
        """The packs on the shelf that declare guessed facts, in shelf order."""
        from companion.core.packs import iter_packs

        return [p for p in iter_packs() if p.has("guesses")]

    def game_code(self) -> str:
        """The game asked about: the one chosen here, else the one being played, else the first
        on the shelf with guesses."""
        if self.code:
            return self.code
        codes = [p.code for p in self.checkable()]
        game = self.app.game
        if game is not None and game.code in codes:
            return str(game.code)
        return codes[0] if codes else ""

    def choose(self, code: str) -> None:
        self.code, self.stage = code, "list"
        self.refresh()

    def box(self) -> Any:
        from companion.core import ownbox

        return ownbox.load_box(self.game_code(), self.app.data_dir)

    def groups(self) -> list[tuple[Any, Any]]:
        """(guessed file, guess) for every kind of guessed fact of the game, in declaration order."""
        from companion.core import ownbox

        code = self.game_code()
        return [(gf, g) for gf in (ownbox.declared(code) if code else ()) for g in gf.guesses]

    def facts(self, k: int) -> list[Any]:
        """The facts of the k-th group, as the flow shows them (value, guess, confirmed, question);
        each file's are worked out once until the box changes."""
        from companion.core import ownbox

        gf, guess = self.groups()[k]
        key = (self.game_code(), gf.name)
        if key not in self._views:
            self._views[key] = ownbox.facts_of(gf, self.box())
        return [v for v in self._views[key] if ownbox.matches(guess.at, v.at)]

    # ---- drawing ----
    def on_enter(self, *_: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        from companion.core.datafile import DataFileIssues
        from companion.core.packs import get_pack

        body = self.ids.body
        body.clear_widgets()
        self.ids.scroller.scroll_y = 1  # each page starts at its top, not where the last was slid to
        self._views = {}  # the box may have changed since
        code = self.game_code()
        title = get_pack(code).title if code else ""
        self.ids.heading.text = f"{_('Check your box')} \u00b7 {title}" if title else _("Check your box")
        try:
            box = self.box()
        except DataFileIssues as exc:
            self._say(f"{T.GLYPH_WARN} " + _("Your box file cannot be read: {error}").format(error=exc))
            self._buttons(back=True)
            return
        if self.stage == "list":
            self._list(box)
        else:
            self._ask()

    def _list(self, box: Any) -> None:
        from kivy.uix.gridlayout import GridLayout

        body = self.ids.body
        packs = self.checkable()
        if len(packs) > 1:
            from kivy.uix.gridlayout import GridLayout as Row

            row = Row(cols=len(packs), spacing=6, size_hint_y=None, height=T.TOUCH)
            for p in packs:
                on = p.code == self.game_code()
                b = BigButton(caption=("\u2714 " if on else "") + p.short, kind="primary" if on else "normal",
                              font_size=T.FONT_BODY, action=f"box_game:{p.code}", height=T.TOUCH)
                b.bind(on_press=lambda _b, code=p.code: self.choose(code))
                row.add_widget(b)
            body.add_widget(row)
        self._say(_("What the rulebook does not print is a guess until your table checks it against your own "
                    "box. Pick what to check ({mark} still a guess):").format(mark=MARK_GUESS))
        grid = GridLayout(cols=2, spacing=6, size_hint_y=None, row_default_height=T.TOUCH + 10, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for k, (gf, guess) in enumerate(self.groups()):
            facts = self.facts(k)
            done = sum(f.confirmed for f in facts)
            mark = MARK_CHECKED if facts and done == len(facts) else MARK_GUESS
            what = pack_text(self._rules(), guess.title or guess.what)
            checked = ngettext("{done} of {n} checked", "{done} of {n} checked", len(facts)).format(done=done, n=len(facts))
            b = BigButton(caption=f"{mark} {what}\n{checked}",
                          font_size=T.FONT_BODY, action=f"group:{k}", height=T.TOUCH + 10)
            b.bind(on_press=lambda _b, k=k: self.start(k))
            grid.add_widget(b)
        body.add_widget(grid)
        self._buttons(back=True)

    def _current(self) -> Any:
        return next((f for f in self.facts(self.group) if f.at == self.at), None)

    def _ask(self) -> None:
        from kivy.factory import Factory
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.widget import Widget

        from companion.core import ownbox

        fact = self._current()
        if fact is None:
            self.stage = "list"
            self.refresh()
            return
        gf, guess = self.groups()[self.group]
        facts = self.facts(self.group)
        n = next(i for i, f in enumerate(facts) if f.at == fact.at)
        merged = ownbox.merged_data(gf, self.box().of(gf.name))
        row = BoxLayout(spacing=12, size_hint_y=None, height=T.px(300))  # the list scrolls
        side = BoxLayout(orientation="vertical", size_hint_x=0.42, spacing=2, padding=(8, 4))
        side.add_widget(Factory.Body(text="[color=a89cb0]" + _("{what} \u00b7 {n} of {total}").format(
            what=pack_text(self._rules(), guess.title or gf.title), n=n + 1, total=len(facts)) + "[/color]",
                                     font_size=T.FONT_BODY))
        for line in gf.concerns(merged, fact.at)[:7]:
            side.add_widget(Factory.Body(text=_escape(pack_said(self._rules(), line)), font_size=T.FONT_BODY))
        side.add_widget(Widget())
        row.add_widget(side)
        main = BoxLayout(orientation="vertical", spacing=6)
        status = (f"{MARK_CHECKED} " + _("checked by your table") if fact.confirmed
                  else f"{MARK_GUESS} " + _("a guess: is it right on your box?"))
        main.add_widget(Factory.Body(text=f"[color=a89cb0]{status}[/color]", font_size=T.FONT_BODY))
        question = pack_said(self._rules(), fact.question)  # the pack's words, its shapes filled in
        ask = question[:1].upper() + question[1:]
        main.add_widget(Factory.Body(text=_escape(ask) + ("?" if guess.kind == "yes/no" else ":"), font_size=T.FONT_BODY))
        main.add_widget(Factory.Body(text=f"[b]{_escape(_said(fact.value))}[/b]",
                                     font_size=T.px(28) if len(_said(fact.value)) < 60 else T.FONT_BODY))
        if fact.value != fact.guess:
            main.add_widget(Factory.Body(text="[color=a89cb0]" + _("the guess was {value}").format(value=_escape(_said(fact.guess))) + "[/color]",
                                         font_size=T.FONT_BODY))
        if guess.kind == "list":
            main.add_widget(Factory.Body(text="[color=a89cb0]" + _("Not right? Skip it: a list is corrected in a box file "
                                                                "(companion box import).") + "[/color]", font_size=T.FONT_BODY))
        if self.stage == "type":
            field = Factory.TextField(label=_("Your box says:"), font_size=T.px(22), size_hint_y=None, height=52,
                                      hint_text=_("tap to type"), multiline=False)
            field.action = "box:answer"
            field.bind(on_text_validate=lambda f: self.typed(f.text))
            self._field = field
            main.add_widget(field)
        main.add_widget(Widget())
        row.add_widget(main)
        self.ids.body.add_widget(row)
        self._buttons(fact=fact, kind=guess.kind)

    def _say(self, text: str, size: int = 0) -> None:
        from kivy.factory import Factory

        self.ids.body.add_widget(Factory.Body(text=text, font_size=size or T.FONT_BODY))

    def _buttons(self, back: bool = False, fact: Any = None, kind: str = "") -> None:
        bar = self.ids.bar
        bar.clear_widgets()

        def add(action: str, caption: str, fn: Any, primary: bool = False, icon: str = "") -> None:
            b = BigButton(action=action, caption=caption, icon=icon, kind="primary" if primary else "normal",
                          font_size=T.FONT_BODY)
            b.bind(on_press=lambda *_: fn())
            bar.add_widget(b)

        if self.stage == "list":
            add("back", _("Back"), self.leave, icon="\u25c0")
            return
        add("box:list", _("The list"), self.to_list, icon="\u25c0")
        add("box:skip", _("Skip"), self.skip, icon="\u25b7")
        if kind == "yes/no":
            add("box:yes", _("Yes"), lambda: self.answer(True), primary=fact.value is True)
            add("box:no", _("No"), lambda: self.answer(False), primary=fact.value is not True)
            return
        if kind in ("text", "number") and self.stage != "type":
            new = _("Add a new one") if "title" in fact.at else _("Not right: type it")
            add("box:edit", new, self.edit, icon="\u270e")
        if self.stage == "type":
            add("box:save", _("Save"), lambda: self.typed(self._field.text), primary=True, icon=MARK_CHECKED)
        else:
            add("box:right", _("Right"), self.confirm, primary=True, icon=MARK_CHECKED)

    # ---- answers ----
    def start(self, k: int) -> None:
        """Ask about the k-th kind of fact, from its first fact still a guess."""
        facts = self.facts(k)
        if not facts:
            return
        self.group = k
        self.at = next((f.at for f in facts if not f.confirmed), facts[0].at)
        self.stage = "ask"
        self.refresh()

    def _record(self, value: Any) -> None:
        from companion.core import ownbox
        from companion.core.datafile import DataFileIssues

        gf, _guess = self.groups()[self.group]
        box = self.box().with_fact(gf.name, self.at, value)
        try:  # the pack's own checks, with this answer over the shipped guess, before it is kept
            gf.check(ownbox.merge(gf.default.read_bytes(), box.of(gf.name)), gf.name)
        except DataFileIssues as exc:
            self.app.toast(_("Not kept: {reason}").format(reason=exc.issues[0].message))
            return
        ownbox.save_box(box, self.app.data_dir)
        self._views = {}
        self.next_fact()

    def confirm(self) -> None:
        fact = self._current()
        if fact is not None:
            self._record(fact.value)

    def answer(self, value: bool) -> None:
        self._record(value)

    def edit(self) -> None:
        self.stage = "type"
        self.refresh()
        self.app.keyboard.open(self._field)

    def typed(self, text: str) -> None:
        if self.stage != "type":
            return
        from companion.core.ownbox import kind_problem

        _gf, guess = self.groups()[self.group]
        words = " ".join(text.split())
        value: Any = words
        if guess.kind == "number":
            try:
                value = int(words)
            except ValueError:
                self.app.toast(_("Type the number printed on your box"), "info")
                return
        if not words or kind_problem(guess.kind, value):
            self.app.toast(_("Type what your box shows first: tap the box for the keyboard"), "info")
            return
        if self.app.keyboard.shown:
            self.app.keyboard.close(submit=False)
        self.stage = "ask"
        self._record(value)

    def skip(self) -> None:
        self.next_fact()

    def next_fact(self) -> None:
        facts = self.facts(self.group)
        n = next((i for i, f in enumerate(facts) if f.at == self.at), -1)
        self.stage = "ask"
        if n + 1 < len(facts):
            self.at = facts[n + 1].at
        else:
            self.stage = "list"
            self.app.toast(_("That was the last of them: back to the list"), "info")
        self.refresh()

    def to_list(self) -> None:
        if self.app.keyboard.shown:
            self.app.keyboard.close(submit=False)
        self.stage = "list"
        self.refresh()

    def leave(self) -> None:
        back, self.code, self.back_to = self.back_to, "", ""
        self.stage = "list"
        if back:
            self.app.go(back)
        else:
            self.app.go_back("box")


def _said(value: Any) -> str:
    """A value as the table reads it: a text as it is, yes or no, a list with commas."""
    from companion.core.ownbox import show_value

    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, str):
        return value or _("(no title yet)")
    if isinstance(value, list):
        text = ", ".join(_item(x) for x in value) if value else _("(none)")
        return text if len(text) <= 600 else text[:597] + "..."
    return show_value(value)


def _item(x: Any) -> str:
    """One item of a list fact: a pair as "C1 - 2", a table as its name and the rest in brackets."""
    if isinstance(x, list):
        return " - ".join(str(v) for v in x)
    if isinstance(x, dict):
        name = x.get("name", x.get("id", ""))
        rest = ", ".join(f"{k} {v}" for k, v in x.items() if k not in ("name", "id"))
        return f"{name} ({rest})" if rest else str(name)
    return str(x)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


SCREEN = BoxScreen
