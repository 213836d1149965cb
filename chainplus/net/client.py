"""A joiner's side: a blocking line connection to a host (``Connection``), the game as the
host tells it (``Joiner``) and the growing pauses between tries to join (``Retries``).

They are kept apart so each user runs them on the thread that suits it: a window reads the
connection on one thread and keeps its ``Joiner`` on the frame loop's.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass
from typing import Any

from chainplus.common.backoff import Backoff
from chainplus.common.clock import Clock
from chainplus.core.game import Game, ShownCascade
from chainplus.net import protocol as msg
from chainplus.net.framing import MAX_HOST_LINE
from chainplus.net.transport import TCP, Transport


@dataclass(frozen=True)
class Patience:
    """How a joiner tries again after a refusal for now, a reset or a host it cannot reach:
    at once after a connection it played on, then after pauses doubling from ``first`` seconds
    to ``most``, so a joiner that waits costs next to nothing."""

    first: float = 0.25
    most: float = 4.0


def turned_away(exc: OSError) -> bool:
    """Whether a connection that failed reached a host that turned it away (a reset: it may
    take us later), rather than finding none there."""
    return isinstance(exc, ConnectionResetError | ConnectionAbortedError)


class Retries:
    """The pauses between a joiner's tries, slept on ``clock``; ``stop`` ends a pause."""

    def __init__(self, clock: Clock, stop: threading.Event,
                 patience: Patience = Patience()) -> None:
        self.clock, self.stop = clock, stop
        self.pauses = Backoff(patience.first, patience.most)
        self.at_once = False  # a connection went well: the next try comes at once

    def wait(self, at_least: float = 0.0) -> None:
        """Pause before trying again (at least ``at_least`` seconds: the host asked)."""
        pause = 0.0 if self.at_once else self.pauses.next()
        self.at_once = False
        pause = max(pause, min(at_least, 60.0))
        if pause > 0:
            self.clock.sleep(pause, until=self.stop)

    def reset(self) -> None:
        """A connection went well: try again at once, then pause from the first again."""
        self.pauses.reset()
        self.at_once = True


class Connection:
    """A line-by-line connection to a host; every failure is an OSError. Two threads may
    send on it (a window's, and its link's pongs)."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = b""
        self._sending = threading.Lock()
        self._finished = False  # we send nothing more

    @classmethod
    def open(cls, host: str, port: int, transport: Transport = TCP,
             timeout: float = 10.0) -> Connection:
        return cls(transport.connect(host, port, timeout))

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message``; nothing once ``finish`` has said we are done."""
        with self._sending:
            if not self._finished:
                self._sock.sendall(msg.encode(message))

    def receive(self, timeout: float | None = 60.0) -> msg.HostMessage | msg.BadMessage | None:
        """The host's next message (None: the host closed the connection). A silence longer
        than ``timeout`` is a TimeoutError (an OSError)."""
        self._sock.settimeout(timeout)
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_HOST_LINE:
                raise ConnectionError("the host sent a line too long to be ours")
            chunk = self._sock.recv(65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return msg.parse_host(line)

    def interrupt(self) -> None:
        """End the connection from another thread: a ``receive`` blocked on it returns."""
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)

    def finish(self) -> None:
        """Send nothing more, and let the host close the connection when it has read all we
        sent: closing first, with the host's last lines unread, resets the connection, and the
        host may then lose what we sent last (our leave)."""
        with self._sending, contextlib.suppress(OSError):
            self._finished = True
            self._sock.shutdown(socket.SHUT_WR)

    def leave(self, timeout: float = 2.0) -> None:
        """Say we are done, our seat free for anyone at once, and read on (each read waiting up
        to ``timeout``) until the host closes: see ``finish``. A host that sends on instead is
        given 64 reads, and at most a line's length, then left."""
        with contextlib.suppress(OSError):
            self.send({"leave": True})
            self.finish()
            self._sock.settimeout(timeout)
            unread = MAX_HOST_LINE
            for _ in range(64):
                chunk = self._sock.recv(65536)
                unread -= len(chunk)
                if not chunk or unread <= 0:
                    break

    def close(self) -> None:
        self._sock.close()


class Joiner:
    """The game as the host last said it, and the seats we play in it: the one the host
    welcomed us to, or (``hosts``: a hosting window, reading its own host) the host's human
    seats. Every user of a host's game keeps it here, so a move is checked in one place."""

    def __init__(self, hosts: bool = False) -> None:
        self.hosts = hosts
        self.seat: int | None = None  # the seat the host welcomed us to
        self.watching = False  # the host let us watch, as a spectator
        self.state: msg.GameState | None = None
        # ``state`` was said since the last welcome: after a drop, the game we had may be
        # behind the host's until it says its game again
        self.current = False

    @property
    def game(self) -> Game | None:
        return self.state.game if self.state is not None else None

    def take(self, message: msg.HostMessage) -> bool:
        """Take in a host message; False when a move does not follow on from our game (then
        join again: the host sends the whole game)."""
        if isinstance(message, msg.Welcome):
            self.seat, self.current = message.seat, False
        elif isinstance(message, msg.Watching):
            self.watching, self.current = True, False
        elif isinstance(message, msg.GameState):
            self.state, self.current = message, True
        elif isinstance(message, msg.Moved):
            return self.moved(message) is not None
        return True

    def moved(self, move: msg.Moved) -> ShownCascade | None:
        """Play a move the host accepted on its game, the board kept after every wave (for a
        screen); None, and nothing played, when it does not follow on from the game here."""
        game = self.game
        if game is None or move.number != len(game.moves) + 1 or game.to_move != move.seat \
                or not game.is_legal(move.square):
            return None
        return game.play_shown(move.square)

    def mine(self) -> tuple[int, ...]:
        """The seats we play: the one we were welcomed to, or a hosting window's humans."""
        state = self.state
        if not self.hosts:
            return () if self.seat is None else (self.seat,)
        if state is None:
            return ()
        return tuple(s for s in state.game.seats if state.seats[s - 1].kind == "human")

    def my_turn(self) -> bool:
        """Whether the host waits on a move of ours, as the game it said last stands."""
        state = self.state
        return (self.current and state is not None and state.started
                and state.game.winner is None and state.game.to_move in self.mine())

    def finished(self) -> bool:
        """The host's last game is over: nothing more comes."""
        state = self.state
        return state is not None and state.last and state.game.winner is not None
