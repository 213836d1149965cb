"""How to play, page by page (``app.tour``): every page's words and scene hold under both rule
sets, with no window (the rules window and a kiosk's how-to-play draw these pages)."""

from __future__ import annotations

import pytest

from chainplus.app.tour import CORNER, EDGE, Page, pages, tour
from chainplus.core.game import Game
from chainplus.core.rules import MASS, SIZE, explode_at, square_of

RULES = ("acorn", "classic")


def page(rules: str, heading: str) -> Page:
    return next(p for p in pages(rules) if p.heading == heading)


def inside(p: Page, square: int) -> bool:
    row, col = divmod(square, SIZE)
    return row < p.rows and col < p.cols


@pytest.mark.parametrize("rules", RULES)
def test_every_scene_stays_in_the_corner_of_the_board_it_shows(rules: str) -> None:
    for p in pages(rules):
        for step in p.steps:
            held = [sq for sq, owner in enumerate(step.owners) if owner]
            assert all(inside(p, sq) for sq in held), (p.heading, step.caption)
            assert all(inside(p, sq) for sq in (*step.sending, *step.lit)), p.heading


@pytest.mark.parametrize("rules", RULES)
def test_the_critical_masses_and_when_each_square_explodes(rules: str) -> None:
    p = page(rules, "Critical mass")
    assert "2 in a corner, 3 on an edge, 4 in the centre" in p.text
    at = explode_at(rules)
    captions = [step.caption for step in p.steps]
    for kind, square in (("A corner", CORNER), ("An edge square", EDGE),
                         ("A centre", square_of(1, 1))):
        nth = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}[at[square]]
        assert f"{kind} has {MASS[square]} neighbours: it explodes on its {nth} piece." in captions
    last = p.steps[-1]
    for square in (CORNER, EDGE, square_of(1, 1)):  # each filled to one short, none exploded
        assert last.counts[square] == at[square] - 1 and last.owners[square] == 1
    assert ("more than that" in p.text or "One piece more" in p.text) == (rules == "acorn")


@pytest.mark.parametrize("rules", RULES)
def test_an_explosion_sends_a_piece_to_each_neighbour_and_captures(rules: str) -> None:
    p = page(rules, "Explosions")
    first, last = p.steps[0], p.steps[-1]
    assert first.owners[EDGE] == 2 and first.owners[square_of(1, 0)] == 2
    assert [step.sending for step in p.steps if step.sending] == [(CORNER,)]
    assert last.owners[EDGE] == 1 and last.owners[square_of(1, 0)] == 1  # Red's now
    assert last.counts[EDGE] == first.counts[EDGE] + 1
    assert sum(last.counts) == sum(first.counts) + 1  # the one piece Red put down


@pytest.mark.parametrize("rules", RULES)
def test_a_chain_is_waves_of_explosions_and_its_figures_are_true(rules: str) -> None:
    p = page(rules, "Chains")
    waves = [step for step in p.steps if step.sending]
    assert len(waves) >= 3
    taken = sum(1 for a, b in zip(p.steps[0].owners, p.steps[-1].owners, strict=True)
                if a == 2 and b != 2)  # Red took them (one may have exploded empty)
    assert p.steps[-1].caption == (f"One piece set off {len(waves)} waves and took {taken} of "
                                   "Blue's squares.")


@pytest.mark.parametrize("rules", RULES)
def test_a_player_with_no_squares_is_out_and_the_last_one_wins(rules: str) -> None:
    p = page(rules, "Out, and the winner")
    out = next(step for step in p.steps if "Blue is out" in step.caption)
    assert 2 not in out.owners and 3 in out.owners
    last = p.steps[-1]
    assert last.winner == 1 and set(last.owners) == {0, 1}


@pytest.mark.parametrize("rules", RULES)
def test_the_aim_shows_a_square_refused_to_the_seat_that_does_not_hold_it(rules: str) -> None:
    p = page(rules, "The aim")
    refused = next(step for step in p.steps if step.refused is not None)
    assert refused.owners[refused.refused] == 1 and "Blue may not" in refused.caption
    game = Game((1, 2), rules)  # the game agrees: the same moves, and Blue is refused there
    game.play(square_of(1, 1))
    game.play(square_of(0, 2))
    game.play(square_of(1, 1))
    assert not game.is_legal(refused.refused)


@pytest.mark.parametrize("rules", RULES)
def test_scenes_are_played_by_the_games_own_rules(rules: str) -> None:
    """The explosion scene's last board is what the game makes of the same position."""
    p = page(rules, "Explosions")
    game = Game((1, 2), rules)
    for square, seat, count in ((CORNER, 1, explode_at(rules)[CORNER] - 1), (EDGE, 2, 1),
                                (square_of(1, 0), 2, 1)):
        game.counts[square], game.owners[square] = count, seat
        game.squares[seat] += 1
    game.placed = 0b110  # both have played: nobody is knocked out by the scene
    game.play(CORNER)
    assert tuple(game.counts) == p.steps[-1].counts and tuple(game.owners) == p.steps[-1].owners


@pytest.mark.parametrize("rules", RULES)
def test_a_kiosks_how_to_play_lasts_20_to_40_seconds(rules: str) -> None:
    seconds = sum(p.tour_seconds for p in tour(rules))
    assert 20 <= seconds <= 40
    assert [p.heading for p in tour(rules)] == ["The aim", "Critical mass", "Chains",
                                                "Out, and the winner"]


def test_a_scene_starts_again_after_its_last_step() -> None:
    p = page("acorn", "Explosions")
    assert p.step_at(0.0)[0] == p.steps[0]
    assert p.step_at(p.seconds - 0.01)[0] == p.steps[-1]
    assert p.step_at(p.seconds + 0.01)[0] == p.steps[0]
