"""Every rule of the original, as scripted positions with the counts and owners expected."""

from __future__ import annotations

import pytest
from rules_helpers import cell, check_consistent, position, sq

from chainplus.core.game import Game
from chainplus.core.rules import MASS, IllegalMoveError, capacity, explode_at, square_of


def play_all(game: Game, moves: list[tuple[int, int]]) -> None:
    for row, col in moves:
        game.play(square_of(row, col))


# --------------------------------------------------------------------------- geometry
def test_critical_masses_corner_edge_centre():
    assert MASS[sq(0, 0)] == MASS[sq(0, 7)] == MASS[sq(7, 0)] == MASS[sq(7, 7)] == 2
    assert MASS[sq(0, 3)] == MASS[sq(4, 0)] == MASS[sq(7, 5)] == MASS[sq(2, 7)] == 3
    assert MASS[sq(3, 3)] == MASS[sq(1, 1)] == MASS[sq(6, 6)] == 4
    assert MASS.count(2) == 4 and MASS.count(3) == 24 and MASS.count(4) == 36


def test_capacity_of_each_rule_set():
    assert capacity("acorn") == 224
    assert capacity("classic") == 160
    with pytest.raises(ValueError):
        explode_at("chess")


# --------------------------------------------------------------------------- thresholds
def test_corner_holds_two_and_explodes_on_the_third():
    game = Game()
    play_all(game, [(0, 0), (7, 7), (0, 0), (7, 7)])
    assert cell(game, 0, 0) == (1, 2)  # at its mass: safe
    cascade = game.play(sq(0, 0))
    assert cascade.waves == ((sq(0, 0),),)
    assert cell(game, 0, 0) == (1, 1)  # 3 - 2 stays
    assert cell(game, 0, 1) == (1, 1) and cell(game, 1, 0) == (1, 1)
    check_consistent(game)


def test_edge_holds_three_and_explodes_on_the_fourth_keeping_one():
    game = position({(0, 3): (1, 3)})
    cascade = game.play(sq(0, 3))
    assert cascade.waves == ((sq(0, 3),),)
    assert cell(game, 0, 3) == (1, 1)
    assert cell(game, 0, 2) == (1, 1) and cell(game, 0, 4) == (1, 1) and cell(game, 1, 3) == (1, 1)
    assert game.total_pieces() == 4


def test_edge_at_its_mass_does_not_explode():
    game = position({(4, 0): (1, 2)})
    assert game.play(sq(4, 0)).waves == ()
    assert cell(game, 4, 0) == (1, 3)


def test_centre_holds_four_and_explodes_on_the_fifth():
    game = position({(3, 3): (1, 3)})
    assert game.play(sq(3, 3)).waves == ()
    game.play(sq(6, 6))  # seat 2 elsewhere
    cascade = game.play(sq(3, 3))
    assert cascade.waves == ((sq(3, 3),),)
    assert cell(game, 3, 3) == (1, 1)
    for r, c in ((2, 3), (4, 3), (3, 2), (3, 4)):
        assert cell(game, r, c) == (1, 1)


def test_classic_rule_explodes_on_reaching_the_mass_and_empties():
    game = Game(rules="classic")
    play_all(game, [(0, 0), (7, 7)])
    cascade = game.play(sq(0, 0))
    assert cascade.waves == ((sq(0, 0),),)
    assert cell(game, 0, 0) == (0, 0)
    assert cell(game, 0, 1) == (1, 1) and cell(game, 1, 0) == (1, 1)
    check_consistent(game)


def test_classic_centre_explodes_at_four():
    game = position({(3, 3): (1, 3), (6, 6): (2, 1)}, rules="classic")
    game.play(sq(3, 3))
    assert cell(game, 3, 3) == (0, 0)
    assert [cell(game, r, c) for r, c in ((2, 3), (4, 3), (3, 2), (3, 4))] == [(1, 1)] * 4


# --------------------------------------------------------------------------- capture and chains
def test_explosion_captures_neighbours_with_everything_on_them():
    game = position({(0, 0): (1, 2), (0, 1): (2, 2), (1, 0): (2, 1), (5, 5): (2, 1)})
    game.play(sq(0, 0))
    assert cell(game, 0, 1) == (1, 3)  # captured with its two pieces, plus one
    assert cell(game, 1, 0) == (1, 2)
    assert game.squares[1] == 3 and game.squares[2] == 1
    check_consistent(game)


