"""A window's line to a host: the connection read on a thread of its own, so the window's
frame loop never waits on the network.

``Link`` joins with the code (or, ``watch``, watches as a spectator), answers the host's pings
itself and puts everything else the host says on ``events`` (calling ``wake`` so the window
looks). A dropped connection is a ``Lost`` event, and the link joins again with the seat's
token, as the network bot does (``bot.play``), pausing longer after each try that fails
(``client.Retries``); when it cannot play on (refused at the door, let go by the host, every
game played, or the host gone longer than ``retry_for`` seconds) the last event is ``Gone``.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from chainplus.net import protocol as msg
from chainplus.net.address import shown
from chainplus.net.client import Connection, Joiner, Retries, turned_away
from chainplus.net.transport import REAL_NETWORK, Network


@dataclass(frozen=True)
class Lost:
    """The connection dropped (``why``); the link is joining again."""

    why: str


@dataclass(frozen=True)
class Gone:
    """The link has stopped for good (``why``, one line); nothing more comes."""

    why: str


LinkEvent = msg.HostMessage | msg.BadMessage | Lost | Gone
#: How one connection ended: join again (at once after a welcome, else after a pause), or
#: stop.
_Ending = Literal["again", "stop"]
#: Seconds a link keeps trying to reach a host it has lost, unless told otherwise.
RETRY_FOR = 30.0
#: Seconds a link that leaves waits for the host to close (the window waits on it), and then
#: for its thread once it has cut the line itself.
LEAVING = 0.5


class Link:
    """A connection to a host on its own thread, joined again after each drop."""

    def __init__(self, host: str, port: int, code: str,
                 wake: Callable[[], None] = lambda: None, network: Network = REAL_NETWORK,
                 watch: bool = False) -> None:
        """A link to the host at ``host``:``port`` with ``code`` (``watch``: as a spectator),
        started by ``start``; ``retry_for`` (seconds) may be set before then."""
        self.host, self.port, self.code = host, port, code
        self.retry_for = RETRY_FOR
        self._network = network
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self._wake = wake
        # the seat we hold and its token, or that we watch (the game is the window's)
        self._joiner = Joiner(watch)
        self._lock = threading.Lock()
        self._connection: Connection | None = None
        self._stop = threading.Event()
        self._retries = Retries(network.clock, self._stop)
        self._retry_after = 0.0  # the host refused us for now: try again after this
        self._thread = threading.Thread(target=self._run, name="chainplus-link", daemon=True)

    @property
    def where(self) -> str:
        return shown(self.host, self.port)

    def start(self) -> None:
        self._thread.start()

    def send(self, message: dict[str, Any]) -> bool:
        """Send a message now; False when there is no connection to send it on."""
        with self._lock:
            connection = self._connection
        if connection is None:
            return False
        try:
            connection.send(message)
        except OSError:
            connection.interrupt()
            return False
        return True

    def send_move(self, seat: int, square: int, number: int) -> bool:
        """Send move ``number`` of the game (the host knows our ``seat``); False when there is
        no connection to send it on."""
        return self.send(msg.move(square, number=number))

    def drop(self) -> None:
        """End the connection; the link joins again with the token (and gets the whole game)."""
        with self._lock:
            if self._connection is not None:
                self._connection.interrupt()

    def close(self) -> None:
        """Stop for good, saying leave (a seat the host gave us is free for anyone at once),
        and wait briefly for the thread: it reads on until the host, having read our leave,
        closes the connection."""
        self._stop.set()
        with self._lock:
            connection = self._connection
        if connection is not None and self.send({"leave": True}):
            connection.finish()
        else:
            self.drop()
        if self._thread.is_alive():
            self._thread.join(LEAVING)
        if self._thread.is_alive():  # a host that does not close: cut the line
            self.drop()
            self._thread.join(LEAVING)

    # ------------------------------------------------------------------ the thread
    def _put(self, event: LinkEvent) -> None:
        self.events.put(event)
        self._wake()

    def _run(self) -> None:
        clock = self._network.clock
        lost_at: float | None = None
        while not self._stop.is_set():
            try:
                connection = Connection.open(self.host, self.port, self._network.transport,
                                             timeout=5.0)
            except OSError as exc:
                if not self._joiner.joined_before and lost_at is None and \
                        not turned_away(exc):
                    self._put(Gone(f"Cannot reach the host at {self.where}: "
                                   f"{exc.strerror or exc}."))
                    return
                lost_at = clock.now() if lost_at is None else lost_at
                if clock.now() - lost_at > self.retry_for:
                    self._put(Gone("The host has gone."))
                    return
                self._retries.wait()
                continue
            lost_at = None
            token = self._joiner.token
            try:
                connection.send(self._joiner.hello(self.code))  # before any leave of close's
                with self._lock:
                    closed = self._stop.is_set()
                    if not closed:
                        self._connection = connection
                if closed:  # closed while we joined: the host may seat us, so we leave
                    connection.leave()
                    return
                ending = self._session(connection, token)
            except OSError as exc:
                ending, why = "again", str(exc.strerror or exc or "the connection broke")
            else:
                why = "the host closed the connection"
            finally:
                with self._lock:
                    self._connection = None
                connection.close()
            if ending == "stop" or self._stop.is_set():
                return
            lost_at = clock.now()
            self._put(Lost(why))
            self._retries.wait(self._retry_after)

    def _session(self, connection: Connection, token: str | None) -> _Ending:
        """One connection's messages after our hello (with ``token``, if we had one), handed
        over until it ends."""
        welcomed, self._retry_after = False, 0.0
        while True:
            message = connection.receive()
            if message is None:
                return "again"
            if self._stop.is_set():  # leaving: read on to the host's close
                continue
            if isinstance(message, msg.Ping):
                connection.send({"pong": message.number})
                continue
            if isinstance(message, msg.Error) and not welcomed:
                if message.retry is not None:  # refused for now: try again in a while
                    self._retry_after = message.retry
                    raise ConnectionRefusedError(f"the host refused for now: {message.text}")
                if token is not None:
                    self._joiner.token = None  # a host started again knows no tokens
                    return "again"
                self._put(Gone(f"The host refused: {message.text}."))
                return "stop"
            if isinstance(message, msg.Welcome | msg.Watching):
                welcomed = True
                self._retries.reset()
                self._joiner.apply(message)
            self._put(message)
            if isinstance(message, msg.Error) and message.final:
                self._put(Gone(f"The host let us go: {message.text}."))
                return "stop"
            if isinstance(message, msg.Bye):
                if message.done:
                    self._put(Gone("The host has played every game."))
                    return "stop"
                return "again"
