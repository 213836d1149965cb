"""A replay's controls: a pane over the icons with buttons to step through a game (start,
back, next, end), to play on from the move shown, to see the graph, and to close.

The pane lies exactly over the icons (a portrait screen moves it with them). Drawing only:
the rectangles here are what a click can hit.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from chainplus.common.language import N_, _
from chainplus.ui.art import font
from chainplus.ui.art.theme import BLACK, GREY1, GREY2, GREY4, ICON_H, ICON_TOP, icon_rect
from chainplus.ui.art.widgets import box

PANE = Rect(icon_rect(0).x - 4, ICON_TOP, icon_rect(3).right - icon_rect(0).x + 8, 116)
STEPS = ("start", "back", "next", "end")
_WIDE = Rect(icon_rect(4).x, icon_rect(4).y, icon_rect(7).right - icon_rect(4).x, ICON_H)
#: Every button of the pane by name: four steps in the first row, three wider below.
BUTTONS: dict[str, Rect] = {
    **{name: icon_rect(i) for i, name in enumerate(STEPS)},
    "play-on": Rect(_WIDE.x, _WIDE.y, 64, ICON_H),
    "graph": Rect(_WIDE.x + 68, _WIDE.y, (_WIDE.w - 72) // 2, ICON_H),
    "close": Rect(_WIDE.right - (_WIDE.w - 72) // 2, _WIDE.y, (_WIDE.w - 72) // 2, ICON_H),
}
#: The words on the wider buttons, and those under the steps' (translated where drawn).
# Translators: the replay's buttons over the icons: Play on 7 characters, the others 6.
SYMBOL = {"play-on": N_("Play on"), "graph": N_("Graph"), "close": N_("Close")}
# Translators: the words under the replay's step buttons (start, back, next, end of the
# game): 5 characters each.
LABEL = {"start": N_("Start"), "back": N_("Back"), "next": N_("Next"), "end": N_("End")}

def draw(surface: pygame.Surface, enabled: dict[str, bool], pressed: str | None) -> None:
    """The pane, each button shaded when it does nothing now."""
    surface.fill(GREY1, PANE)
    for name, rect in BUTTONS.items():
        on = enabled.get(name, True)
        box(surface, rect, GREY1, pressed == name)
        shift = 1 if pressed == name else 0
        ink = BLACK if on else GREY2
        if name in STEPS:
            _step_symbol(surface, name, rect.move(shift, shift), ink)
        else:
            font.draw(surface, _(SYMBOL[name]), (rect.centerx + shift, rect.centery - 8 + shift),
                      ink, align="center")
        if name in LABEL:
            font.draw(surface, _(LABEL[name]), (rect.centerx, rect.bottom + 3),
                      BLACK if on else GREY4, align="center")

def _step_symbol(surface: pygame.Surface, name: str, rect: Rect, ink: tuple[int, ...]) -> None:
    """A tape recorder's symbol: a triangle pointing the way, with a bar at the end it goes
    to for Start and End."""
    cx, cy, half = rect.centerx, rect.centery, 8
    ahead = 1 if name in ("next", "end") else -1
    tip = cx + ahead * half
    pygame.draw.polygon(surface, ink, [(tip, cy), (cx - ahead * half, cy - half),
                                       (cx - ahead * half, cy + half)])
    if name in ("start", "end"):
        bar = tip if ahead > 0 else tip - 3
        pygame.draw.rect(surface, ink, (bar, cy - half, 3, 2 * half + 1))


def hit(pos: tuple[int, int]) -> str | None:
    """The button under ``pos``, "pane" elsewhere on the pane, None off it."""
    for name, rect in BUTTONS.items():
        if rect.collidepoint(pos):
            return name
    return "pane" if PANE.collidepoint(pos) else None
