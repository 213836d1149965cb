"""The help box's words for a board square and for a panel cell not in use, without pygame:
the kind of square, when it explodes under the rules of the game on the board (acorn: over its
critical mass; classic: at it) and whose it is; a human's or an empty seat's level and random %
said to be kept for when a computer plays the seat, and a click on them changing nothing."""

from __future__ import annotations

import textwrap

import pytest

from chainplus.app.explain import setting_unused, square_help
from chainplus.app.options import Options
from chainplus.app.outcomes import Note
from chainplus.app.seats import SeatSpec
from chainplus.app.session import Session
from chainplus.core.rules import Rules

H, C, OFF = SeatSpec("human", 5, 10), SeatSpec("computer", 3, 20), SeatSpec()
FOUR_HUMANS = (H, H, H, H)
#: Four humans: Red 27, Blue 28, Green 35, Yellow 36, then Red 27 and Blue 28 again.
EVERY_SEATS_CENTRE = (27, 28, 35, 36, 27, 28)
CORNER, EDGE, CENTRE = 0, 3, 27


def session(seats: tuple[SeatSpec, ...], rules: Rules = "acorn") -> Session:
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
    s.choose_rules("classic")  # classic from the next game
    assert square_help(s.game, CORNER) == "Corner square: explodes at 3 pieces. Empty."
    s.new_game()
    assert square_help(s.game, CORNER) == "Corner square: explodes at 2 pieces. Empty."


# ------------------------------------------------------------------ level and random % not in use
def test_a_human_seats_level_and_random_say_they_count_when_it_is_a_computer() -> None:
    s = session((H, C, OFF, OFF))
    game = s.game
    assert setting_unused(s.panel, game, 1, 3) == (
        "Red is human: its level counts when it is a computer.")
    assert setting_unused(s.panel, game, 1, 4) == (
        "Red is human: its random % counts when it is a computer.")
    assert setting_unused(s.panel, game, 2, 3) is None  # a computer's are in use
    assert setting_unused(s.panel, game, 2, 4) is None


def test_a_seat_not_in_play_says_so_and_one_joining_as_a_computer_is_in_use() -> None:
    s = session((H, C, OFF, OFF))
    assert setting_unused(s.panel, s.game, 3, 3) == (
        "Green is not in play: its level counts when it is a computer.")
    assert setting_unused(s.panel, s.game, 4, 4) == (
        "Yellow is not in play: its random % counts when it is a computer.")
    s.clicks.step_player(4, -1)  # yellow joins as a network seat at the next game
    assert setting_unused(s.panel, s.game, 4, 3) == (
        "Yellow is network: its level counts when it is a computer.")
    s.clicks.step_player(4, -1)  # no: as a computer
    assert setting_unused(s.panel, s.game, 4, 3) is None
    s.clicks.step_player(3, 1)  # green joins as a human at the next game
    assert setting_unused(s.panel, s.game, 3, 3) == (
        "Green is human: its level counts when it is a computer.")


def test_a_seat_leaving_at_the_next_game_is_still_played_as_it_is_now() -> None:
    s = session((H, C, C, C))
    s.clicks.step_player(3, 1)  # green: computer -> network, from the next game
    s.clicks.step_player(3, 1)  # green: network -> out, from the next game; the computer plays on
    assert s.panel[3].kind == "off" and setting_unused(s.panel, s.game, 3, 3) is None
    s.clicks.step_player(1, 1)  # red: human -> computer, at once
    s.clicks.step_player(1, 1)  # red: computer -> network from the next game
    s.clicks.step_player(1, 1)  # red: network -> out from the next game, still the computer's now
    assert setting_unused(s.panel, s.game, 1, 4) is None
    s.new_game()
    assert setting_unused(s.panel, s.game, 3, 3) == (
        "Green is not in play: its level counts when it is a computer.")


def test_a_click_on_a_setting_not_in_use_changes_nothing_and_says_why() -> None:
    s = session((H, C, OFF, OFF))
    before = s.settings(False)
    assert s.clicks.step_level(1, 1) == Note(
        "Red is human: its level counts when it is a computer.")
    assert s.clicks.step_random(1, -1) == Note(
        "Red is human: its random % counts when it is a computer.")
    assert s.clicks.step_level(3, 1) == Note(
        "Green is not in play: its level counts when it is a computer.")
    assert s.settings(False) == before
    s.clicks.step_player(1, 1)  # red: human -> computer; the level kept is the one it plays at
    assert s.clicks.step_level(1, 1) == Note("Red: computer level 0.")


def test_a_loaded_square_left_by_the_win_says_why_it_did_not_explode() -> None:
    """The chain stops once one player is left: a square may end holding enough to explode."""
    import random

    from chainplus.core.game import Game

    for seed in range(200):
        game, rng = Game((1, 2)), random.Random(seed)
        while not game.over:
            game.play(game.random_move(rng))
        loaded = [sq for sq in range(64) if game.counts[sq] >= game.threshold[sq]]
        if loaded:
            break
    else:
        pytest.skip("no game left a square loaded")
    said = square_help(game, loaded[0])
    assert said == (f"{('Red', 'Blue')[game.winner - 1]}'s {game.counts[loaded[0]]} pieces: "
                    "the game was won before they exploded.")
    assert "explodes at" not in said and len(textwrap.wrap(said, 22)) <= 3  # the help box
