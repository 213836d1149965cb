"""A screen taller than wide: the landscape picture pieced into a portrait one, the board above
and the controls below.

The game draws one 640x480 landscape picture and thinks in its pixels (hit testing, touch,
the modes). For a portrait window or screen the display shows ``PORTRAIT`` instead: a fixed
table of blocks, each a rectangle of the landscape picture and where it goes in the portrait
picture. The blocks are copied whole by plain blits, so the portrait picture is exactly as
sharp, and it is then scaled like the landscape one. The same table maps a portrait position
back to the landscape picture, so what is shown where and what a click there hits can never
disagree; a position in no block maps outside the landscape picture, where nothing is hit.
The title bar is stitched from its two ends and its middle: the uniform bar joins without a
seam.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.ui.art import font
from chainplus.ui.art.theme import (
    BLACK,
    BOARD,
    CLOSE_ICON,
    GREY1,
    HELP,
    ICON_TOP,
    PANEL,
    RIGHT_X,
    SCREEN_SIZE,
    STATUS,
    TITLE_BAR,
    TITLE_H,
    TOGGLE_ICON,
    WORK_AREA,
)

#: Where a portrait position in no block goes: outside the landscape picture, hitting nothing.
NOWHERE = (-1, -1)


@dataclass(frozen=True)
class Block:
    """The rectangle ``source`` of the landscape picture, shown in the portrait picture with
    its top left corner at ``at``."""

    source: tuple[int, int, int, int]
    at: tuple[int, int]

    @property
    def shown(self) -> Rect:
        """Where the block is in the portrait picture."""
        return Rect(self.at, self.source[2:])


@dataclass(frozen=True)
class Arrangement:
    """A portrait picture of ``size`` made of ``blocks`` of the landscape one (never two in
    the same place of either picture), on the grey work area with its black outline."""

    size: tuple[int, int]
    blocks: tuple[Block, ...]

    def compose(self, landscape: pygame.Surface, portrait: pygame.Surface) -> None:
        """Draw the portrait picture on ``portrait`` (of ``size``) from ``landscape``."""
        width, height = self.size
        work_area = Rect(0, WORK_AREA.y, width, height - WORK_AREA.y)
        portrait.fill(GREY1)
        pygame.draw.rect(portrait, BLACK, work_area, 1)
        for block in self.blocks:
            portrait.blit(landscape, block.at, block.source)

    def to_landscape(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The landscape pixel shown at portrait pixel ``pos``; NOWHERE between the blocks
        and outside the picture."""
        for block in self.blocks:
            if block.shown.collidepoint(pos):
                return (pos[0] - block.at[0] + block.source[0],
                        pos[1] - block.at[1] + block.source[1])
        return NOWHERE

    def to_portrait(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """Where landscape pixel ``pos`` is shown in the portrait picture (None: not shown,
        like the title bar's plain stretches and the gaps of the right column)."""
        for block in self.blocks:
            if Rect(block.source).collidepoint(pos):
                return (pos[0] - block.source[0] + block.at[0],
                        pos[1] - block.source[1] + block.at[1])
        return None


def is_portrait(window: tuple[int, int]) -> bool:
    """Whether a window (or screen) of this size is shown the portrait picture: when it is
    taller than wide. A square one keeps the landscape picture."""
    return window[1] > window[0]


def picture_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size of the picture shown in a window (or screen) of this size."""
    return PORTRAIT.size if is_portrait(window) else SCREEN_SIZE


def _box(rect: Rect) -> tuple[int, int, int, int]:
    """A rectangle as the plain numbers a ``Block`` keeps."""
    return rect.x, rect.y, rect.w, rect.h


def _portrait() -> Arrangement:
    """The portrait layout, from the landscape one's own measures (``theme``)."""
    width = BOARD.right + BOARD.left  # the board's margin on both sides
    # the title bar: both ends, and as much of the middle round the title as fits between
    middle = width - 2 * TITLE_H
    title_from = TITLE_BAR.centerx - middle // 2
    title = (Block(_box(CLOSE_ICON), (0, 0)),
             Block((title_from, 0, middle, TITLE_H), (TITLE_H, 0)),
             Block(_box(TOGGLE_ICON), (width - TITLE_H, 0)))
    # everything left of the panel, down to the work area's bottom outline (left out)
    left = Block((0, TITLE_H, PANEL.x, WORK_AREA.bottom - 1 - TITLE_H), (0, TITLE_H))
    gap = STATUS.y - PANEL.bottom  # the landscape column's own spacing
    top = left.shown.bottom + gap  # clear of a window drawn over the board, and its shadow
    # the right column's pieces; the panel's label is cut into its top edge
    label_top = PANEL.y - font.GLYPH_HEIGHT * font.HEIGHT_FACTOR // 2
    icons = (PANEL.x, ICON_TOP, PANEL.w, label_top - ICON_TOP)
    players = (PANEL.x, label_top, PANEL.w, PANEL.bottom - label_top)
    to_left = BOARD.left - RIGHT_X  # the left column lines up with the board's left edge
    status_y = top + icons[3] + gap
    help_box = Block(_box(HELP), (HELP.x + to_left, status_y + STATUS.h + gap))
    lower = (
        Block(icons, (icons[0] + to_left, top)),
        Block(_box(STATUS), (STATUS.x + to_left, status_y)),
        help_box,
        Block(players, (BOARD.right - PANEL.w, top)),  # right edge on the board's right edge
    )
    height = help_box.shown.bottom + SCREEN_SIZE[1] - HELP.bottom  # the same margin below
    height -= height % 2  # even, as the width is: a window at 1.5 times is whole pixels
    return Arrangement((width, height), (*title, left, *lower))


#: The portrait picture: 444x746, the board above, the controls below.
PORTRAIT = _portrait()
