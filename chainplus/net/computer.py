"""The computer's moves over the network: a host's computer seats (``Computer``: thinks off
the host's loop and answers when the pace allows) and the network bot's seat
(``ComputerMoves``: chosen at once on the bot's own thread)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.app.seats import SeatSpec
from chainplus.core.game import Game
from chainplus.net.client import Joiner
from chainplus.net.pace import Pace

#: What the host is told when its computer has an answer: the game thought about, the seat
#: it moves for and the square (the host checks the game has not moved on meanwhile).
Answer = Callable[[Game, int, int], None]


class Computer:
    """Thinks for ``budget`` seconds a move, seeded from ``rng``, on ``loop``; ``answer`` is
    told each square once ``pace`` allows."""

    def __init__(self, loop: asyncio.AbstractEventLoop, rng: random.Random, budget: float,
                 pace: Pace, answer: Answer) -> None:
        self._loop, self._rng, self._budget = loop, rng, budget
        self._pace, self._answer = pace, answer
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None

    def think(self, game: Game, plan: SeatSpec) -> None:
        """Choose a move for ``game``'s seat to move, as ``plan`` plays it."""
        self._task = self._loop.create_task(self._think(game, plan))

    async def _think(self, game: Game, plan: SeatSpec) -> None:
        seat = game.to_move or 0
        rng = random.Random(self._rng.random())
        try:
            square = await asyncio.to_thread(choose_move, game.copy(), plan.level,
                                             plan.random_pct, rng,
                                             limit=Limit(time=self._budget))
            await self._pace.wait()
        finally:
            self._task = None
        self._answer(game, seat, square)


class ComputerMoves:
    """The computer's moves for a joiner's seat: one move a position, until ``forget``."""

    def __init__(self, level: int, random_pct: int, rng: random.Random, limit: Limit) -> None:
        self._level, self._random_pct, self._rng, self._limit = level, random_pct, rng, limit
        self._answered: tuple[int, int] | None = None  # the game's number and its moves

    def propose(self, joiner: Joiner) -> int | None:
        """The square to play when the host waits on our move in a position not answered
        yet, else None."""
        state = joiner.state
        if state is None or not joiner.my_turn():
            return None
        position = (state.number, len(state.game.moves))
        if position == self._answered:
            return None
        self._answered = position
        return choose_move(state.game, self._level, self._random_pct, self._rng,
                           limit=self._limit)

    def forget(self) -> None:
        """The host may not have our last move (it refused it, or we joined again): answer
        the position again."""
        self._answered = None
