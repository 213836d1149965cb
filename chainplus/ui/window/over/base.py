"""What every window over the board answers (``Overlay``): the rules, the games, the Join
dialog and a replay.

The window on top takes the pointer and the keys first; while any is open the board waits
(``stack``). A window changes nothing but its own state and the session it is given: to close,
open another or leave a network game it asks (``Table.ask``, ``requests``).
"""

from __future__ import annotations

import pygame

from chainplus.ui.window.picture import Picture
from chainplus.ui.window.requests import Close
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Target


class Overlay:
    """A window over the board; the defaults suit one that only shows something."""

    name = "overlay"

    def __init__(self, table: Table) -> None:
        self.table = table

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        """The part of this window under ``pos``, if any."""
        return None

    def click(self, target: Target | None, button: int) -> bool:
        """A Select or Adjust click on ``target``; False leaves it to the screen's own
        icons, panel and title bar (as if no window were open)."""
        return False

    def key(self, key: int, mod: int) -> bool:
        """True when this window took ``key`` (with modifiers ``mod``; otherwise the window's
        own keys apply)."""
        return False

    def parts(self) -> dict[str, pygame.Rect]:
        """The parts a key may press, in the order Tab goes through them (``cursor``)."""
        return {}

    def typed(self, text: str) -> None:
        """Characters typed (a text event): only a dialog with a writable icon takes them."""

    def close(self) -> None:
        self.table.ask(Close())

    def leave(self) -> None:
        """Called when this window is taken off the screen."""

    # ---------------------------------------------------------------- time
    @property
    def animating(self) -> bool:
        """True while every frame differs from the last."""
        return False

    def tick(self, now: float) -> None:
        """Time has passed."""

    def deadline(self, now: float) -> float | None:
        """When this window next needs an update with no event, or None."""
        return None

    # ---------------------------------------------------------------- what is shown
    @property
    def picture(self) -> Picture | None:
        """The board this window shows in place of the game's (a replay's), or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this window over the board."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what lies over the icons (a replay's controls), after them."""

    def look(self) -> object:
        """What changes by itself (a graph filling in): when it changes, the screen is drawn
        again."""
        return None

    def own_help(self, target: Target | None) -> str | None:
        """The help line for ``target`` when this window has its own words for it."""
        return None

    def default_help(self) -> str:
        return ""
