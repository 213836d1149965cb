"""A move's chain shown wave by wave, as play shows it and a replay shows it again: how long
the placement and each wave last at each speed, which wave is on show, and the board then.
``Showing`` is the board's phase while a move's chain is shown (``controller``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from chainplus.app.outcomes import Placed
from chainplus.app.panel import SEAT_NAME
from chainplus.app.settings import Speed
from chainplus.core.game import Cascade, Game, ShownCascade
from chainplus.ui.art import board_view
from chainplus.ui.window.picture import Board, Status

#: Seconds per explosion wave, per speed.
WAVE_TIME: dict[Speed, float] = {"slow": 0.55, "normal": 0.3, "fast": 0.13, "instant": 0.0}
#: Long chains speed up so they never take much more than this many waves' time.
WAVES_AT_FULL_TIME = 24
#: The help line while a chain is shown, over the board too: a click finishes it.
FINISH_HELP = "Click to finish the chain at once."


def wave_timing(speed: Speed, waves: int) -> tuple[float, float]:
    """How long a chain of ``waves`` shows its placement, and each wave, at ``speed``."""
    base = WAVE_TIME[speed]
    return base * 0.6, base * max(0.3, min(1.0, WAVES_AT_FULL_TIME / max(1, waves)))


def wave_at(elapsed: float, wave_time: float) -> tuple[int, float]:
    """The wave on show ``elapsed`` seconds after the placement was shown (-1: still the
    placement), and how far through it is from 0 to 1."""
    if elapsed < 0:
        return -1, 0.0
    k = int(elapsed // wave_time)
    return k, elapsed / wave_time - k


def draw_chain(surface: pygame.Surface, shown: ShownCascade, threshold: Sequence[int],
               wave: int, t: float) -> None:
    """The board during a chain: the frame of ``wave`` (-1: the placement) with its squares
    sending their pieces, ``t`` of the way there."""
    cascade = shown.cascade
    counts, owners = shown.frames[max(0, wave)]
    sending = cascade.waves[wave] if wave >= 0 else ()
    marks = board_view.Marks(last=cascade.square, sending=sending)
    board_view.draw_board(surface, counts, owners, threshold, marks)
    if sending:
        board_view.draw_explosion(surface, sending, cascade.seat, t)


class Chain:
    """A move's chain being shown from ``start`` at ``speed``."""

    def __init__(self, shown: ShownCascade, start: float, speed: Speed) -> None:
        self.shown, self.start = shown, start
        self.hold, self.wave_time = wave_timing(speed, len(shown.cascade.waves))

    def at(self, now: float) -> tuple[int, float]:
        """The wave on show at ``now`` (-1: the placement) and how far through it is."""
        return wave_at(now - self.start - self.hold, self.wave_time)

    def over(self, now: float) -> bool:
        return self.at(now)[0] >= len(self.shown.cascade.waves)


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
