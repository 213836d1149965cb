"""A move's chain shown wave by wave, as play shows it and a replay shows it again: how long
the placement and each wave last at each speed, which wave is on show, and the board then.
The board's phase while a move's chain is shown in play is ``showing.Showing``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from chainplus.app.settings import Speed
from chainplus.common.language import N_
from chainplus.core.game import ShownCascade
from chainplus.ui.art import board_view

#: Seconds per explosion wave, per speed.
WAVE_TIME: dict[Speed, float] = {"slow": 0.55, "normal": 0.3, "fast": 0.13, "instant": 0.0}
#: Long chains speed up so they never take much more than this many waves' time.
WAVES_AT_FULL_TIME = 24
#: The help line while a chain is shown, over the board too: a click finishes it.
# Translators: the help box, 3 lines of 22 characters.
FINISH_HELP = N_("Click to finish the chain at once.")


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

    @property
    def end(self) -> float:
        """When the last wave is over."""
        return self.start + self.hold + len(self.shown.cascade.waves) * self.wave_time

    def next_step(self, now: float, rate: float) -> float:
        """When the chain, drawn ``rate`` times a second from its placement, next shows a new
        picture: the next of its steps once the placement's hold is over (nothing moves until
        then), or its end when that comes within half a step."""
        k = max(math.floor((now - self.start) * rate) + 1, math.ceil(self.hold * rate))
        step = self.start + k / rate
        if step <= now:
            step += 1 / rate  # a rounding short: never now
        return self.end if step > self.end - 0.5 / rate else step

