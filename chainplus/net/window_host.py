"""A host run by a game window (``ui/window/hosting.py``): a ``Host`` that also plays the
window's own human seats, tells the window everything it tells its joiners (``subscribe``),
and follows the window's panel and its New: a seat handed to another player in the middle of
a game, and the next game, with its seats, when the window's player starts it (the window's
host plays games without end: ``HostConfig.games`` 0). Every call returns at once; the work
is done on the host's thread.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from chainplus.core.game import Game
from chainplus.core.rules import IllegalMoveError
from chainplus.net.host import Host
from chainplus.net.seats import HostSeat
from chainplus.net.table import Pace


class WindowHost(Host):
    """A window's host: its moves, its panel and its New."""

    def subscribe(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Have ``listener`` called (on the host's thread; it must not block) with every
        message the host sends to all its peers from now on, the game as it stands first:
        what a hosting window shows."""
        with self._table.lock:
            self._subscribers.append(listener)
        self.resend()

    def set_pace(self, pace: Pace) -> None:
        """How long the window shows each move now (its speed changed)."""
        self._table.pace = pace

    def resend(self) -> None:
        """Send the game as it stands to every peer and listener (one out of step asked)."""
        self._call(self._send_game)

    def play(self, seat: int, square: int) -> None:
        """A move for one of the host's human seats; ignored unless legal and in turn (the
        window checks first, and sees the move come back as an event)."""
        self._call(self._local_move, seat, square)

    def set_seat(self, seat: int, plan: HostSeat) -> None:
        """Who plays ``seat`` from now on, in the game under way (a seat handed to the computer,
        say); a joiner who held it is told and let go."""
        self._call(self._set_seat, seat, plan)

    def new_game(self, game: Game, seats: tuple[HostSeat, ...]) -> None:
        """Play ``game`` next with ``seats`` (a hosting window's New or Play on): joiners who
        keep a network seat keep it; the others are told and let go."""
        self._call(self._new_game, game.copy(), seats)

    # ------------------------------------------------------------------ the thread
    def _set_seat(self, seat: int, plan: HostSeat) -> None:
        holder = self._table.set_seat(seat, plan)
        if holder is not None:
            self._let_go(holder, f"the host gave seat {seat} to its {plan.kind} player")
        self._send_game()
        self._advance()

    def _new_game(self, game: Game, seats: tuple[HostSeat, ...]) -> None:
        for holder in self._table.new_game(game, seats):
            self._let_go(holder, "the host's next game has no network seat for you")
        self._send_game()
        self._advance()

    def _local_move(self, seat: int, square: int) -> None:
        if self._table.awaits(seat) and self._table.kind(seat) == "human":
            with contextlib.suppress(IllegalMoveError):
                self._apply(square)
