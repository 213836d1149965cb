"""The game: the one move function that the screen, the AI and the command line share.

A ``Game`` is a ``Position`` that moves, with push/pop undo. ``play`` returns the cascade as
data (the waves, in the order a screen shows them) so a view animates it without running a
rule of its own; ``settle`` makes the same move faster without the waves, for the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from chainplus.core.cascade import Frame, topple, waves
from chainplus.core.position import Position
from chainplus.core.rules import DEFAULT_RULES, SQUARES, IllegalMoveError, Rules, row_col, short

#: What undo restores after an explosion: counts, owners, squares, placed, alive and the seat
#: that moved.
_Undo = tuple[list[int], list[int], list[int], int, list[int], int]
#: What undo restores after a placement that explodes nothing (most of a search's moves, so
#: they copy no board): the square's owner before, placed, and the seat that moved.
_QuietUndo = tuple[int, int, int]
_NO_WAVES: tuple[tuple[int, ...], ...] = ()


class Cascade(NamedTuple):
    """What one placement did: ``waves[k]`` holds the squares that exploded together in step k."""

    seat: int
    square: int
    waves: tuple[tuple[int, ...], ...]
    eliminated: tuple[int, ...]
    winner: int | None


class ShownCascade(NamedTuple):
    """A placement as a screen animates it: the cascade, and the board after the placement
    and after every wave (``frames[0]`` is the board before the first explosion)."""

    cascade: Cascade
    frames: tuple[Frame, ...]


def _refusal(game: Game, square: int) -> IllegalMoveError:
    """Why the seat to move may not place on ``square``."""
    if game.to_move is None or game.winner is not None:
        return IllegalMoveError(f"the game is over: seat {game.winner} has won")
    if type(square) is not int or not 0 <= square < SQUARES:
        return IllegalMoveError(f"square {short(square)} is off the board")
    row, col = row_col(square)
    return IllegalMoveError(f"square [{row}, {col}] is owned by seat {game.owners[square]}")


class Game(Position):
    """A game of Chain Reaction in progress (or finished): a position and the moves that made
    it, which can be taken back."""

    __slots__ = ("moves", "_history")

    def __init__(self, seats: Sequence[int] = (1, 2), rules: Rules = DEFAULT_RULES) -> None:
        super().__init__(seats, rules)
        self.moves: list[int] = []  # squares played, in order
        self._history: list[_Undo | _QuietUndo] = []

    def copy(self) -> Game:
        """An independent copy without undo history (cheap: for search and what-ifs)."""
        other = Game.__new__(Game)
        other.seats = self.seats
        other.rules = self.rules
        other.threshold = self.threshold
        other.capacity = self.capacity
        other.counts = self.counts[:]
        other.owners = self.owners[:]
        other.squares = self.squares[:]
        other.placed = self.placed
        other._everyone = self._everyone
        other.alive = self.alive[:]
        other.to_move = self.to_move
        other.winner = self.winner
        other.moves = self.moves[:]
        other._history = []
        return other

    def state(self) -> tuple[object, ...]:
        """Everything that defines the position, as one comparable value."""
        return (
            self.seats, self.rules, tuple(self.counts), tuple(self.owners),
            tuple(self.squares), self.placed, tuple(self.alive),
            self.to_move, self.winner, tuple(self.moves),
        )

    def play(self, square: int) -> Cascade:
        """Place a piece for the seat to move on ``square`` and run the whole cascade.

        Raises IllegalMoveError (a ValueError) and changes nothing when the move is not allowed.
        """
        return self._play(square, None)

    def settle(self, square: int) -> None:
        """``play`` for a search: the same position after it, faster, as no waves are kept.

        On a win the board may differ from ``play``'s (``cascade`` says why); it is over either way.
        """
        me, due = self._place(square, None)
        if due:
            topple((self.counts, self.owners, self.squares), [square], me, self._rivals(me),
                   self.threshold)
            self._end_turn(me)

    def play_shown(self, square: int) -> ShownCascade:
        """``play``, keeping the board after the placement and after every wave for a screen."""
        shots: list[Frame] = []
        cascade = self._play(square, shots)
        return ShownCascade(cascade, tuple(shots))

    def _play(self, square: int, shots: list[Frame] | None) -> Cascade:
        me, due = self._place(square, shots)
        if not due:
            return Cascade(me, square, _NO_WAVES, (), None)
        steps = waves((self.counts, self.owners, self.squares), square, me, self._rivals(me),
                      self.threshold, shots)
        eliminated = self._end_turn(me)
        return Cascade(me, square, steps, eliminated, self.winner)

    def _place(self, square: int, shots: list[Frame] | None) -> tuple[int, bool]:
        """Check the move and place the piece, keeping what ``undo`` needs; returns the seat
        that moved and whether the square is now due (when not, the turn has passed).
        Raises IllegalMoveError and changes nothing when the move is not allowed."""
        me = self.to_move
        if (me is None or self.winner is not None or type(square) is not int
                or not 0 <= square < SQUARES):
            raise _refusal(self, square)
        counts = self.counts
        owners = self.owners
        owner = owners[square]
        if owner != me and owner:
            raise _refusal(self, square)
        due = counts[square] + 1 >= self.threshold[square]
        if due:
            # alive is replaced, never changed in place, so it is kept by reference
            self._history.append(
                (counts[:], owners[:], self.squares[:], self.placed, self.alive, me))
        else:
            self._history.append((owner, self.placed, me))
        self.moves.append(square)
        self.placed |= 1 << me
        counts[square] += 1
        if not owner:
            owners[square] = me
            self.squares[me] += 1
        if shots is not None:
            shots.append((tuple(counts), tuple(owners)))
        if not due:
            # nothing exploded, so nobody was knocked out: just pass the turn
            alive = self.alive
            self.to_move = alive[(alive.index(me) + 1) % len(alive)]
        return me, due

    def _end_turn(self, me: int) -> tuple[int, ...]:
        """Knock out seats left with nothing, then pass the turn or declare the winner."""
        squares = self.squares
        placed = self.placed
        # a seat must have placed to be knocked out, except on a board that took everything
        gone = tuple(
            s for s in self.alive
            if s != me and not squares[s] and (placed >> s & 1 or self._endless())
        )
        if gone:
            self.alive = [s for s in self.alive if s not in gone]
        alive = self.alive
        if len(alive) == 1:
            self.winner = me
            self.to_move = None
        else:
            self.to_move = alive[(alive.index(me) + 1) % len(alive)]
        return gone

    def undo(self) -> int:
        """Take back the last placement, restoring the exact earlier state; returns its square."""
        if not self._history:
            raise IndexError("there is no move to take back")
        entry = self._history.pop()
        square = self.moves.pop()
        if len(entry) == 3:
            owner, self.placed, self.to_move = entry
            self.counts[square] -= 1
            if not owner:
                self.owners[square] = 0
                self.squares[self.to_move] -= 1
            return square
        counts, owners, squares, placed, alive, me = entry
        # in place, so anyone holding game.counts or game.owners sees the restored board
        self.counts[:] = counts
        self.owners[:] = owners
        self.squares[:] = squares
        self.placed = placed
        self.alive = alive
        self.to_move = me
        self.winner = None
        return square

    def can_undo(self) -> bool:
        return bool(self._history)

    def movers(self) -> list[int]:
        """The seat that made each move that can be taken back, oldest first (empty for a copy).

        Turns skip knocked-out seats, so the seat order alone does not say who made a move.
        """
        return [entry[-1] for entry in self._history]
