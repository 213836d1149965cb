"""What is under a point of the 640x480 screen, and where a pointer event happened.

A target is a small tuple: ``("board", square)``, ``("icon", name)``, ``("panel", (seat,
column))``, ``("close",)`` or ``("toggle",)``; the app presses, clicks and explains targets.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from . import board_view, panel_view
from .theme import CLOSE_ICON, TOGGLE_ICON

Target = tuple
#: The RISC OS mouse buttons as pygame numbers them: Select (left) and Adjust (right).
SELECT, ADJUST = 1, 3


def hit(pos: tuple[int, int], icons: Mapping[str, pygame.Rect], kiosk: bool) -> Target | None:
    """The target at a logical screen position, or None (a kiosk has no title-bar icons)."""
    square = board_view.square_at(pos)
    if square is not None:
        return ("board", square)
    for name, rect in icons.items():
        if rect.collidepoint(pos):
            return ("icon", name)
    cell = panel_view.panel_hit(pos)
    if cell is not None:
        return ("panel", cell)
    if kiosk:
        return None
    if CLOSE_ICON.collidepoint(pos):
        return ("close",)
    if TOGGLE_ICON.collidepoint(pos):
        return ("toggle",)
    return None


def event_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    """The event's position as two ints, or None when it has none usable (posted events may
    carry anything)."""
    pos = getattr(event, "pos", None)
    try:
        x, y = pos
        return int(x), int(y)
    except (TypeError, ValueError):
        return None
