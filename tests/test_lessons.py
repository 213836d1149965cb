"""The lessons of a first game, without pygame: which move teaches what under each rule set."""

from __future__ import annotations

import pytest
from rules_helpers import position, sq

from chainplus.app.explain import lesson_line
from chainplus.app.lessons import Lesson, first_lesson, lessons_in
from chainplus.core.game import Game, ShownCascade
from chainplus.core.rules import Rules


def move(game: Game, row: int, col: int) -> tuple[ShownCascade, Game]:
    return game.play_shown(sq(row, col)), game


def taught(game: Game, row: int, col: int) -> tuple[Lesson, ...]:
    return lessons_in(*move(game, row, col))


# --------------------------------------------------------------------------- which lesson
@pytest.mark.parametrize(("rules", "count", "loads"), [
    ("acorn", 0, False), ("acorn", 1, True), ("classic", 0, True), ("classic", 1, False),
])
def test_a_corner_is_loaded_one_short_of_exploding_under_the_rules_in_play(
        rules: Rules, count: int, loads: bool) -> None:
    cells = {(0, 0): (1, count)} if count else {}
    game = position({**cells, (7, 7): (2, 1)}, rules=rules, to_move=1)
    assert taught(game, 0, 0) == ((Lesson.LOADED,) if loads else ())


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_an_explosion_that_takes_a_square_is_a_capture(rules: Rules) -> None:
    corner = 2 if rules == "acorn" else 1  # one short: the piece placed explodes it
    game = position({(0, 0): (1, corner), (0, 1): (2, 1), (7, 7): (2, 1)}, rules=rules,
                    to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.CAPTURE,)
    assert lesson_line(Lesson.CAPTURE, shown, game) == (
        "It exploded: one piece to each neighbour, and they are Red's now.")


def test_an_explosion_into_empty_squares_teaches_nothing_yet() -> None:
    game = position({(0, 0): (1, 2), (7, 7): (2, 1)}, to_move=1)
    assert taught(game, 0, 0) == ()


@pytest.mark.parametrize("rules", ["acorn", "classic"])
def test_an_explosion_that_sets_off_another_is_a_chain(rules: Rules) -> None:
    corner, edge = (2, 3) if rules == "acorn" else (1, 2)
    game = position({(0, 0): (1, corner), (0, 1): (1, edge), (7, 7): (2, 1)}, rules=rules,
                    to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.CHAIN,)
    assert lesson_line(Lesson.CHAIN, shown, game).startswith("A chain of 2 waves")


def test_a_player_knocked_out_comes_first_and_the_rest_wait_their_turn() -> None:
    game = position({(0, 0): (1, 1), (0, 1): (2, 1), (7, 7): (3, 1)}, seats=(1, 2, 3),
                    rules="classic", to_move=1)
    shown, game = move(game, 0, 0)
    assert lessons_in(shown, game) == (Lesson.KNOCKED_OUT, Lesson.CAPTURE)
    assert first_lesson(shown, game, frozenset()) is Lesson.KNOCKED_OUT
    assert first_lesson(shown, game, frozenset({Lesson.KNOCKED_OUT})) is Lesson.CAPTURE
    assert first_lesson(shown, game, frozenset(Lesson)) is None
    assert lesson_line(Lesson.KNOCKED_OUT, shown, game) == (
        "Out: Blue lost every square. The last player left wins.")


def test_no_lesson_once_the_game_is_won() -> None:
    """The winner is the news: the lessons wait for the next game."""
    game = position({(0, 0): (1, 1), (0, 1): (2, 1)}, rules="classic", to_move=1)
    shown, game = move(game, 0, 0)
    assert game.winner == 1 and lessons_in(shown, game) == ()
