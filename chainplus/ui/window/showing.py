"""The board's phase while the chain of a move just accepted is shown, wave by wave (see
``chain`` for its timing and drawing; the replay shows chains the same way).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from chainplus.app.outcomes import Placed
from chainplus.app.panel import SEAT_NAME, Panel
from chainplus.common.language import _, pgettext
from chainplus.core.game import Cascade, Game
from chainplus.ui.window.chain import FINISH_HELP, Chain, draw_chain
from chainplus.ui.window.phase import ChainOver, Phase, Step
from chainplus.ui.window.picture import Board, Status
from chainplus.ui.window.referee import MoveSource, Referee, source
from chainplus.ui.window.table import Table
from chainplus.ui.window.targets import Part, Square, Target


class Thinker(Protocol):
    """The window's computer, as a chain on show needs it (``turn.Computer``)."""

    def think_ahead(self, left: float) -> None:
        """It moves next and the chain shows ``left`` seconds more: think meanwhile."""

    def hurry(self) -> None:
        """The chain is over: answer within the usual pause."""


class Showing(Phase):
    """The board while the chain of a move ``referee`` just accepted (``placed``) is shown wave
    by wave from the table's now, at its speed: the wave on show and how far through it is.
    The window's ``computer``, when it moves next, thinks meanwhile. The referee is not heard
    meanwhile: the next move waits until this one has been shown."""

    name = "animate"
    animating = True
    listens = False

    def __init__(self, placed: Placed, table: Table, referee: Referee,
                 computer: Thinker) -> None:
        self.placed, self.table, self.referee, self.computer = placed, table, referee, computer
        self.game, self.rows = table.session.game, table.session.panel  # as the move left them
        self.chain = Chain(placed.shown, table.now, table.session.speed)
        self.wave = -1  # the wave being drawn, -1 while the placement shows
        self.t = 0.0
        self.looked_ahead = False  # the computer moving next was set thinking

    @property
    def game_shown(self) -> Game:
        return self.game

    @property
    def panel(self) -> Panel:
        return self.rows

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

    def tick(self, now: float) -> Step | None:
        """Show the chain as it is at ``now``, each wave heard as it begins; the chain over
        after its last wave, or when another accepted move waits (``finish``). The computer
        moving next starts thinking on the first frame."""
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
        return None

    def finish(self) -> ChainOver:
        """Jump to the end of the chain (a move thought out meanwhile is hurried to answer
        within the usual pause)."""
        self.computer.hurry()
        return ChainOver(self.placed)

    def cut(self) -> ChainOver:
        """A click or a window over the board finishes the chain."""
        return self.finish()

    def click(self, target: Square | Part, button: int) -> Step | None:
        return None  # cut first: a click never reaches a chain on show

    def frame(self) -> Board:
        return self.frames[max(0, min(self.wave, len(self.frames) - 1))]

    def to_move(self) -> int | None:
        return None  # the chain is on show

    def deadline(self, now: float, rate: float | None = None) -> float | None:
        """Animating, every frame is drawn; at ``rate`` pictures a second, the next step."""
        return None if rate is None else self.chain.next_step(now, rate)

    def draw_board(self, surface: pygame.Surface, pointer: tuple[int, int] | None) -> None:
        draw_chain(surface, self.placed.shown, self.game.threshold, self.wave, self.t)

    def help(self, target: Target | None) -> str | None:
        """Over the board, a click finishes the chain."""
        return _(FINISH_HELP) if target is None or isinstance(target, Square) else None

    def status(self) -> Status:
        waves = len(self.cascade.waves)
        # Translators: the turn box's heading (fits 22 characters) while a chain is shown.
        head = _("Wave {number} of {count}").format(number=max(0, self.wave) + 1,
                                                      count=waves) if waves else \
            pgettext("turn box: a piece was placed", "Placed")
        return Status(self.cascade.seat, head, _(SEAT_NAME[self.cascade.seat]))
