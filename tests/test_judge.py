"""Level 5's judgement of a game and the story of where it turned, without a window: what the
game's graph draws (``ai.judgement``, ``app.story``) and the ``review`` command that prints it."""

from __future__ import annotations

import io
import json
import sys
import textwrap

import pytest
from paths import ROOT

from chainplus.ai.judgement import FORCED, Point, judge, series
from chainplus.app.story import LINES, WIDTH, Seen, loser, move_words, seen_in, turning_point
from chainplus.core.game import Game
from chainplus.core.records import game_from_text
from chainplus.core.rules import Rules, square_of
from chainplus.tools import cli

#: The records the timing in ai/NOTES.md is measured on: 200-move games of 2, 3 and 4 seats.
RECORDS = {n: ROOT / "tests" / "data" / "review" / f"{n}-seats.json" for n in (2, 3, 4)}
#: A smaller search than the game's keeps these tests quick; the rules of the shares hold at any.
FEW = 30


def game_of(moves: list[tuple[int, int]], rules: Rules = "classic",
            seats: tuple[int, ...] = (1, 2)) -> Game:
    game = Game(seats, rules)
    for row, col in moves:
        game.play(square_of(row, col))
    return game


def recorded(seats: int) -> Game:
    return game_from_text(RECORDS[seats].read_bytes())


#: Classic rules: Red's corner is loaded at once; Blue puts its only piece beside it, so Red's
#: next placement explodes the corner, takes Blue's square and wins.
HANDED = [(0, 0), (0, 1), (0, 0)]
#: The same, but Red plays elsewhere instead of winning (the game goes on).
MISSED = [(0, 0), (0, 1), (7, 7)]
#: Classic rules: Red loads an edge and a corner beside it, Blue holds the squares around them;
#: Red's corner then explodes, which sets the edge off: two waves, two of Blue's squares taken.
CHAIN = [(0, 1), (7, 7), (0, 1), (1, 1), (0, 0), (1, 0), (0, 0)]


# --------------------------------------------------------------------------- the judgement
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_position_shares_one_whole_among_the_seats_in_play(seats):
    game = recorded(seats)
    points = list(series(game, nodes=FEW))
    if seats == 4:  # a seat is knocked out before the end: its shares are 0 from then on
        assert any(len(p.alive) < seats for p in points[:-1])
    for point in points:
        for values in (point.judged, point.shares):
            assert sum(values[s] for s in point.alive) == pytest.approx(1.0)
            assert all(0.0 <= v <= 1.0 for v in values)
            assert all(values[s] == 0.0 for s in range(5) if s not in point.alive)


@pytest.mark.parametrize("seats", [(1, 2), (1, 2, 3), (2, 3, 4), (1, 2, 3, 4)])
def test_the_start_is_even_between_the_seats(seats):
    judged = judge(Game(seats))
    assert [judged[s] for s in seats] == pytest.approx([1 / len(seats)] * len(seats))
    assert next(series(Game(seats))).judged == judged


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_won_position_is_the_winners(seats):
    won = recorded(seats)
    assert won.winner is not None
    assert judge(won) == tuple(1.0 if s == won.winner else 0.0 for s in range(5))


def test_the_series_has_a_point_for_every_position_with_its_mover_and_board():
    game = recorded(3)
    points = list(series(game, nodes=FEW))
    assert len(points) == len(game.moves) + 1
    assert [p.move for p in points] == list(range(len(game.moves) + 1))
    assert [p.mover for p in points] == [None, *game.movers()]
    board = Game(game.seats, game.rules)
    for number, point in enumerate(points):
        owned = sum(board.squares)
        assert point.alive == tuple(board.alive)
        if owned:
            assert point.shares[1:] == pytest.approx([board.squares[s] / owned for s in
                                                      (1, 2, 3, 4)])
        if number < len(game.moves):
            board.play(game.moves[number])
    assert points[-1].judged[game.winner] == 1.0


def test_the_same_record_gives_the_same_numbers():
    game = recorded(2)  # a fixed number of nodes a position, as the graph's own, only fewer
    assert list(series(game, nodes=FEW)) == list(series(recorded(2), nodes=FEW))


def test_the_series_is_worked_out_a_point_at_a_time_and_stops_when_asked():
    game = recorded(4)
    asked = []
    steps = series(game, nodes=FEW, stop=lambda: len(asked) >= 3)
    for point in steps:
        asked.append(point)
    assert len(asked) == 3  # the fourth was under way when stop said so: not given half done
    first = next(series(game, nodes=FEW))
    assert first == asked[0]


def test_a_series_from_a_later_position_is_the_rest_of_the_whole():
    """A judgement taken over part way (its process gone) goes on from where it got to."""
    game = recorded(3)
    whole = list(series(game, nodes=FEW))
    assert list(series(game, nodes=FEW, start=150)) == whole[150:]
    assert list(series(game, nodes=FEW, start=len(whole))) == []


def test_a_seat_that_can_win_at_once_is_judged_sure_to_win():
    game = game_of(HANDED[:2])  # Red to move, and its corner takes Blue's only square
    assert judge(game)[1] >= FORCED and judge(game)[2] == 0.0


