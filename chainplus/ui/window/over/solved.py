"""The window a solved puzzle opens (``SolvedWindow``): the next puzzle, a game from the
puzzle's position against the computer, or Close, the winning board under it."""

from __future__ import annotations

import pygame

from chainplus.common.language import N_, _
from chainplus.ui.art import solved_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.requests import NextPuzzle, PlayFromPuzzle
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Furniture, Part, Target

#: The help line for each part (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
PART_HELP = {
    "next": N_("The next puzzle, a little harder."),
    "play": N_("A game from the puzzle's position, you against the computer."),
    "close": N_("Close this window: the winning board stays."),
    "close-icon": N_("Close this window: the winning board stays."),
    "window": N_("Solved! The next puzzle, or a game from here."),
}


class SolvedWindow(Overlay):
    """Over a solved puzzle; ``line`` says how it went (how many visitors solved it)."""

    name = "solved"

    def __init__(self, table: Table, line: str) -> None:
        super().__init__(table)
        self.line = line

    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = solved_view.hit(pos)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        return dict(solved_view.BUTTONS)

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False
        if not isinstance(target, Part):
            self.close()  # a click outside the window closes it, and only that
            return True
        self.table.press(target)
        if target.name == "next":
            self.table.ask(NextPuzzle())
        elif target.name == "play":
            self.table.ask(PlayFromPuzzle())
        elif target.name in ("close", "close-icon"):
            self.close()
        return True

    def key(self, key: int, mod: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pressed = self.table.cues.pressed.value
        solved_view.draw(surface, solved_view.SolvedShown(
            self.line, pressed.name if isinstance(pressed, Part) else None))

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            # Translators: the help box, 3 lines of 22 characters.
            return _("A click outside this window closes it.") if target else None
        line = PART_HELP.get(target.name)
        return None if line is None else _(line)

    def default_help(self) -> str:
        return _(PART_HELP["window"])
