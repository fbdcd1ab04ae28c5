"""What did the child find? The physical Search token decides, not the device's own deal.

The table turns the token over and taps what it shows; the engine gets Search(child, token).
"""

from __future__ import annotations

from companion.games.boogeyman import inputs as I
from companion.games.boogeyman.houses import house_for
from companion.games.boogeyman.state import SearchToken
from companion.ui.screens import BaseScreen
from companion.ui.widgets import BigButton

# What a token can show, with words and a glyph (never colour alone).
KINDS: tuple[tuple[str, str, str], ...] = (
    ("noise", "\u266b", "Noise"),
    ("die", "\u2684", "Die noise"),
    ("candy", "\u25c9", "Candy"),
    ("objective", "\u2605", "Objective"),
    ("trap_door", "\u25a4", "Trap Door"),
    ("skeleton_key", "\u26b7", "Skeleton Key"),
    ("blank", "\u2205", "Nothing"),
)


def token_choices(board: str) -> list[tuple[SearchToken, str]]:
    """Every distinct token the board's box holds, with a caption, in a stable order."""
    house = house_for(board)
    seen: list[tuple[SearchToken, str]] = []
    for kind, glyph, word in KINDS:
        for spec in sorted((t for t in house.search_tokens if t.kind == kind), key=lambda t: (t.value, t.colour)):
            token = SearchToken(spec.kind, spec.value, spec.colour)
            caption = f"{glyph} {word}"
            if spec.value:
                caption += f" {spec.value}"
            if spec.colour:
                caption += f" ({spec.colour})"
            if all(token != t for t, _ in seen):
                seen.append((token, caption))
    return seen


class FoundScreen(BaseScreen):
    title = "Search"

    def refresh(self) -> None:
        c = self.app.controller
        box = self.ids.choices
        box.clear_widgets()
        if c.session is None:
            return
        name = c.state.active
        self.ids.prompt.text = f"{name.capitalize()}: turn the top token over. What is it?"
        for token, caption in token_choices(c.state.options.board):
            b = BigButton(caption=caption, action=f"found:{token.kind}:{token.value}", font_size=20)
            b.bind(on_press=lambda btn, token=token: self.found(token))
            box.add_widget(b)

    def found(self, token: SearchToken) -> None:
        app = self.app
        if app.submit(I.Search(app.controller.state.active, token)):
            app.go(app.controller.pending_screen() or "table")


SCREEN = FoundScreen
