"""Where time comes from: a ``Clock`` is handed in, so a test or a rig can use one where time
passes only when it says (``lab.rigs.fakes.FakeClock``).

``RealClock`` is the one clock on real time; nothing else in ``chainplus`` reads the time or
sleeps.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Protocol


class Clock(Protocol):
    """The time the game's pieces read, pause on and set their timeouts and deadlines by."""

    def now(self) -> float:
        """Seconds on a clock that never goes back (only differences mean anything)."""
        ...

    def wall(self) -> float:
        """Seconds since the epoch: a time another process can compare with its own."""
        ...

    def sleep(self, seconds: float, until: threading.Event | None = None) -> bool:
        """Pause this thread for ``seconds``, or less once ``until`` is set; whether it was."""
        ...

    def event_loop(self) -> asyncio.AbstractEventLoop:
        """A new asyncio loop whose time (its timeouts and sleeps) is this clock's."""
        ...


class RealClock:
    """The clock on the wall: ``time.monotonic``, the time asyncio's own loops keep."""

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    def sleep(self, seconds: float, until: threading.Event | None = None) -> bool:
        if until is None:
            time.sleep(seconds)
            return False
        return until.wait(seconds)

    def event_loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.new_event_loop()


REAL_CLOCK = RealClock()


def give_way() -> None:
    """Let another thread have the interpreter now (a pause of no time at all)."""
    time.sleep(0)
