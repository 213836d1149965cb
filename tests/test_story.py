"""Where a game turned, on lines drawn by hand over real records: a fall that lasts is the turn,
a spike or a fall won back is not, a game even until one move says so, and only the seats that
played, lost or won are named as such (``app.story``)."""

from __future__ import annotations

import textwrap

import pytest
from paths import ROOT

from chainplus.ai.judgement import FORCED, Point, board_shares, series
from chainplus.app.panel import SEAT_NAME
from chainplus.app.story import LINES, WIDTH, falls, loser, smoothed, turning_point, why
from chainplus.core.game import Game
from chainplus.core.records import game_from_text

RECORDS = {n: ROOT / "tests" / "data" / "review" / f"{n}-seats.json" for n in (2, 3, 4)}


def recorded(seats: int) -> Game:
    return game_from_text(RECORDS[seats].read_bytes())


def drawn(game: Game, seat: int, line: list[float],
          forced: dict[int, int] | None = None) -> list[Point]:
    """``game``'s points with ``seat``'s judged share ``line[n]`` at position ``n``, the rest
    to the others in play (nine tenths of it to the game's winner when there are several);
    ``forced`` gives a seat a sure win at a position. A won position is the winner's."""
    board = Game(game.seats, game.rules)
    points, mover = [], None
    for number in range(len(game.moves) + 1):
        alive = tuple(board.alive)
        judged = [0.0] * 5
        if board.winner is not None:
            judged[board.winner] = 1.0
        elif forced and number in forced:
            judged[forced[number]] = 1.0
        else:
            others = [s for s in alive if s != seat]
            judged[seat] = line[number] if seat in alive else 0.0
            rest = 1.0 - judged[seat]
            if len(others) > 1 and game.winner in others:
                judged[game.winner or 0] = rest * 0.9
                others.remove(game.winner or 0)
                rest *= 0.1
            for other in others:
                judged[other] = rest / len(others)
        points.append(Point(number, mover, alive, board_shares(board), tuple(judged)))
        if number < len(game.moves):
            mover = board.play(game.moves[number]).seat
    return points


def beaten_in(game: Game) -> int:
    """The seat that lost a two-seat record."""
    return next(s for s in game.seats if s != game.winner)


def steady(game: Game, level: float = 0.5) -> list[float]:
    return [level] * (len(game.moves) + 1)


def moved_by(game: Game, seat: int, after: int) -> int:
    """The first move after move ``after`` made by ``seat``."""
    movers = game.movers()
    return next(n for n in range(after + 1, len(movers) + 1) if movers[n - 1] == seat)


def drop_from(line: list[float], at: int, share: float) -> None:
    """The loser's ``line`` falls to ``share`` from position ``at`` on, and to 0 at the end."""
    line[at:] = [share] * (len(line) - at)
    line[-1] = 0.0


def fits(words: str) -> bool:
    return len(textwrap.wrap(words, WIDTH)) <= LINES


def test_a_running_median_takes_spikes_away_and_keeps_steps():
    assert smoothed([0.5, 0.5, 0.1, 0.5, 0.5]) == [0.5] * 5
    assert smoothed([0.5, 0.5, 0.9, 0.9, 0.5, 0.5, 0.5]) == [0.5] * 7
    assert smoothed([0.5, 0.5, 0.5, 0.2, 0.2, 0.2]) == [0.5, 0.5, 0.5, 0.2, 0.2, 0.2]


def test_a_fall_counts_only_what_the_line_never_gets_back_above_the_floor():
    line = [0.5, 0.5, 0.5, 0.3, 0.3, 0.3, 0.0, 0.0]
    assert falls(line, 0.0) == pytest.approx([0, 0, 0, 0.2, 0, 0, 0.3, 0])
    assert falls(line, 0.2) == pytest.approx([0, 0, 0, 0.2, 0, 0, 0.1, 0])


def test_a_lasting_fall_is_the_turn_not_a_one_position_spike_before_it():
    game = recorded(2)
    seat, line = beaten_in(game), steady(recorded(2))
    line[60] = 0.05  # a dip of one position, undone at once
    line[100] = 0.95  # a rise of one position: the fall back from it is no turn either
    turn_at = moved_by(game, game.winner or 0, 150)
    drop_from(line, turn_at, 0.2)
    turn = turning_point(game, drawn(game, seat, line))
    assert turn is not None and (turn.move, turn.seat) == (turn_at, seat)
    assert (turn.before, turn.after) == (0.5, 0.2)
    assert turn.words.endswith(f", and {SEAT_NAME[seat]} never got back above 20%.")
    assert fits(turn.words)


def test_a_fall_won_back_within_three_moves_is_not_the_turn():
    game = recorded(2)
    seat, line = beaten_in(game), steady(game)
    line[80:82] = [0.02, 0.02]  # the largest fall of all, won back two moves later
    turn_at = moved_by(game, seat, 140)
    drop_from(line, turn_at, 0.3)
    turn = turning_point(game, drawn(game, seat, line))
    assert turn is not None and turn.move == turn_at


