"""Where the network layer's time comes from: a ``Clock`` is handed to it (``Network``), so
a test can hand in one where time passes only when the test says (``tests/net_fakes.py``).

``RealClock`` is the one clock on real time: every pause and every timeout of the host, its
joiners and the network bot are read from it, and the host's asyncio loop keeps its time.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Protocol


class Clock(Protocol):
    """The time the network pieces read, pause on and set their timeouts by."""

    def now(self) -> float:
        """Seconds on a clock that never goes back (only differences mean anything)."""
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

    def sleep(self, seconds: float, until: threading.Event | None = None) -> bool:
        if until is None:
            time.sleep(seconds)
            return False
        return until.wait(seconds)

    def event_loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.new_event_loop()


REAL_CLOCK = RealClock()
