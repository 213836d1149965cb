"""When a host's computer seats may answer: a pause after each move, counted for a hosting
window from when it has shown that move's chain, so its player sees every chain whole."""

from __future__ import annotations

import asyncio
import contextlib

#: The longest a hosting window's chain is waited for before its host's computer answers.
SHOWN_AT_MOST = 30.0


class Pace:
    """``pause`` seconds after each move (``shown``: after the window has shown it), on
    ``loop``'s time."""

    def __init__(self, loop: asyncio.AbstractEventLoop, pause: float, shown: bool) -> None:
        self._loop, self.pause, self._waits = loop, pause, shown
        self._shown = asyncio.Event()  # the last move has been shown (set: nothing to wait for)
        self._shown.set()
        self._by = float("-inf")  # the loop's time the answer may come from
        self._moves = 0

    def moved(self, moves: int) -> None:
        """Move number ``moves`` was played now."""
        self._by, self._moves = self._loop.time() + self.pause, moves
        if self._waits:
            self._shown.clear()

    def shown(self, moves: int) -> None:
        """The window has shown move number ``moves`` whole: the pause counts from now."""
        if moves == self._moves and not self._shown.is_set():
            self._by = self._loop.time() + self.pause
            self._shown.set()

    def reset(self) -> None:
        """A new game: no chain to wait for."""
        self._shown.set()

    def left(self) -> float:
        """Seconds until an answer may come, as far as is known now."""
        return max(0.0, self._by - self._loop.time())

    async def wait(self) -> None:
        """Until an answer may come (a window that never says is waited for at most
        ``SHOWN_AT_MOST`` seconds)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._shown.wait(), SHOWN_AT_MOST)
        await asyncio.sleep(self.left())
