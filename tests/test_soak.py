"""Thousands of seeded random games, checking the invariants of the rules after every move."""

from __future__ import annotations

import random
from operator import lt

import pytest

from chainplus.core.game import Game
from chainplus.core.rules import explode_at

GAMES = 2000


def soak(seats: tuple[int, ...], rules: str, games: int, seed: int) -> int:
    """Play ``games`` random games checking every invariant after every move.

    Returns the number of moves played. Each move is also taken back and replayed, to
    check that undo restores the earlier state exactly.
    """
    rng = random.Random(seed)
    limit = explode_at(rules)
    total_moves = 0
    for _ in range(games):
        game = Game(seats, rules)
        knocked_out: set[int] = set()
        while game.winner is None:
            mover = game.to_move
            assert mover in game.alive and mover not in knocked_out
            legal = game.legal_moves()
            assert legal, "a seat to move always has a legal square"
            assert all(game.owners[s] in (0, mover) for s in legal)
            square = legal[int(rng.random() * len(legal))]
            before = game.state()
            cascade = game.play(square)
            total_moves += 1
            after = game.state()
            game.undo()  # undo restores the earlier state exactly, and the move replays the same
            assert game.state() == before
            game.play(square)
            assert game.state() == after

            counts, owners, squares = game.counts, game.owners, game.squares
            assert sum(counts) == len(game.moves)  # pieces are conserved
            assert list(map(bool, counts)) == list(map(bool, owners)), "owner without pieces"
            for seat in (1, 2, 3, 4):
                assert squares[seat] == owners.count(seat)
            if game.winner is None:
                assert all(map(lt, counts, limit)), "a square is over its mass"
            assert cascade.seat == mover and cascade.winner == game.winner
            assert set(cascade.eliminated).isdisjoint(knocked_out)
            knocked_out.update(cascade.eliminated)
            for seat in knocked_out:
                assert squares[seat] == 0 and seat not in game.alive
            assert sorted(game.alive + sorted(knocked_out)) == sorted(seats)
        assert game.alive == [game.winner] and game.to_move is None
        assert game.squares[game.winner] > 0
    return total_moves


@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 3), (1, 2, 3, 4)])
def test_soak_acorn(seats):
    moves = soak(seats, "acorn", GAMES, seed=len(seats))
    assert moves > GAMES * 50


@pytest.mark.parametrize("seats", [(2, 4), (1, 3, 4)])
def test_soak_classic_and_odd_seats(seats):
    soak(seats, "classic", GAMES // 4, seed=11)
    soak(seats, "acorn", GAMES // 4, seed=12)
