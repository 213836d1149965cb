"""Level 5's search: iterative-deepening alpha-beta over ``Game.play``/``Game.undo``.

With more than two seats the search is *paranoid*: every rival is assumed to play against the
searching seat, so one alpha-beta serves 2, 3 and 4 seats. The search never has a rule of its
own: each node is a real ``Game.play`` undone with ``Game.undo``, so it sees exactly the cascades
the window shows. Before searching, the root drops moves that let the next seat win at once
(when some move does not) and plays an immediate win straight away.

The clock, the node limit and the ``stop`` callable are polled at every node (well under a
millisecond apart, except inside one very long cascade); when any of them says so the search unwinds and the best move of the
deepest finished iteration (or of the unfinished one, if it already found a better move) is
returned.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from .evaluate import LOADED_AT, WIN, evaluate
from .game import Game

#: Deepest iteration tried: beyond this the tree is too big for any sensible budget anyway.
MAX_DEPTH = 12
#: Share of the budget the search itself may use: the rest covers unwinding and answering.
BUDGET_SHARE = 0.96

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):
    """Raised inside the search to unwind it when the budget, node limit or stop says so."""


class SearchResult(NamedTuple):
    """What one search found: the move, its value, the deepest finished depth and the nodes."""

    move: int
    value: int
    depth: int
    nodes: int


def wins_now(game: Game, seat: int, square: int) -> bool:
    """True when playing ``square`` (for the seat to move, ``seat``) wins the game at once."""
    game.play(square)
    won = game.winner == seat
    game.undo()
    return won


def winning_replies(game: Game) -> list[int]:
    """The moves that win at once for the seat to move.

    Only a placement that explodes can knock anybody out, so only the seat's loaded squares
    (one piece short of exploding) need trying.
    """
    if game.winner is not None:
        return []
    seat = game.to_move
    loaded_at = LOADED_AT[game.rules]
    counts = game.counts
    owners = game.owners
    # listed before any try: each try changes the board (and undo puts it back)
    loaded = [sq for sq in range(len(owners)) if owners[sq] == seat and counts[sq] == loaded_at[sq]]
    return [sq for sq in loaded if wins_now(game, seat, sq)]


class Searcher:
    """One search from one position for the seat to move. Mutates the game and restores it."""

    def __init__(
        self,
        game: Game,
        deadline: float | None,
        stop: Callable[[], bool] | None,
        max_nodes: int | None,
        rng: random.Random,
    ) -> None:
        self.game = game
        self.me = game.to_move
        self.deadline = deadline
        self.stop = stop
        self.max_nodes = max_nodes
        self.rng = rng
        self.nodes = 0
        self.loaded_at = LOADED_AT[game.rules]
        self.history = [[0] * 64 for _ in range(5)]
        self.table: dict[tuple, tuple[int, int, int, int]] = {}

    # ------------------------------------------------------------------ budget
    def _poll(self) -> None:
        """Unwind when the node limit, the clock or ``stop`` says so."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _OutOfTime
        self._poll_clock()

    def _poll_clock(self) -> None:
        """Unwind when the clock or ``stop`` says so (the node limit aside)."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfTime
        if self.stop is not None and self.stop():
            raise _OutOfTime

    # ------------------------------------------------------------------ ordering
    def _ordered(self, best: int) -> list[int]:
        """The legal moves, most promising first: the remembered best, explosions, history."""
        game = self.game
        counts = game.counts
        loaded_at = self.loaded_at
        history = self.history[game.to_move]
        moves = game.legal_moves()
        keys = {sq: history[sq] + (1 << 20 if counts[sq] == loaded_at[sq] else 0) for sq in moves}
        if best >= 0:
            keys[best] = 1 << 30
        moves.sort(key=keys.__getitem__, reverse=True)
        return moves

    # ------------------------------------------------------------------ alpha-beta
    def _alphabeta(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        # every node: a look costs far less than a node, and one late-game cascade is slow
        self._poll()
        game = self.game
        me = self.me
        winner = game.winner
        if winner is not None:
            return WIN - ply if winner == me else -WIN + ply
        if me not in game.alive:
            return -WIN + ply
        if depth == 0:
            return evaluate(game, me)
        key = (tuple(game.counts), tuple(game.owners), game.to_move, game.placed)
        entry = self.table.get(key)
        best_move = -1
        if entry is not None:
            e_depth, e_flag, e_value, best_move = entry
            if e_depth >= depth:
                if e_flag == _EXACT:
                    return e_value
                if e_flag == _LOWER and e_value >= beta:
                    return e_value
                if e_flag == _UPPER and e_value <= alpha:
                    return e_value
        maximising = game.to_move == me
        history = self.history[game.to_move]
        play = game.play
        undo = game.undo
        alpha0, beta0 = alpha, beta
        if maximising:
            value = -WIN - 1
            for sq in self._ordered(best_move):
                play(sq)
                score = self._alphabeta(depth - 1, alpha, beta, ply + 1)
                undo()
                if score > value:
                    value, best_move = score, sq
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            history[sq] += depth * depth
                            break
        else:
            value = WIN + 1
            for sq in self._ordered(best_move):
                play(sq)
                score = self._alphabeta(depth - 1, alpha, beta, ply + 1)
                undo()
                if score < value:
                    value, best_move = score, sq
                    if score < beta:
                        beta = score
                        if alpha >= beta:
                            history[sq] += depth * depth
                            break
        if value <= alpha0:
            flag = _UPPER
        elif value >= beta0:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (depth, flag, value, best_move)
        return value

    # ------------------------------------------------------------------ root
    def run(self, max_depth: int = MAX_DEPTH) -> SearchResult:
        """Search deeper and deeper until the budget runs out; the best move found."""
        game = self.game
        me = self.me
        moves = self._ordered(-1)
        # One pass over every move: a move that wins now is played at once, and moves that
        # hand the next seat a win at once are left out unless every move does. The pass is
        # cheap (only the next seat's loaded squares are tried) and only ``stop`` or the clock
        # cut it short, never the node limit, so these two promises hold at any node limit.
        safe: list[int] = []
        try:
            for sq in moves:
                game.play(sq)
                try:
                    if game.winner == me:
                        return SearchResult(sq, WIN, 1, self.nodes)
                    if not winning_replies(game):
                        safe.append(sq)
                finally:
                    game.undo()
                self._poll_clock()
        except _OutOfTime:
            return SearchResult(safe[0] if safe else moves[0], 0, 0, self.nodes)
        candidates = safe or moves
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0, 0, self.nodes)
        # a seeded shuffle breaks ties between equally good moves fairly
        self.rng.shuffle(candidates)
        best_move, best_value, finished = candidates[0], -WIN - 1, 0
        scores = {sq: 0 for sq in candidates}
        for depth in range(1, max_depth + 1):
            if depth > 1:
                candidates.sort(key=scores.__getitem__, reverse=True)
            iter_best, iter_value = -1, -WIN - 1
            try:
                for sq in candidates:
                    game.play(sq)
                    try:
                        score = self._alphabeta(depth - 1, iter_value, WIN + 1, 1)
                    finally:
                        game.undo()
                    scores[sq] = score
                    if score > iter_value:
                        iter_best, iter_value = sq, score
            except _OutOfTime:
                # the first move searched is last iteration's best, so whatever leads this
                # unfinished iteration is at least as good a choice
                if iter_best >= 0:
                    best_move, best_value = iter_best, iter_value
                break
            best_move, best_value, finished = iter_best, iter_value, depth
            if abs(best_value) >= WIN - MAX_DEPTH:
                break  # the result is decided: searching deeper changes nothing
        return SearchResult(best_move, best_value, finished, self.nodes)


def search(
    game: Game,
    budget: float | None,
    stop: Callable[[], bool] | None = None,
    nodes: int | None = None,
    rng: random.Random | None = None,
    max_depth: int = MAX_DEPTH,
) -> SearchResult:
    """Search ``game`` for the seat to move within ``budget`` seconds and/or ``nodes`` nodes.

    Works on a copy, so the caller's game is never touched.
    """
    if game.winner is not None:
        raise ValueError("the game is over: there is no move to search for")
    deadline = None if budget is None else time.perf_counter() + budget * BUDGET_SHARE
    searcher = Searcher(game.copy(), deadline, stop, nodes, rng or random.Random(0))
    return searcher.run(max_depth)
