"""The host: the one authority over a network game.

A ``Host`` holds the game, plays its computer seats with ``ai.players.choose_move``, checks
every move anyone sends with the rules, and tells every joined peer each move it accepts
(protocol: ``protocol.py``). It runs an asyncio loop on its own thread, so a window can host
without its frame loop ever waiting on the network: ``start`` returns once it listens,
``snapshot`` tells what happened, and ``stop`` closes everything. A window hosts with
``window_host.WindowHost``, which also takes its moves and follows its panel.

A joiner that drops keeps its seat: the game waits on it (``waiting``) until it, or anyone
with the code, joins that seat again and gets the game as it stands. Nothing a peer sends
can change the game except a legal move for its own seat, in turn; everything else gets an
error to that peer alone, and a peer that keeps erring is dropped (``peer.Limits``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import random
import threading
from collections.abc import Callable
from typing import Any

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.core.game import Game
from chainplus.core.rules import IllegalMoveError
from chainplus.net import protocol as msg
from chainplus.net.peer import Peer, lines
from chainplus.net.seats import HostSeat
from chainplus.net.table import HostConfig, HostView, Table

__all__ = ["Host", "HostConfig", "HostView"]


def _finish(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is left on a stopped loop, wait for it, and close the loop."""
    left = asyncio.all_tasks(loop)
    for task in left:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()


