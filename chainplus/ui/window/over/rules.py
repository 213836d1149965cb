"""The rules window: how to play, page by page, over the game it was opened from (which waits).

Adjust on Next goes back, as on RISC OS. The last page chooses the rules of the next game and
whether moves are explained; in a kiosk both are the operator's, shown but shaded.
"""

from __future__ import annotations

import pygame

from chainplus.app.outcomes import Note
from chainplus.app.session import Session
from chainplus.app.tour import Page, pages
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.core.rules import RULES, check_rules
from chainplus.ui.art import rules_view
from chainplus.ui.window.over.base import Overlay
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import SELECT, Furniture, Part, Target

#: The keys that turn the pages, and how far (Space and Return press what the cursor is on,
#: as everywhere: first Next).
PAGE_KEYS = {pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1, pygame.K_LEFT: -1, pygame.K_PAGEUP: -1}
#: The help line for each part (translated where shown).
# Translators: the help box, 3 lines of 22 characters.
PART_HELP = {
    "close": N_("Close the rules window."),
    "close-icon": N_("Close the rules window."),
    "title": N_("The rules of Chain Reaction, page by page."),
    "back": N_("Back a page."),
    "next": N_("On to the next page. Adjust: back a page."),
    "page": N_("Click for the next page; Close when done."),
    "acorn": N_("Acorn: the original's rules, from the next game."),
    "classic": N_("Classic: as most later versions play, from the next game."),
    "explain": N_("Explain what a move does the first time it happens."),
}
#: Why a part is greyed, or does nothing, at the first and last page.
# Translators: the help box, 3 lines of 22 characters.
FIRST_PAGE_HELP = {"back": N_("This is the first page: Next turns on.")}
# Translators: the help box, 3 lines of 22 characters.
LAST_PAGE_HELP = {"next": N_("This is the last page: Close when done."),
                  "page": N_("This is the last page: Close when done.")}
#: The keys that do the same, named where keys work (not in a kiosk).
# Translators: a key's name on the keyboard, as the help box says "Key: Escape."
KEY_HELP = {"close": N_("Escape"), "close-icon": N_("Escape"), "back": N_("Left arrow"),
            "next": N_("Right arrow")}
# Translators: the help box, 3 lines of 22 characters.
LOCKED_HELP = N_("Set for this kiosk by its operator.")
#: And in a window that joined a host's game.
# Translators: the help box, 3 lines of 22 characters.
HOST_HELP = N_("The host of this network game chooses.")


def locked_help(session: Session) -> str | None:
    """Why the rules and explanations cannot be chosen here (a kiosk, a joined game), in
    English (translated where shown), or None when they can."""
    if session.options.kiosk:
        return LOCKED_HELP
    return HOST_HELP if session.options.network.join is not None else None
# Translators: the help box, 3 lines of 22 characters.
OUTSIDE_HELP = N_("A click outside the rules window closes it.")


class RulesWindow(Overlay):
    """The rules window over the board, which waits until the window closes."""

    name = "rules"

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.pages: tuple[Page, ...] = pages(table.session.game.rules)
        self.told_in = language.current()  # the language the pages' words are in
        self.number = 0
        self.page_opened = table.now

    # ---------------------------------------------------------------- pages
    @property
    def count(self) -> int:
        """The scene pages and the choice page."""
        return len(self.pages) + 1

    @property
    def page(self) -> Page | None:
        """The page shown (None: the choice page)."""
        return self.pages[self.number] if self.number < len(self.pages) else None

    def turn(self, step: int) -> None:
        number = max(0, min(self.count - 1, self.number + step))
        if number != self.number:
            self.number, self.page_opened = number, self.table.now

    # ---------------------------------------------------------------- input
    def hit(self, pos: tuple[int, int]) -> Part | None:
        name = rules_view.hit(pos, self.page is None, tour=False)
        return None if name is None else Part(name)

    def parts(self) -> dict[str, pygame.Rect]:
        """The choices and buttons the cursor goes round, Next first (the window opens with
        the cursor on it), never a shaded Back or Next."""
        choices = rules_view.CHOICES if self.page is None else {}
        shaded = {"back": self.number == 0, "next": self.number == self.count - 1,
                  "close": False}
        return {**choices, **{name: rules_view.BUTTONS[name] for name in ("next", "back", "close")
                              if not shaded[name]}}

    def click(self, target: Target | None, button: int) -> bool:
        if isinstance(target, Furniture):
            return False  # the game window's own close and size
        if not isinstance(target, Part):
            self.close()  # a click outside the window closes it, and only that
            return True
        self.table.press(target)
        step = 1 if button == SELECT else -1
        name, session = target.name, self.table.session
        if name in ("close", "close-icon"):
            self.close()
        elif name == "next" or (name == "page" and self.page is not None):
            self.turn(step)
        elif name == "back":
            self.turn(-step)
        elif name in (*RULES, "explain") and session.options.network.join is not None:
            self.table.say(Note(_(HOST_HELP)))  # shown shaded: the host's to choose
        elif name in RULES:
            self.table.say(session.choose_rules(check_rules(name)))
        elif name == "explain":
            self.table.say(session.explain(not session.explaining))
        return True

    def key(self, key: int, mod: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in PAGE_KEYS:
            self.turn(PAGE_KEYS[key])
        else:
            return False
        return True

    # ---------------------------------------------------------------- time
    def deadline(self, now: float) -> float | None:
        """When the page's scene shows its next picture (a few a second at most)."""
        after = rules_view.next_change(self.shown_window())
        return None if after is None else self.page_opened + after

    # ---------------------------------------------------------------- what is shown
    def shown_window(self) -> rules_view.RulesShown:
        session, pressed = self.table.session, self.table.cues.pressed.value
        if self.told_in != language.current():  # the pages told again in the language now
            self.pages, self.told_in = pages(session.game.rules), language.current()
        return rules_view.RulesShown(
            number=self.number, count=self.count, page=self.page,
            elapsed=self.table.now - self.page_opened, playing=session.game.rules,
            chosen=session.rules, explaining=session.explaining,
            locked=locked_help(session) is not None,
            pressed=pressed.name if isinstance(pressed, Part) else None)

    def draw(self, surface: pygame.Surface) -> None:
        rules_view.draw(surface, self.shown_window())

    def own_help(self, target: Target | None) -> str | None:
        if not isinstance(target, Part):
            return _(OUTSIDE_HELP) if target is not None else None
        locked = locked_help(self.table.session)
        if locked is not None and target.name in ("acorn", "classic", "explain"):
            return _(locked)
        ends = (FIRST_PAGE_HELP if self.number == 0 else {}) | \
            (LAST_PAGE_HELP if self.number == self.count - 1 else {})
        if target.name in ends:
            return _(ends[target.name])
        line = _(PART_HELP[target.name])
        if self.table.policy.keys and target.name in KEY_HELP:
            # Translators: a help line, then the key that does the same ({key}: "Escape").
            line = _("{line} Key: {key}.").format(line=line, key=_(KEY_HELP[target.name]))
        return line

    def default_help(self) -> str:
        # Translators: the help box, 3 lines of 22 characters.
        return _("The rules: Next and Back turn the pages, Close or Escape ends.")
