"""The player control panel (4 rows x 4 columns), the turn box and the help box.

Drawing only: what a click on a cell does lives in ``chainplus.ui.window.controls`` (and
``chainplus.app.panel``).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence, Set
from typing import NamedTuple

import pygame
from pygame import Rect
from pygame.typing import ColorLike

from chainplus.app.panel import Panel, computer_plays, pending
from chainplus.common.language import _, pgettext
from chainplus.core.rules import SEATS
from chainplus.ui.art import font
from chainplus.ui.art.board_view import draw_shape
from chainplus.ui.art.theme import (
    BLACK,
    CREAM,
    GREY1,
    GREY2,
    GREY4,
    HELP,
    PANEL,
    PANEL_HEAD_Y,
    PANEL_HEADS,
    RED,
    RIGHT_W,
    RIGHT_X,
    SEAT_COLOUR,
    SEAT_INK,
    STATUS,
    WHITE,
    panel_cell,
    panel_marker,
)
from chainplus.ui.art.widgets import bevel, box, ridge, well


def panel_hit(pos: tuple[int, int]) -> tuple[int, int] | None:
    """(seat, column) of the panel cell under ``pos``, or None."""
    for seat in SEATS:
        for column in range(1, 5):
            if panel_cell(seat, column).collidepoint(pos):
                return seat, column
    return None


def kind_letter(kind: str) -> str:
    """Column 1's letter for a kind of seat, in the language spoken."""
    # Translators: column 1 of the players' panel, one letter for the kind of player: H a
    # human, C the computer, N a player over the network (the help says "a seat N").
    letters = {"human": pgettext("kind of player", "H"),
               "computer": pgettext("kind of player", "C"),
               "network": pgettext("kind of player", "N")}
    return letters.get(kind, "-")
#: Column 2 of a network seat the game waits for someone to join.
WAITING_MARK = "..."


