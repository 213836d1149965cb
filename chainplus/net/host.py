"""The host: the one authority over a network game.

A ``Host`` holds the game, plays its computer seats, checks every move with the rules and
tells every joined peer and listener each move it accepts. It runs an asyncio loop on its own
thread, so a window can host without its frame loop ever waiting on the network: every public
call returns at once and the work is done on the host's thread.

A joiner that drops keeps its seat and the game waits on it until its player joins again with
its token (or, after the grace, a newcomer does: ``holders``). With a move clock
(``HostConfig.move_seconds``) a network seat that takes too long is handed to the host's
computer. Nothing a peer sends can change the game except a legal move for its own seat, in
turn; anything else gets an error to that peer alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from chainplus.app.seats import SeatSpec
from chainplus.core.game import Game
from chainplus.core.rules import IllegalMoveError
from chainplus.net import protocol as msg
from chainplus.net.computer import Computer
from chainplus.net.door import Door, Listen
from chainplus.net.framing import MAX_CLIENT_LINE
from chainplus.net.hosted_game import HostConfig, HostedGame, HostView
from chainplus.net.link import LinkEvent, superseded
from chainplus.net.loop_thread import LoopThread
from chainplus.net.move_clock import MoveClock
from chainplus.net.pace import Pace
from chainplus.net.transport import REAL_NETWORK, Listener, Network

__all__ = ["Host", "HostConfig", "HostView"]

#: Seconds a stopping host gives its peers to take their last lines (the goodbye).
SHUT_GRACE = 0.2


class Host:
    """A network game's host on its own thread."""

    def __init__(self, config: HostConfig, on_move: Callable[[Game], None] | None = None,
                 on_game_over: Callable[[Game], None] | None = None,
                 network: Network = REAL_NETWORK) -> None:
        """``on_move`` and ``on_game_over`` run on the host's thread after each accepted move
        and each finished game (an autosave, a record file); they must not block for long."""
        self.config = config
        self.code = config.code.upper()
        self.address: tuple[str, int] = (config.listen, config.port)
        self._network = network
        self._on_move, self._on_game_over = on_move, on_game_over
        self._thread = LoopThread(network.clock, "chainplus-host")
        self._loop = self._thread.loop
        self._game = HostedGame(config, self._loop.time())
        self._door = Door(config, self._game, self._changed, self._peer_move)
        self._pace = Pace(self._loop, config.pause, config.shown)
        self._move_clock = MoveClock(self._loop, config.move_seconds, self._out_of_time)
        self._computer = Computer(self._loop, random.Random(config.seed), config.budget,
                                  self._pace, self._answered)
        self._closing = False
        self._ended: Game | None = None  # the last game whose end was dealt with
        self._done = threading.Event()
        self._listener: Listener | None = None
        self._tasks: list[asyncio.Task[None]] = []  # the pinger, then the closer
        self._followers: list[queue.SimpleQueue[dict[str, Any] | None]] = []  # ``follow``

    # ------------------------------------------------------------------ from other threads
    def start(self) -> tuple[str, int]:
        """Listen and start the host's thread; the address it listens on (the port is the
        one chosen when 0 was asked for). Raises OSError when it cannot listen."""
        self._thread.start(self._listen)
        return self.address

    def stop(self) -> None:
        """Say goodbye to every peer, close every connection and end the thread."""
        if self._thread.alive():
            self._thread.call(self._shut, "the host stopped", False)
            self._thread.join(10)

    def alive(self) -> bool:
        return self._thread.alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every game has been played; whether they have."""
        return self._done.wait(timeout)

    def snapshot(self) -> HostView:
        return self._game.view(self._done.is_set(), len(self._door.peers))

    def resume_data(self) -> dict[str, Any]:
        """What this host started again needs besides the game (JSON-ready): its code, the
        game's number and the players' tokens. Safe from any thread."""
        return {"code": self.code, **self._game.resume_data()}

    def subscribe(self, listener: Listen) -> None:
        """Have ``listener`` called with every message the host sends to all from now on, the
        game as it stands first (on the host's thread: it must not block)."""
        self._door.subscribe(listener)
        self.resend()

    def follow(self, events: queue.Queue[LinkEvent], wake: Callable[[], None]) -> None:
        """Put every message the host sends to all on ``events`` from now on, read as a joiner
        reads them, calling ``wake`` after each: a hosting window's line. They are read on a
        thread of their own, so the host's thread never replays a game's record."""
        unread: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self._followers.append(unread)

        def behind() -> None:  # the line dropped what waited: the game as it stands, to it alone
            self._thread.call(lambda: unread.put(msg.game_message(self._game.state())))

        threading.Thread(target=_read, args=(unread, events, wake, behind), daemon=True,
                         name="chainplus-host-line").start()
        self.subscribe(unread.put)

    def resend(self) -> None:
        """Send the game as it stands to every peer and listener (one out of step asked)."""
        self._thread.call(self._send_game)

    def play(self, seat: int, square: int) -> None:
        """A move for one of the host's human seats; ignored unless legal and in turn (the
        window checks first, and sees the move come back to its listener)."""
        self._thread.call(self._local_move, seat, square)

    def set_seat(self, seat: int, plan: SeatSpec) -> None:
        """Who plays ``seat`` from now on, in the game under way (a seat handed to the computer,
        say); a joiner who held it is told and let go."""
        self._thread.call(self._set_seat, seat, plan)

    def new_game(self, game: Game, seats: tuple[SeatSpec, ...]) -> None:
        """Play ``game`` next with ``seats``: joiners who keep a network seat keep it; the
        others are told and let go."""
        self._thread.call(self._new_game, game.copy(), seats)

    def set_pause(self, seconds: float) -> None:
        """How long the host's computer seats wait after each move from now on."""
        self._pace.pause = seconds

    def shown(self, moves: int) -> None:
        """The hosting window has shown the game's move number ``moves`` whole (its chain
        over): the host's computer may answer it ``pause`` seconds from now."""
        self._thread.call(self._pace.shown, moves)

    # ------------------------------------------------------------------ the thread
    async def _listen(self) -> None:
        self._listener = await self._network.transport.listen(
            self._door.serve, self.config.listen, self.config.port, MAX_CLIENT_LINE)
        self.address = self._listener.address
        self._tasks.append(asyncio.create_task(self._door.ping()))
        self._advance()

    def _shut(self, reason: str, done: bool) -> None:
        """Close everything and end the loop, once (stop may come late)."""
        if self._closing:
            return
        self._closing = True
        self._move_clock.stop()
        self._door.broadcast({"bye": reason, "done": done})
        for unread in self._followers:
            unread.put(None)  # nothing more comes
        self._door.close()
        if self._listener is not None:
            self._listener.close()
        for task in self._tasks:
            task.cancel()
        self._tasks.append(self._loop.create_task(self._wind_down()))

    async def _wind_down(self) -> None:
        await self._door.closed(SHUT_GRACE)
        self._loop.stop()

    def _changed(self) -> None:
        """Who holds the seats changed: tell everyone, and go on (the game may start)."""
        self._send_game()
        self._advance()

    def _send_game(self) -> None:
        self._door.broadcast(msg.game_message(self._game.state()))

    # ------------------------------------------------------------------ moves
    def _peer_move(self, seat: int, move: msg.Move) -> str | None:
        """A joined peer's move for its seat: played, or why not."""
        return self._game.refusal(seat, move) or self._apply(move.square)

    def _local_move(self, seat: int, square: int) -> None:
        if self._game.awaits(seat, "human"):
            self._apply(square)

    def _set_seat(self, seat: int, plan: SeatSpec, why: str = "") -> None:
        holder = self._game.set_seat(seat, plan)
        if holder is not None:
            self._door.let_go(holder, why or f"the host gave seat {seat} to its {plan.kind} "
                                             "player")
        self._changed()

    def _out_of_time(self, seat: int) -> None:
        """The network seat to move took too long: the host's computer plays it from now on,
        at the seat's level, and everyone is told."""
        if self._closing or not self._game.awaits(seat, "network"):
            return
        plan, seconds = self._game.seats[seat - 1], self.config.move_seconds or 0
        self._door.broadcast(msg.timed_out(seat, plan.level, seconds))
        self._set_seat(seat, replace(plan, kind="computer"),
                       f"you ran out of time ({seconds:.0f} s a move): the computer plays seat "
                       f"{seat} now")

    def _new_game(self, game: Game, seats: tuple[SeatSpec, ...]) -> None:
        self._pace.reset()
        for holder in self._game.new_game(game, seats):
            self._door.let_go(holder, "the host's next game has no network seat for you")
        self._changed()

    def _apply(self, square: int) -> str | None:
        """Play a move whose seat and turn were checked, tell everyone, and go on; why the
        rules refuse it (nothing done), or None."""
        try:
            message = self._game.play(square)
        except IllegalMoveError as exc:
            return str(exc)
        self._pace.moved(len(self._game.game.moves))
        self._door.broadcast(message)
        if self._on_move is not None:
            self._on_move(self._game.game)
        self._advance()
        return None

    # ------------------------------------------------------------------ what comes next
    def _advance(self) -> None:
        """Start the game, end it, or set a computer seat thinking or a move clock running."""
        self._next()
        hosted, seat = self._game, self._game.game.to_move or 0
        network = not self._closing and hosted.awaits(seat, "network")
        self._move_clock.follow((hosted.number, len(hosted.game.moves), seat) if network
                                else None, self._pace.left())

    def _next(self) -> None:
        hosted = self._game
        if self._closing:
            return
        if hosted.game.winner is not None:
            if self._ended is not hosted.game:  # each game ends once
                self._ended = hosted.game
                self._game_over()
            return
        if hosted.start():
            self._send_game()
        seat = hosted.game.to_move or 0
        if hosted.awaits(seat, "computer") and not self._computer.busy:
            self._computer.think(hosted.game, hosted.seats[seat - 1])

    def _answered(self, game: Game, seat: int, square: int) -> None:
        """The computer's square for ``seat``, played if the game has not moved on."""
        if self._done.is_set():
            return
        hosted = self._game
        if game is hosted.game and hosted.kind(seat) == "computer" and game.to_move == seat:
            self._apply(square)
        else:
            self._advance()  # the game, or who plays the seat, changed while it thought

    def _game_over(self) -> None:
        self._send_game()
        if self._on_game_over is not None:
            self._on_game_over(self._game.game)
        if self._game.end_game():
            self._send_game()
            self._advance()
        elif self.config.games == 0:
            pass  # a window hosts: its player starts the next game (``new_game``)
        else:
            self._done.set()
            self._shut("every game has been played", True)


def _read(unread: queue.SimpleQueue[dict[str, Any] | None], events: queue.Queue[LinkEvent],
          wake: Callable[[], None], behind: Callable[[], None]) -> None:
    """``Host.follow``'s thread: each message read onto ``events``, until None; ``behind``
    when ``events`` had too many moves waiting and dropped them (``link.Events``)."""
    while True:
        batch = [unread.get()]
        with contextlib.suppress(queue.Empty):
            while True:
                batch.append(unread.get_nowait())
        for data in _unsuperseded(batch):
            if data is None:
                wake()
                return
            try:
                event: LinkEvent = msg.host_message(data)
            except (ValueError, TypeError, KeyError) as exc:
                event = msg.BadMessage(str(exc))
            try:
                events.put(event)
            except ConnectionError:  # what else this batch holds, the whole game brings
                behind()
                break
        wake()


def _unsuperseded(batch: list[dict[str, Any] | None]) -> list[dict[str, Any] | None]:
    """``batch`` without the games a later one supersedes (the same game, no move between)."""
    kept: list[dict[str, Any] | None] = []
    for data in batch:
        if data is not None and "game" in data:
            kept = superseded(kept, data["game"]["number"], _is_move, _game_of)
        kept.append(data)
    return kept


def _is_move(data: dict[str, Any] | None) -> bool:
    return data is not None and "moved" in data


def _game_of(data: dict[str, Any] | None) -> int | None:
    return data["game"]["number"] if data is not None and "game" in data else None