def test_chain_runs_in_waves_in_order():
    # a line of critical squares along the top edge goes off one after another
    game = position({(0, 0): (1, 2), (0, 1): (1, 3), (0, 2): (1, 3), (5, 5): (2, 1)})
    cascade = game.play(sq(0, 0))
    assert cascade.waves == ((sq(0, 0),), (sq(0, 1),), (sq(0, 2),))
    # the corner got one back from (0,1): 1 + 1 = 2, at its mass, so it did not go again
    assert cell(game, 0, 0) == (1, 2)
    assert cell(game, 0, 1) == (1, 2) and cell(game, 0, 3) == (1, 1) and cell(game, 1, 2) == (1, 1)
    assert game.total_pieces() == 10
    check_consistent(game)
    for s in range(64):
        assert game.counts[s] < explode_at("acorn")[s]


def test_a_square_fed_twice_in_one_wave_explodes_again_with_its_remainder():
    # (0,1) receives from both (0,0) and (0,2), which explode together in wave 2
    game = position({(0, 1): (1, 3), (0, 0): (1, 2), (0, 2): (1, 3), (5, 5): (2, 1)})
    cascade = game.play(sq(0, 1))
    assert cascade.waves[0] == (sq(0, 1),)
    assert cascade.waves[1] == (sq(0, 0), sq(0, 2))
    # (0,1): 4 - 3 = 1, then +2 from the second wave = 3: at its mass, safe
    assert cell(game, 0, 1) == (1, 3)
    check_consistent(game)


def test_remainder_over_mass_explodes_again():
    # a corner holding 6 pieces (reachable mid-cascade) explodes twice, keeping 2
    game = position({(0, 0): (1, 5), (5, 5): (2, 1)})
    cascade = game.play(sq(0, 0))
    assert cascade.waves[:2] == ((sq(0, 0),), (sq(0, 0),))
    assert cell(game, 0, 0)[1] <= 2
    assert game.total_pieces() == 7
    check_consistent(game)


def test_frames_follow_the_waves_and_end_on_the_final_board():
    game = position({(0, 0): (1, 2), (0, 1): (1, 3), (0, 2): (1, 3), (5, 5): (2, 1)})
    cascade, frames = game.play_shown(sq(0, 0))
    assert len(frames) == len(cascade.waves) + 1
    first_counts, first_owners = frames[0]
    assert first_counts[sq(0, 0)] == 3  # the placement, before any explosion
    assert frames[-1] == (tuple(game.counts), tuple(game.owners))


# --------------------------------------------------------------------------- legality
def test_may_place_on_empty_or_own_square_only():
    game = Game()
    game.play(sq(2, 2))
    before = game.state()
    with pytest.raises(IllegalMoveError, match="owned by seat 1"):
        game.play(sq(2, 2))
    assert game.state() == before
    assert not game.is_legal(sq(2, 2))
    assert sq(2, 2) not in game.legal_moves()
    game.play(sq(3, 3))
    assert game.is_legal(sq(2, 2)) and game.is_legal(sq(0, 0)) and not game.is_legal(sq(3, 3))


@pytest.mark.parametrize("bad", [-1, 64, 100, 2.0, "3", None, True])
def test_off_the_board_or_not_a_square_is_refused(bad):
    game = Game()
    with pytest.raises(IllegalMoveError):
        game.play(bad)
    assert game.moves == [] and game.total_pieces() == 0


def test_seat_list_must_be_two_to_four_distinct_seats():
    bad = ((1,), (1, 2, 3, 4, 1), (1, 1), (0, 2), (1, 5), (), (3, 1, 4), (2, 1, 4), (1, 4, 2, 3))
    for seats in bad:
        with pytest.raises(ValueError):
            Game(seats)
    with pytest.raises(ValueError, match="unknown rules"):
        Game((1, 2), "chess")


# --------------------------------------------------------------------------- turns and elimination
def test_turns_go_in_seat_order_with_non_contiguous_seats():
    game = Game((1, 3, 4))
    seen = []
    for col in range(6):
        seen.append(game.to_move)
        game.play(square_of(3, col) if game.to_move == 1 else square_of(game.to_move, col))
    assert seen == [1, 3, 4, 1, 3, 4]
    assert game.squares[2] == 0 and 2 not in game.alive


def test_a_seat_list_may_start_anywhere_in_seat_order():
    game = Game((3, 4, 1))
    seen = []
    for square in range(6):
        seen.append(game.to_move)
        game.play(square * 9)
    assert seen == [3, 4, 1, 3, 4, 1]


def test_a_seat_that_has_not_placed_is_not_eliminated():
    # seat 1 captures seat 2's only square while seat 3 has not placed yet: seat 2 is out,
    # seat 3 stays in, nobody has won, and the cascade runs to its end
    game = position(
        {(0, 0): (1, 2), (0, 1): (2, 3), (0, 2): (1, 3), (0, 3): (1, 3)},
        seats=(1, 2, 3), placed=(1, 2),
    )
    cascade = game.play(sq(0, 0))
    assert cascade.eliminated == (2,) and cascade.winner is None
    assert game.alive == [1, 3] and game.to_move == 3
    assert len(cascade.waves) == 4  # (0,0), (0,1), (0,2), (0,3): not cut short
    check_consistent(game)


