"""The picture of a game: a RISC OS window over the board with two graphs, move by move,
each seat's share of the board and level 5's judgement of who was ahead, the move where the
game turned marked on both and named underneath.

Each seat's line is drawn in its colour with its piece shape along it and at its end, so the
graphs read without colour. A judgement still being worked out is drawn as far as it goes.
Drawing only: ``GraphShown`` says what to draw, ``move_at`` which move a click picks.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from chainplus.app.panel import SEAT_NAME
from chainplus.common import language
from chainplus.common.language import N_, _
from chainplus.ui.art import board_view, font
from chainplus.ui.art.theme import (
    BLACK,
    CREAM,
    DARK_BLUE,
    GREY1,
    GREY3,
    GREY4,
    SEAT_COLOUR,
    WHITE,
)
from chainplus.ui.art.widgets import (
    box,
    button_words,
    dialog_close,
    dialog_frame,
    dialog_title_bar,
    part_at,
)

WINDOW = Rect(6, 30, 428, 444)
TITLE_BAR = dialog_title_bar(WINDOW)
CLOSE = dialog_close(WINDOW)
PLOT_X, PLOT_W, PLOT_H = WINDOW.x + 50, WINDOW.w - 70, 104
SHARES = Rect(PLOT_X, WINDOW.y + 54, PLOT_W, PLOT_H)
JUDGED = Rect(PLOT_X, SHARES.bottom + 34, PLOT_W, PLOT_H)
WORDS_TOP = JUDGED.bottom + 26
BUTTON_Y, BUTTON_H, BUTTON_W = WINDOW.bottom - 46, 34, 120
BUTTONS = {
    "replay": Rect(WINDOW.x + 14, BUTTON_Y, BUTTON_W, BUTTON_H),
    "close": Rect(WINDOW.right - 14 - BUTTON_W, BUTTON_Y, BUTTON_W, BUTTON_H),
}
# Translators: the graph window's buttons, 15 characters each.
BUTTON_LABEL = {"replay": N_("Replay"), "close": N_("Close")}
#: Characters of the 8-pixel font in a line of the words under the graphs.
COLUMNS = (WINDOW.w - 28) // 8
MARK_EVERY = 56  # pixels between the shapes along a line


@dataclass(frozen=True, kw_only=True)
class GraphShown:
    """What the graph window shows: the ``seats`` of a game of ``moves`` moves; for each
    position worked out so far (the start, then after each move) each seat's share of the
    board and level 5's judgement (0 to 1); the move where it turned and its ``words``; the
    replay's position ``at``; whether its buttons show (a kiosk's graph has none)."""

    seats: tuple[int, ...]
    moves: int
    shares: Sequence[Sequence[float]]  # indexed by seat
    judged: Sequence[Sequence[float]]
    turn: int | None = None
    words: str = ""
    at: int | None = None
    buttons: bool = True


def x_of(plot: Rect, move: int, moves: int) -> int:
    return plot.x + round(move * (plot.w - 1) / max(1, moves))


def move_rect(move: int, moves: int) -> Rect:
    """Where the keys' cursor shows ``move`` on the graphs: a thin band across the upper one."""
    return Rect(x_of(SHARES, move, moves) - 1, SHARES.y, 3, SHARES.h)


def move_at(shown: GraphShown, pos: tuple[int, int]) -> int | None:
    """The move a click at ``pos`` on either graph picks (0: the start), or None off them."""
    for plot in (SHARES, JUDGED):
        if plot.inflate(8, 8).collidepoint(pos):
            fraction = (pos[0] - plot.x) / max(1, plot.w - 1)
            return max(0, min(shown.moves, round(fraction * shown.moves)))
    return None


def hit(shown: GraphShown, pos: tuple[int, int]) -> str | None:
    """The part of the window under ``pos``: "close-icon", a button, "graph", "window", or None
    outside it."""
    if not WINDOW.collidepoint(pos):
        return None
    part = part_at(pos, {"close-icon": CLOSE, **BUTTONS}) if shown.buttons else None
    if part is not None:
        return part
    return "graph" if move_at(shown, pos) is not None else "window"


