"""Where connections come into a host: each is served here, on the host's thread, until it
ends.

Until it joins, a connection holds a place in the ``gate.Lobby`` and is closed
``Limits.hello_timeout`` after it came; a joined one is pinged and dropped when it falls
silent. Whatever a peer sends, the host hears of two things only: that who holds the seats
changed (``changed``) and each move a joined peer sends for its seat (``move``, which says why
it is refused, or None).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import threading
from collections.abc import Callable
from typing import Any

from chainplus.net import protocol as msg
from chainplus.net.framing import Overrun, lines, one_line
from chainplus.net.gate import Guesses, Joins, Lobby
from chainplus.net.hosted_game import HostConfig, HostedGame
from chainplus.net.peer import Peer

log = logging.getLogger(__name__)
#: Seconds a connection pushed out of the lobby is told to wait before it tries again.
PUSHED_RETRY = 0.5


#: A listener in the host's own process: called with each message told to all.
Listen = Callable[[dict[str, Any]], None]


class Door:
    """A host's connections: served, pinged, told and let go."""

    def __init__(self, config: HostConfig, game: HostedGame, changed: Callable[[], None],
                 move: Callable[[int, msg.Move], str | None]) -> None:
        self.limits = config.limits
        self.code = config.code.upper()
        self.spectators = config.spectators
        self.peers: set[Peer] = set()
        self.lobby: Lobby[Peer] = Lobby(config.limits.waiting_per_address,
                                        config.limits.waiting)
        self.guesses = Guesses(config.limits.slowing)
        # joins with the right code, paced per address: a player's own token on its own
        self.joins = Joins(config.limits.joins_rate, config.limits.joins_burst)
        self.rejoins = Joins(config.limits.joins_rate, config.limits.joins_burst)
        self.closing = False
        self._game = game
        self._changed, self._move = changed, move
        self._serving: set[asyncio.Task[Any]] = set()
        self._listeners: list[Listen] = []  # in this process: a hosting window's line
        self._listeners_lock = threading.Lock()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    source: str) -> None:
        """One connection, from ``source``, until it ends (a ``transport.Handler``)."""
        limits = self.limits
        if self.closing:
            writer.transport.abort()
            return
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None
        self._serving.add(task)
        peer = Peer(writer, limits, loop.time, source)
        self.peers.add(peer)
        pump = asyncio.create_task(peer.pump())
        for pushed in self.lobby.enter(peer, source, loop.time()):
            pushed.send(msg.error("too many connections are waiting to join: try again",
                                  retry=PUSHED_RETRY))
            pushed.close()
        deadline = loop.time() + limits.hello_timeout

        def timeout() -> float:
            if not peer.joined:
                return deadline - loop.time()
            return limits.idle_timeout

        try:
            async for line in lines(reader, timeout, peer.budget):
                if peer.closing:  # pushed out of the lobby, or let go: nothing more counts
                    break
                if isinstance(line, Overrun):
                    peer.send(msg.error(line.reason))
                    peer.close()
                else:
                    self._on_line(peer, line)
                if peer.joined:
                    self.lobby.leave(peer)
        except Exception as exc:  # a fault of ours: that peer is let go, in one line
            log.warning("chainplus host: dropped a connection from %s: %s", one_line(source),
                        one_line(repr(exc)))
        finally:
            self.peers.discard(peer)
            self.lobby.leave(peer)
            if self._game.release(peer.seat, peer, loop.time()):
                self._changed()
            peer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, limits.send_timeout)
            writer.transport.abort()
            self._serving.discard(task)

    def _on_line(self, peer: Peer, line: bytes) -> None:
        message = msg.parse_client(line)
        # the move the game waits on is never too many: bots may play as fast as they like
        awaited = isinstance(message, msg.Move) and self._game.awaits(peer.seat)
        if not peer.allow(free=awaited):
            peer.refuse("too many messages: slow down")
        elif isinstance(message, msg.BadMessage):
            peer.refuse(message.reason)
        elif isinstance(message, msg.Hello):
            self._join(peer, message)
        elif isinstance(message, msg.Leave):
            if self._game.leave(peer.seat, peer):
                peer.seat = None
                self._changed()
            peer.close()
        elif not peer.joined:
            peer.refuse("join first: send hello with the code")
        elif isinstance(message, msg.Move):
            why = "a spectator has no seat to move for" if peer.seat is None else \
                self._move(peer.seat, message)
            if why is not None:
                peer.refuse(why)

    def _join(self, peer: Peer, hello: msg.Hello) -> None:
        if peer.joined:
            peer.refuse("you have joined already")
            return
        own = hello.token is not None and self._game.holders.seat_of(hello.token) is not None
        if not self._right_code(peer, hello, own):
            peer.close()
            return
        # each join sends a whole game (a seat's to everyone): paced, apart from other joins
        # for a player's own token, so a guest on its address cannot hold its player up
        paced = (self.rejoins if own else self.joins).refusal(
            peer.address, asyncio.get_running_loop().time())
        if paced is not None:
            peer.refuse(*paced)
            peer.close()
            return
        if hello.watch:
            self._watch(peer)
            return
        seat = self._game.seat_for(hello, asyncio.get_running_loop().time())
        if isinstance(seat, str):
            peer.refuse(seat)
            peer.close()
            return
        old, token = self._game.hold(seat, peer, fresh=hello.token is None)
        if old is not None:  # a token took the seat back from a connection left behind
            self.let_go(old, f"seat {seat} was taken back with its token")
        peer.seat = seat
        peer.send({"welcome": msg.NAME, "version": msg.VERSION, "seat": seat, "token": token})
        self._changed()

    def _right_code(self, peer: Peer, hello: msg.Hello, own: bool) -> bool:
        """Whether ``hello`` has the right code; else the peer has been told why not. A
        player's ``own`` token is never slowed down; any other code is a guess (``Guesses``)."""
        now = asyncio.get_running_loop().time()
        refusal = None if own else self.guesses.refusal(peer.address, now)
        if refusal is not None:
            peer.refuse(*refusal)  # not looked at: it tells a guesser nothing
            return False
        right = hmac.compare_digest(hello.code.upper().encode(), self.code.encode())
        if not own:
            self.guesses.looked(peer.address, right, now)
        if not right:
            peer.refuse("wrong code")
        return right

    def _watch(self, peer: Peer) -> None:
        """A spectator: the game without a seat, while there is room for one more."""
        if sum(other.watching for other in self.peers) >= self.spectators:
            peer.refuse("no room for another spectator" if self.spectators else
                        "this host takes no spectators")
            peer.close()
            return
        peer.watching = True
        peer.send({"watching": msg.NAME, "version": msg.VERSION})
        peer.send(msg.game_message(self._game.state()))  # to the spectator alone

    async def ping(self) -> None:
        """Ping every joined peer a third of its idle time apart, for as long as the host runs."""
        number = 0
        while True:
            await asyncio.sleep(self.limits.idle_timeout / 3)
            number += 1
            self.tell({"ping": number})

    def subscribe(self, listener: Listen) -> None:
        """Have ``listener`` called with every message told to all from now on (on the host's
        thread: it must not block)."""
        with self._listeners_lock:
            self._listeners.append(listener)

    def broadcast(self, message: dict[str, Any]) -> None:
        """Tell ``message`` to every joined peer and every listener."""
        self.tell(message)
        with self._listeners_lock:
            for listener in self._listeners:
                listener(message)

    def tell(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every joined peer, spectators too."""
        for peer in list(self.peers):
            if peer.joined:
                peer.send(message)

    def let_go(self, holder: object, why: str) -> None:
        """Tell the joiner who held a seat that it is theirs no more (for good: its token
        takes nothing back), and hang up."""
        if isinstance(holder, Peer):
            holder.seat = None
            holder.send(msg.error(why, final=True))
            holder.close()

    def close(self) -> None:
        """Take no more connections and close every one, once what is queued has been sent."""
        self.closing = True
        for peer in list(self.peers):
            peer.close()

    async def closed(self, grace: float) -> None:
        """Wait until every connection has ended, or ``grace`` seconds."""
        if self._serving:
            await asyncio.wait(set(self._serving), timeout=grace)
