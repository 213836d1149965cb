"""Level 5's search: iterative-deepening alpha-beta over ``Game.settle``/``Game.undo``.

This module holds the root; ``alphabeta`` searches the nodes above the horizon and ``horizon``
the budget and the leaves. The search has no rule of its own: each node is a real move made
with ``Game.settle`` (``Game.play`` without the waves a screen needs), so it sees exactly the
positions and winners the window shows.

At the root an immediate win is played at once, and moves that hand the next seat one are
dropped when some move does not. When the clock, node limit or ``stop`` says so (polled at every
node), the best move of the deepest finished iteration, or of the unfinished one if better, wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from chainplus.ai.alphabeta import MAX_DEPTH, AlphaBeta
from chainplus.ai.evaluate import WIN
from chainplus.ai.horizon import QUIESCENCE_PLIES, OutOfTime, can_win_at_once
from chainplus.ai.limits import Limit, Setup
from chainplus.common.clock import REAL_CLOCK
from chainplus.core.game import Game

#: Time kept back from the budget for unwinding and answering, at most (seconds).
MARGIN = 0.004
#: How the search is set up in play.
DEFAULT_SETUP = Setup()


class SearchResult(NamedTuple):
    """What one search found: the move, its value, the deepest finished depth and the nodes."""

    move: int
    value: int
    depth: int
    nodes: int


class Searcher(AlphaBeta):
    """One search from one position for the seat to move: the root and iterative deepening.

    Mutates the game and restores it; ``search`` gives it a copy.
    """

    def _safe_moves(self, moves: list[int]) -> tuple[int | None, list[int]]:
        """An immediate win if there is one, and the moves that give the next seat none.

        Cheap (only the next seat's loaded squares are tried) and only ``stop`` or the clock
        cut it short, never the node limit, so these two promises hold at any node limit.
        """
        game = self.game
        safe: list[int] = []
        for sq in moves:
            game.settle(sq)
            try:
                if game.winner == self.me:
                    return sq, []
                if not can_win_at_once(game):
                    safe.append(sq)
            finally:
                game.undo()
            self._poll_clock()
        return None, safe

    def run(self, rng: random.Random, max_depth: int = MAX_DEPTH) -> SearchResult:
        """Search one ply deeper at a time, best moves first, until the budget runs out."""
        moves = [sq for _, sq in self.order.moves(self.game, -1, 0, None)]
        try:
            win, safe = self._safe_moves(moves)
        except OutOfTime:
            return SearchResult(moves[0], 0, 0, self.nodes)
        if win is not None:
            return SearchResult(win, WIN, 1, self.nodes)
        candidates = safe or moves
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0, 0, self.nodes)
        # a seeded shuffle breaks ties between equally good moves fairly
        rng.shuffle(candidates)
        best_move, best_value, finished = candidates[0], -WIN - 1, 0
        scores = {sq: 0 for sq in candidates}
        for depth in range(1, max_depth + 1):
            if depth > 1:
                candidates.sort(key=scores.__getitem__, reverse=True)
            iter_best, iter_value = -1, -WIN - 1
            try:
                for searched, sq in enumerate(candidates):
                    self.game.settle(sq)
                    try:
                        if searched:
                            score = self._pvs(depth - 1, iter_value, WIN + 1, 0, None, True)
                        else:  # the first move gets the full window
                            score = self._after(depth - 1, iter_value, WIN + 1, 0,
                                                self.quiescence, None)
                    finally:
                        self.game.undo()
                    scores[sq] = score
                    if score > iter_value:
                        iter_best, iter_value = sq, score
            except OutOfTime:
                # the first move searched is last iteration's best, so whatever leads this
                # unfinished iteration is at least as good a choice
                if iter_best >= 0:
                    best_move, best_value = iter_best, iter_value
                break
            best_move, best_value, finished = iter_best, iter_value, depth
            if abs(best_value) >= WIN - MAX_DEPTH - QUIESCENCE_PLIES:
                break  # the result is decided: searching deeper changes nothing
        return SearchResult(best_move, best_value, finished, self.nodes)


def search(game: Game, limit: Limit, *, stop: Callable[[], bool] | None = None,
           rng: random.Random | None = None, setup: Setup = DEFAULT_SETUP,
           now: Callable[[], float] = REAL_CLOCK.now) -> SearchResult:
    """The best move for the seat to move within ``limit``; ``stop`` ends the search when True.

    Works on a copy of ``game``. The clock ``now`` starts at the call and the answer comes at
    most ``MARGIN`` before ``limit.time`` is up; ``rng`` breaks ties (seed 0 when not given).
    """
    if game.winner is not None:
        raise ValueError("the game is over: there is no move to search for")
    start = now()
    budget = limit.time
    deadline = None if budget is None else start + budget - min(MARGIN, budget * 0.04)
    searcher = Searcher(game.copy(), setup, deadline, limit.nodes, stop, now)
    depth = MAX_DEPTH if limit.depth is None else limit.depth
    return searcher.run(rng or random.Random(0), depth)
