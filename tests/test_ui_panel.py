"""The player control panel, clicked with posted Select and Adjust events: every column; a seat
crossed out exactly when the board on screen shows it with nothing left, wave by wave through
the last chain; a seat stepped C to H when only two seats play is said, not warned."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest
from pictures import blank_picture

from chainplus.app import panel as seats
from chainplus.app.seats import SeatSpec
from chainplus.ui.art import font
from chainplus.ui.art.panel_view import SHADE_FILL, strike_y, washed
from chainplus.ui.art.theme import (
    BLACK,
    GREY1,
    GREY2,
    HELP,
    RED,
    SEAT_COLOUR,
    SEAT_INK,
    panel_cell,
    panel_marker,
)
from chainplus.ui.window.app import App
from chainplus.ui.window.screen import out_on, squares_in
from chainplus.ui.window.showing import Showing
from chainplus.ui.window.targets import ADJUST
from lab.rigs.fakes import FakeClock

COMPUTER, HUMAN, NETWORK, OFF = "computer", "human", "network", "off"
SEATS = (1, 2, 3, 4)
#: A computer seat as the settings hold one: level 1, no random moves.
COMPUTER_SEAT = SeatSpec("computer", 1, 0)
#: Classic rules, four seats: Red 1 on corner 0, Blue 2 on 1, Green 2 on 2, Yellow 2 on 3
#: (Red's 63 is a spare move). Red's next piece on 0 sets off three waves along the top row:
#: Blue loses its only square in the first, Green in the second, Yellow in the third.
BEFORE_THE_LAST_CHAIN = (0, 1, 2, 3, 63, 1, 2, 3)
LAST_MOVE = 0


def test_column_one_select_steps_human_computer_network_not_in_play(ui) -> None:
    app = ui.make_app()
    app.session.panel[2].kind = app.session.panel[2].plays_as = COMPUTER
    ui.click_cell(app, 3, 1)  # green: not in play -> human
    assert app.session.panel[3].kind == HUMAN
    ui.click_cell(app, 3, 1)
    assert app.session.panel[3].kind == COMPUTER
    ui.click_cell(app, 3, 1)
    assert app.session.panel[3].kind == NETWORK
    ui.click_cell(app, 3, 1)
    assert app.session.panel[3].kind == OFF
    ui.click_cell(app, 3, 1, ADJUST)  # Adjust steps back
    assert app.session.panel[3].kind == NETWORK
    ui.click_cell(app, 3, 1, ADJUST)
    assert app.session.panel[3].kind == COMPUTER
    ui.click_cell(app, 3, 1, ADJUST)
    assert app.session.panel[3].kind == HUMAN
    assert seats.valid(app.session.panel)


def test_column_one_keeps_at_least_two_seats_in_play(ui) -> None:
    app = ui.make_app()  # red human, blue computer, green and yellow out
    ui.click_cell(app, 2, 1)  # computer -> network
    ui.click_cell(app, 2, 1)  # network -> (not in play would leave one) -> human
    assert app.session.panel[2].kind == HUMAN
    assert "two" in app.help_text()[0]
    ui.click_cell(app, 1, 1, ADJUST)  # human -> (not in play skipped) -> network
    assert app.session.panel[1].kind == NETWORK
    for _ in range(10):
        ui.click_cell(app, 1, 1)
        ui.click_cell(app, 2, 1, ADJUST)
        assert len(seats.seats_for_next_game(app.session.panel)) >= 2
        assert seats.valid(app.session.panel)


def test_human_and_computer_switch_mid_game(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 27)  # red plays; blue (computer) is about to answer
    ui.click_cell(app, 2, 1, ADJUST)  # blue: computer -> human, at once
    assert app.session.panel[2].plays_as == HUMAN
    ui.advance(app, 2.0)
    assert len(app.game.moves) == 1  # the computer did not move for blue
    ui.click_square(app, 36)
    assert len(app.game.moves) == 2  # blue's human click counted
    ui.click_cell(app, 1, 1)  # red: human -> computer, takes over red's turn now
    ui.advance(app, 2.0)
    assert len(app.game.moves) == 3 and app.game.to_move == 2


def test_bringing_a_seat_in_or_out_waits_for_the_next_game(ui) -> None:
    app = ui.make_app()
    ui.click_cell(app, 3, 1)  # green joins (as a human) at the next game
    assert app.game.seats == (1, 2)
    assert "next game" in app.help_text()[0]
    ui.click_cell(app, 4, 1, ADJUST)  # yellow joins as a network seat at the next game
    ui.click_cell(app, 4, 1, ADJUST)  # no: as a computer
    assert app.session.panel[4].kind == COMPUTER
    ui.click_icon(app, "new")
    assert app.game.seats == (1, 2, 3, 4)
    ui.click_cell(app, 3, 1)  # green: human -> computer, at once
    ui.click_cell(app, 3, 1)  # green: computer -> network, at the next game
    assert app.session.panel[3].plays_as == COMPUTER
    ui.click_cell(app, 3, 1)  # green: network -> out, but only at the next game
    assert app.session.panel[3].kind == OFF and 3 in app.game.seats
    assert app.session.panel[3].plays_as == COMPUTER  # still played by the computer this game
    ui.click_icon(app, "new")
    assert app.game.seats == (1, 2, 4)


def test_column_two_is_the_live_square_count_and_clicks_change_nothing(ui) -> None:
    app = ui.make_app()
    ui.click_square(app, 0)
    before = (app.game.state(), {s: vars(r).copy() for s, r in app.session.panel.items()})
    ui.click_cell(app, 1, 2)
    ui.click_cell(app, 1, 2, ADJUST)
    assert (app.game.state(), {s: vars(r).copy() for s, r in app.session.panel.items()}) == before
    assert "owns 1 square" in app.help_text()[0]


@pytest.mark.parametrize("seat", [1, 2, 3, 4])
def test_column_three_steps_the_level_up_and_down(ui, seat: int) -> None:
    app = ui.make_app()
    app.session.panel[seat].kind = app.session.panel[seat].plays_as = COMPUTER
    start = app.session.panel[seat].level
    ui.click_cell(app, seat, 3)
    assert app.session.panel[seat].level == (start + 1) % 6
    ui.click_cell(app, seat, 3, ADJUST)
    ui.click_cell(app, seat, 3, ADJUST)
    assert app.session.panel[seat].level == (start - 1) % 6
    for _ in range(12):
        ui.click_cell(app, seat, 3)
        assert 0 <= app.session.panel[seat].level <= 5


@pytest.mark.parametrize("seat", [1, 2, 3, 4])
def test_column_four_steps_the_random_percent_up_and_down(ui, seat: int) -> None:
    app = ui.make_app()
    app.session.panel[seat].kind = app.session.panel[seat].plays_as = COMPUTER
    app.session.panel[seat].random_pct = 0
    ui.click_cell(app, seat, 4)
    assert app.session.panel[seat].random_pct == 10
    ui.click_cell(app, seat, 4, ADJUST)
    ui.click_cell(app, seat, 4, ADJUST)
    assert app.session.panel[seat].random_pct == 100  # wraps round
    for _ in range(25):
        ui.click_cell(app, seat, 4)
        assert 0 <= app.session.panel[seat].random_pct <= 100


def test_the_computer_uses_columns_three_and_four_from_its_next_move(ui) -> None:
    app = ui.make_app()
    ui.click_cell(app, 2, 3, ADJUST)  # blue: level 5 -> 4
    ui.click_cell(app, 2, 4)          # blue: 10% -> 20%
    ui.click_square(app, 27)
    ui.advance(app, 0.05)
    job = app.table.services.worker.job
    assert job is not None and job.kind == "move"
    assert (job.level, job.random_pct) == (4, 20)


def pixel(surface: pygame.Surface, seat: int, column: int) -> tuple[int, int, int]:
    cell = panel_cell(seat, column)
    return tuple(surface.get_at((cell.x + 5, cell.y + 4)))[:3]


def test_seats_in_play_are_drawn_in_their_colour_and_others_grey(ui) -> None:
    app = ui.make_app()
    screen = pygame.display.get_surface()
    app.draw(screen)
    assert pixel(screen, 1, 1) == SEAT_COLOUR[1]
    assert pixel(screen, 2, 1) == SEAT_COLOUR[2]
    assert pixel(screen, 3, 1) == GREY2 and pixel(screen, 4, 1) == GREY2
    ui.click_cell(app, 3, 1)
    ui.click_icon(app, "new")
    app.draw(screen)
    assert pixel(screen, 3, 1) == SEAT_COLOUR[3]


def test_the_seat_to_move_is_highlighted_and_an_eliminated_seat_marked(ui) -> None:
    app = ui.make_app()
    for seat in (1, 2):
        app.session.panel[seat].kind = app.session.panel[seat].plays_as = HUMAN
    app.session.panel[3].kind = app.session.panel[3].plays_as = HUMAN
    ui.click_icon(app, "new")
    screen = pygame.display.get_surface()

    def framed(seat: int) -> bool:
        row = panel_marker(seat).union(panel_cell(seat, 4)).inflate(6, 4)
        return tuple(screen.get_at((row.centerx, row.top)))[:3] == BLACK

    app.draw(screen)
    assert framed(1) and not framed(2)
    # red knocks blue out: blue's only square is captured by a corner burst
    for sq in (0, 1, 63, 0, 1, 62):
        app.game.play(sq)
    ui.click_square(app, 0)  # the corner bursts: blue loses square 1, its last
    ui.advance(app, 5.0)
    assert 2 in app.game.eliminated()
    app.draw(screen)
    marker = panel_marker(2)
    assert tuple(screen.get_at(marker.center))[:3] == BLACK  # crossed out
    middle = panel_cell(2, 3)
    assert tuple(screen.get_at((middle.x + 3, strike_y(2))))[:3] == BLACK  # struck through
    assert app.mode.name == "play" and framed(3)


def test_the_strike_line_keeps_a_dash_and_its_row(ui) -> None:
    """The line through a seat that is out leaves its values' middle strokes (a "-") to be
    read, and ends where the row's last cell does."""
    from chainplus.app.panel import panel_of
    from chainplus.app.seats import parse_seats
    from chainplus.ui.art import panel_view

    setup = panel_of(parse_seats("H,-,C3"))  # blue: out now, and "-" from the next game

    def drawn(out: set[int]) -> pygame.Surface:
        picture = pygame.Surface((640, 480))
        panel_view.draw_panel(picture, setup, panel_view.PanelShown((1, 2, 3), [0, 5, 0, 4, 0],
                                                                    out))
        return picture

    struck_row, plain = drawn({2}), drawn(set())
    cell = panel_cell(2, 1)
    dash = range(cell.y + panel_view.TEXT_TOP + 6, cell.y + panel_view.TEXT_TOP + 8)
    for y in dash:  # the "-" is glyph row 3, doubled
        for x in range(cell.left, cell.right):
            assert struck_row.get_at((x, y)) == plain.get_at((x, y)), (x, y)
    end = panel_cell(2, 4).right
    assert struck_row.get_at((end, strike_y(2))) == plain.get_at((end, strike_y(2)))
    assert struck_row.get_at((end - 2, strike_y(2)))[:3] == BLACK


