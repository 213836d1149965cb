"""A joiner's line to a host: the connection, joined again after each drop with the seat's
token, pausing longer after each try that fails (``client.Retries``).

``Link`` answers the host's pings itself and hands everything else to a handler on the thread
that reads it: ``run`` reads on the caller's thread; ``start`` reads on its own and puts each
event on ``events``, so a window's frame loop never waits on the network. A dropped connection
is a ``Lost`` event; when the link cannot play on, the last event is ``Gone``.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from chainplus.net import protocol as msg
from chainplus.net.address import shown
from chainplus.net.client import Connection, Retries, turned_away
from chainplus.net.transport import REAL_NETWORK, Network


@dataclass(frozen=True)
class Lost:
    """The connection dropped (``why``); the link is joining again."""

    why: str


#: Why a link stopped for good: no host at the address on the first try, the host gone longer
#: than ``retry_for``, refused at the door, let go by the host, or every game played.
Stop = Literal["unreachable", "lost", "refused", "let go", "done"]


@dataclass(frozen=True)
class Gone:
    """The link has stopped for good (``why``, one line to show); nothing more comes.
    ``stop`` and ``detail`` (the host's words, or the error) say the same as data, for a caller
    that words it its own way; two are equal when ``why`` is."""

    why: str
    stop: Stop = field(default="lost", compare=False)
    detail: str = field(default="", compare=False)


LinkEvent = msg.HostMessage | msg.BadMessage | Lost | Gone
#: What is done with each event, on the thread that reads the connection.
Handler = Callable[[LinkEvent], None]
#: How one connection ended: join again (at once after a welcome, else after a pause), or
#: stop.
_Ending = Literal["again", "stop"]
#: Events a window's line keeps waiting at most, besides the host's moves and what says where
#: the link stands (never dropped).
EVENTS = 256
#: Moves a window's line keeps waiting at most: past them the window is too far behind to show
#: each, and the link joins again for the whole game instead.
MOVES = 4 * EVENTS
#: What a window must hear whatever else is dropped: its seat, that it watches, that it is gone.
_KEPT = (msg.Moved, msg.Welcome, msg.Watching, Gone)


#: What waits to be read: events, or a host's messages not read yet.
Item = TypeVar("Item")


def superseded(waiting: Sequence[Item], number: int, is_move: Callable[[Item], bool],
               game_of: Callable[[Item], int | None]) -> list[Item]:
    """``waiting`` without what a newer whole game ``number`` supersedes: that game's states
    since the last move waiting (``game_of``: the game an item is a state of, or None)."""
    last_move = max((n for n, item in enumerate(waiting) if is_move(item)), default=-1)
    return [item for n, item in enumerate(waiting) if n <= last_move or game_of(item) != number]


class Events(queue.Queue[LinkEvent]):
    """The host's events waiting for a window to take them, bounded whatever peers do.

    A whole game supersedes the same game's waiting since the last move, a connection lost
    again the last ``Lost``, and past ``limit`` the oldest that is not a move nor where the
    link stands goes. Moves are never dropped one by one: past ``moves`` of them the put raises
    ConnectionError, everything waiting goes, and the link joins again for the whole game.
    """

    def __init__(self, limit: int = EVENTS, moves: int = MOVES) -> None:
        super().__init__()
        self.limit, self.most_moves = limit, moves
        self.moves = 0  # how many of those waiting are moves

    def _put(self, item: LinkEvent) -> None:
        waiting = self.queue
        if isinstance(item, msg.Moved):
            if self.moves >= self.most_moves:
                waiting.clear()
                self.moves = 0
                raise ConnectionError("too far behind the host: joining again for the game")
            self.moves += 1
        elif isinstance(item, msg.GameState):
            kept = superseded(waiting, item.number, lambda e: isinstance(e, msg.Moved),
                              lambda e: e.number if isinstance(e, msg.GameState) else None)
            if len(kept) < len(waiting):
                waiting.clear()
                waiting.extend(kept)
        elif isinstance(item, Lost) and waiting and isinstance(waiting[-1], Lost):
            waiting.pop()
        waiting.append(item)
        while len(waiting) - self.moves > self.limit:
            oldest = next((e for e in waiting if not isinstance(e, _KEPT)), None)
            if oldest is None:
                break
            waiting.remove(oldest)

    def get_unless_move(self) -> LinkEvent | None:
        """The next event waiting, unless none waits or it is a move (which waits until the
        window has shown it): then None."""
        with self.mutex:
            if not self.queue or isinstance(self.queue[0], msg.Moved):
                return None
            item = self._get()
            self.not_full.notify()
            return item

    def _get(self) -> LinkEvent:
        item: LinkEvent = self.queue.popleft()
        if isinstance(item, msg.Moved):
            self.moves -= 1
        return item


#: Seconds a link keeps trying to reach a host it has lost, unless told otherwise.
RETRY_FOR = 30.0
#: Seconds a link waits for a connection to a host, unless told otherwise.
TIMEOUT = 5.0
#: Seconds a link that leaves waits for the host to close (the window waits on it), and then
#: for its thread once it has cut the line itself.
LEAVING = 0.5


class Link:
    """A joiner's connection to a host, joined again after each drop: read by ``run``, or on
    a thread of its own (``start``)."""

    def __init__(self, host: str, port: int, code: str,
                 wake: Callable[[], None] = lambda: None, network: Network = REAL_NETWORK,
                 watch: bool = False, stop: threading.Event | None = None) -> None:
        """``watch`` joins as a spectator; ``retry_for`` and ``timeout`` (seconds) may be set
        before it runs. Setting ``stop`` stops it without a leave; ``close`` says leave."""
        self.host, self.port, self.code, self.watch = host, port, code, watch
        self.retry_for, self.timeout = RETRY_FOR, TIMEOUT
        self._network = network
        self.events = Events()
        self._wake = wake
        # the seat the host gave us and its token, or that it let us watch
        self._seat: int | None = None
        self._token: str | None = None
        self._watched = False
        self._lock = threading.Lock()
        self._connection: Connection | None = None
        self._stop = stop if stop is not None else threading.Event()
        self._leaving = False  # ``close`` says leave: read on to the host's close
        self._ended = False  # the handler ended the link (``end``)
        self._retries = Retries(network.clock, self._stop)
        self._retry_after = 0.0  # the host refused us for now: try again after this
        self._after = 0.0  # seconds ``start``'s thread waits before its first try
        self._thread = threading.Thread(target=self._read, name="chainplus-link", daemon=True)

    @property
    def where(self) -> str:
        return shown(self.host, self.port)

    def start(self, after: float = 0.0) -> None:
        """Read on a thread of its own, the first try ``after`` seconds from now."""
        self._after = after
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

    def end(self, leave: bool = False) -> None:
        """For the handler, on the link's own thread: stop once it returns; ``leave`` says
        leave first and reads on until the host closes (``Connection.leave``)."""
        self._ended = True
        with self._lock:
            connection = self._connection
        if leave and connection is not None:
            connection.leave()

    def close(self) -> None:
        """Stop for good, saying leave (our seat is free for anyone at once), and wait briefly
        for the thread, which reads on until the host closes the connection."""
        self._leaving = True
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

    # ------------------------------------------------------------------ the connection
    def _put(self, event: LinkEvent) -> None:
        self.events.put(event)
        self._wake()

    def _read(self) -> None:
        if self._after > 0 and self._network.clock.sleep(self._after, until=self._stop):
            return
        self.run(self._put)

    def _stopped(self) -> bool:
        return self._stop.is_set() or self._ended

    def _hello(self) -> dict[str, Any]:
        """The first line of a connection: the seat's token once we hold one (to take it
        back), else the seat we held before, if any (a host started again knows no tokens); a
        spectator asks to watch."""
        if self.watch:
            return msg.hello(self.code, watch=True)
        return msg.hello(self.code, seat=None if self._token else self._seat, token=self._token)

    def run(self, heard: Handler) -> None:
        """Join, and join again after each drop, handing ``heard`` each event on this thread
        until the link stops: by itself (the last event ``Gone``), by ``close`` or ``stop``, or
        by ``heard`` calling ``end``. An OSError from ``heard`` ends the connection: the link
        joins again."""
        clock = self._network.clock
        lost_at: float | None = None
        while not self._stopped():
            try:
                connection = Connection.open(self.host, self.port, self._network.transport,
                                             timeout=self.timeout)
            except OSError as exc:
                # never taken in (a seat's token, or watching): no host there, rather than one
                # gone away for a while
                first = self._token is None and not self._watched
                if first and lost_at is None and not turned_away(exc):
                    detail = str(exc.strerror or exc)
                    heard(Gone(f"Cannot reach the host at {self.where}: {detail}.",
                               "unreachable", detail))
                    return
                lost_at = clock.now() if lost_at is None else lost_at
                if clock.now() - lost_at > self.retry_for:
                    heard(Gone("The host has gone.", "lost"))
                    return
                self._retries.wait()
                continue
            lost_at = None
            token = self._token
            try:
                connection.send(self._hello())  # before any leave of close's
                with self._lock:
                    closed = self._stop.is_set()
                    if not closed:
                        self._connection = connection
                if closed:  # closed while we joined: the host may seat us, so we leave
                    if self._leaving:
                        connection.leave()
                    return
                ending = self._session(connection, token, heard)
            except OSError as exc:
                ending, why = "again", str(exc.strerror or exc or "the connection broke")
            else:
                why = "the host closed the connection"
            finally:
                with self._lock:
                    self._connection = None
                connection.close()
            if ending == "stop" or self._stopped():
                return
            lost_at = clock.now()
            heard(Lost(why))
            if self._stopped():
                return
            self._retries.wait(self._retry_after)

    def _session(self, connection: Connection, token: str | None, heard: Handler) -> _Ending:
        """One connection's messages after our hello (with ``token``, if we had one), handed
        to ``heard`` until it ends."""
        welcomed, self._retry_after = False, 0.0
        while True:
            message = connection.receive()
            if message is None:
                return "again"
            if self._stop.is_set():
                if self._leaving:  # leaving: read on to the host's close
                    continue
                return "stop"
            if isinstance(message, msg.Ping):
                connection.send({"pong": message.number})
                continue
            if isinstance(message, msg.Error) and not welcomed:
                if message.retry is not None:  # refused for now: try again in a while
                    self._retry_after = message.retry
                    raise ConnectionRefusedError(f"the host refused for now: {message.text}")
                if token is not None:
                    self._token = None  # a host started again knows no tokens
                    return "again"
                if self._seat is not None:  # the seat we held went to another meanwhile
                    self._seat = None  # so any free seat
                    return "again"
                heard(Gone(f"The host refused: {message.text}.", "refused", message.text))
                return "stop"
            if isinstance(message, msg.Welcome):
                self._seat, self._token = message.seat, message.token
            elif isinstance(message, msg.Watching):
                self._watched = True
            if isinstance(message, msg.Welcome | msg.Watching):
                welcomed = True
                self._retries.reset()
            heard(message)
            if self._ended:
                return "stop"
            if isinstance(message, msg.Error) and message.final:
                heard(Gone(f"The host let us go: {message.text}.", "let go", message.text))
                return "stop"
            if isinstance(message, msg.Bye):
                if message.done:
                    heard(Gone("The host has played every game.", "done"))
                    return "stop"
                return "again"
