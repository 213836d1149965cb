"""Puzzles: the proof (``ai.puzzles``)."""

from __future__ import annotations

from rules_helpers import position, sq

from chainplus.ai.puzzles import Solver, disproof


# ------------------------------------------------------------------------------- the proof
def test_a_win_in_1_is_found_and_is_the_one_first_move() -> None:
    # classic: seat 1's loaded corner explodes into seat 2's one square
    game = position({(0, 0): (1, 1), (0, 1): (2, 1), (5, 5): (1, 1)}, rules="classic")
    solver = Solver()
    assert solver.shortest_win(game) == 1
    assert solver.winning_moves(game, 1) == [sq(0, 0)]
    assert disproof(game, [sq(0, 0)], 1) is None
    assert disproof(game, [sq(5, 5)], 1) == "the solution's first move does not force the win"


def test_two_winning_first_moves_are_no_puzzle() -> None:
    # either loaded square next to seat 2's one square captures it
    game = position({(2, 3): (1, 3), (4, 3): (1, 3), (3, 3): (2, 1)}, rules="classic")
    solver = Solver()
    assert solver.winning_moves(game, 1) == [sq(2, 3), sq(4, 3)]
    assert disproof(game, [sq(2, 3)], 1) == "2 first moves win, not one"


def test_a_defence_that_escapes_is_no_win() -> None:
    # loading (0, 3) threatens (0, 4), but seat 2 answers by placing anywhere else
    game = position({(0, 3): (1, 1), (0, 4): (2, 1)}, rules="classic")
    solver = Solver()
    assert not solver.wins_within(game, 2)
    assert not solver.forces(game, sq(0, 3), 2)
    board = game.copy()
    board.settle(sq(0, 3))
    escape = solver.refutation(board, 1)
    assert escape is not None
    board.settle(escape)
    assert not solver.wins_within(board, 1)
    assert disproof(game, [sq(0, 3), sq(7, 7), sq(0, 3)], 2) == (
        "the seat to move has no forced win within 2")


def test_a_defence_that_wins_at_once_refutes() -> None:
    # seat 2, to answer, takes seat 1's one square with its loaded corner
    game = position({(7, 7): (2, 1), (7, 6): (1, 1), (0, 0): (2, 1)}, rules="classic",
                    to_move=2)
    assert Solver().refutation(game, 3) == sq(7, 7)
