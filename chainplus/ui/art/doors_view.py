"""The kiosk's two doors over its attract loop: a puzzle, or a game. Two wide buttons, one
over the other, over the board's top edge (its middle rows, where the game is, stay in view).

Drawing only: the rectangles here are what a click can hit.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from chainplus.common.language import N_, _
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, BOARD, CREAM, GREY4
from chainplus.ui.art.widgets import bevel

WIDTH, HEIGHT, GAP = 380, 40, 8
#: Where a door's words start, and the frame and bevel inside its edge they stay within (the
#: letters' own blank column keeps them off the bevel).
TEXT_X, BEVEL = 14, 4
#: Each door's part name and where it is, and its words: large, then small after them.
DOORS = {
    "door-puzzle": Rect(BOARD.centerx - WIDTH // 2, BOARD.y + 8, WIDTH, HEIGHT),
    "door-game": Rect(BOARD.centerx - WIDTH // 2, BOARD.y + 8 + HEIGHT + GAP, WIDTH, HEIGHT),
}
WORDS = {
    # Translators: a kiosk's two doors, each a large line then a small one after it, one
    # line together: 380 pixels, the large letters twice as wide (about 15 + 22 characters).
    "door-puzzle": (N_("Solve a puzzle"), N_("(about a minute)")),
    "door-game": (N_("Play a game"), N_("(you and the computer)")),
}


def large() -> bool:
    """Whether every door's words fit on one line, the first large, between the door's left
    margin and its bevel; otherwise both doors are small, so they look alike."""
    room = WIDTH - TEXT_X - BEVEL
    return all(font.size(_(first), 2)[0] + 10 + font.size(_(second))[0] <= room
               for first, second in WORDS.values())


def draw(surface: pygame.Surface, pressed: str | None = None) -> None:
    """Both doors, ``pressed`` drawn pushed in."""
    one_line = large()
    for name, rect in DOORS.items():
        pygame.draw.rect(surface, GREY4, rect.move(4, 4))
        surface.fill(CREAM, rect)
        pygame.draw.rect(surface, BLACK, rect, 2)
        bevel(surface, rect.inflate(-4, -4), raised=name != pressed, width=2)
        first, second = (_(words) for words in WORDS[name])
        x = rect.x + TEXT_X
        if one_line:
            drawn = font.draw(surface, first, (x, rect.y + 4), BLACK, scale=2)
            font.draw(surface, second, (drawn.right + 10, rect.y + 14), GREY4)
        else:  # longer words: both small, one over the other
            font.draw(surface, first, (x, rect.y + 4), BLACK)
            font.draw(surface, second, (x, rect.y + 20), GREY4)


def hit(pos: tuple[int, int]) -> str | None:
    """The door under ``pos``, if any."""
    return next((name for name, rect in DOORS.items() if rect.collidepoint(pos)), None)