def test_knocking_out_the_only_rival_who_has_placed_does_not_win_early():
    game = Game((1, 2, 3))
    game.play(sq(0, 0))
    assert game.alive == [1, 2, 3] and game.winner is None and game.to_move == 2


def test_elimination_with_three_seats_skips_the_loser():
    # seat 2's only square is captured by seat 1; seat 3 plays next, then seat 1
    game = position(
        {(0, 0): (1, 2), (0, 1): (2, 1), (7, 7): (3, 1), (4, 4): (1, 1)}, seats=(1, 2, 3)
    )
    cascade = game.play(sq(0, 0))
    assert cascade.eliminated == (2,)
    assert game.alive == [1, 3] and game.eliminated() == [2]
    assert game.to_move == 3 and game.winner is None
    game.play(sq(6, 6))
    assert game.to_move == 1


def test_elimination_with_four_seats_and_turn_after_the_loser():
    # seat 2 (next after seat 1) is knocked out by seat 1: the turn goes to seat 3
    game = position(
        {(0, 0): (1, 2), (1, 0): (2, 2), (7, 7): (3, 1), (7, 0): (4, 1)}, seats=(1, 2, 3, 4)
    )
    cascade = game.play(sq(0, 0))
    assert cascade.eliminated == (2,)
    assert game.to_move == 3 and game.alive == [1, 3, 4]


def test_seat_knocked_out_by_a_later_seat_is_skipped_in_turn_order():
    # seats [1, 3, 4]: seat 4 captures seat 1's last square, then seat 3 is next
    game = position(
        {(0, 0): (4, 2), (0, 1): (1, 1), (5, 5): (3, 1), (7, 7): (4, 1)}, seats=(1, 3, 4), to_move=4
    )
    game.play(sq(0, 0))
    assert game.alive == [3, 4] and game.to_move == 3


def test_last_seat_on_the_board_wins():
    game = position({(0, 0): (1, 2), (0, 1): (2, 1), (3, 3): (1, 1)})
    cascade = game.play(sq(0, 0))
    assert cascade.winner == 1 and game.winner == 1 and game.over and game.to_move is None
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play(sq(3, 3))


def test_the_cascade_stops_the_moment_the_mover_is_alone():
    # seat 2's only square is hit in the first wave; the chain along the edge is left unexploded
    game = position({(0, 0): (1, 2), (1, 0): (2, 1), (0, 1): (1, 3), (0, 2): (1, 3)})
    cascade = game.play(sq(0, 0))
    assert cascade.waves == ((sq(0, 0),),)
    assert game.winner == 1
    assert cell(game, 0, 1) == (1, 4)  # over its mass, left as it was when the game ended
    assert game.total_pieces() == 10


def test_over_full_board_ends_with_a_winner_at_once():
    # every square at its mass (224 pieces), seat 2 holding one far corner: any placement wins
    cells = {}
    for s in range(64):
        r, c = divmod(s, 8)
        cells[(r, c)] = (1, MASS[s])
    cells[(7, 7)] = (2, 2)
    for rules in ("acorn", "classic"):
        game = position(cells, rules=rules)
        if rules == "classic":
            for s in range(64):
                game.counts[s] = MASS[s] - 1
            game.counts[63] = 1
        cascade = game.play(sq(0, 0))
        assert game.winner == 1 and game.alive == [1], rules
        assert game.squares[2] == 0 and game.owners[63] == 1
        assert game.total_pieces() == (225 if rules == "acorn" else 161)
        assert len(cascade.waves) < 100


def test_over_full_board_with_a_seat_that_never_placed_still_ends():
    # not reachable in play (225 pieces take 225 moves), but the cascade must end anyway
    cells = {(r, c): (1, MASS[sq(r, c)]) for r in range(8) for c in range(8)}
    cells[(7, 7)] = (2, 2)
    game = position(cells, seats=(1, 2, 3), placed=(1, 2))
    game.play(sq(0, 0))
    assert game.winner == 1 and game.alive == [1]


