"""Drawing the 8x8 board: pieces as pieces, the seat's shape, explosions, cues.

The view never runs a rule: it draws whatever (counts, owners) it is handed, which during a
cascade are the frames that ``Game.play_shown`` returned.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

import pygame
from pygame import Rect
from pygame.typing import ColorLike

from chainplus.common.language import N_, _
from chainplus.core.rules import MASS, NEIGHBOURS, SIZE, SQUARES
from chainplus.ui.art import font
from chainplus.ui.art.theme import (
    BLACK,
    BOARD,
    CELL,
    CREAM,
    GREY3,
    GREY4,
    LIGHT_BLUE,
    ORANGE,
    SEAT_COLOUR,
    SEAT_SHAPE,
    WHITE,
    YELLOW,
)
from chainplus.ui.art.widgets import bevel, fitting_scale, outline_text

PIECE = 18  # a piece sprite is PIECE x PIECE pixels

#: Where the pieces of a square sit, relative to its centre, for 1-5 pieces.
LAYOUT: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((0, 0),),
    ((-8, -8), (8, 8)),
    ((0, -9), (-10, 8), (10, 8)),
    ((-10, -10), (10, -10), (-10, 10), (10, 10)),
    ((-11, -11), (11, -11), (0, 0), (-11, 11), (11, 11)),
)


def cell_rect(square: int) -> Rect:
    """The screen rectangle of a square."""
    row, col = divmod(square, SIZE)
    return Rect(BOARD.x + col * CELL, BOARD.y + row * CELL, CELL, CELL)


def square_at(pos: tuple[int, int]) -> int | None:
    """The square under a logical screen position, or None off the board."""
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return (y - BOARD.y) // CELL * SIZE + (x - BOARD.x) // CELL


def shape_points(shape: str, rect: Rect) -> list[tuple[float, float]] | None:
    """The outline of a seat's shape inside ``rect`` (None for the circle)."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if shape == "square":
        return [(x0 + 1, y0 + 1), (x1 - 1, y0 + 1), (x1 - 1, y1 - 1), (x0 + 1, y1 - 1)]
    if shape == "triangle":
        return [(cx, y0), (x1, y1 - 1), (x0, y1 - 1)]
    if shape == "diamond":
        return [(cx, y0), (x1, cy), (cx, y1), (x0, cy)]
    return None


