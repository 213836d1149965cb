"""Level 5's search at its horizon: the state shared at every node, and how a leaf is judged.

* **Quiescence**: a loaded square next to a rival's loaded square is a fight in progress, and
  judging it unsettled misjudges it badly, so at the horizon such fights are played out a few
  plies (the seat to move may "stand pat"). Only between two seats: with more, a fight between
  two decides less, and best-reply search already sees every rival's sharpest answer.
* **A win at the horizon**: late in a two-seat game one explosion can sweep the board, so on a
  board full enough (``WIN_CHECK_TENTHS``) a seat to move that can win at once is scored as
  having won. The check costs cascades, so it runs only where the evaluation has not already
  settled the node, and only between two seats, where one explosion can end the game.
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
    """Whether the seat to move has a move that wins at once.

    Only a placement that explodes can knock anybody out, so only the seat's loaded squares
    need trying.
    """
    if game.winner is not None or game.to_move is None:
        return False
    seat = game.to_move
    owners = game.owners
    return game.any_wins_at_once([sq for sq in loaded_squares(game) if owners[sq] == seat])


def default_quiescence(game: Game) -> int:
    """Plies of fights played out past the horizon: none with three or four seats."""
    return QUIESCENCE_PLIES if len(game.alive) <= 2 else 0


class Horizon:
    """One search's shared state, its budget and its leaves. Mutates the game and restores it.

    ``deadline`` (on the clock ``now`` reads), ``max_nodes`` and ``stop``, when given, each end
    the search by raising ``OutOfTime``.
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

        ``stop`` is called at every node, so a caller may also use it to yield between positions.
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
        """The evaluation for the searching seat, remembered by position."""
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
        """The value after the fight ``sq``, with ``left`` plies of fights to go."""
        self.game.settle(sq)
        try:
            return self._after(0, alpha, beta, ply, left, None)
        finally:
            self.game.undo()

    def _after(self, depth: int, alpha: int, beta: int, ply: int, qleft: int,
               key: bytes | None) -> int:
        """The value of the position just played into, ``depth`` plies above the horizon
        (``key`` when already known; ``qleft`` plies of fights to go at the horizon)."""
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
        """Whether the seat to move can win at once: only between two seats on a board full
        enough, remembered by position."""
        start = self.win_check_from
        game = self.game
        if start is None or len(game.alive) > 2 or sum(game.counts) < start:
            return False
        won = self.wins.get(key)
        if won is None:
            won = self.wins[key] = can_win_at_once(game)
        return won