# ------------------------------------------------------------------ crossed out in step
def struck(picture: pygame.Surface, seat: int) -> bool:
    """Whether the panel row of ``seat`` has the strike line the panel draws across a seat that
    is out: black across the gaps between its cells, two pixels thick."""
    y = strike_y(seat)
    gaps = [panel_cell(seat, column).right + 1 for column in (1, 2, 3)]
    black = [picture.get_at((x, y + dy))[:3] == BLACK for x in gaps for dy in (0, 1)]
    assert all(black) == any(black), "a strike line half drawn"
    return all(black)


def set_clock(app: App, t: float) -> None:
    """Move the app's hand-moved clock on to ``t``."""
    clock = app.clock
    assert isinstance(clock, FakeClock)
    clock.advance(t - clock.now())


def wave_time(showing: Showing, wave: int) -> float:
    """A moment in the middle of ``wave`` (-1: while the placement shows)."""
    chain = showing.chain
    if wave < 0:
        return chain.start + chain.hold / 2
    return chain.start + chain.hold + (wave + 0.5) * chain.wave_time


def each_wave_drawn(app: App, chain: Showing, picture: pygame.Surface
                    ) -> Iterator[tuple[int, list[int]]]:
    """Show every wave of ``chain`` in turn (-1: while the placement shows), draw it on
    ``picture`` and give the wave with the squares each seat owns on the frame shown."""
    for wave in range(-1, len(chain.cascade.waves)):
        set_clock(app, wave_time(chain, wave))
        app.update()
        assert app.mode.phase is chain and chain.wave == wave
        app.draw(picture)
        yield wave, squares_in(chain.frame())


