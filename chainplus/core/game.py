"""The game state and the one move function that the screen, the AI and the command line share.

A ``Game`` is mutable, with push/pop style undo: ``play`` applies a placement and its whole
cascade, ``undo`` restores the exact state before the last placement. The cascade is returned
as data (the waves of explosions, in the order a screen should show them) so a view can
animate it without running any rule of its own. ``settle`` makes the same move to the same
position without keeping the waves, which is what level 5's search needs, and faster.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import NamedTuple

from chainplus.core.cascade import Frame, any_wins, topple, waves, wins_from
from chainplus.core.rules import (
    DEFAULT_RULES,
    SEATS,
    SQUARES,
    IllegalMoveError,
    Rules,
    capacity,
    check_rules,
    explode_at,
    row_col,
    short,
)

_ALL_SQUARES = range(SQUARES)
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


def check_seats(seats: Sequence[int]) -> tuple[int, ...]:
    """Validate a seat list and return it as a tuple.

    2-4 distinct seats from 1-4, listed in turn order. Turns go round in seat order
    (1, 2, 3, 4, 1...), so the list is that order, starting from any seat: [1, 3, 4] or
    [3, 4, 1], but not [3, 1, 4].
    """
    seats = tuple(seats)
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"a game needs 2 to 4 seats, not {len(seats)}")
    for seat in seats:
        if type(seat) is not int or seat not in SEATS:
            raise ValueError(f"seats are numbered 1 to 4, not {short(seat)}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat appears twice in {list(seats)}")
    first = seats.index(min(seats))
    if list(seats[first:] + seats[:first]) != sorted(seats):
        raise ValueError(f"turns go round in seat order, so {list(seats)} is not a turn order")
    return seats


def _refusal(game: Game, square: int) -> IllegalMoveError:
    """Why the seat to move may not place on ``square``."""
    if game.to_move is None or game.winner is not None:
        return IllegalMoveError(f"the game is over: seat {game.winner} has won")
    if type(square) is not int or not 0 <= square < SQUARES:
        return IllegalMoveError(f"square {short(square)} is off the board")
    row, col = row_col(square)
    return IllegalMoveError(f"square [{row}, {col}] is owned by seat {game.owners[square]}")


class Game:
    """A game of Chain Reaction in progress (or finished)."""

    __slots__ = (
        "seats", "rules", "threshold", "capacity", "counts", "owners", "squares", "placed",
        "alive", "to_move", "winner", "moves", "_history", "_everyone",
    )

    def __init__(self, seats: Sequence[int] = (1, 2), rules: Rules = DEFAULT_RULES) -> None:
        self.seats: tuple[int, ...] = check_seats(seats)
        self.rules = check_rules(rules)
        self.threshold = explode_at(rules)
        self.capacity = capacity(rules)
        self.counts: list[int] = [0] * SQUARES
        self.owners: list[int] = [0] * SQUARES  # 0 = nobody, else the seat
        self.squares: list[int] = [0] * 5  # squares owned, indexed by seat
        self.placed = 0  # bit s set once seat s has placed
        self._everyone = sum(1 << s for s in self.seats)  # placed, once every seat has placed
        self.alive: list[int] = list(self.seats)  # seats still in play, in turn order
        self.to_move: int | None = self.seats[0]
        self.winner: int | None = None
        self.moves: list[int] = []  # squares played, in order
        self._history: list[_Undo | _QuietUndo] = []

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        """True once a seat has won (then nobody is to move)."""
        return self.winner is not None

    def eliminated(self) -> list[int]:
        """Seats that have been knocked out, in seat order."""
        return [s for s in self.seats if s not in self.alive]

    def is_legal(self, square: int) -> bool:
        """True when the seat to move may place on ``square``."""
        return (
            self.winner is None
            and type(square) is int
            and 0 <= square < SQUARES
            and self.owners[square] in (0, self.to_move)
        )

    def legal_moves(self) -> list[int]:
        """Every square the seat to move may place on, in square order."""
        if self.winner is not None:
            return []
        ok = (0, self.to_move).__contains__
        return list(compress(_ALL_SQUARES, map(ok, self.owners)))

    def total_pieces(self) -> int:
        return sum(self.counts)

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

    def key(self) -> bytes:
        """The position as bytes: the 64 counts, the 64 owners, the seat to move and who has
        placed (a search's table key; the evaluation reads the board from it).

        A settled square never holds more than 4 pieces, so every value fits a byte; the knocked
        out seats follow from the rest.
        """
        return bytes(self.counts) + bytes(self.owners) + bytes((self.to_move or 0, self.placed))

    def state(self) -> tuple[object, ...]:
        """Everything that defines the position, as one comparable value."""
        return (
            self.seats, self.rules, tuple(self.counts), tuple(self.owners),
            tuple(self.squares), self.placed, tuple(self.alive),
            self.to_move, self.winner, tuple(self.moves),
        )

    # ----------------------------------------------------------------- moves
    def play(self, square: int) -> Cascade:
        """Place one piece for the seat to move on ``square`` and run the whole cascade, wave by
        wave (``cascade.waves``).

        Raises IllegalMoveError (a ValueError) and changes nothing when the move is not
        allowed.
        """
        return self._play(square, None)

    def settle(self, square: int) -> None:
        """``play`` for a search: the same move and the same position after it, faster, as the
        waves are not kept (``cascade.topple``). On a win the board is left as the cascade left
        it when the last rival went, which depends on the order; the position is over either way.
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
        """Check the move and place the piece, keeping what ``undo`` needs: the seat that
        moved, and whether the square is now due to explode (when not, the move is over and
        the turn has passed). Raises IllegalMoveError and changes nothing when the move is
        not allowed."""
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

    def random_move(self, rng: random.Random) -> int:
        """A legal square drawn uniformly at random (fast: no list in the usual case).

        Draws squares until one is legal (rejection sampling, uniform over the legal
        squares); after a few misses it draws from the full list instead, still uniform.
        """
        me = self.to_move
        if me is None or self.over:
            raise IllegalMoveError(f"the game is over: seat {self.winner} has won")
        owners = self.owners
        rand = rng.random
        for _ in range(8):
            square = int(rand() * SQUARES)
            owner = owners[square]
            if owner == me or not owner:
                return square
        legal = self.legal_moves()
        return legal[int(rand() * len(legal))]

    def _rivals(self, me: int, extra: int = 0) -> list[int] | None:
        """The seats a cascade of ``me``'s can knock out, or None when it cannot win: not while
        a rival has yet to place, unless the board (with ``extra`` pieces more) holds more than
        it can (then every square keeps exploding until the mover owns them all)."""
        rivals = [s for s in self.alive if s != me]
        placed = self.placed
        if (placed == self._everyone or all(placed >> s & 1 for s in rivals)
                or self._endless(extra)):
            return rivals
        return None

    def wins_at_once(self, square: int) -> bool:
        """Whether the seat to move would win the game at once by placing on ``square``: the
        answer of ``settle`` then ``winner`` without making the move (``cascade.wins_from``, on
        copies of the board). False for a square the seat may not play."""
        me = self.to_move
        if me is None or not self.is_legal(square):
            return False
        if self.counts[square] + 1 < self.threshold[square]:
            return False  # nothing explodes, so nobody is knocked out
        rivals = self._rivals(me, 1)
        return rivals is not None and wins_from(
            (self.counts, self.owners, self.squares), square, me, rivals, self.threshold)

    def any_wins_at_once(self, squares: Sequence[int]) -> bool:
        """Whether placing on any of ``squares`` would win at once, as trying each with
        ``wins_at_once`` would say, in about one cascade per run of loaded squares instead of
        one per square (``cascade.any_wins``)."""
        me = self.to_move
        if me is None:
            return False
        counts = self.counts
        threshold = self.threshold
        loaded = {sq for sq in squares if self.is_legal(sq) and counts[sq] + 1 >= threshold[sq]}
        # whichever square is played, the board holds one piece more
        rivals = self._rivals(me, 1) if loaded else None
        return rivals is not None and any_wins(
            (counts, self.owners, self.squares), loaded, me, rivals, threshold)

    def _endless(self, extra: int = 0) -> bool:
        """True when the board (with ``extra`` pieces more) holds more pieces than it can keep
        still (over 224 in acorn).

        Such a cascade never settles: every square explodes again and again (a known
        property of chip-firing), so it runs until the mover has captured everything.
        In play this needs 225 moves, by which time every seat has placed.
        """
        return sum(self.counts) + extra > self.capacity

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
        """The seat that made each move that can be taken back, oldest first.

        Turns skip seats that were knocked out, so the seat order alone does not say who
        made a move. (A ``copy()`` has no undo history, so its list is empty.)
        """
        return [entry[-1] for entry in self._history]
