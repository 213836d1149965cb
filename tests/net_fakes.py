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
import itertools
import socket
import threading
from dataclasses import dataclass, field

from chainplus.net.transport import Handler, Listener


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
