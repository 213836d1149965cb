"""The program's icon for the desktop's menu, drawn in code with the board's own art: a corner
of the board, four squares, each holding one seat's pieces (red about to explode).

``python -m chainplus.ui.art.app_icon FOLDER`` writes it at ``SIZES`` as
FOLDER/chainplus-SIZE.png; chainplus/app/icons is made so, and a test checks it matches.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
from pygame import Rect

from chainplus.ui.art import board_view
from chainplus.ui.art.theme import BLACK, CELL, GREY1, GREY3, GREY4, ORANGE, WHITE

SIZES = (48, 128, 256)
#: Each square's seat and pieces, left to right and top to bottom; below ``DETAIL`` pixels one
#: piece a square, big enough to make out.
SQUARES = ((1, 3), (2, 2), (3, 1), (4, 2))
DETAIL = 96


def draw(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a transparent background."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    edge = max(1, size // 32)  # the frame's bevel, as the board's well
    frame = Rect(0, 0, size, size).inflate(-2 * max(1, size // 24), -2 * max(1, size // 24))
    icon.fill(GREY1, frame)
    pygame.draw.rect(icon, BLACK, frame, 1)
    board = frame.inflate(-2 * edge - 2, -2 * edge - 2)
    _bevel(icon, board.inflate(2 * edge, 2 * edge), edge)
    cell = board.w // 2
    for index, (seat, count) in enumerate(SQUARES):
        row, col = divmod(index, 2)
        square = Rect(board.x + col * cell, board.y + row * cell, cell, cell)
        icon.fill(WHITE, square)
        pygame.draw.rect(icon, GREY3, square, 1)
        _pieces(icon, square, seat, count if size >= DETAIL else 1)
    return icon


def _bevel(surface: pygame.Surface, rect: Rect, width: int) -> None:
    """A sunken edge ``width`` pixels wide inside ``rect``: dark top-left, light bottom-right."""
    for i in range(width):
        inner = rect.inflate(-2 * i, -2 * i)
        pygame.draw.line(surface, GREY4, inner.topleft, (inner.right - 1, inner.top))
        pygame.draw.line(surface, GREY4, inner.topleft, (inner.left, inner.bottom - 1))
        pygame.draw.line(surface, WHITE, (inner.left, inner.bottom - 1),
                         (inner.right - 1, inner.bottom - 1))
        pygame.draw.line(surface, WHITE, (inner.right - 1, inner.top),
                         (inner.right - 1, inner.bottom - 1))


def _pieces(surface: pygame.Surface, square: Rect, seat: int, count: int) -> None:
    """``count`` of ``seat``'s pieces laid out as the board lays them, at this square's scale;
    a square one piece from exploding gets the board's orange corner marks."""
    scale = square.w / CELL
    piece = round(board_view.PIECE * scale) if count > 1 else round(square.w * 0.6)
    for dx, dy in board_view.LAYOUT[count]:
        spot = Rect(0, 0, piece, piece)
        spot.center = (round(square.centerx + dx * scale), round(square.centery + dy * scale))
        board_view.draw_shape(surface, seat, spot)
    if count == 3:  # a corner square: one more and it explodes
        _brackets(surface, square, scale)


def _brackets(surface: pygame.Surface, square: Rect, scale: float) -> None:
    """The board's orange corner brackets, scaled."""
    inner = square.inflate(-round(6 * scale), -round(6 * scale))
    arm, bar = round(11 * scale), max(2, round(3 * scale))
    for (x, y), (dx, dy) in zip(
            (inner.topleft, (inner.right - 1, inner.top), (inner.left, inner.bottom - 1),
             (inner.right - 1, inner.bottom - 1)),
            ((1, 1), (-1, 1), (1, -1), (-1, -1)), strict=True):
        bracket = [(x, y), (x + arm * dx, y), (x + arm * dx, y + bar * dy),
                   (x + bar * dx, y + bar * dy), (x + bar * dx, y + arm * dy), (x, y + arm * dy)]
        pygame.draw.polygon(surface, ORANGE, bracket)
        pygame.draw.polygon(surface, BLACK, bracket, 1)


def write(folder: Path) -> list[Path]:
    """The icon at every size in ``SIZES``, as PNG files in ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for size in SIZES:
        path = folder / f"chainplus-{size}.png"
        pygame.image.save(draw(size), str(path))
        paths.append(path)
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m chainplus.ui.art.app_icon FOLDER")
    for written in write(Path(sys.argv[1])):
        print(written)
