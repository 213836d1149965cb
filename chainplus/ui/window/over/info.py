"""The Info box, over whatever it was opened from (which waits): what the program is, its
author, licence and version, as every RISC OS application says in its "About this program"
window (``chainplus.app.about`` holds the words). The Menu button opens it, as RISC OS's Menu
offers Info.
"""

from __future__ import annotations

import pygame

from chainplus.app import about
from chainplus.common.language import N_, _
from chainplus.ui.art import info_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.targets import Furniture, Part, Target

#: What the Info box shows, by field (the purpose translated where shown; the rest are names).
VALUES = {"name": about.NAME, "purpose": about.PURPOSE, "author": about.AUTHOR,
          "licence": about.LICENCE, "version": about.version()}
#: The help line for each part (translated where shown).
PART_HELP = {
    # Translators: the help box, 3 lines of 22 characters (so is every help line).
    "close-icon": N_("Close this window (Escape)."),
    "title": N_("About this program: what it is and who made it."),
    "name": N_("The program's name."),
    "purpose": N_("What Chain+ is."),
    "author": N_("Who made Chain+."),
    "licence": N_("MIT: free to use, copy, change and share; no warranty."),
    "version": N_("This copy's version: say it when you report a problem."),
    "window": N_("Close it with Escape or a click outside it."),
}
OUTSIDE_HELP = N_("A click outside this window closes it.")


class InfoWindow(Overlay):
    """The Info box over the board, which waits until it closes."""

    name = "info"

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = info_view.hit(pos)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        return {"close-icon": info_view.CLOSE}  # the fields only show: nothing to press

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False  # the game window's own close and size
        if not isinstance(target, Part):
            self.close()  # a click outside the window closes it, and only that
        elif target.name == "close-icon":
            self.table.press(target)
            self.close()
        return True

    def key(self, key: int, mod: int) -> bool:
        if key != pygame.K_ESCAPE:
            return False
        self.close()
        return True

    # ---------------------------------------------------------------- what is shown
    def shown_window(self) -> info_view.InfoShown:
        pressed = self.table.cues.pressed.value
        return info_view.InfoShown(values=VALUES | {"purpose": _(VALUES["purpose"])},
                                   pressed=pressed.name if isinstance(pressed, Part) else None)

    def draw(self, surface: pygame.Surface) -> None:
        info_view.draw(surface, self.shown_window())

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            return _(OUTSIDE_HELP) if target is not None else None
        return _(PART_HELP[target.name])

    def default_help(self) -> str:
        return _("About this program: Escape or a click outside closes it.")
