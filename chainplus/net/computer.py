"""A host's computer seats: one thinks at a time, off the host's loop (``choose_move`` in a
thread), and answers when the pace allows (``pace``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from chainplus.ai.limits import Limit
from chainplus.ai.players import choose_move
from chainplus.app.seats import SeatSpec
from chainplus.core.game import Game
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