def _hatch(surface: pygame.Surface, rect: Rect, colour: ColorLike) -> None:
    """Diagonal stripes: this cell changes at the next game."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    for x in range(rect.left - rect.h, rect.right, 6):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.h, rect.top))
    surface.set_clip(clip)


#: Where a cell's value starts below the cell's top.
TEXT_TOP = 7


class PanelShown(NamedTuple):
    """What the panel shows of the game: its seats, squares per seat (index 0 unused) and the
    seats crossed out, as of the frame on the board (so a chain's counts change in step), and
    the network seats waiting for a player to join (column 2 shows ``WAITING_MARK``)."""

    seats: tuple[int, ...]
    squares: Sequence[int]
    out: Set[int]
    waiting: Set[int] = frozenset()


def draw_panel(surface: pygame.Surface, setup: Panel, game: PanelShown,
               pressed: tuple[int, int] | None = None, to_move: int | None = None) -> None:
    """The panel: heads, then per seat a shape marker and the four columns."""
    # Translators: the heading of the players' panel, cut into its frame: 20 characters.
    ridge(surface, PANEL, _("Players"))
    for column, head in enumerate(PANEL_HEADS, start=1):
        cell = panel_cell(1, column)
        font.draw(surface, _(head), (cell.centerx, PANEL_HEAD_Y), BLACK, align="center")
    for seat in SEATS:
        row = setup[seat]
        in_game = seat in game.seats
        out = seat in game.out
        colour = SEAT_COLOUR[seat] if in_game else GREY2
        ink = SEAT_INK[seat] if in_game else GREY4
        marker = panel_marker(seat)
        moving = seat == to_move
        box(surface, marker, CREAM if moving else GREY1, pressed=moving)
        shape = Rect(0, 0, 12, 12)
        shape.center = marker.center
        if moving:
            shape.move_ip(1, 1)
        draw_shape(surface, seat, shape)
        values = (
            kind_letter(row.kind),  # H, C, N or -
            WAITING_MARK if seat in game.waiting else str(game.squares[seat]) if in_game else "",
            str(row.level),
            str(row.random_pct),
        )
        in_use = computer_plays(row, in_game)
        for column, text in enumerate(values, start=1):
            cell = panel_cell(seat, column)
            if column > 2 and not in_use:
                _shaded(surface, cell, colour, ink, text)
                continue
            if column == 2:
                well(surface, cell, colour)  # a display, not a button
            else:
                box(surface, cell, colour, pressed=pressed == (seat, column))
            if column == 1 and ((row.kind == "off") == in_game or in_game and pending(row)):
                # a change from the next game: stripes, the new setting on a plate
                _hatch(surface, cell.inflate(-6, -6), ink)
                plate = Rect(0, 0, 14, 18)
                plate.center = (cell.centerx, cell.y + 15)
                surface.fill(colour, plate)
                pygame.draw.rect(surface, ink, plate, 1)
            font.draw(surface, text, (cell.centerx, cell.y + TEXT_TOP), ink, align="center")
        if out:
            _strike(surface, seat)
        if moving:
            row_rect = marker.union(panel_cell(seat, 4)).inflate(6, 4)
            pygame.draw.rect(surface, BLACK, row_rect, 1)


def washed(colour: ColorLike, toward: ColorLike, share: float) -> tuple[int, int, int]:
    """``colour`` moved ``share`` of the way toward ``toward``."""
    a, b = pygame.Color(colour), pygame.Color(toward)
    return (round(a.r + (b.r - a.r) * share), round(a.g + (b.g - a.g) * share),
            round(a.b + (b.b - a.b) * share))


#: How far a shaded cell's colour fades toward the window's grey, and its value toward that.
SHADE_FILL, SHADE_INK = 0.65, 0.45


def _shaded(surface: pygame.Surface, rect: Rect, colour: ColorLike, ink: ColorLike,
            text: str) -> None:
    """A cell not in use, as RISC OS shades an icon that does not respond: flat (no bevel, it
    cannot be pressed), its colour washed out and its value faded but readable, kept for when
    it applies."""
    fill = washed(colour, GREY1, SHADE_FILL)
    surface.fill(fill, rect)
    pygame.draw.rect(surface, GREY4, rect, 1)
    font.draw(surface, text, (rect.centerx, rect.y + 7), washed(ink, fill, SHADE_INK),
              align="center")


def strike_y(seat: int) -> int:
    """The top of the line through a seat that is out: two pixels through the lower middle of
    its values, so a "-" or an H's bar shows above it and every letter's foot below it."""
    return panel_cell(seat, 1).y + TEXT_TOP + 9


def _strike(surface: pygame.Surface, seat: int) -> None:
    """An eliminated seat: crossed out marker and a line through its row, from its first
    cell to its last and no further."""
    marker = panel_marker(seat)
    a = marker.inflate(-4, -6)
    pygame.draw.line(surface, BLACK, a.topleft, a.bottomright, 3)
    pygame.draw.line(surface, BLACK, a.topright, a.bottomleft, 3)
    left, right = panel_cell(seat, 1).left, panel_cell(seat, 4).right
    surface.fill(BLACK, pygame.Rect(left, strike_y(seat), right - left, 2))


def draw_status(surface: pygame.Surface, seat: int | None, head: str, line: str,
                big: bool = False) -> None:
    """The turn box: a small heading, then the seat's shape and a line (large for a winner)."""
    well(surface, STATUS, CREAM if big else WHITE)
    font.draw(surface, head, (STATUS.centerx, STATUS.y + 5), BLACK, align="center")
    scale = 2 if big and font.size(line, 2)[0] <= RIGHT_W - 36 else 1
    w, h = font.size(line, scale)
    left = STATUS.centerx - (w + 22) // 2
    top = STATUS.y + 24 + (28 - h) // 2 if scale == 1 else STATUS.y + 22
    if seat:
        mark = Rect(left, 0, 16, 16)
        mark.centery = top + h // 2
        draw_shape(surface, seat, mark)
        font.draw(surface, line, (left + 22, top), BLACK, scale)
    else:
        font.draw(surface, line, (STATUS.centerx, top), BLACK, scale, align="center")


#: The help box holds this many lines of this many characters of the 8-pixel font.
HELP_LINES = 3
HELP_COLUMNS = (RIGHT_W - 8) // 8


class _PathWrapper(textwrap.TextWrapper):
    """Wraps a folder's path after a "/" too, so it is said whole across lines."""

    def _split(self, text: str) -> list[str]:
        return [piece for chunk in super()._split(text)
                for piece in re.split(r"(?<=/)(?=[^/\s])", chunk)]


def help_lines(text: str) -> list[str]:
    """``text`` wrapped for the help box (every message must fit in HELP_LINES of these)."""
    return _PathWrapper(HELP_COLUMNS).wrap(text)


def draw_help(surface: pygame.Surface, text: str, warn: bool = False) -> None:
    """The help box: up to three lines of wrapped text."""
    surface.fill(GREY1, HELP)
    bevel(surface, HELP, raised=False, width=1)
    for i, line in enumerate(help_lines(text)[:HELP_LINES]):
        font.draw(surface, line, (RIGHT_X + 4, HELP.y + 4 + i * 17), RED if warn else BLACK)
