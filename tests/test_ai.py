"""The computer players: what each level may play, the random %, purity, determinism, search.

Statistical checks draw many seeded moves from fixed positions and compare the counts with
what the level's definition predicts, with a chi-square bound at about p = 0.001. The seeds
are fixed, so a test gives the same answer every run: it cannot flake, yet a level that
played the wrong distribution would fail it.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest
from rules_helpers import played

from chainplus.ai import levels
from chainplus.ai import players as ai
from chainplus.ai.evaluate import (
    JUDGE,
    LOADED_AT,
    MOST_PER_SQUARE,
    WIN,
    Judge,
    Weights,
    evaluate,
    seat_scores,
    weights_file_text,
)
from chainplus.ai.horizon import (
    QUIESCENCE_PLIES,
    WIN_CHECK_TENTHS,
    can_win_at_once,
    default_quiescence,
)
from chainplus.ai.limits import Limit, Setup
from chainplus.ai.search import search
from chainplus.core.game import Game
from chainplus.core.rules import NEIGHBOURS, square_of
from lab.judging import tune

ALL_LEVELS = range(6)
FAST = dict(limit=Limit(nodes=400))  # level 5 without a clock: repeatable and quick


def board(cells: dict[tuple[int, int], tuple[int, int]], seats=(1, 2), rules="acorn",
          to_move: int = 1) -> Game:
    """A game set straight to a position; cells maps (row, col) to (seat, count)."""
    game = Game(seats, rules)
    for (row, col), (seat, count) in cells.items():
        sq = square_of(row, col)
        game.counts[sq] = count
        game.owners[sq] = seat
        game.squares[seat] += 1
    for seat in seats:
        game.placed |= 1 << seat
    game.to_move = to_move
    return game



def draws(game: Game, level: int, pct: int, n: int, seed: int = 1) -> Counter:
    rng = random.Random(seed)
    return Counter(ai.choose_move(game, level, pct, rng, **FAST) for _ in range(n))


def chi_square_ok(counts: Counter, support: list[int], n: int) -> bool:
    """Counts look uniform over ``support`` (and nothing outside it), at about p = 0.001."""
    if set(counts) - set(support):
        return False
    expected = n / len(support)
    stat = sum((counts.get(sq, 0) - expected) ** 2 / expected for sq in support)
    df = len(support) - 1
    z = 3.09  # one-sided 0.001
    critical = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3  # Wilson-Hilferty
    return stat < critical


# a position where seat 1 owns a few squares and many squares are free or taken by seat 2
MIXED = board({
    (0, 0): (1, 1), (3, 3): (1, 2), (5, 6): (1, 1), (7, 7): (1, 1),
    (0, 7): (2, 1), (4, 4): (2, 3), (6, 1): (2, 2), (2, 5): (2, 1),
})
MINE = sorted(sq for sq in range(64) if MIXED.owners[sq] == 1)
LEGAL = MIXED.legal_moves()


# ----------------------------------------------------------------------------- the levels
def test_level_0_is_uniform_over_every_legal_square():
    n = 5600
    assert chi_square_ok(draws(MIXED, 0, 0, n), LEGAL, n)


def test_level_1_is_uniform_over_its_own_squares():
    n = 2000
    assert chi_square_ok(draws(MIXED, 1, 0, n), MINE, n)


def test_level_1_with_no_square_of_its_own_plays_as_level_0():
    game = Game((1, 2))
    game.play(square_of(2, 2))  # seat 2 has none yet
    n = 6300
    assert chi_square_ok(draws(game, 1, 0, n), game.legal_moves(), n)


def test_level_2_at_0_percent_is_level_1_and_at_100_percent_is_level_0():
    n = 5600
    assert chi_square_ok(draws(MIXED, 2, 0, 2000), MINE, 2000)
    assert chi_square_ok(draws(MIXED, 2, 100, n), LEGAL, n)


def test_level_2_mixes_the_two_in_the_set_proportion():
    n = 4000
    counts = draws(MIXED, 2, 30, n)
    # a random move lands on one of its own squares with probability len(MINE)/len(LEGAL)
    p_other = 0.30 * (1 - len(MINE) / len(LEGAL))
    others = sum(c for sq, c in counts.items() if sq not in MINE)
    sd = math.sqrt(n * p_other * (1 - p_other))
    assert abs(others - n * p_other) < 4 * sd


@pytest.mark.parametrize("level", [4, 5])
def test_levels_4_and_5_at_100_percent_play_as_level_0(level):
    n = 5600
    assert chi_square_ok(draws(MIXED, level, 100, n), LEGAL, n)


@pytest.mark.parametrize("level", [3, 4, 5])
def test_thinking_levels_at_0_percent_do_not_play_at_random(level):
    # a thinking level has favourites: far from uniform over the legal squares
    counts = draws(MIXED, level, 0, 200 if level == 5 else 400)
    assert not chi_square_ok(counts, LEGAL, sum(counts.values()))


def test_level_4_plays_random_moves_in_the_set_share():
    # level 3's choices here lie in a small set; level 4 at 50 % leaves it about half the time
    # (a random move can land in the set too, so the share outside is a bit under half)
    n = 1000
    thought = set(draws(MIXED, 3, 0, 300))
    counts = draws(MIXED, 4, 50, n)
    outside = sum(c for sq, c in counts.items() if sq not in thought)
    p = 0.5 * (1 - len(thought) / len(LEGAL))
    sd = math.sqrt(n * p * (1 - p))
    assert abs(outside - n * p) < 4 * sd


# ----------------------------------------------------------------------------- the contract
@pytest.mark.parametrize("rules", ["acorn", "classic"])
@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 3), (2, 3, 4, 1)])
def test_every_level_plays_a_legal_move_and_leaves_the_game_alone(rules, seats):
    for moves in (0, 1, 12, 40):
        game = played(seats, rules, moves, seed=moves)
        before = game.state()
        for level in ALL_LEVELS:
            for pct in (0, 50):
                square = ai.choose_move(game, level, pct, random.Random(level), **FAST)
                assert game.is_legal(square), (level, pct, square)
                assert game.state() == before


def test_level_5_on_the_clock_leaves_the_game_alone_and_plays_legally():
    game = played((1, 2, 3, 4), "acorn", 40)
    before = game.state()
    square = ai.choose_move(game, 5, 0, random.Random(1), limit=Limit(time=0.05))
    assert game.is_legal(square)
    assert game.state() == before


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_the_same_seed_gives_the_same_moves(level):
    game = played((1, 2, 3), "acorn", 25)
    first = [ai.choose_move(game, level, 10, random.Random(s), **FAST) for s in range(8)]
    again = [ai.choose_move(game, level, 10, random.Random(s), **FAST) for s in range(8)]
    assert first == again


def test_bad_arguments_are_value_errors():
    game = Game()
    with pytest.raises(ValueError):
        ai.choose_move(game, 6)
    with pytest.raises(ValueError):
        ai.choose_move(game, -1)
    with pytest.raises(ValueError):
        ai.choose_move(game, 2, 101)
    won = board({(0, 0): (1, 1)})
    won.winner, won.to_move = 1, None
    with pytest.raises(ValueError):
        ai.choose_move(won, 5)


def test_hint_is_what_level_5_at_0_percent_would_play():
    for seed in range(3):
        game = played((1, 2, 3, 4), "classic", 20 + seed, seed=seed)
        limit = Limit(nodes=600)
        assert ai.hint(game, limit=limit, rng=random.Random(seed)) == ai.choose_move(
            game, 5, 0, random.Random(seed), limit=limit
        )


# ----------------------------------------------------------------------------- tactics
# seat 1's loaded corner (0,0) fires into (0,1) and (1,0): seat 2's only squares
WIN_NOW = board({(0, 0): (1, 2), (5, 5): (1, 1), (0, 1): (2, 1), (1, 0): (2, 2)})


@pytest.mark.parametrize("level", [3, 4, 5])
def test_thinking_levels_take_an_immediate_win(level):
    for seed in range(10):
        square = ai.choose_move(WIN_NOW, level, 0, random.Random(seed), **FAST)
        assert square == square_of(0, 0)


def test_level_5_takes_an_immediate_win_even_with_almost_no_nodes():
    square = ai.choose_move(WIN_NOW, 5, 0, random.Random(0), limit=Limit(nodes=1))
    assert square == square_of(0, 0)


# seat 2's loaded corner (0,0) would capture (0,1) and (1,0); seat 1 owns only (0,1)
DANGER = board({(0, 0): (2, 2), (0, 1): (1, 1), (6, 6): (2, 1)}, to_move=1)
LOSING = {square_of(0, 1), square_of(1, 0)}


def test_the_danger_position_really_loses_for_those_moves():
    for sq in DANGER.legal_moves():
        game = DANGER.copy()
        game.play(sq)
        assert can_win_at_once(game) == (sq in LOSING), sq


@pytest.mark.parametrize("nodes", [1, 50, 2000])
def test_level_5_does_not_hand_the_next_seat_a_win(nodes):
    for seed in range(12):
        square = ai.choose_move(DANGER, 5, 0, random.Random(seed), limit=Limit(nodes=nodes))
        assert square not in LOSING


def test_level_5_avoids_handing_a_win_with_four_seats():
    # seat 2 moves next; its loaded corner would take (0,1) and (1,0), seat 1's only squares,
    # and seats 3 and 4 are already knocked out... so seat 2 would win
    game = board({(0, 0): (2, 2), (0, 1): (1, 1), (1, 0): (1, 1), (6, 6): (2, 1)},
                 seats=(1, 2, 3, 4), to_move=1)
    game.alive = [1, 2]
    for seed in range(6):
        square = ai.choose_move(game, 5, 0, random.Random(seed), limit=Limit(nodes=300))
        after = game.copy()
        after.play(square)
        assert not can_win_at_once(after)


def fights(game: Game) -> list[int]:
    """The mover's loaded squares next to a rival's loaded square (what quiescence plays)."""
    top = LOADED_AT[game.rules]
    me, counts, owners = game.to_move, game.counts, game.owners
    return [sq for sq in range(64) if owners[sq] == me and counts[sq] == top[sq]
            and any(owners[n] not in (0, me) and counts[n] == top[n] for n in NEIGHBOURS[sq])]


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_fights_and_loaded_squares_match_their_plain_definitions(rules):
    from chainplus.ai import ordering
    from chainplus.ai.evaluate import loaded_squares

    rng = random.Random(rules)
    top = LOADED_AT[rules]
    found = 0
    for index in range(12):
        game = Game((1, 2, 3, 4)[: 2 + index % 3], rules)
        while game.winner is None:  # every position of seeded random games
            assert loaded_squares(game) == [sq for sq in range(64) if game.counts[sq] == top[sq]]
            assert ordering.fights(game) == fights(game)
            found += bool(fights(game))
            game.play(game.random_move(rng))
    assert found > 50


def test_move_order_is_a_full_sort_of_the_keys_though_the_first_comes_first():
    """The table's move or first killer is tried before the other moves are listed; the
    order is still that of sorting every move by its key (ties by square: ascending for the
    seat to move, descending among rivals' moves), with killers and history in play."""
    from chainplus.ai.ordering import MoveOrder

    rng = random.Random(7)
    order = MoveOrder(8)
    checked = 0
    for index in range(6):
        game = Game((1, 2, 3, 4)[: 2 + index % 3], "classic" if index % 2 else "acorn")
        while game.winner is None:
            seat = game.to_move or 0
            order.cut(game.random_move(rng), 2, 1, seat)  # some history and killers
            rivals = [s for s in game.alive if s != seat]
            best = 64 * seat + game.random_move(rng)
            keys = order.keyed(game, best - 64 * seat, 1)
            expected = [(seat, sq) for sq in sorted(keys, key=keys.__getitem__, reverse=True)]
            assert list(order.moves(game, best, 1, None)) == expected
            everyone = []
            for mover in rivals:
                game.to_move = mover
                everyone += [(key, mover, sq) for sq, key in order.keyed(game, -1, 1).items()]
            game.to_move = seat
            expected = [(mover, sq) for _, mover, sq in sorted(everyone, reverse=True)]
            assert list(order.moves(game, -1, 1, rivals)) == expected
            assert game.to_move == seat
            # the rest keep the order the node began with, though the first move's search
            # changes the history before they are listed
            moves = order.moves(game, -1, 1, rivals)
            first = next(moves)
            order.cut(expected[-1][1], 9, 3, expected[-1][0])
            assert [first, *moves] == expected
            checked += 1
            game.play(game.random_move(rng))
    assert checked > 200


def minimax(game: Game, me: int, depth: int, ply: int = 0, quiet: int = 0,
            best_reply: bool = False) -> int:
    """Plain minimax over Game.play/undo: the reference the alpha-beta must match.

    Paranoid, or best-reply (every rival's moves at a rival's turn, then ``me`` again); past
    the horizon, ``quiet`` plies in which the mover may fire a fight or stand pat."""
    if game.winner is not None:
        return WIN - ply if game.winner == me else -WIN + ply
    if me not in game.alive:
        return -WIN + ply
    mover = game.to_move
    if depth == 0:
        values = [evaluate(game, me)]
        for sq in fights(game) if quiet else []:
            game.play(sq)
            values.append(minimax(game, me, 0, ply + 1, quiet - 1, best_reply))
            game.undo()
    else:
        values = []
        movers = [s for s in game.alive if s != me] if best_reply and mover != me else [mover]
        for seat in movers:
            game.to_move = seat
            for sq in game.legal_moves():
                game.play(sq)
                if best_reply and mover != me and game.winner is None and me in game.alive:
                    game.to_move = me
                values.append(minimax(game, me, depth - 1, ply + 1, quiet, best_reply))
                game.undo()
        game.to_move = mover
    return max(values) if mover == me else min(values)


@pytest.mark.parametrize("quiet", [0, 2])
@pytest.mark.parametrize("seats,moves,best_reply,rules", [
    ((1, 2), 14, False, "acorn"), ((1, 2), 40, False, "acorn"), ((1, 2, 3), 12, False, "acorn"),
    ((1, 2, 3), 18, True, "acorn"), ((1, 2, 3, 4), 30, True, "acorn"),
    # fights at the horizon: here quiescence changes the value
    ((1, 2), 60, False, "acorn"), ((1, 2, 3), 40, True, "classic"),
    ((1, 2, 3, 4), 50, True, "classic")])
def test_alpha_beta_agrees_with_plain_minimax(seats, moves, best_reply, rules, quiet):
    game = played(seats, rules, moves, seed=moves)
    me = game.to_move
    for depth in (1, 2):
        found = search(game, Limit(depth=depth), rng=random.Random(1),
                       setup=Setup(quiescence=quiet, best_reply=best_reply))
        assert found.depth == depth
        assert found.value == minimax(game.copy(), me, depth, 0, quiet, best_reply)
        after = game.copy()
        after.play(found.move)
        assert minimax(after, me, depth - 1, 1, quiet, best_reply) == found.value


@pytest.mark.parametrize("seats,moves,rules,plies", [
    ((1, 2), 60, "acorn", QUIESCENCE_PLIES), ((1, 2, 3), 40, "classic", 0),
    ((1, 2, 3, 4), 50, "classic", 0)])
def test_fights_are_played_out_only_between_two_seats(seats, moves, rules, plies):
    # positions where quiescence changes the value (the test above): by default the search
    # plays fights out past its horizon with two seats in, and not with three or four
    game = played(seats, rules, moves, seed=moves)
    assert default_quiescence(game) == plies
    for depth in (1, 2):
        usual = search(game, Limit(depth=depth), rng=random.Random(1))
        given = search(game, Limit(depth=depth), rng=random.Random(1),
                       setup=Setup(quiescence=plies))
        assert (usual.move, usual.value, usual.nodes) == (given.move, given.value, given.nodes)


def test_more_nodes_search_deeper():
    game = played((1, 2), "acorn", 20)
    depths = [search(game, Limit(nodes=n), rng=random.Random(1)).depth
              for n in (100, 3000, 30000)]
    assert depths == sorted(depths) and depths[-1] >= depths[0] + 1


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_late_move_reductions_reach_the_same_depth_with_fewer_nodes(rules):
    saved = 0
    for moves in (20, 30, 40):
        game = played((1, 2), rules, moves, seed=moves)
        full = search(game, Limit(depth=4), rng=random.Random(1), setup=Setup(lmr=False))
        reduced = search(game, Limit(depth=4), rng=random.Random(1), setup=Setup(lmr=True))
        assert full.depth == reduced.depth == 4
        assert game.is_legal(reduced.move)
        saved += full.nodes - reduced.nodes
    assert saved > 0


def test_a_win_at_once_just_past_the_horizon_is_seen():
    # Late in seeded games (boards at least 60 % full), a two-ply search with the win check
    # calls a position decided only when a three-ply search without it agrees, and the check
    # decides some positions the two-ply search alone cannot.
    decided = seen_only_by_the_check = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = Game((1, 2), "classic")
        while game.winner is None:
            if sum(game.counts) * 10 >= game.capacity * WIN_CHECK_TENTHS:
                found = {check: search(game, Limit(depth=2), rng=random.Random(seed),
                                       setup=Setup(quiescence=0, win_check=check)).value
                         for check in (True, False)}
                if abs(found[True]) >= WIN - 20:
                    decided += 1
                    seen_only_by_the_check += abs(found[False]) < WIN - 20
                    deeper = search(game, Limit(depth=3), rng=random.Random(seed),
                                    setup=Setup(quiescence=0, win_check=False)).value
                    assert abs(deeper) >= WIN - 20 and (deeper > 0) == (found[True] > 0)
            game.play(ai.choose_move(game, 1, 0, rng))
    assert decided and seen_only_by_the_check


def test_stop_abandons_the_search_at_once():
    game = played((1, 2, 3, 4), "acorn", 40)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    result = search(game, Limit(), stop=stop, rng=random.Random(1))
    assert game.is_legal(result.move)
    assert len(calls) == 4  # it asked again and again, and quit the moment the answer was yes
    assert result.nodes <= 4


def test_a_node_limit_makes_level_5_repeatable_and_bounded():
    game = played((1, 2), "acorn", 30)
    one = search(game, Limit(nodes=1500), rng=random.Random(7))
    two = search(game, Limit(nodes=1500), rng=random.Random(7))
    assert one == two
    assert one.nodes <= 1500
    assert one.depth >= 1


def test_evaluate_scores_wins_losses_and_symmetry():
    game = played((1, 2), "acorn", 30)
    assert evaluate(game, 1) == -evaluate(game, 2)  # two seats: one's gain is the other's loss
    over = WIN_NOW.copy()
    over.play(square_of(0, 0))
    assert evaluate(over, 1) == WIN and evaluate(over, 2) == -WIN


def reference_scores(game: Game, w: Weights) -> list[int]:
    """``seat_scores`` written the slow, obvious way: each square looks at its neighbours."""
    top = LOADED_AT[game.rules]
    safe = {2: w.safe_corner, 3: w.safe_edge, 4: w.safe_centre}
    cost = {2: w.danger_corner, 3: w.danger_edge, 4: w.danger_centre}
    counts, owners = game.counts, game.owners

    def loaded(sq: int) -> bool:
        return counts[sq] == top[sq]

    scores = [0] * 5
    for sq in range(64):
        owner = owners[sq]
        if not owner:
            continue
        danger = sum(cost[len(NEIGHBOURS[n])] for n in NEIGHBOURS[sq]
                     if loaded(n) and owners[n] not in (0, owner))
        if danger:
            share = danger * w.to_move_danger_pct // 100 if owner == game.to_move else danger
            scores[owner] += counts[sq] - share
            continue
        scores[owner] += counts[sq] + safe[len(NEIGHBOURS[sq])]
        if loaded(sq):
            scores[owner] += w.loaded + w.chain * sum(
                1 for n in NEIGHBOURS[sq] if n > sq and owners[n] == owner and loaded(n))
    return scores


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_seat_scores_match_the_plain_definition(rules):
    rng = random.Random(rules)
    odd = Judge(Weights(5, 4, 1, 6, 3, 2, 75, 3, 1))  # any weights, not only the tuned ones
    # the largest per-square weights (four dangers must still fit a square's byte)
    most = Judge(Weights(*[MOST_PER_SQUARE] * 6, 100, -3, 7))
    for index in range(60):
        game = played((1, 2, 3, 4)[: 2 + index % 3], rules, rng.randrange(5, 120), seed=index)
        assert seat_scores(game) == reference_scores(game, JUDGE.weights)
        assert odd.seat_scores(game) == reference_scores(game, odd.weights)
        assert most.seat_scores(game) == reference_scores(game, most.weights)


@pytest.mark.parametrize("bad", [{"safe_corner": -1}, {"danger_centre": MOST_PER_SQUARE + 1},
                                 {"to_move_danger_pct": 101}])
def test_weights_out_of_range_are_refused_and_a_file_of_them_is_not_used(bad, tmp_path):
    """Per-square weights are added in a byte per square, so they are bounded; a weights file
    holding one out of range is read as the defaults, like any unreadable file."""
    with pytest.raises(ValueError, match=next(iter(bad))):
        Weights(**bad)
    path = tmp_path / "weights.json"
    path.write_text(json.dumps({"weights": Weights(safe_corner=7).as_dict() | bad}))
    assert Weights.load(path) == Weights()
    path.write_text(json.dumps({"weights": Weights(safe_corner=7).as_dict()}))
    assert Weights.load(path) == Weights(safe_corner=7)


def test_the_weights_file_holds_the_weights_and_how_they_were_found(tmp_path):
    data = json.loads(weights_file_text())
    assert Weights(**data["weights"]) == JUDGE.weights
    assert data["tuning"]["trials"]  # the matches that decided them
    # and those that changed them by hand since: the weights are the last values they name
    assert all(change["matches"] for change in data["changes"])
    last = {name: now for change in data["changes"] for name, (_, now) in change["changed"].items()}
    assert last and all(data["weights"][name] == now for name, now in last.items())
    assert Weights.load(tmp_path / "missing.json") == Weights()


def test_level_5_beats_random_play():
    # a short, seeded, clock-free match: a working search never loses to level 0
    for index in range(4):
        rng = random.Random(index)
        game = Game((1, 2))
        searcher = 1 + index % 2
        while game.winner is None:
            if game.to_move == searcher:
                game.play(ai.choose_move(game, 5, 0, rng, limit=Limit(nodes=150)))
            else:
                game.play(ai.choose_move(game, 0, 0, rng))
        assert game.winner == searcher


# ----------------------------------------------------------------------------- aibench
def test_percentile_is_nearest_rank():
    from chainplus.common.stats import percentile

    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 95) == 95.0
    assert percentile(values, 50) == 50.0
    assert percentile([3.0], 95) == 3.0


