"""A stand-in for the network's transport, for the tests: a host, its joiners and the bot
run on it exactly as on the real one, but nothing leaves the process. With the one fake clock
(``lab.rigs.fakes.FakeClock``, time that passes only when told) no second of waiting is real.

``MemoryTransport`` joins a joiner to a host through a connected socket pair made in the
process: nothing listens on a port, nothing is sent anywhere, and a test can say where each
connection comes from (``at``) and cut a joiner's connections as a failing network would
(``drop``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import itertools
import select
import socket
import struct
import termios
import threading
import time
from dataclasses import dataclass, field

from chainplus.net.transport import Handler, Listener, Network


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


class _Joiners(socket.socket):
    """A joiner's end of a connection, which says whether the thread reading it waits for
    the host (``waiting``, with nothing to read) or has work in hand."""

    def __init__(self, sock: socket.socket, board: _Switchboard) -> None:
        super().__init__(fileno=sock.detach())
        self._board = board
        self.reader = threading.current_thread()  # the thread that joined reads it
        self.waiting = False

    def recv(self, size: int, flags: int = 0) -> bytes:
        board = self._board
        with board.lock:
            self.reader, self.waiting = threading.current_thread(), True
            board.activity += 1
        try:
            if not select.select([self], [], [], self.gettimeout())[0]:
                raise TimeoutError("timed out")
        finally:
            with board.lock:
                self.waiting = False
                board.activity += 1
        return super().recv(size, flags)

    def quiet(self) -> bool:
        """Whether its reader waits for the host with nothing come (or is the caller, or is
        gone, or the connection is)."""
        reader = self.reader
        if self.fileno() < 0 or reader is threading.current_thread() or not reader.is_alive():
            return True
        try:
            return self.waiting and not select.select([self], [], [], 0)[0]
        except (OSError, ValueError):  # closed meanwhile, by its reader or the test
            return True


def _unread(sock: socket.socket) -> int:
    """The bytes come to ``sock`` and not read yet (0 once it is closed)."""
    if sock.fileno() < 0:
        return 0
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0" * 4))[0]
    except OSError:
        return 0


@dataclass
class _Switchboard:
    """The hosts listening in this process, by port, and the ends of every connection made
    (the joiners' and the hosts')."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    listening: dict[int, _Listening] = field(default_factory=dict)
    ports: itertools.count[int] = field(default_factory=lambda: itertools.count(40000))
    joiners: list[_Joiners] = field(default_factory=list)
    hosts: list[socket.socket] = field(default_factory=list)
    activity: int = 0  # every wait of a joiner's reader begun or ended

    def quiet(self) -> bool:
        """Whether nothing is on its way: no host has bytes unread, and every joiner's
        reader waits with nothing come."""
        with self.lock:
            joiners, hosts = list(self.joiners), list(self.hosts)
        return all(_unread(sock) == 0 for sock in hosts) and all(j.quiet() for j in joiners)


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

    @property
    def board(self) -> _Switchboard:
        """The switchboard it shares with every transport made from it (``at``)."""
        return self._board

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
        pair, theirs = socket.socketpair()
        ours = _Joiners(pair, self._board)
        with self._board.lock:
            self._board.joiners = [s for s in self._board.joiners if s.fileno() >= 0] + [ours]
            self._board.hosts = [s for s in self._board.hosts if s.fileno() >= 0] + [theirs]
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


#: Real seconds ``settle`` waits at most: never reached unless a test is broken.
SETTLE_LIMIT = 60.0


def quiet(network: Network) -> tuple[bool, tuple[int, int]]:
    """Whether every thread on ``network`` (a ``FakeClock`` and a ``MemoryTransport``) waits,
    and a count that moves with every wait begun or ended."""
    clock, transport = network.clock, network.transport
    assert isinstance(transport, MemoryTransport), "settle needs a MemoryTransport"
    board = transport.board
    activity = (clock.activity, board.activity)  # type: ignore[attr-defined]
    calm = clock.quiet() and board.quiet()  # type: ignore[attr-defined]
    return calm, activity


def settle(network: Network, limit: float = SETTLE_LIMIT) -> None:
    """Wait until every other thread on ``network`` waits: the host's loop with nothing to
    do, no bytes on their way and each joiner's reader waiting for the host. Two looks in a
    row must agree, with nothing begun or ended between them."""
    end = time.monotonic() + limit
    before: tuple[int, int] | None = None
    while True:
        calm, activity = quiet(network)
        if calm and activity == before:
            return
        before = activity if calm else None
        assert time.monotonic() < end, "the network's threads never settled"
        time.sleep(0.0002)
