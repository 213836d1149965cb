"""Seeded random games, checking the invariants of the rules after every move.

Every run plays a short soak: ``SHORT`` games for every seat set under each rules. The full
soak, 8,000 games, is marked ``slow`` and runs only when asked for:
``python -m pytest --soak -m slow tests/test_soak.py`` (``--soak`` runs the slow tests,
``-m slow`` leaves the others out; ``python -m pytest --soak`` runs the whole suite with it).
"""

from __future__ import annotations

import random
from operator import lt

import pytest

from chainplus.core.game import Game
from chainplus.core.rules import RULES, explode_at

#: Games of each of the full soak's three acorn seat sets (and half that, over two rules, for
#: the other two).
GAMES = 2000
#: Games of the short soak for each seat set and rules.
SHORT = 40
#: Every seat set the soaks play: two to four seats, with seats left empty between them.
SEAT_SETS = [(1, 2), (1, 2, 3), (1, 2, 3, 4), (2, 4), (1, 3, 4)]
#: A random game lasts well over 100 moves (120 on average under classic rules, 180 under
#: acorn): a mean under 50 means games end before they should.
LEAST_MEAN_MOVES = 50


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


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seats", SEAT_SETS)
def test_a_short_soak_of_every_seat_set_and_rules(seats, rules):
    seed = 100 + 10 * SEAT_SETS.index(seats) + RULES.index(rules)
    moves = soak(seats, rules, SHORT, seed)
    assert moves > SHORT * LEAST_MEAN_MOVES


@pytest.mark.slow
@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 3), (1, 2, 3, 4)])
def test_soak_acorn(seats):
    moves = soak(seats, "acorn", GAMES, seed=len(seats))
    assert moves > GAMES * LEAST_MEAN_MOVES


@pytest.mark.slow
@pytest.mark.parametrize("seats", [(2, 4), (1, 3, 4)])
def test_soak_classic_and_odd_seats(seats):
    soak(seats, "classic", GAMES // 4, seed=11)
    soak(seats, "acorn", GAMES // 4, seed=12)
