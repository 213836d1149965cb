"""The Info box, over whatever it was opened from (which waits): what the program is, its
author, licence and version, as every RISC OS application says in its "About this program"
window (``chainplus.app.about`` holds the words). The Menu button opens it, as RISC OS's Menu
offers Info.
"""

from __future__ import annotations

import pygame

from chainplus.app import about
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.ui.art import info_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.requests import Speak
from chainplus.ui.window.targets import Furniture, Part, Target


def values() -> dict[str, str]:
    """What the Info box shows, by field: the purpose in the language spoken, the rest names."""
    return {"name": about.NAME, "purpose": _(about.PURPOSE), "author": _(about.AUTHOR),
            "licence": about.LICENCE, "version": about.version()}



#: The help line for each part (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
PART_HELP = {
    "close-icon": N_("Close this window (Escape)."),
    "title": N_("About this program: what it is and who made it."),
    "name": N_("The program's name."),
    "purpose": N_("What Chain+ is."),
    "author": N_("Who made Chain+."),
    "licence": N_("MIT: free to use, copy, change and share; no warranty."),
    "version": N_("This copy's version: say it when you report a problem."),
    "window": N_("Close it with Escape or a click outside it."),
    "language": N_("Speak this language; remembered for the next time."),
}
# Translators: the help box, 3 lines of 22 characters.
OUTSIDE_HELP = N_("A click outside this window closes it.")


class InfoWindow(Overlay):
    """The Info box over the board, which waits until it closes."""

    name = "info"

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = info_view.hit(pos)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        """The close icon and each language of the choice (the fields only show)."""
        slots = list(info_view.CHOICE_PARTS.items())[:len(self.languages())]
        return {"close-icon": info_view.CLOSE, **dict(slots)}

    @staticmethod
    def languages() -> tuple[str, ...]:
        """The choice: the languages the game has, and the pseudo-language while it is spoken."""
        shown = language.available()
        return (*shown, language.PSEUDO) if language.current() == language.PSEUDO else tuple(shown)

    def chosen(self, name: str) -> str | None:
        """The language of the choice's slot ``name`` ("language-1"), if it holds one."""
        slots, languages = list(info_view.CHOICE_PARTS), self.languages()
        index = slots.index(name) if name in slots else len(languages)
        return languages[index] if index < len(languages) else None

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False  # the game window's own close and size
        if not isinstance(target, Part):
            self.close()  # a click outside the window closes it, and only that
        elif target.name == "close-icon":
            self.table.press(target)
            self.close()
        elif (code := self.chosen(target.name)) is not None:
            self.table.ask(Speak(code))  # Select or Adjust: a radio choice either way
        return True

    def key(self, key: int, mod: int) -> bool:
        if key != pygame.K_ESCAPE:
            return False
        self.close()
        return True

    # ---------------------------------------------------------------- what is shown
    def shown_window(self) -> info_view.InfoShown:
        pressed = self.table.cues.pressed.value
        return info_view.InfoShown(values=values(), languages=self.languages(),
                                   spoken=language.current(),
                                   pressed=pressed.name if isinstance(pressed, Part) else None)

    def draw(self, surface: pygame.Surface) -> None:
        info_view.draw(surface, self.shown_window())

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            return _(OUTSIDE_HELP) if target is not None else None
        if target.name in info_view.CHOICE_PARTS:
            return _(PART_HELP["language" if self.chosen(target.name) else "window"])
        return _(PART_HELP[target.name])

    def default_help(self) -> str:
        # Translators: the help box, 3 lines of 22 characters.
        return _("About this program: Escape or a click outside closes it.")
