"""Level 5's node search: alpha-beta over ``Game.settle``/``Game.undo`` above the horizon.

* **Best-reply search** with more than two seats: at the rivals' turn, the strongest move of
  *any* rival is tried, as if it were next, and then the searching seat moves again. It looks
  further ahead at the searching seat's own moves than a *paranoid* search (every rival plays
  in turn against it; ``Setup(best_reply=False)``, kept for comparison). With two seats both
  are plain alpha-beta.
* **Move ordering** (``ordering.py``).
* **Principal variation search** (``_pvs``): the same moves with fewer nodes.
* **Late move reductions** (``_reduced``): good ordering puts the best move among the first
  few, so a quiet move (one that explodes nothing) late in the order is first searched a ply
  shallower; most are refuted that cheaply, so the search gets deeper on its clock.
* **Moves that cannot differ are one move**: firing any square of a run of loaded squares sets
  off the same chain, so explosions that leave the same position are searched once.
* **A transposition table** of positions already searched, keyed by the position's bytes.
"""

from __future__ import annotations

from collections.abc import Callable

from chainplus.ai.evaluate import WIN
from chainplus.ai.horizon import Horizon
from chainplus.ai.limits import Setup
from chainplus.ai.ordering import MoveOrder
from chainplus.core.game import Game

#: Deepest iteration tried: beyond this the tree is too big for any sensible budget anyway.
MAX_DEPTH = 16
#: Late move reductions: at ``LMR_DEPTH`` plies or more from the horizon, every move after the
#: first ``LMR_AFTER`` that explodes nothing is first searched a ply shallower.
LMR_DEPTH = 3
LMR_AFTER = 3

#: What a transposition table entry's value is: exact, or a bound from below or above.
_EXACT, _LOWER, _UPPER = 0, 1, 2


class AlphaBeta(Horizon):
    """The alpha-beta search of the nodes above the horizon, with its table and move order."""

    def __init__(self, game: Game, setup: Setup, deadline: float | None,
                 max_nodes: int | None, stop: Callable[[], bool] | None,
                 now: Callable[[], float]) -> None:
        super().__init__(game, setup, deadline, max_nodes, stop, now)
        self.best_reply = setup.best_reply
        self.lmr = setup.lmr
        self.order = MoveOrder(MAX_DEPTH + 2)
        # key -> (depth searched, _EXACT/_LOWER/_UPPER, value, best move as seat * 64 + square)
        self.table: dict[bytes, tuple[int, int, int, int]] = {}

    def _null_window(self, depth: int, alpha: int, beta: int, ply: int, key: bytes | None,
                     maximising: bool) -> int:
        """The value of the position just played into, searched only to ask whether it beats
        the seat's bound (alpha when maximising, beta when not): cheap, as it cuts off at once
        when it does not. A value beyond the bound is a bound, not the exact value."""
        if maximising:
            return self._after(depth, alpha, alpha + 1, ply, self.quiescence, key)
        return self._after(depth, beta - 1, beta, ply, self.quiescence, key)

    def _pvs(self, depth: int, alpha: int, beta: int, ply: int, key: bytes | None,
             maximising: bool) -> int:
        """The value of the position a node's later move (not its first) just played into, by
        principal variation search: first asked only whether it beats the best so far, with a
        null window, and searched again with the full window only when it does."""
        quiet = self.quiescence
        if beta - alpha <= 1:
            return self._after(depth, alpha, beta, ply, quiet, key)
        score = self._null_window(depth, alpha, beta, ply, key, maximising)
        if alpha < score < beta:
            if maximising:
                score = self._after(depth, score, beta, ply, quiet, key)
            else:
                score = self._after(depth, alpha, score, ply, quiet, key)
        return score

    def _reduced(self, depth: int, alpha: int, beta: int, ply: int, key: bytes | None,
                 maximising: bool) -> int | None:
        """A late quiet move's value from a null-window search one ply shallower, or None when
        that search says the move might beat the best so far (then it gets a full search: a
        reduction may only save work on moves that lose, never pick a move)."""
        score = self._null_window(depth, alpha, beta, ply, key, maximising)
        beaten = score > alpha if maximising else score < beta
        return None if beaten else score

    def _alphabeta(self, depth: int, alpha: int, beta: int, ply: int, key: bytes) -> int:
        """The value of the node keyed ``key``, ``depth`` plies above the horizon, within the
        window (``alpha``, ``beta``); remembered in the table with its best move."""
        entry = self.table.get(key)
        best_move = -1
        if entry is not None:
            e_depth, e_flag, e_value, best_move = entry
            if e_depth >= depth and (e_flag == _EXACT or (e_flag == _LOWER and e_value >= beta)
                                     or (e_flag == _UPPER and e_value <= alpha)):
                return e_value
        game, me = self.game, self.me
        seat = game.to_move or 0
        maximising = seat == me
        alpha0, beta0 = alpha, beta
        value = -WIN - 1 if maximising else WIN + 1
        seen: set[bytes] = set()
        counts, loaded_at, settle, undo = game.counts, self.loaded_at, game.settle, game.undo
        brs = self.best_reply and not maximising
        rivals = [s for s in game.alive if s != me] if brs else None
        searched, quiet = 0, self.quiescence
        reducing = self.lmr and depth >= LMR_DEPTH
        for mover, sq in self.order.moves(game, best_move, ply, rivals):
            fires = counts[sq] == loaded_at[sq]
            game.to_move = mover
            settle(sq)
            try:
                after = None
                if brs and game.winner is None and me in game.alive:
                    game.to_move = me  # best-reply search: the searching seat answers next
                if fires and game.winner is None:
                    # it exploded: skip it when an earlier explosion left the same position
                    after = game.key()
                    if after in seen:
                        continue
                    seen.add(after)
                score = None
                if reducing and searched >= LMR_AFTER and not fires:
                    score = self._reduced(depth - 2, alpha, beta, ply, after, maximising)
                if score is None:
                    score = (self._pvs(depth - 1, alpha, beta, ply, after, maximising) if searched
                             else self._after(depth - 1, alpha, beta, ply, quiet, after))
                searched += 1
            finally:
                undo()
                game.to_move = seat
            if maximising:
                if score > value:
                    value, best_move = score, sq + 64 * mover
                    if score > alpha:
                        alpha = score
            elif score < value:
                value, best_move = score, sq + 64 * mover
                if score < beta:
                    beta = score
            if alpha >= beta:
                self.order.cut(sq, depth, ply, mover)
                break
        flag = _UPPER if value <= alpha0 else _LOWER if value >= beta0 else _EXACT
        self.table[key] = (depth, flag, value, best_move)
        return value
