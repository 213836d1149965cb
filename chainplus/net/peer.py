"""One connection to a host, as the host sees it: lines in (capped, timed, rate-limited) and
lines out (queued, so a peer that stops reading never holds up the game or the others).

Everything a peer sends is hostile until proven otherwise: ``lines`` hands the host only
whole lines of at most ``MAX_CLIENT_LINE`` bytes (a longer one is skipped to its end and
reported once), ends when the peer is silent too long, and ``Peer.allow`` says whether a
line fits the peer's rate. Nothing here raises to the host.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from chainplus.net.protocol import MAX_CLIENT_LINE, BadMessage, encode, error


@dataclass(frozen=True)
class Limits:
    """How much a host puts up with from one connection."""

    hello_timeout: float = 10.0  # seconds to send a good hello after connecting
    idle_timeout: float = 30.0  # seconds a joined peer may be silent (pings every third)
    send_timeout: float = 20.0  # seconds a peer may take to read what it is sent
    max_errors: int = 20  # errors before the host drops the connection
    rate: float = 20.0  # lines a second a peer may send, on average...
    burst: float = 60.0  # ...and at once
    max_queue: int = 256  # lines waiting to go to a peer before it counts as gone
    max_peers: int = 64  # connections at once; more are closed at once


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

    def refuse(self, why: str) -> None:
        """Tell the peer what was wrong with its line; drop it after too many."""
        self.errors += 1
        self.send(error(why))
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


async def lines(reader: asyncio.StreamReader, timeout: Callable[[], float]
                ) -> AsyncIterator[bytes | BadMessage]:
    """The peer's lines (newline stripped), or a BadMessage for each overlong one; ends at
    end of file, a broken connection or ``timeout()`` seconds of silence."""
    buffer = b""
    skipping = False  # inside an overlong line, dropping bytes to its end
    while True:
        try:
            chunk = await asyncio.wait_for(reader.read(MAX_CLIENT_LINE), max(0.0, timeout()))
        except (asyncio.TimeoutError, OSError):  # not the builtin TimeoutError before 3.11
            return
        if not chunk:
            return
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) >= MAX_CLIENT_LINE:
                    if not skipping:
                        yield BadMessage(f"the line is too long (the limit is "
                                         f"{MAX_CLIENT_LINE} bytes)")
                    skipping, buffer = True, b""
                break
            line, buffer = buffer[:end], buffer[end + 1:]
            if skipping:
                skipping = False
            else:
                yield line