# --------------------------------------------------------------------------- settle
def _after_each_way(game: Game, square: int) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The state after ``play`` and after ``settle`` of the same square (the game restored)."""
    game.play(square)
    shown = game.state()
    game.undo()
    game.settle(square)
    quick = game.state()
    game.undo()
    return shown, quick


@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 4)])
def test_any_wins_at_once_answers_as_trying_each_square_would(rules, seats):
    """One cascade from all the squares at once rules them all out unless it wins; its answer
    is always that of trying each square in turn, for the loaded squares, for every legal
    square and for random handfuls, and the game is left as it was."""
    import random

    rng = random.Random(f"any{rules}{seats}")
    checked = won = 0
    for _ in range(8):
        game = Game(seats, rules)
        while game.winner is None:
            legal = game.legal_moves()
            loaded = [s for s in legal if game.counts[s] + 1 >= game.threshold[s]]
            for squares in (loaded, legal, rng.sample(legal, min(3, len(legal)))):
                before = game.state()
                each = any(game.wins_at_once(s) for s in squares)
                assert game.any_wins_at_once(squares) == each
                assert game.state() == before
                checked += 1
                won += each
            game.play(game.random_move(rng))
    assert not Game(seats, rules).any_wins_at_once([])
    assert won > 20 and checked > 1000  # the games reached boards where wins were there


@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 3), (1, 2, 3, 4)])
def test_settle_leaves_the_position_play_leaves_at_every_move_of_random_games(rules, seats):
    """And ``wins_at_once`` says whether ``play`` wins, leaving the game as it was."""
    import random

    rng = random.Random(f"{rules}{seats}")
    exploded = wins = 0
    for _ in range(6):
        game = Game(seats, rules)
        while game.winner is None:
            # every legal square, so the loaded ones (the long cascades) are all tried
            for square in game.legal_moves():
                before = game.state()
                at_once = game.wins_at_once(square)
                assert game.state() == before
                mover = game.to_move
                shown, quick = _after_each_way(game, square)
                winner, alive = shown[8], shown[6]
                assert at_once == (winner == mover)
                wins += at_once
                if winner is None:  # no winner: the whole position is the same
                    assert quick == shown
                else:  # a win ends the cascade where it stood, which depends on the order
                    assert (quick[8], quick[6]) == (winner, alive)
            cascade = game.play(game.random_move(rng))
            exploded += bool(cascade.waves)
    assert exploded > 50 and wins > 0


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_settle_explodes_a_square_over_its_mass_as_often_as_play_does(rules):
    # a corner holding 6 pieces explodes more than once with nobody feeding it again
    game = position({(0, 0): (1, 5), (5, 5): (2, 1)}, rules=rules)
    shown, quick = _after_each_way(game, sq(0, 0))
    assert quick == shown


def test_settle_ends_an_over_full_board_with_the_same_winner():
    cells = {(r, c): (1, MASS[sq(r, c)]) for r in range(8) for c in range(8)}
    cells[(7, 7)] = (2, 2)
    for seats, placed in (((1, 2), (1, 2)), ((1, 2, 3), (1, 2))):
        game = position(cells, seats=seats, placed=placed)
        assert game.wins_at_once(sq(0, 0))
        game.settle(sq(0, 0))
        assert game.winner == 1 and game.alive == [1] and game.squares[2] == 0


def test_settle_does_not_win_while_a_rival_has_yet_to_place():
    game = position({(0, 0): (1, 2), (1, 0): (2, 1)}, seats=(1, 2, 3), placed=(1, 2))
    assert not game.wins_at_once(sq(0, 0))
    assert not game.wins_at_once(sq(1, 0))  # not the mover's to play
    shown, quick = _after_each_way(game, sq(0, 0))
    assert quick == shown and game.winner is None
    game.settle(sq(0, 0))
    assert game.winner is None and game.alive == [1, 3]


# --------------------------------------------------------------------------- undo
def test_undo_restores_everything_one_move_at_a_time_to_the_start():
    import random

    rng = random.Random(3)
    game = Game((1, 3, 4))
    states = [game.state()]
    while game.winner is None:
        game.play(game.random_move(rng))
        states.append(game.state())
    assert game.winner is not None and game.eliminated()
    while game.can_undo():
        states.pop()
        game.undo()
        assert game.state() == states[-1]
    assert game.state() == Game((1, 3, 4)).state()
    with pytest.raises(IndexError):
        game.undo()


def test_undo_restores_the_same_board_lists_in_place():
    game = Game()
    counts, owners = game.counts, game.owners
    game.play(sq(0, 0))
    game.undo()
    assert game.counts is counts and game.owners is owners and sum(counts) == 0


def test_copy_is_independent():
    game = Game()
    game.play(sq(0, 0))
    other = game.copy()
    other.play(sq(1, 1))
    assert game.counts[sq(1, 1)] == 0 and game.to_move == 2 and other.to_move == 1


def test_movers_names_who_made_each_move_even_after_a_knock_out():
    game = position(
        {(0, 0): (1, 2), (0, 1): (2, 1), (7, 7): (3, 1), (4, 4): (1, 1)}, seats=(1, 2, 3)
    )
    game.play(sq(0, 0))  # seat 1 knocks out seat 2
    game.play(sq(6, 6))  # seat 3
    game.play(sq(4, 4))  # seat 1 again, seat 2 skipped
    assert game.movers() == [1, 3, 1]
    game.undo()
    assert game.movers() == [1, 3] and game.copy().movers() == []