def draw(surface: pygame.Surface, shown: GraphShown, pressed: str | None = None) -> None:
    # Translators: the graph window's title.
    dialog_frame(surface, WINDOW, _("How the game went"), pressed == "close-icon",
                 closable=shown.buttons)
    # Translators: over a graph of each player's share of the board: one line, 45 characters.
    _plot(surface, SHARES, _("Squares held"), shown, shown.shares)
    # Translators: over a graph of the computer's judgement (its strongest level, 5) of who
    # was winning after each move: one line, 45 characters.
    _plot(surface, JUDGED, _("Who level 5 thinks is ahead"), shown, shown.judged)
    words = shown.words
    if len(shown.judged) <= shown.moves:
        done = 100 * len(shown.judged) // (shown.moves + 1)
        # Translators: under the graphs while the computer judges the game; {percent} is
        # how far it has got, such as 40%.
        words = _("Working out who was ahead... {percent}").format(
            percent=language.percent(done))
    for i, line in enumerate(textwrap.wrap(words, COLUMNS)[:2]):
        font.draw(surface, line, (WINDOW.centerx, WORDS_TOP + i * 17), DARK_BLUE,
                  align="center")
    _legend(surface, shown.seats, WORDS_TOP + 40)
    if shown.buttons:
        for name, rect in BUTTONS.items():
            box(surface, rect, GREY1, pressed == name)
            button_words(surface, rect, _(BUTTON_LABEL[name]), BLACK)


def _plot(surface: pygame.Surface, plot: Rect, title: str, shown: GraphShown,
          values: Sequence[Sequence[float]]) -> None:
    """One graph: a white well with 0, 50 and 100 % marked, a line for each seat."""
    font.draw(surface, title, (plot.x, plot.y - 18), BLACK)
    surface.fill(WHITE, plot)
    pygame.draw.rect(surface, BLACK, plot.inflate(2, 2), 1)
    for share in (0.0, 0.5, 1.0):
        y, label = _y_of(plot, share), language.percent(100 * share)
        pygame.draw.line(surface, GREY3, (plot.x, y), (plot.right - 1, y))
        font.draw(surface, label, (plot.x - 4, y - 8), GREY4, align="right")
    if shown.turn is not None:
        x = x_of(plot, shown.turn, shown.moves)
        pygame.draw.line(surface, BLACK, (x, plot.y), (x, plot.bottom - 1), 3)
        pygame.draw.line(surface, CREAM, (x, plot.y), (x, plot.bottom - 1), 1)
    if shown.at is not None:
        x = x_of(plot, shown.at, shown.moves)
        for y in range(plot.y, plot.bottom, 4):  # dotted: where the replay is
            pygame.draw.line(surface, GREY4, (x, y), (x, y + 1))
    clip = surface.get_clip()
    surface.set_clip(plot.inflate(12, 12))
    for seat in shown.seats:
        points = [(x_of(plot, move, shown.moves), _y_of(plot, value[seat]))
                  for move, value in enumerate(values)]
        if len(points) >= 2:
            pygame.draw.lines(surface, SEAT_COLOUR[seat], False, points, 2)
        for x, y in _marks(points):
            board_view.draw_shape(surface, seat, Rect(x - 4, y - 4, 9, 9))
    surface.set_clip(clip)


def _marks(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where a line shows its seat's shape: every MARK_EVERY pixels across, and at its end."""
    if not points:
        return []
    marks, next_x = [], points[0][0] + MARK_EVERY // 2
    for x, y in points:
        if x >= next_x:
            marks.append((x, y))
            next_x = x + MARK_EVERY
    return [*marks, points[-1]]


def _y_of(plot: Rect, value: float) -> int:
    return plot.bottom - 1 - round(max(0.0, min(1.0, value)) * (plot.h - 1))


def _legend(surface: pygame.Surface, seats: tuple[int, ...], y: int) -> None:
    """Each seat's shape and name in a row, centred."""
    names = [_(SEAT_NAME[seat]) for seat in seats]
    widths = [22 + font.size(name)[0] + 16 for name in names]
    x = WINDOW.centerx - sum(widths) // 2
    for seat, name, width in zip(seats, names, widths, strict=True):
        board_view.draw_shape(surface, seat, Rect(x, y + 1, 14, 14))
        font.draw(surface, name, (x + 20, y), BLACK)
        x += width
