"""The window a solved puzzle opens over the board's lower edge: "Solved!", how many visitors
solved it (a kiosk), and what next: the next puzzle, a game from the puzzle's position against
the computer, or Close (the winning board stays).

Drawing only: the rectangles here are what a click can hit.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.common.language import N_, _
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, BOARD, GREY1
from chainplus.ui.art.widgets import box, button_words, dialog_close, dialog_frame, part_at

WINDOW = Rect(BOARD.x + 8, BOARD.bottom - 112, BOARD.w - 16, 108)
CLOSE = dialog_close(WINDOW)
TEXT_Y = WINDOW.y + 30
BUTTON_W = (WINDOW.w - 28 - 16) // 3
BUTTONS = {name: Rect(WINDOW.x + 14 + i * (BUTTON_W + 8), WINDOW.bottom - 44, BUTTON_W, 32)
           for i, name in enumerate(("next", "play", "close"))}
# Translators: the buttons of the window over a solved puzzle, 14 characters each.
LABEL = {"next": N_("Next puzzle"), "play": N_("Play from here"), "close": N_("Close")}


@dataclass(frozen=True)
class SolvedShown:
    """The line under the title, and the button held down."""

    line: str
    pressed: str | None = None


def draw(surface: pygame.Surface, shown: SolvedShown) -> None:
    # Translators: the title of the window over a solved puzzle.
    dialog_frame(surface, WINDOW, _("Solved!"), shown.pressed == "close-icon")
    font.draw(surface, shown.line, (WINDOW.centerx, TEXT_Y), BLACK, align="center")
    for name, rect in BUTTONS.items():
        box(surface, rect, GREY1, shown.pressed == name)
        button_words(surface, rect, _(LABEL[name]), BLACK)


def hit(pos: tuple[int, int]) -> str | None:
    """The part under ``pos``: a button, "close-icon", "window" for the rest; None outside."""
    if not WINDOW.collidepoint(pos):
        return None
    return part_at(pos, {"close-icon": CLOSE, **BUTTONS}) or "window"