def check_strikes_through_the_chain(app: App, chain: Showing) -> None:
    """Show every wave of ``chain`` in turn and check the drawn strike lines at each: a seat is
    crossed out exactly when it is out of the game and owns nothing on the frame shown; a seat
    this chain knocks out is not crossed out while the placement shows, and is on the final
    board."""
    picture = blank_picture()
    for wave, frame in each_wave_drawn(app, chain, picture):
        for seat in SEATS:
            gone = seat in app.game.seats and seat not in app.game.alive and frame[seat] == 0
            assert struck(picture, seat) == gone, (wave, seat, frame)
        if wave == -1:
            assert not any(struck(picture, seat) for seat in chain.cascade.eliminated)
    set_clock(app, wave_time(chain, len(chain.cascade.waves)) + 0.01)
    app.update()
    assert app.mode.name == "over"
    app.draw(picture)
    for seat in app.game.seats:
        assert struck(picture, seat) == (seat != app.game.winner)


def test_the_last_chain_crosses_out_each_seat_when_its_squares_are_gone(
        ui: SimpleNamespace) -> None:
    app = ui.make_app(speed="normal", rules="classic", seats=(COMPUTER_SEAT,) * 4)
    for square in BEFORE_THE_LAST_CHAIN:
        app.session.place(square)
    app.mode.place(LAST_MOVE)  # as the computer's answer is played
    chain = app.mode.phase
    assert isinstance(chain, Showing)
    assert chain.cascade.eliminated == (2, 3, 4) and chain.cascade.winner == 1
    assert out_on(squares_in(chain.frames[0]), app.session.game) == set()  # before any wave
    assert out_on(squares_in(chain.frames[1]), app.session.game) == {2}
    assert out_on(squares_in(chain.frames[2]), app.session.game) == {2, 3}
    check_strikes_through_the_chain(app, chain)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_four_computer_game_crosses_out_in_step_with_its_last_chain(
        ui: SimpleNamespace, seed: int) -> None:
    app = ui.make_app(seed=seed, speed="fast", seats=(COMPUTER_SEAT,) * 4)
    end = app.clock.now() + 600
    while app.clock.now() < end:
        ui.advance(app, 0.05)
        chain = app.mode.phase
        if isinstance(chain, Showing) and chain.cascade.winner is not None:
            break
    else:
        pytest.fail("the four computers did not finish a game")
    assert isinstance(chain, Showing) and chain.wave == -1  # caught as the chain began
    check_strikes_through_the_chain(app, chain)


