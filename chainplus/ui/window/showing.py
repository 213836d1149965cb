"""The board's phase while the chain of a move just accepted is shown, wave by wave (see
``chain`` for its timing and drawing; the replay shows chains the same way).
"""

from __future__ import annotations

import pygame

from chainplus.app.outcomes import Placed
from chainplus.app.panel import SEAT_NAME
from chainplus.app.settings import Speed
from chainplus.core.game import Cascade, Game
from chainplus.ui.window.chain import FINISH_HELP, Chain, draw_chain
from chainplus.ui.window.picture import Board, Status


class Showing:
    """The board while the chain of a move just accepted (``placed``, now on ``game``'s board) is
    shown wave by wave from ``start``: the wave on show and how far through it is."""

    name = "animate"
    animating = True

    def __init__(self, placed: Placed, start: float, speed: Speed, game: Game) -> None:
        self.placed, self.game_shown = placed, game
        self.chain = Chain(placed.shown, start, speed)
        self.wave = -1  # the wave being drawn, -1 while the placement shows
        self.t = 0.0
        self.looked_ahead = False  # the computer moving next was set thinking

    @property
    def cascade(self) -> Cascade:
        return self.placed.shown.cascade

    @property
    def frames(self) -> tuple[Board, ...]:
        """The board after the placement and after each wave."""
        return self.placed.shown.frames

    @property
    def end(self) -> float:
        """When the last wave is over."""
        chain = self.chain
        return chain.start + chain.hold + len(self.cascade.waves) * chain.wave_time

    def step(self, now: float) -> int | None:
        """Show the chain as it is at ``now``: the squares of the wave that has just begun (the
        size of its sound), else None."""
        k, self.t = self.chain.at(now)
        began = k != self.wave and 0 <= k < len(self.cascade.waves)
        self.wave = min(k, len(self.cascade.waves))
        return len(self.cascade.waves[k]) if began else None

    def over(self) -> bool:
        return self.wave >= len(self.cascade.waves)

    def frame(self) -> Board:
        return self.frames[max(0, min(self.wave, len(self.frames) - 1))]

    def deadline(self, now: float) -> float | None:
        return None  # animating: every frame is drawn

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        draw_chain(surface, self.placed.shown, self.game_shown.threshold, self.wave, self.t)

    def help(self) -> str:
        return FINISH_HELP

    def status(self) -> Status:
        waves = len(self.cascade.waves)
        head = f"Wave {max(0, self.wave) + 1} of {waves}" if waves else "Placed"
        return Status(self.cascade.seat, head, SEAT_NAME[self.cascade.seat])
