"""The board's phase while the chain of a move just accepted is shown, wave by wave (see
``chain`` for its timing and drawing; the replay shows chains the same way).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from chainplus.app.outcomes import Placed
from chainplus.app.panel import SEAT_NAME
from chainplus.core.game import Cascade
from chainplus.ui.window.chain import FINISH_HELP, Chain, draw_chain
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.referee import MoveSource, Referee, source
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Square, Target


class Thinker(Protocol):
    """The window's computer, as a chain on show needs it (``turn.Computer``)."""

    def think_ahead(self, left: float) -> None:
        """It moves next and the chain shows ``left`` seconds more: think meanwhile."""

    def hurry(self) -> None:
        """The chain is over: answer within the usual pause."""


class Showing:
    """The board while the chain of a move ``referee`` just accepted (``placed``) is shown wave
    by wave from the table's now, at its speed: the wave on show and how far through it is.
    The window's ``computer``, when it moves next, thinks meanwhile."""

    name = "animate"
    animating = True

    def __init__(self, placed: Placed, table: Table, referee: Referee,
                 computer: Thinker) -> None:
        self.placed, self.table, self.referee, self.computer = placed, table, referee, computer
        self.game_shown = table.session.game
        self.panel = table.session.panel
        self.chain = Chain(placed.shown, table.now, table.session.speed)
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
        return self.chain.end

    def tick(self, now: float) -> bool:
        """Show the chain as it is at ``now``, each wave heard as it begins; True once it is
        over (its last wave, or another accepted move waits: ``finish``). The computer moving
        next starts thinking on the first frame."""
        if self.referee.behind():
            return self.finish()
        if not self.looked_ahead:
            self.looked_ahead = True
            if source(self.table.session.game, self.referee) is MoveSource.COMPUTER:
                self.computer.think_ahead(self.end - now)
        k, self.t = self.chain.at(now)
        waves = self.cascade.waves
        began = k != self.wave and 0 <= k < len(waves)
        self.wave = min(k, len(waves))
        if self.wave >= len(waves):
            return self.finish()
        if began:
            self.table.explode_sound(now, len(waves[k]))
        return False

    def finish(self) -> bool:
        """Jump to the end of the chain (a move thought out meanwhile is hurried to answer
        within the usual pause)."""
        self.computer.hurry()
        return True

    def frame(self) -> Board:
        return self.frames[max(0, min(self.wave, len(self.frames) - 1))]

    def to_move(self) -> int | None:
        return None  # the chain is on show

    def deadline(self, now: float) -> float | None:
        return None  # animating: every frame is drawn

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        draw_chain(surface, self.placed.shown, self.game_shown.threshold, self.wave, self.t)

    def help(self, target: Target | None) -> str | None:
        """Over the board, a click finishes the chain."""
        return FINISH_HELP if target is None or isinstance(target, Square) else None

    def status(self) -> Status:
        waves = len(self.cascade.waves)
        head = f"Wave {max(0, self.wave) + 1} of {waves}" if waves else "Placed"
        return Status(self.cascade.seat, head, SEAT_NAME[self.cascade.seat])
