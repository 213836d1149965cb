"""A host's game, who holds each network seat, and the checks every move from the network
passes. Plain data and rules, no sockets and no clock (the host's time is handed in as ``now``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from chainplus.app.seats import SeatKind, SeatSpec, seats_in_game
from chainplus.core.game import Game
from chainplus.core.records import record_of
from chainplus.core.rules import DEFAULT_RULES, Rules
from chainplus.net import protocol as msg
from chainplus.net.codes import new_code as new_code  # where a hosting window finds it
from chainplus.net.holders import Holders
from chainplus.net.peer import Limits

#: How long a computer seat of the host thinks at level 5, in seconds.
HOST_BUDGET = 0.3
#: Spectators a host lets watch at once unless told otherwise.
SPECTATORS = 8
#: Seconds a player who has gone keeps its seat from newcomers unless told otherwise.
GRACE = 180.0


@dataclass(frozen=True)
class HostConfig:
    """What a host plays and how it listens."""

    seats: tuple[SeatSpec, ...]
    rules: Rules = DEFAULT_RULES
    games: int = 1  # 0: a window hosts, and starts each next game when its player asks
    code: str = field(default_factory=new_code)
    listen: str = "127.0.0.1"
    port: int = 0
    seed: int | None = None
    limits: Limits = Limits()
    resume: Game | None = None  # an unfinished first game to carry on (a restarted host)
    budget: float = HOST_BUDGET
    #: Seconds the host's computer seats wait after a move before answering it (0: as soon
    #: as they have chosen); with ``shown``, counted from when the hosting window says it has
    #: shown that move's chain (``Host.shown``), so its player sees the chain whole first.
    pause: float = 0.0
    shown: bool = False
    spectators: int = SPECTATORS  # at most this many watch without a seat at once (0: none)
    grace: float = GRACE  # seconds a player who has gone keeps its seat from newcomers
    move_seconds: float | None = None  # a network seat's time for a move (None: no clock)
    tokens: tuple[tuple[int, str], ...] = ()  # (seat, token) of the players of a restarted host
    first: int = 1  # the number of the first game (a restarted host carries on its count)


@dataclass(frozen=True)
class HostView:
    """What a host is doing, for a window or a test (a copy: safe from any thread)."""

    number: int  # the game being played, 1-based
    record: dict[str, Any]
    connected: tuple[int, ...]
    waiting: tuple[int, ...]
    started: bool
    finished: tuple[dict[str, Any], ...]  # the records of the games played to the end
    done: bool
    peers: int  # connections open, joined or not


class HostedGame:
    """The game being played and who holds its network seats. ``lock`` guards what other
    threads read (``view``); the rest runs on the host's thread only."""

    def __init__(self, config: HostConfig, now: float = 0.0) -> None:
        """``now``: the host's time as it starts (the restarted players' grace runs from it)."""
        self.config = config
        self.lock = threading.Lock()
        self.number = config.first
        self.seats = list(config.seats)  # who plays each seat now (a hosting window changes it)
        self.rules = config.rules
        self.game = config.resume.copy() if config.resume else self._new_game()
        self.started = False  # every network seat has been held at once since the game began
        self.holders = Holders(config.grace, config.tokens, now)
        self.finished: list[dict[str, Any]] = []

    def _new_game(self) -> Game:
        return Game(seats_in_game(tuple(self.seats)), self.rules)

    def kind(self, seat: int) -> SeatKind:
        return self.seats[seat - 1].kind

    def connected(self) -> tuple[int, ...]:
        return tuple(sorted(self.holders.holder))

    def waiting(self) -> tuple[int, ...]:
        """The game's network seats that nobody holds."""
        return tuple(s for s in self.game.seats
                     if self.kind(s) == "network" and s not in self.holders.holder)

    def state(self) -> msg.GameState:
        return msg.GameState(self.number, self.config.games, self.game, tuple(self.seats),
                             self.connected(), self.waiting(), self.started)

    def view(self, done: bool, peers: int) -> HostView:
        with self.lock:
            return HostView(self.number, record_of(self.game), self.connected(),
                            self.waiting(), self.started, tuple(self.finished), done, peers)

    # ------------------------------------------------------------------ seats
    def seat_for(self, hello: msg.Hello, now: float) -> int | str:
        """The seat a hello with the right code gets, or why none."""
        if hello.token is not None:
            seat = self.holders.seat_of(hello.token)
            return "unknown token" if seat is None else seat
        return self.holders.choose(hello.seat, self.waiting(), now)

    def hold(self, seat: int, holder: object, fresh: bool) -> tuple[object | None, str]:
        """Give ``seat`` to ``holder`` (``fresh``: a newcomer, not a token): the holder it had
        (a connection of the same player left behind) and the player's token."""
        with self.lock:
            return self.holders.hold(seat, holder, fresh)

    def set_seat(self, seat: int, plan: SeatSpec) -> object | None:
        """Who plays ``seat`` of the game from now on; the holder it takes the seat from, if
        any. A seat not in the game stays out of it."""
        if seat not in self.game.seats or plan.kind == "off":
            return None
        with self.lock:
            self.seats[seat - 1] = plan
            return None if plan.kind == "network" else self.holders.forget(seat)

    def new_game(self, game: Game, seats: tuple[SeatSpec, ...]) -> list[object]:
        """Play ``game`` with ``seats`` from now on; the holders of seats that are no longer
        network seats."""
        with self.lock:
            if self.game.moves or self.game.winner is not None:
                self.number += 1
            self.game, self.seats, self.rules = game.copy(), list(seats), game.rules
            self.started = False
            gone = [s for s in self.holders.token if seats[s - 1].kind != "network"
                    or s not in game.seats]
            return [held for s in gone if (held := self.holders.forget(s)) is not None]

    def leave(self, seat: int | None, holder: object) -> bool:
        """``holder`` is done with ``seat``: it is free for anyone at once; whether it held
        it."""
        with self.lock:
            return self.holders.leave(seat, holder)

    def resume_data(self) -> dict[str, Any]:
        """What a host started again needs besides the game and its code: the game's number
        and the players' tokens (JSON-ready)."""
        with self.lock:
            return {"game": self.number,
                    "tokens": {str(seat): token for seat, token in self.holders.token.items()}}

    def release(self, seat: int | None, holder: object, now: float) -> bool:
        """``holder`` lets go of ``seat`` (its player is away from ``now``); whether it held
        it."""
        with self.lock:
            return self.holders.release(seat, holder, now)

    # ------------------------------------------------------------------ moves
    def awaits(self, seat: int | None, kind: SeatKind | None = None) -> bool:
        """Whether the game waits on a move from ``seat`` (played by ``kind``, if given)."""
        return (seat is not None and self.started and self.game.winner is None
                and self.game.to_move == seat and kind in (None, self.kind(seat)))

    def refusal(self, seat: int, move: msg.Move) -> str | None:
        """Why a network move from the holder of ``seat`` is refused before the rules look at
        it, or None."""
        game = self.game
        if move.seat is not None and move.seat != seat:
            return f"you hold seat {seat}, not seat {move.seat}"
        if not self.started:
            return f"the game has not started: waiting for seats {list(self.waiting())}"
        if game.winner is not None:
            return "the game is over"
        if game.to_move != seat:
            return f"it is seat {game.to_move}'s turn, not yours"
        if move.number is not None and move.number != len(game.moves) + 1:
            return f"that move is stale: the next is number {len(game.moves) + 1}"
        return None

    def play(self, square: int) -> dict[str, Any]:
        """Play a checked move (IllegalMoveError: nothing done); the ``moved`` message."""
        seat = self.game.to_move or 0
        with self.lock:
            self.game.play(square)
        return msg.moved(square, seat, len(self.game.moves))

    def start(self) -> bool:
        """Start the game if it waits on nobody; whether it started just now."""
        if self.started or self.waiting():
            return False
        self.started = True
        return True

    def end_game(self) -> bool:
        """Keep the finished game's record and set up the next game; False when it was the
        last, or when a window hosts (it starts the next game itself: ``new_game``)."""
        with self.lock:
            self.finished.append(record_of(self.game))
            if self.config.games == 0 or self.number >= self.config.games:
                return False
            self.number += 1
            self.game = self._new_game()
            self.started = False
        return True