def test_an_even_game_decided_by_the_losers_move_is_told_as_a_blunder():
    game = recorded(2)
    seat, line = beaten_in(game), steady(game)
    blunder = moved_by(game, seat, 170)
    drop_from(line, blunder, 0.05)
    turn = turning_point(game, drawn(game, seat, line))
    assert turn is not None and (turn.move, turn.mover) == (blunder, seat)
    assert turn.words.endswith(": a blunder that decided an even game.") and fits(turn.words)
    winners = moved_by(game, game.winner or 0, 170)
    line = steady(game)
    drop_from(line, winners, 0.05)
    turn = turning_point(game, drawn(game, seat, line))
    assert turn is not None and turn.move == winners
    assert turn.words.endswith(": the move that decided an even game.")


def test_a_slow_slide_is_not_called_a_blunder():
    game = recorded(2)
    seat, line = beaten_in(game), steady(game)
    for number in range(100, len(line)):
        line[number] = max(0.0, 0.5 - (number - 99) * 0.004)
    turn = turning_point(game, drawn(game, seat, line))
    assert turn is not None and "blunder" not in turn.words and "decided" not in turn.words


def test_a_win_the_loser_let_go_is_where_it_turned():
    game = recorded(2)
    seat, line = beaten_in(game), steady(game)
    missed = moved_by(game, seat, 120)
    drop_from(line, missed, 0.35)
    turn = turning_point(game, drawn(game, seat, line, forced={missed - 1: seat}))
    assert turn is not None and turn.move == missed and turn.before == 1.0
    assert "missed a win" in turn.words and fits(turn.words)


def test_with_four_seats_only_the_winner_is_said_to_be_handed_a_win():
    game = recorded(4)
    board = Game(game.seats, game.rules)
    for square in game.moves[:-1]:
        board.play(square)
    last_out = [s for s in board.alive if s != game.winner]
    assert len(last_out) >= 2  # the runner-up is the one of them judged the most likely ahead
    beaten, other = last_out[0], last_out[1]
    line = steady(game, 0.25)
    turn_at = moved_by(game, beaten, len(game.moves) - 40)
    line[turn_at:] = [0.1] * (len(line) - turn_at)
    points = drawn(game, beaten, line, forced={turn_at: other})
    assert points[turn_at].judged[other] >= FORCED and loser(points) == beaten
    turn = turning_point(game, points)
    assert turn is not None and (turn.move, turn.seat) == (turn_at, beaten)
    assert f"handed {SEAT_NAME[other]}" not in turn.words
    assert turn.words.endswith(f", and {SEAT_NAME[beaten]} never got back above 10%.")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_records_turn_names_the_loser_and_only_seats_that_played(seats):
    game = recorded(seats)
    points = list(series(game, nodes=30))
    turn = turning_point(game, points)
    assert turn is not None and turn.seat == loser(points) != game.winner
    named = [s for s in range(1, 5) if SEAT_NAME[s] in turn.words]
    assert set(named) <= set(game.seats) and fits(turn.words)
    assert turn.words.startswith(f"Move {turn.move}: {SEAT_NAME[game.movers()[turn.move - 1]]}")


def test_why_a_move_mattered_in_words():
    line = [0.5, 0.5, 0.5, 0.3, 0.28, 0.29, 0.1, 0.0]
    assert why(line, 3, (1, 2), 0.5) == ", and Red never got back above 30%"
    assert why(line, 4, (1, 2), 0.5) == ", and Red fell from 30% to 28%"
    assert why(line, 3, (1, 2), 0.5, finished=False) == ", and Red has not been above 30% since"
    collapse = [0.5, 0.5, 0.5, 0.5, 0.05, 0.0]
    assert why(collapse, 4, (2, 2), 0.5) == ": a blunder that decided an even game"
    assert why(collapse, 4, (2, 1), 0.5) == ": the move that decided an even game"
    ahead = [0.5, 0.8, 0.8, 0.8, 0.05, 0.0]
    assert why(ahead, 4, (2, 2), 0.5) == ": a blunder that threw away its lead"
    assert why(ahead, 4, (2, 1), 0.5) == ": it overturned Blue's lead"
    assert why([0.5, 0.0, 0.0], 1, (1, 2), 0.5, finished=False) == ""
    hopeless = [0.5, 0.5, 0.3, 0.0, 0.0]
    assert why(hopeless, 3, (1, 2), 0.5) == ", and Red had no way back"
    assert why(hopeless, 3, (1, 2), 0.5, said=True) == ""  # "handed Blue a win" said it


def test_a_person_knocked_out_of_a_three_seat_game_is_told_where_their_own_game_turned():
    """Not only the winner's story: the seat a person played, out before the runner-up, gets
    the move after which it fell for good."""
    game = recorded(3)
    board, out_first = Game(game.seats, game.rules), None
    for number, square in enumerate(game.moves, start=1):
        board.play(square)
        gone = [s for s in game.seats if s not in board.alive]
        if gone and out_first is None:
            out_first, out_at = gone[0], number
    assert out_first is not None and out_first != game.winner
    line = steady(game, 0.3)
    turn_at = moved_by(game, out_first, out_at - 12)
    line[turn_at:] = [0.05] * (len(line) - turn_at)
    points = drawn(game, out_first, line)
    assert loser(points) != out_first  # the runner-up is another seat
    assert turning_point(game, points).seat != out_first  # the winner's story, as before
    turn = turning_point(game, points, people=(out_first,))
    assert turn is not None and (turn.move, turn.seat) == (turn_at, out_first)
    assert SEAT_NAME[out_first] in turn.words and fits(turn.words)
    assert turning_point(game, points, people=(game.winner,)) == turning_point(game, points)
