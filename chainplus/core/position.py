"""A position of Chain Reaction and the questions asked of it that do not change it.

``Game`` (``game.py``) adds the moves and their undo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress

from chainplus.core.cascade import any_wins, wins_from
from chainplus.core.rules import (
    DEFAULT_RULES,
    SEATS,
    SQUARES,
    IllegalMoveError,
    Rules,
    capacity,
    check_rules,
    explode_at,
    short,
)

_ALL_SQUARES = range(SQUARES)


def check_seats(seats: Sequence[int]) -> tuple[int, ...]:
    """``seats`` as a tuple if it is 2-4 distinct seats from 1-4 in turn order, else ValueError.

    Turns go round in seat order from any seat: [1, 3, 4] or [3, 4, 1], but not [3, 1, 4].
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



class Position:
    """Who holds what and whose turn it is (the start position of ``seats`` under ``rules``
    when made)."""

    __slots__ = (
        "seats", "rules", "threshold", "capacity", "counts", "owners", "squares", "placed",
        "alive", "to_move", "winner", "_everyone",
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

    def key(self) -> bytes:
        """The position as bytes: the 64 counts, the 64 owners, the seat to move and who has
        placed (a search's table key; the evaluation reads the board from it).

        A settled square never holds more than 4 pieces, so every value fits a byte; the knocked
        out seats follow from the rest.
        """
        return bytes(self.counts) + bytes(self.owners) + bytes((self.to_move or 0, self.placed))

    def random_move(self, rng: random.Random) -> int:
        """A legal square drawn uniformly at random.

        Rejection sampling, so the usual case builds no list; after a few misses it draws from
        the list of legal squares, still uniform.
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

    def wins_at_once(self, square: int) -> bool:
        """Whether the seat to move would win at once by placing on ``square``, without making
        the move (``cascade.wins_from``). False for a square the seat may not play."""
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

    def _endless(self, extra: int = 0) -> bool:
        """True when the board (with ``extra`` pieces more) holds more than it can keep still
        (over 224 in acorn).

        Such a cascade never settles (chip-firing), so it runs until the mover has captured
        everything. In play this needs 225 moves, by which time every seat has placed.
        """
        return sum(self.counts) + extra > self.capacity
