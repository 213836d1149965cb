"""A joiner's side: a blocking line connection to a host (``Connection``), the game as the
host tells it (``Joiner``) and the growing pauses between tries to join (``Retries``).

They are kept apart so each user runs them where it suits: the network bot (``bot.py``)
reads and plays on one thread; a window reads on a thread of its own, hands the messages
over a queue and lets ``Joiner`` keep its game on the frame loop's thread.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass
from typing import Any

from chainplus.common.backoff import Backoff
from chainplus.core.game import Game
from chainplus.core.rules import IllegalMoveError
from chainplus.net import protocol as msg
from chainplus.net.clock import Clock
from chainplus.net.framing import MAX_HOST_LINE
from chainplus.net.transport import TCP, Transport


@dataclass(frozen=True)
class Patience:
    """How a joiner tries again after a refusal for now, a reset or a host it cannot reach:
    at once after a connection it played on, then after pauses growing from ``first`` seconds,
    doubling, to ``most``; so a joiner that waits costs next to nothing."""

    first: float = 0.25
    most: float = 4.0


def turned_away(exc: OSError) -> bool:
    """Whether a connection that failed reached a host that turned it away (a reset: it may
    take us later), rather than finding none there."""
    return isinstance(exc, ConnectionResetError | ConnectionAbortedError)


class Retries:
    """A joiner's tries: the pause before the next (a ``Backoff`` as ``patience`` says), slept
    on ``clock``; ``stop`` ends a pause."""

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
        """A connection went well: the next try after it comes at once, and the pauses
        after that start again from the first."""
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
    """The game as the host has told it, the seat we hold and the token to take it back; a
    spectator (``watch``) holds no seat and only watches."""

    def __init__(self, watch: bool = False) -> None:
        self.watch = watch
        self.watched = False  # the host let us watch (a spectator joins again after a drop)
        self.seat: int | None = None
        self.token: str | None = None
        self.state: msg.GameState | None = None
        self.done = False  # the host said every game was played
        self.bye: str | None = None

    def hello(self, code: str) -> dict[str, Any]:
        """The first line of a connection: the seat's token once we hold one (to take it
        back), else the seat we held before, if any (a host started again knows no tokens); a
        spectator asks to watch."""
        if self.watch:
            return msg.hello(code, watch=True)
        return msg.hello(code, seat=None if self.token else self.seat, token=self.token)

    @property
    def joined_before(self) -> bool:
        """Whether the host took us in once (a seat's token, or watching): a host that cannot
        be reached now has gone away for a while, rather than never been there."""
        return self.token is not None or self.watched

    @property
    def game(self) -> Game | None:
        return self.state.game if self.state is not None else None

    def apply(self, message: msg.HostMessage) -> bool:
        """Take in a host message; False when a move does not follow on from our game (then
        the next ``game`` message, sent after every change of who is connected and at
        every game's end, puts it right)."""
        if isinstance(message, msg.Welcome):
            self.seat, self.token = message.seat, message.token
            self.state = None  # what a connection before said is stale: the game comes next
        elif isinstance(message, msg.Watching):
            self.watched, self.state = True, None
        elif isinstance(message, msg.GameState):
            self.state = message
        elif isinstance(message, msg.Moved):
            game = self.game
            if game is None or message.number != len(game.moves) + 1 \
                    or game.to_move != message.seat:
                return False
            try:
                game.play(message.square)
            except IllegalMoveError:
                return False
        elif isinstance(message, msg.Bye):
            self.bye, self.done = message.reason, message.done
        return True

    def my_turn(self) -> bool:
        """Whether the host waits on a move of ours."""
        state = self.state
        return (state is not None and state.started and state.game.winner is None
                and self.seat is not None and state.game.to_move == self.seat)

    def last_game_over(self) -> bool:
        """Whether the host's last game has been played to its end (with a window as host,
        which starts the next game when its player asks, the game this bot played)."""
        state = self.state
        return state is not None and (state.last or state.open_ended) and \
            state.game.winner is not None
