"""One connection to a host, as the host sees it: what it may send (``Limits``), its rate, and
lines out, queued so a peer that stops reading never holds up the game or the others.

Everything a peer sends is hostile until proven otherwise. Nothing here raises to the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections import deque
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
    send_timeout: float = 10.0  # seconds a peer may leave its kernel buffers full, unread
    max_errors: int = 20  # errors before the host drops the connection
    rate: float = 20.0  # lines a second a peer may send, on average...
    burst: float = 60.0  # ...and at once
    bytes_rate: float = 16384.0  # bytes a second a peer may send, on average...
    bytes_burst: float = 65536.0  # ...and at once
    bytes_total: int = 32 << 20  # bytes one connection may send in all
    send_queue: int = 1 << 20  # bytes waiting to go to a peer before it counts as gone
    send_buffer: int = 32 << 10  # bytes of a peer's kernel send buffer (Linux doubles it)
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
        self._queue: deque[bytes | None] = deque()  # None: close once sent
        self._queued = 0  # bytes in ``_queue``
        self._ready = asyncio.Event()  # something is in ``_queue``
        self.budget = ByteBudget(limits.bytes_rate, limits.bytes_burst, limits.bytes_total, now)
        bound_send_buffer(writer, limits.send_buffer)

    @property
    def joined(self) -> bool:
        """Whether the peer has joined: it holds a seat, or watches."""
        return self.seat is not None or self.watching

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a peer with more bytes queued than it may is not reading, and is
        cut off."""
        if self.closing:
            return
        line = encode(message)
        if self._queued + len(line) > self.limits.send_queue:
            self.abort()
            return
        self._queue.append(line)
        self._queued += len(line)
        self._ready.set()

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
            self._queue.append(None)
            self._ready.set()

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
                while not self._queue:
                    self._ready.clear()
                    await self._ready.wait()
                line = self._queue.popleft()
                if line is None:
                    break
                self._queued -= len(line)
                self.writer.write(line)
                await asyncio.wait_for(self.writer.drain(), self.limits.send_timeout)
            self.writer.close()
        except (asyncio.TimeoutError, OSError):  # not the builtin TimeoutError before 3.11
            self.abort()


def bound_send_buffer(writer: asyncio.StreamWriter, size: int) -> None:
    """Keep what waits for a connection's peer to read small: the kernel's send buffer at
    ``size`` bytes (not grown by itself), and a write waits (``drain``) whenever the kernel
    holds all it will, so the send timeout counts from when the peer stopped reading."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
    writer.transport.set_write_buffer_limits(high=0)