# ------------------------------------------------------------------ C to H is not a warning
def red_pixels_in_help(app: App) -> int:
    picture = blank_picture()
    app.draw(picture)
    return sum(picture.get_at((x, y))[:3] == RED
               for x in range(HELP.left, HELP.right) for y in range(HELP.top, HELP.bottom))


def test_stepping_c_to_h_when_two_seats_play_changes_the_seat_without_a_warning(
        ui: SimpleNamespace) -> None:
    app = ui.make_app()  # red human and blue computer: the only two seats in play
    ui.click_cell(app, 2, 1)  # computer -> network (from the next game)
    ui.click_cell(app, 2, 1)  # network -> (not in play would leave one seat) -> human
    row = app.session.panel[2]
    assert (row.kind, row.plays_as) == ("human", "human")
    text, warn = app.help_text()
    assert text.startswith("Blue is now played by a human (") and "two" in text
    assert not warn
    assert red_pixels_in_help(app) == 0
    ui.click_square(app, 27)  # red plays, then blue is a human's to play: no computer answers
    ui.advance(app, 2.0)
    assert app.game.moves == [27] and app.mode.human_to_move()
    ui.click_square(app, 27)  # red's square: a real warning is red, so the pixel check can fail
    assert app.help_text()[1] and red_pixels_in_help(app) > 0