# --------------------------------------------------------------------------- the turning point
def test_the_move_that_hands_the_rival_a_win_is_where_the_game_turned():
    game = game_of(HANDED)
    points = list(series(game))
    assert game.winner == 1 and loser(points) == 2
    turn = turning_point(game, points)
    assert turn is not None
    assert (turn.move, turn.mover, turn.seat) == (2, 2, 2)
    assert turn.before == pytest.approx(0.5, abs=0.05) and turn.after == 0.0
    assert turn.words == ("Move 2: Blue played an edge square and handed Red a win: a blunder "
                          "that decided an even game.")


def test_a_win_let_go_is_told_as_missed():
    game = game_of(MISSED)
    points = list(series(game))
    assert seen_in(points[2], points[3]) == Seen(missed_win=True)
    assert move_words(game, 3, Seen(missed_win=True)) == "Move 3: Red played a corner and " \
                                                         "missed a win."


def test_in_a_game_nobody_has_won_the_lasting_fall_of_any_seat_is_the_turn():
    """Blue's fall at move 2 (it handed Red a win) was undone at move 3, where Red let the win
    go: Red's fall from a sure win is the one that lasted."""
    game = game_of(MISSED)
    points = list(series(game))
    turn = turning_point(game, points)
    assert loser(points) is None and turn is not None
    assert points[2].judged[2] == 0.0 and points[3].judged[2] > 0.4
    assert (turn.move, turn.seat) == (3, 1) and turn.before >= FORCED
    assert turn.words.startswith("Move 3: Red played a corner and missed a win")
    assert "never" not in turn.words  # the game goes on: nothing is said of what comes next
    assert turning_point(Game(), list(series(Game()))) is None


def test_a_chains_words_count_its_waves_and_the_squares_it_took_by_replaying_it():
    game = game_of(CHAIN)
    assert move_words(game, 7) == "Move 7: Red's corner set off a 2-wave chain and took 2 squares."
    # the same counts, seen independently in the boards a screen shows
    board = game_of(CHAIN[:-1])
    before = list(board.owners)
    shown = board.play_shown(square_of(0, 0))
    blue_lost = [sq for sq in range(64) if before[sq] == 2 and board.owners[sq] != 2]
    assert len(shown.cascade.waves) == 2 and len(blue_lost) == 2
    assert move_words(game, 1) == "Move 1: Red played an edge square."
    assert move_words(game, 5) == "Move 5: Red played a corner, one short of exploding."


def test_single_explosions_and_wins_are_told_as_such():
    game = game_of(HANDED)
    assert move_words(game, 3) == "Move 3: Red's corner exploded, took 1 square and won."


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_runner_up_is_the_last_seat_knocked_out(seats):
    game = recorded(seats)
    points = list(series(game, nodes=FEW))
    board = Game(game.seats, game.rules)
    for square in game.moves:
        last_out = board.play(square).eliminated
    # the last move knocks out every seat left but the winner; of several, the one level 5
    # judged the most likely ahead before it is the runner-up
    runner_up = max(last_out, key=lambda s: points[-2].judged[s])
    assert loser(points) == runner_up


def test_every_moves_words_fit_two_lines_of_the_graph_window():
    game = recorded(4)
    worst = Seen(missed_win=True, handed=4)
    for number in range(1, len(game.moves) + 1, 3):
        for seen in (Seen(), worst):
            words = move_words(game, number, seen)
            assert words.startswith(f"Move {number}: ") and words.endswith(".")
            assert len(textwrap.wrap(words, WIDTH)) <= LINES, words


# --------------------------------------------------------------------------- the review command
def review(capsys, argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    sys_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        status = cli.main(["review", *argv])
    finally:
        sys.stdin = sys_stdin
    out, err = capsys.readouterr()
    return status, out, err


def test_review_prints_every_point_and_the_turn_as_json(capsys):
    status, out, err = review(capsys, [], json.dumps({"players": 2, "rules": "classic",
                                                       "moves": [list(m) for m in HANDED]}))
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["winner"] == 1 and result["players"] == [1, 2]
    assert [p["move"] for p in result["points"]] == [0, 1, 2, 3]
    assert result["points"][0]["judged"] == [0.5, 0.5, 0.0, 0.0]
    assert result["points"][-1]["judged"] == [1.0, 0.0, 0.0, 0.0]
    assert result["turn"]["move"] == 2
    assert result["turn"]["words"] == ("Move 2: Blue played an edge square and handed Red a "
                                       "win: a blunder that decided an even game.")


def test_review_times_itself_on_request(capsys):
    status, out, err = review(capsys, [str(RECORDS[2]), "--time", "--nodes", str(FEW)])
    points = json.loads(out)["points"]
    assert status == 0 and len(points) == len(recorded(2).moves) + 1
    assert err.startswith(f"judged {len(points)} positions") and err.count("\n") == 1


@pytest.mark.parametrize("text", ["{oops", '{"players": 2, "moves": [[0, 0], [0, 0]]}'])
def test_a_bad_record_is_one_line_of_error_and_status_2(capsys, text):
    status, out, err = review(capsys, [], text)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_points_are_plain_frozen_data():
    point = Point(0, None, (1, 2), (0.0, 0.5, 0.5, 0.0, 0.0), (0.0, 0.5, 0.5, 0.0, 0.0))
    with pytest.raises(AttributeError):
        point.move = 1  # type: ignore[misc]
