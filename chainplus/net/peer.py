"""One connection to a host, as the host sees it: what it may send (``Limits``), lines in
(read by ``framing.lines`` within its ``budget``; ``Peer.allow`` says whether a line fits its
rate) and lines out (queued, so a peer that stops reading never holds up the game or the
others).

Everything a peer sends is hostile until proven otherwise. Nothing here raises to the host.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chainplus.net.framing import ByteBudget
from chainplus.net.gate import Slowing
from chainplus.net.protocol import encode, error


@dataclass(frozen=True)
class Limits:
    """How much a host puts up with from its connections, each and all."""

    hello_timeout: float = 5.0  # seconds to send a good hello after connecting
    idle_timeout: float = 30.0  # seconds a joined peer may be silent (pings every third)
    send_timeout: float = 20.0  # seconds a peer may take to read what it is sent
    max_errors: int = 20  # errors before the host drops the connection
    rate: float = 20.0  # lines a second a peer may send, on average...
    burst: float = 60.0  # ...and at once
    bytes_rate: float = 16384.0  # bytes a second a peer may send, on average...
    bytes_burst: float = 65536.0  # ...and at once
    bytes_total: int = 32 << 20  # bytes one connection may send in all
    max_queue: int = 256  # lines waiting to go to a peer before it counts as gone
    joins_rate: float = 0.5  # joins with the right code a second from one address...
    joins_burst: float = 6.0  # ...and at once (``gate.Joins``)
    waiting_per_address: int = 8  # connections not joined yet from one address...
    waiting: int = 32  # ...and in all (a newcomer pushes the oldest out: ``gate.Lobby``)
    slowing: Slowing = Slowing()  # how wrong codes are slowed down (``gate.Guesses``)


class Peer:
    """A connection: where it comes from, its seat once joined, its error count and its
    outgoing queue. ``now`` is the host's clock (its loop's time)."""

    def __init__(self, writer: asyncio.StreamWriter, limits: Limits, now: Callable[[], float],
                 address: str) -> None:
        self.writer = writer
        self.limits = limits
        self.address = address
        self.seat: int | None = None
        self.watching = False  # a spectator: joined, with no seat
        self.errors = 0
        self.closing = False
        self._now = now
        self._tokens = limits.burst
        self._refilled = now()
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue(limits.max_queue)
        self.budget = ByteBudget(limits.bytes_rate, limits.bytes_burst, limits.bytes_total, now)

    @property
    def joined(self) -> bool:
        """Whether the peer has joined: it holds a seat, or watches."""
        return self.seat is not None or self.watching

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a peer whose queue is full is not reading, and is cut off."""
        if self.closing:
            return
        try:
            self._queue.put_nowait(encode(message))
        except asyncio.QueueFull:
            self.abort()

    def refuse(self, why: str, retry: float | None = None) -> None:
        """Tell the peer what was wrong with its line (``retry``: a refusal for now, try
        again in so many seconds); drop it after too many."""
        self.errors += 1
        self.send(error(why, retry))
        if self.errors >= self.limits.max_errors:
            self.send(error("too many errors: goodbye"))
            self.close()

    def close(self) -> None:
        """Close once what is queued has been sent."""
        if not self.closing:
            self.closing = True
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait(None)
            if self._queue.full():
                self.abort()

    def abort(self) -> None:
        """Close at once, dropping whatever is queued."""
        self.closing = True
        self.writer.transport.abort()

    def allow(self, free: bool = False) -> bool:
        """Whether one more line fits the peer's rate (a token bucket); a ``free`` line
        always does, and costs nothing."""
        if free:
            return True
        now = self._now()
        self._tokens = min(self.limits.burst,
                           self._tokens + (now - self._refilled) * self.limits.rate)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def pump(self) -> None:
        """Write the queued lines until closed; a peer that will not read is cut off."""
        try:
            while True:
                line = await self._queue.get()
                if line is None:
                    break
                self.writer.write(line)
                await asyncio.wait_for(self.writer.drain(), self.limits.send_timeout)
            self.writer.close()
        except (asyncio.TimeoutError, OSError):  # not the builtin TimeoutError before 3.11
            self.abort()
