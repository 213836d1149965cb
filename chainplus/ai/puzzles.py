"""The proof behind a puzzle: can the seat to move force a win within k of its own moves?

An exhaustive AND/OR search over ``Game.settle``/``Game.undo``, never the evaluation: the seat
to move (the *solver*) wins within k when it wins at once, or (k > 1) has a move after which
every reply of the defender leaves it a win within k - 1. A defender's reply that wins at once
refutes. Two seats only: with more, a third seat's moves would come between.

Solved positions are kept by ``Game.key()``: the smallest k proven to win and the largest
proven not to, so ``winning_moves``, which tries every first move, reuses earlier proofs. Only
the order of the tries is a heuristic, never a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chainplus.ai.evaluate import loaded_squares
from chainplus.ai.horizon import can_win_at_once
from chainplus.core.game import Game

#: The longest win a puzzle asks for, in the solver's own moves.
MAX_WINS_IN = 3


class OutOfBudget(Exception):
    """A search went past its solver's node budget: the question has no answer."""


@dataclass
class Solver:
    """One search's table and counters; reuse it for questions about the same game."""

    #: key -> smallest k proven to win within
    wins: dict[bytes, int] = field(default_factory=dict)
    #: key -> largest k proven not to win within
    fails: dict[bytes, int] = field(default_factory=dict)
    #: the reply that last refuted a move, by the solver's moves left (killer moves)
    killers: dict[int, int] = field(default_factory=dict)
    #: positions searched (each settle)
    nodes: int = 0
    #: past this many nodes a question raises OutOfBudget (its answers so far stay true)
    budget: float = float("inf")

    def wins_within(self, game: Game, k: int) -> bool:
        """Whether the seat to move can force a win within ``k`` of its own moves."""
        if game.winner is not None or k < 1:
            return False
        if len(game.alive) != 2:
            raise ValueError("puzzles are for two seats")
        key = game.key()
        if key in self.wins and self.wins[key] <= k:
            return True
        if self.fails.get(key, 0) >= k:
            return False
        won = can_win_at_once(game)
        if not won and k > 1:
            won = any(self._forces(game, sq, k) for sq in _tries(game))
        if won:
            self.wins[key] = min(k, self.wins.get(key, k))
        else:
            self.fails[key] = max(k, self.fails.get(key, 0))
        return won

    def forces(self, game: Game, square: int, k: int) -> bool:
        """Whether placing on ``square`` forces a win within ``k`` of the solver's moves (this
        one counted)."""
        if k < 1 or not game.is_legal(square):
            return False
        return self._forces(game, square, k)

    def _forces(self, game: Game, square: int, k: int) -> bool:
        me = game.to_move
        self.nodes += 1
        game.settle(square)
        try:
            if game.winner is not None:
                return game.winner == me
            return k > 1 and self._refutation(game, k - 1) is None
        finally:
            game.undo()

    def _refutation(self, game: Game, k: int) -> int | None:
        """With the defender to move: a reply after which the solver has no win within ``k``
        (one that wins at once first), or None when every reply loses."""
        replies = _tries(game, self.killers.get(k, -1))
        if can_win_at_once(game):
            return next(sq for sq in replies if game.wins_at_once(sq))
        for reply in replies:
            self.nodes += 1
            if self.nodes > self.budget:
                raise OutOfBudget
            game.settle(reply)
            try:
                escapes = not self.wins_within(game, k)
            finally:
                game.undo()
            if escapes:
                self.killers[k] = reply
                return reply
        return None

    def refutation(self, game: Game, k: int) -> int | None:
        """With the defender to move: its reply that best resists a win within ``k`` of the
        solver's moves, or None when it has none (for a wrong move and the main line)."""
        return self._refutation(game, k)

    def winning_moves(self, game: Game, k: int) -> list[int]:
        """Every first move that forces a win within ``k``, in square order."""
        if game.winner is not None:
            return []
        return [sq for sq in game.legal_moves() if self.forces(game, sq, k)]

    def shortest_win(self, game: Game, most: int = MAX_WINS_IN) -> int | None:
        """The smallest k (at most ``most``) within which the seat to move forces a win."""
        for k in range(1, most + 1):
            if self.wins_within(game, k):
                return k
        return None

    def main_line(self, game: Game, first: int, k: int) -> list[int]:
        """The moves of a forced win within ``k`` starting with ``first``: each defence the one
        that holds out longest, each of the solver's moves the first found that still wins in
        time, and of the last, the win with the longest chain (the one worth watching). Raises
        ValueError if ``first`` does not force the win."""
        board = game.copy()
        line = [first]
        move = first
        left = k
        while True:
            if not self.forces(board, move, left):
                raise ValueError("the move does not force a win in time")
            board.settle(move)
            if board.winner is not None:
                return line
            reply = self._longest_defence(board, left - 1)
            board.settle(reply)
            left -= 1
            if left == 1:
                move = _longest_chain(board)
            else:
                move = next(sq for sq in _tries(board) if self.forces(board, sq, left))
            line += [reply, move]

    def _longest_defence(self, game: Game, k: int) -> int:
        """The defender's reply that leaves the solver the most moves to win (within ``k``):
        first one that is not a loss at once, in square order."""
        replies = game.legal_moves()
        for need in range(k, 0, -1):
            for reply in replies:
                game.settle(reply)
                try:
                    slow = need == 1 or not self.wins_within(game, need - 1)
                finally:
                    game.undo()
                if slow:
                    return reply
        return replies[0]


def _longest_chain(game: Game) -> int:
    """Of the moves that win at once, the one whose cascade has the most waves (the first such
    in square order). ValueError when none wins."""
    wins = [sq for sq in game.legal_moves() if game.wins_at_once(sq)]
    if not wins:
        raise ValueError("no move wins at once")
    return max(wins, key=lambda sq: len(game.copy().play(sq).waves))


def _tries(game: Game, first: int = -1) -> list[int]:
    """The legal moves, most promising first: ``first`` (a killer), then squares that
    explode."""
    moves = game.legal_moves()
    me = game.to_move
    owners = game.owners
    hot = [sq for sq in loaded_squares(game) if owners[sq] == me]
    if not hot and first < 0:
        return moves
    front = ([first] if first in moves else []) + [sq for sq in hot if sq != first]
    taken = set(front)
    return front + [sq for sq in moves if sq not in taken]


def disproof(game: Game, solution: list[int], wins_in: int) -> str | None:
    """Why ``solution`` is not the one forced win of the shortest length ``wins_in`` for the
    seat to move in ``game`` (None when it is): the whole proof of a puzzle, from scratch."""
    solver = Solver()
    if not solver.wins_within(game, wins_in):
        return f"the seat to move has no forced win within {wins_in}"
    if wins_in > 1 and solver.wins_within(game, wins_in - 1):
        return f"the seat to move already wins within {wins_in - 1}"
    winning = solver.winning_moves(game, wins_in)
    if winning != solution[:1]:
        if solution[:1] and solution[0] in winning:
            return f"{len(winning)} first moves win, not one"
        return "the solution's first move does not force the win"
    board = game.copy()
    for at, square in enumerate(solution):
        left = wins_in - at // 2
        if at % 2 == 0 and not solver.forces(board, square, left):
            return f"solution move {at + 1} does not force the win"
        if not board.is_legal(square):
            return f"solution move {at + 1} is not a legal move"
        board.settle(square)
    if board.winner != game.to_move:
        return "the solution does not end in a win"
    return None