def test_aibench_command_prints_its_figures_as_json(capsys):
    from chainplus.tools.cli import main

    assert main(["aibench", "--positions", "3", "--players", "3", "--budget", "0.01"]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["positions"] == 3 and last["players"] == 3
    assert 0 < last["p50_ms"] <= last["p95_ms"] <= last["max_ms"]
    assert last["mean_depth"] >= 0


def test_aibench_to_a_fixed_depth_counts_the_nodes_it_takes_without_a_clock(capsys):
    from chainplus.tools.cli import main

    args = ["aibench", "--positions", "4", "--players", "2", "--rules", "classic"]
    assert main([*args, "--depth", "2"]) == 0
    two = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert two["depth_limit"] == 2 and two["budget_ms"] is None
    assert two["max_depth"] <= 2 and two["mean_nodes"] > 0
    assert main([*args, "--depth", "3"]) == 0
    three = json.loads(capsys.readouterr().out.splitlines()[-1])
    # the same positions searched a ply deeper take more nodes, every time it is run
    assert three["mean_nodes"] > two["mean_nodes"]
    assert main([*args, "--depth", "3"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["mean_nodes"] == three["mean_nodes"]


def test_level_5_thinks_through_the_windows_pause_but_never_less_than_the_least():
    assert levels.thinking_time(0.6) == 0.6 == levels.DEFAULT_BUDGET
    assert levels.thinking_time(0.1) == levels.MIN_BUDGET == 0.25
    assert levels.thinking_time(1.0) == 1.0


def test_tuning_writes_only_where_it_is_told(capsys):
    """No default file: a tuning run never writes into the package (an installed copy's
    folder, or the clone's weights) unless --out names it."""
    with pytest.raises(SystemExit) as end:
        tune.main(["--games", "2", "--nodes", "20"])
    assert end.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out" in err


def test_a_tuning_run_keeps_the_record_of_weights_changed_by_hand(tmp_path):
    out = tmp_path / "weights.json"
    changes = [{"what": "by hand", "changed": {"chain": [1, 2]}, "matches": [{"wins": 1}]}]
    out.write_text(json.dumps({"weights": Weights().as_dict(), "changes": changes}))
    assert tune.main(["--games", "2", "--nodes", "20", "--jobs", "1", "--only", "chain",
                      "--confirm-games", "2", "--confirm-nodes", "20", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["changes"] == changes
    assert written["tuning"]["tuned"] == ["chain"]
    # a new file gets the record of the weights the run started from, the ones in use
    new = tmp_path / "new.json"
    assert tune.main(["--games", "2", "--nodes", "20", "--jobs", "1", "--only", "chain",
                      "--confirm-games", "2", "--confirm-nodes", "20", "--out", str(new)]) == 0
    assert json.loads(new.read_text())["changes"] == json.loads(weights_file_text())["changes"]
