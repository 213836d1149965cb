"""Stand-ins for the network's clock and transport, for the tests: a host, its joiners and
the bot run on them exactly as on the real ones, but nothing leaves the process and no
second of waiting is real.

``FakeClock`` is time that passes only when told (``advance``): a pause or a timeout ends when
the test has moved time past it, never sooner and never by itself, so a run repeats.
``MemoryTransport`` joins a joiner to a host through a connected socket pair made in the
process: nothing listens on a port, nothing is sent anywhere, and a test can say where each
connection comes from (``at``) and cut a joiner's connections as a failing network would
(``drop``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import socket
import threading
from dataclasses import dataclass, field

from chainplus.net.transport import Handler, Listener

#: How often (real seconds) a pause looks at the event that may end it early.
_LOOK = 0.005


class FakeClock:
    """Time that stands still until ``advance`` moves it; the asyncio loops it makes keep it
    too and are woken when it moves."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._moved = threading.Condition()
        self._loops: set[_FakeTimeLoop] = set()
        self._sleeping = 0
        self.pauses: list[float] = []  # every pause asked for, in order

    def now(self) -> float:
        return self._now

    @property
    def sleeping(self) -> int:
        """How many threads are pausing now (waiting for time to pass)."""
        return self._sleeping

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass: the pauses and timeouts they cover end."""
        with self._moved:
            self._now += seconds
            self._moved.notify_all()
            loops = list(self._loops)
        for loop in loops:
            loop.wake()

    def sleep(self, seconds: float, until: threading.Event | None = None) -> bool:
        with self._moved:
            end = self._now + seconds
            self.pauses.append(seconds)
            self._sleeping += 1
            try:
                while self._now < end and not (until is not None and until.is_set()):
                    self._moved.wait(_LOOK if until is not None else None)
            finally:
                self._sleeping -= 1
        return until is not None and until.is_set()

    def event_loop(self) -> asyncio.AbstractEventLoop:
        loop = _FakeTimeLoop(self)
        with self._moved:
            self._loops.add(loop)
        return loop

    def closed(self, loop: _FakeTimeLoop) -> None:
        """A loop it made has closed: it need not be woken any more."""
        with self._moved:
            self._loops.discard(loop)


def _nothing() -> None:
    """A callback that only wakes a loop up."""


class _FakeTimeLoop(asyncio.SelectorEventLoop):
    """An asyncio loop on a ``FakeClock``: its timers are due when the clock says so."""

    def __init__(self, clock: FakeClock) -> None:
        self._fake_clock = clock
        super().__init__()
        self.slow_callback_duration = float("inf")  # a callback takes no time on this clock

    def time(self) -> float:
        return self._fake_clock.now()

    def wake(self) -> None:
        """Have the loop look at its timers again (time moved)."""
        with contextlib.suppress(RuntimeError):  # closed
            self.call_soon_threadsafe(_nothing)

    def close(self) -> None:
        self._fake_clock.closed(self)
        super().close()


@dataclass
class _Listening:
    """A host listening on the switchboard: its loop, what it does with a connection."""

    loop: asyncio.AbstractEventLoop
    handler: Handler
    limit: int
    closed: bool = False

    async def accept(self, sock: socket.socket, source: str) -> None:
        if self.closed:
            sock.close()
            return
        try:
            reader, writer = await asyncio.open_connection(sock=sock, limit=self.limit)
            await self.handler(reader, writer, source)
        except Exception as exc:  # as asyncio's own server reports a handler's failure
            self.loop.call_exception_handler({"message": "a connection's handler failed",
                                              "exception": exc})


@dataclass
class _Switchboard:
    """The hosts listening in this process, by port."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    listening: dict[int, _Listening] = field(default_factory=dict)
    ports: itertools.count[int] = field(default_factory=lambda: itertools.count(40000))


class _MemoryListener:
    def __init__(self, board: _Switchboard, address: tuple[str, int]) -> None:
        self._board, self._address = board, address

    @property
    def address(self) -> tuple[str, int]:
        return self._address

    def close(self) -> None:
        with self._board.lock:
            listening = self._board.listening.pop(self._address[1], None)
        if listening is not None:
            listening.closed = True


class MemoryTransport:
    """Connections within the process, from ``source``; ``at`` gives the same switchboard
    from another address (another machine, as far as a host can tell)."""

    def __init__(self, source: str = "127.0.0.1", board: _Switchboard | None = None) -> None:
        self.source = source
        self._board = board if board is not None else _Switchboard()
        self._open: list[socket.socket] = []

    def at(self, source: str) -> MemoryTransport:
        """This transport as seen from ``source``, with connections of its own to ``drop``."""
        return MemoryTransport(source, self._board)

    async def listen(self, handler: Handler, host: str, port: int, limit: int) -> Listener:
        board = self._board
        with board.lock:
            if port == 0:
                port = next(p for p in board.ports if p not in board.listening)
            elif port in board.listening:
                raise OSError(errno.EADDRINUSE, "Address already in use")
            board.listening[port] = _Listening(asyncio.get_running_loop(), handler, limit)
        return _MemoryListener(board, (host, port))

    def connect(self, host: str, port: int, timeout: float = 10.0) -> socket.socket:
        with self._board.lock:
            listening = self._board.listening.get(port)
        if listening is None:
            raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")
        ours, theirs = socket.socketpair()
        try:
            asyncio.run_coroutine_threadsafe(listening.accept(theirs, self.source),
                                             listening.loop)
        except RuntimeError:  # the host's loop has just closed
            ours.close()
            theirs.close()
            raise ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused") from None
        ours.settimeout(timeout)
        with self._board.lock:
            self._open = [s for s in self._open if s.fileno() >= 0] + [ours]
        return ours

    def drop(self) -> int:
        """Cut every connection this transport opened that is still open, as a network
        that fails would: each end reads its end. How many were cut."""
        with self._board.lock:
            cut = [s for s in self._open if s.fileno() >= 0]
        for sock in cut:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        return len(cut)
