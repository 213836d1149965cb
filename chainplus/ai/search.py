"""Level 5's search: iterative-deepening alpha-beta over ``Game.settle``/``Game.undo``.

The pieces, and why each is here (README, "How level 5 got stronger", lists the matches that
decided the ones measured one by one):

* **Best-reply search** with more than two seats: at the rivals' turn, the strongest move of
  *any* rival is tried, as if it were next, and then the searching seat moves again. It looks
  further ahead at the searching seat's own moves than a *paranoid* search (every rival plays
  in turn against it), and it won more four-seat games (``Setup.best_reply``; the paranoid
  search is still there for comparison). With two seats both are plain alpha-beta.
* **No rule of its own**: each node is a real move, made with ``Game.settle`` (``Game.play``
  without the waves a screen needs, so late positions, full of long cascades, are searched
  25-35 % faster) and undone with ``Game.undo``, so the search sees exactly the positions the
  window shows (and on a win, the same winner).
* **Quiescence**: a position where the seat to move has a loaded square next to a rival's
  loaded square is a fight in progress, and judging it before the fight is settled misjudges
  it badly. At the horizon, such fights are played out (only those moves, a few plies deep)
  before the evaluation is trusted; the seat to move may also decline ("stand pat"). Only
  while two seats are in (``default_quiescence``): with three or four, where a fight between
  two seats decides less and best-reply search already looks at every rival's sharpest
  answer, one seat without it won 46 and 42 of 100 four-seat games against three old level 5
  seats that the same seat with it won 34 and 35 of (3000 nodes).
* **A win at the horizon**: late in a two-seat game one explosion can sweep the board, and a
  seat that can do so at its next move has won, whatever the evaluation says. So on a board
  at least 60 % full, a horizon position whose seat to move has a move that wins at once is
  scored as that win (a loss, for the rival). Trying that seat's loaded squares costs time
  (``Game.any_wins_at_once`` runs about one cascade per run of them, on copies of the board,
  with nothing to undo), so it is done only where the evaluation has not already settled the
  node. (With more seats, one explosion rarely knocks every rival out, so the check waits for
  two seats.)
* **Move ordering** for alpha-beta (``ordering.py``): the transposition table's move, then two
  killer moves per ply (moves that refuted a sibling), then explosions, then the history
  heuristic.
* **Principal variation search**: after a node's first move, each other move is first only
  asked whether it beats the best so far (a null window, which cuts off at once when it does
  not) and searched in full only when it does. It finds the same moves with 6-13 % fewer
  nodes to a given depth.
* **Late move reductions**: good ordering puts the best move among the first few, so a quiet
  move (one that explodes nothing) late in the order is first searched a ply shallower, with
  a null window; only a move that still looks better than the best so far is searched to full
  depth. Most late moves are refuted that cheaply: on its clock the search gets about a third
  of a ply deeper, and it won 57 and 58 of 100 games (acorn, classic) against itself without
  them at 5000 nodes.
* **Moves that cannot differ are one move**: firing any square of a run of loaded squares sets
  off the same chain, so explosions that leave the same position are searched once.
* **A transposition table** of positions already searched (and of evaluations already made),
  keyed by the position's bytes.
* **At the root**: an immediate win is played at once, and moves that hand the next seat an
  immediate win are dropped when some move does not.

The clock, the node limit and the ``stop`` callable are polled at every node (usually well under
a millisecond apart; a very long cascade, or a win check late in a game, can take a few); when
any of them says so the search unwinds and the best move of the deepest finished iteration (or
of the unfinished one, if it already found a better move) is returned.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from chainplus.ai.evaluate import LOADED_AT, WIN, loaded_squares
from chainplus.ai.limits import Limit, Setup
from chainplus.ai.ordering import MoveOrder, fights
from chainplus.core.game import Game

#: Deepest iteration tried: beyond this the tree is too big for any sensible budget anyway.
MAX_DEPTH = 16
#: How many plies of fights quiescence plays out beyond the horizon (with two seats in).
QUIESCENCE_PLIES = 4
#: Late move reductions: at ``LMR_DEPTH`` plies or more from the horizon, every move after the
#: first ``LMR_AFTER`` that explodes nothing is first searched a ply shallower.
LMR_DEPTH = 3
LMR_AFTER = 3
#: The win check at the horizon runs once the board holds at least this share of its capacity
#: (in tenths): sooner, wins at once are too rare to pay for looking.
WIN_CHECK_TENTHS = 6
#: Time kept back from the budget for unwinding and answering, at most (seconds).
MARGIN = 0.004
#: How the search is set up in play.
DEFAULT_SETUP = Setup()

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):
    """Raised inside the search to unwind it when the budget, node limit or stop says so."""


class SearchResult(NamedTuple):
    """What one search found: the move, its value, the deepest finished depth and the nodes."""

    move: int
    value: int
    depth: int
    nodes: int


def can_win_at_once(game: Game) -> bool:
    """Whether the seat to move has a move that wins at once (it stops at the first found).

    Only a placement that explodes can knock anybody out, so only the seat's loaded squares
    (one piece short of exploding) need trying.
    """
    if game.winner is not None or game.to_move is None:
        return False
    seat = game.to_move
    owners = game.owners
    return game.any_wins_at_once([sq for sq in loaded_squares(game) if owners[sq] == seat])


def default_quiescence(game: Game) -> int:
    """Plies of fights played out past the horizon: ``QUIESCENCE_PLIES`` between two seats,
    none with three or four (module docstring)."""
    return QUIESCENCE_PLIES if len(game.alive) <= 2 else 0


class Searcher:
    """One search from one position for the seat to move. Mutates the game and restores it.

    ``deadline`` is a ``time.perf_counter`` time, ``max_nodes`` a node limit and ``stop`` a
    callable; any of them, when given, ends the search.
    """

    def __init__(self, game: Game, setup: Setup, deadline: float | None,
                 max_nodes: int | None, stop: Callable[[], bool] | None) -> None:
        self.game = game
        self.me = game.to_move
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.judge = setup.judge
        quiescence = setup.quiescence
        self.quiescence = default_quiescence(game) if quiescence is None else quiescence
        self.best_reply = setup.best_reply
        self.lmr = setup.lmr
        self.loaded_at = LOADED_AT[game.rules]
        self.order = MoveOrder(MAX_DEPTH + 2)
        self.table: dict[bytes, tuple[int, int, int, int]] = {}
        self.evals: dict[bytes, int] = {}
        # pieces on the board from which horizon positions are checked for a win at once
        win_from = -(-game.capacity * WIN_CHECK_TENTHS // 10)
        self.win_check_from = win_from if setup.win_check else None
        self.wins: dict[bytes, bool] = {}

    # ------------------------------------------------------------------ budget
    def _poll(self) -> None:
        """Count a node; unwind when the node limit, the clock or ``stop`` says so.

        ``stop`` is called at every node, so it is also where a caller may do something between
        positions: the window's worker lets the window's thread run there now and then.
        """
        self.nodes += 1
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _OutOfTime
        self._poll_clock()

    def _poll_clock(self) -> None:
        """Unwind when the clock or ``stop`` says so (the node limit aside)."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfTime
        if self.stop is not None and self.stop():
            raise _OutOfTime

    # ------------------------------------------------------------------ leaves
    def _static(self, key: bytes) -> int:
        value = self.evals.get(key)
        if value is None:
            value = self.judge.evaluate(self.game, self.me or 0, key)
            self.evals[key] = value
        return value

    def _quiesce(self, alpha: int, beta: int, ply: int, left: int, key: bytes) -> int:
        """The value once the fights between loaded squares are played out (or declined); at
        the horizon, a win at once for the seat to move is looked for first."""
        game = self.game
        stand = self._static(key)
        maximising = game.to_move == self.me
        # standing pat already settles it (a win could only settle it further): no need to look
        if stand >= beta if maximising else stand <= alpha:
            return stand
        if left == self.quiescence and self._wins_next(key):
            return WIN - ply if maximising else -WIN + ply
        if left == 0:
            return stand
        found = fights(game)
        if not found:
            return stand
        if maximising:
            alpha = max(alpha, stand)
        else:
            beta = min(beta, stand)
        best = stand
        for sq in found:
            score = self._child(sq, 0, alpha, beta, ply, left - 1)
            if maximising:
                if score > best:
                    best = score
                    alpha = max(alpha, score)
            elif score < best:
                best = score
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best

    def _child(self, sq: int, depth: int, alpha: int, beta: int, ply: int, qleft: int) -> int:
        """Play ``sq``, value the result (search, quiescence or a decided game), undo."""
        self.game.settle(sq)
        try:
            return self._after(depth, alpha, beta, ply, qleft, None)
        finally:
            self.game.undo()

    def _after(self, depth: int, alpha: int, beta: int, ply: int, qleft: int,
               key: bytes | None) -> int:
        """The value of the position just played into (its key, when already known)."""
        self._poll()
        game = self.game
        winner = game.winner
        me = self.me
        if winner is not None:
            return WIN - ply if winner == me else -WIN + ply
        if me not in game.alive:
            return -WIN + ply
        if key is None:
            key = game.key()
        if depth > 0:
            return self._alphabeta(depth, alpha, beta, ply + 1, key)
        return self._quiesce(alpha, beta, ply + 1, qleft, key)

    def _wins_next(self, key: bytes) -> bool:
        """Whether the seat to move at this horizon position can win at once (looked for only
        between two seats on a board full enough, and remembered per position)."""
        start = self.win_check_from
        game = self.game
        if start is None or len(game.alive) > 2 or sum(game.counts) < start:
            return False
        won = self.wins.get(key)
        if won is None:
            won = self.wins[key] = can_win_at_once(game)
        return won

    # ------------------------------------------------------------------ alpha-beta
    def _null_window(self, depth: int, alpha: int, beta: int, ply: int, key: bytes | None,
                     maximising: bool) -> int:
        """The value of the position just played into, searched only to ask whether it beats
        the seat's bound (alpha when maximising, beta when not): cheap, as it cuts off at once
        when it does not. A value beyond the bound is a bound, not the exact value."""
        if maximising:
            return self._after(depth, alpha, alpha + 1, ply, self.quiescence, key)
        return self._after(depth, beta - 1, beta, ply, self.quiescence, key)

    def _pvs(self, depth: int, alpha: int, beta: int, ply: int, key: bytes | None,
             maximising: bool, searched: int) -> int:
        """The value of the position just played into, by principal variation search.

        The first move of a node gets the full window. Every later one is first asked only
        whether it beats the best so far, with a null window, and searched again with the full
        window only when it does.
        """
        quiet = self.quiescence
        if searched == 0 or beta - alpha <= 1:
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
        game = self.game
        seat = game.to_move or 0
        me = self.me
        maximising = seat == me
        alpha0, beta0 = alpha, beta
        value = -WIN - 1 if maximising else WIN + 1
        seen: set[bytes] = set()
        counts = game.counts
        loaded_at = self.loaded_at
        settle = game.settle
        undo = game.undo
        brs = self.best_reply and not maximising
        rivals = [s for s in game.alive if s != me] if brs else None
        searched = 0
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
                    score = self._pvs(depth - 1, alpha, beta, ply, after, maximising, searched)
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
        if value <= alpha0:
            flag = _UPPER
        elif value >= beta0:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (depth, flag, value, best_move)
        return value

    # ------------------------------------------------------------------ root
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
        """Search deeper and deeper until the budget runs out; the best move found."""
        moves = [sq for _, sq in self.order.moves(self.game, -1, 0, None)]
        try:
            win, safe = self._safe_moves(moves)
        except _OutOfTime:
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
                        score = self._pvs(depth - 1, iter_value, WIN + 1, 0, None, True,
                                          searched)
                    finally:
                        self.game.undo()
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
            if abs(best_value) >= WIN - MAX_DEPTH - QUIESCENCE_PLIES:
                break  # the result is decided: searching deeper changes nothing
        return SearchResult(best_move, best_value, finished, self.nodes)


def search(game: Game, limit: Limit, *, stop: Callable[[], bool] | None = None,
           rng: random.Random | None = None, setup: Setup = DEFAULT_SETUP) -> SearchResult:
    """Search ``game`` for the seat to move within ``limit``; ``stop`` is polled at every node
    and ends the search when it returns True. ``rng`` breaks ties (seed 0 when not given).

    Works on a copy, so the caller's game is never touched. The clock starts at the call and
    the answer comes at most ``MARGIN`` before ``limit.time`` is up. A limit with no bound at
    all searches to ``MAX_DEPTH``.
    """
    if game.winner is not None:
        raise ValueError("the game is over: there is no move to search for")
    start = time.perf_counter()
    budget = limit.time
    deadline = None if budget is None else start + budget - min(MARGIN, budget * 0.04)
    searcher = Searcher(game.copy(), setup, deadline, limit.nodes, stop)
    depth = MAX_DEPTH if limit.depth is None else limit.depth
    return searcher.run(rng or random.Random(0), depth)
