"""A page's scene drawn as a corner of the board: the game's own squares, pieces, orange
corners, explosions and refusal cross, at the board's size, wherever the rules window puts it.

A scene is a few still pictures and its explosions, whose pieces fly in ``SCENE_FPS`` steps a
second: ``frame_at`` says which picture is shown and when the next is due, so a window showing
a scene is drawn only that often.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame
from pygame import Rect

from chainplus.app.tour import Page, Step
from chainplus.core.rules import SIZE, Rules, explode_at
from chainplus.ui.art import board_view
from chainplus.ui.art.theme import BLACK, CELL, CREAM, GREY3, LIGHT_BLUE, SEAT_COLOUR, WHITE
from chainplus.ui.art.widgets import bevel

#: Pictures a second of a scene's explosions (the board's own chains are drawn at every frame).
SCENE_FPS = 12


class Frame(NamedTuple):
    """One picture of a scene: its ``step``, how far through it is (``t``, 0 to 1, in whole
    steps of 1/``SCENE_FPS`` s while pieces fly) and when the next picture is due (``end``,
    in seconds into the scene)."""

    step: Step
    t: float
    end: float


def frame_at(page: Page, elapsed: float) -> Frame:
    """The picture of ``page``'s scene ``elapsed`` seconds into it."""
    step, start, end = page.span_at(elapsed)
    if not step.sending:
        return Frame(step, 0.0, end)
    if elapsed >= start + step.seconds:  # the last step, held before the scene starts again
        return Frame(step, 1.0, end)
    frames = max(1, round(step.seconds * SCENE_FPS))
    k = int((elapsed - start) / step.seconds * frames)
    if start + (k + 1) * step.seconds / frames <= elapsed:
        k += 1  # the division fell a rounding short of the next step
    k = min(frames - 1, k)
    due = end if k == frames - 1 else start + (k + 1) * step.seconds / frames
    return Frame(step, k / frames, due)


def scene_rect(page: Page, centre: tuple[int, int]) -> Rect:
    """Where the scene of ``page`` is drawn, centred on ``centre``."""
    rect = Rect(0, 0, page.cols * CELL, page.rows * CELL)
    rect.center = centre
    return rect


def draw_scene(surface: pygame.Surface, area: Rect, page: Page, rules: Rules,
               elapsed: float) -> Step:
    """The scene of ``page`` as it stands ``elapsed`` seconds in, in ``area`` (from
    ``scene_rect``); the step it shows, for its caption."""
    step, t, _ = frame_at(page, elapsed)

    def at(square: int) -> Rect:
        row, col = divmod(square, SIZE)
        return Rect(area.x + col * CELL, area.y + row * CELL, CELL, CELL)

    shown = [row * SIZE + col for row in range(page.rows) for col in range(page.cols)]
    pygame.draw.rect(surface, BLACK, area.inflate(2, 2), 1)
    bevel(surface, area.inflate(6, 6), raised=False, width=2)
    board = (step.counts, step.owners)
    threshold = explode_at(rules)
    for square in shown:
        cell = board_view.cell_shown(board, threshold, square, square in step.sending)
        board_view.draw_cell(surface, at(square), cell, CREAM if square == step.focus else WHITE)
        if square in step.lit:
            pygame.draw.rect(surface, LIGHT_BLUE, at(square).inflate(-4, -4), 4)
    for i in range(1, page.cols):
        pygame.draw.line(surface, GREY3, (area.x + i * CELL, area.top),
                         (area.x + i * CELL, area.bottom - 1))
    for i in range(1, page.rows):
        pygame.draw.line(surface, GREY3, (area.left, area.y + i * CELL),
                         (area.right - 1, area.y + i * CELL))
    if step.sending:
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))  # pieces flying off the corner shown leave it
        board_view.draw_explosion(surface, step.sending, step.seat, t, at)
        surface.set_clip(clip)
    if step.refused is not None:
        board_view.draw_refusal(surface, step.refused, at)
    if step.winner is not None:
        pygame.draw.rect(surface, SEAT_COLOUR[step.winner], area.inflate(8, 8), 3)
        pygame.draw.rect(surface, BLACK, area.inflate(12, 12), 1)
    return step
