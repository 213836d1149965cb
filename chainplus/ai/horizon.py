"""Level 5's search at its horizon: what it shares at every node, and how a leaf is judged.

``Horizon`` is the base of the search (``alphabeta.AlphaBeta`` searches the nodes above it,
``search.Searcher`` the root): it holds the position, the seat searching, the budget (polled at
every node) and the tables, and it values the positions where the full-width search stops.

* **Quiescence**: a position where the seat to move has a loaded square next to a rival's
  loaded square is a fight in progress, and judging it before the fight is settled misjudges
  it badly. At the horizon, such fights are played out (only those moves, a few plies deep)
  before the evaluation is trusted; the seat to move may also decline ("stand pat"). Only
  while two seats are in (``default_quiescence``): with three or four a fight between two
  seats decides less, and best-reply search already looks at every rival's sharpest answer.
* **A win at the horizon**: late in a two-seat game one explosion can sweep the board, and a
  seat that can do so at its next move has won, whatever the evaluation says. So on a board
  full enough (``WIN_CHECK_TENTHS``), a horizon position whose seat to move has a move that
  wins at once is scored as that win (a loss, for the rival). Trying that seat's loaded squares
  costs time (``Game.any_wins_at_once`` runs about one cascade per run of them, on copies of
  the board, with nothing to undo), so it is done only where the evaluation has not already
  settled the node. With more seats one explosion rarely knocks every rival out, so the check
  waits for two seats.
"""

from __future__ import annotations

from collections.abc import Callable

from chainplus.ai.evaluate import LOADED_AT, WIN, loaded_squares
from chainplus.ai.limits import Setup
from chainplus.ai.ordering import fights
from chainplus.core.game import Game

#: How many plies of fights quiescence plays out beyond the horizon (with two seats in).
QUIESCENCE_PLIES = 4
#: The win check at the horizon runs once the board holds at least this share of its capacity
#: (in tenths): sooner, wins at once are too rare to pay for looking.
WIN_CHECK_TENTHS = 6


class OutOfTime(Exception):
    """Raised inside the search to unwind it when the budget, node limit or stop says so."""


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


class Horizon:
    """One search's shared state, its budget and its leaves. Mutates the game and restores it.

    ``deadline`` is a time on the clock ``now`` reads, ``max_nodes`` a node limit and ``stop`` a
    callable; any of them, when given, ends the search by raising ``OutOfTime``.
    """

    def __init__(self, game: Game, setup: Setup, deadline: float | None,
                 max_nodes: int | None, stop: Callable[[], bool] | None,
                 now: Callable[[], float]) -> None:
        self.game = game
        self.me = game.to_move
        self.deadline = deadline
        self.now = now
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.judge = setup.judge
        quiescence = setup.quiescence
        self.quiescence = default_quiescence(game) if quiescence is None else quiescence
        self.loaded_at = LOADED_AT[game.rules]
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
            raise OutOfTime
        self._poll_clock()

    def _poll_clock(self) -> None:
        """Unwind when the clock or ``stop`` says so (the node limit aside)."""
        if self.deadline is not None and self.now() >= self.deadline:
            raise OutOfTime
        if self.stop is not None and self.stop():
            raise OutOfTime

    # ------------------------------------------------------------------ leaves
    def _static(self, key: bytes) -> int:
        """The evaluation of the position (keyed ``key``) for the searching seat, remembered."""
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
            score = self._fight(sq, alpha, beta, ply, left - 1)
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

    def _fight(self, sq: int, alpha: int, beta: int, ply: int, left: int) -> int:
        """Play the fight ``sq``, value the result (a decided game's, or quiescence's with
        ``left`` plies of fights to go), undo."""
        self.game.settle(sq)
        try:
            return self._after(0, alpha, beta, ply, left, None)
        finally:
            self.game.undo()

    def _after(self, depth: int, alpha: int, beta: int, ply: int, qleft: int,
               key: bytes | None) -> int:
        """The value of the position just played into (its key, when already known): a decided
        game's; else, ``depth`` plies from the horizon, the node search's; at the horizon,
        quiescence's with ``qleft`` plies of fights to go."""
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

    def _alphabeta(self, depth: int, alpha: int, beta: int, ply: int, key: bytes) -> int:
        """The value of a node ``depth`` plies above the horizon: ``AlphaBeta`` searches it."""
        raise NotImplementedError

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
