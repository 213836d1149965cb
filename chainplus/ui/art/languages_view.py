"""A kiosk's language switch: the languages its operator gave, each by its own name, as a row
of RISC OS buttons in the title bar, the one spoken marked like a radio choice.

The title bar is the one strip no window over the board covers; the row keeps to the middle
of it that a portrait screen shows too (``portrait``). Drawing only: the rectangles here are
what a tap can hit.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from chainplus.common import language
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, GREY4, TITLE_BAR, TITLE_H, WHITE
from chainplus.ui.art.widgets import box

HEIGHT, GAP, PAD, MARK = TITLE_H - 4, 6, 6, 10


def buttons(codes: Sequence[str]) -> dict[str, Rect]:
    """Each language's button, left to right in the order given, centred on the title."""
    widths = [PAD + MARK + 4 + font.size(language.own_name(code))[0] + PAD for code in codes]
    x = TITLE_BAR.centerx - (sum(widths) + GAP * (len(codes) - 1)) // 2
    rects = {}
    for code, width in zip(codes, widths, strict=True):
        rects[code] = Rect(x, (TITLE_H - HEIGHT) // 2, width, HEIGHT)
        x += width + GAP
    return rects


def draw(surface: pygame.Surface, codes: Sequence[str], spoken: str,
         pressed: str | None = None) -> None:
    """The row of buttons: ``spoken``'s radio mark filled, ``pressed`` pushed in."""
    for code, rect in buttons(codes).items():
        box(surface, rect, pressed=code == pressed)
        centre = (rect.x + PAD + MARK // 2, rect.centery)
        pygame.draw.circle(surface, WHITE, centre, MARK // 2)
        pygame.draw.circle(surface, GREY4, centre, MARK // 2, 1)
        if code == spoken:
            pygame.draw.circle(surface, BLACK, centre, 2)
        font.draw(surface, language.own_name(code), (rect.x + PAD + MARK + 4, rect.y + 2), BLACK)


def hit(pos: tuple[int, int], codes: Sequence[str]) -> str | None:
    """The language whose button is under ``pos``, if any."""
    return next((code for code, rect in buttons(codes).items() if rect.collidepoint(pos)), None)