def draw_shape(surface: pygame.Surface, seat: int, rect: Rect, outline: ColorLike = BLACK) -> None:
    """A seat's piece shape filling ``rect``, in its colour with an outline and a highlight."""
    colour = SEAT_COLOUR[seat]
    points = shape_points(SEAT_SHAPE[seat], rect)
    if points is None:
        radius = min(rect.w, rect.h) / 2
        pygame.draw.circle(surface, colour, rect.center, radius)
        pygame.draw.circle(surface, outline, rect.center, radius, 1)
        shine = (rect.centerx - radius * 0.35, rect.centery - radius * 0.35)
    else:
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, outline, points, 1)
        shine = (rect.centerx - rect.w * 0.18, rect.centery - rect.h * 0.12)
    if rect.w >= 10:
        pygame.draw.circle(surface, WHITE, shine, max(1, rect.w // 9))


@cache
def piece_sprite(seat: int, size: int = PIECE) -> pygame.Surface:
    """One piece of ``seat``, drawn once and reused."""
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_shape(sprite, seat, Rect(0, 0, size, size))
    return sprite


def draw_pieces(surface: pygame.Surface, rect: Rect, seat: int, count: int) -> None:
    """``count`` pieces of ``seat`` arranged in a square; a number as well beyond five."""
    if count <= 0 or seat <= 0:
        return
    sprite = piece_sprite(seat)
    cx, cy = rect.center
    half = PIECE // 2
    for dx, dy in LAYOUT[min(count, 5) if count <= 5 else 4]:
        surface.blit(sprite, (cx + dx - half, cy + dy - half))
    if count > 5:  # only mid-chain, or on the final board of a game won mid-chain
        text = str(count)
        badge = Rect(0, 0, 8 * len(text) + 6, 18)
        badge.center = (cx, cy)
        surface.fill(WHITE, badge)
        pygame.draw.rect(surface, BLACK, badge, 1)
        font.draw(surface, text, (cx, badge.y + 1), BLACK, align="center")


@dataclass(frozen=True, kw_only=True)
class Marks:
    """What the board marks besides the pieces: ``hover``, a legal square under the pointer;
    ``last``, the square just played; ``sending``, the squares exploding right now, drawn with
    the pieces they are sending taken off."""

    hover: int | None = None
    last: int | None = None
    sending: Sequence[int] = ()


NO_MARKS = Marks()


def draw_board(
    surface: pygame.Surface,
    counts: Sequence[int],
    owners: Sequence[int],
    threshold: Sequence[int],
    marks: Marks = NO_MARKS,
) -> None:
    """The whole board for one (counts, owners) frame, with ``marks``."""
    hover, last, sending = marks.hover, marks.last, marks.sending
    pygame.draw.rect(surface, BLACK, BOARD.inflate(2, 2), 1)
    bevel(surface, BOARD.inflate(6, 6), raised=False, width=2)
    surface.fill(WHITE, BOARD)  # once: a fill per square costs several times as much
    for sq in range(SQUARES):
        rect = cell_rect(sq)
        draw_cell(surface, rect, cell_shown((counts, owners), threshold, sq, sq in sending),
                  CREAM if sq == hover else None)
        if sq == last:
            corner = [(rect.right - 2, rect.top + 1), (rect.right - 2, rect.top + 9),
                      (rect.right - 10, rect.top + 1)]
            pygame.draw.polygon(surface, BLACK, corner)
    for i in range(SIZE + 1):
        x = BOARD.x + i * CELL - (i == SIZE)
        y = BOARD.y + i * CELL - (i == SIZE)
        pygame.draw.line(surface, GREY3, (x, BOARD.top), (x, BOARD.bottom - 1))
        pygame.draw.line(surface, GREY3, (BOARD.left, y), (BOARD.right - 1, y))
    if hover is not None:
        pygame.draw.rect(surface, GREY4, cell_rect(hover), 1)


class CellShown(NamedTuple):
    """A square as drawn: the pieces to show, whose, and whether it is one piece short of
    exploding (orange corners)."""

    pieces: int
    owner: int
    loaded: bool


def cell_shown(board: tuple[Sequence[int], Sequence[int]], threshold: Sequence[int],
               square: int, sending: bool) -> CellShown:
    """``square`` of the (counts, owners) ``board``: while it is ``sending`` (exploding now)
    the pieces on their way are taken off, and it is never shown as about to explode."""
    count, owner = board[0][square], board[1][square]
    if sending:
        count -= MASS[square]
    return CellShown(count, owner, bool(owner and count == threshold[square] - 1 and not sending))


def draw_cell(surface: pygame.Surface, rect: Rect, cell: CellShown,
              fill: ColorLike | None = WHITE) -> None:
    """One square's background (None: painted already), orange corners and pieces."""
    if fill is not None:
        surface.fill(fill, rect)
    if cell.loaded:
        _critical_mark(surface, rect)
    draw_pieces(surface, rect, cell.owner, cell.pieces)


def _critical_mark(surface: pygame.Surface, rect: Rect) -> None:
    """A square one piece short of exploding: orange brackets in its corners."""
    inner = rect.inflate(-6, -6)
    arm = 11
    for (x, y), (dx, dy) in zip(
        (inner.topleft, (inner.right - 1, inner.top), (inner.left, inner.bottom - 1),
         (inner.right - 1, inner.bottom - 1)),
        ((1, 1), (-1, 1), (1, -1), (-1, -1)),
        strict=True,
    ):
        bracket = [(x, y), (x + arm * dx, y), (x + arm * dx, y + 3 * dy), (x + 3 * dx, y + 3 * dy),
                   (x + 3 * dx, y + arm * dy), (x, y + arm * dy)]
        pygame.draw.polygon(surface, ORANGE, bracket)
        pygame.draw.polygon(surface, BLACK, bracket, 1)


def draw_explosion(surface: pygame.Surface, wave: Sequence[int], seat: int, t: float,
                   at: Callable[[int], Rect] = cell_rect) -> None:
    """Wave ``wave`` bursting: a flash on each square and pieces flying to its neighbours;
    ``at`` says where a square is drawn (the board's squares, or a diagram's).

    ``t`` runs from 0 (the burst starts) to 1 (the pieces land). Every flash is drawn before
    any flying piece, so a piece is never hidden by the next square's flash.
    """
    if t < 0.7:
        grow = math.sin(t / 0.7 * math.pi)  # swells then shrinks
        outer = 8 + 14 * grow
        for sq in wave:
            cx, cy = at(sq).center
            star = [
                (cx + math.cos(k * math.pi / 8) * (outer if k % 2 == 0 else outer * 0.55),
                 cy + math.sin(k * math.pi / 8) * (outer if k % 2 == 0 else outer * 0.55))
                for k in range(16)
            ]
            pygame.draw.polygon(surface, ORANGE, star)
            pygame.draw.polygon(surface, BLACK, star, 1)
            pygame.draw.circle(surface, YELLOW, (cx, cy), outer * 0.4)
    sprite = piece_sprite(seat, 14)
    fly = min(1.0, t * 1.25)
    for sq in wave:
        cx, cy = at(sq).center
        for n in NEIGHBOURS[sq]:
            nx, ny = at(n).center
            surface.blit(sprite, (cx + (nx - cx) * fly - 7, cy + (ny - cy) * fly - 7))


def draw_hint(surface: pygame.Surface, square: int, on: bool) -> None:
    """The hinted square, flashing."""
    if on:
        rect = cell_rect(square)
        pygame.draw.rect(surface, LIGHT_BLUE, rect.inflate(-2, -2), 4)
        pygame.draw.rect(surface, BLACK, rect.inflate(-2, -2), 1)
        pygame.draw.rect(surface, BLACK, rect.inflate(-10, -10), 1)


def draw_refusal(surface: pygame.Surface, square: int, at: Callable[[int], Rect] = cell_rect
                 ) -> None:
    """A square that was clicked but may not be played: a bold cross over it."""
    rect = at(square).inflate(-12, -12)
    for a, b in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        pygame.draw.line(surface, WHITE, a, b, 7)
    for a, b in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        pygame.draw.line(surface, BLACK, a, b, 3)


def draw_winner_frame(surface: pygame.Surface, seat: int) -> None:
    """The winner's colour round the board."""
    pygame.draw.rect(surface, SEAT_COLOUR[seat], BOARD.inflate(8, 8), 3)
    pygame.draw.rect(surface, BLACK, BOARD.inflate(12, 12), 1)


# Translators: in a kiosk's banner over the board while the computer plays a game alone:
# between two pairs of pieces, 35 characters.
ATTRACT_LINE = N_("The computer is playing itself")
#: The demonstration's banner: over the board's lower edge, into the margin under it.
ATTRACT_BANNER = Rect(BOARD.centerx - 180, BOARD.bottom + 12 - 104, 360, 104)


def draw_attract_banner(surface: pygame.Surface, seat: int, invite: str) -> None:
    """The kiosk's demonstration: a cream banner over the board's lower edge with the
    ``invite`` to play, framed in ``seat``'s colour; the middle rows stay in view."""
    banner = ATTRACT_BANNER
    shadow = banner.move(4, 4)
    pygame.draw.rect(surface, GREY4, shadow)
    surface.fill(CREAM, banner)
    pygame.draw.rect(surface, SEAT_COLOUR[seat], banner, 5)
    pygame.draw.rect(surface, BLACK, banner, 1)
    bevel(surface, banner.inflate(-10, -10), raised=True, width=2)
    scale = fitting_scale(invite, banner.w - 24, 3)
    outline_text(surface, invite, (banner.centerx, banner.y + 16 + 8 * (3 - scale)),
                 SEAT_COLOUR[1], scale=scale, align="center")
    line = _(ATTRACT_LINE)
    text_w = font.size(line)[0]
    y = banner.bottom - 32
    font.draw(surface, line, (banner.centerx, y), BLACK, align="center")
    left = banner.centerx - text_w // 2
    right = banner.centerx + (text_w + 1) // 2
    for seat_shape, x in ((1, left - 40), (2, left - 22), (3, right + 8), (4, right + 26)):
        draw_shape(surface, seat_shape, Rect(x, y, 14, 14))
