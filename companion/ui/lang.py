"""The kv side of the languages (companion/i18n.py): `app.tr`, the object a kv rule's text calls.

In a .kv file a text the table reads is written `text: app.tr._("Settings")` (or
`app.tr.ngettext(one, many, n)`). Kivy binds the rule to the last name of that chain, `_`, on
`app.tr`: a `Translator` keeps those bindings and, when the language changes, calls each of them,
so every kv text is computed again in the new language (the common Kivy pattern of an observable
the kv `_()` call binds to). One Translator per app: its bindings go with the app's widgets.
Texts built in Python (`refresh`) use `companion.i18n._` and are built again on the screen's
next refresh, which the app does at once after a change.
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.event import Observable

from companion import i18n

_WATCHED = ("_", "ngettext")


class Translator(Observable):
    """`_` and `ngettext` for kv rules, with the bindings kv makes on them."""

    def __init__(self) -> None:
        super().__init__()
        self._watchers: dict[int, tuple[Callable[..., Any], tuple[Any, ...]]] = {}
        self._next = 0

    def _(self, text: str) -> str:
        return i18n.kv_text(text)

    def ngettext(self, one: str, many: str, n: int) -> str:
        return i18n.ngettext(one, many, n)

    # Kivy's binding protocol (kivy.lang.builder binds the last name of `app.tr._`)
    def fbind(self, name: str, func: Callable[..., Any], *largs: Any, **kwargs: Any) -> int:
        if name not in _WATCHED:
            return 0  # nothing else here changes
        self._next += 1
        self._watchers[self._next] = (func, largs)
        return self._next

    def funbind(self, name: str, func: Callable[..., Any], *largs: Any, **kwargs: Any) -> None:
        if name not in _WATCHED:
            return
        for uid, (f, a) in list(self._watchers.items()):
            if f == func and a == largs:
                del self._watchers[uid]

    def unbind_uid(self, name: str, uid: int) -> None:
        if name in _WATCHED:
            self._watchers.pop(uid, None)

    def changed(self) -> None:
        """The language changed: every kv text bound here is computed again."""
        for func, largs in list(self._watchers.values()):
            func(*largs, self, None)

    def clear(self) -> None:
        self._watchers.clear()