class Host:
    """A network game's host on its own thread."""

    def __init__(self, config: HostConfig,
                 on_move: Callable[[Game], None] | None = None,
                 on_game_over: Callable[[Game], None] | None = None) -> None:
        """``on_move`` and ``on_game_over`` run on the host's thread after each accepted move
        and each finished game (an autosave, a record file); they must not block for long."""
        self.config = config
        self.code = config.code.upper()
        self.address: tuple[str, int] = (config.listen, config.port)
        self._on_move, self._on_game_over = on_move, on_game_over
        self._rng = random.Random(config.seed)
        self._table = Table(config)
        self._thinking = self._closing = False
        self._ended: Game | None = None  # the last game whose end was dealt with
        self._peers: set[Peer] = set()
        self._subscribers: list[Callable[[dict[str, Any]], None]] = []
        self._done = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="chainplus-host", daemon=True)
        self._server: asyncio.Server | None = None
        self._ready = threading.Event()
        self._failure: OSError | None = None
        self._pinger: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ from other threads
    def start(self) -> tuple[str, int]:
        """Listen and start the host's thread; the address it listens on (the port is the
        one chosen when 0 was asked for). Raises OSError when it cannot listen."""
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise self._failure
        return self.address

    def stop(self) -> None:
        """Say goodbye to every peer, close every connection and end the thread."""
        if self._thread.is_alive():
            self._call(self._shut, "the host stopped", False)
            self._thread.join(10)

    def alive(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every game has been played; whether they have."""
        return self._done.wait(timeout)

    def snapshot(self) -> HostView:
        return self._table.view(self._done.is_set(), len(self._peers))

    def _call(self, action: Callable[..., None], *args: Any) -> None:
        """Run ``action`` on the host's thread (nothing when the host has stopped)."""
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(action, *args)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._listen())
        except OSError as exc:
            self._failure = exc
        self._ready.set()
        if self._failure is None:
            self._loop.run_forever()
        _finish(self._loop)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.config.listen, self.config.port, limit=msg.MAX_CLIENT_LINE)
        host, port = self._server.sockets[0].getsockname()[:2]
        self.address = (host, port)
        self._pinger = asyncio.create_task(self._ping())
        self._advance()

    def _shut(self, reason: str, done: bool) -> None:
        """Close everything and end the loop (on the host's thread), once (stop may come late)."""
        if self._closing:
            return
        self._closing = True
        self._broadcast({"bye": reason, "done": done})
        for peer in list(self._peers):
            peer.close()
        if self._server is not None:
            self._server.close()
        if self._pinger is not None:
            self._pinger.cancel()
        self._loop.call_later(0.2, self._loop.stop)

    async def _ping(self) -> None:
        number = 0
        while True:
            await asyncio.sleep(self.config.limits.idle_timeout / 3)
            number += 1
            for peer in list(self._peers):
                if peer.seat is not None:
                    peer.send({"ping": number})

    # ------------------------------------------------------------------ connections
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        limits = self.config.limits
        if len(self._peers) >= limits.max_peers or self._done.is_set():
            writer.transport.abort()
            return
        peer = Peer(writer, limits)
        self._peers.add(peer)
        pump = asyncio.create_task(peer.pump())
        deadline = self._loop.time() + limits.hello_timeout

        def timeout() -> float:
            if peer.seat is None:
                return deadline - self._loop.time()
            return limits.idle_timeout

        try:
            async for line in lines(reader, timeout):
                self._on_line(peer, line)
                if peer.closing:
                    break
        finally:
            self._peers.discard(peer)
            if self._table.release(peer.seat, peer):
                self._send_game()
            peer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, limits.send_timeout)
            writer.transport.abort()

    def _on_line(self, peer: Peer, line: bytes | msg.BadMessage) -> None:
        """Everything a peer's line can do (never raises)."""
        message = line if isinstance(line, msg.BadMessage) else msg.parse_client(line)
        # the move the game waits on is never too many: bots may play as fast as they like
        awaited = isinstance(message, msg.Move) and self._table.awaits(peer.seat)
        if not peer.allow(free=awaited):
            peer.refuse("too many messages: slow down")
        elif isinstance(message, msg.BadMessage):
            peer.refuse(message.reason)
        elif isinstance(message, msg.Hello):
            self._join(peer, message)
        elif peer.seat is None:
            peer.refuse("join first: send hello with the code")
        elif isinstance(message, msg.Move):
            self._peer_move(peer, peer.seat, message)

    def _join(self, peer: Peer, hello: msg.Hello) -> None:
        if peer.seat is not None:
            peer.refuse(f"you already hold seat {peer.seat}")
            return
        if not hmac.compare_digest(hello.code.upper().encode(), self.code.encode()):
            peer.refuse("wrong code")
            peer.close()
            return
        seat = self._table.seat_for(hello)
        if isinstance(seat, str):
            peer.refuse(seat)
            peer.close()
            return
        old, token = self._table.hold(seat, peer)
        if old is not None:  # a token took the seat back from a connection left behind
            self._let_go(old, f"seat {seat} was taken back with its token")
        peer.seat = seat
        peer.send({"welcome": msg.NAME, "version": msg.VERSION, "seat": seat, "token": token})
        self._send_game()
        self._advance()

    # ------------------------------------------------------------------ the game
    def _send_game(self) -> None:
        self._broadcast(msg.game_message(self._table.state()))

    def _broadcast(self, message: dict[str, Any]) -> None:
        for peer in list(self._peers):
            if peer.seat is not None:
                peer.send(message)
        with self._table.lock:
            for listener in self._subscribers:
                listener(message)

    def _peer_move(self, peer: Peer, seat: int, move: msg.Move) -> None:
        why = self._table.refusal(seat, move)
        if why is None:
            try:
                self._apply(move.square)
            except IllegalMoveError as exc:
                why = str(exc)
        if why is not None:
            peer.refuse(why)

    def _let_go(self, holder: object, why: str) -> None:
        """Tell the joiner who held a seat that it is theirs no more, and hang up."""
        if isinstance(holder, Peer):
            holder.seat = None
            holder.send(msg.error(why))
            holder.close()

    def _apply(self, square: int) -> None:
        """Play an accepted move, tell everyone, and go on (IllegalMoveError: nothing done)."""
        self._broadcast(self._table.play(square))
        if self._on_move is not None:
            self._on_move(self._table.game)
        self._advance()

    def _advance(self) -> None:
        """Whatever comes next: start the game, end it, or set a computer seat thinking."""
        table = self._table
        if table.game.winner is not None:
            if self._ended is not table.game:  # each game ends once
                self._ended = table.game
                self._game_over()
            return
        if table.start():
            self._send_game()
        seat = table.game.to_move or 0
        plan = table.seats[seat - 1]
        if table.awaits(seat) and plan.kind == "computer" and not self._thinking:
            self._thinking = True
            asyncio.ensure_future(self._think(plan))

    async def _think(self, plan: HostSeat) -> None:
        game, seat = self._table.game, self._table.game.to_move
        rng = random.Random(self._rng.random())
        try:
            square = await asyncio.to_thread(
                choose_move, game.copy(), plan.level, plan.random_pct, rng,
                limit=Limit(time=self.config.budget))
            await asyncio.sleep(self._table.wait_left())  # the last move is still on show
        finally:
            self._thinking = False
        if self._done.is_set():
            return
        table = self._table
        if game is table.game and table.kind(seat or 0) == "computer" and game.to_move == seat:
            self._apply(square)
        else:
            self._advance()  # the game, or who plays the seat, changed while it thought

    def _game_over(self) -> None:
        self._send_game()
        if self._on_game_over is not None:
            self._on_game_over(self._table.game)
        if self._table.end_game():
            self._send_game()
            self._advance()
        elif self.config.games == 0:
            pass  # a window hosts: its player starts the next game (``new_game``)
        else:
            self._done.set()
            self._shut("every game has been played", True)
