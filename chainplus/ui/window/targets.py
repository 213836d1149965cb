"""What is under a point of the 640x480 screen, and where a pointer event happened.

A target is a small typed value: a board square, an icon, a panel cell, a piece of window
furniture (the title bar's close and full-screen icons, and the title bar itself), a part
of a window a mode shows over the screen (the rules window's buttons: ``Part``), or a
language on a kiosk's switch (``Tongue``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

import pygame

from chainplus.ui.art import board_view, panel_view
from chainplus.ui.art.theme import CLOSE_ICON, TITLE_BAR, TOGGLE_ICON

#: The RISC OS mouse buttons as pygame numbers them: Select (left), Menu (middle) and Adjust
#: (right).
SELECT, MENU, ADJUST = 1, 2, 3


@dataclass(frozen=True)
class Square:
    square: int


@dataclass(frozen=True)
class Icon:
    name: str


@dataclass(frozen=True)
class Cell:
    """A panel cell: ``column`` 1 who plays, 2 squares owned, 3 level, 4 random %."""

    seat: int
    column: int


@dataclass(frozen=True)
class Furniture:
    name: Literal["close", "toggle", "title"]


@dataclass(frozen=True)
class Part:
    """A part of the window a mode shows over the screen (its mode names them)."""

    name: str


@dataclass(frozen=True)
class Tongue:
    """A language's name on a kiosk's switch (``code``: the language's)."""

    code: str


Target = Square | Icon | Cell | Furniture | Part | Tongue


def hit(pos: tuple[int, int], icons: Mapping[str, pygame.Rect], furniture: bool
        ) -> Target | None:
    """The target at a logical screen position, or None (``furniture``: the title bar's
    icons count; a kiosk has none)."""
    square = board_view.square_at(pos)
    if square is not None:
        return Square(square)
    for name, rect in icons.items():
        if rect.collidepoint(pos):
            return Icon(name)
    cell = panel_view.panel_hit(pos)
    if cell is not None:
        return Cell(*cell)
    if not furniture:
        return None
    if CLOSE_ICON.collidepoint(pos):
        return Furniture("close")
    if TOGGLE_ICON.collidepoint(pos):
        return Furniture("toggle")
    if TITLE_BAR.collidepoint(pos):
        return Furniture("title")
    return None


def event_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    """The event's position as two ints, or None when it has none usable (posted events may
    carry anything)."""
    pos = getattr(event, "pos", None)
    if not isinstance(pos, (tuple, list)) or len(pos) != 2:
        return None
    try:
        return int(pos[0]), int(pos[1])
    except (TypeError, ValueError):
        return None
