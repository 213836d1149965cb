"""The help box's words for a board square, without pygame: the kind of square, when it
explodes under the rules of the game on the board (acorn: over its critical mass; classic: at
it) and whose it is."""

from __future__ import annotations

import pytest

from chainplus.app.explain import square_help
from chainplus.app.session import Options, Session
from chainplus.app.settings import SavedSeat
from chainplus.core.rules import Rules

H = SavedSeat("human", 5, 10)
FOUR_HUMANS = (H, H, H, H)
#: Four humans: Red 27, Blue 28, Green 35, Yellow 36, then Red 27 and Blue 28 again.
EVERY_SEATS_CENTRE = (27, 28, 35, 36, 27, 28)
CORNER, EDGE, CENTRE = 0, 3, 27


def session(seats: tuple[SavedSeat, ...], rules: Rules = "acorn") -> Session:
    return Session(Options(seats=seats, rules=rules))


@pytest.mark.parametrize(("rules", "corner", "edge", "centre"),
                         [("acorn", 3, 4, 5), ("classic", 2, 3, 4)])
def test_an_empty_square_says_its_kind_and_the_piece_that_explodes_it(
        rules: Rules, corner: int, edge: int, centre: int) -> None:
    game = session(FOUR_HUMANS, rules).game
    assert square_help(game, CORNER) == f"Corner square: explodes at {corner} pieces. Empty."
    assert square_help(game, EDGE) == f"Edge square: explodes at {edge} pieces. Empty."
    assert square_help(game, 56 + 4) == f"Edge square: explodes at {edge} pieces. Empty."
    assert square_help(game, CENTRE) == f"Centre square: explodes at {centre} pieces. Empty."
    assert square_help(game, 63) == f"Corner square: explodes at {corner} pieces. Empty."


@pytest.mark.parametrize(("rules", "at"), [("acorn", 5), ("classic", 4)])
def test_each_seats_square_says_whose_it_is_and_how_many_pieces(rules: Rules, at: int) -> None:
    s = session(FOUR_HUMANS, rules)
    for square in EVERY_SEATS_CENTRE:
        s.place(square)
    said = {square: square_help(s.game, square) for square in (27, 28, 35, 36)}
    assert said == {
        27: f"Centre square: explodes at {at} pieces. Red's, 2 pieces.",
        28: f"Centre square: explodes at {at} pieces. Blue's, 2 pieces.",
        35: f"Centre square: explodes at {at} pieces. Green's, 1 piece.",
        36: f"Centre square: explodes at {at} pieces. Yellow's, 1 piece.",
    }


def test_a_square_follows_the_rules_of_the_game_on_the_board_not_the_next_ones() -> None:
    s = session(FOUR_HUMANS, "acorn")
    s.step_rules(1)  # classic from the next game
    assert square_help(s.game, CORNER) == "Corner square: explodes at 3 pieces. Empty."
    s.new_game()
    assert square_help(s.game, CORNER) == "Corner square: explodes at 2 pieces. Empty."

