"""A network seat's time for a move, so a player gone, or one who answers pings and never
moves, cannot hold a game for ever: the host hands the seat to its computer.

The clock runs from when the move could first be made (after the chain before it has been
shown, in a window that hosts), and starts again for the next.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

#: What a move clock runs for: the game's number, its moves so far and the seat to move.
Awaited = tuple[int, int, int]


class MoveClock:
    """``seconds`` for each network move on ``loop``; ``out_of_time(seat)`` when they run out
    (None: no clock)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, seconds: float | None,
                 out_of_time: Callable[[int], None]) -> None:
        self.seconds = seconds
        self._loop, self._out_of_time = loop, out_of_time
        self._running: Awaited | None = None
        self._timer: asyncio.TimerHandle | None = None

    def follow(self, awaited: Awaited | None, shown_in: float = 0.0) -> None:
        """The game waits on ``awaited`` now (None: on no network seat); its time starts in
        ``shown_in`` seconds, unless the clock already runs for that very move."""
        if awaited == self._running:
            return
        self.stop()
        if awaited is not None and self.seconds:
            self._running = awaited
            self._timer = self._loop.call_later(max(0.0, shown_in) + self.seconds,
                                                self._ran_out, awaited[2])

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._running = self._timer = None

    def _ran_out(self, seat: int) -> None:
        self._running = self._timer = None
        self._out_of_time(seat)
