"""RISC OS desktop furniture: 3D bordered boxes, icons, the window's title bar.

A raised box has a light top-left edge and a dark bottom-right edge; pressed, the reverse,
as the RISC OS 3 Wimp drew its action icons.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence

import pygame
from pygame import Rect
from pygame.typing import ColorLike

from chainplus.ui.art import font, glyphs
from chainplus.ui.art.theme import (
    BLACK,
    CLOSE_ICON,
    CREAM,
    GREY1,
    GREY2,
    GREY4,
    PORTRAIT_TITLE_ROOM,
    TITLE,
    TITLE_BAR,
    TITLE_H,
    TITLE_ROOM,
    TOGGLE_ICON,
    WHITE,
)


def bevel(surface: pygame.Surface, rect: Rect, raised: bool = True, width: int = 2,
          light: ColorLike = WHITE, dark: ColorLike = GREY4) -> None:
    """Draw a 3D edge inside ``rect``: light top-left and dark bottom-right when raised."""
    top, bottom = (light, dark) if raised else (dark, light)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for i in range(width):
        pygame.draw.line(surface, top, (x0 + i, y0 + i), (x1 - i, y0 + i))
        pygame.draw.line(surface, top, (x0 + i, y0 + i), (x0 + i, y1 - i))
        pygame.draw.line(surface, bottom, (x0 + i + 1, y1 - i), (x1 - i, y1 - i))
        pygame.draw.line(surface, bottom, (x1 - i, y0 + i + 1), (x1 - i, y1 - i))


def box(surface: pygame.Surface, rect: Rect, fill: ColorLike = GREY1, pressed: bool = False,
        outline: bool = True) -> None:
    """An icon box: a black outline round a filled, bevelled face."""
    surface.fill(fill, rect)
    if outline:
        pygame.draw.rect(surface, BLACK, rect, 1)
        bevel(surface, rect.inflate(-2, -2), raised=not pressed)
    else:
        bevel(surface, rect, raised=not pressed)


def well(surface: pygame.Surface, rect: Rect, fill: ColorLike = WHITE) -> None:
    """A sunken area (writable icons, the board, the status box)."""
    surface.fill(fill, rect)
    bevel(surface, rect, raised=False)


def ridge(surface: pygame.Surface, rect: Rect, label: str = "") -> None:
    """A grouping frame (a groove) with an optional label cut into its top edge."""
    bevel(surface, rect, raised=False, width=1)
    bevel(surface, rect.inflate(-2, -2), raised=True, width=1)
    if label:
        w, h = font.size(label)
        gap = Rect(rect.x + 10, rect.y - h // 2, w + 8, h)
        surface.fill(GREY1, gap)
        font.draw(surface, label, (gap.x + 4, gap.y), BLACK)


def icon(surface: pygame.Surface, rect: Rect, glyph: str, pressed: bool = False,
         enabled: bool = True) -> None:
    """An action icon with a glyph; greyed when it does nothing now."""
    box(surface, rect, GREY1, pressed)
    inner = rect.inflate(-10, -8)
    if pressed:
        inner.move_ip(1, 1)
    glyphs.draw_glyph(surface, glyph, inner, BLACK if enabled else GREY2)


def label(surface: pygame.Surface, rect: Rect, text: str, enabled: bool = True,
          centre: int | None = None) -> None:
    """A label under an icon, centred on the icon or on ``centre`` (see ``label_centres``)."""
    x = rect.centerx if centre is None else centre
    font.draw(surface, text, (x, rect.bottom + 3), BLACK if enabled else GREY4, align="center")


def label_centres(rects: Sequence[Rect], texts: Sequence[str], room: Rect) -> list[int]:
    """Where to centre the labels of one row of icons (left to right): under each icon, but
    moved apart where two neighbours' words would run together and read as one (a language
    with longer words) when ``room`` holds them all."""
    gap = font.GLYPH_WIDTH * 5 // 8  # with a glyph's own blank column, three letter gaps
    widths = [font.size(text)[0] for text in texts]
    lefts = [rect.centerx - width // 2 for rect, width in zip(rects, widths, strict=True)]
    if sum(widths) + gap * (len(widths) - 1) > room.w:
        return [rect.centerx for rect in rects]  # no room: each under its icon, for a shorter word
    for i in range(1, len(lefts)):  # push right what would run into its left neighbour
        lefts[i] = max(lefts[i], lefts[i - 1] + widths[i - 1] + gap)
    limit = room.right
    for i in reversed(range(len(lefts))):  # then back left what the row's end cannot hold
        lefts[i] = min(lefts[i], limit - widths[i])
        limit = lefts[i] - gap
    lefts[0] = max(lefts[0], room.left)
    return [left + width // 2 for left, width in zip(lefts, widths, strict=True)]


def button_words(surface: pygame.Surface, rect: Rect, text: str, colour: ColorLike) -> None:
    """A button's words centred in it: one line where they fit, else wrapped on two (a
    language with longer words keeps them whole)."""
    lines = [text]
    if font.size(text)[0] > rect.w - 4:
        lines = textwrap.wrap(text, max(1, (rect.w - 4) // font.GLYPH_WIDTH)) or [text]
    line_h = font.GLYPH_HEIGHT * font.HEIGHT_FACTOR
    top = rect.centery - len(lines) * line_h // 2
    for i, line in enumerate(lines):
        font.draw(surface, line, (rect.centerx, top + i * line_h), colour, align="center")


def fitting_scale(text: str, width: int, largest: int) -> int:
    """The largest scale up to ``largest`` at which ``text`` is at most ``width`` wide."""
    return next((scale for scale in range(largest, 1, -1) if font.size(text, scale)[0] <= width),
                1)


def title_room(portrait: bool) -> int:
    """How wide a title the title bar shows whole, in the portrait picture or the landscape."""
    return PORTRAIT_TITLE_ROOM if portrait else TITLE_ROOM


def fitting_title(titles: Iterable[str], room: int = TITLE_ROOM) -> str:
    """The first of ``titles``, longest first, at most ``room`` pixels wide (the last when
    none is)."""
    title = ""
    for title in titles:
        if font.size(title)[0] <= room:
            break
    return title


def window_frame(surface: pygame.Surface, focused: bool, pressed: str | None = None,
                 show_close: bool = True, show_toggle: bool = True,
                 title: str = TITLE) -> None:
    """The title bar: close icon top left, ``title`` in cream when focused, toggle-size top
    right (its glyph looks the same in a window and full screen, as on RISC OS).

    A kiosk hides both icons: the bar then runs the full width of the screen.
    """
    bar = TITLE_BAR if show_close or show_toggle else TITLE_BAR.union(CLOSE_ICON).union(TOGGLE_ICON)
    surface.fill(CREAM if focused else GREY2, bar)
    pygame.draw.rect(surface, BLACK, bar, 1)
    font.draw(surface, title, (bar.centerx, bar.y + 4), BLACK, align="center")
    if show_close:
        _furniture(surface, CLOSE_ICON, "close", pressed == "close")
    if show_toggle:
        _furniture(surface, TOGGLE_ICON, "toggle-size", pressed == "toggle")


def dialog_title_bar(window: Rect) -> Rect:
    """The title bar of a window over the board."""
    return Rect(window.x, window.y, window.w, TITLE_H)


def dialog_close(window: Rect) -> Rect:
    """The close icon of a window over the board, at the left of its title bar."""
    return Rect(window.x, window.y, TITLE_H, TITLE_H)


def dialog_frame(surface: pygame.Surface, window: Rect, title: str,
                 close_pressed: bool = False, closable: bool = True) -> None:
    """A window over the board: its shadow, grey body, cream title bar with ``title`` and,
    if ``closable``, its close icon (``close_pressed``: held down)."""
    title_bar, close = dialog_title_bar(window), dialog_close(window)
    pygame.draw.rect(surface, GREY4, window.move(4, 4))
    surface.fill(GREY1, window)
    pygame.draw.rect(surface, BLACK, window, 1)
    surface.fill(CREAM, title_bar)
    pygame.draw.rect(surface, BLACK, title_bar, 1)
    font.draw(surface, title, (title_bar.centerx, title_bar.y + 4), BLACK, align="center")
    if closable:
        box(surface, close, GREY1, close_pressed)
        glyphs.draw_glyph(surface, "close", close.inflate(-8, -8), BLACK)


def _furniture(surface: pygame.Surface, rect: Rect, glyph: str, pressed: bool) -> None:
    surface.fill(GREY1, rect)
    pygame.draw.rect(surface, BLACK, rect, 1)
    bevel(surface, rect.inflate(-2, -2), raised=not pressed, width=1)
    glyphs.draw_glyph(surface, glyph, rect.inflate(-8, -8), BLACK)


def outline_text(surface: pygame.Surface, text: str, pos: tuple[int, int], colour: ColorLike,
                 scale: int = 1, align: str = "left") -> Rect:
    """Text with a one-pixel black outline, readable on any background (``font.draw``'s
    arguments)."""
    x, y = pos
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        font.draw(surface, text, (x + dx, y + dy), BLACK, scale, align)
    return font.draw(surface, text, pos, colour, scale, align)


def part_at(pos: tuple[int, int], parts: Mapping[str, Rect]) -> str | None:
    """The name of the first of ``parts`` under ``pos`` (a window's close icon, title bar,
    buttons...), or None."""
    return next((name for name, rect in parts.items() if rect.collidepoint(pos)), None)
