"""Helpers for scripted positions in the rules tests."""

from __future__ import annotations

import random

from chainplus.core.game import Game
from chainplus.core.rules import Rules, square_of


def sq(row: int, col: int) -> int:
    return square_of(row, col)


def position(
    cells: dict[tuple[int, int], tuple[int, int]],
    seats: tuple[int, ...] = (1, 2),
    rules: Rules = "acorn",
    to_move: int | None = None,
    placed: tuple[int, ...] | None = None,
) -> Game:
    """A game set straight to a position: cells maps (row, col) to (seat, count).

    Every seat counts as having placed unless ``placed`` says otherwise.
    """
    game = Game(seats, rules)
    for (row, col), (seat, count) in cells.items():
        game.counts[sq(row, col)] = count
        game.owners[sq(row, col)] = seat
        game.squares[seat] += 1
    for seat in placed if placed is not None else seats:
        game.placed |= 1 << seat
    if to_move is not None:
        game.to_move = to_move
    return game


def cell(game: Game, row: int, col: int) -> tuple[int, int]:
    """(owner, count) of a square."""
    return game.owners[sq(row, col)], game.counts[sq(row, col)]


def check_consistent(game: Game) -> None:
    """The invariants that hold after every completed move."""
    for s in range(64):
        assert (game.counts[s] > 0) == (game.owners[s] != 0), f"square {s}"
    for seat in (1, 2, 3, 4):
        assert game.squares[seat] == game.owners.count(seat), f"seat {seat} square count"


def played(
    seats: tuple[int, ...] = (1, 2), rules: Rules = "acorn", moves: int = 30, seed: int = 5
) -> Game:
    """An unfinished position reached by seeded random play."""
    rng = random.Random(seed)
    while True:
        game = Game(seats, rules)
        for _ in range(moves):
            if game.winner is not None:
                break
            game.play(game.random_move(rng))
        if game.winner is None:
            return game
        seed += 1000
        rng = random.Random(seed)