# ------------------------------------------------------------------ shaded when not in use
def test_a_human_rows_level_and_random_are_drawn_shaded_and_a_computer_rows_are_not(
        ui: SimpleNamespace) -> None:
    app = ui.make_app()  # red human, blue computer, green and yellow not in play
    picture = blank_picture()
    app.draw(picture)
    for column in (3, 4):
        assert pixel(picture, 1, column) == washed(SEAT_COLOUR[1], GREY1, SHADE_FILL)
        assert pixel(picture, 2, column) == SEAT_COLOUR[2]
        assert pixel(picture, 3, column) == washed(GREY2, GREY1, SHADE_FILL)
    assert pixel(picture, 1, 1) == SEAT_COLOUR[1]  # who plays it and its squares are not shaded
    ui.click_cell(app, 1, 1)  # red: human -> computer, at once
    app.draw(picture)
    assert pixel(picture, 1, 3) == SEAT_COLOUR[1] and pixel(picture, 1, 4) == SEAT_COLOUR[1]


def test_pointing_at_a_shaded_cell_says_why_and_a_click_steps_nothing(ui: SimpleNamespace
                                                                     ) -> None:
    app = ui.make_app()
    level, random_pct = app.session.panel[1].level, app.session.panel[1].random_pct
    app.inputs.pointer = panel_cell(1, 3).center
    assert app.help_text() == ("Red is human: its level counts when it is a computer.", False)
    app.inputs.pointer = panel_cell(2, 3).center
    assert app.help_text()[0].startswith("Blue: computer level ")
    for column, button in ((3, 1), (3, ADJUST), (4, 1), (4, ADJUST)):
        ui.click_cell(app, 1, column, button)
        assert "Red is human" in ui.message(app)
    assert (app.session.panel[1].level, app.session.panel[1].random_pct) == (level, random_pct)
    ui.click_cell(app, 3, 4)
    assert ui.message(app) == "Green is not in play: its random % counts when it is a computer."


# ------------------------------------------------------------------ Sqr follows the chain
def drawn_number(picture: pygame.Surface, seat: int, column: int) -> int | None:
    """The number drawn in a panel cell, read by matching its ink against each number drawn
    where the panel draws a cell's value (None: no number 0-64 matches); the rows a strike
    line covers are left out in a row that has one."""
    cell = panel_cell(seat, column)
    inside = cell.inflate(-6, -6)
    ink = SEAT_INK[seat]
    y = strike_y(seat)
    rows = [r for r in range(inside.top, inside.bottom)
            if not (struck(picture, seat) and y - 2 <= r <= y + 1)]

    def inked(surface: pygame.Surface) -> set[tuple[int, int]]:
        return {(x, r) for x in range(inside.left, inside.right) for r in rows
                if surface.get_at((x, r))[:3] == ink}

    seen = inked(picture)
    for number in range(65):
        probe = blank_picture()
        probe.fill(GREY1)  # not the ink of any seat
        font.draw(probe, str(number), (cell.centerx, cell.y + 7), ink, align="center")
        if inked(probe) == seen:
            return number
    return None


def test_the_sqr_column_drawn_mid_chain_is_the_frames_count(ui: SimpleNamespace) -> None:
    app = ui.make_app(speed="normal", rules="classic", seats=(COMPUTER_SEAT,) * 4)
    for square in BEFORE_THE_LAST_CHAIN:
        app.session.place(square)
    before = app.game.squares[:]
    app.mode.place(LAST_MOVE)
    chain = app.mode.phase
    assert isinstance(chain, Showing)
    picture = blank_picture()
    drawn = []
    for wave, frame in each_wave_drawn(app, chain, picture):
        shown = [drawn_number(picture, seat, 2) for seat in SEATS]
        assert shown == frame[1:], (wave, shown, frame)
        drawn.append(shown)
    # mid-chain the panel shows counts that are neither those before the move nor after it
    after = app.game.squares[1:]
    assert drawn[0] == before[1:] and any(d not in (before[1:], after) for d in drawn)
