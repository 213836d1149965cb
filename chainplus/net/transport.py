"""How the network layer's connections are made: a ``Transport`` serves a host's connections
and opens a joiner's, and a ``Network`` hands it in with the clock, so tests can hand in one
whose connections never leave the process (``net_fakes.MemoryTransport``).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from chainplus.common.clock import REAL_CLOCK, Clock

#: What a host does with each connection: its reader, its writer and the address it came
#: from (the host part only).
Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter, str], Awaitable[None]]


class Listener(Protocol):
    """Where a host is listening."""

    @property
    def address(self) -> tuple[str, int]:
        """The address and port it listens on (the port chosen when 0 was asked for)."""
        ...

    def close(self) -> None:
        """Take no more connections (those open stay open)."""
        ...


class Transport(Protocol):
    """Connections to a host, served and opened."""

    async def listen(self, handler: Handler, host: str, port: int, limit: int) -> Listener:
        """Serve each connection to ``host``:``port`` with ``handler`` (on the running loop;
        ``limit`` bounds its reader's buffer). Raises OSError when it cannot listen."""
        ...

    def connect(self, host: str, port: int, timeout: float) -> socket.socket:
        """A blocking connection to a host (OSError when there is none within ``timeout``)."""
        ...


class _TcpListener:
    def __init__(self, server: asyncio.Server) -> None:
        self._server = server
        host, port = server.sockets[0].getsockname()[:2]
        self._address = (str(host), int(port))

    @property
    def address(self) -> tuple[str, int]:
        return self._address

    def close(self) -> None:
        self._server.close()


class TcpTransport:
    """TCP on the machine's own sockets."""

    async def listen(self, handler: Handler, host: str, port: int, limit: int) -> Listener:
        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peer = writer.get_extra_info("peername")
            await handler(reader, writer, str(peer[0]) if peer else "")

        return _TcpListener(await asyncio.start_server(accepted, host, port, limit=limit))

    def connect(self, host: str, port: int, timeout: float) -> socket.socket:
        return socket.create_connection((host, port), timeout=timeout)


TCP = TcpTransport()


@dataclass(frozen=True)
class Network:
    """The clock and the transport a host, a joiner or the bot runs on: the real ones unless a
    test hands in others."""

    clock: Clock = REAL_CLOCK
    transport: Transport = TCP


REAL_NETWORK = Network()
